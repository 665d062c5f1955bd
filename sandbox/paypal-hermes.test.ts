// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  HERMES_ERROR_CODES,
  INVALID_URL_MESSAGE,
  PAYPAL_DISABLED_MESSAGE,
  PAYPAL_NOT_LINKED_MESSAGE,
  readMerchantOrigin,
} from './paypal-hermes';
import { checkoutBody, created, vaultBody } from './paypal-test-support';
import { fingerprintAuth, keyOf, like, record, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

function createPayment(body: unknown, merchantId = 'demo_merchant'): Promise<TestResponse> {
  return sandbox.clientApi(merchantId, 'createPaymentResource', { body });
}

function setupAgreement(body: unknown, merchantId = 'demo_merchant'): Promise<TestResponse> {
  return sandbox.clientApi(merchantId, 'setupBillingAgreement', { body });
}

function fieldErrors(response: TestResponse): { field: string; code: string }[] {
  expect(response.status).toBe(422);
  const groups = record(response.body).fieldErrors as unknown[];
  expect(groups).toHaveLength(1);
  const group = record(groups[0]);
  expect(group.field).toBe('paypal');
  return (group.fieldErrors as unknown[]).map((error) => {
    const { field, code } = record(error);
    return { field: String(field), code: String(code) };
  });
}

describe('POST paypal_hermes/create_payment_resource', () => {
  it('answers 201 with an EC token, the intent and the approval page on the gateway', async () => {
    const response = await createPayment(checkoutBody());
    expect(response.status).toBe(201);
    const resource = record(record(response.body).paymentResource);
    expect(resource).toEqual({
      paymentToken: like.stringMatching(/^EC-[A-Z0-9]{17}$/),
      intent: 'sale',
      redirectUrl: `${sandbox.origin}/sandbox/paypal/approve?token=${String(resource.paymentToken)}`,
    });
  });

  it.each([
    [
      'a merchant’s own https pages',
      'https://shop.test/paypal/return?order=1#top',
      'https://shop.test:4443/cancel',
    ],
    ['braintree-web 3.26.0’s placeholders', 'x', 'x'],
    [
      'later braintree-web versions’ placeholders',
      'https://www.paypal.com/checkoutnow/error',
      'https://www.paypal.com/checkoutnow/error',
    ],
  ])('takes %s as return and cancel URLs', async (_, returnUrl, cancelUrl) => {
    expect((await createPayment(checkoutBody({ returnUrl, cancelUrl }))).status).toBe(201);
    expect((await setupAgreement(vaultBody({ returnUrl, cancelUrl }))).status).toBe(201);
  });

  it.each([
    ['a relative path', '/paypal/return'],
    ['a word that is no placeholder', 'elsewhere'],
    ['a placeholder in another case', 'X'],
    ['plain http', 'http://shop.test/paypal/return'],
    ['a script URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<p>hi</p>'],
    ['an https URL without a host', 'https://'],
    ['a host-relative URL', '//shop.test/return'],
  ])('refuses %s as PayPal does: 422 "Invalid URL", for either URL of either flow', async (_, url) => {
    for (const field of ['returnUrl', 'cancelUrl']) {
      for (const response of [
        await createPayment(checkoutBody({ [field]: url })),
        await setupAgreement(vaultBody({ [field]: url })),
      ]) {
        expect(response.status, field).toBe(422);
        expect(response.body, field).toEqual({ error: { message: INVALID_URL_MESSAGE }, fieldErrors: [] });
      }
    }
  });

  it('echoes the intent, and takes an amount as a number', async () => {
    const response = await createPayment(checkoutBody({ intent: 'authorize', amount: 12.5 }));
    expect(response.status).toBe(201);
    expect(record(record(response.body).paymentResource).intent).toBe('authorize');
  });

  it('works with a client token too, and every request goes to the log', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const response = await sandbox.clientApi('demo_merchant', 'createPaymentResource', {
      body: checkoutBody(),
      auth: fingerprintAuth(token),
    });
    expect(response.status).toBe(201);
    const log = (await sandbox.request('/sandbox/requests')).body as unknown[];
    expect(record(log.at(-1))).toMatchObject({
      method: 'POST',
      path: '/merchants/demo_merchant/client_api/v1/paypal_hermes/create_payment_resource',
      status: 201,
    });
  });

  it.each([
    ['no amount', { amount: undefined }, 'amount'],
    ['a zero amount', { amount: '0.00' }, 'amount'],
    ['three decimals', { amount: '1.005' }, 'amount'],
    ['no currency', { currencyIsoCode: undefined }, 'currencyIsoCode'],
    ['a lower-case currency', { currencyIsoCode: 'usd' }, 'currencyIsoCode'],
    ['no returnUrl', { returnUrl: undefined }, 'returnUrl'],
    ['an empty cancelUrl', { cancelUrl: '' }, 'cancelUrl'],
    ['a boolean noShipping', { experienceProfile: { noShipping: true } }, 'experienceProfile'],
    ['no experienceProfile', { experienceProfile: undefined }, 'experienceProfile'],
    [
      'an unknown landing page type',
      { experienceProfile: { noShipping: 'false', landingPageType: 'x' } },
      'experienceProfile',
    ],
    ['a string offerPaypalCredit', { offerPaypalCredit: 'true' }, 'offerPaypalCredit'],
    ['a string offerPayLater', { offerPayLater: 'true' }, 'offerPayLater'],
    ['an unknown intent', { intent: 'capture' }, 'intent'],
    ['a numeric address line', { line1: 12 }, 'shippingAddress'],
  ])('refuses %s with 422', async (_, overrides, field) => {
    const errors = fieldErrors(await createPayment(checkoutBody(overrides)));
    expect(errors).toEqual([{ field, code: HERMES_ERROR_CODES[field as keyof typeof HERMES_ERROR_CODES] }]);
    expect(record(record((await createPayment(checkoutBody(overrides))).body).error).message).toEqual(
      like.any(String),
    );
  });

  it('refuses a merchant without PayPal, and one without a linked sandbox account', async () => {
    const disabled = await createPayment(checkoutBody(), 'card_only_merchant');
    expect(disabled.status).toBe(422);
    expect(record(disabled.body).error).toEqual({ message: PAYPAL_DISABLED_MESSAGE });
    const unlinked = await createPayment(checkoutBody(), 'unlinked_paypal_merchant');
    expect(unlinked.status).toBe(422);
    expect(record(unlinked.body).error).toEqual({ message: PAYPAL_NOT_LINKED_MESSAGE });
  });

  it("answers 401 for another merchant's key", async () => {
    const response = await sandbox.clientApi('demo_merchant', 'createPaymentResource', {
      body: checkoutBody(),
      auth: { tokenizationKey: keyOf('wallets_only_merchant') },
    });
    expect(response.status).toBe(401);
  });

  it('fails on purpose with a fault switch', async () => {
    await sandbox.request('/sandbox/faults', { body: { match: 'create_payment_resource', kind: '422' } });
    expect((await createPayment(checkoutBody())).status).toBe(422);
    expect((await createPayment(checkoutBody())).status).toBe(201);
  });
});

describe('POST paypal_hermes/setup_billing_agreement', () => {
  it('answers 201 with a BA token and the approval page on the gateway', async () => {
    const response = await setupAgreement(
      vaultBody({ description: 'Monthly box', shippingAddress: { line1: '1 A St' } }),
    );
    expect(response.status).toBe(201);
    const { token, url } = created(response);
    expect(token).toMatch(/^BA-[A-Z0-9]{17}$/);
    // PayPal's spelling of an agreement's approval URL.
    expect(url).toBe(`${sandbox.origin}/sandbox/paypal/approve?ba_token=${token}`);
    expect(Object.keys(record(record(response.body).agreementSetup))).toEqual(['tokenId', 'approvalUrl']);
  });

  it('needs no amount, and refuses a shipping address that is not an object', async () => {
    expect((await setupAgreement(vaultBody())).status).toBe(201);
    expect(fieldErrors(await setupAgreement(vaultBody({ shippingAddress: 'here' })))).toEqual([
      { field: 'shippingAddress', code: HERMES_ERROR_CODES.shippingAddress },
    ]);
    expect(fieldErrors(await setupAgreement(vaultBody({ description: 5 })))).toEqual([
      { field: 'description', code: HERMES_ERROR_CODES.description },
    ]);
  });

  it('refuses a merchant without a linked sandbox account', async () => {
    const response = await setupAgreement(vaultBody(), 'unlinked_paypal_merchant');
    expect(response.status).toBe(422);
  });
});

describe('readMerchantOrigin', () => {
  it('takes the http or https origin a browser sends, nothing else', () => {
    expect(readMerchantOrigin('https://shop.test')).toBe('https://shop.test');
    expect(readMerchantOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(readMerchantOrigin(undefined)).toBeNull();
    expect(readMerchantOrigin('null')).toBeNull();
    expect(readMerchantOrigin('https://shop.test/')).toBeNull();
    expect(readMerchantOrigin('https://shop.test/path')).toBeNull();
    expect(readMerchantOrigin('chrome-extension://abcdef')).toBeNull();
    expect(readMerchantOrigin('not an origin')).toBeNull();
  });
});
