import { describe, expect, inject, it } from 'vitest';
import { API_BASES } from '../shared/build-constants';
import { PanelError } from '../shared/errors';
import { authorizationField, parseAuthorization } from './authorization';
import { clientToken } from './test-support';

const { gateway } = inject('localOrigins');

const INVALID = 'Authorization is invalid. Make sure your client token or tokenization key is valid.';
const CONFIG_URL = 'https://api.sandbox.braintreegateway.com:443/merchants/m1/client_api/v1/configuration';

function invalid(value: string, reason: string): void {
  let thrown: unknown;
  try {
    parseAuthorization(value);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(PanelError);
  expect(thrown).toMatchObject({
    code: 'CLIENT_INVALID_AUTHORIZATION',
    type: 'MERCHANT',
    message: INVALID,
    details: { reason },
  });
}

describe('tokenization keys', () => {
  it('parses a sandbox key', () => {
    const auth = parseAuthorization('sandbox_tmxhyf7d_dcpspy2brwdjr3qn');
    expect(auth).toEqual({
      kind: 'TOKENIZATION_KEY',
      value: 'sandbox_tmxhyf7d_dcpspy2brwdjr3qn',
      guest: true,
      environment: 'sandbox',
      merchantId: 'dcpspy2brwdjr3qn',
      configUrl: `${gateway}/merchants/dcpspy2brwdjr3qn/client_api/v1/configuration`,
    });
    expect(authorizationField(auth)).toEqual({ tokenizationKey: 'sandbox_tmxhyf7d_dcpspy2brwdjr3qn' });
  });

  it('uses the build-time API base of production', () => {
    const auth = parseAuthorization('production_abc123_merchant9');
    expect(auth.configUrl).toBe(`${API_BASES.production}/merchants/merchant9/client_api/v1/configuration`);
    expect(auth.configUrl).toBe(
      'https://api.braintreegateway.com:443/merchants/merchant9/client_api/v1/configuration',
    );
  });

  it('keeps underscores of the merchant id', () => {
    const auth = parseAuthorization('sandbox_abc_my_merchant_id');
    expect(auth).toMatchObject({ merchantId: 'my_merchant_id' });
    expect(auth.configUrl).toBe(`${gateway}/merchants/my_merchant_id/client_api/v1/configuration`);
  });

  it('refuses an environment other than production or sandbox', () => {
    invalid('development_abc_merchant', 'environment');
    invalid('Sandbox_abc_merchant', 'environment');
  });

  it('refuses empty values', () => {
    invalid('', 'empty');
  });

  it('treats look-alikes that break the key pattern as client tokens (and refuses them)', () => {
    invalid('sandbox_abc', 'decode');
    invalid('sandbox_ab-c_merchant', 'decode');
    invalid('sandbox__merchant', 'decode');
  });
});

describe('client tokens', () => {
  const fingerprint = 'f00d|created_at=2017-01-01T00:00:00Z&merchant_id=m1&public_key=pk';

  it('parses a guest token and sends only its fingerprint', () => {
    const value = clientToken({ version: 2, authorizationFingerprint: fingerprint, configUrl: CONFIG_URL });
    const auth = parseAuthorization(value);
    expect(auth).toEqual({
      kind: 'CLIENT_TOKEN',
      value,
      guest: true,
      configUrl: CONFIG_URL,
      authorizationFingerprint: fingerprint,
    });
    expect(authorizationField(auth)).toEqual({ authorizationFingerprint: fingerprint });
  });

  it('is not guest when the fingerprint names a customer', () => {
    const legacy = clientToken({
      authorizationFingerprint: `${fingerprint}&customer_id=42`,
      configUrl: CONFIG_URL,
    });
    const jwt = clientToken({ authorizationFingerprint: 'eyJ.abc.def?customer_id=', configUrl: CONFIG_URL });
    expect(parseAuthorization(legacy).guest).toBe(false);
    expect(parseAuthorization(jwt).guest).toBe(false);
  });

  it('refuses values that are not base64', () => {
    invalid('not base64!!', 'decode');
  });

  it('refuses base64 that is not JSON', () => {
    invalid(btoa('{"authorizationFingerprint": '), 'decode');
    invalid(btoa('hello'), 'decode');
  });

  it('refuses JSON without a string fingerprint and config URL', () => {
    invalid(clientToken({ configUrl: CONFIG_URL }), 'fields');
    invalid(clientToken({ authorizationFingerprint: fingerprint }), 'fields');
    invalid(clientToken({ authorizationFingerprint: 1, configUrl: CONFIG_URL }), 'fields');
    invalid(btoa('null'), 'fields');
    invalid(btoa('"text"'), 'fields');
  });
});
