/**
 * The locale files' integrity (docs/texts-and-locales.md, "Locales"): the index the build publishes
 * holds the sha384 of every locale file as published, and the panel's runtime file checks the index
 * against the hash the build gave it.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeFiles, publishedLocaleFiles } from '../../build/locale-files';
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

describe('publishing the locale files', () => {
  /** The files the plugin emits in a build of `environment`. */
  function emitted(environment: string): { fileName: string; source: string }[] {
    const files: { fileName: string; source: string }[] = [];
    const plugin = publishedLocaleFiles(localeFiles(), (name) => name === 'writer');
    const hook = plugin.generateBundle as (this: unknown) => void;
    hook.call({
      environment: { name: environment },
      emitFile: (file: { fileName: string; source: string }) => files.push(file),
    });
    return files;
  }

  it('writes every locale file and the index in the build it is told, and nowhere else', () => {
    const { files, index } = localeFiles();
    expect(emitted('writer')).toEqual([
      ...[...files].map(([fileName, source]) => ({ type: 'asset', fileName, source })),
      { type: 'asset', fileName: 'assets/locale-integrity.json', source: index },
    ]);
    expect(emitted('another')).toEqual([]);
  });
});
