import { describe, expect, it } from 'vitest';
import { isRightToLeft, languageTag, LOCALES, negotiateLocale } from './locales';

describe('LOCALES', () => {
  it('holds the 23 locales of the drop-in and the two right-to-left ones, each once', () => {
    expect(LOCALES).toHaveLength(25);
    expect(new Set(LOCALES).size).toBe(25);
    expect(LOCALES).toEqual(expect.arrayContaining(['en_US', 'de_DE', 'zh_HK', 'ar_EG', 'he_IL']));
  });
});

describe('negotiateLocale', () => {
  it.each(LOCALES)('keeps %s as it is', (locale) => {
    expect(negotiateLocale(locale)).toBe(locale);
  });

  it.each([
    ['de-DE', 'de_DE'],
    ['de_de', 'de_DE'],
    ['DE-de', 'de_DE'],
    [' fr-CA ', 'fr_CA'],
    ['ZH_tw', 'zh_TW'],
    ['zh-hk', 'zh_HK'],
    ['en-gb', 'en_GB'],
  ])('reads %j in any case, with - or _, as %s', (requested, locale) => {
    expect(negotiateLocale(requested)).toBe(locale);
  });

  it.each([
    ['de', 'de_DE'],
    ['de_AT', 'de_DE'],
    ['de-CH', 'de_DE'],
    ['en', 'en_US'],
    ['en_CA', 'en_US'],
    ['en_NZ', 'en_AU'],
    ['en_IE', 'en_GB'],
    ['es', 'es_ES'],
    ['es_MX', 'es_ES'],
    ['fr', 'fr_FR'],
    ['fr_BE', 'fr_FR'],
    ['fr_CH', 'fr_FR'],
    ['pt', 'pt_BR'],
    ['pt_AO', 'pt_BR'],
    ['zh', 'zh_CN'],
    ['zh_SG', 'zh_CN'],
    ['zh_MO', 'zh_HK'],
    ['no', 'no_NO'],
    ['nb', 'no_NO'],
    ['nb_NO', 'no_NO'],
    ['nn', 'no_NO'],
    ['ar', 'ar_EG'],
    ['ar_SA', 'ar_EG'],
    ['he', 'he_IL'],
    ['iw_IL', 'he_IL'],
    ['in', 'id_ID'],
    ['ja', 'ja_JP'],
    ['ko', 'ko_KR'],
    ['sv_FI', 'sv_SE'],
    ['th', 'th_TH'],
    ['ru_UA', 'ru_RU'],
  ])('takes %s to its language: %s', (requested, locale) => {
    expect(negotiateLocale(requested)).toBe(locale);
  });

  it.each([
    ['a language without texts', 'fi_FI'],
    ['another', 'tr'],
    ['a region alone', '_DE'],
    ['text', 'not a locale'],
    ['an empty string', ''],
    ['a prototype key', '__proto__'],
    ['another prototype key', 'constructor'],
    ['nothing', undefined],
  ])('falls back to en_US for %s', (_, requested) => {
    expect(negotiateLocale(requested)).toBe('en_US');
  });
});

describe('isRightToLeft', () => {
  it('is true for Arabic and Hebrew only', () => {
    expect(LOCALES.filter(isRightToLeft)).toEqual(['ar_EG', 'he_IL']);
  });
});

describe('languageTag', () => {
  it('writes a locale as a BCP 47 tag', () => {
    expect(languageTag('de_DE')).toBe('de-DE');
    expect(languageTag('zh_HK')).toBe('zh-HK');
    for (const locale of LOCALES) expect(languageTag(locale)).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
  });
});
