import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import { stubFetch, type FetchCall, type StubAnswer } from '../../client/test-support';
import { PanelError } from '../../shared/errors';
import { clearDataCollectorCache, createDataCollector, DEVICE_DATA_REPORT_TIMEOUT_MS } from './index';

const GATEWAY = 'https://localhost:8445';
const HEX32 = /^[0-9a-f]{32}$/;

function merchantConfig(merchantId: string, kount?: { kountMerchantId: string | null }) {
  const clientApiUrl = `${GATEWAY}/merchants/${merchantId}/client_api`;
  return {
    environment: 'sandbox',
    clientApiUrl,
    assetsUrl: 'https://localhost:8444',
    ...(kount ? { kount } : {}),
  };
}

/** A client of `merchantId` whose device data reports get `answer`; every fetch is recorded. */
async function clientWith(
  options: {
    merchantId?: string;
    kount?: { kountMerchantId: string | null };
    answer?: (call: FetchCall) => StubAnswer | 'hang';
  } = {},
): Promise<{ client: GatewayClient; calls: FetchCall[]; reports: () => FetchCall[] }> {
  const merchantId = options.merchantId ?? 'demo_merchant';
  const config = merchantConfig(
    merchantId,
    'kount' in options ? options.kount : { kountMerchantId: '600000' },
  );
  const configUrl = `${config.clientApiUrl}/v1/configuration`;
  const answer = options.answer ?? (() => ({ status: 201, body: {} }));
  const { calls } = stubFetch((call) => (call.url.startsWith(configUrl) ? { body: config } : answer(call)));
  const client = await createClient(`sandbox_k9x2m4p7_${merchantId}`);
  return { client, calls, reports: () => calls.filter((call) => !call.url.startsWith(configUrl)) };
}

function body(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(call?.init.body as string) as Record<string, unknown>;
}

function parsed(deviceData: string): Record<string, unknown> {
  return JSON.parse(deviceData) as Record<string, unknown>;
}

async function rejection(promise: Promise<unknown>): Promise<PanelError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PanelError);
  return error as PanelError;
}

beforeEach(() => {
  clearClientCache();
  clearDataCollectorCache();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createDataCollector', () => {
  it('collects Kount data: a session id and the Kount merchant id', async () => {
    const { client } = await clientWith();
    const collector = await createDataCollector(client, { kount: true });
    const data = parsed(collector.deviceData);
    expect(Object.keys(data)).toEqual(['device_session_id', 'fraud_merchant_id']);
    expect(data.device_session_id).toMatch(HEX32);
    expect(data.fraud_merchant_id).toBe('600000');
  });

  it('collects PayPal data: a correlation id', async () => {
    const { client } = await clientWith();
    const data = parsed((await createDataCollector(client, { paypal: true })).deviceData);
    expect(Object.keys(data)).toEqual(['correlation_id']);
    expect(data.correlation_id).toMatch(HEX32);
  });

  it('puts the keys of both in the reference order', async () => {
    const { client } = await clientWith();
    const { deviceData } = await createDataCollector(client, { kount: true, paypal: true });
    expect(deviceData).toMatch(
      /^\{"device_session_id":"[0-9a-f]{32}","fraud_merchant_id":"600000","correlation_id":"[0-9a-f]{32}"\}$/,
    );
    const data = parsed(deviceData);
    expect(data.device_session_id).not.toBe(data.correlation_id);
  });

  it('sends a null Kount merchant id when the configuration has none', async () => {
    const { client } = await clientWith({ kount: undefined });
    const data = parsed((await createDataCollector(client, { kount: true })).deviceData);
    expect(data).toEqual({
      device_session_id: expect.stringMatching(HEX32) as unknown,
      fraud_merchant_id: null,
    });
  });

  it('reports the ids with one POST to the gateway, and nowhere else', async () => {
    const elementsBefore = document.querySelectorAll('iframe, script, img').length;
    const { client, calls, reports } = await clientWith();
    const { deviceData } = await createDataCollector(client, { kount: true, paypal: true });
    const [report, ...more] = reports();
    expect(more).toEqual([]);
    expect(report?.url).toBe(`${GATEWAY}/merchants/demo_merchant/client_api/v1/device_data`);
    expect(report?.init.method).toBe('POST');
    const sent = body(report);
    expect(sent.deviceData).toEqual(parsed(deviceData));
    expect(sent).toMatchObject({
      tokenizationKey: 'sandbox_k9x2m4p7_demo_merchant',
      braintreeLibraryVersion: 'braintree/web/3.26.0',
    });
    expect(calls.every((call) => call.url.startsWith(`${GATEWAY}/`))).toBe(true);
    expect(document.querySelectorAll('iframe, script, img')).toHaveLength(elementsBefore);
  });

  it('reuses the Kount session for the same Kount merchant, with a fresh correlation id', async () => {
    const { client, reports } = await clientWith();
    const first = parsed((await createDataCollector(client, { kount: true, paypal: true })).deviceData);
    const second = parsed((await createDataCollector(client, { kount: true, paypal: true })).deviceData);
    expect(second.device_session_id).toBe(first.device_session_id);
    expect(second.correlation_id).not.toBe(first.correlation_id);
    expect(reports()).toHaveLength(2);

    clearDataCollectorCache();
    const third = parsed((await createDataCollector(client, { kount: true })).deviceData);
    expect(third.device_session_id).not.toBe(first.device_session_id);
  });

  it('shares the Kount session between clients of the same Kount merchant, not of another', async () => {
    const demo = await clientWith();
    const first = parsed((await createDataCollector(demo.client, { kount: true })).deviceData);
    const same = await clientWith({ merchantId: 'other_merchant' });
    const sameKount = parsed((await createDataCollector(same.client, { kount: true })).deviceData);
    const other = await clientWith({ merchantId: 'third_merchant', kount: { kountMerchantId: '700000' } });
    const otherKount = parsed((await createDataCollector(other.client, { kount: true })).deviceData);
    expect(sameKount.device_session_id).toBe(first.device_session_id);
    expect(otherKount).toEqual({
      device_session_id: expect.any(String) as unknown,
      fraud_merchant_id: '700000',
    });
    expect(otherKount.device_session_id).not.toBe(first.device_session_id);
  });

  it('shares one Kount session between collectors created at the same time', async () => {
    const { client } = await clientWith();
    const [a, b] = await Promise.all([
      createDataCollector(client, { kount: true }),
      createDataCollector(client, { kount: true }),
    ]);
    expect(a.deviceData).toBe(b.deviceData);
  });

  it.each([
    ['a 500', () => ({ status: 500, body: { error: { message: 'down' } } })],
    ['a 422', () => ({ status: 422, body: { error: { message: 'bad' } } })],
    ['a 403', () => ({ status: 403, body: {} })],
    [
      'a transport failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ] as [string, () => StubAnswer][])('resolves anyway when the report fails with %s', async (_, answer) => {
    const { client, reports } = await clientWith({ answer });
    const collector = await createDataCollector(client, { paypal: true });
    expect(parsed(collector.deviceData).correlation_id).toMatch(HEX32);
    expect(reports()).toHaveLength(1);
  });

  it('waits for the report no longer than its time-out', async () => {
    const { client } = await clientWith({ answer: () => 'hang' });
    vi.useFakeTimers();
    let settled = false;
    const created = createDataCollector(client, { kount: true }).then((collector) => {
      settled = true;
      return collector;
    });
    await vi.advanceTimersByTimeAsync(DEVICE_DATA_REPORT_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(parsed((await created).deviceData).fraud_merchant_id).toBe('600000');
  });

  it('resolves when the client is already torn down', async () => {
    const { client, reports } = await clientWith();
    client.teardown();
    const collector = await createDataCollector(client, { kount: true });
    expect(parsed(collector.deviceData).device_session_id).toMatch(HEX32);
    expect(reports()).toEqual([]);
  });

  it.each([
    ['neither', {}],
    ['both false', { kount: false, paypal: false }],
    ['truthy values that are not true', { kount: 1, paypal: 'yes' }],
    ['no options', undefined],
  ])('rejects %s with INVALID_OPTION and sends nothing', async (_, options) => {
    const { client, reports } = await clientWith();
    const error = await rejection(createDataCollector(client, options as never));
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe('The dataCollector option is invalid.');
    expect(error.details).toEqual({ reason: 'kount or paypal must be true' });
    expect(reports()).toEqual([]);
  });
});

describe('DataCollector.teardown', () => {
  it('resolves once, then rejects with METHOD_CALLED_AFTER_TEARDOWN', async () => {
    const { client } = await clientWith();
    const collector = await createDataCollector(client, { kount: true });
    const { deviceData } = collector;
    await expect(collector.teardown()).resolves.toBeUndefined();
    const error = await rejection(collector.teardown());
    expect(error.code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(error.message).toBe('teardown cannot be called after teardown.');
    expect(error.details).toEqual({ method: 'teardown' });
    expect(collector.deviceData).toBe(deviceData);
  });

  it('keeps the Kount session cached for later collectors', async () => {
    const { client } = await clientWith();
    const first = await createDataCollector(client, { kount: true });
    await first.teardown();
    const second = await createDataCollector(client, { kount: true });
    expect(second.deviceData).toBe(first.deviceData);
  });
});
