/**
 * Which bundle the code of each folder goes to (docs/architecture.md, "Bundles"): read by the
 * build (build/modules.ts), which makes each file loaded on demand from its folder and checks what
 * each bundle carries, and by the lint (build/layers.js), which refuses an import that would carry
 * code into the wrong bundle.
 *
 * - The first script's folders (`src/index.ts`, `src/element/`, the files of `src/controller/`):
 *   only the first script carries them.
 * - A module's folder, the one holding its entry (`module.ts` or `module.tsx`): everything in it
 *   goes to that file of `modules/` and nowhere else.
 * - Every other folder of `src/` is a library (the model, the texts, the client, the shared code,
 *   the integrations' common files): each bundle carries what it imports of it, except that a file
 *   loaded on demand reads what the first script carries only through the first script's files in
 *   {@link CORE_EXPORTS}. Which of a library's files the first script carries is what its bundler
 *   keeps, so the build checks that one (build/modules.ts, `findDuplicates`).
 *
 * Plain JavaScript, as ESLint's configuration imports it; its types are in bundles.d.ts.
 */
/** The first script's entry, and the folders of its own (their direct files, not their subfolders). */
export const FIRST_SCRIPT = { entry: 'src/index.ts', folders: ['src/element', 'src/controller'] };

/**
 * Each file loaded on demand, by its name in `modules/`: the folder of its code, which holds its
 * entry (`module.ts`, or `module.tsx` for the view). A folder inside a first-script folder
 * (`src/controller/runtime`) or a library (`src/methods/hosted-fields/standalone`) is that module's
 * alone.
 */
export const MODULE_FOLDERS = {
  panel: 'src/controller/runtime',
  view: 'src/view',
  paypal: 'src/methods/paypal',
  venmo: 'src/methods/venmo',
  'apple-pay': 'src/methods/apple-pay',
  'google-pay': 'src/methods/google-pay',
  'three-d-secure': 'src/methods/three-d-secure',
  'data-collector': 'src/methods/data-collector',
  'vault-manager': 'src/methods/vault-manager',
  'hosted-fields': 'src/methods/hosted-fields/standalone',
};

/**
 * Files only the panel's runtime file loads (the vault manager's, on Edit; Venmo's, when its sheet
 * starts): their SRI hashes travel in the runtime's file, built after them, rather than in the first
 * script, which has the tightest budget.
 */
export const RUNTIME_LOADED = ['vault-manager', 'venmo'];

/**
 * The first script's files that modules may import, by the key they have in the global. A module
 * importing any other file of the first script would carry a second copy: the build fails then, and
 * the lint already when the file is in one of the first script's own folders.
 */
export const CORE_EXPORTS = {
  errors: 'src/shared/errors/index.ts',
  lifetime: 'src/shared/lifetime.ts',
  bundleLocation: 'src/shared/bundle-location.ts',
  registry: 'src/shared/module-registry.ts',
  loadScript: 'src/shared/load-script.ts',
  stylesheets: 'src/shared/adopt-stylesheet.ts',
  callback: 'src/shared/callback.ts',
  frameChannel: 'src/shared/frame-channel.ts',
  frameMessages: 'src/shared/frame-messages.ts',
  frameMessageParts: 'src/shared/frame-message-parts.ts',
  strictReaders: 'src/shared/strict-readers.ts',
  cardBrandNames: 'src/shared/card-brand-names.ts',
  hostedFields: 'src/shared/hosted-fields.ts',
  client: 'src/client/index.ts',
  hostedFieldsPage: 'src/methods/hosted-fields/index.ts',
  model: 'src/model/index.ts',
  texts: 'src/i18n/texts.ts',
  firstTexts: 'src/i18n/en-US-first.ts',
  locales: 'src/i18n/locales.ts',
  controller: 'src/controller/index.ts',
};

/**
 * Files of plain constants that a module bundles a copy of instead of reading them from the first
 * script: the copy costs a module a few bytes, where exposing every constant through the global
 * would cost the first script, which has the tightest budget.
 */
export const COPIED_FILES = [
  'src/shared/constants.ts',
  'src/shared/build-constants.ts',
  'src/shared/endpoints.ts',
];
