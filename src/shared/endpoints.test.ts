import { describe, expect, it } from 'vitest';
import { clientApiPath, endpointPath, ENDPOINTS } from './endpoints';

describe('endpoints', () => {
  it('fill and encode path parameters', () => {
    expect(endpointPath('threeDSecureLookup', { nonce: 'a/b c' })).toBe(
      'payment_methods/a%2Fb%20c/three_d_secure/lookup',
    );
    expect(endpointPath('creditCards')).toBe('payment_methods/credit_cards');
    expect(() => endpointPath('threeDSecureLookup')).toThrow(/nonce/);
  });

  it('name the paths of the protocol, and no device data endpoint: the provider has none', () => {
    expect(ENDPOINTS.createPaymentResource).toEqual({
      method: 'POST',
      path: 'paypal_hermes/create_payment_resource',
    });
    expect(ENDPOINTS.setupBillingAgreement).toEqual({
      method: 'POST',
      path: 'paypal_hermes/setup_billing_agreement',
    });
    expect(Object.values(ENDPOINTS).map(({ path }) => path)).not.toContain('device_data');
    expect(clientApiPath('demo_merchant')).toBe('/merchants/demo_merchant/client_api');
  });
});
