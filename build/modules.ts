/**
 * The files the first script loads on demand, and how they reach the first script's code
 * (docs/architecture.md, "Files loaded on demand").
 *
 * Each module is an IIFE of its own. Code the first script already carries is not bundled again:
 * the files in {@link CORE_EXPORTS} are external to every module and read, at run time, from one
 * global the first script defines (`__paymentPanel_<version>`), holding those files' exports by
 * key. Which folder's code goes to which file is build/bundles.js's table. After a build,
 * {@link findDuplicates} fails it when a bundle carries what it must not: a module a file of the
 * first script (reached by a path that bypasses these files) or of another module's folder, the
 * first script a file of a module's folder, or React outside the view.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { coreGlobalName, MODULE_NAMES } from '../src/shared/module-registry.ts';
import { CORE_EXPORTS, COPIED_FILES, MODULE_FOLDERS } from './bundles.js';

const root = resolve(import.meta.dirname, '..');

/** A module's name. */
export type BuildModuleName = (typeof MODULE_NAMES)[number];

export { CORE_EXPORTS, COPIED_FILES, MODULE_FOLDERS };

/** Entry of each module, relative to the repository: `module.ts` (or `.tsx`) in its folder. */
export const MODULE_ENTRIES: Readonly<Record<BuildModuleName, string>> = Object.fromEntries(
  MODULE_NAMES.map((name) => {
    const folder = MODULE_FOLDERS[name];
    return [
      name,
      existsSync(resolve(root, folder, 'module.tsx')) ? `${folder}/module.tsx` : `${folder}/module.ts`,
    ];
  }),
) as Record<BuildModuleName, string>;

const copiedFiles = new Set(COPIED_FILES.map((file) => resolve(root, file)));

const coreFiles = new Map(Object.entries(CORE_EXPORTS).map(([key, file]) => [resolve(root, file), key]));

/** The rolldown options that make the first script's files external to a module. */
export function moduleExternals(version: string): {
  external: (id: string, importer: string | undefined, isResolved: boolean) => boolean;
  globals: (id: string) => string;
} {
  const global = coreGlobalName(version);
  return {
    external: (id, _importer, isResolved) => isResolved && coreFiles.has(id),
    globals: (id) => {
      const key = coreFiles.get(id);
      if (!key) throw new Error(`${id} is not a file of the first script.`);
      return `${global}.${key}`;
    },
  };
}

const CORE_NAMESPACE = 'virtual:payment-panel/core-namespace';

/** What the modules import of each file of the first script: names, or `*` for everything. */
export type CoreImports = Map<string, Set<string>>;

/**
 * Records, in a module's build, which names it imports from the first script's files, so that the
 * first script exposes exactly those (and can leave out what neither it nor a module uses).
 * @param isModuleBuild - whether an environment builds a module (build/outputs.ts)
 */
export function collectCoreImports(
  imports: CoreImports,
  isModuleBuild: (environment: string) => boolean,
): Plugin {
  return {
    name: 'payment-panel:collect-core-imports',
    enforce: 'post',
    async transform(code, id) {
      if (!isModuleBuild(this.environment.name)) return null;
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0] ?? '')) return null;
      const program = this.parse(code);
      for (const node of program.body) {
        const source =
          node.type === 'ImportDeclaration' ||
          node.type === 'ExportNamedDeclaration' ||
          node.type === 'ExportAllDeclaration'
            ? node.source
            : null;
        if (!source || typeof source.value !== 'string') continue;
        const target = (await this.resolve(source.value, id))?.id;
        if (!target || !coreFiles.has(target)) continue;
        let names = imports.get(target);
        if (!names) imports.set(target, (names = new Set()));
        if (node.type === 'ExportAllDeclaration') {
          names.add('*');
          continue;
        }
        for (const specifier of 'specifiers' in node ? node.specifiers : []) {
          if (specifier.type === 'ImportSpecifier') {
            const imported = specifier.imported;
            names.add(imported.type === 'Identifier' ? imported.name : imported.value);
          } else if (specifier.type === 'ExportSpecifier') {
            const local = specifier.local;
            names.add(local.type === 'Identifier' ? local.name : local.value);
          } else {
            names.add('*');
          }
        }
      }
      return null;
    },
  };
}

/**
 * The first script's side of {@link CORE_EXPORTS}: `import 'virtual:payment-panel/core-namespace'`
 * in its entry defines the global, non-enumerable and frozen, unless a copy of the same version
 * already did. It holds, per file, just what the modules import (see {@link collectCoreImports}).
 */
export function coreNamespace(version: string, imports: CoreImports): Plugin {
  const resolved = `\0${CORE_NAMESPACE}`;
  return {
    name: 'payment-panel:core-namespace',
    resolveId(id) {
      return id === CORE_NAMESPACE ? resolved : null;
    },
    load(id) {
      if (id !== resolved) return null;
      const lines: string[] = [];
      const members: string[] = [];
      for (const [key, file] of Object.entries(CORE_EXPORTS)) {
        const path = resolve(root, file);
        const names = imports.get(path);
        if (!names || names.size === 0) continue;
        if (names.has('*')) {
          lines.push(`import * as ${key} from ${JSON.stringify(path)};`);
          members.push(key);
          continue;
        }
        const sorted = [...names].sort();
        lines.push(
          `import { ${sorted.map((name) => `${name} as ${key}$${name}`).join(', ')} } from ${JSON.stringify(path)};`,
        );
        members.push(`${key}: freeze({ ${sorted.map((name) => `${name}: ${key}$${name}`).join(', ')} })`);
      }
      return [
        ...lines,
        'const freeze = Object.freeze;',
        `const name = ${JSON.stringify(coreGlobalName(version))};`,
        'if (!(name in window)) {',
        `  Object.defineProperty(window, name, { value: freeze({ ${members.join(', ')} }) });`,
        '}',
      ].join('\n');
    },
  };
}

/** The module whose folder holds a file, if one does. */
function moduleFolderOf(id: string): BuildModuleName | undefined {
  return MODULE_NAMES.find((name) => id.startsWith(`${resolve(root, MODULE_FOLDERS[name])}/`));
}

/**
 * What a bundle carries that it must not: a module carrying a file of the first script or of
 * another module's folder, the first script carrying a file of a module's folder, or React outside
 * the view (docs/architecture.md, "Bundles").
 * @param coreIds - the module ids of the first script's build
 * @param moduleIds - the module ids of each module's build
 */
export function findDuplicates(
  coreIds: ReadonlySet<string>,
  moduleIds: ReadonlyMap<string, readonly string[]>,
): string[] {
  const problems: string[] = [];
  const named = (id: string) => id.replace(`${root}/`, '');
  for (const id of coreIds) {
    const owner = moduleFolderOf(id);
    if (owner) {
      problems.push(
        `the first script carries ${named(id)}, of the folder of modules/${owner}: import its types only.`,
      );
    }
  }
  for (const [name, ids] of moduleIds) {
    for (const id of ids) {
      if (id.startsWith('\0') || copiedFiles.has(id)) continue;
      if (coreIds.has(id)) {
        problems.push(
          `modules/${name} carries ${named(id)}, which the first script carries too: ` +
            'import it through a file of CORE_EXPORTS in build/bundles.js (or add it there).',
        );
      }
      const owner = moduleFolderOf(id);
      if (owner && owner !== name) {
        problems.push(`modules/${name} carries ${named(id)}, of the folder of modules/${owner}.`);
      }
      if (name !== 'view' && /node_modules\/(react|react-dom|scheduler)\//.test(id)) {
        problems.push(`modules/${name} carries React; only the view may.`);
      }
    }
  }
  return [...new Set(problems)];
}
