// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { verifyFingerprint } from './auth';
import { MERCHANTS } from './merchants';
import { SEED_CUSTOMER } from './test-values';
import { fingerprintAuth, record, useSandbox, TEST_ASSETS_ORIGIN, like, startSandbox } from './test-server';

const sandbox = useSandbox();

describe('POST /sandbox/client_token', () => {
  it('mints a version 2 token shaped as a provider client token', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant' });
    const clientApiUrl = `${sandbox.origin}/merchants/demo_merchant/client_api`;
    expect(token).toEqual({
      version: 2,
      authorizationFingerprint: like.any(String),
      configUrl: `${clientApiUrl}/v1/configuration`,
      environment: 'sandbox',
      clientApiUrl,
      assetsUrl: TEST_ASSETS_ORIGIN,
      merchantId: 'demo_merchant',
      challenges: ['cvv', 'postal_code'],
      threeDSecureEnabled: true,
      paypalEnabled: true,
      paypal: { clientId: like.any(String), displayName: 'Demo Merchant', unvettedMerchant: false },
      analytics: { url: `${sandbox.origin}/analytics/demo_merchant` },
    });
    expect(token.authorizationFingerprint).toMatch(
      new RegExp(
        `^[0-9a-f]{64}\\|created_at=\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z&merchant_id=demo_merchant&public_key=${MERCHANTS.demo_merchant.publicKey}$`,
      ),
    );
  });

  it('puts customer_id= in the fingerprint only when a customer is given', async () => {
    const guest = await sandbox.clientToken({ merchantId: 'demo_merchant' });
    expect(guest.authorizationFingerprint).not.toContain('customer_id=');
    const bound = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    expect(bound.authorizationFingerprint).toContain('&customer_id=returning_shopper');
  });

  it('records the options in the fingerprint', async () => {
    const token = await sandbox.clientToken({
      merchantId: 'demo_merchant',
      customerId: 'new_shopper',
      options: { verifyCard: true, failOnDuplicatePaymentMethod: true, makeDefault: false },
    });
    expect(verifyFingerprint(token.authorizationFingerprint)).toMatchObject({
      customerId: 'new_shopper',
      verifyCard: true,
      failOnDuplicatePaymentMethod: true,
      makeDefault: false,
    });
  });

  it('answers 404 for an unknown merchant', async () => {
    const response = await sandbox.request('/sandbox/client_token', { body: { merchantId: 'nobody' } });
    expect(response.status).toBe(404);
  });

  it('answers 422 for options without a customer and for malformed fields', async () => {
    const noCustomer = await sandbox.request('/sandbox/client_token', {
      body: { merchantId: 'demo_merchant', options: { verifyCard: true } },
    });
    expect(noCustomer.status).toBe(422);
    expect(record(record(noCustomer.body).error).message).toMatch(/customerId/);
    for (const body of [{}, { merchantId: 5 }, { merchantId: 'demo_merchant', customerId: 'bad id!' }]) {
      expect((await sandbox.request('/sandbox/client_token', { body })).status).toBe(422);
    }
  });

  it('is stateless: a token keeps working on a new gateway instance (restart)', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const other = await startSandbox();
    try {
      const response = await other.clientApi('demo_merchant', 'paymentMethods', {
        auth: fingerprintAuth(token),
      });
      expect(response.status).toBe(200);
      expect(record(response.body).paymentMethods).toHaveLength(SEED_CUSTOMER.paymentMethods.length);
    } finally {
      await other.stop();
    }
  });
});
