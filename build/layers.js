/**
 * The layer rule: which part of the code may import which (docs/architecture.md, "Layers").
 *
 * Arrows point down only; a layer may import any layer below it, never one above:
 *
 *   index.ts, types/ → element → controller → methods → model → i18n → client → shared
 *   view → the controller's index.ts, model, i18n, shared
 *   frames/<frame> → its own folder, frames/shared, client, shared
 *   sandbox (with its stand-ins) → shared's wire definitions;  server → sandbox, the same;
 *   demo/*.js (merchant pages) → nothing
 *
 * Nothing imports the view: the controller loads the view's file on demand and meets it through the
 * module registry (src/shared/module-registry.ts). The view reads the controller through
 * src/controller/index.ts only: that is the small interface between them, and the one file of the
 * controller that the view's file shares with the first script at run time (build/modules.ts).
 * Only the view imports React. Nothing in src/, frames/, sandbox/, server/ or demo/ imports tests/ or
 * build/, and nothing but the sandbox's servers imports sandbox/ or server/.
 *
 * The test helpers (every `test-support.ts` and `*-test-support.ts`, src/shared/shape-samples.ts with
 * fast-check, sandbox/test-server.ts) are for tests alone: no file but a test, tests/ or another
 * helper imports them (`no-restricted-imports`, by the helper's name).
 *
 * Enforced by eslint-plugin-boundaries in `npm run lint`; tests/unit/layers.test.ts shows that an
 * import against the direction, and a test helper imported by code, are reported.
 */
import boundaries from 'eslint-plugin-boundaries';

/** The layers and the folder each is. An element is the closest match, so `src` and `demo` come last. */
export const LAYER_ELEMENTS = [
  { type: 'entry', pattern: 'src/types' },
  { type: 'element', pattern: 'src/element' },
  { type: 'controller', pattern: 'src/controller' },
  { type: 'view', pattern: 'src/view' },
  { type: 'methods', pattern: 'src/methods' },
  { type: 'model', pattern: 'src/model' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'client', pattern: 'src/client' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'frames-shared', pattern: 'frames/shared' },
  { type: 'frame', pattern: 'frames/*', capture: ['frame'] },
  { type: 'sandbox', pattern: 'sandbox' },
  { type: 'server', pattern: 'server' },
  { type: 'tests', pattern: 'tests' },
  { type: 'build', pattern: 'build' },
  // What is directly in src/ (index.ts, the first script's entry) and in demo/ (the merchant pages).
  { type: 'entry', pattern: 'src' },
  { type: 'merchant-page', pattern: 'demo' },
].map((element) => ({ ...element, partialMatch: false }));

/** What each layer may import besides its own folder. */
export const MAY_IMPORT = {
  entry: ['element', 'controller', 'methods', 'model', 'i18n', 'client', 'shared'],
  element: ['controller', 'methods', 'model', 'i18n', 'client', 'shared'],
  controller: ['methods', 'model', 'i18n', 'client', 'shared'],
  view: ['model', 'i18n', 'shared'],
  methods: ['model', 'i18n', 'client', 'shared'],
  model: ['i18n', 'client', 'shared'],
  i18n: ['client', 'shared'],
  client: ['shared'],
  shared: [],
  'frames-shared': ['client', 'shared'],
  frame: ['frames-shared', 'client', 'shared'],
  sandbox: [],
  server: ['sandbox'],
  'merchant-page': [],
};

/**
 * What the sandbox gateway and the local servers may take of src/shared: the wire's definitions
 * (endpoints, flavours, limits, event names, frame pages' messages), none of the panel's run-time.
 */
export const WIRE_DEFINITIONS = [
  'endpoints.ts',
  'flavours.ts',
  'constants.ts',
  'event-names.ts',
  'paypal-messages.ts',
  'three-d-secure-messages.ts',
];

/** React and what renders it: the view's alone. */
const REACT = ['react', 'react-dom', 'react/*', 'react-dom/*', '@r2wc/*'];

/** The files only tests may import, by the name they are imported as. */
const TEST_HELPER_IMPORT = '(?:^|/)(?:[\\w-]*test-support|shape-samples|test-server)(?:\\.ts)?$';

/** Flat-config objects that enforce the layer rule on src/, frames/, sandbox/, server/ and demo/. */
export const layerRules = [
  {
    files: [
      'src/**/*.{ts,tsx}',
      'frames/**/*.ts',
      'sandbox/**/*.{ts,js}',
      'server/**/*.{ts,js}',
      'demo/**/*.{ts,js}',
    ],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'boundaries/elements': LAYER_ELEMENTS,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          message:
            '{{from.type}} may not import {{to.type}} ("{{dependency.source}}"): arrows point down only (docs/architecture.md, "Layers").',
          policies: [
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            ...Object.entries(MAY_IMPORT).map(([from, to]) => ({
              from: { element: { type: from } },
              allow: { to: { element: { types: from === 'frame' ? to : [from, ...to] } } },
            })),
            {
              from: { element: { type: 'frame' } },
              allow: { to: { element: { type: 'frame', captured: { frame: '{{from.captured.frame}}' } } } },
            },
            {
              from: { element: { type: 'view' } },
              allow: { to: { element: { type: 'controller', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { types: ['sandbox', 'server'] } },
              allow: { to: { element: { type: 'shared', fileInternalPath: WIRE_DEFINITIONS } } },
            },
            {
              from: { element: { type: '!view' } },
              disallow: { dependency: { source: REACT } },
              message:
                'Only the view imports React ("{{dependency.source}}"): docs/architecture.md, "Layers".',
            },
          ],
        },
      ],
    },
  },
  {
    // Test helpers stay beside the code they help to test, out of reach of the code itself.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'tests/**',
      '**/test-support.ts',
      '**/*-test-support.ts',
      'src/shared/shape-samples.ts',
      'sandbox/test-server.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: TEST_HELPER_IMPORT,
              message: 'Only tests import test helpers (docs/architecture.md, "Layers").',
            },
          ],
        },
      ],
    },
  },
];
