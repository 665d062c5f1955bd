/**
 * The integrity of the locale files (docs/texts-and-locales.md, "Locales"): their sha384 hashes are
 * in `assets/locale-integrity.json` beside the bundle, which is fetched with the hash the build gave
 * this file. Part of the panel's runtime file: the first script has no room for the hashes, and
 * only a page that needs a locale file fetches the index.
 * @packageDocumentation
 */
import { fetchPublishedJson } from '../client';
import { LOCALE_INTEGRITY } from '../shared/build-constants';
import { LOCALE_FOLDER, LOCALE_INTEGRITY_FILE, LOCALE_TIMEOUT_MS } from '../shared/constants';
import { parseWith, record, string } from '../shared/strict-readers';
import type { Locale } from './locales';

/** Reads the index: SRI strings by path. */
const localeHashes = record(string(200));

/** The index of each folder the page took locales from, by URL: fetched once per page. */
const indexes = new Map<string, Promise<Record<string, string>>>();

/**
 * A locale's file beside `bundleUrl`, parsed, fetched with the hash the folder's index gives it
 * (the index itself with the hash of the build). Rejects when the index does not load, match its
 * hash or name the file, or when the file does not load, match its hash or parse.
 */
export async function fetchLocale(locale: Locale, bundleUrl: string): Promise<unknown> {
  const path = `${LOCALE_FOLDER}${locale}.json`;
  const url = new URL(LOCALE_INTEGRITY_FILE, bundleUrl).href;
  let index = indexes.get(url);
  if (!index) {
    index = fetchPublishedJson(url, LOCALE_TIMEOUT_MS, LOCALE_INTEGRITY).then(
      (data) => parseWith(localeHashes, data) ?? {},
    );
    indexes.set(url, index);
  }
  const hash = (await index)[path];
  // Never without its hash: a file the index does not name is not fetched.
  if (hash === undefined) throw new Error(path);
  return fetchPublishedJson(new URL(path, bundleUrl).href, LOCALE_TIMEOUT_MS, hash);
}
