import { afterEach, describe, expect, expectTypeOf, inject, it, vi } from 'vitest';
import type { Infer } from '../shared/strict-readers';
import { expectReadsItsShape } from '../shared/test-support';
import { parseAuthorization } from './authorization';
import { fetchConfiguration, gatewayConfigurationReader, type GatewayConfiguration } from './configuration';
import { clientToken, failure, queryPairs, stubFetch } from './test-support';

const { assets, gateway } = inject('localOrigins');

const KEY = 'sandbox_abc_merchant1';
const CONFIG_URL = `${gateway}/merchants/merchant1/client_api/v1/configuration`;
const CONFIG = {
  environment: 'sandbox',
  merchantId: 'merchant1',
  clientApiUrl: `${gateway}/merchants/merchant1/client_api`,
  assetsUrl: assets,
  analytics: { url: `${gateway}/analytics/merchant1` },
  challenges: ['cvv'],
  creditCards: { supportedCardTypes: ['Visa'], supportedGateways: [{ name: 'clientApi' }] },
  threeDSecureEnabled: true,
  paypalEnabled: true,
  paypal: { clientId: 'pp', displayName: 'Shop', unvettedMerchant: false },
  somethingNew: { kept: true },
};
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fetchConfiguration', () => {
  it('GETs the config URL with the exact query of docs/protocol.md and a tokenization key', async () => {
    const { calls } = stubFetch(() => ({ body: CONFIG }));
    const result = await fetchConfiguration(parseAuthorization(KEY), { merchantAppId: 'shop.test:4443' });
    const [call] = calls;
    expect(calls).toHaveLength(1);
    expect(call?.init.method).toBe('GET');
    expect(call?.url.startsWith(`${CONFIG_URL}?`)).toBe(true);
    const pairs = queryPairs(call?.url ?? '');
    const sessionId = result.analyticsMetadata.sessionId;
    expect(sessionId).toMatch(UUID_V4);
    expect(pairs).toEqual([
      ['tokenizationKey', KEY],
      ['_meta[merchantAppId]', 'shop.test:4443'],
      ['_meta[platform]', 'web'],
      ['_meta[sdkVersion]', '3.26.0'],
      ['_meta[source]', 'client'],
      ['_meta[integration]', 'custom'],
      ['_meta[integrationType]', 'custom'],
      ['_meta[sessionId]', sessionId],
      ['braintreeLibraryVersion', 'braintree/web/3.26.0'],
      ['configVersion', '3'],
    ]);
    expect(call?.url).toContain('_meta%5BsessionId%5D=');
    expect(result).toEqual({
      authorization: KEY,
      authorizationType: 'TOKENIZATION_KEY',
      analyticsMetadata: {
        merchantAppId: 'shop.test:4443',
        platform: 'web',
        sdkVersion: '3.26.0',
        source: 'client',
        integration: 'custom',
        integrationType: 'custom',
        sessionId,
      },
      gatewayConfiguration: CONFIG,
    });
  });

  it('defaults merchantAppId to location.host and takes a given session id', async () => {
    stubFetch(() => ({ body: CONFIG }));
    const result = await fetchConfiguration(parseAuthorization(KEY), { sessionId: 'sid' });
    expect(result.analyticsMetadata).toMatchObject({ merchantAppId: location.host, sessionId: 'sid' });
  });

  it('makes a fresh session id per call', async () => {
    stubFetch(() => ({ body: CONFIG }));
    const a = await fetchConfiguration(parseAuthorization(KEY));
    const b = await fetchConfiguration(parseAuthorization(KEY));
    expect(a.analyticsMetadata.sessionId).not.toBe(b.analyticsMetadata.sessionId);
  });

  it('builds a UUID v4 where crypto.randomUUID is missing (plain-http pages)', async () => {
    stubFetch(() => ({ body: CONFIG }));
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', {
      getRandomValues: <T extends ArrayBufferView>(array: T) => real.getRandomValues(array),
    });
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { analyticsMetadata } = await fetchConfiguration(parseAuthorization(KEY));
      expect(analyticsMetadata.sessionId).toMatch(UUID_V4);
      ids.add(analyticsMetadata.sessionId);
    }
    expect(ids.size).toBe(20);
  });

  it('sends only the fingerprint of a client token', async () => {
    const token = clientToken({ authorizationFingerprint: 'fp|customer_id=1', configUrl: CONFIG_URL });
    const { calls } = stubFetch(() => ({ body: CONFIG }));
    const result = await fetchConfiguration(parseAuthorization(token));
    const pairs = queryPairs(calls[0]?.url ?? '');
    expect(pairs[0]).toEqual(['authorizationFingerprint', 'fp|customer_id=1']);
    expect(pairs.some(([, value]) => value === token)).toBe(false);
    expect(result).toMatchObject({ authorization: token, authorizationType: 'CLIENT_TOKEN' });
  });

  it("refuses a token's foreign config URL before sending anything", async () => {
    const token = clientToken({
      authorizationFingerprint: 'fp',
      configUrl: 'https://evil.test/configuration',
    });
    const { fetch } = stubFetch(() => ({ body: CONFIG }));
    const error = await failure(fetchConfiguration(parseAuthorization(token)));
    expect(error).toMatchObject({
      code: 'CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN',
      message: 'configUrl property is on an invalid domain.',
      details: { property: 'configUrl' },
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps unknown keys of the configuration', async () => {
    stubFetch(() => ({ body: CONFIG }));
    const { gatewayConfiguration } = await fetchConfiguration(parseAuthorization(KEY));
    expect(gatewayConfiguration.somethingNew).toEqual({ kept: true });
  });

  it('maps 403 to CLIENT_AUTHORIZATION_INSUFFICIENT, with the status and the body', async () => {
    const body = { error: { message: 'nope' } };
    stubFetch(() => ({ status: 403, body }));
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({
      code: 'CLIENT_AUTHORIZATION_INSUFFICIENT',
      type: 'MERCHANT',
      message: 'The authorization used has insufficient privileges.',
      details: { httpStatus: 403, originalError: body },
    });
  });

  // Only a 403 has a code of its own; the details keep what any other gateway call would have said.
  it.each([
    [401, 'CLIENT_REQUEST_ERROR'],
    [404, 'CLIENT_REQUEST_ERROR'],
    [422, 'CLIENT_REQUEST_ERROR'],
    [429, 'CLIENT_RATE_LIMITED'],
    [500, 'CLIENT_GATEWAY_NETWORK'],
    [502, 'CLIENT_GATEWAY_NETWORK'],
    [400, 'CLIENT_REQUEST_ERROR'],
  ])(
    'maps status %i to CLIENT_GATEWAY_NETWORK, keeping the status, the body and %s',
    async (status, clientErrorCode) => {
      const body = { error: { message: 'nope' } };
      stubFetch(() => ({ status, body }));
      const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
      expect(error).toMatchObject({
        code: 'CLIENT_GATEWAY_NETWORK',
        type: 'NETWORK',
        message: 'Cannot contact the gateway at this time.',
        details: { httpStatus: status, originalError: body, clientErrorCode },
      });
    },
  );

  it('maps a network failure to CLIENT_GATEWAY_NETWORK', async () => {
    const cause = new TypeError('Failed to fetch');
    stubFetch(() => {
      throw cause;
    });
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({
      code: 'CLIENT_GATEWAY_NETWORK',
      message: 'Cannot contact the gateway at this time.',
      details: { httpStatus: 500, originalError: cause, clientErrorCode: 'CLIENT_GATEWAY_NETWORK' },
    });
  });

  it('maps a time-out to CLIENT_GATEWAY_NETWORK, saying it was one', async () => {
    vi.useFakeTimers();
    stubFetch(() => 'hang');
    const promise = failure(fetchConfiguration(parseAuthorization(KEY), { timeout: 5000 }));
    await vi.advanceTimersByTimeAsync(5000);
    const error = await promise;
    expect(error).toMatchObject({
      code: 'CLIENT_GATEWAY_NETWORK',
      type: 'NETWORK',
      message: 'Cannot contact the gateway at this time.',
      details: { httpStatus: -1, clientErrorCode: 'CLIENT_REQUEST_TIMEOUT' },
    });
    expect(error.details?.originalError).toMatchObject({ code: 'CLIENT_REQUEST_TIMEOUT' });
  });

  it("passes the caller's abort through", async () => {
    stubFetch(() => 'hang');
    const controller = new AbortController();
    const promise = fetchConfiguration(parseAuthorization(KEY), { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toBe(controller.signal.reason);
  });

  it.each([
    ['a non-JSON body', '<html>oops</html>'],
    ['a JSON array', [CONFIG]],
    ['JSON null', null],
    ['a malformed field', { ...CONFIG, challenges: 'cvv' }],
  ])('maps %s to CLIENT_GATEWAY_NETWORK with the body', async (_, body) => {
    stubFetch(() => ({ body: body === null ? 'null' : body }));
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({
      code: 'CLIENT_GATEWAY_NETWORK',
      message: 'Cannot contact the gateway at this time.',
      details: { httpStatus: 200, originalError: body },
    });
  });

  it.each(['clientApiUrl', 'assetsUrl'])('refuses a configuration without %s', async (key) => {
    stubFetch(() => ({ body: { ...CONFIG, [key]: undefined } }));
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({
      code: 'CLIENT_MISSING_GATEWAY_CONFIGURATION',
      type: 'INTERNAL',
      message: 'Missing gatewayConfiguration.',
      details: { missing: [key] },
    });
  });

  it('checks the domains of the fetched configuration', async () => {
    stubFetch(() => ({ body: { ...CONFIG, analytics: { url: 'https://evil.test/a' } } }));
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({
      code: 'CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN',
      message: 'analytics.url property is on an invalid domain.',
      details: { property: 'analytics.url' },
    });
  });
});

describe('gatewayConfigurationReader', () => {
  const FULL = {
    ...CONFIG,
    configUrl: CONFIG_URL,
    paypal: { ...CONFIG.paypal, assetsUrl: null, extra: 1 },
    applePayWeb: {
      merchantIdentifier: 'merchant.test',
      countryCode: 'US',
      currencyCode: 'USD',
      supportedNetworks: ['visa'],
      merchantCapabilities: ['supports3DS'],
    },
    kount: { kountMerchantId: null },
    braintreeApi: { url: `${gateway}/api`, accessToken: 'token' },
  };

  it('has the type of its declaration', () => {
    expectTypeOf<GatewayConfiguration>().toEqualTypeOf<Infer<typeof gatewayConfigurationReader>>();
    expectTypeOf<GatewayConfiguration['kount']>().toEqualTypeOf<
      { [key: string]: unknown; kountMerchantId?: string | null | undefined } | undefined
    >();
  });

  it('reads what its declaration makes, keeping unknown keys at every depth, and refuses every hostile variant', () => {
    expectReadsItsShape(gatewayConfigurationReader, { runs: 60 });
    expectReadsItsShape(gatewayConfigurationReader, { examples: [FULL] });
  });

  it('never copies a prototype key', () => {
    const read = gatewayConfigurationReader(
      JSON.parse(`{"clientApiUrl":"a","assetsUrl":"b","__proto__":{"polluted":true}}`),
    );
    expect(read).toStrictEqual({ clientApiUrl: 'a', assetsUrl: 'b' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the field that does not fit', async () => {
    stubFetch(() => ({ body: { ...CONFIG, creditCards: { supportedCardTypes: 'Visa' } } }));
    const error = await failure(fetchConfiguration(parseAuthorization(KEY)));
    expect(error).toMatchObject({ code: 'CLIENT_GATEWAY_NETWORK', details: { invalidKey: 'creditCards' } });
  });
});
