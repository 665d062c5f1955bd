// @vitest-environment node
/**
 * What the modules import of the first script's files, and the global that exposes just that
 * (build/modules.ts).
 */
import { resolve } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { collectCoreImports, coreNamespace, CORE_EXPORTS, type CoreImports } from '../../build/modules';

const ROOT = resolve(import.meta.dirname, '../..');
const errors = resolve(ROOT, CORE_EXPORTS.errors ?? '');
const channel = resolve(ROOT, CORE_EXPORTS.frameChannel ?? '');

/** Runs the collecting plugin over a file's code in an environment. */
async function collect(environment: string, code: string): Promise<CoreImports> {
  const imports: CoreImports = new Map();
  const plugin = collectCoreImports(imports, (name) => name === 'a module');
  const hook = plugin.transform as (this: unknown, code: string, id: string) => Promise<unknown>;
  const targets: Record<string, string> = { '../shared/errors': errors, '../shared/frame-channel': channel };
  await hook.call(
    {
      environment: { name: environment },
      parse: (source: string) => parseSync('module.ts', source).program,
      resolve: (source: string) => Promise.resolve(targets[source] ? { id: targets[source] } : null),
    },
    code,
    resolve(ROOT, 'src/methods/paypal/module.ts'),
  );
  return imports;
}

const CODE = [
  "import { createError, PanelError as Failure } from '../shared/errors';",
  "export * from '../shared/frame-channel';",
  "import { other } from './local';",
].join('\n');

describe('collectCoreImports', () => {
  it('records the names a module imports of the first script’s files', async () => {
    const imports = await collect('a module', CODE);
    expect(imports).toEqual(
      new Map([
        [errors, new Set(['createError', 'PanelError'])],
        [channel, new Set(['*'])],
      ]),
    );
  });

  it('records nothing in the other builds', async () => {
    expect((await collect('the first script', CODE)).size).toBe(0);
  });
});

describe('coreNamespace', () => {
  it('exposes, frozen, just what the modules import, under the version’s global', () => {
    const imports: CoreImports = new Map([
      [errors, new Set(['PanelError', 'createError'])],
      [channel, new Set(['*'])],
    ]);
    const plugin = coreNamespace('1.2.3', imports);
    const resolveId = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (id: string) => string | null;
    const id = resolveId('virtual:payment-panel/core-namespace') ?? '';
    const code = load(id) ?? '';
    expect(code).toContain(
      `import { PanelError as errors$PanelError, createError as errors$createError } from ${JSON.stringify(errors)};`,
    );
    expect(code).toContain(`import * as frameChannel from ${JSON.stringify(channel)};`);
    expect(code).toContain('const name = "__paymentPanel_1_2_3";');
    expect(code).toContain(
      'value: freeze({ errors: freeze({ PanelError: errors$PanelError, createError: errors$createError }), frameChannel })',
    );
    expect(load('another')).toBeNull();
  });
});
