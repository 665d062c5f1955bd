/**
 * A shopper pays with each wallet the sandbox plays in WebKit, on the demo checkout that offers them
 * all: PayPal in its popup, Google Pay through the sandbox's stand-in for Google's script, and Apple
 * Pay through the demo's simulator (WebKitGTK has no Apple Pay of its own); and Venmo's desktop QR
 * modal on a plain page, opened and closed from the keyboard.
 */
import { MERCHANTS } from '../../sandbox/merchants';
import { PAYPAL_SANDBOX_PAYER } from '../../sandbox/test-values';
import { CALL_PATHS } from '../e2e/models/sandbox';
import type { WebKitPage } from './models/page';
import type { WebKitPanel } from './models/panel';
import { expect, test } from './support/fixtures';

/** Opens the demo checkout and waits for its panel. */
async function openDemo(panel: WebKitPanel): Promise<void> {
  await panel.openDemo();
  await panel.waitForReady();
}

/** Presses the demo's pay button and returns the nonce the demo shows. */
async function payOnDemo(page: WebKitPage): Promise<string> {
  await expect.poll(async () => (await page.locate('#pay')).isEnabled()).toBe(true);
  await page.click('#pay');
  await expect.poll(() => page.text('#result')).toMatch(/^Nonce for your server: /);
  return ((await page.text('#result')) ?? '').replace('Nonce for your server: ', '');
}

test('PayPal: the popup opens from the button, the shopper approves, the focus follows, and the account pays', async ({
  page,
  panel,
  sandbox,
}) => {
  await openDemo(panel);
  await panel.chooseOption('paypal');
  const checkout = await page.driver.getWindowHandle();
  const popup = await page.popup(() => panel.click('[part="paypal-button"]'));
  await expect.poll(() => page.driver.getCurrentUrl()).toContain('/sandbox/paypal/approve');
  expect(await page.text('#payer')).toContain(PAYPAL_SANDBOX_PAYER.email);
  await page.click('#approve');
  // The return page hands PayPal's answer to the checkout and closes the popup.
  await expect.poll(() => page.isOpen(popup)).toBe(false);
  await page.backTo(checkout);

  await expect
    .poll(() => panel.savedMethods())
    .toEqual([expect.stringContaining(PAYPAL_SANDBOX_PAYER.email)]);
  await expect.poll(() => panel.text('#saved-methods-label')).toBe('Paying with PayPal');
  await expect.poll(() => panel.focused()).toBe('h2:saved-methods-label');
  expect(await payOnDemo(page)).toMatch(/^tokenpp_/);
  expect(await sandbox.requests(CALL_PATHS.paypalAccounts)).toHaveLength(1);
});

test("Google Pay: Google's button opens the sheet, the shopper picks a card, the focus follows, and it pays", async ({
  page,
  panel,
}) => {
  await openDemo(panel);
  await panel.chooseOption('googlePay');
  await expect.poll(() => panel.text('#googlePay-sheet-label')).toBe('Google Pay');
  await panel.click('.gpay-button');
  await page.click('[data-google-pay-stand-in="ready"] [data-card="visa"]');
  await expect
    .poll(() => panel.savedMethods())
    .toEqual([expect.stringMatching(/Google Pay.*Visa Ending in ••11/)]);
  await expect.poll(() => panel.focused()).toBe('h2:saved-methods-label');
  expect(await payOnDemo(page)).toMatch(/^tokenan_/);
});

test('Apple Pay: the shopper turns on the demo’s simulator, pays in its sheet, the focus follows, and the card pays', async ({
  page,
  panel,
  sandbox,
}) => {
  await openDemo(panel);
  // The switch stores the choice and reloads the page with the simulator.
  await page.evaluate(() => {
    (window as unknown as { beforeReload: boolean }).beforeReload = true;
  });
  await page.click('#apple-pay-simulator');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false))
    .toBe(false);
  await panel.record();
  await panel.waitForReady();
  await panel.chooseOption('applePay');
  await panel.click('[part="apple-pay-button"]');
  await page.click('[data-apple-pay-simulator="ready"] button:not([disabled])');
  await expect.poll(() => panel.text('#saved-methods-label')).toBe('Paying with Apple Pay');
  expect(await panel.savedMethods()).toEqual([expect.stringMatching(/Apple Pay.*Ending in ••81/)]);
  // Apple's sheet closed and the Apple Pay sheet went with the payment: the focus is not lost, it
  // moves to the heading of the list that shows the card (docs/accessibility.md).
  await expect.poll(() => panel.focused()).toBe('h2:saved-methods-label');
  expect(await payOnDemo(page)).toMatch(/^tokenap_/);
  const [session] = await sandbox.requests(CALL_PATHS.applePayWebSessions);
  expect(session?.body).toMatchObject({
    applePayWebSession: { domainName: 'localhost', displayName: 'Demo store' },
  });
});

test('Venmo: on a desktop its QR code shows in the modal, which Escape closes, telling the merchant', async ({
  page,
  panel,
}) => {
  await panel.openBare(MERCHANTS.demo_merchant.tokenizationKey, 'local', {
    venmo: JSON.stringify({ allowDesktop: true }),
  });
  await panel.waitForReady();
  await panel.chooseOption('venmo');
  await expect.poll(() => panel.text('#venmo-sheet-label')).toBe('Venmo');
  await panel.click('[part="venmo-button"]');
  await expect.poll(async () => (await panel.find('[part="venmo-qr-code"] svg path')) !== null).toBe(true);
  await expect.poll(() => panel.focused()).toBe('button:Close Venmo');
  await page.keyboard.press('Escape');
  await expect.poll(async () => (await panel.find('[part="venmo-qr-code"]')) === null).toBe(true);
  expect((await panel.waitForError()).code).toBe('VENMO_DESKTOP_CANCELED');
});
