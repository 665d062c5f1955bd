/**
 * The locale files the build publishes (docs/texts-and-locales.md, "Locales"): each
 * `src/i18n/locales/<locale>.json`, compacted, as `assets/locales/<locale>.json`, and
 * `assets/locale-integrity.json`, the sha384 of each by its path in the versioned folder. The panel's
 * runtime file carries the hash of that index (`__LOCALE_INTEGRITY__`), which is where it costs least:
 * the first script has no room for a hash per locale, and the index is fetched only by a page that
 * needs a locale file.
 * @packageDocumentation
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { LOCALE_FOLDER, LOCALE_INTEGRITY_FILE } from '../src/shared/constants.ts';
import { sri } from './integrity.ts';

/** The published locale files: their text by path, the index of their hashes and the index's own hash. */
export interface LocaleFiles {
  files: ReadonlyMap<string, string>;
  /** The text of `assets/locale-integrity.json`. */
  index: string;
  /** The index's SRI hash. */
  indexIntegrity: string;
}

/**
 * Reads the locale files of `localesDir` (`<language>_<REGION>.json`) and makes what the build
 * publishes of them; a file that is not JSON throws, which fails the build.
 */
export function localeFiles(localesDir = resolve(import.meta.dirname, '../src/i18n/locales')): LocaleFiles {
  const files = new Map<string, string>();
  const names = readdirSync(localesDir)
    .filter((file) => /^[a-z]{2}_[A-Z]{2}\.json$/.test(file))
    .sort();
  for (const name of names) {
    files.set(
      `${LOCALE_FOLDER}${name}`,
      JSON.stringify(JSON.parse(readFileSync(resolve(localesDir, name), 'utf8'))),
    );
  }
  const index = JSON.stringify(Object.fromEntries([...files].map(([path, text]) => [path, sri(text)])));
  return { files, index, indexIntegrity: sri(index) };
}

/**
 * Writes the locale files and their index into the versioned folder, in the one build of each
 * flavour that `writes` names; integrity.json then lists them.
 */
export function publishedLocaleFiles(locales: LocaleFiles, writes: (environment: string) => boolean): Plugin {
  return {
    name: 'payment-panel:locale-files',
    generateBundle() {
      if (!writes(this.environment.name)) return;
      for (const [fileName, source] of locales.files) this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: LOCALE_INTEGRITY_FILE, source: locales.index });
    },
  };
}
