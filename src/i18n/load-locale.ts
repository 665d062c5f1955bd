/**
 * Locale files: where they are, how they are read, and the page's cache of them. Every locale but
 * `en_US` is a flat JSON file `assets/locales/<locale>.json` in the versioned folder the bundle
 * comes from, fetched the first time a panel of the page asks for it, with its integrity (which
 * the panel's runtime file knows: locale-integrity.ts).
 * @packageDocumentation
 */
import { LOCALE_FOLDER, LOCALE_TIMEOUT_MS } from '../shared/constants';
import { SHORT_TEXT_MAX_LENGTH } from '../shared/frame-channel';
import type { LocaleTexts } from './texts';
import type { Locale } from './locales';

export { LOCALE_TIMEOUT_MS };

export { BUNDLE_URL } from '../shared/bundle-location';

/** The URL of a locale's file: `assets/locales/<locale>.json` beside the bundle. */
export function localeFileUrl(locale: Locale, bundleUrl: string): string {
  return new URL(`${LOCALE_FOLDER}${locale}.json`, bundleUrl).href;
}

/** Longest key a locale file may hold. */
const KEY_MAX_LENGTH = 100;

/**
 * The texts of a locale file, read strictly: keys of at most 100 characters that are not the names
 * of an object's own machinery, each with a non-empty string of at most
 * {@link SHORT_TEXT_MAX_LENGTH} characters. Anything else is left out, and that key shows in US
 * English; so does a key the panel has no text for, or a text whose `{placeholders}` differ from
 * the US English one's (both checked when the text is looked up, as the view's texts arrive with
 * the view's file).
 */
export function readLocaleTexts(data: unknown): LocaleTexts {
  const texts: Record<string, string> = {};
  // Only a plain object (JSON's) holds texts.
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return texts;
  const source = data as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (
      // Names of the object's own machinery (toString, __proto__…) are no text keys.
      !(key in Object.prototype) &&
      key.length <= KEY_MAX_LENGTH &&
      typeof value === 'string' &&
      value !== '' &&
      value.length <= SHORT_TEXT_MAX_LENGTH
    ) {
      texts[key] = value;
    }
  }
  return texts;
}

/** Locale files by URL: their texts once read, a promise while they load. */
const cache = new Map<string, LocaleTexts | Promise<LocaleTexts>>();

/**
 * The texts of a locale file: at once when this page has read it, else a promise of them. The file
 * is fetched once per page however many panels ask, with the integrity `integrity` gives (so the
 * browser refuses any other bytes). The promise never rejects: a file whose integrity is not known,
 * or that fails to load, in time or at all, or is not JSON, gives no texts (the panel shows US
 * English) and a console warning naming the file; the page does not ask for it again.
 */
export function localeTexts(url: string, load: () => Promise<unknown>): LocaleTexts | Promise<LocaleTexts> {
  let texts = cache.get(url);
  if (!texts) {
    texts = load()
      .then(readLocaleTexts)
      .catch((error: unknown) => {
        console.warn('payment-panel: no texts in', url, error);
        return {};
      });
    void texts.then((read) => cache.set(url, read));
    cache.set(url, texts);
  }
  return texts;
}
