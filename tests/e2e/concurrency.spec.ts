/**
 * Concurrency: double clicks on the pay buttons, concurrent and repeated `requestPaymentMethod()`
 * calls, `teardown()` while a tokenization, an approval or a verification is under way, a form
 * submitted twice, and `paymentPanel.create()` instances side by side. Whatever the order, the
 * gateway's request log shows at most one tokenize request per card, every caller gets one nonce or
 * one catalogue error, and nothing is left uncaught in any frame or left in the page.
 */
import type { Page } from '@playwright/test';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { VISA } from './models/card-fields';
import { answered, approvalShown, CALL_PATHS } from './models/sandbox';
import {
  clearRecordedErrors,
  enterCard,
  mountPanel,
  openEmptyCheckout,
  panelState,
  recordErrors,
  recordedErrors,
  requestPaymentMethod,
  sheetError,
  watchUncaught,
  type PlainError,
  type RequestOutcome,
} from './support/faults-page';
import { expect, test as base } from './support/fixtures';

const TEARDOWN_ERROR = {
  name: 'PanelError',
  code: 'METHOD_CALLED_AFTER_TEARDOWN',
  type: 'MERCHANT',
  message: 'requestPaymentMethod cannot be called after teardown.',
};
/** How long the sandbox holds an answer a test tears the panel down during. */
const HELD_MS = 1_500;

/**
 * Every test records the panels' `errorOccurred` events and, whatever it did, ends with nothing
 * uncaught in the page or in any of its frames.
 */
const test = base.extend<{ uncaught: () => Promise<string[]> }>({
  uncaught: [
    async ({ page }, use) => {
      const uncaught = await watchUncaught(page);
      await recordErrors(page);
      await use(uncaught);
      expect(await uncaught()).toEqual([]);
    },
    { auto: true },
  ],
});

/** The minimal checkout with one panel of these attributes, ready. */
async function openPanel(page: Page, attributes: Record<string, string>): Promise<void> {
  await openEmptyCheckout(page);
  await clearRecordedErrors(page);
  expect(await mountPanel(page, attributes)).toEqual({ event: 'ready' });
}

/**
 * Starts `requestPaymentMethod()` on the page's panel;
 * how it settled: `resolved` or the rejection's text.
 */
function waitingRequest(page: Page): Promise<string> {
  return page.locator('payment-panel').evaluate((el) =>
    (el as PaymentPanelElement).requestPaymentMethod().then(
      () => 'resolved',
      (error: unknown) => (error as { message: string }).message,
    ),
  );
}

/** Calls `teardown()` on the page's panel. */
async function tearDown(page: Page): Promise<void> {
  await page.locator('payment-panel').evaluate((el) => (el as PaymentPanelElement).teardown());
}

/** Frames and panels still in the page. */
async function leftovers(page: Page): Promise<{ panels: number; frames: number }> {
  return {
    panels: await page.locator('payment-panel').count(),
    frames: page.frames().length - 1,
  };
}

test.describe('pay buttons clicked twice', () => {
  test("the demo's pay button: one request, one tokenization, one nonce", async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    await panel.openDemo();
    await expect(panelState(page)).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await panel.chooseOption('card');
    await card.ready();
    await enterCard(page, VISA);
    await page.getByRole('button', { name: 'Pay $10.00' }).dblclick();
    await expect(page.locator('#result')).toContainText('Nonce for your server: tokencc_');
    // The button is off while the request runs. A second click the browser delivers only after the panel announced
    // the card just paid as requestable again (on a busy machine, Firefox's double click can take that long) is a
    // second request: it is handed the same payload, as in the drop-in. Either way one tokenization, one nonce.
    const logged = page.locator('#event-log li[data-event="requestPaymentMethod"]');
    await expect(logged.first()).toBeVisible();
    const nonces = (await logged.allTextContents()).map((text) => /"nonce":"([^"]+)"/.exec(text)?.[1]);
    expect(nonces.length).toBeLessThanOrEqual(2);
    expect(new Set(nonces).size).toBe(1);
    expect(nonces[0]).toMatch(/^tokencc_/);
    expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(1);
  });

  test('the PayPal button: one popup and one payment; the second click is TOKENIZATION_REQUEST_ACTIVE', async ({
    page,
    sandbox,
  }) => {
    // Two clicks, not dblclick(): Chromium hands the second click of a double click to the popup
    // the first one opened.
    await openPanel(page, {
      authorization: sandbox.key('demo_merchant'),
      paypal: JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' }),
      'payment-option-priority': 'paypal',
    });
    const opened = page.waitForEvent('popup');
    const button = page.locator('payment-panel [part="paypal-button"]');
    await button.click();
    await button.click();
    const popup = await opened;
    await approvalShown(popup);
    // One tokenization at a time: the running approval goes on in its popup.
    await expect
      .poll(() => recordedErrors(page))
      .toEqual([
        {
          code: 'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
          type: 'MERCHANT',
          message: 'Another tokenization request is active.',
        },
      ]);
    await expect(sheetError(page)).toHaveText('PayPal is already open in another window.');
    expect(page.context().pages()).toHaveLength(2);
    const closed = popup.waitForEvent('close');
    await popup.locator('#approve').click();
    await closed;
    await expect(page.locator('payment-panel [part="saved-method"]')).toHaveText([/pat\.payer@example\.com/]);
    await expect(sheetError(page)).toHaveCount(0);
    expect((await requestPaymentMethod(page)).payload).toMatchObject({ type: 'PayPalAccount' });
    expect(await sandbox.requests(CALL_PATHS.createPaymentResource)).toHaveLength(1);
    expect((await sandbox.requests(CALL_PATHS.paypalAccounts)).filter(answered)).toHaveLength(1);
  });

  test('the Apple Pay button: one session, one payment', async ({ page, sandbox }) => {
    await page.addInitScript({ path: 'sandbox/stand-ins/apple-pay-simulator.js' });
    await openPanel(page, {
      authorization: sandbox.key('demo_merchant'),
      'apple-pay': JSON.stringify({ paymentRequest: { total: { label: 'Demo store', amount: '10.00' } } }),
      'payment-option-priority': 'applePay',
    });
    await page.evaluate(() => {
      const counted = window as unknown as { buttonClicks: number };
      counted.buttonClicks = 0;
      document.addEventListener('click', () => (counted.buttonClicks += 1), true);
    });
    await page.locator('payment-panel [part="apple-pay-button"]').dblclick();
    // Both clicks reached the button.
    expect(await page.evaluate(() => (window as unknown as { buttonClicks: number }).buttonClicks)).toBe(2);
    const sheet = page.getByRole('dialog', { name: 'Apple Pay (simulated)' });
    await expect(sheet).toHaveAttribute('data-apple-pay-simulator', 'ready');
    await expect(sheet).toHaveCount(1);
    await sheet.getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
    await expect(page.locator('payment-panel [part="saved-method"]')).toHaveText([/Apple Pay/]);
    expect(await recordedErrors(page)).toEqual([]);
    expect(await sandbox.requests(CALL_PATHS.applePayWebSessions)).toHaveLength(1);
    expect(await sandbox.requests(CALL_PATHS.applePaymentTokens)).toHaveLength(1);
  });
});

test.describe('requestPaymentMethod() called again and again', () => {
  test('five calls at once share one tokenization; later calls hand over the same nonce', async ({
    page,
    card,
    sandbox,
  }) => {
    await openPanel(page, { authorization: sandbox.key('demo_merchant') });
    await card.ready();
    await enterCard(page, VISA);
    // A slow answer keeps the first call in flight while the others arrive.
    await sandbox.inject({ call: 'creditCards', kind: 'slow', delayMs: 1_000 });
    const outcomes = await page.locator('payment-panel').evaluate(async (el) => {
      const panel = el as PaymentPanelElement;
      const settled = await Promise.allSettled(Array.from({ length: 5 }, () => panel.requestPaymentMethod()));
      return settled.map((s) => (s.status === 'fulfilled' ? s.value.nonce : `rejected: ${String(s.reason)}`));
    });
    expect(outcomes).toHaveLength(5);
    expect(new Set(outcomes).size).toBe(1);
    expect(outcomes[0]).toMatch(/^tokencc_/);
    for (let call = 0; call < 3; call += 1) {
      expect((await requestPaymentMethod(page)).payload?.nonce).toBe(outcomes[0]);
    }
    expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(1);
  });

  test('calls made before the panel is ready wait for it and share its one answer', async ({
    page,
    sandbox,
  }) => {
    await openEmptyCheckout(page);
    await sandbox.inject({ call: 'configuration', kind: 'slow', delayMs: 1_000 });
    const early = page.evaluate((authorization) => {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', authorization);
      document.querySelector('main')?.append(element);
      return Promise.allSettled([element.requestPaymentMethod(), element.requestPaymentMethod()]).then(
        (all) => all.map((s) => (s.status === 'rejected' ? (s.reason as { code: string }).code : 'resolved')),
      );
    }, sandbox.key('demo_merchant'));
    // Nothing entered: both wait for the panel, then both get the same refusal.
    expect(await early).toEqual(['HOSTED_FIELDS_FIELDS_EMPTY', 'HOSTED_FIELDS_FIELDS_EMPTY']);
    expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(0);
  });
});

test.describe('teardown() while something is under way', () => {
  /** Tears the page's panel down while `pending` runs; the request's outcome and what teardown gave. */
  async function tearDownDuring(page: Page, pending: Promise<RequestOutcome>): Promise<RequestOutcome> {
    const torn = await page.locator('payment-panel').evaluate(async (el) => {
      try {
        await (el as PaymentPanelElement).teardown();
        return 'resolved';
      } catch (error) {
        return `rejected: ${String(error)}`;
      }
    });
    expect(torn).toBe('resolved');
    return pending;
  }

  test('during a tokenization: the request rejects, no nonce is made, no frame is left', async ({
    page,
    card,
    sandbox,
  }) => {
    await openPanel(page, { authorization: sandbox.key('demo_merchant') });
    await card.ready();
    await enterCard(page, VISA);
    await sandbox.inject({ call: 'creditCards', kind: 'slow', delayMs: HELD_MS });
    const pending = requestPaymentMethod(page);
    await sandbox.waitForRequests(CALL_PATHS.creditCards);
    expect((await tearDownDuring(page, pending)).error).toEqual(TEARDOWN_ERROR);
    expect(await leftovers(page)).toEqual({ panels: 1, frames: 0 });
    // The frame that sent the card is gone: the gateway never answers (the log stays as it is for
    // longer than the answer is held), nothing is tokenized.
    const tokenizations = await sandbox.settledRequests(CALL_PATHS.creditCards, { quietMs: HELD_MS });
    expect(tokenizations).toHaveLength(1);
    expect(tokenizations.filter(answered)).toHaveLength(0);
    expect(await recordedErrors(page)).toEqual([]);
    expect((await requestPaymentMethod(page)).error).toEqual(TEARDOWN_ERROR);
  });

  test('while the panel loads: a waiting request rejects', async ({ page, sandbox }) => {
    await openEmptyCheckout(page);
    await sandbox.inject({ call: 'configuration', kind: 'slow', delayMs: HELD_MS });
    await page.evaluate((authorization) => {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', authorization);
      document.querySelector('main')?.append(element);
    }, sandbox.key('demo_merchant'));
    const outcome = waitingRequest(page);
    // The configuration is on its way: the panel is loading.
    await sandbox.waitForRequest(CALL_PATHS.configuration);
    await tearDown(page);
    expect(await outcome).toBe('requestPaymentMethod cannot be called after teardown.');
    // Whatever the held configuration call gives, once it is over, nothing came back to the page.
    await sandbox.settledRequests(CALL_PATHS.configuration, { quietMs: HELD_MS });
    expect(await leftovers(page)).toEqual({ panels: 1, frames: 0 });
  });

  test('while the saved methods load: a waiting request rejects', async ({ page, sandbox }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await openEmptyCheckout(page);
    await sandbox.inject({ call: 'paymentMethods', kind: 'slow', delayMs: HELD_MS });
    await page.evaluate((authorization) => {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', authorization);
      document.querySelector('main')?.append(element);
    }, token);
    await expect(page.locator('payment-panel [part="loading-indicator"]')).toBeAttached();
    const outcome = waitingRequest(page);
    // The saved methods are on their way: the panel is still loading.
    await sandbox.waitForRequest(CALL_PATHS.paymentMethods);
    await tearDown(page);
    expect(await outcome).toBe('requestPaymentMethod cannot be called after teardown.');
    // Whatever the held call gives, once it is over, nothing came back to the page.
    await sandbox.settledRequests(CALL_PATHS.paymentMethods, { quietMs: HELD_MS });
    expect(await leftovers(page)).toEqual({ panels: 1, frames: 0 });
  });

  test('during a PayPal approval: the popup closes and no error reaches the page', async ({
    page,
    sandbox,
  }) => {
    await openPanel(page, {
      authorization: sandbox.key('demo_merchant'),
      paypal: JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' }),
      'payment-option-priority': 'paypal',
    });
    const opened = page.waitForEvent('popup');
    await page.locator('payment-panel [part="paypal-button"]').click();
    const popup = await opened;
    await approvalShown(popup);
    const closed = popup.waitForEvent('close');
    await page.locator('payment-panel').evaluate((el) => (el as PaymentPanelElement).teardown());
    await closed;
    expect(page.context().pages()).toHaveLength(1);
    expect(await recordedErrors(page)).toEqual([]);
    expect(await sandbox.requests(CALL_PATHS.paypalAccounts)).toHaveLength(0);
  });

  test('during a 3D Secure verification: the request rejects and the bank frame goes', async ({
    page,
    card,
    sandbox,
  }) => {
    await openPanel(page, {
      authorization: await sandbox.clientToken('three_d_secure_v1_merchant'),
      'three-d-secure': JSON.stringify({ amount: '10.00' }),
    });
    await card.ready();
    await enterCard(page, { ...VISA, number: '4000000000000002' });
    const pending = requestPaymentMethod(page);
    await expect(
      page.locator('payment-panel').getByRole('dialog', { name: 'Card Verification' }),
    ).toBeVisible();
    expect((await tearDownDuring(page, pending)).error).toEqual(TEARDOWN_ERROR);
    expect(await leftovers(page)).toEqual({ panels: 1, frames: 0 });
    expect(await recordedErrors(page)).toEqual([]);
    expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(1);
  });
});

test('a form submitted twice posts once, with the one nonce', async ({ page, card, sandbox }) => {
  await page.goto('/form.html');
  await card.ready();
  await enterCard(page, VISA);
  // A slow answer: the page is still the checkout when the clicks are counted.
  await sandbox.inject({ call: 'creditCards', kind: 'slow', delayMs: HELD_MS });
  const posted = page.waitForURL(/\/sandbox\/checkout/);
  await page.evaluate(() => {
    const counted = window as unknown as { buttonClicks: number };
    counted.buttonClicks = 0;
    document.addEventListener('click', () => (counted.buttonClicks += 1), true);
  });
  await page.getByRole('button', { name: 'Pay $10.00' }).dblclick();
  // Both clicks reached the button: a request was running when the second one came.
  expect(await page.evaluate(() => (window as unknown as { buttonClicks: number }).buttonClicks)).toBe(2);
  await posted;
  await expect(page.locator('body')).toContainText('Known nonce: yes (CreditCard)');
  // No second post or tokenization comes after the first: the log settles with one of each.
  const checkouts = await sandbox.settledRequests('/sandbox/checkout');
  expect(checkouts).toHaveLength(1);
  const tokenizations = await sandbox.settledRequests(CALL_PATHS.creditCards);
  expect(tokenizations).toHaveLength(1);
  expect((checkouts[0]?.body as Record<string, string>).payment_method_nonce).toMatch(/^tokencc_/);
});

test.describe('paymentPanel.create() instances side by side', () => {
  test('three at once share one configuration call, answer on their own and all tear down', async ({
    page,
    sandbox,
  }) => {
    await openEmptyCheckout(page);
    const result = await page.evaluate(async (authorization) => {
      const main = document.querySelector('main');
      const containers = [1, 2, 3].map((n) => {
        const div = document.createElement('div');
        div.id = `checkout-${n}`;
        main?.append(div);
        return div;
      });
      const instances = await Promise.all(
        containers.map((container) => window.paymentPanel.create({ container, authorization })),
      );
      const frames = document.querySelectorAll('payment-panel').length;
      // Each answers for its own, empty card sheet, at the same time.
      const answers = await Promise.all(
        instances.map((instance) =>
          instance.requestPaymentMethod().then(
            () => 'resolved',
            (error: unknown) => (error as { code: string }).code,
          ),
        ),
      );
      const second = instances.map((instance) => instance.teardown());
      const again = instances[0]?.teardown().then(
        () => 'resolved',
        (error: unknown) => (error as { code: string }).code,
      );
      await Promise.all(second);
      return {
        panels: frames,
        answers,
        again: await again,
        left: document.querySelectorAll('payment-panel').length,
      };
    }, sandbox.key('demo_merchant'));
    expect(result).toEqual({
      panels: 3,
      answers: Array.from({ length: 3 }, () => 'HOSTED_FIELDS_FIELDS_EMPTY'),
      again: 'METHOD_CALLED_AFTER_TEARDOWN',
      left: 0,
    });
    expect(page.frames()).toHaveLength(1);
    expect(await sandbox.requests(CALL_PATHS.configuration)).toHaveLength(1);
    expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(0);
  });

  test('a create torn down before it is ready settles, as METHOD_CALLED_AFTER_TEARDOWN', async ({
    page,
    sandbox,
  }) => {
    await openEmptyCheckout(page);
    await sandbox.inject({ call: 'configuration', kind: 'slow', delayMs: 1_000 });
    const created: Promise<PlainError> = page.evaluate(
      (authorization) =>
        window.paymentPanel
          .create({
            container: document.querySelector('main') as Element,
            authorization,
          })
          .then(
            () => ({ code: 'resolved' }),
            (error: unknown) => {
              const e = error as PlainError;
              return { code: e.code, message: e.message };
            },
          ),
      sandbox.key('demo_merchant'),
    );
    // Torn down while its configuration is on its way.
    await sandbox.waitForRequest(CALL_PATHS.configuration);
    await tearDown(page);
    expect(await created).toEqual({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'create cannot be called after teardown.',
    });
  });
});
