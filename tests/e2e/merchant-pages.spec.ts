/**
 * The panel in the two integrations that need no framework: a plain form with no merchant script,
 * and a page written for the retired drop-in that only swapped its `create` call.
 */
import type { Page } from '@playwright/test';
import type { PaymentPanelInstance } from '../../src/element/create-panel';
import { VISA } from './models/card-fields';
import { expect, test } from './support/fixtures';

/** The fields the sandbox checkout page received, by name. */
async function postedFields(page: Page): Promise<Record<string, string>> {
  const names = await page.locator('#fields dt').allTextContents();
  const values = await page.locator('#fields dd').allTextContents();
  return Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']));
}

test.describe('a form without merchant script', () => {
  test('posts payment_method_nonce and device_data to the sandbox', async ({ page, card, sandbox }) => {
    await page.goto('/form.html');
    await card.ready();
    await card.fill(VISA);
    await page.getByRole('button', { name: 'Pay $10.00' }).click();

    await expect(page).toHaveURL(/\/sandbox\/checkout$/);
    await expect(page.locator('#nonce-check')).toHaveText('Known nonce: yes (CreditCard)');
    const fields = await postedFields(page);
    expect(Object.keys(fields)).toEqual(['email', 'payment_method_nonce', 'device_data']);
    expect(fields.email).toBe('shopper@example.com');
    expect(fields.payment_method_nonce).toMatch(/^tokencc_/);
    const deviceData = JSON.parse(fields.device_data ?? '') as Record<string, unknown>;
    expect(deviceData).toMatchObject({ fraud_merchant_id: '600000' });
    expect(deviceData.device_session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceData.correlation_id).toMatch(/^[0-9a-f]{32}$/);
    // The sessions the form posted are those Kount and PayPal's fraud script received.
    await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif'], {
      sessionId: String(deviceData.device_session_id),
    });
    await sandbox.waitForDeviceSessions(['parameters', 'beacon'], {
      sessionId: String(deviceData.correlation_id),
    });

    const [logged] = await sandbox.requests('/sandbox/checkout');
    expect(logged?.body).toEqual(fields);
    expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toHaveLength(1);
  });

  test('an incomplete panel blocks the submission and shows what is missing', async ({
    page,
    card,
    sandbox,
  }) => {
    await page.goto('/form.html');
    await card.ready();
    await card.type('number', '4111');
    const pay = page.getByRole('button', { name: 'Pay $10.00' });
    await pay.click();
    await expect(card.error('expirationDate')).toHaveText('Please fill out an expiration date.');
    await expect(card.error('number')).toHaveText('This card number is not valid.');
    await expect(page).toHaveURL(/\/form\.html$/);
    expect(await sandbox.requests('/sandbox/checkout')).toEqual([]);
    expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toEqual([]);

    // Fixing the card lets the same button pay.
    await card.input('number').press('End');
    await card.input('number').pressSequentially('111111111111');
    await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });
    await pay.click();
    await expect(page).toHaveURL(/\/sandbox\/checkout$/);
    expect((await postedFields(page)).payment_method_nonce).toMatch(/^tokencc_/);
  });
});

test.describe('the demo checkout', () => {
  test('offers Google Pay with the sandbox’s stand-in, and the form of the demo pays with it', async ({
    page,
    sandbox,
  }) => {
    await page.goto('/');
    const options = page.locator('payment-panel [part="option"] .option-label');
    const toggle = page.locator('payment-panel [part="toggle"]');
    await expect(page.locator('payment-panel [part="wrapper"]')).toBeVisible();
    if (await toggle.isVisible()) await toggle.click();
    await expect(options).toContainText(['Google Pay']);
    await page.locator('payment-panel [part="option"][data-option="googlePay"]').click();
    await page.locator('payment-panel').getByRole('button', { name: 'Buy with Google Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.locator('[data-card="visa"]').click();
    await expect(sheet).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(page.locator('#result')).toHaveText(/tokenan_sb_/);
    expect(await sandbox.requests('/google-pay/tokens')).toHaveLength(1);
  });
});

test.describe('a drop-in page that swapped its create call', () => {
  test('pays by card with the drop-in option names and callbacks', async ({ page, card, sandbox }) => {
    await page.goto(`/dropin.html?authorization=${sandbox.key('demo_merchant')}`);
    await card.ready();
    const purchase = page.getByRole('button', { name: 'Purchase' });
    await expect(purchase).toBeEnabled();
    // The drop-in's `cardholderName` option shows the name field.
    await expect(card.field('cardholderName')).toBeVisible();
    await card.fill(VISA);
    await purchase.click();
    await expect(page.locator('#result')).toHaveText(/^Nonce for your server: tokencc_/);

    const instance = await page.evaluate(async () => {
      const dropin = (window as unknown as { dropinInstance: PaymentPanelInstance }).dropinInstance;
      const seen: unknown[] = [];
      let heard = (): void => undefined;
      const event = new Promise<void>((resolve) => {
        heard = resolve;
      });
      const handler = (detail: unknown): void => {
        seen.push(detail);
        heard();
      };
      dropin.on('noPaymentMethodRequestable', handler);
      dropin.clearSelectedPaymentMethod();
      await event;
      dropin.off('noPaymentMethodRequestable', handler);
      const requestable = dropin.isPaymentMethodRequestable();
      await new Promise<void>((resolve) => {
        dropin.teardown(() => {
          resolve();
        });
      });
      return { seen, requestable, inPage: document.querySelector('payment-panel') !== null };
    });
    expect(instance).toEqual({ seen: [null], requestable: false, inPage: false });
  });

  test('create() rejects with the catalogue error and leaves nothing behind', async ({ page, sandbox }) => {
    await page.goto(`/dropin.html?authorization=${sandbox.key('demo_merchant')}`);
    const results = await page.evaluate(async (authorization) => {
      const codes: string[] = [];
      const { paymentPanel } = window;
      for (const options of [
        { authorization, container: '#missing' },
        { container: '#dropin-container' },
        { authorization: 'not-an-authorization', container: '#dropin-container' },
        { authorization, container: 'body', card: { cardholderName: 'x' } },
      ]) {
        try {
          await paymentPanel.create(options as never);
          codes.push('created');
        } catch (error) {
          codes.push((error as { code: string }).code);
        }
      }
      return codes;
    }, sandbox.key('demo_merchant'));
    expect(results).toEqual([
      'INSTANTIATION_OPTION_REQUIRED',
      'INSTANTIATION_OPTION_REQUIRED',
      'CLIENT_INVALID_AUTHORIZATION',
      'INVALID_OPTION',
    ]);
    // Only the page's own panel is left.
    await expect(page.locator('payment-panel')).toHaveCount(1);
  });
});
