import { describe, expect, it } from 'vitest';
import { appSwitchUrl, atUsername, contextUrl, readVenmoReturn, returnUrlOf } from './links';

const MERCHANT = {
  merchantId: 'venmo-merchant',
  accessToken: 'access_token$sandbox$id',
  environment: 'sandbox',
};
const METADATA = { sdkVersion: '3.26.0', integration: 'custom', platform: 'web', sessionId: 'session-1' };
const SDK_DATA = btoa(
  JSON.stringify({
    _meta: { version: '3.26.0', integration: 'custom', platform: 'web', sessionId: 'session-1' },
  }),
);
const UA = 'Mozilla/5.0 (Linux; Android 14) Chrome/123.0.0.0 Mobile';

const pairs = (url: string): [string, string][] => [...new URL(url).searchParams.entries()];

describe('appSwitchUrl', () => {
  it("carries the query in the provider's order, without a context", () => {
    const url = appSwitchUrl({
      base: 'https://venmo.com/braintree/checkout',
      merchant: MERCHANT,
      metadata: METADATA,
      returnUrl: 'https://shop.test/pay?step=2',
      allowAndroidRecreation: true,
      userAgent: UA,
    });
    expect(url.startsWith('https://venmo.com/braintree/checkout?')).toBe(true);
    expect(pairs(url)).toEqual([
      ['x-success', 'https://shop.test/pay?step=2#venmoSuccess=1'],
      ['x-cancel', 'https://shop.test/pay?step=2#venmoCancel=1'],
      ['x-error', 'https://shop.test/pay?step=2#venmoError=1'],
      ['allowAndroidRecreation', '1'],
      ['ua', UA],
      ['braintree_merchant_id', 'venmo-merchant'],
      ['braintree_access_token', 'access_token$sandbox$id'],
      ['braintree_environment', 'sandbox'],
      ['braintree_sdk_data', SDK_DATA],
    ]);
  });

  it('starts with the context, names the profile, and in the older flow puts the context in the token', () => {
    const options = {
      base: 'https://venmo.com/go/checkout',
      merchant: MERCHANT,
      metadata: METADATA,
      returnUrl: 'https://shop.test/pay',
      allowAndroidRecreation: false,
      userAgent: UA,
      contextId: 'pcid-1',
      profileId: 'profile-9',
    };
    const url = appSwitchUrl(options);
    expect(pairs(url).map(([key]) => key)).toEqual([
      'resource_id',
      'x-success',
      'x-cancel',
      'x-error',
      'allowAndroidRecreation',
      'ua',
      'braintree_merchant_id',
      'braintree_access_token',
      'braintree_environment',
      'braintree_sdk_data',
    ]);
    const query = new URL(url).searchParams;
    expect(query.get('resource_id')).toBe('pcid-1');
    expect(query.get('allowAndroidRecreation')).toBe('0');
    expect(query.get('braintree_merchant_id')).toBe('profile-9');
    expect(query.get('braintree_access_token')).toBe('access_token$sandbox$id');
    const legacy = new URL(appSwitchUrl({ ...options, legacyContext: true })).searchParams;
    expect(legacy.get('braintree_access_token')).toBe('access_token$sandbox$id|pcid:pcid-1');
  });
});

describe('contextUrl', () => {
  it("holds the context and the merchant's part, no way back", () => {
    const url = contextUrl({
      base: 'https://venmo.com/braintree/checkout',
      merchant: MERCHANT,
      metadata: METADATA,
      contextId: 'pcid-2',
    });
    expect(pairs(url)).toEqual([
      ['resource_id', 'pcid-2'],
      ['braintree_merchant_id', 'venmo-merchant'],
      ['braintree_access_token', 'access_token$sandbox$id'],
      ['braintree_environment', 'sandbox'],
      ['braintree_sdk_data', SDK_DATA],
    ]);
  });
});

describe('readVenmoReturn', () => {
  it('reads a success with either spelling of the nonce', () => {
    expect(readVenmoReturn('#venmoSuccess=1&paymentMethodNonce=fake-venmo&username=%40venmojoe')).toEqual({
      kind: 'success',
      nonce: 'fake-venmo',
      username: '@venmojoe',
    });
    expect(readVenmoReturn('#venmoSuccess=1&payment_method_nonce=n2&username=venmojoe')).toEqual({
      kind: 'success',
      nonce: 'n2',
      username: 'venmojoe',
    });
  });

  it('reads an error, a cancel, and a success without a nonce as an error', () => {
    expect(readVenmoReturn('#venmoError=1&errorMessage=No%20funds&errorCode=42')).toEqual({
      kind: 'error',
      message: 'No funds',
      code: '42',
    });
    expect(readVenmoReturn('#venmoCancel=1')).toEqual({ kind: 'cancel' });
    expect(readVenmoReturn('#venmoSuccess=1')).toEqual({ kind: 'error', message: null, code: null });
  });

  it('finds nothing in another hash', () => {
    expect(readVenmoReturn('')).toBeNull();
    expect(readVenmoReturn('#section-2')).toBeNull();
    expect(readVenmoReturn('#venmoSuccess=0&paymentMethodNonce=x')).toBeNull();
  });
});

describe('returnUrlOf and atUsername', () => {
  it("drop the page's hash and give a user name its @", () => {
    expect(returnUrlOf('https://shop.test/pay?x=1#venmoCancel=1')).toBe('https://shop.test/pay?x=1');
    expect(returnUrlOf('https://shop.test/pay')).toBe('https://shop.test/pay');
    expect(atUsername('venmojoe')).toBe('@venmojoe');
    expect(atUsername('@venmojoe')).toBe('@venmojoe');
  });
});
