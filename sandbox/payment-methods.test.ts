// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fingerprintAuth, record, useSandbox, like } from './test-server';

const sandbox = useSandbox();

async function list(auth: Record<string, string>, merchantId = 'demo_merchant') {
  const response = await sandbox.clientApi(merchantId, 'paymentMethods', {
    auth,
    query: { defaultFirst: '1' },
  });
  return { status: response.status, methods: (record(response.body).paymentMethods ?? []) as unknown[] };
}

describe('GET payment_methods', () => {
  it("lists the seeded customer's methods, default first, each under a fresh nonce", async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const first = await list(fingerprintAuth(token));
    expect(first.status).toBe(200);
    expect(first.methods).toEqual([
      {
        type: 'CreditCard',
        nonce: like.stringMatching(/^tokencc_sb_[0-9a-f]{24}$/),
        description: 'ending in 11',
        default: true,
        details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111' },
        binData: like.objectContaining({ prepaid: 'Unknown' }),
      },
      {
        type: 'CreditCard',
        nonce: like.stringMatching(/^tokencc_sb_/),
        description: 'ending in 44',
        default: false,
        details: { cardType: 'MasterCard', lastTwo: '44', lastFour: '4444', bin: '555555' },
        binData: like.any(Object),
      },
      {
        type: 'PayPalAccount',
        nonce: like.stringMatching(/^tokenpp_sb_[0-9a-f]{24}$/),
        description: 'robin.returning@example.com',
        default: false,
        details: {
          email: 'robin.returning@example.com',
          payerInfo: {
            email: 'robin.returning@example.com',
            firstName: 'Robin',
            lastName: 'Returning',
            payerId: 'QX7RB2LKMN4PA',
            countryCode: 'US',
          },
        },
      },
      {
        type: 'ApplePayCard',
        nonce: like.stringMatching(/^tokenap_sb_[0-9a-f]{24}$/),
        description: 'Apple Pay - Visa ending in 81',
        default: false,
        details: { cardType: 'Apple Pay - Visa', dpanLastTwo: '81' },
        binData: {
          prepaid: 'Unknown',
          healthcare: 'Unknown',
          debit: 'Unknown',
          durbinRegulated: 'Unknown',
          commercial: 'Unknown',
          payroll: 'Unknown',
          issuingBank: 'Unknown',
          countryOfIssuance: 'Unknown',
          productId: 'Unknown',
        },
      },
    ]);
    const second = await list(fingerprintAuth(token));
    const nonces = (methods: unknown[]) => methods.map((method) => record(method).nonce);
    expect(new Set([...nonces(first.methods), ...nonces(second.methods)]).size).toBe(8);
  });

  it('puts a newly saved default card first and keeps the others in saving order', async () => {
    const token = await sandbox.clientToken({
      merchantId: 'demo_merchant',
      customerId: 'returning_shopper',
      options: { makeDefault: true },
    });
    const auth = fingerprintAuth(token);
    const added = await sandbox.clientApi('demo_merchant', 'creditCards', {
      auth,
      body: {
        creditCard: {
          number: '6011111111111117',
          cvv: '123',
          expiration_month: '01',
          expiration_year: String(new Date().getFullYear() + 1),
          billing_address: { postal_code: '12345' },
          options: { validate: true },
        },
      },
    });
    expect(added.status).toBe(201);
    const { methods } = await list(auth);
    expect(
      methods.map((method) => [record(method).type, record(method).description, record(method).default]),
    ).toEqual([
      ['CreditCard', 'ending in 17', true],
      ['CreditCard', 'ending in 11', false],
      ['CreditCard', 'ending in 44', false],
      ['PayPalAccount', 'robin.returning@example.com', false],
      ['ApplePayCard', 'Apple Pay - Visa ending in 81', false],
    ]);
  });

  it('answers an empty list to a fingerprint without a customer', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant' });
    expect(await list(fingerprintAuth(token))).toEqual({ status: 200, methods: [] });
  });

  it('answers an empty list to a new customer', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'brand_new' });
    expect(await list(fingerprintAuth(token))).toEqual({ status: 200, methods: [] });
  });

  it('keeps customers of different merchants apart', async () => {
    const token = await sandbox.clientToken({
      merchantId: 'card_only_merchant',
      customerId: 'returning_shopper',
    });
    expect(await list(fingerprintAuth(token), 'card_only_merchant')).toEqual({ status: 200, methods: [] });
  });

  it('answers 403 to a tokenization key', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'paymentMethods');
    expect(response.status).toBe(403);
  });

  it('restores the seed on reset', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const auth = fingerprintAuth(token);
    const year = String(new Date().getFullYear() + 1);
    const added = await sandbox.clientApi('demo_merchant', 'creditCards', {
      auth,
      body: {
        creditCard: {
          number: '378282246310005',
          cvv: '1234',
          expiration_month: '01',
          expiration_year: year,
          billing_address: { postal_code: '12345' },
          options: { validate: true },
        },
      },
    });
    expect(added.status).toBe(201);
    expect((await list(auth)).methods).toHaveLength(5);
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await list(auth)).methods).toHaveLength(4);
  });

  it('lists the Venmo shopper’s saved Venmo account, as the provider lists one', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'venmo_shopper' });
    const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
      auth: fingerprintAuth(token),
    });
    expect(record(response.body).paymentMethods).toEqual([
      {
        type: 'VenmoAccount',
        nonce: like.stringMatching(/^tokenvm_sb_[0-9a-f]{24}$/),
        description: 'VenmoAccount',
        details: { username: 'venmojoe' },
        default: true,
      },
    ]);
  });
});
