/**
 * 3D Secure version 1 through the panel, for a merchant whose configuration carries no Cardinal JWT
 * (the sandbox's three_d_secure_v1_merchant): each 3D Secure 1 test card of docs/protocol.md through
 * the modal and
 * the sandbox's bank page, the liability flags of the payload, cancelling, and the errors.
 * Version 2 is three-d-secure-2.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, test as base } from './support/fixtures';

const THREE_D_SECURE = JSON.stringify({ amount: '10.00' });
const LOOKUP = '/three_d_secure/lookup';
const TERM = '/sandbox/three_d_secure/term';

/** A guest checkout with 3D Secure on the test's page. */
class ThreeDSecureCheckout {
  constructor(
    private readonly panel: PanelPage,
    private readonly card: CardFields,
    private readonly sandbox: Sandbox,
  ) {}

  /** Opens it and types the card in; returns the pending request's outcome. */
  async payWith(number: string, authorization?: string) {
    const { panel, card } = this;
    await panel.openBare(
      authorization ?? (await this.sandbox.clientToken('three_d_secure_v1_merchant')),
      'local',
      { 'three-d-secure': THREE_D_SECURE },
    );
    await panel.waitForEvent('ready');
    await card.ready();
    const cvv = number.startsWith('3') ? '1234' : '123';
    await card.fill({ number, expirationDate: '1230', cvv, postalCode: '12345' });
    await expect.poll(() => panel.isRequestable()).toBe(true);
    return { request: panel.requestPaymentMethod() };
  }
}

const test = base.extend<{ checkout: ThreeDSecureCheckout }>({
  checkout: async ({ panel, card, sandbox }, use) => {
    await use(new ThreeDSecureCheckout(panel, card, sandbox));
  },
});

function modal(page: Page) {
  return page.locator('payment-panel').getByRole('dialog', { name: 'Card Verification' });
}

function bank(page: Page) {
  return page.frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]');
}

// The test cards (docs/protocol.md) that are challenged and end with a liability shift possible.
const challenges: { card: string; name: string; button: 'approve' | 'fail'; shifted: boolean }[] = [
  ...['4000000000000002', '5200000000000007', '340000000006022'].map((card) => ({
    card,
    name: 'authenticate successful',
    button: 'approve' as const,
    shifted: true,
  })),
  ...['4000000000000028', '5200000000000023', '340000000000033'].map((card) => ({
    card,
    name: 'authenticate failed',
    button: 'approve' as const,
    shifted: false,
  })),
  ...['4000000000000010', '5200000000000015'].map((card) => ({
    card,
    name: 'signature verification failed',
    button: 'approve' as const,
    shifted: false,
  })),
  { card: '4000000000000002', name: 'the shopper failing at the bank', button: 'fail', shifted: false },
];

for (const challenge of challenges) {
  test(`${challenge.card} (${challenge.name}) goes through the modal: liabilityShifted ${String(challenge.shifted)}`, async ({
    page,
    panel,
    sandbox,
    checkout,
  }) => {
    const { request } = await checkout.payWith(challenge.card);
    await expect(modal(page)).toBeVisible();
    const frame = page.locator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]');
    await expect(frame).toHaveAttribute('width', '400');
    await expect(frame).toHaveAttribute('height', '400');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin');
    await bank(page).locator(`#${challenge.button}`).click();
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({
      type: 'CreditCard',
      liabilityShifted: challenge.shifted,
      liabilityShiftPossible: true,
    });
    await expect(modal(page)).toBeHidden();
    await expect(frame).toHaveCount(0);
    // The verified card is listed; asking again hands over the same nonce without a second lookup.
    await expect(panel.savedMethods()).toHaveCount(1);
    expect((await panel.requestPaymentMethod()).payload?.nonce).toBe(payload?.nonce);
    expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
    const [lookup] = await sandbox.requests(LOOKUP);
    expect(lookup?.body).toMatchObject({ amount: '10.00' });
    // The bank's answer reached the term URL with the SDK's version, not the panel's.
    const [term] = await sandbox.requests(TERM);
    expect(term?.query).toMatchObject({ three_d_secure_version: '3.26.0' });
  });
}

for (const [number, name] of [
  ['4000000000000051', 'not enrolled'],
  ['5200000000000056', 'not enrolled'],
  ['340000000008135', 'not enrolled'],
  ['4000000000000044', 'a lookup error'],
  ['5200000000000049', 'a lookup error'],
  ['340000000008309', 'a lookup error'],
] as const) {
  test(`${number} (${name}) needs no modal, and the payload carries no liability fields`, async ({
    page,
    sandbox,
    checkout,
  }) => {
    const { request } = await checkout.payWith(number);
    const { payload } = await request;
    expect(payload).toMatchObject({ type: 'CreditCard' });
    expect(payload).not.toHaveProperty('liabilityShifted');
    expect(payload).not.toHaveProperty('liabilityShiftPossible');
    await expect(modal(page)).toBeHidden();
    expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
  });
}

for (const unable of ['4000000000000069', '5200000000000064', '340000000007780']) {
  test(`${unable} (unable to authenticate) is UNKNOWN_AUTH_RESPONSE with the bank message`, async ({
    page,
    panel,
    checkout,
  }) => {
    const { request } = await checkout.payWith(unable);
    await bank(page).locator('#approve').click();
    const { error } = await request;
    expect(error).toMatchObject({
      code: 'THREEDS_UNKNOWN_AUTH_RESPONSE',
      message: 'Failed to authenticate, please try a different form of payment.',
    });
    await expect(modal(page)).toBeHidden();
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'Your card could not be verified. Please try again or use another card.',
    );
    // The card stays in its sheet; the shopper may try another.
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    expect(await panel.isRequestable()).toBe(true);
  });
}

test('closing the modal cancels: the lookup card is handed over with its flags', async ({
  page,
  checkout,
}) => {
  const { request } = await checkout.payWith('4000000000000002');
  await expect(modal(page)).toBeVisible();
  await modal(page).getByRole('button', { name: 'Close card verification' }).click();
  const { payload } = await request;
  expect(payload).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true });
  await expect(modal(page)).toBeHidden();
});

test('Escape closes the modal too', async ({ page, checkout }) => {
  const { request } = await checkout.payWith('4000000000000002');
  await expect(modal(page).getByRole('button', { name: 'Close card verification' })).toBeFocused();
  await page.keyboard.press('Escape');
  const { payload } = await request;
  expect(payload).toMatchObject({ liabilityShifted: false, liabilityShiftPossible: true });
});

test('a saved card is verified too', async ({ panel, sandbox }) => {
  const token = await sandbox.clientToken('three_d_secure_v1_merchant', 'returning_shopper');
  await panel.openBare(token, 'local', { 'three-d-secure': THREE_D_SECURE });
  await panel.waitForEvent('ready');
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const { payload } = await panel.requestPaymentMethod();
  // 4111… is not enrolled: verified without a challenge, no liability fields.
  expect(payload).toMatchObject({ vaulted: true, details: { lastTwo: '11' } });
  expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
});

test('with a tokenization key it is CAN_NOT_USE_TOKENIZATION_KEY, and card requests fail with it', async ({
  panel,
  card,
  sandbox,
}) => {
  await panel.openBare(sandbox.key('three_d_secure_v1_merchant'), 'local', {
    'three-d-secure': THREE_D_SECURE,
  });
  expect(await panel.waitForError()).toMatchObject({
    code: 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
    message: '3D Secure can not use a tokenization key for authorization.',
  });
  await panel.waitForEvent('ready');
  await card.fill({ number: '4000000000000002', expirationDate: '1230', cvv: '123', postalCode: '12345' });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY');
  expect(await sandbox.requests(LOOKUP)).toEqual([]);
});

test('a merchant without 3D Secure is NOT_ENABLED', async ({ panel, sandbox }) => {
  const token = await sandbox.clientToken('card_only_merchant');
  await panel.openBare(token, 'local', { 'three-d-secure': THREE_D_SECURE });
  expect(await panel.waitForError()).toMatchObject({
    code: 'THREEDS_NOT_ENABLED',
    message: '3D Secure is not enabled for this merchant.',
  });
});

test.describe('paymentPanel.createThreeDSecure, for a merchant flow of its own', () => {
  test('verifyCard twice at once, missing options, cancel and its payload', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    // A nonce from the panel without 3D Secure.
    const token = await sandbox.clientToken('three_d_secure_v1_merchant');
    await panel.openBare(token);
    await panel.waitForEvent('ready');
    await card.fill({ number: '4000000000000002', expirationDate: '1230', cvv: '123', postalCode: '12345' });
    const nonce = String((await panel.requestPaymentMethod()).payload?.nonce);

    const outcome = await page.evaluate(
      async ({ authorization, nonce }) => {
        const codeOf = async (run: () => Promise<unknown>): Promise<string> => {
          try {
            await run();
            return 'resolved';
          } catch (error) {
            return (error as Error).message;
          }
        };
        const threeDSecure = await window.paymentPanel.createThreeDSecure({ authorization });
        const frames: HTMLIFrameElement[] = [];
        let framed = (): void => undefined;
        const frameAdded = new Promise<void>((resolve) => {
          framed = resolve;
        });
        const options = {
          nonce,
          amount: '10.00',
          addFrame: (_: unknown, frame: HTMLIFrameElement) => {
            frames.push(frame);
            document.body.append(frame);
            framed();
          },
          removeFrame: () => {
            for (const frame of frames) frame.remove();
          },
        };
        const missing = [
          await codeOf(() => threeDSecure.verifyCard({ ...options, nonce: '' })),
          await codeOf(() => threeDSecure.verifyCard({ ...options, amount: '' })),
          await codeOf(() => threeDSecure.verifyCard({ ...options, addFrame: undefined as never })),
          await codeOf(() => threeDSecure.verifyCard({ ...options, removeFrame: undefined as never })),
        ];
        const noPayload = await codeOf(() => threeDSecure.cancelVerifyCard());
        const first = threeDSecure.verifyCard(options);
        const second = await codeOf(() => threeDSecure.verifyCard(options));
        // The bank's frame is there: the first verification is under way.
        await frameAdded;
        const cancelled = await threeDSecure.cancelVerifyCard();
        const verified = await first;
        return {
          missing,
          noPayload,
          second,
          cancelled: { shifted: cancelled.liabilityShifted, possible: cancelled.liabilityShiftPossible },
          same: cancelled.nonce === verified.nonce,
          framesLeft: document.querySelectorAll('iframe[name^="payment-panel-three-d-secure-frame"]').length,
        };
      },
      { authorization: token, nonce },
    );
    expect(outcome).toEqual({
      missing: [
        'verifyCard options must include a nonce.',
        'verifyCard options must include an amount.',
        'verifyCard options must include an addFrame function.',
        'verifyCard options must include a removeFrame function.',
      ],
      noPayload: 'No verification payload available.',
      second: 'Cannot call verifyCard while existing authentication is in progress.',
      cancelled: { shifted: false, possible: true },
      same: true,
      framesLeft: 0,
    });
    // One lookup: the second call never reached the gateway.
    expect(await sandbox.requests(LOOKUP)).toHaveLength(1);
  });
});
