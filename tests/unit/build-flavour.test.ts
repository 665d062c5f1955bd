// @vitest-environment node
/**
 * Building one flavour's folder (build/build-flavour.ts) with a builder that writes, for each
 * environment, the files the table says it builds, as Vite's does.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildFlavour, type FlavourBuilder } from '../../build/build-flavour';
import { RUNTIME_LOADED } from '../../build/bundles.js';
import { sri } from '../../build/integrity';
import { MODULE_ENTRIES } from '../../build/modules';
import { buildsOf, framePageFile, scriptFile, type Build } from '../../build/outputs';

const ROOT = resolve(import.meta.dirname, '../..');
const builds = buildsOf('local');

let outDir: string;
beforeEach(async () => {
  outDir = join(await mkdtemp(join(tmpdir(), 'build-flavour-')), 'payment-panel/1.0.0');
});
afterEach(async () => {
  await rm(dirname(dirname(outDir)), { recursive: true, force: true });
});

/** The files Vite writes for a build. */
function filesOf(build: Build): string[] {
  if (build.file.kind !== 'frame') return [scriptFile(build)];
  return build.file.script === false ? [framePageFile(build)] : [framePageFile(build), scriptFile(build)];
}

interface Environment {
  build: Build;
  config: { define?: Record<string, unknown> };
}

/** A builder over the table's environments; `carries` gives the module ids a build's output holds. */
function fakeBuilder(carries: (build: Build) => string[]) {
  const built: { environment: string; define: Record<string, unknown> }[] = [];
  const environments: Record<string, Environment> = Object.fromEntries(
    builds.map((build) => [build.environment, { build, config: { define: { __MODULE_INTEGRITY__: '{}' } } }]),
  );
  const builder: FlavourBuilder = {
    environments,
    async build(environment) {
      const { build, config } = environment as Environment;
      built.push({ environment: build.environment, define: { ...config.define } });
      for (const file of filesOf(build)) {
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), build.environment);
      }
      return { output: [{ moduleIds: carries(build) }, { fileName: 'an asset' }] };
    },
  };
  return { builder, built };
}

/** What a real build carries: its entry, and each file only once. */
function entryOf(build: Build): string[] {
  if (build.file.kind === 'module') return [resolve(ROOT, MODULE_ENTRIES[build.file.name])];
  if (build.file.kind === 'first-script') return [resolve(ROOT, 'src/index.ts')];
  return [];
}

async function publish(dir: string): Promise<void> {
  await writeFile(join(dir, 'payment-panel.d.ts'), 'types');
}

describe('buildFlavour', () => {
  it('builds in the table’s order, the first script with the hashes of the modules it loads, the runtime with the others', async () => {
    const { builder, built } = fakeBuilder(entryOf);
    await buildFlavour(builder, builds, outDir, publish);
    expect(built.map((b) => b.environment)).toEqual(builds.map((b) => b.environment));
    let checked = 0;
    for (const { environment, define } of built) {
      const build = builds.find((b) => b.environment === environment);
      const isRuntime = build?.file.kind === 'module' && build.file.name === 'panel';
      if (!build || (build.file.kind !== 'first-script' && !isRuntime)) continue;
      const modules = builds.filter(
        (b) =>
          b.file.kind === 'module' &&
          b.twin === build.twin &&
          RUNTIME_LOADED.includes(b.file.name) === isRuntime,
      );
      expect(modules.length).toBeGreaterThan(0);
      expect(JSON.parse(define.__MODULE_INTEGRITY__ as string)).toEqual(
        Object.fromEntries(modules.map((m) => [m.file.name, sri(m.environment)])),
      );
      checked += 1;
    }
    // Both twins of the first script and of the runtime.
    expect(checked).toBe(4);
  });

  it('empties the folder first, then lists every file it wrote in integrity.json', async () => {
    await mkdir(outDir, { recursive: true });
    await writeFile(join(outDir, 'stale.js'), 'from an older build');
    await buildFlavour(fakeBuilder(entryOf).builder, builds, outDir, publish);
    const index = JSON.parse(await readFile(join(outDir, 'integrity.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(Object.keys(index).sort()).toEqual([...builds.flatMap(filesOf), 'payment-panel.d.ts'].sort());
    expect(index['payment-panel.d.ts']).toBe(sri('types'));
    const first = builds.find((b) => b.file.kind === 'first-script' && b.twin === 'min');
    expect(index['payment-panel.min.js']).toBe(sri(first?.environment ?? ''));
  });

  it('fails when a module carries a file of the first script, and writes no index', async () => {
    const shared = resolve(ROOT, 'src/shared/frame-channel.ts');
    const { builder } = fakeBuilder((build) => [
      ...entryOf(build),
      ...(build.file.kind === 'frame' ? [] : [shared]),
    ]);
    await expect(buildFlavour(builder, builds, outDir, publish)).rejects.toThrow(
      /Code in two places:\n[^]*^ {2}modules\/panel carries src\/shared\/frame-channel\.ts, which the first script carries too/m,
    );
    expect(existsSync(join(outDir, 'integrity.json'))).toBe(false);
  });

  it('fails on a build without its environment', async () => {
    const { builder } = fakeBuilder(entryOf);
    const missing = { ...builds[0], environment: 'localFrame_gone_Min' } as Build;
    await expect(buildFlavour(builder, [missing], outDir, publish)).rejects.toThrow(
      'No environment localFrame_gone_Min',
    );
  });
});
