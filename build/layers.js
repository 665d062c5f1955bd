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
import { CORE_EXPORTS, FIRST_SCRIPT, MODULE_FOLDERS } from './bundles.js';

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

/**
 * The bundle each file of src/ goes to, as the files' categories (build/bundles.js): `first-script`
 * for the first script's own folders, `module-<name>` for a module's folder, `core-export` for the
 * first script's files that modules read through the global; every file of src/ is a `source`.
 */
export const BUNDLE_FILES = [
  { category: 'source', pattern: 'src/**' },
  { category: 'first-script', pattern: FIRST_SCRIPT.entry },
  ...FIRST_SCRIPT.folders.map((folder) => ({ category: 'first-script', pattern: `${folder}/*` })),
  ...Object.entries(MODULE_FOLDERS).map(([name, folder]) => ({
    category: `module-${name}`,
    pattern: `${folder}/**`,
  })),
  ...Object.values(CORE_EXPORTS).map((file) => ({ category: 'core-export', pattern: file })),
];

/** The layers of src/ and what each may import, itself included (the view: the controller's index alone, a core export). */
const SOURCE_LAYERS = Object.entries(MAY_IMPORT)
  .filter(([type]) =>
    LAYER_ELEMENTS.some((element) => element.type === type && element.pattern.startsWith('src')),
  )
  .map(([type, below]) => [type, [type, ...below]]);

/**
 * The bundle rule, for the code that ships (not the tests): an import the layer rule allows may
 * still not carry code into a bundle it does not belong to (docs/architecture.md, "Bundles"). A
 * module's folder is imported for its values only from inside itself, and a module reads the first
 * script's own folders only through their files of CORE_EXPORTS; types go anywhere. Each policy
 * keeps to what the layer rule allows, so an import against both is reported as against the layers.
 */
const bundlePolicies = SOURCE_LAYERS.flatMap(([layer, reachable]) => [
  ...Object.keys(MODULE_FOLDERS).map((name) => ({
    from: { element: { type: layer }, file: { categories: { noneOf: [`module-${name}`] } } },
    disallow: {
      to: { element: { types: reachable }, file: { categories: `module-${name}` } },
      dependency: { kind: 'value' },
    },
    message: `modules/${name} is loaded on demand: outside its folder, import only its types ("{{dependency.source}}"; docs/architecture.md, "Bundles").`,
  })),
  {
    from: { element: { type: layer }, file: { categories: 'module-*' } },
    disallow: {
      to: {
        element: { types: reachable },
        file: { categories: { allOf: ['first-script'], noneOf: ['core-export'] } },
      },
      dependency: { kind: 'value' },
    },
    message:
      'A file loaded on demand reads the first script\'s code through the files of CORE_EXPORTS (build/bundles.js) alone, or it carries a second copy ("{{dependency.source}}"; docs/architecture.md, "Bundles").',
  },
]);

/** The layer rule's policies, and the bundle rule's after them where it applies. */
function dependencyRule(policies) {
  return [
    'error',
    {
      default: 'disallow',
      checkAllOrigins: true,
      // Within a layer too: the runtime and the first script's controller share one.
      checkInternals: true,
      message:
        '{{from.type}} may not import {{to.type}} ("{{dependency.source}}"): arrows point down only (docs/architecture.md, "Layers").',
      policies,
    },
  ];
}

const layerPolicies = [
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
    message: 'Only the view imports React ("{{dependency.source}}"): docs/architecture.md, "Layers".',
  },
];

/**
 * Flat-config objects that enforce the layer rule on src/, frames/, sandbox/, server/ and demo/, and the bundle rule on
 * the code of src/ that ships.
 */
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
      'boundaries/files': BUNDLE_FILES,
    },
    rules: { 'boundaries/dependencies': dependencyRule(layerPolicies) },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test-support.ts',
      'src/shared/test-without.ts',
      'src/shared/shape-samples.ts',
    ],
    rules: { 'boundaries/dependencies': dependencyRule([...layerPolicies, ...bundlePolicies]) },
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
