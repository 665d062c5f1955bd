import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerRules } from './build/layers.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'server/certs/'] },
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
    files: ['demo/*.js', 'demo/provider-sdk/*.js', 'sandbox/stand-ins/*.js'],
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
    // The local origins' ports move with PANEL_MERCHANT_PORT, PANEL_ASSETS_PORT and PANEL_GATEWAY_PORT
    // (docs/sandbox.md, "Ports, certificate and your own pages"), and CI runs the tests on moved ports:
    // a test reads the origins, never a default port of its own.
    files: ['**/*.test.ts', '**/*test-support.ts', 'sandbox/test-server.ts', 'tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/:844[3-5]\\b/]', 'TemplateElement[value.raw=/:844[3-5]\\b/]'].map((selector) => ({
          selector,
          message:
            "A default port of the local origins: read them with inject('localOrigins') in unit tests, localOrigins() (server/origins.ts) elsewhere.",
        })),
      ],
    },
  },
  // The layer rule: imports point down only (build/layers.js).
  ...layerRules,
  prettier,
);
