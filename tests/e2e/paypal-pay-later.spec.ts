/**
 * PayPal Pay Later (docs/paypal.md, "Pay Later") through the panel's own button and the provider's
 * popup flow, in each way a merchant sets it: the `paypal-pay-later` attribute, `paymentPanel.create()`
 * and the `paypalPayLater` property. The create-payment body carries `offerPayLater: true`; the
 * sandbox's approval page offers Pay in 4 for an eligible amount (30.00 to 1500.00 USD), and the
 * payload keeps the plan the shopper took as `details.creditFinancingOffered`; an amount out of that
 * range gets no Pay in 4, and a vault flow is refused before any request.
 */
import type { Page } from '@playwright/test';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { PAYPAL_SANDBOX_PAYER } from '../../sandbox/test-values';
import type { PanelPage } from './models/panel';
import { approve, openPopup } from './models/paypal';
import type { Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';

const CREATE_PAYMENT = '/v1/paypal_hermes/create_payment_resource';
const BILLING_AGREEMENT = '/v1/paypal_hermes/setup_billing_agreement';
const ACCOUNTS = '/v1/payment_methods/paypal_accounts';
const BUTTON = 'Pay Later with PayPal';
const PAY_LATER = { flow: 'checkout', amount: '80.00', currency: 'USD' };

/** The body of the one create-payment request the sandbox logged. */
async function createPaymentBody(sandbox: Sandbox): Promise<Record<string, unknown>> {
  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.status).toBe(201);
  return created?.body as Record<string, unknown>;
}

/**
 * Makes the panel with `paymentPanel.create()` on the minimal page, in place of the page's own, and
 * resolves once it is ready; the element's events are recorded as on any page.
 */
async function createPanel(page: Page, panel: PanelPage, options: Record<string, unknown>): Promise<void> {
  await panel.openBare(undefined);
  await page.waitForFunction(() => 'paymentPanel' in window);
  await page.evaluate(async (createOptions) => {
    document.querySelector('payment-panel')?.remove();
    const container = document.createElement('div');
    document.querySelector('main')?.append(container);
    await window.paymentPanel.create({ ...createOptions, container } as never);
  }, options);
}

test('the paypal-pay-later attribute: offerPayLater, Pay in 4 on the approval page, the plan in the payload', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openBare(sandbox.key('demo_merchant'), 'local', {
    'paypal-pay-later': JSON.stringify(PAY_LATER),
  });
  await panel.waitForEvent('ready');
  await expect(panel.option('paypalPayLater')).toHaveText('PayPal Pay Later');
  await panel.chooseOption('paypalPayLater');
  await expect(panel.element.locator('#paypalPayLater-sheet-label')).toHaveText('PayPal Pay Later');

  const popup = await openPopup(page, panel, BUTTON);
  await expect(popup.locator('#amount')).toHaveAttribute('data-amount', '80.00');
  const payIn4 = popup.getByRole('radio', { name: /^Pay in 4:/ });
  await expect(payIn4).toHaveAttribute('data-term', '4');
  await expect(payIn4).toHaveAttribute('data-payment', '20.00');
  await expect(popup.getByRole('radio', { name: 'Pay in full' })).toBeChecked();
  await approve(popup, panel, { payIn4: true });

  const { payload } = await panel.requestPaymentMethod();
  expect(payload?.nonce).toMatch(/^tokenpp_/);
  expect(payload).toMatchObject({
    type: 'PayPalAccount',
    details: {
      email: PAYPAL_SANDBOX_PAYER.email,
      creditFinancingOffered: {
        totalCost: { value: '80.00', currency: 'USD' },
        term: 4,
        monthlyPayment: { value: '20.00', currency: 'USD' },
        totalInterest: { value: '0.00', currency: 'USD' },
        payerAcceptance: true,
        cartAmountImmutable: false,
      },
    },
  });
  expect(payload).not.toHaveProperty('creditFinancingOffered');
  expect(payload).not.toHaveProperty('vaulted');

  expect(await createPaymentBody(sandbox)).toMatchObject({
    offerPayLater: true,
    offerPaypalCredit: false,
    amount: '80.00',
    currencyIsoCode: 'USD',
  });
  const [tokenized] = await sandbox.requests(ACCOUNTS);
  expect(tokenized?.status).toBe(201);
});

test('paymentPanel.create() with an amount Pay in 4 does not take: no Pay in 4, no plan in the payload', async ({
  page,
  panel,
  sandbox,
}) => {
  await createPanel(page, panel, {
    authorization: sandbox.key('demo_merchant'),
    paymentOptionPriority: ['paypalPayLater', 'card'],
    paypalPayLater: { ...PAY_LATER, amount: '29.99' },
  });
  expect(
    await panel.element.evaluate((el) => (el as PaymentPanelElement).getAvailablePaymentOptions()),
  ).toEqual(['paypalPayLater', 'card']);
  await panel.chooseOption('paypalPayLater');
  const popup = await openPopup(page, panel, BUTTON);
  await expect(popup.locator('#amount')).toHaveAttribute('data-amount', '29.99');
  await expect(popup.locator('#approve')).toBeVisible();
  await expect(popup.locator('#pay-later')).toHaveCount(0);
  await approve(popup, panel);

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: PAYPAL_SANDBOX_PAYER.email } });
  expect(payload?.details).not.toHaveProperty('creditFinancingOffered');
  expect(await createPaymentBody(sandbox)).toMatchObject({ offerPayLater: true, amount: '29.99' });
});

test('the paypalPayLater property with a vault flow: refused before any request, then paid once it is a checkout', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openBare(sandbox.key('demo_merchant'));
  await panel.waitForEvent('ready');
  await panel.element.evaluate((el) => {
    (el as PaymentPanelElement).paypalPayLater = { flow: 'vault', amount: '80.00', currency: 'USD' };
  });
  // The card sheet shows alone until the PayPal file made the new option's sheet.
  await expect(panel.toggle()).toBeVisible();
  await panel.chooseOption('paypalPayLater');

  const popupOpened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: BUTTON, exact: true }).click();
  const refused = await popupOpened;
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    code: 'PAYPAL_FLOW_OPTION_REQUIRED',
    message: 'PayPal flow property is invalid or missing.',
    details: { option: 'flow' },
  });
  await expect.poll(() => refused.isClosed()).toBe(true);
  await expect(panel.element.locator('[part="sheet-error"]')).toBeVisible();
  expect(await sandbox.settledRequests('/v1/paypal_hermes/')).toEqual([]);
  expect(await sandbox.requests(BILLING_AGREEMENT)).toEqual([]);

  // The panel stays usable: the same sheet pays once the merchant makes it a checkout.
  await panel.element.evaluate((el) => {
    (el as PaymentPanelElement).updateConfiguration('paypalPayLater', 'flow', 'checkout');
  });
  const popup = await openPopup(page, panel, BUTTON);
  await approve(popup, panel, { payIn4: true });
  const { payload } = await panel.requestPaymentMethod();
  expect(payload?.details).toMatchObject({ creditFinancingOffered: { term: 4 } });
  expect(await createPaymentBody(sandbox)).toMatchObject({ offerPayLater: true });
});
