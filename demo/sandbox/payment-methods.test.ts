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
  it("lists the seeded customer's cards, default first, each under a fresh nonce", async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const first = await list(fingerprintAuth(token));
    expect(first.status).toBe(200);
    expect(first.methods).toEqual([
      {
        type: 'CreditCard',
        nonce: like.stringMatching(/^tokencc_/),
        description: 'ending in 11',
        default: true,
        details: like.objectContaining({ cardType: 'Visa', lastTwo: '11', lastFour: '1111' }),
        binData: like.objectContaining({ prepaid: 'Unknown' }),
      },
      {
        type: 'CreditCard',
        nonce: like.stringMatching(/^tokencc_/),
        description: 'ending in 44',
        default: false,
        details: like.objectContaining({ cardType: 'MasterCard', lastTwo: '44', lastFour: '4444' }),
        binData: like.any(Object),
      },
    ]);
    const second = await list(fingerprintAuth(token));
    expect(record(second.methods[0]).nonce).not.toBe(record(first.methods[0]).nonce);
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
    expect((await list(auth)).methods).toHaveLength(3);
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await list(auth)).methods).toHaveLength(2);
  });
});
