// The types of bundles.js, which ESLint's configuration imports as plain JavaScript.
import type { MODULE_NAMES } from '../src/shared/module-registry.ts';

/** The first script's entry, and the folders of its own (their direct files, not their subfolders). */
export declare const FIRST_SCRIPT: { readonly entry: string; readonly folders: readonly string[] };

/** Each file loaded on demand, by its name in `modules/`: the folder of its code and entry. */
export declare const MODULE_FOLDERS: Readonly<Record<(typeof MODULE_NAMES)[number], string>>;

/** Files only the panel's runtime file loads: their hashes travel in it, not in the first script. */
export declare const RUNTIME_LOADED: readonly (typeof MODULE_NAMES)[number][];

/** The first script's files that modules may import, by the key they have in the global. */
export declare const CORE_EXPORTS: Readonly<Record<string, string>>;

/** Files of plain constants that a module bundles a copy of. */
export declare const COPIED_FILES: readonly string[];
