/**
 * The locale files the build publishes: one per locale but en_US, each a flat object with exactly
 * the keys of the US English texts, every text non-empty and with the same `{placeholders}`, so
 * the loader keeps every one of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN_US } from './en-US';
import { readLocaleTexts } from './load-locale';
import { LOCALES } from './locales';

const folder = resolve(import.meta.dirname, 'locales');
const expected = LOCALES.filter((locale) => locale !== 'en_US');

/** A text's `{placeholders}`, sorted. */
const placeholders = (text: string): string[] => (text.match(/\{\w+\}/g) ?? []).sort();

describe('locale files', () => {
  it('are there for every locale but en_US (which is in the bundle), and for no other', () => {
    const files = existsSync(folder) ? readdirSync(folder).sort() : [];
    expect(files).toEqual(expected.map((locale) => `${locale}.json`).sort());
  });

  describe.each(expected)('%s', (locale) => {
    const path = resolve(folder, `${locale}.json`);
    const read = (): Record<string, unknown> =>
      JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

    it('is a flat JSON object with exactly the keys of en_US', () => {
      const texts = read();
      expect(Object.getPrototypeOf(texts)).toBe(Object.prototype);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(EN_US).sort());
    });

    it('has a non-empty text with the placeholders of en_US for every key', () => {
      const texts = read();
      for (const [key, english] of Object.entries(EN_US)) {
        const value = texts[key];
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
        expect(placeholders(value as string), key).toEqual(placeholders(english));
      }
    });

    it('is kept whole by the loader', () => {
      expect(readLocaleTexts(read())).toStrictEqual(read());
    });
  });
});
