// @vitest-environment node
/**
 * The tests never name a default port of the local origins (8443 to 8445): the ports move
 * (docs/sandbox.md, "Ports, certificate and your own pages") and CI runs `npm test` on moved ones.
 * The repository's own ESLint configuration refuses such a port in a test file; this shows it.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { PORT_VARIABLES } from '../../server/origins.ts';

const root = resolve(import.meta.dirname, '../..');

// Made here, not written out: this file is a test too.
const MERCHANT = `localhost:${String(PORT_VARIABLES.PANEL_MERCHANT_PORT)}`;
const ASSETS = `localhost:${String(PORT_VARIABLES.PANEL_ASSETS_PORT)}`;
const GATEWAY = `localhost:${String(PORT_VARIABLES.PANEL_GATEWAY_PORT)}`;

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx,js}'], ...tseslint.configs.disableTypeChecked }],
});

/** The messages of the port rule for `code` as if it were the file at `path`. */
async function portMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax' || message.fatal)
    .map((message) => message.message);
}

describe('a default port in a test', () => {
  // ESLint loads its configuration and plugins on the first file: not part of any one case's time.
  beforeAll(async () => {
    await portMessages('src/client/probe.test.ts', 'export {};');
  }, 60_000);

  it.each([
    ['src/client/probe.test.ts', `export const url = 'https://${GATEWAY}/merchants/m';`],
    ['frames/hosted-fields/probe.test.ts', `export const host = \`http://${ASSETS}/\${String(1)}\`;`],
    ['sandbox/probe.test.ts', `export const origin = 'https://${MERCHANT}';`],
    ['src/methods/paypal/test-support.ts', `export const page = 'https://${ASSETS}/x';`],
    ['sandbox/three-d-secure-test-support.ts', `export const term = 'https://${GATEWAY}/term';`],
    ['sandbox/test-server.ts', `export const TEST_ASSETS_ORIGIN = 'https://${ASSETS}';`],
    ['tests/e2e/probe.spec.ts', `export const gateway = 'https://${GATEWAY}';`],
    ['tests/bench/probe.ts', `export const merchant = 'https://${MERCHANT}/minimal.html';`],
  ])('is refused in %s', async (path, code) => {
    expect(await portMessages(path, code)).toEqual([
      expect.stringContaining("read them with inject('localOrigins') in unit tests"),
    ]);
  });

  it.each([
    [
      'src/client/probe.test.ts',
      "import { inject } from 'vitest';\nexport const url = `${inject('localOrigins').gateway}/merchants/m`;",
    ],
    ['src/client/probe.test.ts', "export const appId = 'shop.test:4443';"],
    ['src/client/probe.test.ts', `export const other = 'https://${GATEWAY}0';`],
    // The defaults themselves, and what code outside the tests says of them.
    [
      'server/origins.ts',
      `export const PORTS = { merchant: ${String(PORT_VARIABLES.PANEL_MERCHANT_PORT)} };`,
    ],
    ['sandbox/state.ts', `/** e.g. \`https://${GATEWAY}\` */\nexport const origin = '';`],
  ])('is not what %s holds: %s', async (path, code) => {
    expect(await portMessages(path, code)).toEqual([]);
  });
});
