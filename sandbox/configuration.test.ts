// @vitest-environment node
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { optionsAsReached, PROVIDER_SANDBOX_ASSETS_ORIGIN, providerOriginOf } from './configuration';
import { CARD_DISPLAY_NAMES } from './merchants';
import { keyOf, record, useSandbox, TEST_ASSETS_ORIGIN, like } from './test-server';

const sandbox = useSandbox();

describe('GET configuration', () => {
  it('serves the full configuration of demo_merchant', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'configuration', {
      query: { '_meta[sessionId]': 'abc', configVersion: '3' },
    });
    expect(response.status).toBe(200);
    const clientApiUrl = `${sandbox.origin}/merchants/demo_merchant/client_api`;
    expect(response.body).toEqual({
      environment: 'sandbox',
      merchantId: 'demo_merchant',
      clientApiUrl,
      configUrl: `${clientApiUrl}/v1/configuration`,
      assetsUrl: TEST_ASSETS_ORIGIN,
      analytics: { url: `${sandbox.origin}/analytics/demo_merchant` },
      challenges: ['cvv', 'postal_code'],
      creditCards: {
        supportedCardTypes: [...CARD_DISPLAY_NAMES],
        supportedGateways: [{ name: 'clientApi' }],
      },
      threeDSecureEnabled: true,
      // 3D Secure 2: a JWT the sandbox's Cardinal signed, and the Songbird stand-in with its hash.
      threeDSecure: {
        cardinalAuthenticationJWT: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
        cardinalSongbirdUrl: `${sandbox.origin}/sandbox/cardinal/songbird.js`,
        cardinalSongbirdIdentityHash: expect.stringMatching(/^sha384-[\w+/]+={0,2}$/) as unknown,
      },
      paypalEnabled: true,
      paypal: { clientId: like.any(String), displayName: 'Demo Merchant', unvettedMerchant: false },
      applePayWeb: {
        merchantIdentifier: like.any(String),
        countryCode: 'US',
        currencyCode: 'USD',
        supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'],
        merchantCapabilities: ['supports3DS'],
      },
      androidPay: {
        enabled: true,
        displayName: 'Demo Merchant',
        environment: 'TEST',
        googleAuthorizationFingerprint: like.stringMatching(/.+/),
        supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'],
      },
      payWithVenmo: {
        merchantId: 'venmo-merchant-id',
        accessToken: 'access_token$sandbox$venmo-merchant-id',
        environment: 'sandbox',
        enrichedCustomerDataEnabled: false,
      },
      kount: { kountMerchantId: '600000' },
    });
    expect(record(record(response.body).paypal).clientId).not.toBe('');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves Apple Pay and Kount out for card_only_merchant', async () => {
    const body = record((await sandbox.clientApi('card_only_merchant', 'configuration')).body);
    expect(body.creditCards).toEqual({
      supportedCardTypes: ['Visa', 'MasterCard', 'American Express'],
      supportedGateways: [{ name: 'clientApi' }],
    });
    expect(body.challenges).toEqual([]);
    expect(body.paypalEnabled).toBe(false);
    expect(body.threeDSecureEnabled).toBe(false);
    expect(body).not.toHaveProperty('applePayWeb');
    expect(body).not.toHaveProperty('androidPay');
    expect(body).not.toHaveProperty('payWithVenmo');
    expect(body).not.toHaveProperty('kount');
    expect(body).toHaveProperty('paypal');
  });

  it('serves wallets_only_merchant without card types, with PayPal, Apple Pay and Google Pay', async () => {
    const body = record((await sandbox.clientApi('wallets_only_merchant', 'configuration')).body);
    expect(record(body.creditCards).supportedCardTypes).toEqual([]);
    expect(body.paypalEnabled).toBe(true);
    expect(record(body.paypal).clientId).toEqual(like.stringMatching(/.+/));
    expect(body).toHaveProperty('applePayWeb');
    expect(body).toHaveProperty('androidPay');
  });

  it('serves Venmo to demo_merchant’s copy alone, and a partition’s answer override takes it away', async () => {
    const copy = record((await sandbox.clientApi('three_d_secure_v1_merchant', 'configuration')).body);
    const demo = record((await sandbox.clientApi('demo_merchant', 'configuration')).body);
    expect(copy.payWithVenmo).toEqual(demo.payWithVenmo);
    for (const merchantId of ['wallets_only_merchant', 'unlinked_paypal_merchant']) {
      expect(record((await sandbox.clientApi(merchantId, 'configuration')).body)).not.toHaveProperty(
        'payWithVenmo',
      );
    }
    await sandbox.request('/sandbox/answers', {
      body: { match: 'client_api/v1/configuration', set: { payWithVenmo: null } },
    });
    expect(record((await sandbox.clientApi('demo_merchant', 'configuration')).body).payWithVenmo).toBeNull();
    expect(record((await sandbox.clientApi('demo_merchant', 'configuration')).body).payWithVenmo).toEqual(
      demo.payWithVenmo,
    );
  });

  it('serves unlinked_paypal_merchant with PayPal on but no client id', async () => {
    const body = record((await sandbox.clientApi('unlinked_paypal_merchant', 'configuration')).body);
    expect(body.paypalEnabled).toBe(true);
    expect(record(body.paypal).clientId).toBeNull();
    expect(record(body.creditCards).supportedCardTypes).not.toEqual([]);
  });

  it('serves the configuration to a client token fingerprint too', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant' });
    const response = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: { authorizationFingerprint: token.authorizationFingerprint },
    });
    expect(response.status).toBe(200);
    expect(record(response.body).merchantId).toBe('demo_merchant');
  });
});

describe('analytics sink', () => {
  it('answers 200 {} to the analytics url', async () => {
    const configuration = record((await sandbox.clientApi('demo_merchant', 'configuration')).body);
    const url = String(record(configuration.analytics).url);
    const response = await sandbox.request(new URL(url).pathname, {
      body: { analytics: [{ kind: 'web.dropin.appeared', timestamp: 1 }] },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({});
  });
});

describe('under the provider’s host names', () => {
  const providerHost = 'api.sandbox.braintreegateway.com';

  /** A request to the sandbox with its `Host` header naming `host`, as when the host name is mapped to it. */
  function requestAs(host: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const { hostname, port } = new URL(sandbox.origin);
    return new Promise((resolve, reject) => {
      const sent = request(
        {
          hostname,
          port,
          path,
          method: body === undefined ? 'GET' : 'POST',
          headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => {
            resolve(record(JSON.parse(text)));
          });
        },
      );
      sent.on('error', reject);
      sent.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  it('names URLs on the host it was reached at and the provider’s assets host, as the provider’s SDK requires', async () => {
    const body = await requestAs(
      providerHost,
      `/merchants/demo_merchant/client_api/v1/configuration?tokenizationKey=${keyOf('demo_merchant')}`,
    );
    const clientApiUrl = `https://${providerHost}/merchants/demo_merchant/client_api`;
    expect(body).toMatchObject({
      clientApiUrl,
      configUrl: `${clientApiUrl}/v1/configuration`,
      assetsUrl: PROVIDER_SANDBOX_ASSETS_ORIGIN,
      analytics: { url: `https://${providerHost}/analytics/demo_merchant` },
    });
  });

  it('mints client tokens whose URLs are on that host', async () => {
    const minted = await requestAs(`${providerHost}:4445`, '/sandbox/client_token', {
      merchantId: 'demo_merchant',
    });
    const token = JSON.parse(Buffer.from(String(minted.clientToken), 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(token).toMatchObject({
      configUrl: `https://${providerHost}:4445/merchants/demo_merchant/client_api/v1/configuration`,
      clientApiUrl: `https://${providerHost}:4445/merchants/demo_merchant/client_api`,
      assetsUrl: PROVIDER_SANDBOX_ASSETS_ORIGIN,
    });
  });

  it('takes only a provider domain or its subdomains, as a bare host name and port', () => {
    expect(providerOriginOf('api.sandbox.braintreegateway.com')).toBe(
      'https://api.sandbox.braintreegateway.com',
    );
    expect(providerOriginOf('API.Braintree-API.com:4445')).toBe('https://api.braintree-api.com:4445');
    expect(providerOriginOf('www.paypal.com:443')).toBe('https://www.paypal.com');
    for (const host of [
      undefined,
      'localhost:4445',
      '127.0.0.1:4445',
      'braintreegateway.com.evil.test',
      'evilbraintreegateway.com',
      'user@api.braintreegateway.com',
      'api.braintreegateway.com/path',
      'api.braintreegateway.com:port',
    ]) {
      expect(providerOriginOf(host), String(host)).toBeNull();
    }
    const options = { gatewayOrigin: 'https://localhost:4445', assetsOrigin: 'https://localhost:4444' };
    expect(optionsAsReached(options, 'localhost:4445')).toBe(options);
  });
});
