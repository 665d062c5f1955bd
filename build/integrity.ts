/**
 * The build's one Subresource Integrity routine (docs/csp-and-sri.md): every hash the build writes,
 * into integrity.json, the locale index, the stylesheets' imports and the first script's table of
 * module hashes, is made here, so a browser checking any of them checks the same kind of hash.
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';

/** The index of a flavour's folder, beside the files it lists. */
export const INTEGRITY_FILE = 'integrity.json';

/** The SRI string (`sha384-…`) of a file's bytes or a text (hashed as UTF-8). */
export function sri(content: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** The SRI string of a file on disk. */
export async function fileIntegrity(path: string): Promise<string> {
  return sri(await readFile(path));
}

/**
 * Writes `integrity.json` into a flavour's folder: the SRI string of every file below it but an
 * index, by path with `/`, sorted, so the same files give the same bytes.
 */
export async function writeIntegrityIndex(outDir: string): Promise<void> {
  const entries: [string, string][] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name !== INTEGRITY_FILE) {
        entries.push([relative(outDir, path).split('\\').join('/'), await fileIntegrity(path)]);
      }
    }
  }
  await walk(outDir);
  entries.sort(([a], [b]) => a.localeCompare(b));
  await writeFile(
    resolve(outDir, INTEGRITY_FILE),
    `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`,
  );
}
