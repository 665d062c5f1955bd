/**
 * The locale files' integrity (docs/texts-and-locales.md, "Locales"): the index the build publishes
 * holds the sha384 of every locale file as published, and the panel's runtime file checks the index
 * against the hash the build gave it.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeFiles } from '../../build/locale-files';
import { LOCALE_INTEGRITY } from '../../src/shared/build-constants';

const sri = (text: string): string => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('the locale index', () => {
  it('holds the hash of every locale file as published, and is what the runtime checks', () => {
    const { files, index, indexIntegrity } = localeFiles();
    const sources = readdirSync(resolve(import.meta.dirname, '../../src/i18n/locales')).sort();
    expect([...files.keys()]).toEqual(sources.map((name) => `assets/locales/${name}`));
    expect(JSON.parse(index)).toEqual(
      Object.fromEntries([...files].map(([path, text]) => [path, sri(text)])),
    );
    expect(indexIntegrity).toBe(sri(index));
    expect(LOCALE_INTEGRITY).toBe(indexIntegrity);
  });
});
