/**
 * The locales of the panel and how the merchant's `locale` option picks one of them: the exact
 * locale, then a locale of the same language, then US English.
 * @packageDocumentation
 */

/**
 * Every locale the panel has texts for, space-separated: the 23 of the drop-in it replaces, and
 * Arabic (Egypt) and Hebrew (Israel), which are written right to left. The first locale of a
 * language is where the language's other regions go (`de_AT` → `de_DE`, `en_CA` → `en_US`,
 * `fr_BE` → `fr_FR`, `pt` → `pt_BR`, `zh_SG` → `zh_CN`).
 */
const LOCALE_LIST =
  'en_US en_GB en_AU da_DK de_DE es_ES fr_FR fr_CA id_ID it_IT ja_JP ko_KR nl_NL no_NO pl_PL pt_BR pt_PT ru_RU sv_SE th_TH zh_CN zh_HK zh_TW ar_EG he_IL';

/** The words of a space-separated list. */
type Words<S extends string> = S extends `${infer Word} ${infer Rest}` ? Word | Words<Rest> : S;

/** A locale of the panel. */
export type Locale = Words<typeof LOCALE_LIST>;

/** Every locale of the panel. Only `en_US` is inside the bundle; the others are files loaded on demand. */
export const LOCALES = LOCALE_LIST.split(' ') as Locale[];

/** The locale of the texts inside the bundle, and the last resort of every negotiation. */
export const DEFAULT_LOCALE: Locale = 'en_US';

/**
 * Where a language or a region goes that the order of {@link LOCALES} does not send to the right
 * locale: Norwegian Bokmål and Nynorsk to `no_NO`; `iw` and `in`, the old codes of Hebrew and
 * Indonesian; New Zealand English to `en_AU`, Irish English to `en_GB`, Macao Chinese to `zh_HK`.
 */
const CLOSEST = new Map(
  'nb:no_NO nn:no_NO iw:he_IL in:id_ID en_NZ:en_AU en_IE:en_GB zh_MO:zh_HK'
    .split(' ')
    .map((pair) => pair.split(':') as [string, Locale]),
);

/**
 * The panel's locale for what a merchant asked for: `de_DE`, `de-de` or `DE_de` is `de_DE`; a
 * region without texts takes its language's (`de_AT`, `de` → `de_DE`, `nb` → `no_NO`, `zh_MO` →
 * `zh_HK`); anything else, or nothing, is `en_US`.
 */
export function negotiateLocale(requested: string | undefined): Locale {
  const [language = '', region = ''] = (requested ?? '').trim().split(/[-_]/);
  const lang = language.toLowerCase();
  const exact = `${lang}_${region.toUpperCase()}`;
  return (
    LOCALES.find((locale) => locale === exact) ??
    CLOSEST.get(exact) ??
    CLOSEST.get(lang) ??
    LOCALES.find((locale) => locale.startsWith(`${lang}_`)) ??
    DEFAULT_LOCALE
  );
}

/** Whether a locale's script runs right to left. */
export function isRightToLeft(locale: Locale): boolean {
  return locale === 'ar_EG' || locale === 'he_IL';
}

/** A locale as a BCP 47 language tag, for `lang` attributes: `de_DE` → `de-DE`. */
export function languageTag(locale: Locale): string {
  return locale.replace('_', '-');
}
