// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEVICE_SESSION_LIMIT, DeviceSessionStore, readDeviceData } from './device-data';
import { fingerprintAuth, like, record, useSandbox } from './test-server';

const sandbox = useSandbox();

const SESSION = '0123456789abcdef0123456789abcdef';
const CORRELATION = 'fedcba9876543210fedcba9876543210';

function beacon(deviceData: unknown, options: { auth?: Record<string, string>; merchantId?: string } = {}) {
  return sandbox.clientApi(options.merchantId ?? 'demo_merchant', 'deviceData', {
    auth: options.auth,
    body: {
      deviceData,
      _meta: { source: 'data-collector' },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
    },
  });
}

function sessions(merchantId?: string) {
  return sandbox.request('/sandbox/device_sessions', { query: merchantId ? { merchantId } : {} });
}

function fieldErrors(body: unknown): unknown[] {
  const groups = record(body).fieldErrors as unknown[];
  expect(groups).toHaveLength(1);
  const group = record(groups[0]);
  expect(group.field).toBe('deviceData');
  return (group.fieldErrors as unknown[]).map((error) => record(error).field);
}

describe('POST device_data', () => {
  it('answers 201 {} to a Kount and PayPal beacon with a tokenization key', async () => {
    const response = await beacon({
      device_session_id: SESSION,
      fraud_merchant_id: '600000',
      correlation_id: CORRELATION,
    });
    expect(response).toMatchObject({ status: 201, body: {} });
    expect((await sessions()).body).toEqual([
      {
        merchantId: 'demo_merchant',
        deviceSessionId: SESSION,
        fraudMerchantId: '600000',
        correlationId: CORRELATION,
        firstSeenAt: like.any(String),
        lastSeenAt: like.any(String),
        beacons: 1,
      },
    ]);
  });

  it('accepts a client token, a null Kount merchant id and either id alone', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    const auth = fingerprintAuth(token);
    expect((await beacon({ device_session_id: SESSION, fraud_merchant_id: null }, { auth })).status).toBe(
      201,
    );
    expect((await beacon({ correlation_id: CORRELATION }, { auth })).status).toBe(201);
    expect((await beacon({ correlation_id: CORRELATION, extra: { any: 'thing' } })).status).toBe(201);
    const remembered = (await sessions('demo_merchant')).body as unknown[];
    expect(remembered.map((session) => record(session).beacons)).toEqual([1, 2]);
    expect((await sessions('card_only_merchant')).body).toEqual([]);
  });

  it('is logged with its body like other client API calls', async () => {
    await beacon({ correlation_id: CORRELATION });
    const log = await sandbox.request('/sandbox/requests', { query: { match: '/v1/device_data' } });
    expect(log.body).toEqual([
      like.objectContaining({
        method: 'POST',
        path: '/merchants/demo_merchant/client_api/v1/device_data',
        body: like.objectContaining({ deviceData: { correlation_id: CORRELATION } }),
        status: 201,
      }),
    ]);
  });

  it.each([
    ['upper-case hex', { device_session_id: SESSION.toUpperCase() }, ['device_session_id']],
    ['31 digits', { correlation_id: CORRELATION.slice(1) }, ['correlation_id']],
    ['a number', { device_session_id: 12345 }, ['device_session_id']],
    ['a UUID', { correlation_id: '01234567-89ab-cdef-0123-456789abcdef' }, ['correlation_id']],
    [
      'both wrong and a numeric merchant id',
      { device_session_id: 'x', fraud_merchant_id: 600000, correlation_id: null },
      ['device_session_id', 'fraud_merchant_id', 'correlation_id'],
    ],
  ])('answers 422 to %s', async (_, deviceData, fields) => {
    const response = await beacon(deviceData);
    expect(response.status).toBe(422);
    expect((await sessions()).body).toEqual([]);
    expect(record(record(response.body).error).message).toMatch(/32 lowercase hexadecimal|string or null/);
    expect(fieldErrors(response.body)).toEqual(fields);
  });

  it.each([
    ['no deviceData', undefined],
    ['a string', '{"device_session_id":"0123456789abcdef0123456789abcdef"}'],
    ['an array', [SESSION]],
    ['neither id', { fraud_merchant_id: '600000' }],
  ])('answers 400 to %s', async (_, deviceData) => {
    const response = await beacon(deviceData);
    expect(response.status).toBe(400);
    expect(record(record(response.body).error).message).toMatch(/deviceData/);
  });

  it('authenticates like other client API calls', async () => {
    expect((await beacon({ correlation_id: CORRELATION }, { auth: {} })).status).toBe(401);
    expect(
      (await beacon({ correlation_id: CORRELATION }, { auth: { tokenizationKey: 'sandbox_nope_nobody' } }))
        .status,
    ).toBe(401);
    expect(
      (await beacon({ correlation_id: CORRELATION }, { merchantId: 'restricted_merchant' })).status,
    ).toBe(403);
    const wrongMerchant = await beacon(
      { correlation_id: CORRELATION },
      { merchantId: 'card_only_merchant', auth: { tokenizationKey: 'sandbox_k9x2m4p7_demo_merchant' } },
    );
    expect(wrongMerchant.status).toBe(401);
  });

  it('answers 405 to a GET', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'deviceData', { method: 'GET' });
    expect(response.status).toBe(405);
  });
});

describe('readDeviceData', () => {
  it('keeps the ids and drops everything else', () => {
    expect(
      readDeviceData({
        deviceData: { device_session_id: SESSION, fraud_merchant_id: '600000', unknown: 1 },
        tokenizationKey: 'k',
      }),
    ).toEqual({ ok: true, deviceSessionId: SESSION, fraudMerchantId: '600000', correlationId: null });
  });
});

describe('DeviceSessionStore', () => {
  const ids = {
    merchantId: 'demo_merchant',
    deviceSessionId: SESSION,
    fraudMerchantId: '600000',
    correlationId: null,
  };

  it('remembers sessions and counts repeated beacons', () => {
    const store = new DeviceSessionStore();
    store.record(ids);
    store.record({ ...ids, deviceSessionId: null, fraudMerchantId: null, correlationId: CORRELATION });
    const again = store.record(ids);
    expect(again).toMatchObject({ ...ids, beacons: 2 });
    expect(store.list('demo_merchant').map((session) => session.beacons)).toEqual([1, 2]);
    expect(store.find('demo_merchant', CORRELATION)?.correlationId).toBe(CORRELATION);
    expect(store.find('demo_merchant', SESSION)?.deviceSessionId).toBe(SESSION);
    expect(store.find('card_only_merchant', SESSION)).toBeUndefined();
    store.clear();
    expect(store.list()).toEqual([]);
  });

  it(`keeps the ${DEVICE_SESSION_LIMIT} most recently seen sessions`, () => {
    const store = new DeviceSessionStore();
    for (let index = 0; index <= DEVICE_SESSION_LIMIT; index++) {
      store.record({ ...ids, deviceSessionId: index.toString(16).padStart(32, '0') });
    }
    const sessions = store.list();
    expect(sessions).toHaveLength(DEVICE_SESSION_LIMIT);
    expect(sessions[0]?.deviceSessionId).toBe('1'.padStart(32, '0'));
  });

  it('is cleared by a sandbox reset', async () => {
    await beacon({ device_session_id: SESSION });
    expect((await sessions()).body).toHaveLength(1);
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await sessions()).body).toEqual([]);
  });
});
