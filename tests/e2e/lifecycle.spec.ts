/**
 * Lifecycle: 50 panels with every option (card, PayPal, Apple Pay, 3D Secure, device data) are
 * created and torn down in one page — as elements, through `paymentPanel.create()` with a client
 * token of its own each time (as a single-page app fetches one per checkout), and torn down while
 * still loading. Afterwards no frame, panel, gateway client, listener, timer, channel or popup is
 * left in the merchant window, and the heap after garbage collection grows by less than 2 MB
 * between cycle 10 and cycle 50 (the figure is printed).
 */
import type { Page } from '@playwright/test';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { approvalShown } from './models/sandbox';
import { chromiumOnly, expect, guardedTest as test } from './support/fixtures';
import { heapAfterGc, installLeakProbe, openResources, type OpenResources } from './support/leak-probe';
import { PATIENCE_MS } from './support/recorder';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../../src/shared/constants';

const CYCLES = 50;
/** Cycles before the heap is first measured, so caches and compiled code are warm. */
const WARM_CYCLES = 10;
/** Largest heap growth allowed from cycle 10 to cycle 50. */
const MAX_HEAP_GROWTH = 2 * 1024 * 1024;

/** The details of the tests that measure the heap. */
const HEAP = chromiumOnly('the heap after a forced garbage collection comes from the DevTools protocol');

/** Every option, as attribute text. */
const ATTRIBUTES = {
  paypal: JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' }),
  'paypal-credit': JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' }),
  'apple-pay': JSON.stringify({
    displayName: 'Demo store',
    paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
  }),
  'three-d-secure': JSON.stringify({ amount: '10.00' }),
  'data-collector': JSON.stringify({ kount: true, paypal: true }),
  card: JSON.stringify({ cardholderName: true }),
};

// Every test is guarded: nothing thrown or left unhandled, and no console error, in any frame.

/**
 * A merchant page with the bundle, the Apple Pay simulator and the probe, and nothing of the
 * panel's yet: the minimal page's own element (made without authorization) is torn down first.
 */
async function openEmptyPage(page: Page, authorization: string): Promise<OpenResources> {
  await page.addInitScript({ path: 'sandbox/stand-ins/apple-pay-simulator.js' });
  await installLeakProbe(page);
  // A panel that gets ready and goes: the page has loaded the panel's files, and what they keep for
  // the page (React's scheduler channel and its selection listener) is part of the baseline.
  await page.goto(`/minimal.html?authorization=${authorization}`);
  await page.waitForFunction(
    () =>
      document
        .querySelector('payment-panel')
        ?.shadowRoot?.querySelector('[part="panel"]')
        ?.getAttribute('data-state') === 'ready',
    null,
    { timeout: PATIENCE_MS },
  );
  await page.evaluate(async () => {
    const element = document.querySelector<PaymentPanelElement>('payment-panel');
    await element?.teardown();
    element?.remove();
  });
  return settled(page);
}

/**
 * What is open once the timers already due (analytics batches) have run out and the requests still in flight (each
 * with its time-out) were answered; a time-out left behind still fails, after the patience.
 */
async function settled(page: Page): Promise<OpenResources> {
  await expect
    .poll(
      async () =>
        (await openResources(page)).timeouts.filter(
          (delay) => delay <= 2_000 || delay === DEFAULT_REQUEST_TIMEOUT_MS,
        ),
      { timeout: PATIENCE_MS },
    )
    .toEqual([]);
  return openResources(page);
}

/** One element with every option: appended, ready, torn down and removed. */
async function elementCycle(page: Page, authorization: string, early = false): Promise<void> {
  await page.evaluate(
    async ({ authorization: auth, attributes, early: beforeReady, patience }) => {
      const element = document.createElement('payment-panel');
      let timer = 0;
      const outcome = new Promise<void>((resolve, reject) => {
        element.addEventListener('ready', () => {
          resolve();
        });
        element.addEventListener('errorOccurred', (event) => {
          reject(new Error(`errorOccurred: ${JSON.stringify(event.detail)}`));
        });
        timer = window.setTimeout(() => {
          reject(new Error('no ready event in time'));
        }, patience);
      }).finally(() => {
        clearTimeout(timer);
      });
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.setAttribute('authorization', auth);
      document.querySelector('main')?.append(element);
      if (beforeReady) {
        // Torn down while its card frames load: they exist but have not reported yet.
        await new Promise<void>((resolve) => {
          const check = (): void => {
            if (element.shadowRoot?.querySelector('iframe')) resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        clearTimeout(timer);
        outcome.catch(() => undefined);
      } else {
        await outcome;
      }
      await element.teardown();
      element.remove();
    },
    { authorization, attributes: ATTRIBUTES, early, patience: PATIENCE_MS },
  );
}

/** One `paymentPanel.create()` with every option, ready, then its instance's teardown. */
async function createCycle(page: Page, authorization: string): Promise<void> {
  await page.evaluate(async (auth) => {
    const instance = await window.paymentPanel.create({
      container: 'main',
      authorization: auth,
      paypal: { flow: 'checkout', amount: '10.00', currency: 'USD' },
      paypalCredit: { flow: 'checkout', amount: '10.00', currency: 'USD' },
      applePay: {
        displayName: 'Demo store',
        paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
      },
      threeDSecure: { amount: '10.00' },
      dataCollector: { kount: true, paypal: true },
      card: { cardholderName: true },
    });
    await instance.teardown();
  }, authorization);
}

/** Runs the cycles, measuring the heap after the warm-up and at the end; returns the growth. */
async function runCycles(page: Page, cycle: () => Promise<void>, label: string): Promise<number> {
  for (let i = 1; i <= WARM_CYCLES; i += 1) await cycle();
  await settled(page);
  const warm = await heapAfterGc(page);
  for (let i = WARM_CYCLES + 1; i <= CYCLES; i += 1) await cycle();
  await settled(page);
  const end = await heapAfterGc(page);
  const growth = end - warm;
  const perCycle = growth / (CYCLES - WARM_CYCLES);
  console.log(
    `${label}: heap after GC ${(warm / 1e6).toFixed(2)} MB after cycle ${WARM_CYCLES}, ${(end / 1e6).toFixed(2)} MB after cycle ${CYCLES}: ${growth >= 0 ? '+' : ''}${(growth / 1e3).toFixed(1)} kB (${(perCycle / 1e3).toFixed(2)} kB per cycle)`,
  );
  test.info().annotations.push({
    type: 'heap growth',
    description: `${label}: ${growth} bytes over ${CYCLES - WARM_CYCLES} cycles`,
  });
  return growth;
}

/**
 * Asserts that the page is back where it was. That covers the gateway clients: each listens for
 * pagehide while a panel holds it, and none is kept once the last panel of its authorization goes.
 */
function expectNothingLeft(after: OpenResources, baseline: OpenResources): void {
  expect(after.frames).toBe(0);
  expect(after.panels).toBe(0);
  expect(after.popups).toBe(0);
  expect(after.intervals).toBe(baseline.intervals);
  expect(after.timeouts).toEqual(baseline.timeouts);
  expect(after.channels).toBe(baseline.channels);
  // Each open channel of a panel, frame or wallet holds a message listener: none is left.
  expect(after.listeners).toEqual(baseline.listeners);
}

test(
  `${CYCLES} elements with every option, each ready then torn down, leave nothing and keep the heap flat`,
  HEAP,
  async ({ page, sandbox }) => {
    test.setTimeout(900_000);
    const token = await sandbox.clientToken('demo_merchant');
    const baseline = await openEmptyPage(page, sandbox.key('card_only_merchant'));
    const growth = await runCycles(page, () => elementCycle(page, token), 'elements');
    expectNothingLeft(await settled(page), baseline);
    expect(page.frames()).toHaveLength(1);
    expect(growth).toBeLessThan(MAX_HEAP_GROWTH);
  },
);

test(
  `${CYCLES} paymentPanel.create() instances, each with a client token of its own, ready then torn down, leave nothing and keep the heap flat`,
  HEAP,
  async ({ page, sandbox }) => {
    test.setTimeout(900_000);
    // A client token of its own for each checkout, each a gateway client of its own.
    const tokens = new Set<string>();
    while (tokens.size < CYCLES) tokens.add(await sandbox.clientToken('demo_merchant'));
    const next = tokens.values();
    const baseline = await openEmptyPage(page, sandbox.key('card_only_merchant'));
    const growth = await runCycles(
      page,
      () => createCycle(page, next.next().value ?? ''),
      'paymentPanel.create(), a client token each',
    );
    expectNothingLeft(await settled(page), baseline);
    expect(page.frames()).toHaveLength(1);
    expect(growth).toBeLessThan(MAX_HEAP_GROWTH);
  },
);

test(
  `${CYCLES} panels torn down while their card frames load leave nothing either`,
  HEAP,
  async ({ page, sandbox }) => {
    test.setTimeout(900_000);
    const token = await sandbox.clientToken('demo_merchant');
    const baseline = await openEmptyPage(page, sandbox.key('card_only_merchant'));
    const growth = await runCycles(page, () => elementCycle(page, token, true), 'torn down while loading');
    expectNothingLeft(await settled(page), baseline);
    expect(page.frames()).toHaveLength(1);
    expect(growth).toBeLessThan(MAX_HEAP_GROWTH);
  },
);

test('panels torn down while a PayPal approval waits close its popup and leave nothing either', async ({
  page,
  sandbox,
}) => {
  test.setTimeout(600_000);
  const baseline = await openEmptyPage(page, sandbox.key('card_only_merchant'));
  for (let cycle = 1; cycle <= 5; cycle += 1) {
    await page.evaluate(
      ({ paypal, authorization }) => {
        const element = document.createElement('payment-panel');
        element.setAttribute('paypal', paypal);
        element.setAttribute('authorization', authorization);
        document.querySelector('main')?.append(element);
      },
      { paypal: ATTRIBUTES.paypal, authorization: sandbox.key('demo_merchant') },
    );
    const panel = page.locator('payment-panel');
    await panel.locator('[part="option"][data-option="paypal"]').click({ timeout: PATIENCE_MS });
    const opened = page.waitForEvent('popup');
    await panel.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
    const popup = await opened;
    await approvalShown(popup, PATIENCE_MS);
    expect((await openResources(page)).popups).toBe(1);
    await page.evaluate(async () => {
      const element = document.querySelector<PaymentPanelElement>('payment-panel');
      await element?.teardown();
      element?.remove();
    });
    await expect.poll(() => popup.isClosed(), { timeout: PATIENCE_MS }).toBe(true);
    expectNothingLeft(await settled(page), baseline);
  }
  expect(page.frames()).toHaveLength(1);
});
