import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import { stubFetch, type FetchCall } from '../../client/test-support';
import { FRAUDNET_URLS } from '../../shared/build-constants';
import { PanelError } from '../../shared/errors';
import { FRAUDNET_FNCLS } from './fraudnet';
import { clearDataCollectorCache, createDataCollector } from './index';
import { loadNothing } from './test-support';

const { assets: ASSETS, gateway: GATEWAY } = inject('localOrigins');

const HEX32 = /^[0-9a-f]{32}$/;

/** A client of `merchantId` with a configuration changed by `changes`; every fetch is recorded. */
async function clientWith(
  options: { merchantId?: string; changes?: Record<string, unknown> } = {},
): Promise<{ client: GatewayClient; calls: FetchCall[] }> {
  const merchantId = options.merchantId ?? 'demo_merchant';
  const clientApiUrl = `${GATEWAY}/merchants/${merchantId}/client_api`;
  const config = {
    environment: 'sandbox',
    clientApiUrl,
    assetsUrl: ASSETS,
    kount: { kountMerchantId: '600000' },
    ...options.changes,
  };
  const { calls } = stubFetch(() => ({ body: config }));
  const client = await createClient(`sandbox_k9x2m4p7_${merchantId}`);
  return { client, calls };
}

function parsed(deviceData: string): Record<string, unknown> {
  return JSON.parse(deviceData) as Record<string, unknown>;
}

/** The query of the Kount frame and image, and the fraudnet parameters, in the page. */
function announced(): { kount: string[]; fraudnet: unknown[] } {
  const kount = [...document.querySelectorAll('iframe[src], img')].map(
    (element) => element.getAttribute('src') ?? '',
  );
  const fraudnet = [...document.querySelectorAll(`script[fncls="${FRAUDNET_FNCLS}"]`)].map(
    (block) => JSON.parse(block.textContent) as unknown,
  );
  return { kount, fraudnet };
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
  loadNothing();
  clearClientCache();
  clearDataCollectorCache();
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('createDataCollector', () => {
  it('announces a Kount session on the environment’s data path and carries its ids', async () => {
    const { client } = await clientWith();
    const collector = await createDataCollector(client, { kount: true });
    const data = parsed(collector.deviceData);
    expect(Object.keys(data)).toEqual(['device_session_id', 'fraud_merchant_id']);
    expect(data.device_session_id).toMatch(HEX32);
    expect(data.fraud_merchant_id).toBe('600000');
    const query = `?m=600000&s=${String(data.device_session_id)}`;
    expect(announced()).toEqual({
      kount: [`${ASSETS}/sandbox/data/logo.htm${query}`, `${ASSETS}/sandbox/data/logo.gif${query}`],
      fraudnet: [],
    });
  });

  it('uses production’s data path in production', async () => {
    const { client } = await clientWith({ changes: { environment: 'production' } });
    const data = parsed((await createDataCollector(client, { kount: true })).deviceData);
    expect(announced().kount[0]).toBe(`${ASSETS}/data/logo.htm?m=600000&s=${String(data.device_session_id)}`);
  });

  it('hands PayPal’s fraud script a correlation id, the source and the beacon', async () => {
    const { client } = await clientWith();
    const data = parsed((await createDataCollector(client, { paypal: true })).deviceData);
    expect(Object.keys(data)).toEqual(['correlation_id']);
    expect(data.correlation_id).toMatch(HEX32);
    const { kount, fraudnet } = announced();
    expect(kount).toEqual([]);
    expect(fraudnet).toEqual([
      {
        f: data.correlation_id,
        s: 'BRAINTREE_SIGNIN',
        b: expect.stringMatching(
          new RegExp(
            `^${FRAUDNET_URLS.beacon.replace(/[.?]/g, '\\$&')}\\?i=127\\.0\\.0\\.1&p=${String(data.correlation_id)}&t=\\d+&a=14$`,
          ),
        ) as unknown,
      },
    ]);
  });

  it('puts the keys of both in the reference order, with the ids the page announced', async () => {
    const { client } = await clientWith();
    const { deviceData } = await createDataCollector(client, { kount: true, paypal: true });
    expect(deviceData).toMatch(
      /^\{"device_session_id":"[0-9a-f]{32}","fraud_merchant_id":"600000","correlation_id":"[0-9a-f]{32}"\}$/,
    );
    const data = parsed(deviceData);
    expect(data.device_session_id).not.toBe(data.correlation_id);
    const { kount, fraudnet } = announced();
    expect(kount.every((src) => src.endsWith(`&s=${String(data.device_session_id)}`))).toBe(true);
    expect(fraudnet).toEqual([expect.objectContaining({ f: data.correlation_id })]);
  });

  it('carries a null Kount merchant id when the configuration names none', async () => {
    const { client } = await clientWith({ changes: { kount: { kountMerchantId: null } } });
    const data = parsed((await createDataCollector(client, { kount: true })).deviceData);
    expect(data).toEqual({
      device_session_id: expect.stringMatching(HEX32) as unknown,
      fraud_merchant_id: null,
    });
  });

  it('calls no gateway endpoint: the configuration was the only request', async () => {
    const { client, calls } = await clientWith();
    const before = calls.length;
    await createDataCollector(client, { kount: true, paypal: true });
    expect(calls).toHaveLength(before);
  });

  it('reuses the Kount session for the same Kount merchant, with a fresh correlation id', async () => {
    const { client } = await clientWith();
    const first = parsed((await createDataCollector(client, { kount: true, paypal: true })).deviceData);
    const second = parsed((await createDataCollector(client, { kount: true, paypal: true })).deviceData);
    expect(second.device_session_id).toBe(first.device_session_id);
    expect(second.correlation_id).not.toBe(first.correlation_id);
    // The session was announced once; each fraudnet session has its own parameters.
    expect(document.querySelectorAll('iframe[src]')).toHaveLength(1);
    expect(announced().fraudnet).toHaveLength(2);

    clearDataCollectorCache();
    const third = parsed((await createDataCollector(client, { kount: true })).deviceData);
    expect(third.device_session_id).not.toBe(first.device_session_id);
  });

  it('shares the Kount session between clients of the same Kount merchant, not of another', async () => {
    const demo = await clientWith();
    const first = parsed((await createDataCollector(demo.client, { kount: true })).deviceData);
    const same = await clientWith({ merchantId: 'other_merchant' });
    const sameKount = parsed((await createDataCollector(same.client, { kount: true })).deviceData);
    const other = await clientWith({
      merchantId: 'third_merchant',
      changes: { kount: { kountMerchantId: '700000' } },
    });
    const otherKount = parsed((await createDataCollector(other.client, { kount: true })).deviceData);
    expect(sameKount.device_session_id).toBe(first.device_session_id);
    expect(otherKount).toEqual({
      device_session_id: expect.stringMatching(HEX32) as unknown,
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
    expect(document.querySelectorAll('iframe[src]')).toHaveLength(1);
  });

  it('works with a client whose last hold is released: it reads the configuration only', async () => {
    const { client } = await clientWith();
    client.release();
    const collector = await createDataCollector(client, { kount: true });
    expect(parsed(collector.deviceData).device_session_id).toMatch(HEX32);
  });

  it.each([
    ['neither', {}],
    ['both false', { kount: false, paypal: false }],
    ['truthy values that are not true', { kount: 1, paypal: 'yes' }],
    ['no options', undefined],
  ])('rejects %s with DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS and adds nothing', async (_, options) => {
    const { client } = await clientWith();
    const error = await rejection(createDataCollector(client, options as never));
    expect(error.code).toBe('DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe('Data Collector must be created with Kount and/or PayPal.');
    expect(document.body.children).toHaveLength(0);
  });

  it.each([
    ['Kount', { kount: true }],
    ['Kount and PayPal', { kount: true, paypal: true }],
  ])(
    'rejects %s without kount in the configuration with DATA_COLLECTOR_KOUNT_NOT_ENABLED and adds nothing',
    async (_, options) => {
      const { client } = await clientWith({ changes: { kount: undefined } });
      const error = await rejection(createDataCollector(client, options));
      expect(error.code).toBe('DATA_COLLECTOR_KOUNT_NOT_ENABLED');
      expect(error.type).toBe('MERCHANT');
      expect(error.message).toBe('Kount is not enabled for this merchant.');
      expect(document.body.children).toHaveLength(0);
    },
  );

  it('collects PayPal data for a merchant without Kount', async () => {
    const { client } = await clientWith({ changes: { kount: undefined } });
    const data = parsed((await createDataCollector(client, { paypal: true })).deviceData);
    expect(Object.keys(data)).toEqual(['correlation_id']);
  });

  it.each([
    ['an unknown environment', 'staging', 'staging'],
    ['no environment', undefined, 'undefined'],
  ])(
    'rejects Kount in %s with DATA_COLLECTOR_KOUNT_ERROR and adds nothing',
    async (_, environment, named) => {
      const { client } = await clientWith({ changes: { environment } });
      const error = await rejection(createDataCollector(client, { kount: true, paypal: true }));
      expect(error.code).toBe('DATA_COLLECTOR_KOUNT_ERROR');
      expect(error.message).toBe(`${named} is not a valid environment for kount.environment.`);
      expect(document.body.children).toHaveLength(0);
    },
  );
});

describe('DataCollector.teardown', () => {
  it('removes what the collector added, once, then rejects with METHOD_CALLED_AFTER_TEARDOWN', async () => {
    const { client } = await clientWith();
    const collector = await createDataCollector(client, { kount: true, paypal: true });
    const { deviceData } = collector;
    expect(document.body.children.length).toBeGreaterThan(0);
    await expect(collector.teardown()).resolves.toBeUndefined();
    expect(document.body.children).toHaveLength(0);
    const error = await rejection(collector.teardown());
    expect(error.code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(error.message).toBe('teardown cannot be called after teardown.');
    expect(error.details).toEqual({ method: 'teardown' });
    expect(collector.deviceData).toBe(deviceData);
  });

  it('leaves the merchant’s own elements and other collectors’ alone', async () => {
    const own = document.body.appendChild(document.createElement('iframe'));
    const { client } = await clientWith();
    const first = await createDataCollector(client, { paypal: true });
    const second = await createDataCollector(client, { paypal: true });
    await first.teardown();
    expect(own.isConnected).toBe(true);
    expect(announced().fraudnet).toEqual([
      expect.objectContaining({ f: parsed(second.deviceData).correlation_id }),
    ]);
  });

  it('keeps the Kount session for later collectors of the page', async () => {
    const { client } = await clientWith();
    const first = await createDataCollector(client, { kount: true });
    await first.teardown();
    const second = await createDataCollector(client, { kount: true });
    expect(second.deviceData).toBe(first.deviceData);
  });
});
