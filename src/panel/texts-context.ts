/**
 * The panel's texts for the views: its locale's texts over US English, with the merchant's
 * `translations` laid over them.
 * @packageDocumentation
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { createTexts, type LocaleTexts, type Texts } from '../i18n/en-US';
import { BUNDLE_URL, localeFileUrl, localeTexts } from '../i18n/load-locale';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';

/** The texts every view reads; the panel provides them from its options. */
export const TextsContext = createContext<Texts>(createTexts());

/** The texts of the panel a view belongs to. */
export function useTexts(): Texts {
  return useContext(TextsContext);
}

/** US English: the bundle's own texts, nothing to load. */
const NO_TEXTS: LocaleTexts = {};

/**
 * A locale's texts: at once for `en_US` and for a file the page has read before, otherwise
 * `undefined` until its file has loaded (or failed to: then none, so US English). When the locale
 * changes, the texts shown so far stay until the new ones are there.
 */
export function useLocaleTexts(locale: Locale): LocaleTexts | undefined {
  // Reading starts the file's one fetch of the page; a render that asks again shares it.
  const texts =
    locale === DEFAULT_LOCALE || !BUNDLE_URL ? NO_TEXTS : localeTexts(localeFileUrl(locale, BUNDLE_URL));
  const ready = texts instanceof Promise ? undefined : texts;
  const [shown, setShown] = useState(ready);
  // Texts at hand show in this very render.
  if (ready && ready !== shown) setShown(ready);
  useEffect(() => {
    if (!(texts instanceof Promise)) return;
    let current = true;
    void texts.then((read) => {
      if (current) setShown(read);
    });
    return () => {
      current = false;
    };
  }, [texts]);
  return ready ?? shown;
}
