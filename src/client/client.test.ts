import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from './client';
import {
  clientToken,
  failure,
  queryPairs,
  stubFetch,
  watchPagehideListeners,
  type FetchCall,
  type StubAnswer,
} from './test-support';

const { assets, gateway: GATEWAY } = inject('localOrigins');

const KEY = 'sandbox_abc_merchant1';
const CONFIG_URL = `${GATEWAY}/merchants/merchant1/client_api/v1/configuration`;
const API = `${GATEWAY}/merchants/merchant1/client_api`;
const CONFIG = {
  environment: 'sandbox',
  clientApiUrl: API,
  assetsUrl: assets,
  analytics: { url: `${GATEWAY}/analytics/merchant1` },
};

/** Answers the configuration GET with `config` and everything else with `other`. */
function gateway(
  config: object = CONFIG,
  other: (call: FetchCall) => StubAnswer | 'hang' = () => ({ body: { ok: 1 } }),
) {
  return stubFetch((call) => (call.url.startsWith(CONFIG_URL) ? { body: config } : other(call)));
}

function body(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(call?.init.body as string) as Record<string, unknown>;
}

beforeEach(() => {
  clearClientCache();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createClient', () => {
  it('builds a client from the configuration', async () => {
    gateway();
    const client = await createClient(KEY, { merchantAppId: 'shop.test' });
    expect(client.authorization).toMatchObject({ kind: 'TOKENIZATION_KEY', merchantId: 'merchant1' });
    expect(client.configuration).toMatchObject({
      authorization: KEY,
      authorizationType: 'TOKENIZATION_KEY',
      analyticsMetadata: { merchantAppId: 'shop.test', integration: 'custom' },
      gatewayConfiguration: CONFIG,
    });
    client.release();
  });

  it('shares one client and one configuration call between the holds of one authorization', async () => {
    const { fetch } = gateway();
    const [a, b] = await Promise.all([createClient(KEY), createClient(KEY)]);
    const c = await createClient(KEY);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(fetch).toHaveBeenCalledTimes(1);
    clearClientCache();
    expect(await createClient(KEY)).not.toBe(a);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the client while a hold is left, and tears it down with the last', async () => {
    const { calls } = gateway();
    const pagehide = watchPagehideListeners();
    const [a, b] = await Promise.all([createClient(KEY), createClient(KEY)]);
    expect(pagehide.live()).toBe(1);
    a.release();
    expect(pagehide.live()).toBe(1);
    await expect(b.request({ method: 'GET', endpoint: 'x' })).resolves.toEqual({
      status: 200,
      data: { ok: 1 },
    });
    // A third hold, on the same client.
    expect(await createClient(KEY)).toBe(b);
    expect(calls).toHaveLength(2);
    b.release();
    expect(pagehide.live()).toBe(1);
    b.release();
    expect(pagehide.live()).toBe(0);
  });

  it('tears the client down when its last hold goes: analytics flushed, pagehide no longer watched', async () => {
    const { calls } = gateway();
    const pagehide = watchPagehideListeners();
    const client = await createClient(KEY);
    client.analytics.send('appeared');
    client.release();
    expect(calls.map((call) => call.url)).toEqual([
      expect.stringContaining(CONFIG_URL),
      CONFIG.analytics.url,
    ]);
    expect(pagehide.live()).toBe(0);
    const error = await failure(client.request({ method: 'GET', endpoint: 'x' }));
    expect(error).toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      type: 'MERCHANT',
      message: 'request cannot be called after teardown.',
      details: { method: 'request' },
    });
    // The next hold makes the client anew.
    const next = await createClient(KEY);
    expect(next).not.toBe(client);
    expect(calls).toHaveLength(3);
    expect(pagehide.live()).toBe(1);
    next.release();
    expect(pagehide.live()).toBe(0);
  });

  it('leaves no client behind for 50 client tokens, each taken and released', async () => {
    const { calls } = gateway();
    const pagehide = watchPagehideListeners();
    for (let i = 0; i < 50; i++) {
      const token = clientToken({ authorizationFingerprint: `fp${String(i)}`, configUrl: CONFIG_URL });
      const client = await createClient(token);
      expect(pagehide.live()).toBe(1);
      client.release();
      expect(pagehide.live()).toBe(0);
    }
    expect(calls).toHaveLength(50);
  });

  it('evicts a failed creation', async () => {
    const { fetch } = stubFetch(() => ({ status: 500, body: 'down' }));
    expect((await failure(createClient(KEY))).code).toBe('CLIENT_GATEWAY_NETWORK');
    gateway();
    await expect(createClient(KEY)).resolves.toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refuses an invalid authorization without fetching', async () => {
    const { fetch } = gateway();
    const error = await failure(createClient('nonsense'));
    expect(error.code).toBe('CLIENT_INVALID_AUTHORIZATION');
    expect(error.message).toBe(
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('requires an authorization', async () => {
    const error = await failure(createClient(''));
    expect(error).toMatchObject({
      code: 'INSTANTIATION_OPTION_REQUIRED',
      message: 'options.authorization is required when instantiating a client.',
      details: { option: 'authorization' },
    });
  });
});

describe('GatewayClient.request', () => {
  let client: GatewayClient;
  const token = clientToken({ authorizationFingerprint: 'fp|customer_id=7', configUrl: CONFIG_URL });

  async function setUp(
    config: object = CONFIG,
    other?: (call: FetchCall) => StubAnswer | 'hang',
    auth = KEY,
  ) {
    const stub = gateway(config, other);
    client = await createClient(auth, { merchantAppId: 'shop.test', sessionId: 'sid' });
    return stub;
  }

  afterEach(() => {
    client.release();
  });

  it('POSTs to {clientApiUrl}/v1/{endpoint} with metadata, library version and auth field', async () => {
    const { calls } = await setUp();
    const result = await client.request({
      method: 'POST',
      endpoint: 'payment_methods/credit_cards',
      data: { creditCard: { number: '4111' }, _meta: { source: 'hosted-fields' } },
    });
    expect(result).toEqual({ status: 200, data: { ok: 1 } });
    expect(calls[1]?.url).toBe(`${API}/v1/payment_methods/credit_cards`);
    expect(body(calls[1])).toEqual({
      creditCard: { number: '4111' },
      _meta: {
        merchantAppId: 'shop.test',
        platform: 'web',
        sdkVersion: '3.26.0',
        source: 'hosted-fields',
        integration: 'custom',
        integrationType: 'custom',
        sessionId: 'sid',
      },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      tokenizationKey: KEY,
    });
  });

  it('sends the fingerprint, never the whole client token', async () => {
    const { calls } = await setUp(CONFIG, undefined, token);
    await client.request({ method: 'POST', endpoint: 'x', data: {} });
    expect(body(calls[1])).toMatchObject({ authorizationFingerprint: 'fp|customer_id=7' });
    expect(calls[1]?.init.body as string).not.toContain(token);
    expect(client.authorization.guest).toBe(false);
  });

  it('GETs with the metadata in the query', async () => {
    const { calls } = await setUp();
    await client.request({ method: 'GET', endpoint: 'payment_methods', data: { defaultFirst: 1 } });
    expect(calls[1]?.url.startsWith(`${API}/v1/payment_methods?`)).toBe(true);
    expect(calls[1]?.init.body).toBeNull();
    expect(queryPairs(calls[1]?.url ?? '')).toEqual(
      expect.arrayContaining([
        ['defaultFirst', '1'],
        ['_meta[source]', 'client'],
        ['braintreeLibraryVersion', 'braintree/web/3.26.0'],
        ['tokenizationKey', KEY],
      ]),
    );
  });

  it('applies setMetadata to later requests and to analytics', async () => {
    vi.useFakeTimers();
    const { calls } = await setUp();
    client.setMetadata({ integration: 'dropin2', integrationType: 'dropin2', dropinVersion: '1.9.2' });
    await client.request({ method: 'POST', endpoint: 'x' });
    expect(body(calls[1])._meta).toMatchObject({
      integration: 'dropin2',
      dropinVersion: '1.9.2',
      source: 'client',
    });
    expect(client.configuration.analyticsMetadata.integration).toBe('dropin2');
    client.analytics.send('appeared');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[2]?.url).toBe(CONFIG.analytics.url);
    expect(body(calls[2])).toMatchObject({
      analytics: [{ kind: 'web.dropin.appeared' }],
      _meta: { integration: 'dropin2', dropinVersion: '1.9.2' },
      tokenizationKey: KEY,
    });
  });

  it('passes the time-out and signal through', async () => {
    vi.useFakeTimers();
    await setUp(CONFIG, () => 'hang');
    const timedOut = failure(client.request({ method: 'GET', endpoint: 'x', timeout: 100 }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await timedOut).code).toBe('CLIENT_REQUEST_TIMEOUT');
    const controller = new AbortController();
    const aborted = client.request({ method: 'GET', endpoint: 'x', signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBe(controller.signal.reason);
  });

  it('maps gateway errors like httpRequest', async () => {
    await setUp(CONFIG, () => ({ status: 422, body: { error: { message: 'bad' } } }));
    const error = await failure(client.request({ method: 'POST', endpoint: 'x' }));
    expect(error).toMatchObject({
      code: 'CLIENT_REQUEST_ERROR',
      message: 'There was a problem with your request.',
      details: { httpStatus: 422, originalError: { error: { message: 'bad' } } },
    });
  });

  it.each([
    ['options.method', { endpoint: 'x' }],
    ['options.endpoint', { method: 'GET' }],
    ['options.endpoint', { method: 'GET', endpoint: '' }],
  ])('requires %s', async (option, options) => {
    await setUp();
    const error = await failure(client.request(options as Parameters<GatewayClient['request']>[0]));
    expect(error).toMatchObject({
      code: 'CLIENT_OPTION_REQUIRED',
      type: 'MERCHANT',
      message: `${option} is required when making a request.`,
      details: { option },
    });
  });

  it('refuses an unknown api', async () => {
    await setUp();
    const options = { method: 'GET', endpoint: 'x', api: 'graphQLApi' } as unknown as Parameters<
      GatewayClient['request']
    >[0];
    const error = await failure(client.request(options));
    expect(error).toMatchObject({
      code: 'CLIENT_OPTION_INVALID',
      type: 'MERCHANT',
      message: 'options.api is invalid.',
      details: { option: 'options.api', api: 'graphQLApi' },
    });
  });

  it('calls the alternate API with its version header and bearer token, without metadata', async () => {
    const braintreeApi = { url: `${GATEWAY}/alt`, accessToken: 'tok' };
    const { calls } = await setUp({ ...CONFIG, braintreeApi });
    await client.request({ api: 'braintreeApi', method: 'POST', endpoint: 'tokens', data: { a: 1 } });
    expect(calls[1]?.url).toBe(`${GATEWAY}/alt/tokens`);
    expect(calls[1]?.init.headers).toEqual({
      'Braintree-Version': '2017-04-03',
      Authorization: 'Bearer tok',
      'Content-Type': 'application/json',
    });
    expect(body(calls[1])).toEqual({ a: 1 });
  });

  it.each([
    ['without the alternate API', CONFIG],
    ['without an access token', { ...CONFIG, braintreeApi: { url: `${GATEWAY}/alt` } }],
  ])('restricts the alternate API %s', async (_, config) => {
    const { calls } = await setUp(config);
    const error = await failure(client.request({ api: 'braintreeApi', method: 'GET', endpoint: 'x' }));
    expect(error).toMatchObject({
      code: 'BRAINTREE_API_ACCESS_RESTRICTED',
      type: 'MERCHANT',
      message: "Your access is restricted and cannot use this part of the provider's API.",
      details: { api: 'braintreeApi' },
    });
    expect(calls).toHaveLength(1);
  });
});
