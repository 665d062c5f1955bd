/**
 * Locale files: where they are, how they are read, and the page's cache of them. Every locale but
 * `en_US` is a flat JSON file `assets/locales/<locale>.json` in the versioned folder the bundle
 * comes from, fetched the first time a panel of the page asks for it.
 * @packageDocumentation
 */
import { fetchPublishedJson } from '../client/http';
import { SHORT_TEXT_MAX_LENGTH } from '../shared/frame-channel';
import { EN_US, type LocaleTexts, type TextKey } from './en-US';
import type { Locale } from './locales';

/** How long a locale file may take before the panel goes on in US English. */
export const LOCALE_TIMEOUT_MS = 5_000;

export { BUNDLE_URL } from '../shared/bundle-location';

/** The URL of a locale's file: `assets/locales/<locale>.json` beside the bundle. */
export function localeFileUrl(locale: Locale, bundleUrl: string): string {
  return new URL(`assets/locales/${locale}.json`, bundleUrl).href;
}

/** A text's `{placeholders}`, in order of name. */
function placeholders(text: string): string {
  return (text.match(/\{\w+\}/g) ?? []).sort().join();
}

/**
 * The texts of a locale file, read strictly: only keys of the US English texts, each a non-empty
 * string of at most {@link SHORT_TEXT_MAX_LENGTH} characters with the same `{placeholders}` as
 * the US English text. Anything else is left out, and that key shows in US English.
 */
export function readLocaleTexts(data: unknown): LocaleTexts {
  const texts: Partial<Record<TextKey, string>> = {};
  // Anything but an object has none of the keys (null and undefined become an empty object).
  const source = Object(data) as Record<string, unknown>;
  for (const key of Object.keys(EN_US) as TextKey[]) {
    const value = Object.hasOwn(source, key) ? source[key] : undefined;
    if (
      typeof value === 'string' &&
      value !== '' &&
      value.length <= SHORT_TEXT_MAX_LENGTH &&
      placeholders(value) === placeholders(EN_US[key])
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
 * is fetched once per page however many panels ask. The promise never rejects: a file that fails
 * to load, in time or at all, or is not JSON, gives no texts (the panel shows US English) and a
 * console warning naming the file; the page does not ask for it again.
 */
export function localeTexts(url: string): LocaleTexts | Promise<LocaleTexts> {
  let texts = cache.get(url);
  if (!texts) {
    texts = fetchPublishedJson(url, LOCALE_TIMEOUT_MS)
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
