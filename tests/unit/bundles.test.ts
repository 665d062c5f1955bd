// @vitest-environment node
/**
 * Which bundle each folder's code goes to (build/bundles.js): the table agrees with the folders'
 * markers, and the build refuses a bundle that carries another's code (build/modules.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CORE_EXPORTS,
  COPIED_FILES,
  findDuplicates,
  MODULE_ENTRIES,
  MODULE_FOLDERS,
} from '../../build/modules';
import { MODULE_NAMES } from '../../src/shared/module-registry';

const ROOT = resolve(import.meta.dirname, '../..');

/** The folders of src/ that hold a module's entry, `module.ts` or `module.tsx`. */
function markedFolders(): string[] {
  return readdirSync(resolve(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|\/)module\.tsx?$/.test(path))
    .map((path) => relative(ROOT, dirname(resolve(ROOT, 'src', path))))
    .sort();
}

describe('the bundles of the folders', () => {
  it('name a folder for every file loaded on demand, and the folders holding an entry are those', () => {
    expect(Object.keys(MODULE_FOLDERS).sort()).toEqual([...MODULE_NAMES].sort());
    expect(Object.values(MODULE_FOLDERS).sort()).toEqual(markedFolders());
    for (const entry of Object.values(MODULE_ENTRIES))
      expect(existsSync(resolve(ROOT, entry)), entry).toBe(true);
  });

  it('name files that exist for what modules read of the first script or copy', () => {
    for (const file of [...Object.values(CORE_EXPORTS), ...COPIED_FILES]) {
      expect(existsSync(resolve(ROOT, file)), file).toBe(true);
    }
  });

  it('fail the build when a bundle carries a file of a module folder not its own', () => {
    const runtime = resolve(ROOT, 'src/controller/runtime/coordinator.ts');
    const wallet = resolve(ROOT, 'src/methods/paypal/paypal-wallet.ts');
    expect(findDuplicates(new Set([runtime]), new Map())).toEqual([
      'the first script carries src/controller/runtime/coordinator.ts, of the folder of modules/panel: import its types only.',
    ]);
    expect(findDuplicates(new Set(), new Map([['panel', [runtime, wallet]]]))).toEqual([
      'modules/panel carries src/methods/paypal/paypal-wallet.ts, of the folder of modules/paypal.',
    ]);
    expect(findDuplicates(new Set(), new Map([['paypal', [wallet]]]))).toEqual([]);
  });
});
