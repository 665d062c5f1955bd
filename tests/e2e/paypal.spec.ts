/**
 * PayPal and PayPal Credit through the panel's own button and the sandbox's approval popup: the
 * checkout and vault flows with a tokenization key and a client token, cancel and close, each error,
 * and the request bodies of PROTOCOL §6.
 */
import { expect, test, type Page } from '@playwright/test';
import { PanelPage } from './models/panel';
import { Sandbox } from './models/sandbox';

const DEMO_KEY = 'sandbox_k9x2m4p7_demo_merchant';
const UNLINKED_KEY = 'sandbox_p4yp4l0x_unlinked_paypal_merchant';
const CHECKOUT = { flow: 'checkout', amount: '10.00', currency: 'USD' };
const CREATE_PAYMENT = '/v1/paypal_hermes/create_payment_resource';
const BILLING_AGREEMENT = '/v1/paypal_hermes/setup_billing_agreement';
const ACCOUNTS = '/v1/payment_methods/paypal_accounts';

let sandbox: Sandbox;
test.beforeEach(async () => {
  sandbox = await Sandbox.connect();
});
test.afterEach(async () => {
  await sandbox.dispose();
});

/** Opens a checkout with a PayPal option and shows its sheet. */
async function openPayPal(
  page: Page,
  authorization: string,
  option: 'paypal' | 'paypalCredit' = 'paypal',
  settings: Record<string, unknown> = CHECKOUT,
): Promise<PanelPage> {
  const panel = new PanelPage(page);
  await panel.openBare(authorization, 'local', {
    [option === 'paypal' ? 'paypal' : 'paypal-credit']: JSON.stringify(settings),
  });
  await panel.waitForEvent('ready');
  await panel.chooseOption(option);
  return panel;
}

/** Clicks the sheet's button and returns the approval popup once the sandbox page is in it. */
async function openPopup(page: Page, panel: PanelPage, label = 'Pay with PayPal'): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: label, exact: true }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/sandbox\/paypal\/approve/);
  return popup;
}

async function approve(popup: Page): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
}

test('checkout with a tokenization key: approve, then the payload and the PROTOCOL §6 bodies', async ({
  page,
}) => {
  const panel = await openPayPal(page, DEMO_KEY);
  const popup = await openPopup(page, panel);
  await expect(popup.locator('#amount')).toHaveAttribute('data-amount', '10.00');
  await expect(popup.locator('#payer')).toContainText('pat.payer@example.com');
  await approve(popup);

  await expect(panel.savedMethods()).toHaveText([/PayPal.*pat\.payer@example\.com/]);
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with PayPal');
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: 'pat.payer@example.com' } });
  expect(payload?.nonce).toMatch(/^tokenpp_/);
  expect(payload).not.toHaveProperty('vaulted');
  expect(payload).not.toHaveProperty('description');
  expect(payload).not.toHaveProperty('creditFinancingOffered');

  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.body).toMatchObject({
    returnUrl: 'x',
    cancelUrl: 'x',
    offerPaypalCredit: false,
    amount: '10.00',
    currencyIsoCode: 'USD',
    experienceProfile: {
      brandName: 'Demo Merchant',
      localeCode: 'en_US',
      noShipping: 'true',
      addressOverride: false,
    },
    tokenizationKey: DEMO_KEY,
  });
  const [account] = await sandbox.requests(ACCOUNTS);
  const sent = (account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount;
  expect(sent).toMatchObject({
    correlationId: expect.stringMatching(/^EC-/),
    options: { validate: false },
    paymentToken: expect.stringMatching(/^PAYID-/),
    payerId: expect.any(String),
    unilateral: false,
  });
  expect(sent).not.toHaveProperty('billingAgreementToken');
  const kinds = (await sandbox.requests('/analytics/')).flatMap((request) =>
    ((request.body as { analytics?: { kind: string }[] }).analytics ?? []).map((entry) => entry.kind),
  );
  expect(kinds).toEqual(
    expect.arrayContaining(['web.paypal-checkout.initialized', 'web.dropin.selected.paypal']),
  );
});

test("the approval page is asked in the panel's locale unless the merchant names one", async ({ page }) => {
  for (const [locale, settings, expected] of [
    ['de_AT', CHECKOUT, 'de_DE'],
    ['ar_EG', { ...CHECKOUT, locale: 'fr_FR' }, 'fr_FR'],
  ] as const) {
    await sandbox.reset();
    const panel = new PanelPage(page);
    await panel.openBare(DEMO_KEY, 'local', { locale, paypal: JSON.stringify(settings) });
    await panel.waitForEvent('ready');
    await panel.chooseOption('paypal');
    const popupOpened = page.waitForEvent('popup');
    await panel.element.locator('[part="paypal-button"]').click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/sandbox\/paypal\/approve/);
    const [created] = await sandbox.requests(CREATE_PAYMENT);
    expect(created?.body, locale).toMatchObject({ experienceProfile: { localeCode: expected } });
    await approve(popup);
    const { payload } = await panel.requestPaymentMethod();
    expect(payload?.nonce).toMatch(/^tokenpp_/);
  }
});

test('vault with a customer client token: validated, saved and vaulted', async ({ page }) => {
  const token = await sandbox.clientToken('demo_merchant', 'paypal_vault_shopper');
  const panel = await openPayPal(page, token, 'paypal', {
    flow: 'vault',
    billingAgreementDescription: 'Monthly mugs',
  });
  const popup = await openPopup(page, panel);
  await expect(popup.locator('#agreement')).toHaveText('Billing agreement');
  await expect(popup.locator('#description')).toHaveText('Monthly mugs');
  await approve(popup);
  await expect(panel.savedMethods()).toHaveText([/pat\.payer@example\.com/]);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', vaulted: true });

  const [agreement] = await sandbox.requests(BILLING_AGREEMENT);
  expect(agreement?.body).toMatchObject({ description: 'Monthly mugs', offerPaypalCredit: false });
  expect(agreement?.body).not.toHaveProperty('amount');
  const [account] = await sandbox.requests(ACCOUNTS);
  expect((account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount).toMatchObject({
    correlationId: expect.stringMatching(/^BA-/),
    billingAgreementToken: expect.stringMatching(/^BA-/),
    options: { validate: true },
  });
});

test('vault with a tokenization key asks for no validation and is not vaulted', async ({ page }) => {
  const panel = await openPayPal(page, DEMO_KEY, 'paypal', { flow: 'vault' });
  await approve(await openPopup(page, panel));
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount' });
  expect(payload).not.toHaveProperty('vaulted');
  const [account] = await sandbox.requests(ACCOUNTS);
  expect((account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount).toMatchObject({
    options: { validate: false },
  });
});

test('PayPal Credit offers credit and the payload drops the financing offer', async ({ page }) => {
  const panel = await openPayPal(page, DEMO_KEY, 'paypalCredit');
  await expect(panel.element.locator('#paypalCredit-sheet-label')).toHaveText('PayPal Credit');
  const popup = await openPopup(page, panel, 'Pay with PayPal Credit');
  await expect(popup.locator('#credit')).toBeVisible();
  await approve(popup);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount' });
  expect(payload).not.toHaveProperty('creditFinancingOffered');
  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.body).toMatchObject({ offerPaypalCredit: true });
});

const popupCases: {
  name: string;
  authorization: () => Promise<string>;
  settings: Record<string, unknown>;
}[] = [
  {
    name: 'checkout with a tokenization key',
    authorization: () => Promise.resolve(DEMO_KEY),
    settings: CHECKOUT,
  },
  {
    name: 'checkout with a guest client token',
    authorization: () => sandbox.clientToken('demo_merchant'),
    settings: CHECKOUT,
  },
  {
    name: 'vault with a customer client token',
    authorization: () => sandbox.clientToken('demo_merchant', 'paypal_close_shopper'),
    settings: { flow: 'vault' },
  },
];

for (const popupCase of popupCases) {
  test(`${popupCase.name}: cancelling in the popup leaves the panel usable, with no error`, async ({
    page,
  }) => {
    const panel = await openPayPal(page, await popupCase.authorization(), 'paypal', popupCase.settings);
    const popup = await openPopup(page, panel);
    const closed = popup.waitForEvent('close');
    await popup.locator('#cancel').click();
    await closed;
    await expect(
      panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }),
    ).not.toHaveAttribute('aria-busy', 'true');
    expect(await panel.isRequestable()).toBe(false);
    expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
    expect(await sandbox.requests(ACCOUNTS)).toEqual([]);
    await approve(await openPopup(page, panel));
    await expect.poll(() => panel.isRequestable()).toBe(true);
  });

  test(`${popupCase.name}: closing the popup is POPUP_CLOSED, and a second try pays`, async ({ page }) => {
    const panel = await openPayPal(page, await popupCase.authorization(), 'paypal', popupCase.settings);
    const popup = await openPopup(page, panel);
    await popup.close();
    expect(await panel.waitForError()).toMatchObject({
      code: 'PAYPAL_POPUP_CLOSED',
      type: 'CUSTOMER',
      message: 'Customer closed PayPal popup before authorizing.',
    });
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'The PayPal window was closed before the payment was approved.',
    );
    await approve(await openPopup(page, panel));
    await expect.poll(() => panel.isRequestable()).toBe(true);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
    const { payload } = await panel.requestPaymentMethod();
    expect(payload?.type).toBe('PayPalAccount');
    expect(await sandbox.requests(ACCOUNTS)).toHaveLength(1);
  });
}

test('a blocked popup is POPUP_OPEN_FAILED', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const panel = await openPayPal(page, DEMO_KEY);
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  expect(await panel.waitForError()).toMatchObject({
    code: 'PAYPAL_POPUP_OPEN_FAILED',
    message: 'PayPal popup failed to open, make sure to tokenize in response to a user action.',
  });
  expect(await sandbox.requests(CREATE_PAYMENT)).toEqual([]);
});

test('a second click while PayPal is open is TOKENIZATION_REQUEST_ACTIVE', async ({ page }) => {
  const panel = await openPayPal(page, DEMO_KEY);
  const popup = await openPopup(page, panel);
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  expect(await panel.waitForError()).toMatchObject({
    code: 'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
    message: 'Another tokenization request is active.',
  });
  await approve(popup);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  expect(await sandbox.requests(CREATE_PAYMENT)).toHaveLength(1);
  expect(await sandbox.requests(ACCOUNTS)).toHaveLength(1);
});

const flowErrors: {
  name: string;
  code: string;
  message: string;
  settings?: Record<string, unknown>;
  fault?: { match: string; kind: '422' | 'malformed' };
  approve: boolean;
}[] = [
  {
    name: 'a missing flow',
    code: 'PAYPAL_FLOW_OPTION_REQUIRED',
    message: 'PayPal flow property is invalid or missing.',
    settings: { amount: '10.00', currency: 'USD' },
    approve: false,
  },
  {
    name: 'a 422 from create payment',
    code: 'PAYPAL_INVALID_PAYMENT_OPTION',
    message: 'PayPal payment options are invalid.',
    fault: { match: CREATE_PAYMENT, kind: '422' },
    approve: false,
  },
  {
    name: 'an unreadable create payment answer',
    code: 'PAYPAL_FLOW_FAILED',
    message: 'Could not initialize PayPal flow.',
    fault: { match: CREATE_PAYMENT, kind: 'malformed' },
    approve: false,
  },
  {
    name: 'an unreadable tokenize answer',
    code: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
    message: "Could not tokenize user's PayPal account.",
    fault: { match: ACCOUNTS, kind: 'malformed' },
    approve: true,
  },
];

for (const failure of flowErrors) {
  test(`${failure.name} is ${failure.code}, the popup closes and the panel stays usable`, async ({
    page,
  }) => {
    if (failure.fault) await sandbox.inject(failure.fault);
    const panel = await openPayPal(page, DEMO_KEY, 'paypal', failure.settings ?? CHECKOUT);
    const popupOpened = page.waitForEvent('popup');
    await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
    const popup = await popupOpened;
    if (failure.approve) {
      await popup.waitForURL(/\/sandbox\/paypal\/approve/);
      await popup.locator('#approve').click();
    }
    const error = await panel.waitForError();
    expect(error).toMatchObject({ code: failure.code, message: failure.message });
    await expect.poll(() => popup.isClosed()).toBe(true);
    expect(await panel.isRequestable()).toBe(false);
    await panel.chooseOption('card');
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
  });
}

test('a merchant without a linked sandbox account is SANDBOX_ACCOUNT_NOT_LINKED, with the note', async ({
  page,
}) => {
  const panel = new PanelPage(page);
  await panel.openBare(UNLINKED_KEY, 'local', { paypal: JSON.stringify(CHECKOUT) });
  expect(await panel.waitForError()).toMatchObject({ code: 'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED' });
  await panel.waitForEvent('ready');
  await panel.chooseOption('paypal');
  await expect(panel.element.locator('[part="wallet-note"]')).toHaveText(
    /A linked sandbox account is required to use PayPal Checkout in sandbox/,
  );
  await expect(panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true })).toHaveCount(0);
});
