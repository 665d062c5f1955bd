/**
 * The panel's texts: a locale's texts over US English, and a merchant's replacements over both.
 * The page knows the US English texts the first script carries; the view's file registers the
 * rest as it runs ({@link registerTexts}). A locale's text counts only with the same
 * `{placeholders}` as the US English one, checked when it is looked up.
 * @packageDocumentation
 */
import type { TextKey } from './en-US';
import { FIRST_SCRIPT_TEXTS } from './en-US-first';

/** Looks up texts and fills their `{placeholders}`. */
export interface Texts {
  /** The text of a key, with `{placeholders}` filled from `values`. */
  readonly text: (key: TextKey, values?: Readonly<Record<string, string>>) => string;
  /** The shopper text for a catalogue error code, or the generic one. */
  readonly errorText: (code: string) => string;
}

/** A locale's texts: any key it lacks is US English. */
export type LocaleTexts = Readonly<Partial<Record<TextKey, string>>>;

/** The US English texts this page knows now. */
const english: Record<string, string> = { ...FIRST_SCRIPT_TEXTS };

/** Makes US English texts known to the page (the view's file registers all of them). */
export function registerTexts(texts: Readonly<Record<string, string>>): void {
  Object.assign(english, texts);
}

/** A text's `{placeholders}`, in order of name. */
export function placeholders(text: string): string {
  return (text.match(/\{\w+\}/g) ?? []).sort().join();
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The panel's texts: a locale's texts over US English, and a merchant's replacements over both.
 * Any key may be replaced, error codes included, even one that has no text of its own yet. A
 * locale's text whose placeholders differ from the US English one's is left out.
 */
export function createTexts(
  translations: Readonly<Record<string, string>> = {},
  localeTexts: LocaleTexts = {},
): Texts {
  const lookup = (key: string): string | undefined => {
    if (Object.hasOwn(translations, key)) return translations[key];
    const us = Object.hasOwn(english, key) ? english[key] : undefined;
    const local = Object.hasOwn(localeTexts, key) ? localeTexts[key as TextKey] : undefined;
    return us !== undefined && local !== undefined && placeholders(local) === placeholders(us) ? local : us;
  };
  return {
    text: (key, values = {}) => fill(lookup(key) ?? key, values),
    errorText: (code) => lookup(code) ?? lookup('genericError') ?? FIRST_SCRIPT_TEXTS.genericError,
  };
}
