// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signFingerprint, verifyFingerprint, type FingerprintClaims } from './auth';
import { MERCHANTS } from './merchants';
import { fingerprintAuth, keyOf, record, useSandbox } from './test-server';

const sandbox = useSandbox();

const claims: FingerprintClaims = {
  createdAt: '2024-05-01T10:20:30.000Z',
  merchantId: 'demo_merchant',
  publicKey: MERCHANTS.demo_merchant.publicKey,
  customerId: 'shopper_1',
  verifyCard: true,
  failOnDuplicatePaymentMethod: false,
  makeDefault: true,
  partition: null,
};

describe('fingerprints', () => {
  it('round-trip through sign and verify', () => {
    const fingerprint = signFingerprint(claims);
    expect(fingerprint).toMatch(
      /^[0-9a-f]{64}\|created_at=2024-05-01T10:20:30\.000Z&merchant_id=demo_merchant&public_key=pk_\w+&customer_id=shopper_1&verify_card=true&make_default=true$/,
    );
    expect(verifyFingerprint(fingerprint)).toEqual(claims);
  });

  it('reject a tampered payload or signature', () => {
    const fingerprint = signFingerprint(claims);
    expect(verifyFingerprint(fingerprint.replace('shopper_1', 'shopper_2'))).toBeNull();
    expect(verifyFingerprint(`${'0'.repeat(64)}${fingerprint.slice(64)}`)).toBeNull();
    expect(verifyFingerprint('not a fingerprint')).toBeNull();
  });
});

describe('client API authorization', () => {
  it('answers 401 without a credential', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'configuration', { auth: {} });
    expect(response.status).toBe(401);
    expect(record(record(response.body).error).message).toBe('Authorization failed');
  });

  it('answers 401 to an unknown tokenization key', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: { tokenizationKey: 'sandbox_xxxxxxxx_demo_merchant' },
    });
    expect(response.status).toBe(401);
  });

  it("answers 401 to another merchant's key or fingerprint", async () => {
    const byKey = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: { tokenizationKey: keyOf('card_only_merchant') },
    });
    expect(byKey.status).toBe(401);
    const token = await sandbox.clientToken({ merchantId: 'card_only_merchant' });
    const byFingerprint = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: fingerprintAuth(token),
    });
    expect(byFingerprint.status).toBe(401);
  });

  it('answers 401 to a forged fingerprint', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: {
        authorizationFingerprint: `${'a'.repeat(64)}|created_at=x&merchant_id=demo_merchant&public_key=y`,
      },
    });
    expect(response.status).toBe(401);
  });

  it('answers 401 for an unknown merchant in the path', async () => {
    const response = await sandbox.clientApi('no_such_merchant', 'configuration');
    expect(response.status).toBe(401);
  });

  it('answers 403 to every client API call of the restricted merchant', async () => {
    const configuration = await sandbox.clientApi('restricted_merchant', 'configuration');
    expect(configuration.status).toBe(403);
    const cards = await sandbox.clientApi('restricted_merchant', 'creditCards', {
      body: { creditCard: { number: '4111111111111111', expirationDate: '12/40' } },
    });
    expect(cards.status).toBe(403);
    const token = await sandbox.clientToken({ merchantId: 'restricted_merchant', customerId: 'someone' });
    const methods = await sandbox.clientApi('restricted_merchant', 'paymentMethods', {
      auth: fingerprintAuth(token),
    });
    expect(methods.status).toBe(403);
  });

  it('answers 403 to a tokenization key on payment_methods', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'paymentMethods');
    expect(response.status).toBe(403);
  });

  it('reads the credential from the JSON body of a POST', async () => {
    const response = await sandbox.request(
      '/merchants/demo_merchant/client_api/v1/payment_methods/credit_cards',
      {
        body: { creditCard: {} },
      },
    );
    expect(response.status).toBe(401);
  });
});
