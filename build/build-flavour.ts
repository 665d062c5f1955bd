/**
 * Builds one flavour's folder from the table of build/outputs.ts: every build in the table's order,
 * the first script with the hashes of the modules built before it, then the check that no module
 * carries the first script's code (build/modules.ts), the files made from the sources, and
 * integrity.json over all of it.
 * @packageDocumentation
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileIntegrity, writeIntegrityIndex } from './integrity.ts';
import { findDuplicates } from './modules.ts';
import { RUNTIME_LOADED } from './bundles.js';
import { BUILT_FILES, scriptFile, type Build } from './outputs.ts';

/** What of Vite's builder a flavour's build uses. */
export interface FlavourBuilder {
  environments: Record<string, { config: { define?: Record<string, unknown> } }>;
  build(environment: { config: { define?: Record<string, unknown> } }): Promise<unknown>;
}

/** The module ids a build's output carries. */
function builtModuleIds(output: unknown): string[] {
  const outputs = (Array.isArray(output) ? output : [output]) as { output?: { moduleIds?: string[] }[] }[];
  return outputs.flatMap((o) => (o.output ?? []).flatMap((chunk) => chunk.moduleIds ?? []));
}

/**
 * Empties `outDir` and builds a flavour into it.
 * @param builds - the flavour's builds, in the table's order (`buildsOf`)
 * @param writePublicFiles - writes the files made from the sources into the folder
 */
export async function buildFlavour(
  builder: FlavourBuilder,
  builds: readonly Build[],
  outDir: string,
  writePublicFiles: (outDir: string) => Promise<void>,
): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  const moduleIds = new Map<string, string[]>();
  const coreIds = new Set<string>();
  for (const build of builds) {
    const environment = builder.environments[build.environment];
    if (!environment) throw new Error(`No environment ${build.environment}`);
    const isRuntime = build.file.kind === 'module' && build.file.name === 'panel';
    if (build.file.kind === 'first-script' || isRuntime) {
      // The first script carries the hash of every module of its twin that it loads; the runtime
      // carries those of the files only it loads, which were built before it.
      const integrity: Record<string, string> = {};
      for (const file of BUILT_FILES) {
        if (file.kind !== 'module' || RUNTIME_LOADED.includes(file.name) !== isRuntime) continue;
        integrity[file.name] = await fileIntegrity(resolve(outDir, scriptFile({ ...build, file })));
      }
      (environment.config.define ??= {}).__MODULE_INTEGRITY__ = JSON.stringify(integrity);
    }
    const ids = builtModuleIds(await builder.build(environment));
    if (build.file.kind === 'module')
      moduleIds.set(build.file.name, [...(moduleIds.get(build.file.name) ?? []), ...ids]);
    if (build.file.kind === 'first-script') for (const id of ids) coreIds.add(id);
  }
  const duplicates = findDuplicates(coreIds, moduleIds);
  if (duplicates.length > 0) throw new Error(`Code in two places:\n  ${duplicates.join('\n  ')}`);
  await writePublicFiles(outDir);
  await writeIntegrityIndex(outDir);
}
