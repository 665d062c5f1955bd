/**
 * 3D Secure 2 through the panel, against the sandbox's Cardinal stand-in and issuer: every test
 * card of the 3D Secure 2 sandbox (docs/protocol.md; frictionless and challenged, flags and `status`
 * checked), cancelling by the
 * modal's close button, by Escape and on the issuer's page, Songbird failing to load or to set
 * itself up in time, a JWT the sandbox refuses, a saved card, the per-request options,
 * `createThreeDSecure({version: 2})` on its own, and a merchant without Cardinal's JWT still on
 * version 1.
 */
import type { Page } from '@playwright/test';
import type { CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, test as base } from './support/fixtures';
import { FRAUDNET_STAND_IN_PATHS } from '../../src/shared/flavours';

const THREE_D_SECURE = JSON.stringify({ amount: '10.00' });
const LOOKUP = '/three_d_secure/lookup';
const AUTHENTICATE = '/three_d_secure/authenticate_from_jwt';
const SONGBIRD = '**/sandbox/cardinal/songbird.js';
const ISSUER_FRAME = 'payment-panel iframe[src*="/sandbox/three_d_secure/v2/challenge"]';

/** A guest checkout with 3D Secure on the test's page. */
class ThreeDSecureCheckout {
  constructor(
    private readonly panel: PanelPage,
    private readonly card: CardFields,
    private readonly sandbox: Sandbox,
  ) {}

  /** Opens it and types a card in. */
  async openWithCard(
    number: string,
    token?: string,
    attributes: Record<string, string> = {},
    waitUntil: 'load' | 'domcontentloaded' = 'load',
  ): Promise<void> {
    const { panel, card } = this;
    await panel.openBare(
      token ?? (await this.sandbox.clientToken('demo_merchant')),
      'local',
      { 'three-d-secure': THREE_D_SECURE, ...attributes },
      { waitUntil },
    );
    await panel.waitForEvent('ready');
    await card.ready();
    await card.fill({ number, expirationDate: '0130', cvv: '123', postalCode: '12345' });
    await expect.poll(() => panel.isRequestable()).toBe(true);
  }

  /** Opens it, types the card in and asks for the payment method; returns the pending request. */
  async payWith(number: string, token?: string) {
    await this.openWithCard(number, token);
    return { request: this.panel.requestPaymentMethod() };
  }
}

/** How `paymentPanel.create()` settled: `created` (the instance kept as `window.instance`), or its error. */
type CreateOutcome = 'created' | { code: string; message: string; reason?: string; originalCode?: string };

/**
 * Opens a page whose panel is made by `paymentPanel.create()` in `main`, as a drop-in checkout makes it, with the
 * merchant's client token and `options`.
 */
async function createInMain(
  page: Page,
  panel: PanelPage,
  sandbox: Sandbox,
  options: Record<string, unknown>,
): Promise<CreateOutcome> {
  await panel.openBare(undefined);
  const authorization = await sandbox.clientToken('demo_merchant');
  return page.evaluate(
    async ([token, given]) => {
      document.querySelector('payment-panel')?.remove();
      const held = window as unknown as {
        instance?: unknown;
        paymentPanel: { create(options: unknown): Promise<unknown> };
      };
      try {
        held.instance = await held.paymentPanel.create({ authorization: token, container: 'main', ...given });
        return 'created' as const;
      } catch (error) {
        const { code, message, details } = error as {
          code: string;
          message: string;
          details?: { reason?: string; originalError?: { code: string } };
        };
        return {
          code,
          message,
          ...(details?.reason === undefined ? {} : { reason: details.reason }),
          ...(details?.originalError === undefined ? {} : { originalCode: details.originalError.code }),
        };
      }
    },
    [authorization, options] as const,
  );
}

const test = base.extend<{ checkout: ThreeDSecureCheckout }>({
  checkout: async ({ panel, card, sandbox }, use) => {
    await use(new ThreeDSecureCheckout(panel, card, sandbox));
  },
});

function modal(page: Page) {
  return page.locator('payment-panel').getByRole('dialog', { name: 'Card Verification' });
}

function issuer(page: Page) {
  return page.frameLocator(ISSUER_FRAME);
}

/** Answers the issuer's challenge as the shopper would. */
async function answer(page: Page, action: 'submit' | 'fail' | 'cancel', password = '1234') {
  if (action === 'submit') await issuer(page).getByLabel('Password').fill(password);
  await issuer(page).locator(`#${action}`).click();
}

const FRICTIONLESS: {
  card: string;
  name: string;
  status: string;
  shifted: boolean;
  possible: boolean;
  eci: string | null;
  cavv: boolean;
}[] = [
  ...['4000000000001000', '4000000000002701'].map((card) => ({
    card,
    name: 'frictionless success',
    status: 'authenticate_successful',
    shifted: true,
    possible: true,
    eci: '05',
    cavv: true,
  })),
  {
    card: '5200000000001005',
    name: 'frictionless success (Mastercard)',
    status: 'authenticate_successful',
    shifted: true,
    possible: true,
    eci: '02',
    cavv: true,
  },
  ...['4000000000001018', '4000000000002925', '5200000000001013'].map((card) => ({
    card,
    name: 'frictionless failure',
    status: 'authenticate_frictionless_failed',
    shifted: false,
    possible: false,
    eci: card.startsWith('5') ? '00' : '07',
    cavv: false,
  })),
  ...['4000000000001026', '4000000000002719'].map((card) => ({
    card,
    name: 'attempt',
    status: 'authenticate_attempt_successful',
    shifted: true,
    possible: true,
    eci: '06',
    cavv: true,
  })),
  {
    card: '4000000000001083',
    name: 'bypassed',
    status: 'lookup_bypassed',
    shifted: false,
    possible: false,
    eci: null,
    cavv: false,
  },
  {
    card: '4000000000002313',
    name: 'unavailable',
    status: 'authenticate_unable_to_authenticate',
    shifted: false,
    possible: false,
    eci: '07',
    cavv: false,
  },
  ...['4000000000001034', '4000000000001075'].map((card) => ({
    card,
    name: card.endsWith('75') ? 'lookup time-out' : 'lookup error',
    status: 'lookup_error',
    shifted: false,
    possible: false,
    eci: null,
    cavv: false,
  })),
];

for (const expected of FRICTIONLESS) {
  test(`${expected.card} (${expected.name}) needs no challenge: status ${expected.status}`, async ({
    page,
    panel,
    sandbox,
    checkout,
  }) => {
    const { request } = await checkout.payWith(expected.card);
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({
      type: 'CreditCard',
      threeDSecureInfo: {
        status: expected.status,
        liabilityShifted: expected.shifted,
        liabilityShiftPossible: expected.possible,
        eciFlag: expected.eci,
        threeDSecureVersion: '2.2.0',
      },
    });
    const info = payload?.threeDSecureInfo as Record<string, unknown>;
    expect(typeof info.cavv === 'string').toBe(expected.cavv);
    // The flags ride on the payload only when a shift was possible, as in version 1.
    if (expected.possible) {
      expect(payload).toMatchObject({ liabilityShifted: expected.shifted, liabilityShiftPossible: true });
    } else {
      expect(payload).not.toHaveProperty('liabilityShifted');
      expect(payload).not.toHaveProperty('liabilityShiftPossible');
    }
    await expect(modal(page)).toBeHidden();
    expect(await sandbox.requests(AUTHENTICATE)).toEqual([]);
    // Asked again, the verified card is handed over as it is: no second lookup.
    expect((await panel.requestPaymentMethod()).payload?.nonce).toBe(payload?.nonce);
    expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
  });
}

test("the lookup carries the nonce, the BIN, Songbird's session and the browser, and no card data", async ({
  sandbox,
  checkout,
}) => {
  const { request } = await checkout.payWith('4000000000001000');
  await request;
  const [lookup] = await sandbox.requests(LOOKUP);
  const body = lookup?.body as Record<string, unknown>;
  expect(body).toMatchObject({
    amount: '10.00',
    bin: '400000',
    dfReferenceId: expect.any(String),
    additionalInfo: { acsWindowSize: '03' },
    clientMetadata: { requestedThreeDSecureVersion: '2', issuerDeviceDataCollectionResult: true },
    browserJavascriptEnabled: true,
    browserLanguage: expect.any(String),
    browserScreenWidth: expect.any(Number),
    deviceChannel: 'Browser',
  });
  expect(lookup?.path).toMatch(/\/payment_methods\/tokencc_[\w]+\/three_d_secure\/lookup$/);
  const text = JSON.stringify(body);
  expect(text).not.toContain('4000000000001000');
  expect(text).not.toContain('0001000');
  expect(text).not.toMatch(/"(?:number|cvv|expirationDate)"/);
});

const CHALLENGES: {
  card: string;
  name: string;
  action: 'submit' | 'fail';
  status: string;
  shifted: boolean;
  possible: boolean;
  lookupNonce: boolean;
}[] = [
  {
    card: '4000000000001091',
    name: 'challenge success',
    action: 'submit',
    status: 'authenticate_successful',
    shifted: true,
    possible: true,
    lookupNonce: false,
  },
  {
    card: '4000000000001091',
    name: 'the shopper failing the challenge',
    action: 'fail',
    status: 'authenticate_failed',
    shifted: false,
    possible: true,
    lookupNonce: false,
  },
  {
    card: '4000000000001109',
    name: 'challenge failure',
    action: 'submit',
    status: 'authenticate_failed',
    shifted: false,
    possible: true,
    lookupNonce: false,
  },
  {
    card: '4000000000001125',
    name: 'challenge passed, then the authentication errs',
    action: 'submit',
    status: 'authenticate_error',
    shifted: false,
    possible: false,
    lookupNonce: true,
  },
];

for (const expected of CHALLENGES) {
  test(`${expected.card} (${expected.name}) is challenged in the panel's modal: status ${expected.status}`, async ({
    page,
    panel,
    sandbox,
    checkout,
  }) => {
    const { request } = await checkout.payWith(expected.card);
    await expect(modal(page)).toBeVisible();
    // The issuer's page, in the modal, in the default window size (03: 500 × 600).
    const frame = page.locator(ISSUER_FRAME);
    await expect(frame).toHaveAttribute('width', '500');
    await expect(frame).toHaveAttribute('height', '600');
    await expect(frame).toHaveAttribute('title', 'Card Verification');
    // Rebuilt from Songbird's HTML with the issuer's address alone, and sandboxed.
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    await expect(frame).not.toHaveAttribute('name');
    await expect(issuer(page).locator('#amount')).toHaveText('10.00');
    await answer(page, expected.action);
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({
      type: 'CreditCard',
      threeDSecureInfo: {
        status: expected.status,
        liabilityShifted: expected.shifted,
        liabilityShiftPossible: expected.possible,
        lookup: { transStatus: 'C' },
      },
    });
    if (expected.possible) {
      expect(payload).toMatchObject({ liabilityShifted: expected.shifted, liabilityShiftPossible: true });
    } else {
      expect(payload).not.toHaveProperty('liabilityShifted');
    }
    await expect(modal(page)).toBeHidden();
    await expect(frame).toHaveCount(0);
    const [lookup] = await sandbox.requests(LOOKUP);
    const [authentication] = await sandbox.requests(AUTHENTICATE);
    expect(authentication?.body).toMatchObject({ jwt: expect.any(String) });
    // The gateway authenticates the nonce the lookup answered (not the card's), whose card an error keeps.
    const cardNonce = nonceIn(lookup?.path);
    const lookupNonce = nonceIn(authentication?.path);
    expect(lookupNonce).not.toBe(cardNonce);
    expect(authentication?.body).toMatchObject({ paymentMethodNonce: lookupNonce });
    expect(payload?.nonce === lookupNonce).toBe(expected.lookupNonce);
    // Verified once: asking again hands the same nonce over.
    expect((await panel.requestPaymentMethod()).payload?.nonce).toBe(payload?.nonce);
    expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
    expect(await sandbox.requests(AUTHENTICATE)).toHaveLength(1);
  });
}

/** The nonce in a logged 3D Secure call's path. */
function nonceIn(path: string | undefined): string {
  return /\/payment_methods\/([^/]+)\/three_d_secure\//.exec(path ?? '')?.[1] ?? '';
}

test('a wrong password keeps the shopper on the issuer page until the right one', async ({
  page,
  checkout,
}) => {
  const { request } = await checkout.payWith('4000000000001091');
  await answer(page, 'submit', '0000');
  await expect(issuer(page).locator('#problem')).toHaveText('The password is not right. Try again.');
  await answer(page, 'submit');
  const { payload } = await request;
  expect(payload).toMatchObject({
    liabilityShifted: true,
    threeDSecureInfo: { status: 'authenticate_successful' },
  });
});

for (const how of ['the close button', 'Escape', "the issuer's Cancel"] as const) {
  test(`cancelling by ${how} hands over the lookup's card with its flags, unauthenticated`, async ({
    page,
    sandbox,
    checkout,
  }) => {
    const { request } = await checkout.payWith('4000000000001091');
    await expect(issuer(page).locator('#submit')).toBeVisible();
    if (how === 'the close button') {
      await modal(page).getByRole('button', { name: 'Close card verification' }).click();
    } else if (how === 'Escape') {
      await modal(page).getByRole('button', { name: 'Close card verification' }).focus();
      await page.keyboard.press('Escape');
    } else {
      await answer(page, 'cancel');
    }
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({
      liabilityShifted: false,
      liabilityShiftPossible: true,
      threeDSecureInfo: { status: 'challenge_required' },
    });
    await expect(modal(page)).toBeHidden();
    expect(await sandbox.requests(AUTHENTICATE)).toEqual([]);
    // Focus went back into the panel.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? null))
      .toBe('payment-panel');
  });
}

test('per-request options lay over the option: a smaller window, the billing address, a challenge asked for', async ({
  page,
  panel,
  sandbox,
  checkout,
}) => {
  await checkout.openWithCard('4000000000001091', undefined, {
    'three-d-secure': JSON.stringify({ amount: '10.00', email: 'pat@example.com' }),
  });
  const request = panel.element.evaluate(async (el) => {
    const element = el as HTMLElement & { requestPaymentMethod(options: unknown): Promise<unknown> };
    return element.requestPaymentMethod({
      threeDSecure: {
        amount: '12.50',
        challengeRequested: true,
        billingAddress: {
          givenName: 'Pat',
          surname: 'Payer',
          streetAddress: '1 Main St',
          countryCodeAlpha2: 'US',
        },
        additionalInformation: { acsWindowSize: '01' },
      },
    });
  });
  const frame = page.locator(ISSUER_FRAME);
  await expect(frame).toHaveAttribute('width', '250');
  await expect(frame).toHaveAttribute('height', '400');
  await expect(issuer(page).locator('#amount')).toHaveText('12.50');
  await answer(page, 'submit');
  await request;
  const [lookup] = await sandbox.requests(LOOKUP);
  expect(lookup?.body).toMatchObject({
    amount: '12.50',
    challengeRequested: true,
    additionalInfo: {
      acsWindowSize: '01',
      email: 'pat@example.com',
      billingGivenName: 'Pat',
      billingSurname: 'Payer',
      billingLine1: '1 Main St',
      billingCountryCode: 'US',
    },
  });
});

test('per-request options that do not fit are INVALID_OPTION, and nothing is looked up', async ({
  panel,
  sandbox,
  checkout,
}) => {
  await checkout.openWithCard('4000000000001000');
  const message = await panel.element.evaluate(async (el) => {
    const element = el as HTMLElement & { requestPaymentMethod(options: unknown): Promise<unknown> };
    try {
      await element.requestPaymentMethod({
        threeDSecure: { additionalInformation: { acsWindowSize: '09' } },
      });
      return 'resolved';
    } catch (error) {
      return `${(error as { code: string }).code}: ${(error as Error).message}`;
    }
  });
  expect(message).toBe('INVALID_OPTION: The threeDSecure option is invalid.');
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
});

test('a Songbird script that does not load is THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED, and the panel stays usable', async ({
  page,
  panel,
  sandbox,
  checkout,
}) => {
  let blocked = true;
  await page.route(SONGBIRD, (route) => (blocked ? route.abort() : route.continue()));
  const { request } = await checkout.payWith('4000000000001000');
  const { error } = await request;
  expect(error).toMatchObject({
    code: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
    message: "Cardinal's Songbird.js library could not be loaded.",
  });
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
    'Something went wrong during 3D Secure authentication. Please try again.',
  );
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
  // The script can load again: the next request sets Songbird up and verifies.
  blocked = false;
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ threeDSecureInfo: { status: 'authenticate_successful' } });
});

test('a Songbird that never sets itself up is THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT after 60 seconds', async ({
  page,
  panel,
  sandbox,
  checkout,
}) => {
  await page.clock.install();
  // The script is requested and never answered (the page's load event never comes).
  await page.route(SONGBIRD, () => undefined);
  await checkout.openWithCard('4000000000001000', undefined, {}, 'domcontentloaded');
  const request = panel.requestPaymentMethod();
  // The card is tokenized; the verification waits for Songbird. Time stands still from here on.
  await sandbox.waitForRequest('/payment_methods/credit_cards');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // The set-up started when the panel did, a few seconds ago at most.
  await page.clock.runFor(50_000);
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
  await page.clock.runFor(10_000);
  const { error } = await request;
  expect(error).toMatchObject({
    code: 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT',
    message: "Cardinal's Songbird.js took too long to setup.",
  });
});

test('a JWT the sandbox refuses is THREEDS_CARDINAL_SDK_BAD_JWT, and nothing is looked up', async ({
  sandbox,
  checkout,
}) => {
  await sandbox.overrideAnswers('client_api/v1/configuration', {
    'threeDSecure.cardinalAuthenticationJWT': 'eyJhbGciOiJIUzI1NiJ9.eyJmb3JnZWQiOnRydWV9.bm90LXNpZ25lZA',
  });
  const { request } = await checkout.payWith('4000000000001000');
  const { error } = await request;
  expect(error).toMatchObject({
    code: 'THREEDS_CARDINAL_SDK_BAD_JWT',
    message: 'Cardinal JWT missing or malformed. Please check your setup configuration.',
  });
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
});

test('a saved card is verified with version 2, challenged, its BIN from the vault', async ({
  page,
  panel,
  sandbox,
  checkout,
}) => {
  // The customer saves a challenged card first.
  const token = await sandbox.clientToken('demo_merchant', 'three_d_secure_2_shopper');
  const first = await checkout.payWith('4000000000001091', token);
  await answer(page, 'submit');
  expect((await first.request).payload).toMatchObject({ vaulted: true });
  const again = await sandbox.clientToken('demo_merchant', 'three_d_secure_2_shopper');
  await page.reload();
  await panel.openBare(again, 'local', { 'three-d-secure': THREE_D_SECURE });
  await panel.waitForEvent('ready');
  await expect(panel.savedMethods()).toHaveCount(1);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const request = panel.requestPaymentMethod();
  await answer(page, 'submit');
  const { payload } = await request;
  expect(payload).toMatchObject({
    vaulted: true,
    liabilityShifted: true,
    threeDSecureInfo: { status: 'authenticate_successful' },
  });
  const lookups = await sandbox.requests(LOOKUP);
  expect(lookups).toHaveLength(2);
  expect(lookups[1]?.body).toMatchObject({ bin: '400000' });
  expect(lookups[1]?.path).not.toBe(lookups[0]?.path);
});

test('paymentPanel.createThreeDSecure({version: 2}) on its own: the issuer frame through addFrame', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  // A nonce and a BIN from the panel without 3D Secure.
  const token = await sandbox.clientToken('demo_merchant');
  await panel.openBare(token);
  await panel.waitForEvent('ready');
  await card.fill({
    number: '4000000000001091',
    expirationDate: '0130',
    cvv: '123',
    postalCode: '12345',
  });
  const tokenized = (await panel.requestPaymentMethod()).payload as {
    nonce: string;
    details: { bin: string };
  };
  const outcome = page.evaluate(
    async ({ authorization, nonce, bin }) => {
      const codeOf = async (run: () => Promise<unknown>): Promise<string> => {
        try {
          await run();
          return 'resolved';
        } catch (error) {
          return (error as Error).message;
        }
      };
      const threeDSecure = await window.paymentPanel.createThreeDSecure({ authorization, version: 2 });
      const host = document.createElement('div');
      host.id = 'challenge-host';
      document.body.append(host);
      const options = {
        nonce,
        bin,
        amount: '10.00',
        addFrame: (_: unknown, frame: HTMLIFrameElement) => {
          host.append(frame);
        },
        removeFrame: () => {
          host.replaceChildren();
        },
      };
      const missing = await codeOf(() => threeDSecure.verifyCard({ ...options, bin: undefined }));
      const verified = await threeDSecure.verifyCard(options);
      threeDSecure.teardown();
      return {
        missing,
        shifted: verified.liabilityShifted,
        status: verified.threeDSecureInfo?.status,
        left: host.childElementCount,
      };
    },
    { authorization: token, nonce: tokenized.nonce, bin: tokenized.details.bin },
  );
  const frame = page.frameLocator('#challenge-host iframe');
  await frame.getByLabel('Password').fill('1234');
  await frame.locator('#submit').click();
  expect(await outcome).toEqual({
    missing: 'verifyCard options must include a bin.',
    shifted: true,
    status: 'authenticate_successful',
    left: 0,
  });
});

test("a Songbird URL off Cardinal's hosts is never loaded: THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED, no lookup", async ({
  page,
  sandbox,
  checkout,
}) => {
  // A real script of an allowed gateway, outside the folder the local flavour takes Songbird from.
  const elsewhere = `${sandbox.origin}${FRAUDNET_STAND_IN_PATHS.script}`;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await sandbox.overrideAnswers('client_api/v1/configuration', {
    'threeDSecure.cardinalSongbirdUrl': elsewhere,
  });
  const { request } = await checkout.payWith('4000000000001000');
  const { error, payload } = await request;
  expect(payload).toBeUndefined();
  expect(error).toMatchObject({
    code: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
    message: "Cardinal's Songbird.js library could not be loaded.",
  });
  expect(scripts).not.toContain(elsewhere);
  expect(scripts.filter((url) => url.includes('/sandbox/cardinal/'))).toEqual([]);
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
});

test('paymentPanel.createThreeDSecure({version: 2}) for a merchant without it is THREEDS_NOT_ENABLED_FOR_V2', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openBare(undefined);
  const token = await sandbox.clientToken('three_d_secure_v1_merchant');
  const message = await page.evaluate(async (authorization) => {
    try {
      await window.paymentPanel.createThreeDSecure({ authorization, version: 2 });
      return 'resolved';
    } catch (error) {
      return `${(error as { code: string }).code}: ${(error as Error).message}`;
    }
  }, token);
  expect(message).toBe(
    "THREEDS_NOT_ENABLED_FOR_V2: 3D Secure version 2 is not enabled for this merchant. Contact the provider's support for assistance.",
  );
});

test('a merchant without the JWT still verifies with version 1: the bank frame, no Songbird', async ({
  page,
  sandbox,
  checkout,
}) => {
  const songbird: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/sandbox/cardinal/')) songbird.push(request.url());
  });
  const { request } = await checkout.payWith(
    '4000000000000002',
    await sandbox.clientToken('three_d_secure_v1_merchant'),
  );
  await page
    .frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]')
    .locator('#approve')
    .click();
  const { payload } = await request;
  expect(payload).toMatchObject({ liabilityShifted: true, liabilityShiftPossible: true });
  expect(payload).not.toHaveProperty('threeDSecureInfo');
  const [lookup] = await sandbox.requests(LOOKUP);
  expect(lookup?.body).toMatchObject({ amount: '10.00' });
  expect(lookup?.body).not.toHaveProperty('dfReferenceId');
  expect(songbird).toEqual([]);
});

test("the drop-in's 3D Secure checkout: create({threeDSecure: true, dataCollector: true}), the amount and every verify option with the request", async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  expect(await createInMain(page, panel, sandbox, { threeDSecure: true, dataCollector: true })).toBe(
    'created',
  );
  await card.ready();
  await card.fill({ number: '4000000000001091', expirationDate: '0130', cvv: '123', postalCode: '12345' });
  const request = page.evaluate(() => {
    const { instance } = window as unknown as {
      instance: { requestPaymentMethod(options: unknown): Promise<Record<string, unknown>> };
    };
    return instance.requestPaymentMethod({
      threeDSecure: {
        amount: '10.00',
        email: 'pat@example.com',
        mobilePhoneNumber: '5551234567',
        billingAddress: { givenName: 'Pat', surname: 'Payer', countryCodeAlpha2: 'US' },
        additionalInformation: { shippingMethod: '01' },
        challengeRequested: true,
        exemptionRequested: false,
        requestedExemptionType: 'low_value',
        dataOnlyRequested: false,
        accountType: 'credit',
        cardAdd: false,
        cardAddChallengeRequested: false,
        merchantName: 'Pat’s Shop',
        customFields: { loyalty: 'gold' },
        collectDeviceData: true,
        customer: { billingAddress: { postalCode: '12345' } },
      },
    });
  });
  await expect(issuer(page).locator('#amount')).toHaveText('10.00');
  await answer(page, 'submit');
  const payload = await request;
  expect(payload).toMatchObject({ type: 'CreditCard', liabilityShifted: true, liabilityShiftPossible: true });
  expect(Object.keys(JSON.parse(String(payload.deviceData)) as object)).toEqual(['correlation_id']);
  const [lookup] = await sandbox.requests(LOOKUP);
  expect(lookup?.body).toMatchObject({
    amount: '10.00',
    additionalInfo: {
      acsWindowSize: '03',
      email: 'pat@example.com',
      mobilePhoneNumber: '5551234567',
      billingGivenName: 'Pat',
      billingSurname: 'Payer',
      billingCountryCode: 'US',
      shippingMethod: '01',
    },
    challengeRequested: true,
    exemptionRequested: false,
    requestedExemptionType: 'low_value',
    dataOnlyRequested: false,
    accountType: 'credit',
    cardAdd: false,
    cardAddChallengeRequested: false,
    merchantName: 'Pat’s Shop',
    customFields: { loyalty: 'gold' },
    customer: { billingAddress: { postalCode: '12345' } },
    deviceChannel: 'Browser',
  });
});

test('the drop-in’s 3D Secure checkout without an amount rejects with THREEDS_MISSING_VERIFY_CARD_OPTION, and nothing is looked up', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  expect(await createInMain(page, panel, sandbox, { threeDSecure: true })).toBe('created');
  await card.ready();
  await card.fill({ number: '4000000000001091', expirationDate: '0130', cvv: '123', postalCode: '12345' });
  const error = await page.evaluate(() =>
    (window as unknown as { instance: { requestPaymentMethod(): Promise<unknown> } }).instance
      .requestPaymentMethod()
      .then(
        () => null,
        (reason: unknown) => {
          const { code, message } = reason as { code: string; message: string };
          return { code, message };
        },
      ),
  );
  expect(error).toEqual({
    code: 'THREEDS_MISSING_VERIFY_CARD_OPTION',
    message: 'verifyCard options must include an amount.',
  });
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
});

test('create({threeDSecure: true}) whose Songbird cannot set up rejects with THREEDS_SETUP_FAILED and leaves no panel', async ({
  page,
  panel,
  sandbox,
}) => {
  await page.route(SONGBIRD, (route) => route.abort());
  expect(await createInMain(page, panel, sandbox, { threeDSecure: true })).toEqual({
    code: 'THREEDS_SETUP_FAILED',
    message: '3D Secure failed to set up.',
    originalCode: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
  });
  await expect(page.locator('payment-panel')).toHaveCount(0);
});

test('create() with a 3D Secure option whose keys do not fit rejects with INVALID_OPTION and leaves no panel', async ({
  page,
  panel,
  sandbox,
}) => {
  const outcome = await createInMain(page, panel, sandbox, {
    threeDSecure: { amount: '1', accountType: 'savings' },
  });
  expect(outcome).toMatchObject({ code: 'INVALID_OPTION', message: 'The threeDSecure option is invalid.' });
  expect(outcome !== 'created' && outcome.reason).toContain('"accountType"?: "credit" | "debit"');
  await expect(page.locator('payment-panel')).toHaveCount(0);
});
