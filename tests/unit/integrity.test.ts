// @vitest-environment node
/**
 * The build's one SRI routine and integrity.json (build/integrity.ts), against Node's own sha384.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileIntegrity, sri, writeIntegrityIndex } from '../../build/integrity';

const sha384 = (bytes: Buffer): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'integrity-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sri', () => {
  it('hashes bytes, and text as UTF-8', () => {
    const bytes = Buffer.from([0, 255, 10]);
    expect(sri(bytes)).toBe(sha384(bytes));
    expect(sri('Café')).toBe(sha384(Buffer.from('Café', 'utf8')));
    expect(sri('')).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  it('hashes a file as its bytes', async () => {
    await writeFile(join(dir, 'a.js'), 'é');
    expect(await fileIntegrity(join(dir, 'a.js'))).toBe(sri('é'));
  });
});

describe('writeIntegrityIndex', () => {
  it('lists every file below the folder but an index, sorted, by path with slashes', async () => {
    await mkdir(join(dir, 'modules'));
    await mkdir(join(dir, 'assets/locales'), { recursive: true });
    await writeFile(join(dir, 'payment-panel.min.js'), 'first');
    await writeFile(join(dir, 'modules/view.min.js'), 'view');
    await writeFile(join(dir, 'assets/locales/de_DE.json'), '{}');
    await writeFile(join(dir, 'assets/locales/integrity.json'), 'nested index');
    await writeFile(join(dir, 'integrity.json'), 'stale');
    await writeIntegrityIndex(dir);
    const text = await readFile(join(dir, 'integrity.json'), 'utf8');
    expect(text).toBe(
      `${JSON.stringify(
        {
          'assets/locales/de_DE.json': sri('{}'),
          'modules/view.min.js': sri('view'),
          'payment-panel.min.js': sri('first'),
        },
        null,
        2,
      )}\n`,
    );
    await writeIntegrityIndex(dir);
    expect(await readFile(join(dir, 'integrity.json'), 'utf8')).toBe(text);
  });
});
