/**
 * Device data as the provider collects it: with `data-collector`, Kount's frame and image reach the
 * assets origin's data path and PayPal's fraud script (the sandbox's stand-in) reads its parameter
 * block and calls its beacon, each naming the sessions the payload's `deviceData` names. No request
 * goes to a `device_data` endpoint, nothing leaves the local origins, nothing breaks the merchant
 * page's policy, and teardown takes the collectors' elements out of the page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { FRAUDNET_STAND_IN_PATHS } from '../../src/shared/flavours';
import { VISA, type CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, guardedTest as test } from './support/fixtures';
import type { PageGuard } from './support/page-guard';

const origins = localOrigins();
const HEX32 = /^[0-9a-f]{32}$/;
const FNCLS = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';
const KOUNT_BASE = `${origins.assets}/sandbox/data`;
const CONFIGURATION = 'client_api/v1/configuration';
const FRAUDNET_SCRIPT = `${origins.gateway}${FRAUDNET_STAND_IN_PATHS.script}`;
const FRAUDNET_BEACON = `${origins.gateway}${FRAUDNET_STAND_IN_PATHS.beacon}`;

// Every test is guarded: its pages' console errors include every Content Security Policy refusal
// of the page and its frames, and there must be none.

/** Opens a card-only panel with `data-collector` and waits until it is ready. */
async function open(panel: PanelPage, authorization: string, dataCollector: object): Promise<void> {
  await panel.openBare(authorization, 'local', { 'data-collector': JSON.stringify(dataCollector) });
  await panel.waitForEvent('ready');
}

/** Pays by card and returns the payload's device data, parsed. */
async function payByCard(panel: PanelPage, card: CardFields): Promise<Record<string, unknown>> {
  await card.ready();
  await card.fill(VISA);
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload?.nonce).toMatch(/^tokencc_/);
  expect(payload?.deviceData).toEqual(expect.any(String));
  return JSON.parse(String(payload?.deviceData)) as Record<string, unknown>;
}

/** What the collectors put into the merchant's document (outside the panel's shadow root). */
async function collectorElements(page: Page) {
  return page.evaluate((fncls) => {
    const frames = [...document.querySelectorAll('body > iframe')] as HTMLIFrameElement[];
    return {
      kountFrames: frames.filter((frame) => frame.src !== '').map((frame) => frame.src),
      kountImages: [...document.querySelectorAll('body > img')].map(
        (image) => (image as HTMLImageElement).src,
      ),
      parameterBlocks: [...document.querySelectorAll(`script[fncls="${fncls}"]`)].map(
        (block) => JSON.parse(block.textContent) as unknown,
      ),
      // The fraud script runs in a frame without a page of its own, which the merchant's document reaches.
      fraudnetScripts: frames
        .filter((frame) => frame.src === '')
        .map((frame) => [...(frame.contentDocument?.scripts ?? [])].map((script) => script.src)),
    };
  }, FNCLS);
}

/** No collector put anything into the page, and the collectors' hosts received nothing. */
async function expectNothingCollected(page: Page, sandbox: Sandbox): Promise<void> {
  expect(await collectorElements(page)).toEqual({
    kountFrames: [],
    kountImages: [],
    parameterBlocks: [],
    fraudnetScripts: [],
  });
  expect(await sandbox.deviceSessions()).toEqual([]);
}

/** No request of the page went to a `device_data` endpoint, and the gateway logged none. */
async function expectNoDeviceDataBeacon(guard: PageGuard, sandbox: Sandbox): Promise<void> {
  expect(guard.requests.filter((request) => request.url.includes('device_data'))).toEqual([]);
  expect(await sandbox.requests('device_data')).toEqual([]);
}

test('Kount and fraudnet receive the sessions the payload’s deviceData names, from the merchant page', async ({
  page,
  panel,
  card,
  guard,
  sandbox,
}) => {
  await open(panel, sandbox.key('demo_merchant'), { kount: true, paypal: true });
  const deviceData = await payByCard(panel, card);
  expect(Object.keys(deviceData)).toEqual(['device_session_id', 'fraud_merchant_id', 'correlation_id']);
  const {
    device_session_id: session,
    fraud_merchant_id: kountMerchant,
    correlation_id: correlation,
  } = deviceData as Record<string, string>;
  expect(session).toMatch(HEX32);
  expect(kountMerchant).toBe('600000');
  expect(correlation).toMatch(HEX32);
  expect(correlation).not.toBe(session);

  // Kount: the frame's page and the image on the environment's data path, with m and s.
  const kount = await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif'], { collector: 'kount' });
  expect(kount.map(({ resource, sessionId, params }) => ({ resource, sessionId, params }))).toEqual([
    { resource: 'logo.htm', sessionId: session, params: { m: '600000', s: session } },
    { resource: 'logo.gif', sessionId: session, params: { m: '600000', s: session } },
  ]);
  for (const record of kount) expect(record.referrer).toBe(`${origins.merchant}/`);

  // Fraudnet: the script loaded, read the parameter block and called the beacon.
  const fraudnet = await sandbox.waitForDeviceSessions(['script', 'parameters', 'beacon'], {
    collector: 'fraudnet',
  });
  expect(fraudnet.filter((record) => record.resource === 'script')).toHaveLength(1);
  const parameters = fraudnet.filter((record) => record.resource === 'parameters');
  expect(parameters.map(({ sessionId, params }) => ({ sessionId, params }))).toEqual([
    {
      sessionId: correlation,
      params: {
        f: correlation,
        s: 'BRAINTREE_SIGNIN',
        b: expect.stringMatching(
          new RegExp(
            `^${FRAUDNET_BEACON.replace(/[.?]/g, '\\$&')}\\?i=127\\.0\\.0\\.1&p=${correlation}&t=\\d+&a=14$`,
          ),
        ) as unknown as string,
      },
    },
  ]);
  const beacons = fraudnet.filter((record) => record.resource === 'beacon');
  expect(beacons.map(({ sessionId, params }) => ({ sessionId, i: params.i, a: params.a }))).toEqual([
    { sessionId: correlation, i: '127.0.0.1', a: '14' },
  ]);
  expect(`${FRAUDNET_BEACON}?${new URLSearchParams(beacons[0]?.params).toString()}`).toBe(
    parameters[0]?.params.b,
  );

  // What is in the merchant's document says the same.
  const query = `?m=600000&s=${session}`;
  expect(await collectorElements(page)).toEqual({
    kountFrames: [`${KOUNT_BASE}/logo.htm${query}`],
    kountImages: [`${KOUNT_BASE}/logo.gif${query}`],
    parameterBlocks: [parameters[0]?.params],
    fraudnetScripts: [[FRAUDNET_SCRIPT]],
  });

  await expectNoDeviceDataBeacon(guard, sandbox);
  // Only the local origins were contacted.
  expect(new Set(guard.requests.map((request) => new URL(request.url).hostname))).toEqual(
    new Set(['localhost']),
  );
});

test('each collector asked for alone adds only its keys and its requests', async ({
  panel,
  card,
  guard,
  sandbox,
}) => {
  await open(panel, sandbox.key('demo_merchant'), { kount: true });
  const kountData = await payByCard(panel, card);
  expect(Object.keys(kountData)).toEqual(['device_session_id', 'fraud_merchant_id']);
  await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif'], {
    sessionId: String(kountData.device_session_id),
  });
  expect(await sandbox.deviceSessions({ collector: 'fraudnet' })).toEqual([]);

  await sandbox.reset();
  await open(panel, sandbox.key('demo_merchant'), { paypal: true });
  const paypalData = await payByCard(panel, card);
  expect(Object.keys(paypalData)).toEqual(['correlation_id']);
  await sandbox.waitForDeviceSessions(['script', 'parameters', 'beacon'], { collector: 'fraudnet' });
  expect(await sandbox.deviceSessions({ sessionId: String(paypalData.correlation_id) })).toHaveLength(2);
  expect(await sandbox.deviceSessions({ collector: 'kount' })).toEqual([]);
  await expectNoDeviceDataBeacon(guard, sandbox);
});

test('teardown takes the collectors’ frames, image and parameter block out of the page', async ({
  page,
  panel,
  sandbox,
}) => {
  await open(panel, sandbox.key('demo_merchant'), { kount: true, paypal: true });
  await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif', 'script', 'parameters', 'beacon']);
  const before = await collectorElements(page);
  expect(before.kountFrames).toHaveLength(1);
  expect(before.kountImages).toHaveLength(1);
  expect(before.parameterBlocks).toHaveLength(1);
  expect(before.fraudnetScripts).toHaveLength(1);

  await page.evaluate(async () => {
    await document.querySelector<PaymentPanelElement>('payment-panel')?.teardown();
  });
  expect(await collectorElements(page)).toEqual({
    kountFrames: [],
    kountImages: [],
    parameterBlocks: [],
    fraudnetScripts: [],
  });
  expect(await page.evaluate(() => document.querySelectorAll('body > iframe, body > img').length)).toBe(0);
  expect(page.frames()).toHaveLength(1);
});

test('Kount for a merchant without Kount is DATA_COLLECTOR_KOUNT_NOT_ENABLED; the card pays without device data', async ({
  page,
  panel,
  card,
  guard,
  sandbox,
}) => {
  await open(panel, sandbox.key('card_only_merchant'), { kount: true, paypal: true });
  expect(await panel.waitForError()).toMatchObject({
    code: 'DATA_COLLECTOR_KOUNT_NOT_ENABLED',
    type: 'MERCHANT',
    message: 'Kount is not enabled for this merchant.',
  });
  await card.ready();
  await card.fill(VISA);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload?.nonce).toMatch(/^tokencc_/);
  expect(payload).not.toHaveProperty('deviceData');
  // Nothing was started: no element in the page, no request to the collectors' hosts.
  await expectNothingCollected(page, sandbox);
  await expectNoDeviceDataBeacon(guard, sandbox);
});

test('Kount follows the configuration’s environment: production’s data path, or DATA_COLLECTOR_KOUNT_ERROR for one it does not know', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await sandbox.overrideAnswers(CONFIGURATION, { environment: 'production' });
  await open(panel, sandbox.key('demo_merchant'), { kount: true });
  const deviceData = await payByCard(panel, card);
  const kount = await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif'], { collector: 'kount' });
  expect(kount.map(({ path, sessionId }) => ({ path, sessionId }))).toEqual([
    { path: '/data/logo.htm', sessionId: deviceData.device_session_id },
    { path: '/data/logo.gif', sessionId: deviceData.device_session_id },
  ]);

  await sandbox.reset();
  await sandbox.overrideAnswers(CONFIGURATION, { environment: 'staging' });
  await panel.openBare(sandbox.key('demo_merchant'), 'local', {
    'data-collector': JSON.stringify({ kount: true }),
  });
  expect(await panel.waitForError()).toMatchObject({
    code: 'DATA_COLLECTOR_KOUNT_ERROR',
    type: 'MERCHANT',
    message: 'staging is not a valid environment for kount.environment.',
  });
  await panel.waitForEvent('ready');
  await expectNothingCollected(page, sandbox);
});

test('the collectors’ hidden frames and image add no accessibility violation to the page', async ({
  page,
  panel,
  sandbox,
}) => {
  await open(panel, sandbox.key('demo_merchant'), { kount: true, paypal: true });
  await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif', 'script', 'parameters', 'beacon']);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target),
  }));
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
});
