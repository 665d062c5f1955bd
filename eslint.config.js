import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'demo/certs/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  {
    files: ['demo/*.js'],
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.browser },
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One HTTP wrapper: nothing in the bundle or the frames calls fetch but src/client/http.ts.
    files: ['src/**/*.{ts,tsx}', 'frames/**/*.ts'],
    ignores: ['src/client/http.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use httpRequest from src/client/http.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Use httpRequest from src/client/http.ts.' },
        { object: 'globalThis', property: 'fetch', message: 'Use httpRequest from src/client/http.ts.' },
      ],
    },
  },
  {
    // Dependency direction (docs/architecture.md, "Dependency direction"): frames never reach into the page
    // side; src never into frames.
    files: ['frames/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src/element/**', '**/src/panel/**', 'react', 'react-dom', 'react-dom/*'] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/frames/**', '**/demo/**'] }] },
  },
  {
    files: ['src/panel/**/*.{ts,tsx}', 'src/i18n/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/element/**', '**/frames/**', '**/demo/**'] }],
    },
  },
  {
    files: ['src/client/**/*.ts', 'src/shared/**/*.ts', 'src/model/**/*.ts', 'src/methods/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/element/**', '**/panel/**', '**/frames/**', '**/demo/**', 'react', 'react-dom'] },
      ],
    },
  },
  prettier,
);
