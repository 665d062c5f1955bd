/**
 * The typed drop-in checkout (tests/types/dropin-checkout.ts; docs/drop-in.md, "The drop-in's typings") run as it
 * is, against the local servers: transpiled with TypeScript, served from the merchant's origin as the merchant's own
 * module and started on the minimal page with a client token for a customer with saved methods. A required
 * cardholder name, 3D Secure per request (challenged, then cancelled), device data, the vault manager across two
 * visits, and every event of the drop-in with its payload.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import ts from 'typescript';
import type * as Checkout from '../types/dropin-checkout';
import type { CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { CALL_PATHS } from './models/sandbox';
import { ISSUER_CHALLENGE_PATH } from '../../sandbox/three-d-secure-2';
import { THREE_D_SECURE_2_CARD_NUMBERS, THREE_D_SECURE_2_PASSWORD } from '../../sandbox/test-values';
import { expect, guardedTest as test } from './support/fixtures';

/** Where the page imports the checkout from: the merchant's own origin, as the merchant serves it. */
const CHECKOUT_PATH = '/dropin-checkout.js';

/** The checkout as a browser runs it: its types erased, its `import type`s gone. */
const CHECKOUT_JS = ts.transpileModule(
  readFileSync(resolve(import.meta.dirname, '../types/dropin-checkout.ts'), 'utf8'),
  { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } },
).outputText;

/**
 * A 3D Secure 2 test card the issuer challenges, and the card as the shopper types it (docs/three-d-secure.md,
 * "Version 2: the sandbox's Cardinal and issuer").
 */
const [CHALLENGED] = THREE_D_SECURE_2_CARD_NUMBERS.challenge_success;
const CARD = { number: CHALLENGED, expirationDate: '0130', cvv: '123', postalCode: '12345' };

/** An event the checkout heard, its field containers named by their slot so that it crosses into the test. */
interface Heard {
  name: string;
  payload: Record<string, unknown> | null;
}

declare global {
  interface Window {
    checkout?: typeof Checkout;
    checkoutRecord?: Checkout.CheckoutRecord;
    checkoutInstance?: Checkout.CheckoutInstance;
    forgottenNames?: string[];
  }
}

/**
 * Opens the minimal page without its own panel, with the merchant's `#dropin-container`, imports the checkout from
 * the merchant's origin and starts it with `authorization`.
 */
async function openCheckout(page: Page, panel: PanelPage, authorization: string): Promise<void> {
  await page.unroute(`**${CHECKOUT_PATH}`);
  await page.route(`**${CHECKOUT_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: CHECKOUT_JS }),
  );
  await panel.openBare(undefined);
  await page.waitForFunction(() => 'paymentPanel' in window);
  await page.evaluate(
    async ({ path, token }) => {
      document.querySelector('payment-panel')?.remove();
      const container = document.createElement('div');
      container.id = 'dropin-container';
      document.querySelector('main')?.append(container);
      const checkout = (await import(path)) as typeof Checkout;
      window.checkout = checkout;
      window.checkoutRecord = { events: [] };
      window.checkoutInstance = await checkout.startCheckout(token, window.checkoutRecord);
    },
    { path: CHECKOUT_PATH, token: authorization },
  );
}

/** What the checkout heard so far. */
function heard(page: Page): Promise<Heard[]> {
  return page.evaluate(() =>
    (window.checkoutRecord?.events ?? []).map(({ name, payload }) => ({
      name,
      payload: JSON.parse(
        JSON.stringify(payload ?? null, (key, value: unknown) =>
          key === 'container' && value instanceof Element ? `slot:${value.slot}` : value,
        ),
      ) as Heard['payload'],
    })),
  );
}

/** The payloads of the events of a name the checkout heard so far. */
async function payloadsOf(page: Page, name: string): Promise<Heard['payload'][]> {
  return (await heard(page)).filter((event) => event.name === name).map((event) => event.payload);
}

/** Forgets what the checkout heard so far, but for the names, which {@link everHeard} keeps. */
async function forget(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events = window.checkoutRecord?.events ?? [];
    window.forgottenNames = [...(window.forgottenNames ?? []), ...events.map((event) => event.name)];
    events.length = 0;
  });
}

/** The name of every event the checkout heard since it started, forgotten or not. */
function everHeard(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...(window.forgottenNames ?? []),
    ...(window.checkoutRecord?.events ?? []).map((event) => event.name),
  ]);
}

/**
 * The customer's saved card, chosen first, is requestable as soon as `create()` resolved, as the drop-in's is (a
 * checkout asks `isPaymentMethodRequestable()` then to enable its button); forgets what the checkout heard so far.
 */
async function savedCardChosen(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.checkoutInstance?.isPaymentMethodRequestable())).toBe(true);
  await forget(page);
}

/** The checkout's `pay(instance, amount)`: its payload and what it sends its server, or its error. */
function pay(page: Page, amount: string) {
  return page.evaluate(async (value) => {
    const { checkout, checkoutInstance } = window;
    if (!checkout || !checkoutInstance) throw new Error('The checkout did not start.');
    try {
      const payload = await checkout.pay(checkoutInstance, value);
      return { payload, server: checkout.serverFields(payload) };
    } catch (reason) {
      const { code, message } = reason as { code?: string; message: string };
      return { error: { code, message } };
    }
  }, amount);
}

/** The issuer's challenge page in the panel's modal. */
function issuer(page: Page) {
  return page.frameLocator(`payment-panel iframe[src*="${ISSUER_CHALLENGE_PATH}"]`);
}

/** The panel's 3D Secure modal. */
function modal(page: Page) {
  return page.locator('payment-panel').getByRole('dialog', { name: 'Card Verification' });
}

/** The shopper leaves the saved methods for the card sheet, and waits for its frames. */
async function chooseCard(panel: PanelPage, card: CardFields): Promise<void> {
  await panel.chooseOption('card');
  await card.ready();
}

/** Every event of the drop-in 1.4x (docs/drop-in.md, "Events"). */
const DROPIN_EVENTS = [
  'paymentMethodRequestable',
  'noPaymentMethodRequestable',
  'paymentOptionSelected',
  'changeActiveView',
  'card:focus',
  'card:blur',
  'card:empty',
  'card:notEmpty',
  'card:validityChange',
  'card:cardTypeChange',
  'card:inputSubmitRequest',
  'card:binAvailable',
  '3ds:customer-canceled',
  '3ds:authentication-modal-render',
  '3ds:authentication-modal-close',
] as const;

/** The card sheet's fields with the checkout's options: the gateway's four and the name. */
const FIELDS = ['cardholderName', 'number', 'expirationDate', 'cvv', 'postalCode'] as const;

/** The hosted fields' state object of a `card:*` event (docs/drop-in.md, "Events"), emitted by `field`. */
function fieldsState(field: string) {
  const state = {
    isEmpty: expect.any(Boolean) as unknown,
    isValid: expect.any(Boolean) as unknown,
    isPotentiallyValid: expect.any(Boolean) as unknown,
    isFocused: expect.any(Boolean) as unknown,
  };
  return {
    cards: expect.any(Array) as unknown,
    emittedBy: field,
    fields: Object.fromEntries(FIELDS.map((key) => [key, { ...state, container: `slot:field-${key}` }])),
  };
}

test('the typed checkout: a required name, 3D Secure per request with a challenge passed and one closed, device data, every event', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  test.setTimeout(120_000);
  await openCheckout(page, panel, await sandbox.clientToken('demo_merchant', 'returning_shopper'));
  // The checkout listens to every event of the drop-in.
  expect(
    await page.evaluate(
      (names) => names.filter((name) => !window.checkoutInstance?.hasListener(name)),
      DROPIN_EVENTS,
    ),
  ).toEqual([]);
  expect(await page.evaluate(() => window.checkoutInstance?.getAvailablePaymentOptions())).toEqual(['card']);
  // The customer's saved Visa is chosen first.
  await expect(panel.savedMethods().first()).toContainText(/Visa.*Ending in ••11/);
  await savedCardChosen(page);

  // A new card, without the name the checkout requires.
  await chooseCard(panel, card);
  expect(await payloadsOf(page, 'paymentOptionSelected')).toEqual([{ paymentOption: 'card' }]);
  expect(await payloadsOf(page, 'changeActiveView')).toEqual([
    { previousViewId: 'methods', newViewId: 'options' },
    { previousViewId: 'options', newViewId: 'card' },
  ]);
  // The saved Visa is no longer what a request would hand over.
  expect(await payloadsOf(page, 'noPaymentMethodRequestable')).toEqual([null]);
  await card.fill(CARD);
  // Enter in a card field asks the checkout to submit.
  await card.input('cvv').press('Enter');
  await expect.poll(() => payloadsOf(page, 'card:inputSubmitRequest')).toHaveLength(1);
  expect(await panel.isRequestable()).toBe(false);
  expect(await page.evaluate(() => window.checkoutInstance?.isPaymentMethodRequestable())).toBe(false);
  expect(await pay(page, '10.00')).toEqual({
    error: {
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
    },
  });
  await expect(card.error('cardholderName')).toHaveText('Please fill out a cardholder name.');
  expect(await sandbox.requests(CALL_PATHS.creditCards)).toEqual([]);
  expect(await payloadsOf(page, 'paymentMethodRequestable')).toEqual([]);

  // A slip of the finger, taken back; then the name.
  await card.type('cardholderName', 'J');
  await card.input('cardholderName').press('Backspace');
  await expect.poll(() => payloadsOf(page, 'card:empty')).toContainEqual(fieldsState('cardholderName'));
  await card.fill({ cardholderName: 'Jill Doe' });
  await expect.poll(() => panel.isRequestable()).toBe(true);
  expect((await payloadsOf(page, 'paymentMethodRequestable')).at(-1)).toEqual({
    type: 'CreditCard',
    paymentMethodIsSelected: false,
  });

  // Every card event, with the fields' state; the BIN alone of the number.
  const cardEvents = (await heard(page)).filter((event) => event.name.startsWith('card:'));
  for (const { name, payload } of cardEvents) {
    if (name === 'card:binAvailable') expect(payload).toEqual({ bin: '400000' });
    else expect(payload, name).toEqual(fieldsState((payload as { emittedBy: string }).emittedBy));
  }
  expect(JSON.stringify(cardEvents)).not.toContain(CHALLENGED.slice(0, 7));
  const byField = (name: string) =>
    cardEvents
      .filter((event) => event.name === name)
      .map((event) => (event.payload as { emittedBy: string }).emittedBy);
  expect(byField('card:focus')).toEqual(expect.arrayContaining([...FIELDS]));
  expect(byField('card:blur')).toEqual(expect.arrayContaining([...FIELDS]));
  expect(byField('card:notEmpty')).toEqual(expect.arrayContaining([...FIELDS]));
  expect(byField('card:validityChange')).toEqual(
    expect.arrayContaining(['number', 'expirationDate', 'cvv', 'postalCode']),
  );
  expect(byField('card:cardTypeChange')).toContain('number');
  expect(byField('card:inputSubmitRequest')).toEqual(['cvv']);
  const validNumber = cardEvents.find(
    (event) =>
      event.name === 'card:validityChange' && (event.payload as { emittedBy: string }).emittedBy === 'number',
  );
  expect(validNumber?.payload).toMatchObject({
    cards: [{ type: 'visa', niceType: 'Visa' }],
    fields: { number: { isValid: true, isPotentiallyValid: true } },
  });

  // 3D Secure for this request's amount: the issuer challenges, the shopper passes.
  await forget(page);
  const first = pay(page, '10.00');
  await expect(issuer(page).locator('#amount')).toHaveText('10.00');
  await issuer(page).getByLabel('Password').fill(THREE_D_SECURE_2_PASSWORD);
  await issuer(page).locator('#submit').click();
  const paid = await first;
  expect(paid.error).toBeUndefined();
  expect(paid.payload).toMatchObject({
    type: 'CreditCard',
    liabilityShifted: true,
    liabilityShiftPossible: true,
    threeDSecureInfo: {
      status: 'authenticate_successful',
      liabilityShifted: true,
      liabilityShiftPossible: true,
    },
    details: { cardholderName: 'Jill Doe', lastFour: CHALLENGED.slice(-4) },
  });
  const [lookup] = await sandbox.requests(CALL_PATHS.threeDSecureLookup);
  expect(lookup?.body).toMatchObject({
    amount: '10.00',
    additionalInfo: { acsWindowSize: '03', email: 'shopper@example.com', billingPostalCode: '60654' },
  });
  // What the checkout sends its server: the nonce, and PayPal's device data as JSON.
  expect(paid.server?.nonce).toBe(paid.payload?.nonce);
  expect(JSON.parse(paid.server?.deviceData ?? 'null')).toEqual({
    correlation_id: expect.stringMatching(/^\w+$/) as unknown,
  });
  const afterChallenge = (await heard(page)).filter(
    (event) => event.name.startsWith('3ds:') || event.name === 'paymentMethodRequestable',
  );
  expect(afterChallenge).toEqual([
    { name: '3ds:authentication-modal-render', payload: null },
    { name: '3ds:authentication-modal-close', payload: null },
    { name: 'paymentMethodRequestable', payload: { type: 'CreditCard', paymentMethodIsSelected: true } },
  ]);
  await expect(modal(page)).toBeHidden();

  // A second request, for another card; the shopper closes the issuer's modal.
  await forget(page);
  await chooseCard(panel, card);
  await card.fill({ ...CARD, cardholderName: 'Jill Doe' });
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const second = pay(page, '25.00');
  await expect(issuer(page).locator('#amount')).toHaveText('25.00');
  await modal(page).getByRole('button', { name: 'Close card verification' }).click();
  const closed = await second;
  expect(closed.error).toBeUndefined();
  expect(closed.payload).toMatchObject({
    liabilityShifted: false,
    liabilityShiftPossible: true,
    threeDSecureInfo: { status: 'challenge_required' },
  });
  expect(closed.payload?.nonce).not.toBe(paid.payload?.nonce);
  expect(
    (await heard(page)).filter(
      (event) => event.name.startsWith('3ds:') || event.name === 'paymentOptionSelected',
    ),
  ).toEqual([
    { name: 'paymentOptionSelected', payload: { paymentOption: 'card' } },
    { name: '3ds:authentication-modal-render', payload: null },
    { name: '3ds:customer-canceled', payload: null },
    { name: '3ds:authentication-modal-close', payload: null },
  ]);
  // The checkout heard every event of the drop-in.
  const names = await everHeard(page);
  expect(DROPIN_EVENTS.filter((name) => !names.includes(name))).toEqual([]);
});

test("the typed checkout's vault manager: the shopper deletes a saved card, and the next visit no longer lists it", async ({
  page,
  panel,
  sandbox,
}) => {
  await openCheckout(page, panel, await sandbox.clientToken('demo_merchant', 'returning_shopper'));
  const saved = panel.element.locator('[part~="saved-method"]');
  await expect(saved.first()).toContainText(/Visa.*Ending in ••11/);
  await savedCardChosen(page);
  await expect(saved).toHaveText([/Visa.*Ending in ••11/, /MasterCard.*Ending in ••44/]);

  await panel.element.getByRole('button', { name: 'Edit' }).click();
  await expect(panel.element.getByRole('heading', { name: 'Edit payment methods' })).toBeVisible();
  // Nothing is requestable while the shopper edits the list.
  await expect.poll(() => payloadsOf(page, 'noPaymentMethodRequestable')).toEqual([null]);
  expect(await page.evaluate(() => window.checkoutInstance?.isPaymentMethodRequestable())).toBe(false);
  await saved.first().click();
  await expect(panel.element.locator('[part="delete-confirmation"]')).toContainText(
    'Delete Visa card ending in 1111?',
  );
  await panel.element.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(saved).toHaveText([/MasterCard.*Ending in ••44/]);
  await expect(panel.element.getByRole('heading', { name: 'Edit payment methods' })).toBeVisible();
  expect(await heard(page)).toEqual([
    { name: 'noPaymentMethodRequestable', payload: null },
    { name: 'changeActiveView', payload: { previousViewId: 'methods', newViewId: 'delete-confirmation' } },
    { name: 'changeActiveView', payload: { previousViewId: 'delete-confirmation', newViewId: 'methods' } },
  ]);

  // The next visit: a fresh page and a new client token for the same customer.
  await openCheckout(page, panel, await sandbox.clientToken('demo_merchant', 'returning_shopper'));
  await expect(panel.savedMethods()).toHaveText([/MasterCard.*Ending in ••44/]);
  await savedCardChosen(page);
  // Deleted in the customer's vault by the provider's GraphQL call.
  expect((await sandbox.requests('/graphql')).map((request) => request.status)).toEqual([200]);
});
