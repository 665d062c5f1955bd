// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERROR_CODES } from './paypal-accounts';
import { CREDIT_TERM_MONTHS, SANDBOX_PAYER, SANDBOX_PAYER_ADDRESS } from './paypal-flows';
import { approvedFlow, checkoutBody, created, press, vaultBody } from './paypal-test-support';
import { PAY_IN_4_FUNDING } from './stand-ins/paypal-approval';
import {
  fingerprintAuth,
  like,
  record,
  TEST_ASSETS_ORIGIN,
  useSandbox,
  type TestResponse,
} from './test-server';

const sandbox = useSandbox();

function tokenize(
  paypalAccount: unknown,
  options: { auth?: Record<string, string>; merchantId?: string } = {},
): Promise<TestResponse> {
  return sandbox.clientApi(options.merchantId ?? 'demo_merchant', 'paypalAccounts', {
    body: { paypalAccount, braintreeLibraryVersion: 'braintree/web/3.26.0' },
    ...(options.auth ? { auth: options.auth } : {}),
  });
}

/** The body the panel sends for an approved checkout, from PayPal's return parameters. */
function checkoutAccount(query: URLSearchParams, overrides: Record<string, unknown> = {}) {
  return {
    correlationId: query.get('token'),
    options: { validate: false },
    paymentToken: query.get('paymentId'),
    payerId: query.get('PayerID'),
    unilateral: false,
    ...overrides,
  };
}

/** The body the panel sends for an approved agreement, from PayPal's return parameters. */
function vaultAccount(query: URLSearchParams, validate: boolean, overrides: Record<string, unknown> = {}) {
  return {
    correlationId: query.get('ba_token'),
    options: { validate },
    billingAgreementToken: query.get('ba_token'),
    ...overrides,
  };
}

function firstAccount(response: TestResponse): Record<string, unknown> {
  expect(response.status).toBe(201);
  const accounts = record(response.body).paypalAccounts;
  if (!Array.isArray(accounts)) throw new Error(`No paypalAccounts in ${JSON.stringify(response.body)}`);
  expect(accounts).toHaveLength(1);
  return record(accounts[0]);
}

function fieldErrors(response: TestResponse): { field: string; code: string }[] {
  expect(response.status).toBe(422);
  const group = record((record(response.body).fieldErrors as unknown[])[0]);
  expect(group.field).toBe('paypalAccount');
  return (group.fieldErrors as unknown[]).map((error) => {
    const { field, code } = record(error);
    return { field: String(field), code: String(code) };
  });
}

async function savedPayPalEmails(customerId: string): Promise<string[]> {
  const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId });
  const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
    auth: fingerprintAuth(token),
  });
  return (record(response.body).paymentMethods as unknown[])
    .map(record)
    .filter((method) => method.type === 'PayPalAccount')
    .map((method) => String(method.description));
}

describe('POST payment_methods/paypal_accounts', () => {
  it('tokenizes an approved checkout into a PayPal account nonce', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout');
    const account = firstAccount(await tokenize(checkoutAccount(query)));
    expect(account).toEqual({
      nonce: like.stringMatching(/^tokenpp_sb_[0-9a-f]{24}$/),
      type: 'PayPalAccount',
      description: SANDBOX_PAYER.email,
      details: { email: SANDBOX_PAYER.email, payerInfo: { ...SANDBOX_PAYER } },
    });
  });

  it('names the payer’s address when shipping is collected, and the merchant’s when it sets one', async () => {
    const collected = await approvedFlow(sandbox, 'checkout', {
      body: checkoutBody({ experienceProfile: { noShipping: 'false' } }),
    });
    const first = firstAccount(await tokenize(checkoutAccount(collected.query)));
    expect(record(record(first.details).payerInfo).shippingAddress).toEqual(SANDBOX_PAYER_ADDRESS);

    const override = { recipientName: 'Sam Shopper', line1: '2 B St', city: 'Austin', countryCode: 'US' };
    const set = await approvedFlow(sandbox, 'checkout', { body: checkoutBody(override) });
    const second = firstAccount(await tokenize(checkoutAccount(set.query, { intent: 'sale' })));
    expect(record(record(second.details).payerInfo).shippingAddress).toEqual(override);
  });

  it('adds the credit offer when the flow offered PayPal Credit', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout', {
      body: checkoutBody({ offerPaypalCredit: true, amount: '120.00' }),
    });
    const details = record(firstAccount(await tokenize(checkoutAccount(query))).details);
    expect(details.creditFinancingOffered).toEqual({
      totalCost: { value: '120.00', currency: 'USD' },
      term: CREDIT_TERM_MONTHS,
      monthlyPayment: { value: '10.00', currency: 'USD' },
      totalInterest: { value: '0.00', currency: 'USD' },
      payerAcceptance: true,
      cartAmountImmutable: false,
    });
  });

  describe('Pay in 4', () => {
    const PLAN = {
      totalCost: { value: '80.00', currency: 'USD' },
      term: 4,
      monthlyPayment: { value: '20.00', currency: 'USD' },
      totalInterest: { value: '0.00', currency: 'USD' },
      payerAcceptance: true,
      cartAmountImmutable: false,
    };
    const payLater = (overrides: Record<string, unknown> = {}) =>
      checkoutBody({ offerPayLater: true, amount: '80.00', ...overrides });

    it('adds the plan when the payer chose Pay in 4', async () => {
      const { query } = await approvedFlow(sandbox, 'checkout', {
        body: payLater(),
        fields: { funding: PAY_IN_4_FUNDING },
      });
      const details = record(firstAccount(await tokenize(checkoutAccount(query))).details);
      expect(details.creditFinancingOffered).toEqual(PLAN);
    });

    it('adds nothing when the payer paid in full, or chose Pay in 4 where it was not offered', async () => {
      const chosen = await approvedFlow(sandbox, 'checkout', {
        body: payLater(),
        fields: { funding: PAY_IN_4_FUNDING },
      });
      expect(record(firstAccount(await tokenize(checkoutAccount(chosen.query))).details)).toHaveProperty(
        'creditFinancingOffered',
      );
      const cases = [
        { body: payLater() },
        { body: payLater({ amount: '29.99' }), fields: { funding: PAY_IN_4_FUNDING } },
        { body: checkoutBody({ amount: '80.00' }), fields: { funding: PAY_IN_4_FUNDING } },
      ];
      for (const options of cases) {
        const { query } = await approvedFlow(sandbox, 'checkout', options);
        const details = record(firstAccount(await tokenize(checkoutAccount(query))).details);
        expect(details, JSON.stringify(options)).not.toHaveProperty('creditFinancingOffered');
      }
    });

    it('serves braintree-web’s own popup flow: its return pages, offerPayLater beside offerPaypalCredit', async () => {
      // The provider's SDK returns to its own frames on the assets host, with only its channel in the query.
      const frames = `${TEST_ASSETS_ORIGIN}/web/3.123.2/html`;
      const { query } = await approvedFlow(sandbox, 'checkout', {
        body: payLater({
          returnUrl: `${frames}/paypal-redirect-frame.min.html?channel=a1b2c3`,
          cancelUrl: `${frames}/paypal-cancel-frame.min.html?channel=a1b2c3`,
          offerPaypalCredit: false,
          braintreeLibraryVersion: 'braintree/web/3.123.2',
        }),
        fields: { funding: PAY_IN_4_FUNDING },
      });
      expect(query.get('channel')).toBe('a1b2c3');
      const details = record(firstAccount(await tokenize(checkoutAccount(query))).details);
      expect(details.creditFinancingOffered).toEqual(PLAN);
    });
  });

  it('spends a token once', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout');
    firstAccount(await tokenize(checkoutAccount(query)));
    expect(fieldErrors(await tokenize(checkoutAccount(query)))).toEqual([
      { field: 'used', code: ACCOUNT_ERROR_CODES.used },
    ]);
  });

  it('refuses an unknown token, a token not yet approved and a cancelled one', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout');
    expect(fieldErrors(await tokenize(checkoutAccount(query, { paymentToken: 'PAYID-UNKNOWN' })))).toEqual([
      { field: 'unknownToken', code: ACCOUNT_ERROR_CODES.unknownToken },
    ]);
    const pending = created(
      await sandbox.clientApi('demo_merchant', 'setupBillingAgreement', { body: vaultBody() }),
    );
    const notApproved = await tokenize({
      correlationId: pending.token,
      options: { validate: false },
      billingAgreementToken: pending.token,
    });
    expect(fieldErrors(notApproved)).toEqual([
      { field: 'notApproved', code: ACCOUNT_ERROR_CODES.notApproved },
    ]);
    await press(sandbox, 'cancel', { token: pending.token });
    expect(
      fieldErrors(
        await tokenize({
          correlationId: pending.token,
          options: { validate: false },
          billingAgreementToken: pending.token,
        }),
      ),
    ).toEqual([{ field: 'notApproved', code: ACCOUNT_ERROR_CODES.notApproved }]);
  });

  it('refuses a body that does not follow docs/protocol.md', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout');
    const cases: [Record<string, unknown>, keyof typeof ACCOUNT_ERROR_CODES][] = [
      [{ correlationId: undefined }, 'correlationId'],
      [{ correlationId: 'EC-SOMEOTHERTOKEN' }, 'correlationId'],
      [{ options: undefined }, 'options'],
      [{ options: { validate: 'no' } }, 'options'],
      [{ payerId: 'SOMEONEELSE' }, 'payerId'],
      [{ payerId: undefined }, 'token'],
      [{ unilateral: 'yes' }, 'unilateral'],
      [{ intent: 'capture' }, 'intent'],
      [{ billingAgreementToken: 'BA-X' }, 'token'],
    ];
    for (const [overrides, field] of cases) {
      const errors = fieldErrors(await tokenize(checkoutAccount(query, overrides)));
      expect(
        errors.map((error) => error.field),
        JSON.stringify(overrides),
      ).toContain(field);
    }
    expect(fieldErrors(await tokenize(undefined))).toEqual([
      { field: 'paypalAccount', code: ACCOUNT_ERROR_CODES.paypalAccount },
    ]);
    // None of these spent the token.
    firstAccount(await tokenize(checkoutAccount(query)));
  });

  it('refuses another merchant’s token', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout', { merchantId: 'wallets_only_merchant' });
    expect(fieldErrors(await tokenize(checkoutAccount(query)))).toEqual([
      { field: 'unknownToken', code: ACCOUNT_ERROR_CODES.unknownToken },
    ]);
  });

  it('saves a vault flow to the customer of a client token that asks for validation', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'new_shopper' });
    const auth = fingerprintAuth(token);
    const { query } = await approvedFlow(sandbox, 'vault', { auth });
    const account = firstAccount(await tokenize(vaultAccount(query, true), { auth }));
    expect(account.type).toBe('PayPalAccount');
    expect(await savedPayPalEmails('new_shopper')).toEqual([SANDBOX_PAYER.email]);
  });

  it('saves nothing for a tokenization key, a guest client token or a checkout', async () => {
    const key = await approvedFlow(sandbox, 'vault');
    firstAccount(await tokenize(vaultAccount(key.query, false)));

    const guest = fingerprintAuth(await sandbox.clientToken({ merchantId: 'demo_merchant' }));
    const guestFlow = await approvedFlow(sandbox, 'vault', { auth: guest });
    firstAccount(await tokenize(vaultAccount(guestFlow.query, true), { auth: guest }));

    const customer = fingerprintAuth(
      await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'checkout_shopper' }),
    );
    const checkout = await approvedFlow(sandbox, 'checkout', { auth: customer });
    firstAccount(await tokenize(checkoutAccount(checkout.query), { auth: customer }));
    expect(await savedPayPalEmails('checkout_shopper')).toEqual([]);
  });

  it('refuses a merchant without a linked sandbox account', async () => {
    const response = await tokenize({}, { merchantId: 'unlinked_paypal_merchant' });
    expect(response.status).toBe(422);
  });

  it('fails on purpose with a fault switch', async () => {
    const { query } = await approvedFlow(sandbox, 'checkout');
    await sandbox.request('/sandbox/faults', { body: { match: 'paypal_accounts', kind: '500' } });
    expect((await tokenize(checkoutAccount(query))).status).toBe(500);
    firstAccount(await tokenize(checkoutAccount(query)));
  });
});
