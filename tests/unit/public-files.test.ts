// @vitest-environment node
/** Writing the files made from the sources into each flavour's folder (build/public-files.ts). */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_TYPE_FILES, publicFilesWriter, type PublicTypeFiles } from '../../build/public-files';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('publicFilesWriter', () => {
  it('makes the files once and writes them, under their names, into every folder it is given', async () => {
    const contents: PublicTypeFiles = {
      declarations: 'declare const x: 1;\n',
      manifest: '{"schemaVersion":"1"}\n',
      vsCode: '{"tags":[]}\n',
      webTypes: '{"name":"payment-panel"}\n',
    };
    const generate = vi.fn(() => contents);
    const write = publicFilesWriter(generate);
    for (const flavour of ['release', 'local']) {
      const dir = await mkdtemp(join(tmpdir(), `public-files-${flavour}-`));
      dirs.push(dir);
      await write(dir);
      expect((await readdir(dir)).sort()).toEqual(Object.values(PUBLIC_TYPE_FILES).sort());
      for (const [key, name] of Object.entries(PUBLIC_TYPE_FILES)) {
        expect(await readFile(join(dir, name), 'utf8')).toBe(contents[key as keyof PublicTypeFiles]);
      }
    }
    expect(generate).toHaveBeenCalledTimes(1);
  });
});
