// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FRAUDNET_STAND_IN_PATHS } from '../../src/shared/flavours';
import { FRAUDNET_PARAMETERS_PATH, fraudnetStandInScript } from './fraudnet';
import { record, useSandbox, like } from '../test-server';

const sandbox = useSandbox();

const SESSION = '0123456789abcdef0123456789abcdef';
const MERCHANT_PAGE = 'https://shop.example/checkout';

async function records(query: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const response = await sandbox.request('/sandbox/device_sessions', { query });
  expect(response.status).toBe(200);
  return (response.body as unknown[]).map(record);
}

describe('the fraudnet stand-in', () => {
  it('serves its script, which reports to this gateway, and records the load', async () => {
    const response = await sandbox.request(FRAUDNET_STAND_IN_PATHS.script, {
      headers: { referer: MERCHANT_PAGE },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.body).toBe(fraudnetStandInScript(sandbox.origin));
    expect(String(response.body)).toContain(`"${sandbox.origin}${FRAUDNET_PARAMETERS_PATH}"`);
    expect(await records()).toEqual([
      {
        id: like.any(Number),
        time: like.stringMatching(/^\d{4}-\d\d-\d\dT/),
        collector: 'fraudnet',
        resource: 'script',
        path: FRAUDNET_STAND_IN_PATHS.script,
        sessionId: null,
        params: {},
        referrer: MERCHANT_PAGE,
      },
    ]);
  });

  it('answers the beacon with a transparent pixel and records its session', async () => {
    const query = { i: '127.0.0.1', p: SESSION, t: '1700000000', a: '14' };
    const response = await fetch(
      `${sandbox.origin}${FRAUDNET_STAND_IN_PATHS.beacon}?${new URLSearchParams(query).toString()}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
    expect(bytes).toHaveLength(43);
    expect(await records()).toEqual([
      like.objectContaining({ collector: 'fraudnet', resource: 'beacon', sessionId: SESSION, params: query }),
    ]);
  });

  it('records the parameters the script read, sent as text from any origin', async () => {
    const parameters = { f: SESSION, s: 'BRAINTREE_SIGNIN', b: 'https://beacon.example/counter.cgi?p=1' };
    const response = await sandbox.request(FRAUDNET_PARAMETERS_PATH, {
      body: JSON.stringify(parameters),
      headers: { 'content-type': 'text/plain', origin: 'https://shop.example' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(await records({ sessionId: SESSION })).toEqual([
      like.objectContaining({ collector: 'fraudnet', resource: 'parameters', params: parameters }),
    ]);
  });

  it.each([
    ['an array', []],
    ['a number for f', { f: 1, s: 'BRAINTREE_SIGNIN' }],
    ['an object for b', { f: SESSION, b: {} }],
  ])('refuses %s as parameters with 400 and records nothing', async (_, body) => {
    const response = await sandbox.request(FRAUDNET_PARAMETERS_PATH, { body });
    expect(response.status).toBe(400);
    expect(await records()).toEqual([]);
  });

  it('can be faulted by name, and is never reached by a match alone', async () => {
    const arm = (fault: Record<string, unknown>) => sandbox.request('/sandbox/faults', { body: fault });
    expect((await arm({ match: 'fraudnet', kind: '500' })).status).toBe(201);
    expect((await arm({ call: 'fraudnetScript', kind: '403' })).status).toBe(201);
    expect((await sandbox.request(FRAUDNET_STAND_IN_PATHS.script)).status).toBe(403);
    expect((await sandbox.request(FRAUDNET_STAND_IN_PATHS.script)).status).toBe(200);
    // The faulted request never reached the stand-in; the next one did.
    expect(await records()).toEqual([like.objectContaining({ resource: 'script' })]);
  });
});

describe('/sandbox/device_sessions', () => {
  it('lists what the other origins recorded beside the stand-in, filtered by collector and session', async () => {
    sandbox.gateway.recordDeviceSession({
      collector: 'kount',
      resource: 'logo.htm',
      path: '/sandbox/data/logo.htm',
      sessionId: SESSION,
      params: { m: '600000', s: SESSION },
      referrer: MERCHANT_PAGE,
    });
    await sandbox.request(FRAUDNET_STAND_IN_PATHS.script);
    expect((await records()).map((entry) => entry.resource)).toEqual(['logo.htm', 'script']);
    expect(await records({ collector: 'kount' })).toEqual([
      like.objectContaining({
        resource: 'logo.htm',
        sessionId: SESSION,
        params: { m: '600000', s: SESSION },
      }),
    ]);
    expect(await records({ collector: 'fraudnet', sessionId: SESSION })).toEqual([]);
  });

  it('is cleared by DELETE and by the reset', async () => {
    await sandbox.request(FRAUDNET_STAND_IN_PATHS.script);
    await sandbox.request(FRAUDNET_STAND_IN_PATHS.script);
    const cleared = await sandbox.request('/sandbox/device_sessions', { method: 'DELETE' });
    expect(cleared.body).toEqual({ cleared: 2 });
    await sandbox.request(FRAUDNET_STAND_IN_PATHS.script);
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect(await records()).toEqual([]);
  });

  it('keeps the stand-in out of the request log, as every sandbox page', async () => {
    await sandbox.request(FRAUDNET_STAND_IN_PATHS.script);
    expect((await sandbox.request('/sandbox/requests')).body).toEqual([]);
  });
});
