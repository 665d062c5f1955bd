/**
 * Venmo through the sandbox's stand-ins for Venmo's pages (docs/venmo.md): a phone switching to the
 * app and back in a new tab and in the same tab, the cancel and error returns, a second click while
 * Venmo is open, a payment context the gateway cannot make, and one polled to APPROVED; the desktop
 * QR code approved by a second page standing in for the phone, the QR modal closed, the web login
 * popup, a desktop without allowDesktop, a request before paying, a card-only page that never
 * fetches Venmo's file, and axe and the keyboard on the sheet and the modal.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import { PanelPage } from './models/panel';
import { ANDROID_CHROME, VENMO_APP_URL, VenmoPanel, VenmoStandIn } from './models/venmo';
import { chromiumOnly, expect, test } from './support/fixtures';

const MODULE_FILE = `/payment-panel/${pkg.version}/modules/venmo.min.js`;
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Whether the sandbox's checkout knows a nonce, as a merchant's server would post it. */
async function checkout(page: Page, nonce: string): Promise<string> {
  const response = await page.request.post(`${localOrigins().gateway}/sandbox/checkout`, {
    form: { payment_method_nonce: nonce },
  });
  return response.text();
}

/** Runs axe on the page, the panel's shadow root included, and expects no violation. */
async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).exclude('iframe').analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target),
  }));
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}

/** The codes of the `errorOccurred` events recorded so far. */
async function errorCodes(panel: PanelPage): Promise<unknown[]> {
  return (await panel.events())
    .filter((event) => event.name === 'errorOccurred')
    .map((event) => (event.detail as { code?: unknown }).code);
}

/** The account a page came back with, as the merchant gets it. */
async function expectVenmoPayload(panel: PanelPage, extra: Record<string, unknown> = {}): Promise<string> {
  const venmo = new VenmoPanel(panel);
  await expect(venmo.selectedAccount()).toContainText('Venmo');
  await expect(venmo.selectedAccount()).toContainText('@venmojoe');
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Venmo');
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toEqual({
    nonce: expect.stringMatching(/^tokenvm_sb_/),
    type: 'VenmoAccount',
    details: { username: '@venmojoe', ...extra },
  });
  return String(payload?.nonce);
}

test.describe('on a phone', () => {
  test.use({ userAgent: ANDROID_CHROME });

  test('switches to Venmo in a new tab; the tab Venmo returns to pays with the account selected and its hash gone', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'));
    await venmo.chooseVenmo();
    const tab = await venmo.switchToNewTab();
    await expect(tab).toHaveTitle('Venmo sandbox – the Venmo app');
    const query = new URL(tab.url()).searchParams;
    expect([...query.keys()]).toEqual([
      'x-success',
      'x-cancel',
      'x-error',
      'allowAndroidRecreation',
      'ua',
      'braintree_merchant_id',
      'braintree_access_token',
      'braintree_environment',
      'braintree_sdk_data',
    ]);
    expect(query.get('x-success')).toBe(`${page.url()}#venmoSuccess=1`);
    expect(query.get('ua')).toBe(ANDROID_CHROME);
    await new VenmoStandIn(tab).approve();
    await tab.waitForURL((url) => url.origin === localOrigins().merchant && url.pathname === '/minimal.html');
    const back = new PanelPage(tab);
    const nonce = await expectVenmoPayload(back);
    expect(new URL(tab.url()).hash).toBe('');
    expect(await checkout(tab, nonce)).toContain('Known nonce: yes (VenmoAccount)');
  });

  test('switches in the same tab with allowNewBrowserTab: false, and comes back to pay', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowNewBrowserTab: false });
    await venmo.chooseVenmo();
    await venmo.button().click();
    await page.waitForURL((url) => url.href.startsWith(VENMO_APP_URL));
    expect(new URL(page.url()).searchParams.get('allowAndroidRecreation')).toBe('0');
    await new VenmoStandIn(page).approve();
    await page.waitForURL((url) => url.origin === localOrigins().merchant);
    await expectVenmoPayload(panel);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('a cancel in Venmo is VENMO_APP_CANCELED, told and not shown; a failure is VENMO_APP_FAILED, shown', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowNewBrowserTab: false });
    await venmo.chooseVenmo();
    await venmo.button().click();
    await page.waitForURL((url) => url.href.startsWith(VENMO_APP_URL));
    await new VenmoStandIn(page).cancel();
    await page.waitForURL((url) => url.origin === localOrigins().merchant);
    await panel.waitForEvent('ready');
    await expect.poll(() => errorCodes(panel)).toEqual(['VENMO_APP_CANCELED']);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
    expect(await panel.isRequestable()).toBe(false);

    await venmo.chooseVenmo();
    await venmo.button().click();
    await page.waitForURL((url) => url.href.startsWith(VENMO_APP_URL));
    await new VenmoStandIn(page).fail();
    await page.waitForURL((url) => url.origin === localOrigins().merchant);
    await expect.poll(() => errorCodes(panel)).toEqual(['VENMO_APP_FAILED']);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'The Venmo app could not be found on your device.',
    );
  });

  test('a second click while Venmo is open in another tab is VENMO_TOKENIZATION_REQUEST_ACTIVE, never a second payment', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'));
    await venmo.chooseVenmo();
    await venmo.switchToNewTab();
    await page.bringToFront();
    await venmo.button().click();
    await expect.poll(() => errorCodes(panel)).toEqual(['VENMO_TOKENIZATION_REQUEST_ACTIVE']);
    expect(page.context().pages()).toHaveLength(2);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
  });

  test('a payment context the gateway cannot make leaves Venmo out with VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED; the card still pays', async ({
    panel,
    sandbox,
  }) => {
    await sandbox.inject({ call: 'createVenmoPaymentContext', kind: '500' });
    await panel.openBare(sandbox.key('demo_merchant'), 'local', {
      venmo: JSON.stringify({ paymentMethodUsage: 'single_use' }),
    });
    await panel.waitForEvent('ready');
    expect(await errorCodes(panel)).toEqual(['VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED']);
    await expect(panel.option('venmo')).toHaveCount(0);
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
  });

  test('with a payment context, the page polls it to APPROVED while Venmo is open in another tab', async ({
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { paymentMethodUsage: 'single_use' });
    await venmo.chooseVenmo();
    const tab = await venmo.switchToNewTab();
    const contextId = new URL(tab.url()).searchParams.get('resource_id');
    expect(contextId).toBeTruthy();
    await new VenmoStandIn(tab).approve();
    // The page that opened Venmo reads the context and lists the account it approved.
    await expectVenmoPayload(panel, {
      paymentContextId: contextId,
      payerInfo: expect.objectContaining({ userName: 'venmojoe' }),
    });
  });
});

test.describe('on a desktop', () => {
  test('allowDesktop shows the QR code; a phone that scans it says authorizing, and its approval pays', async ({
    context,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowDesktop: true });
    await venmo.chooseVenmo();
    await venmo.button().click();
    await expect(venmo.modal()).toBeVisible();
    await expect(venmo.modal().getByRole('status')).toHaveText(
      'Scan this code with your phone to open Venmo and approve the payment.',
    );
    const link = await venmo.scan();
    expect(link.startsWith(`${VENMO_APP_URL}?resource_id=`)).toBe(true);
    expect([...new URL(link).searchParams.keys()]).toEqual([
      'resource_id',
      'braintree_merchant_id',
      'braintree_access_token',
      'braintree_environment',
      'braintree_sdk_data',
    ]);
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(venmo.modal().getByRole('status')).toHaveText('Authorizing in Venmo…');
    await new VenmoStandIn(phone).approve();
    await expect(venmo.modal()).toBeHidden();
    await expectVenmoPayload(panel, {
      paymentContextId: new URL(link).searchParams.get('resource_id'),
      payerInfo: expect.objectContaining({ userName: 'venmojoe' }),
    });
  });

  test('allowDesktopWebLogin opens Venmo’s web login in a popup, which closes itself once the shopper approves', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowDesktopWebLogin: true });
    await venmo.chooseVenmo();
    const [popup] = await Promise.all([page.waitForEvent('popup'), venmo.button().click()]);
    await popup.waitForURL((url) => url.pathname.endsWith('/sandbox/venmo/go/web'));
    await expect(popup).toHaveTitle('Venmo sandbox – log in to Venmo');
    const contextId = new URL(popup.url()).searchParams.get('resource_id');
    expect(new URL(popup.url()).searchParams.get('x-success')).toBeNull();
    await Promise.all([popup.waitForEvent('close'), new VenmoStandIn(popup).approve()]);
    await expectVenmoPayload(panel, {
      paymentContextId: contextId,
      payerInfo: expect.objectContaining({ userName: 'venmojoe' }),
    });
  });

  test('closing the QR modal is VENMO_DESKTOP_CANCELED, and the context is canceled', async ({
    context,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowDesktop: true });
    await venmo.chooseVenmo();
    await venmo.button().click();
    const link = await venmo.scan();
    await venmo.modal().getByRole('button', { name: 'Close Venmo' }).click();
    await expect(venmo.modal()).toBeHidden();
    await expect.poll(() => errorCodes(panel)).toEqual(['VENMO_DESKTOP_CANCELED']);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
    // The phone that scans it now finds the payment canceled.
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  test('a desktop without allowDesktop does not offer Venmo and says nothing', async ({
    page,
    panel,
    sandbox,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === MODULE_FILE) fetched.push(request.url());
    });
    await panel.openBare(sandbox.key('demo_merchant'), 'local', {
      venmo: 'true',
      'payment-option-priority': JSON.stringify(['venmo', 'card']),
    });
    await panel.waitForEvent('ready');
    await expect(panel.element.locator('#card-sheet-label, [data-view="card"] h2').first()).toBeVisible();
    await expect(panel.option('venmo')).toHaveCount(0);
    expect(await errorCodes(panel)).toEqual([]);
    // Venmo's file decides the browser's support: it came, and left Venmo out.
    expect(fetched).toHaveLength(1);
  });

  test('a request on the Venmo sheet before the shopper paid says to use the Venmo button', async ({
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowDesktop: true });
    await venmo.chooseVenmo();
    expect((await panel.requestPaymentMethod()).error).toMatchObject({ code: 'NO_PAYMENT_METHOD_AVAILABLE' });
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'Use the Venmo button to continue with your payment.',
    );
  });

  test('a card-only page never fetches Venmo’s file', async ({ page, panel, sandbox }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes('/modules/venmo')) fetched.push(request.url());
    });
    await panel.openBare(sandbox.key('demo_merchant'));
    await panel.waitForEvent('ready');
    expect(fetched).toEqual([]);
  });

  test('the Venmo sheet passes axe and the keyboard pays through its button', async ({
    page,
    panel,
    sandbox,
  }) => {
    const venmo = new VenmoPanel(panel);
    await venmo.open(sandbox.key('demo_merchant'), { allowDesktop: true });
    await venmo.chooseVenmo();
    await expectNoViolations(page);
    await venmo.button().focus();
    await page.keyboard.press('Enter');
    await expect(venmo.modal()).toBeVisible();
    await expect(venmo.modal().getByRole('button', { name: 'Close Venmo' })).toBeFocused();
    // The close button is the modal's one control: Tab and Shift+Tab stay on it.
    await page.keyboard.press('Tab');
    await expect(venmo.modal().getByRole('button', { name: 'Close Venmo' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(venmo.modal().getByRole('button', { name: 'Close Venmo' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(venmo.modal()).toBeHidden();
    await expect(venmo.button()).toBeFocused();
    await expect.poll(() => errorCodes(panel)).toEqual(['VENMO_DESKTOP_CANCELED']);
  });

  test(
    'the QR modal passes axe',
    chromiumOnly(
      "axe reads ariaLabelledByElements, and that read crashes Firefox ESR 153's content process while a modal is open",
    ),
    async ({ page, panel, sandbox }) => {
      const venmo = new VenmoPanel(panel);
      await venmo.open(sandbox.key('demo_merchant'), { allowDesktop: true });
      await venmo.chooseVenmo();
      await venmo.button().click();
      await expect(venmo.qrCode()).toBeVisible();
      await expectNoViolations(page);
    },
  );
});
