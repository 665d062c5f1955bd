/**
 * PayPal and PayPal Credit through the panel's own button and the provider's popup flow: the popup
 * opens at the landing page, goes to the sandbox's approval page and comes back to the return or
 * cancel page on the assets origin. The checkout and vault flows with a tokenization key and a
 * client token, cancel and close, `useraction=commit`, forged returns, each error, and the request
 * bodies the gateway receives.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import pkg from '../../package.json' with { type: 'json' };
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { approve, openPopup } from './models/paypal';
import { approvalShown } from './models/sandbox';
import { expect, test } from './support/fixtures';

const CHECKOUT = { flow: 'checkout', amount: '10.00', currency: 'USD' };
const CREATE_PAYMENT = '/v1/paypal_hermes/create_payment_resource';
const BILLING_AGREEMENT = '/v1/paypal_hermes/setup_billing_agreement';
const ACCOUNTS = '/v1/payment_methods/paypal_accounts';
const APPROVAL_PAGE = '/sandbox/paypal/approve';
const { merchant, assets } = localOrigins();
const PAGES = `${assets}/payment-panel/${pkg.version}/html`;
const LANDING_PAGE = `${PAGES}/paypal-landing-frame.html`;
/** The panel's part of a return or cancel URL: its channel, its page's origin and its version. */
const PANEL_QUERY = `channel=([0-9a-f-]{36})&origin=${encodeURIComponent(merchant)}&version=${pkg.version.replace(/\./g, '\\.')}`;

/** Opens a checkout with a PayPal option and shows its sheet. */
async function openPayPal(
  panel: PanelPage,
  authorization: string,
  option: 'paypal' | 'paypalCredit' = 'paypal',
  settings: Record<string, unknown> = CHECKOUT,
): Promise<void> {
  await panel.openBare(authorization, 'local', {
    [option === 'paypal' ? 'paypal' : 'paypal-credit']: JSON.stringify(settings),
  });
  await panel.waitForEvent('ready');
  await panel.chooseOption(option);
}

/** Records the URL of every document the context's popups load, from their first one on. */
function popupDocuments(context: BrowserContext, page: Page): string[] {
  const urls: string[] = [];
  context.on('request', (request) => {
    if (!request.isNavigationRequest()) return;
    let from: Page | null = null;
    try {
      from = request.frame().page();
    } catch {
      // A popup's first navigation starts before its frame exists: not the page's.
    }
    if (from !== page) urls.push(request.url());
  });
  return urls;
}

/** The return and cancel URLs the panel sent with the payment it created, and their channel. */
async function returnUrls(
  sandbox: Sandbox,
  path: string,
): Promise<{ returnUrl: string; cancelUrl: string; channel: string }> {
  const [created] = await sandbox.requests(path);
  const { returnUrl, cancelUrl } = created?.body as { returnUrl: string; cancelUrl: string };
  const channel = new URL(returnUrl).searchParams.get('channel') ?? '';
  return { returnUrl, cancelUrl, channel };
}

test('checkout with a tokenization key: approve, then the payload and the bodies the gateway gets', async ({
  context,
  page,
  panel,
  sandbox,
}) => {
  const documents = popupDocuments(context, page);
  await openPayPal(panel, sandbox.key('demo_merchant'));
  const popup = await openPopup(page, panel);
  const approval = new URL(popup.url());
  await expect(popup.locator('#amount')).toHaveAttribute('data-amount', '10.00');
  await expect(popup.locator('#payer')).toContainText('pat.payer@example.com');
  await approve(popup, panel);

  await expect(panel.savedMethods()).toHaveText([/PayPal.*pat\.payer@example\.com/]);
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with PayPal');
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: 'pat.payer@example.com' } });
  expect(payload?.nonce).toMatch(/^tokenpp_/);
  expect(payload).not.toHaveProperty('vaulted');
  expect(payload).not.toHaveProperty('description');
  expect(payload).not.toHaveProperty('creditFinancingOffered');

  // The sandbox's log holds the real return and cancel pages, on one channel of this approval.
  const { returnUrl, cancelUrl, channel } = await returnUrls(sandbox, CREATE_PAYMENT);
  expect(returnUrl).toMatch(new RegExp(`^${PAGES}/paypal-redirect-frame\\.html\\?${PANEL_QUERY}$`));
  expect(cancelUrl).toBe(`${PAGES}/paypal-cancel-frame.html?${new URL(returnUrl).search.slice(1)}`);
  // The popup: the landing page, the approval page as the gateway answered it (nothing of the
  // panel's own in it), the return page with PayPal's parameters.
  const token = approval.searchParams.get('token') ?? '';
  expect(token).toMatch(/^EC-/);
  expect(approval.search).toBe(`?token=${token}`);
  expect(documents[0]).toBe(LANDING_PAGE);
  expect(documents[1]).toBe(`${sandbox.origin}${APPROVAL_PAGE}?token=${token}`);
  const returned = new URL(documents.at(-1) ?? '');
  expect(`${returned.origin}${returned.pathname}`).toBe(`${PAGES}/paypal-redirect-frame.html`);
  expect(returned.searchParams.get('channel')).toBe(channel);
  expect(returned.searchParams.get('token')).toBe(token);
  expect(returned.searchParams.get('paymentId')).toMatch(/^PAYID-/);
  expect(returned.searchParams.get('PayerID')).toBe('PATPAYER7QX2L');

  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.body).toMatchObject({
    offerPaypalCredit: false,
    amount: '10.00',
    currencyIsoCode: 'USD',
    experienceProfile: {
      brandName: 'Demo Merchant',
      localeCode: 'en_US',
      noShipping: 'true',
      addressOverride: false,
    },
    tokenizationKey: sandbox.key('demo_merchant'),
  });
  expect(created?.body).not.toHaveProperty('offerPayLater');
  const [account] = await sandbox.requests(ACCOUNTS);
  const sent = (account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount;
  expect(sent).toMatchObject({
    correlationId: token,
    options: { validate: false },
    paymentToken: returned.searchParams.get('paymentId'),
    payerId: 'PATPAYER7QX2L',
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

test("the approval page is asked in the panel's locale unless the merchant names one", async ({
  page,
  panel,
  sandbox,
}) => {
  for (const [locale, settings, expected] of [
    ['de_AT', CHECKOUT, 'de_DE'],
    ['ar_EG', { ...CHECKOUT, locale: 'fr_FR' }, 'fr_FR'],
  ] as const) {
    await sandbox.reset();
    await panel.openBare(sandbox.key('demo_merchant'), 'local', { locale, paypal: JSON.stringify(settings) });
    await panel.waitForEvent('ready');
    await panel.chooseOption('paypal');
    const popupOpened = page.waitForEvent('popup');
    await panel.element.locator('[part="paypal-button"]').click();
    const popup = await popupOpened;
    await approvalShown(popup);
    const [created] = await sandbox.requests(CREATE_PAYMENT);
    expect(created?.body, locale).toMatchObject({ experienceProfile: { localeCode: expected } });
    await approve(popup, panel);
    const { payload } = await panel.requestPaymentMethod();
    expect(payload?.nonce).toMatch(/^tokenpp_/);
  }
});

test('vault with a customer client token: validated, saved and vaulted', async ({
  context,
  page,
  panel,
  sandbox,
}) => {
  const documents = popupDocuments(context, page);
  const token = await sandbox.clientToken('demo_merchant', 'paypal_vault_shopper');
  await openPayPal(panel, token, 'paypal', {
    flow: 'vault',
    billingAgreementDescription: 'Monthly mugs',
  });
  const popup = await openPopup(page, panel);
  const approval = new URL(popup.url());
  await expect(popup.locator('#agreement')).toHaveText('Billing agreement');
  await expect(popup.locator('#description')).toHaveText('Monthly mugs');
  await approve(popup, panel);
  await expect(panel.savedMethods()).toHaveText([/pat\.payer@example\.com/]);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', vaulted: true });

  const [agreement] = await sandbox.requests(BILLING_AGREEMENT);
  expect(agreement?.body).toMatchObject({ description: 'Monthly mugs', offerPaypalCredit: false });
  expect(agreement?.body).not.toHaveProperty('amount');
  const { returnUrl, cancelUrl, channel } = await returnUrls(sandbox, BILLING_AGREEMENT);
  expect(returnUrl).toMatch(new RegExp(`^${PAGES}/paypal-redirect-frame\\.html\\?${PANEL_QUERY}$`));
  expect(cancelUrl).toMatch(new RegExp(`^${PAGES}/paypal-cancel-frame\\.html\\?${PANEL_QUERY}$`));
  // PayPal's spelling for an agreement: ba_token there and back.
  const baToken = approval.searchParams.get('ba_token') ?? '';
  expect(baToken).toMatch(/^BA-/);
  expect(approval.search).toBe(`?ba_token=${baToken}`);
  const returned = new URL(documents.at(-1) ?? '');
  expect(returned.pathname.endsWith('/html/paypal-redirect-frame.html')).toBe(true);
  expect(returned.searchParams.get('channel')).toBe(channel);
  expect(returned.searchParams.get('ba_token')).toBe(baToken);
  const [account] = await sandbox.requests(ACCOUNTS);
  expect((account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount).toEqual({
    correlationId: baToken,
    billingAgreementToken: baToken,
    options: { validate: true },
  });
});

test('vault with vaultPayPal: false: the agreement is made, the account not saved, the payload not vaulted', async ({
  page,
  panel,
  sandbox,
}) => {
  const token = await sandbox.clientToken('demo_merchant', 'paypal_vault_shopper');
  await openPayPal(panel, token, 'paypal', {
    flow: 'vault',
    vault: { vaultPayPal: false },
    buttonStyle: { color: 'blue' },
    requestBillingAgreement: true,
  });
  await approve(await openPopup(page, panel), panel);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount' });
  expect(payload).not.toHaveProperty('vaulted');
  const [agreement] = await sandbox.requests(BILLING_AGREEMENT);
  // A PayPal option the panel does not read itself goes to PayPal as it is; its own stay out.
  expect(agreement?.body).toMatchObject({ requestBillingAgreement: true });
  expect(agreement?.body).not.toHaveProperty('vault');
  expect(agreement?.body).not.toHaveProperty('buttonStyle');
  const [account] = await sandbox.requests(ACCOUNTS);
  expect((account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount).toMatchObject({
    options: { validate: false },
  });
});

test('vault with a tokenization key asks for no validation and is not vaulted', async ({
  page,
  panel,
  sandbox,
}) => {
  await openPayPal(panel, sandbox.key('demo_merchant'), 'paypal', { flow: 'vault' });
  await approve(await openPopup(page, panel), panel);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount' });
  expect(payload).not.toHaveProperty('vaulted');
  const [account] = await sandbox.requests(ACCOUNTS);
  expect((account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount).toMatchObject({
    options: { validate: false },
  });
});

test('PayPal Credit offers credit and the payload keeps the financing offer in details', async ({
  page,
  panel,
  sandbox,
}) => {
  await openPayPal(panel, sandbox.key('demo_merchant'), 'paypalCredit');
  await expect(panel.element.locator('#paypalCredit-sheet-label')).toHaveText('PayPal Credit');
  const popup = await openPopup(page, panel, 'Pay with PayPal Credit');
  await expect(popup.locator('#credit')).toBeVisible();
  await approve(popup, panel);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({
    type: 'PayPalAccount',
    details: { creditFinancingOffered: { totalCost: { value: '10.00', currency: 'USD' }, term: 12 } },
  });
  expect(payload).not.toHaveProperty('creditFinancingOffered');
  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.body).toMatchObject({ offerPaypalCredit: true });
  expect(created?.body).not.toHaveProperty('offerPayLater');
});

const popupCases: {
  name: string;
  authorization: (sandbox: Sandbox) => Promise<string>;
  settings: Record<string, unknown>;
}[] = [
  {
    name: 'checkout with a tokenization key',
    authorization: (sandbox) => Promise.resolve(sandbox.key('demo_merchant')),
    settings: CHECKOUT,
  },
  {
    name: 'checkout with a guest client token',
    authorization: (sandbox) => sandbox.clientToken('demo_merchant'),
    settings: CHECKOUT,
  },
  {
    name: 'vault with a customer client token',
    authorization: (sandbox) => sandbox.clientToken('demo_merchant', 'paypal_close_shopper'),
    settings: { flow: 'vault' },
  },
];

for (const popupCase of popupCases) {
  test(`${popupCase.name}: cancelling in the popup leaves the panel usable, with no error`, async ({
    context,
    page,
    panel,
    sandbox,
  }) => {
    const documents = popupDocuments(context, page);
    await openPayPal(panel, await popupCase.authorization(sandbox), 'paypal', popupCase.settings);
    const popup = await openPopup(page, panel);
    const closed = popup.waitForEvent('close');
    await popup.locator('#cancel').click();
    await closed;
    // PayPal's way back: the cancel page, told this approval's channel, with the flow's token.
    const { cancelUrl } = await returnUrls(
      sandbox,
      popupCase.settings.flow === 'vault' ? BILLING_AGREEMENT : CREATE_PAYMENT,
    );
    const cancelled = documents.at(-1) ?? '';
    expect(cancelled.startsWith(`${cancelUrl}&`)).toBe(true);
    expect(
      new URL(cancelled).searchParams.get(popupCase.settings.flow === 'vault' ? 'ba_token' : 'token'),
    ).toMatch(/^(EC|BA)-/);
    await expect(
      panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }),
    ).not.toHaveAttribute('aria-busy', 'true');
    expect(await panel.isRequestable()).toBe(false);
    expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
    expect(await sandbox.requests(ACCOUNTS)).toEqual([]);
    await approve(await openPopup(page, panel), panel);
    await expect.poll(() => panel.isRequestable()).toBe(true);
  });

  test(`${popupCase.name}: closing the popup is POPUP_CLOSED, and a second try pays`, async ({
    page,
    panel,
    sandbox,
  }) => {
    await openPayPal(panel, await popupCase.authorization(sandbox), 'paypal', popupCase.settings);
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
    await approve(await openPopup(page, panel), panel);
    await expect.poll(() => panel.isRequestable()).toBe(true);
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
    const { payload } = await panel.requestPaymentMethod();
    expect(payload?.type).toBe('PayPalAccount');
    expect(await sandbox.requests(ACCOUNTS)).toHaveLength(1);
  });
}

test('useraction commit: the approval URL says so, PayPal reads "Pay Now", and the panel pays', async ({
  page,
  panel,
  sandbox,
}) => {
  await openPayPal(panel, sandbox.key('demo_merchant'), 'paypal', { ...CHECKOUT, useraction: 'commit' });
  const popup = await openPopup(page, panel);
  const url = new URL(popup.url());
  expect([...url.searchParams.keys()]).toEqual(['token', 'useraction']);
  expect(url.searchParams.get('useraction')).toBe('commit');
  await expect(popup.locator('#approve')).toHaveText('Pay Now');
  const [created] = await sandbox.requests(CREATE_PAYMENT);
  expect(created?.body).not.toHaveProperty('useraction');
  await approve(popup, panel);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload?.nonce).toMatch(/^tokenpp_/);
});

test('a forged return from another origin, another window or another channel is ignored', async ({
  context,
  page,
  panel,
  sandbox,
}) => {
  await openPayPal(panel, sandbox.key('demo_merchant'));
  const popup = await openPopup(page, panel);
  const approvalUrl = popup.url();
  const token = new URL(approvalUrl).searchParams.get('token') ?? '';
  const { returnUrl, channel } = await returnUrls(sandbox, CREATE_PAYMENT);
  const forged = (onChannel: string) => ({
    protocol: 'payment-panel',
    channel: onChannel,
    message: {
      type: 'paypalApproved',
      version: pkg.version,
      data: { paymentId: 'PAYID-FORGED', token, PayerID: 'FORGED' },
    },
  });
  const postToOpener = ([data, target]: readonly [unknown, string]): void => {
    (window.opener as Window).postMessage(data, target);
  };

  // The popup itself, on PayPal's page (the gateway's origin): the right channel, the wrong origin.
  await popup.evaluate(postToOpener, [forged(channel), merchant] as const);
  // The return page on the right channel, in a window of the assets origin the panel did not open.
  const other = context.waitForEvent('page');
  await page.evaluate((url) => {
    window.open(url, 'forged-return');
  }, `${returnUrl}&paymentId=PAYID-FORGED&token=${token}&PayerID=FORGED`);
  const forgedReturn = await other;
  // The return page posts and closes itself at once, often before this line runs, and a closed
  // page sends no more `close`: wait for it to be closed, not for the event.
  await expect.poll(() => forgedReturn.isClosed()).toBe(true);
  // The popup itself on the assets origin, on another channel.
  await popup.goto(LANDING_PAGE);
  await popup.evaluate(postToOpener, [forged(crypto.randomUUID()), merchant] as const);

  // Nothing was taken: no tokenize request (the log of them stays empty), no error, nothing selected.
  expect(await sandbox.settledRequests(ACCOUNTS)).toEqual([]);
  expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
  expect(await panel.isRequestable()).toBe(false);

  // The shopper's real approval pays, with PayPal's real ids.
  await popup.goto(approvalUrl);
  await approve(popup, panel);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const [account] = await sandbox.requests(ACCOUNTS);
  const sent = (account?.body as { paypalAccount: Record<string, unknown> }).paypalAccount;
  expect(sent.paymentToken).toMatch(/^PAYID-(?!FORGED)/);
  expect(sent.payerId).toBe('PATPAYER7QX2L');
});

test('a blocked popup is POPUP_OPEN_FAILED', async ({ page, panel, sandbox }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openPayPal(panel, sandbox.key('demo_merchant'));
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  expect(await panel.waitForError()).toMatchObject({
    code: 'PAYPAL_POPUP_OPEN_FAILED',
    message: 'PayPal popup failed to open, make sure to tokenize in response to a user action.',
  });
  expect(await sandbox.requests(CREATE_PAYMENT)).toEqual([]);
});

test('a second click while PayPal is open is TOKENIZATION_REQUEST_ACTIVE', async ({
  page,
  panel,
  sandbox,
}) => {
  await openPayPal(panel, sandbox.key('demo_merchant'));
  const popup = await openPopup(page, panel);
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  expect(await panel.waitForError()).toMatchObject({
    code: 'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
    message: 'Another tokenization request is active.',
  });
  await approve(popup, panel);
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
    panel,
    sandbox,
  }) => {
    if (failure.fault) await sandbox.inject(failure.fault);
    await openPayPal(panel, sandbox.key('demo_merchant'), 'paypal', failure.settings ?? CHECKOUT);
    const popupOpened = page.waitForEvent('popup');
    await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
    const popup = await popupOpened;
    if (failure.approve) {
      await approvalShown(popup);
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
  sandbox,
  panel,
}) => {
  await panel.openBare(sandbox.key('unlinked_paypal_merchant'), 'local', {
    paypal: JSON.stringify(CHECKOUT),
  });
  expect(await panel.waitForError()).toMatchObject({ code: 'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED' });
  await panel.waitForEvent('ready');
  await panel.chooseOption('paypal');
  await expect(panel.element.locator('[part="wallet-note"]')).toHaveText(
    /A linked sandbox account is required to use PayPal Checkout in sandbox/,
  );
  await expect(panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true })).toHaveCount(0);
});
