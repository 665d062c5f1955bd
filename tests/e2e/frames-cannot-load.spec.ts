/**
 * Nothing hangs without a name (docs/card.md, "When the card fields cannot load"): card frames the
 * merchant page's Content Security Policy refuses, frame pages answering 404 or 500, frames that
 * never load and a Google Pay whose `isReadyToPay` never answers each end in a catalogue error; the
 * other options still pay, and a panel with nothing left fails with `cancelInitialization`.
 */
import type { Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import { GOOGLE_PAY_READY_TIMEOUT_MS, HOSTED_FIELDS_SETUP_TIMEOUT_MS } from '../../src/shared/constants';
import { VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { approvalShown, type Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';
import { installClock, pauseClock, toJustBeforeTimeout } from './support/clock';

const { merchant, assets, gateway } = localOrigins();
const PAYPAL = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });
const GOOGLE_PAY = JSON.stringify({
  merchantId: 'BCR2DN4TEST',
  transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00', countryCode: 'US' },
});
const FRAME_PAGE = '/html/hosted-fields-frame';
/** Well before the 20 s time-out: what the browser shows at once is said within a few seconds. */
const AT_ONCE_MS = 8_000;
/** The console line (Chromium) or report (Firefox) of a frame the page's policy refuses. */
const REFUSED_FRAME =
  /violates the following Content Security Policy directive: "frame-src|blocked the loading of a resource \(frame-src\)/;
/** The console line of a frame page answering an error status. */
const FAILED_PAGE = /Failed to load resource: the server responded with a status of (404|500)/;

/**
 * Gives the merchant page a policy of its own in a `<meta>` element, as a merchant may: frames
 * from the gateway only, so not from the assets host. Policies add up, so the page's header policy
 * (which allows the assets host) no longer lets the card frames load.
 */
async function forbidAssetFrames(page: Page): Promise<void> {
  await page.addInitScript(
    ({ merchantOrigin, frameSource }) => {
      if (window.top !== window || location.origin !== merchantOrigin) return;
      // The script runs before the document has a head: the policy goes in as soon as it has one.
      const head = (): HTMLHeadElement | null => document.querySelector('head');
      const add = (into: HTMLHeadElement): void => {
        const meta = document.createElement('meta');
        meta.httpEquiv = 'Content-Security-Policy';
        meta.content = `frame-src ${frameSource}`;
        into.prepend(meta);
      };
      const now = head();
      if (now) {
        add(now);
        return;
      }
      new MutationObserver((_, observer) => {
        const found = head();
        if (!found) return;
        observer.disconnect();
        add(found);
      }).observe(document, { childList: true, subtree: true });
    },
    { merchantOrigin: merchant, frameSource: gateway },
  );
}

/** Points the next configuration's `assetsUrl` elsewhere, so the frame pages come from there. */
async function moveAssets(sandbox: Sandbox, assetsUrl: string): Promise<void> {
  await sandbox.overrideAnswers('client_api/v1/configuration', { assetsUrl });
}

/** The first `errorOccurred`, once it came. */
async function firstError(panel: PanelPage, timeout = AT_ONCE_MS) {
  await expect
    .poll(async () => (await panel.events()).some((e) => e.name === 'errorOccurred'), { timeout })
    .toBe(true);
  return (await panel.events()).find((e) => e.name === 'errorOccurred')?.detail;
}

/** Pays with PayPal in its approval popup and returns the payload. */
async function payWithPayPal(page: Page, panel: PanelPage): Promise<Record<string, unknown> | undefined> {
  await panel.chooseOption('paypal');
  const popupOpened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  const popup = await popupOpened;
  await approvalShown(popup);
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
  await expect.poll(() => panel.isRequestable()).toBe(true);
  return (await panel.requestPaymentMethod()).payload;
}

/** Pays with Google Pay through the sandbox's stand-in and returns the payload. */
async function payWithGooglePay(page: Page, panel: PanelPage): Promise<Record<string, unknown> | undefined> {
  const button = panel.element.getByRole('button', { name: 'Buy with Google Pay' });
  // The only option left shows its sheet at once; otherwise the shopper picks it.
  await expect(button.or(panel.option('googlePay')).or(panel.toggle()).first()).toBeVisible();
  if (!(await button.isVisible())) await panel.chooseOption('googlePay');
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
  await expect(sheet).toHaveAttribute('data-google-pay-stand-in', 'ready');
  await sheet.locator('[data-card="visa"]').click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  return (await panel.requestPaymentMethod()).payload;
}

test('a page whose policy refuses the assets host in frame-src: a named error at once, and PayPal and Google Pay still pay', async ({
  sandbox,
  page,
  panel,
  guard,
}) => {
  guard.allowedConsole.push(REFUSED_FRAME);
  await forbidAssetFrames(page);
  await panel.openBare(sandbox.key('demo_merchant'), 'local', { paypal: PAYPAL, 'google-pay': GOOGLE_PAY });
  const error = await firstError(panel);
  expect(error).toMatchObject({
    code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
    type: 'NETWORK',
    message: 'Hosted Fields frames could not be loaded.',
  });
  // The browser's report names the refusal when the panel's runtime is watching by then (the frames
  // the configuration's challenges add); frames refused before show as silent.
  expect(['frame-src', 'no-answer']).toContain(error?.details?.reason);
  await panel.waitForEvent('ready');
  expect((await panel.events()).map((e) => e.name)).not.toContain('cancelInitialization');
  await expect(panel.option('card')).toHaveCount(0);
  await expect(panel.option('paypal')).toBeVisible();
  await expect(panel.option('googlePay')).toBeVisible();
  await expect(panel.element.locator('iframe')).toHaveCount(0);

  expect(await payWithPayPal(page, panel)).toMatchObject({ type: 'PayPalAccount' });
  expect(await payWithGooglePay(page, panel)).toMatchObject({ type: 'AndroidPayCard' });
});

test('standalone hosted fields on such a page reject with the refusal the browser reports', async ({
  sandbox,
  page,
  guard,
}) => {
  guard.allowedConsole.push(REFUSED_FRAME);
  await forbidAssetFrames(page);
  await page.goto('/minimal.html');
  await page.waitForFunction(() => 'paymentPanel' in window);
  const outcome = await page.evaluate(async (authorization) => {
    const container = document.createElement('div');
    document.body.append(container);
    try {
      await window.paymentPanel.createHostedFields({ authorization, fields: { number: { container } } });
      return { created: true, frames: container.querySelectorAll('iframe').length };
    } catch (error) {
      const { code, details } = error as { code?: string; details?: unknown };
      return { code, details, frames: container.querySelectorAll('iframe').length };
    }
  }, sandbox.key('demo_merchant'));
  expect(outcome).toEqual({
    code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
    details: { reason: 'frame-src', blockedURI: assets },
    frames: 0,
  });
});

for (const [answer, setUp] of [
  // The assets host has no such folder: its 404 page.
  ['404', (sandbox: Sandbox) => moveAssets(sandbox, `${assets}/missing`)],
  // A host that fails the frame page: the sandbox gateway's 500, from a fault on that path.
  ['500', (sandbox: Sandbox) => moveAssets(sandbox, gateway)],
] as const) {
  test(`frame pages answering ${answer}: a named error within seconds, and Google Pay still pays`, async ({
    page,
    panel,
    sandbox,
    guard,
  }) => {
    guard.allowedConsole.push(FAILED_PAGE);
    if (answer === '500') await sandbox.inject({ match: FRAME_PAGE, kind: '500', count: 10 });
    await setUp(sandbox);
    await panel.openBare(sandbox.key('demo_merchant'), 'local', { 'google-pay': GOOGLE_PAY });
    const error = await firstError(panel);
    expect(error).toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
      details: { reason: 'no-answer', fields: expect.arrayContaining(['number']) as unknown },
    });
    if (answer === '500') {
      expect((await sandbox.requests(FRAME_PAGE)).map((r) => r.status)).toContain(500);
    }
    await panel.waitForEvent('ready');
    await expect(panel.option('card')).toHaveCount(0);
    expect(await payWithGooglePay(page, panel)).toMatchObject({ type: 'AndroidPayCard' });
  });
}

test('card only, frames that never load: HOSTED_FIELDS_TIMEOUT after 20 s, cancelInitialization, and a waiting request rejects', async ({
  page,
  panel,
  sandbox,
}) => {
  // The frame pages come from the gateway, which holds them without an answer.
  await sandbox.inject({ match: FRAME_PAGE, kind: 'timeout', count: 10 });
  await moveAssets(sandbox, gateway);
  const earliest = await installClock(page);
  await panel.openBare(sandbox.key('card_only_merchant'), 'local', {}, { waitUntil: 'domcontentloaded' });
  await sandbox.waitForRequest(FRAME_PAGE);
  // A merchant asks for the payment method while the panel loads.
  const requested = panel.element.evaluate(async (element) => {
    try {
      await (element as unknown as { requestPaymentMethod(): Promise<unknown> }).requestPaymentMethod();
      return 'resolved';
    } catch (error) {
      return (error as { code?: string }).code;
    }
  });
  const pausedAt = await pauseClock(page);
  const past = await toJustBeforeTimeout(page, {
    earliest,
    pausedAt,
    timeout: HOSTED_FIELDS_SETUP_TIMEOUT_MS,
    margin: 1_000,
  });
  expect((await panel.events()).map((e) => e.name)).toEqual([]);
  await past();
  expect(await firstError(panel)).toMatchObject({
    code: 'HOSTED_FIELDS_TIMEOUT',
    type: 'UNKNOWN',
    message: 'Hosted Fields timed out when attempting to set up.',
  });
  expect((await panel.waitForEvent('cancelInitialization')).detail).toMatchObject({
    code: 'HOSTED_FIELDS_TIMEOUT',
  });
  expect(await requested).toBe('HOSTED_FIELDS_TIMEOUT');
  await expect(panel.state()).toHaveAttribute('data-state', 'failed');
});

test('a Google Pay whose isReadyToPay never answers is left out after 10 s with GOOGLE_PAYMENT_READY_TIMEOUT; the card still pays', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { googlePayStandIn: unknown }).googlePayStandIn = { isReadyToPay: 'never' };
  });
  const earliest = await installClock(page);
  await panel.openBare(
    sandbox.key('demo_merchant'),
    'local',
    { 'google-pay': GOOGLE_PAY },
    { waitUntil: 'domcontentloaded' },
  );
  await expect
    .poll(() =>
      page.evaluate(() =>
        Boolean(
          (window as unknown as { googlePayStandIn: Record<string, unknown> }).googlePayStandIn
            .lastIsReadyToPayRequest,
        ),
      ),
    )
    .toBe(true);
  const pausedAt = await pauseClock(page);
  const past = await toJustBeforeTimeout(page, {
    earliest,
    pausedAt,
    timeout: GOOGLE_PAY_READY_TIMEOUT_MS,
    margin: 1_000,
  });
  expect((await panel.events()).map((e) => e.name)).toEqual([]);
  await past();
  expect(await firstError(panel)).toMatchObject({
    code: 'GOOGLE_PAYMENT_READY_TIMEOUT',
    type: 'NETWORK',
    message: 'Google Pay did not answer isReadyToPay within 10 seconds.',
  });
  await panel.waitForEvent('ready');
  await expect(panel.option('googlePay')).toHaveCount(0);
  await card.ready();
  await card.fill(VISA);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
  expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toHaveLength(1);
});
