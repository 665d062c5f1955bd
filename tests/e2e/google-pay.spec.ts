/**
 * Google Pay through the sandbox's stand-in for Google's pay.js: paying from a plain page and from
 * the demo, cancelling, each error, a request the stand-in refuses, `create()` with the drop-in's
 * option, saved Google Pay cards never listed, and a card-only page that never fetches Google Pay's files.
 */
import type { Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import { GOOGLE_PAY_STAND_IN_PATH } from '../../src/shared/flavours';
import type { PanelPage } from './models/panel';
import { cardFramesAnswered } from './support/card-frames';
import { expect, test } from './support/fixtures';
import { installClock, pauseClock, toJustBeforeTimeout } from './support/clock';

const TRANSACTION = {
  currencyCode: 'USD',
  totalPriceStatus: 'FINAL',
  totalPrice: '10.00',
  countryCode: 'US',
};
const GOOGLE_PAY = { merchantId: 'BCR2DN4TEST', transactionInfo: TRANSACTION };
const TOKENS = '/google-pay/tokens';
const MODULE_FILE = `/payment-panel/${pkg.version}/modules/google-pay.min.js`;

/** Sets the stand-in's presets before any script runs (see sandbox/stand-ins/google-pay-stand-in.js). */
async function presetStandIn(page: Page, preset: Record<string, unknown>): Promise<void> {
  await page.addInitScript((values) => {
    (window as unknown as { googlePayStandIn: unknown }).googlePayStandIn = values;
  }, preset);
}

/** What the stand-in recorded of the panel's calls. */
async function standIn(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    () => (window as unknown as { googlePayStandIn: Record<string, unknown> }).googlePayStandIn,
  );
}

/** Opens a plain page offering Google Pay, ready. */
async function openGooglePay(
  panel: PanelPage,
  authorization: string,
  option: Record<string, unknown> = GOOGLE_PAY,
): Promise<void> {
  await panel.openBare(authorization, 'local', { 'google-pay': JSON.stringify(option) });
  await panel.waitForEvent('ready');
}

function googleButton(panel: PanelPage) {
  return panel.element.getByRole('button', { name: 'Buy with Google Pay' });
}

function sheet(page: Page) {
  return page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
}

/** Opens the Google Pay sheet from wherever the panel is and starts a payment. */
async function startPayment(page: Page, panel: PanelPage): Promise<void> {
  await panel.chooseOption('googlePay');
  await expect(panel.element.locator('#googlePay-sheet-label')).toHaveText('Google Pay');
  await googleButton(panel).click();
  await expect(sheet(page)).toHaveAttribute('data-google-pay-stand-in', 'ready');
}

async function pay(page: Page, panel: PanelPage, card = 'visa'): Promise<void> {
  await startPayment(page, panel);
  await sheet(page).locator(`[data-card="${card}"]`).click();
  await expect(sheet(page)).toHaveCount(0);
}

/** Whether the sandbox's checkout knows a nonce, as a merchant's server would post it. */
async function checkout(page: Page, nonce: string): Promise<string> {
  const response = await page.request.post(`${localOrigins().gateway}/sandbox/checkout`, {
    form: { payment_method_nonce: nonce },
  });
  return response.text();
}

test('a shopper pays with Google Pay on a plain page; the request is the protocol’s (docs/protocol.md)', async ({
  page,
  panel,
  sandbox,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'));
  await expect(panel.option('googlePay').locator('.option-label')).toHaveText('Google Pay');
  await pay(page, panel);

  await expect(panel.savedMethods()).toHaveText([/Google Pay.*Visa Ending in ••11/]);
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Google Pay');
  await expect
    .poll(
      async () => (await panel.events()).filter((e) => e.name === 'paymentMethodRequestable').at(-1)?.detail,
    )
    .toEqual({ type: 'AndroidPayCard', paymentMethodIsSelected: true });
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toEqual({
    nonce: expect.stringMatching(/^tokenan_sb_/),
    type: 'AndroidPayCard',
    description: 'Android Pay',
    details: { cardType: 'Visa', lastFour: '1111', lastTwo: '11', isNetworkTokenized: false, bin: '411111' },
    binData: expect.objectContaining({ prepaid: 'Unknown' }),
  });
  expect(await checkout(page, String(payload?.nonce))).toContain('Known nonce: yes (AndroidPayCard)');

  const recorded = await standIn(page);
  expect(recorded.environment).toBe('TEST');
  const request = recorded.lastPaymentDataRequest as Record<string, unknown>;
  expect(request).toEqual({
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantId: 'BCR2DN4TEST' },
    transactionInfo: TRANSACTION,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX', 'DISCOVER'],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: {
            gateway: 'braintree',
            'braintree:merchantId': 'demo_merchant',
            'braintree:apiVersion': 'v1',
            'braintree:sdkVersion': '3.26.0',
            'braintree:metadata': expect.any(String),
            'braintree:authorizationFingerprint': 'sandbox-google-fingerprint-demo-merchant',
          },
        },
      },
    ],
  });
  const method = (
    request.allowedPaymentMethods as Record<string, Record<string, Record<string, string>>>[]
  )[0];
  expect(JSON.parse(method?.tokenizationSpecification?.parameters?.['braintree:metadata'] ?? '')).toEqual({
    source: 'client',
    integration: 'dropin2',
    sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    version: '3.26.0',
    platform: 'web',
  });
  expect(recorded.lastIsReadyToPayRequest).toEqual({
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: request.allowedPaymentMethods,
  });
  // The panel itself sent nothing to the gateway for the payment: Google's side minted the nonce.
  expect((await sandbox.requests('/client_api/v1/payment_methods')).map((r) => r.path)).toEqual([]);
  expect(await sandbox.requests(TOKENS)).toHaveLength(1);
});

test('the demo checkout offers Google Pay with the stand-in; its nonce checks out', async ({
  page,
  panel,
}) => {
  await panel.openDemo();
  await panel.waitForEvent('ready');
  await pay(page, panel, 'mastercard');
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page.locator('#result')).toContainText('tokenan_sb_');
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({
    type: 'AndroidPayCard',
    details: { cardType: 'MasterCard', lastFour: '4444', isNetworkTokenized: true },
    deviceData: expect.any(String),
  });
  expect(await checkout(page, String(payload?.nonce))).toContain('Known nonce: yes (AndroidPayCard)');
});

test('cancelling Google’s sheet is silent; the panel stays usable and a second try pays', async ({
  page,
  panel,
  sandbox,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'));
  await startPayment(page, panel);
  await sheet(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet(page)).toHaveCount(0);
  expect(await panel.isRequestable()).toBe(false);
  expect((await panel.events()).filter((e) => e.name === 'errorOccurred')).toEqual([]);
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
  expect(await sandbox.requests(TOKENS)).toEqual([]);

  await googleButton(panel).click();
  await sheet(page).locator('[data-card="amex"]').click();
  await expect.poll(() => panel.isRequestable()).toBe(true);
  expect((await panel.requestPaymentMethod()).payload?.details).toMatchObject({
    cardType: 'American Express',
  });
  expect(await sandbox.requests(TOKENS)).toHaveLength(1);
});

test('a token holding the gateway’s error is GOOGLE_PAYMENT_GATEWAY_ERROR; the card still pays', async ({
  sandbox,
  page,
  panel,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'));
  await pay(page, panel, 'refused');
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_GATEWAY_ERROR',
    type: 'UNKNOWN',
    message: 'There was an error when tokenizing the Google Pay payment method.',
    details: { originalError: { message: 'Credit card type is not accepted by this merchant account.' } },
  });
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
    'Google Pay could not complete the payment. Please try again or choose another way to pay.',
  );
  expect(await panel.isRequestable()).toBe(false);
  await panel.chooseOption('card');
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
});

for (const statusCode of ['BUYER_ACCOUNT_ERROR', 'MERCHANT_ACCOUNT_ERROR', 'INTERNAL_ERROR']) {
  test(`Google’s ${statusCode} is GOOGLE_PAYMENT_REQUEST_FAILED; a second try pays`, async ({
    sandbox,
    page,
    panel,
  }) => {
    await presetStandIn(page, { statusCode });
    await openGooglePay(panel, sandbox.key('demo_merchant'));
    await panel.chooseOption('googlePay');
    await googleButton(panel).click();
    const error = await panel.waitForError();
    expect(error).toMatchObject({
      code: 'GOOGLE_PAYMENT_REQUEST_FAILED',
      type: 'UNKNOWN',
      message: `Google Pay could not complete the payment (${statusCode}).`,
      details: { statusCode, statusMessage: `The sandbox answered ${statusCode} as asked.` },
    });
    await expect(panel.element.locator('[part="sheet-error"]')).toBeVisible();
    await googleButton(panel).click();
    await sheet(page).locator('[data-card="visa"]').click();
    await expect.poll(() => panel.isRequestable()).toBe(true);
  });
}

test('a malformed request is refused by the stand-in with DEVELOPER_ERROR and Google’s message', async ({
  sandbox,
  page,
  panel,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'), {
    transactionInfo: { ...TRANSACTION, totalPrice: '10.999' },
  });
  await panel.chooseOption('googlePay');
  await googleButton(panel).click();
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_REQUEST_FAILED',
    message: 'Google Pay could not complete the payment (DEVELOPER_ERROR).',
    details: {
      statusCode: 'DEVELOPER_ERROR',
      statusMessage:
        'transactionInfo.totalPrice must be a decimal string with at most two decimals but was: "10.999"',
    },
  });
  await expect(sheet(page)).toHaveCount(0);
  // A merchant override that breaks the request is refused the same way, and the card still works.
  await panel.chooseOption('card');
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
});

test('an override of the card method the stand-in cannot take fails isReadyToPay: the option is dropped', async ({
  sandbox,
  panel,
}) => {
  await panel.openBare(sandbox.key('demo_merchant'), 'local', {
    'google-pay': JSON.stringify({
      ...GOOGLE_PAY,
      allowedPaymentMethods: [{ type: 'CARD', parameters: { allowedCardNetworks: ['VISA', 'NOPE'] } }],
    }),
  });
  await panel.waitForEvent('ready');
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_REQUEST_FAILED',
    details: { statusCode: 'DEVELOPER_ERROR' },
  });
  expect(String(error.details?.statusMessage)).toContain('allowedCardNetworks');
  await expect(panel.element.locator('[part="option"]')).toHaveCount(0);
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
});

test('isReadyToPay answering false leaves Google Pay out without a word', async ({
  sandbox,
  page,
  panel,
}) => {
  await presetStandIn(page, { isReadyToPay: false });
  await openGooglePay(panel, sandbox.key('demo_merchant'));
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
  await expect(panel.option('googlePay')).toHaveCount(0);
  expect((await panel.events()).filter((e) => e.name === 'errorOccurred')).toEqual([]);
  await expect(panel.element.locator('[slot="google-pay-button"]')).toHaveCount(0);
});

test('a merchant without Google Pay hears GOOGLE_PAYMENT_NOT_ENABLED once; nothing of Google Pay loads', async ({
  sandbox,
  page,
  panel,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await openGooglePay(panel, sandbox.key('card_only_merchant'));
  const errors = (await panel.events()).filter((e) => e.name === 'errorOccurred');
  expect(errors.map((e) => e.detail)).toEqual([
    expect.objectContaining({
      code: 'GOOGLE_PAYMENT_NOT_ENABLED',
      type: 'MERCHANT',
      message: 'Google Pay is not enabled for this merchant.',
    }),
  ]);
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
  expect(requested.filter((url) => url.includes('google-pay'))).toEqual([]);
});

test('googlePayVersion other than 2 is GOOGLE_PAYMENT_UNSUPPORTED_VERSION; the option is dropped', async ({
  sandbox,
  panel,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'), { ...GOOGLE_PAY, googlePayVersion: 1 });
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_UNSUPPORTED_VERSION',
    type: 'MERCHANT',
    message:
      'The SDK does not support Google Pay version 1. Please upgrade the version of your SDK and contact support if this error persists.',
  });
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
  await expect(panel.option('googlePay')).toHaveCount(0);
});

test('a button option Google does not know is INVALID_OPTION; the card still pays', async ({
  sandbox,
  panel,
}) => {
  await openGooglePay(panel, sandbox.key('demo_merchant'), {
    ...GOOGLE_PAY,
    button: { buttonColor: 'pink' },
  });
  const error = await panel.waitForError();
  expect(error).toMatchObject({ code: 'INVALID_OPTION', message: 'The googlePay option is invalid.' });
  expect(String(error.details?.reason)).toContain('"button.buttonColor" does not fit');
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
});

test('Google’s script failing to load is GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED; the option is dropped', async ({
  panel,
  sandbox,
}) => {
  await sandbox.inject({ call: 'googlePayScript', kind: '500' });
  await openGooglePay(panel, sandbox.key('demo_merchant'));
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED',
    type: 'NETWORK',
    message: "Google Pay's script could not be loaded.",
    details: { url: `${localOrigins().gateway}${GOOGLE_PAY_STAND_IN_PATH}` },
  });
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
  await expect(panel.option('googlePay')).toHaveCount(0);
});

test('Google’s script that never arrives times out after 30 s with GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT', async ({
  page,
  panel,
  sandbox,
}) => {
  await sandbox.inject({ call: 'googlePayScript', kind: 'timeout' });
  const earliest = await installClock(page);
  await panel.openBare(
    sandbox.key('demo_merchant'),
    'local',
    { 'google-pay': JSON.stringify(GOOGLE_PAY) },
    { waitUntil: 'domcontentloaded' },
  );
  await sandbox.waitForRequest(GOOGLE_PAY_STAND_IN_PATH);
  await cardFramesAnswered(page, 4);
  const pausedAt = await pauseClock(page);
  const past = await toJustBeforeTimeout(page, { earliest, pausedAt, timeout: 30_000, margin: 1_000 });
  expect((await panel.events()).filter((e) => e.name === 'ready')).toEqual([]);
  await past();
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT',
    message: "Google Pay's script did not load within 30 seconds.",
  });
  await panel.waitForEvent('ready');
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
});

test('create() takes the drop-in’s googlePay option unchanged and offers Google Pay', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openBare(undefined);
  await page.evaluate(
    async ({ authorization, googlePay }) => {
      document.querySelector('payment-panel')?.remove();
      const main = document.querySelector('main') as HTMLElement;
      await (
        window as unknown as { paymentPanel: { create(options: unknown): Promise<unknown> } }
      ).paymentPanel.create({
        authorization,
        container: main,
        paymentOptionPriority: ['googlePay', 'card'],
        googlePay: {
          googlePayVersion: 2,
          ...googlePay,
          button: { buttonType: 'pay', buttonSizeMode: 'fill' },
        },
      });
    },
    { authorization: sandbox.key('demo_merchant'), googlePay: GOOGLE_PAY },
  );
  await expect(panel.element.locator('[part="option"] .option-label')).toHaveText(['Google Pay', 'Card']);
  expect((await standIn(page)).lastButtonOptions).toEqual({
    buttonType: 'pay',
    buttonSizeMode: 'fill',
    onClick: 'function',
    buttonRootNode: 'ShadowRoot',
  });
  await panel.chooseOption('googlePay');
  await panel.element.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await sheet(page).locator('[data-card="discover"]').click();
  await expect.poll(() => panel.isRequestable()).toBe(true);
});

test('create() for a merchant without Google Pay resolves; the element alone says why', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openBare(undefined);
  const outcome = await page.evaluate(
    async ({ authorization, googlePay }) => {
      document.querySelector('payment-panel')?.remove();
      const codes: string[] = [];
      document.addEventListener('errorOccurred', (event) => {
        codes.push((event as CustomEvent<{ code: string }>).detail.code);
      });
      const instance = await (
        window as unknown as { paymentPanel: { create(options: unknown): Promise<unknown> } }
      ).paymentPanel.create({ authorization, container: 'main', googlePay });
      return { created: instance !== undefined, codes };
    },
    { authorization: sandbox.key('card_only_merchant'), googlePay: GOOGLE_PAY },
  );
  expect(outcome).toEqual({ created: true, codes: ['GOOGLE_PAYMENT_NOT_ENABLED'] });
});

test('a saved Google Pay card is never listed, as in the drop-in, even with Google Pay offered', async ({
  panel,
  sandbox,
}) => {
  const token = await sandbox.clientToken('demo_merchant', 'google_pay_shopper');
  await panel.openBare(token, 'local', { 'google-pay': JSON.stringify(GOOGLE_PAY) });
  await panel.waitForEvent('ready');
  await expect(panel.element.locator('[part="option"] .option-label')).toContainText(['Google Pay']);
  await expect(panel.savedMethods()).toHaveCount(0);
  expect((await panel.requestPaymentMethod()).error?.code).toBe('NO_PAYMENT_METHOD_AVAILABLE');
});

test('a card-only page never requests the Google Pay file or Google’s script', async ({
  page,
  panel,
  sandbox,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const token = await sandbox.clientToken('demo_merchant', 'google_pay_shopper');
  await panel.openBare(token);
  await panel.waitForEvent('ready');
  await expect(panel.element.locator('[data-view="card"]')).toBeVisible();
  // The shopper's saved Google Pay card is not listed either: Google Pay is not offered.
  await expect(panel.savedMethods()).toHaveCount(0);
  expect(requested).not.toContain(MODULE_FILE);
  expect(requested).not.toContain(GOOGLE_PAY_STAND_IN_PATH);
});
