// @vitest-environment node
/**
 * The layer rule and the bundle rule (build/layers.js) as `npm run lint` applies them: the
 * repository's own ESLint configuration, without its type-aware rules so that a file that does not
 * exist can be linted.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx,js}'], ...tseslint.configs.disableTypeChecked }],
});

/** The layer rule's messages for `code` as if it were the file at `path`. */
async function layerMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'boundaries/dependencies' || message.fatal)
    .map((message) => message.message);
}

describe('the layer rule', () => {
  it('is part of the lint of src/, frames/, sandbox/, server/ and demo/', async () => {
    for (const file of [
      'src/model/panel-model.ts',
      'frames/hosted-fields/frame.ts',
      'sandbox/gateway.ts',
      'sandbox/stand-ins/cardinal.ts',
      'server/serve.ts',
      'demo/demo.js',
    ]) {
      const config = (await eslint.calculateConfigForFile(resolve(root, file))) as {
        rules: Record<string, unknown>;
      };
      expect(config.rules['boundaries/dependencies'], file).toBeDefined();
    }
    // The first call loads ESLint's configuration and plugins, cold: seconds on a busy machine.
  }, 30_000);

  it.each([
    [
      'src/model/probe.ts',
      "import { PanelController } from '../controller';",
      'model may not import controller',
    ],
    ['src/client/probe.ts', "import { emptyModel } from '../model';", 'client may not import model'],
    ['src/shared/probe.ts', "import { httpRequest } from '../client/http';", 'shared may not import client'],
    [
      'src/methods/vault/probe.ts',
      "import { createPanel } from '../../element/create-panel';",
      'methods may not import element',
    ],
    [
      'src/controller/probe.ts',
      "import { PanelRoot } from '../view/PanelRoot';",
      'controller may not import view',
    ],
    ['src/index-probe.ts', "import { Sheets } from './view/Sheets';", 'entry may not import view'],
    [
      'src/view/probe.ts',
      "import { PanelController } from '../controller/panel-controller';",
      'view may not import controller',
    ],
    ['src/view/probe.ts', "import { createClient } from '../client';", 'view may not import client'],
    [
      'src/shared/probe.ts',
      "import { format } from '../../frames/hosted-fields/format';",
      'shared may not import frame',
    ],
    [
      'src/client/probe.ts',
      "import { start } from '../../sandbox/gateway';",
      'client may not import sandbox',
    ],
    [
      'src/controller/probe.ts',
      "import { SONGBIRD_PATH } from '../../sandbox/stand-ins/cardinal';",
      'controller may not import sandbox',
    ],
    ['src/shared/probe.ts', "import { distDir } from '../../server/build';", 'shared may not import server'],
    [
      'frames/hosted-fields/probe.ts',
      "import { localOrigins } from '../../server/origins';",
      'frame may not import server',
    ],
    [
      'src/model/probe.ts',
      "import { MODULE_ENTRIES } from '../../build/modules';",
      'model may not import build',
    ],
    [
      'frames/paypal/probe.ts',
      "import { bank } from '../three-d-secure/bank';",
      'frame may not import frame',
    ],
    [
      'frames/paypal/probe.ts',
      "import { emit } from '../../src/controller/events';",
      'frame may not import controller',
    ],
    [
      'frames/shared/probe.ts',
      "import { format } from '../hosted-fields/format';",
      'frames-shared may not import frame',
    ],
    ['sandbox/probe.ts', "import { createClient } from '../src/client';", 'sandbox may not import client'],
    [
      'sandbox/probe.ts',
      "import { createError } from '../src/shared/errors';",
      'sandbox may not import shared',
    ],
    [
      'sandbox/probe.ts',
      "import { FRAME_MESSAGE_TYPES } from '../src/shared/frame-messages';",
      'sandbox may not import shared',
    ],
    [
      'sandbox/stand-ins/probe.ts',
      "import { createClient } from '../../src/client';",
      'sandbox may not import client',
    ],
    [
      'server/probe.ts',
      "import { BUNDLE_URL } from '../src/shared/bundle-location';",
      'server may not import shared',
    ],
    ['server/probe.ts', "import { httpRequest } from '../src/client/http';", 'server may not import client'],
    ['sandbox/probe.ts', "import { origins } from '../server/origins';", 'sandbox may not import server'],
    [
      'demo/probe.js',
      "import { ENDPOINTS } from '../src/shared/endpoints';",
      'merchant-page may not import shared',
    ],
    [
      'demo/probe.js',
      "import { MERCHANTS } from '../sandbox/merchants';",
      'merchant-page may not import sandbox',
    ],
    [
      'demo/provider-sdk/probe.js',
      "import { localOrigins } from '../../server/origins';",
      'merchant-page may not import server',
    ],
    ['src/model/probe.ts', "import { useState } from 'react';", 'Only the view imports React'],
    [
      'frames/hosted-fields/probe.ts',
      "import { createRoot } from 'react-dom/client';",
      'Only the view imports React',
    ],
    [
      'src/controller/probe.ts',
      "import { SheetCoordinator } from './runtime/coordinator';",
      'modules/panel is loaded on demand: outside its folder, import only its types',
    ],
    [
      'src/controller/runtime/probe.ts',
      "import { CardFrames } from '../card-frames';",
      "reads the first script's code through the files of CORE_EXPORTS",
    ],
    [
      'src/controller/runtime/probe.ts',
      "import { createPayPalWallet } from '../../methods/paypal/paypal-wallet';",
      'modules/paypal is loaded on demand',
    ],
    [
      'src/methods/paypal/probe.ts',
      "import { createApplePay } from '../apple-pay/apple-pay';",
      'modules/apple-pay is loaded on demand',
    ],
    [
      'src/methods/hosted-fields/probe.ts',
      "import { createHostedFields } from './standalone/create-hosted-fields';",
      'modules/hosted-fields is loaded on demand',
    ],
  ])('reports %s importing against the direction: %s', async (path, code, expected) => {
    const messages = await layerMessages(path, `${code}\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it.each([
    ['src/index-probe.ts', "import { PaymentPanelElement } from './element/payment-panel-element';"],
    ['src/element/probe.ts', "import { PanelController } from '../controller';"],
    ['src/controller/probe.ts', "import { openHostedFields } from '../methods/hosted-fields';"],
    ['src/view/probe.ts', "import { viewControllerOf } from '../controller';"],
    ['src/view/probe.ts', "import { useState } from 'react';"],
    ['src/methods/vault/probe.ts', "import type { RawPaymentMethod } from '../../model';"],
    ['src/model/probe.ts', "import type { GatewayConfiguration } from '../client/configuration';"],
    ['src/client/probe.ts', "import { ENDPOINTS } from '../shared/endpoints';"],
    ['frames/paypal/probe.ts', "import { readReturn } from './return';"],
    ['frames/three-d-secure/probe.ts', "import { joinChannel } from '../shared/join-channel';"],
    ['frames/hosted-fields/probe.ts', "import { httpRequest } from '../../src/client/http';"],
    ['sandbox/probe.ts', "import { ENDPOINTS } from '../src/shared/endpoints';"],
    ['sandbox/stand-ins/probe.ts', "import { CARDINAL_STAND_IN_FOLDER } from '../../src/shared/flavours';"],
    ['sandbox/stand-ins/probe.ts', "import { errorReply } from '../http';"],
    ['sandbox/probe.ts', "import { cardinalRoutes } from './stand-ins/cardinal';"],
    ['server/probe.ts', "import { deviceSessions } from '../sandbox/device-sessions';"],
    ['server/probe.ts', "import type { Flavour } from '../src/shared/flavours';"],
    ['src/controller/probe.ts', "import type { SheetCoordinator } from './runtime/coordinator';"],
    ['src/controller/probe.test.ts', "import { SheetCoordinator } from './runtime/coordinator';"],
    ['src/controller/runtime/probe.ts', "import { BANK_FRAME_SLOT } from '../index';"],
    ['src/controller/runtime/probe.ts', "import type { CardFrames } from '../card-frames';"],
    ['src/controller/runtime/probe.ts', "import { PanelModel } from '../../model/panel-model';"],
    ['src/methods/paypal/probe.ts', "import { walletModule } from '../wallet';"],
  ])('lets %s import down the layers: %s', async (path, code) => {
    expect(await layerMessages(path, `${code}\n`)).toEqual([]);
  });
});

/** The test helpers' rule's messages for `code` as if it were the file at `path`. */
async function helperMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal)
    .map((message) => message.message);
}

describe('the test helpers', () => {
  it.each([
    ['src/controller/probe.ts', "import { fakeCardFrames } from './test-support';"],
    ['src/view/probe.ts', "import { optionSamples } from '../shared/shape-samples';"],
    ['frames/hosted-fields/probe.ts', "import { fieldFrame } from './test-support.ts';"],
    ['sandbox/probe.ts', "import { useSandbox } from './test-server';"],
    ['sandbox/stand-ins/probe.ts', "import { approve } from '../paypal-test-support';"],
    ['server/probe.ts', "import { lookup } from '../sandbox/three-d-secure-test-support';"],
    ['build/probe.ts', "export { optionSamples } from '../src/shared/shape-samples';"],
  ])('are refused to %s: %s', async (path, code) => {
    expect(await helperMessages(path, `${code}\n`)).toEqual([
      expect.stringContaining('Only tests import test helpers'),
    ]);
  });

  it.each([
    ['src/controller/probe.test.ts', "import { fakeCardFrames } from './test-support';"],
    ['src/view/probe.test.tsx', "import { optionSamples } from '../shared/shape-samples';"],
    ['src/controller/test-support.ts', "import { optionSamples } from '../shared/shape-samples';"],
    ['sandbox/paypal-test-support.ts', "import { useSandbox } from './test-server';"],
    ['tests/e2e/probe.spec.ts', "import { optionSamples } from '../../src/shared/shape-samples';"],
    // The sandbox's own test values are the sandbox's, not a test's.
    ['sandbox/probe.ts', "import { SEED_CUSTOMER } from './test-values';"],
  ])('are open to %s: %s', async (path, code) => {
    expect(await helperMessages(path, `${code}\n`)).toEqual([]);
  });
});
