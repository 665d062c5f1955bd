/**
 * Apple Pay through the simulator (Chromium has no ApplePaySession): paying, cancelling, each
 * error, the request bodies of the wire protocol (docs/protocol.md), and the option's absence where
 * Apple Pay cannot run.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';

const APPLE_PAY = JSON.stringify({
  displayName: 'Demo store',
  paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
});
const SESSIONS = '/v1/apple_pay_web/sessions';
const TOKENS = '/v1/payment_methods/apple_payment_tokens';

/** Installs the simulator before any page script, with optional settings. */
async function installSimulator(page: Page, settings: Record<string, unknown> = {}): Promise<void> {
  await page.addInitScript((preset) => {
    (window as unknown as { applePaySimulator: unknown }).applePaySimulator = preset;
  }, settings);
  await page.addInitScript({ path: 'sandbox/stand-ins/apple-pay-simulator.js' });
}

/** Opens a checkout with Apple Pay configured and shows the Apple Pay sheet. */
async function openApplePay(panel: PanelPage, authorization: string): Promise<void> {
  await panel.openBare(authorization, 'local', { 'apple-pay': APPLE_PAY });
  await panel.waitForEvent('ready');
  await panel.option('applePay').click();
}

function sheet(page: Page) {
  return page.getByRole('dialog', { name: 'Apple Pay (simulated)' });
}

async function pay(page: Page, panel: PanelPage): Promise<void> {
  await panel.element.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await expect(sheet(page)).toHaveAttribute('data-apple-pay-simulator', 'ready');
  await sheet(page).getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
}

test('a shopper pays with Apple Pay; the bodies are the protocol’s (docs/protocol.md)', async ({
  page,
  panel,
  sandbox,
}) => {
  await installSimulator(page);
  await openApplePay(panel, sandbox.key('demo_merchant'));
  await expect(panel.element.locator('#applePay-sheet-label')).toHaveText('Apple Pay');
  await pay(page, panel);
  await expect(sheet(page)).toHaveCount(0);

  await expect(panel.savedMethods()).toHaveText([/Apple Pay.*Ending in ••81/]);
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Apple Pay');
  await expect
    .poll(
      async () => (await panel.events()).filter((e) => e.name === 'paymentMethodRequestable').at(-1)?.detail,
    )
    .toEqual({ type: 'ApplePayCard', paymentMethodIsSelected: true });
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({
    type: 'ApplePayCard',
    details: { cardType: 'Apple Pay - Visa', dpanLastTwo: '81' },
  });
  expect(payload?.nonce).toMatch(/^tokenap_/);
  expect(payload?.binData).toEqual(expect.any(Object));
  expect(payload).not.toHaveProperty('description');
  expect(payload).not.toHaveProperty('vaulted');
  expect(
    await page.evaluate(
      () =>
        (window as unknown as { applePaySimulator: { lastStatus: unknown } }).applePaySimulator.lastStatus,
    ),
  ).toBe(0);

  const [session] = await sandbox.requests(SESSIONS);
  expect(session?.body).toMatchObject({
    applePayWebSession: {
      validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
      domainName: 'localhost',
      merchantIdentifier: 'merchant.com.example.sandbox.demo',
      displayName: 'Demo store',
    },
    _meta: { source: 'apple-pay' },
  });
  const [token] = await sandbox.requests(TOKENS);
  const sent = (token?.body as { applePaymentToken: Record<string, unknown> }).applePaymentToken;
  expect(sent).toMatchObject({
    paymentMethod: { network: 'Visa', type: 'debit' },
    transactionIdentifier: expect.stringMatching(/^[0-9A-F]{64}$/),
  });
  const paymentData = JSON.parse(Buffer.from(String(sent.paymentData), 'base64').toString()) as Record<
    string,
    unknown
  >;
  expect(paymentData).toMatchObject({ version: 'EC_v1', header: expect.any(Object) });
  // The payment request carried the gateway's defaults under the merchant's total.
  const request = await page.evaluate(
    () =>
      (window as unknown as { applePaySimulator: { lastRequest: unknown } }).applePaySimulator.lastRequest,
  );
  expect(request).toMatchObject({
    countryCode: 'US',
    currencyCode: 'USD',
    merchantCapabilities: ['supports3DS'],
    supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    total: { label: 'Demo store', amount: '10.00' },
  });
});

test('cancelling the payment sheet leaves the panel usable, and a second try pays', async ({
  page,
  panel,
  sandbox,
}) => {
  await installSimulator(page);
  await openApplePay(panel, sandbox.key('demo_merchant'));
  await panel.element.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  await expect(sheet(page)).toHaveAttribute('data-apple-pay-simulator', 'ready');
  await sheet(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet(page)).toHaveCount(0);
  expect(await panel.isRequestable()).toBe(false);
  expect((await panel.events()).filter((e) => e.name === 'errorOccurred')).toEqual([]);
  expect(await sandbox.requests(TOKENS)).toEqual([]);

  await pay(page, panel);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  expect(await sandbox.requests(TOKENS)).toHaveLength(1);
});

const failures: {
  name: string;
  code: string;
  message: RegExp;
  setup: (fixtures: { page: Page; sandbox: Sandbox }) => Promise<void>;
  authorize: boolean;
}[] = [
  {
    name: 'the gateway refuses merchant validation',
    code: 'APPLE_PAY_MERCHANT_VALIDATION_FAILED',
    message: /^Make sure you have registered your domain name in the provider's control panel\.$/,
    setup: ({ sandbox }) => sandbox.inject({ match: SESSIONS, kind: '422' }),
    authorize: false,
  },
  {
    name: 'merchant validation meets a gateway failure',
    code: 'APPLE_PAY_MERCHANT_VALIDATION_NETWORK',
    message: /^A network error occurred when validating the Apple Pay merchant\.$/,
    setup: ({ sandbox }) => sandbox.inject({ match: SESSIONS, kind: '500' }),
    authorize: false,
  },
  {
    name: 'Apple sends no validation URL',
    code: 'APPLE_PAY_VALIDATION_URL_REQUIRED',
    message: /^performValidation must be called with a validationURL\.$/,
    setup: ({ page }) => installSimulator(page, { faults: { missingValidationURL: true } }),
    authorize: false,
  },
  {
    name: 'tokenization fails at the gateway',
    code: 'APPLE_PAY_TOKENIZATION',
    message: /^A network error occurred when processing the Apple Pay payment\.$/,
    setup: ({ sandbox }) => sandbox.inject({ match: TOKENS, kind: '500' }),
    authorize: true,
  },
  {
    name: 'Apple hands over no payment token',
    code: 'APPLE_PAY_PAYMENT_TOKEN_REQUIRED',
    message: /^tokenize must be called with a payment token\.$/,
    setup: ({ page }) => installSimulator(page, { faults: { missingToken: true } }),
    authorize: true,
  },
];

for (const failure of failures) {
  test(`${failure.name}: ${failure.code}, the sheet closes and the panel stays usable`, async ({
    page,
    panel,
    sandbox,
  }) => {
    await failure.setup({ page, sandbox });
    if (!failure.name.startsWith('Apple ')) await installSimulator(page);
    await openApplePay(panel, sandbox.key('demo_merchant'));
    await panel.element.getByRole('button', { name: 'Pay with Apple Pay' }).click();
    if (failure.authorize) {
      await expect(sheet(page)).toHaveAttribute('data-apple-pay-simulator', 'ready');
      await sheet(page).getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
    }
    const error = await panel.waitForError();
    expect(error.code).toBe(failure.code);
    expect(error.message).toMatch(failure.message);
    await expect(sheet(page)).toHaveCount(0);
    await expect(panel.element.locator('[part="sheet-error"]')).toBeVisible();
    expect(await panel.isRequestable()).toBe(false);
    if (failure.authorize) {
      const status = await page.evaluate(
        () =>
          (window as unknown as { applePaySimulator: { lastStatus: unknown } }).applePaySimulator.lastStatus,
      );
      expect(status).toBe(1);
    }
    // The shopper can still pay another way.
    await panel.chooseOption('card');
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
  });
}

test('a merchant without Apple Pay hears APPLE_PAY_NOT_ENABLED and keeps the card', async ({
  sandbox,
  page,
  panel,
}) => {
  await installSimulator(page);
  await panel.openBare(sandbox.key('card_only_merchant'), 'local', { 'apple-pay': APPLE_PAY });
  expect(await panel.waitForError()).toMatchObject({
    code: 'APPLE_PAY_NOT_ENABLED',
    message: 'Apple Pay is not enabled for this merchant.',
  });
  await panel.waitForEvent('ready');
  await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
  await expect(panel.option('applePay')).toHaveCount(0);
});

test('without an ApplePaySession the option is absent', async ({ sandbox, panel }) => {
  await panel.openBare(sandbox.key('demo_merchant'), 'local', { 'apple-pay': APPLE_PAY });
  await panel.waitForEvent('ready');
  await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
  await expect(panel.option('applePay')).toHaveCount(0);
});

test('when the device cannot make payments the option is absent', async ({ sandbox, page, panel }) => {
  await installSimulator(page, { canMakePayments: false });
  await panel.openBare(sandbox.key('demo_merchant'), 'local', { 'apple-pay': APPLE_PAY });
  await panel.waitForEvent('ready');
  await expect(panel.option('applePay')).toHaveCount(0);
});

test.describe('on a page that is not HTTPS', () => {
  let server: Server;
  let url: string;
  test.beforeAll(async () => {
    const origins = localOrigins();
    // The page of the test that asks for it: its authorization is the test's key, in the query.
    const html = (
      authorization: string,
    ): string => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>http checkout</title>
<script src="${origins.merchant}/apple-pay-simulator.js"></script>
<script src="${origins.assets}/payment-panel/${pkg.version}/payment-panel.min.js" crossorigin="anonymous"></script>
</head><body><payment-panel authorization="${authorization}" apple-pay='${APPLE_PAY}'></payment-panel></body></html>`;
    server = createServer((req, res) => {
      const authorization =
        new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('authorization') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html(authorization.replace(/[^\w]/g, '')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  test('the option is absent even with an ApplePaySession', async ({ page, panel, sandbox }) => {
    await page.goto(`${url}?authorization=${sandbox.key('demo_merchant')}`);
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    await expect(panel.element.locator('[part="option"]')).toHaveCount(0);
    expect(await page.evaluate(() => typeof (window as { ApplePaySession?: unknown }).ApplePaySession)).toBe(
      'function',
    );
  });
});

test('the demo turns the simulator on with a visible switch, and pays with it', async ({ page, panel }) => {
  await panel.openDemo();
  await panel.waitForEvent('ready');
  await expect(panel.option('applePay')).toHaveCount(0);
  const simulatorSwitch = page.getByLabel('Simulate Apple Pay in this browser');
  await simulatorSwitch.check();
  await page.waitForLoadState('load');
  await expect(simulatorSwitch).toBeChecked();
  await panel.chooseOption('applePay');
  await pay(page, panel);
  await expect(panel.savedMethods()).toHaveText([/Apple Pay.*Ending in ••81/]);
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.locator('#result')).toHaveText(/^Nonce for your server: tokenap_/);
  await simulatorSwitch.uncheck();
  await page.waitForLoadState('load');
  await expect(simulatorSwitch).not.toBeChecked();
});
