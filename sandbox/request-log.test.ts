// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REQUEST_LOG_LIMIT, RequestLog } from './request-log';
import { record, useSandbox, like } from './test-server';

const sandbox = useSandbox();

async function entries(match?: string): Promise<Record<string, unknown>[]> {
  const response = await sandbox.request('/sandbox/requests', match ? { query: { match } } : {});
  expect(response.status).toBe(200);
  return (response.body as unknown[]).map(record);
}

describe('request log', () => {
  it('logs gateway requests with decoded query, parsed body, origin, fault and status', async () => {
    await sandbox.clientApi('demo_merchant', 'configuration', {
      query: { '_meta[sessionId]': 'session-1', configVersion: '3' },
      headers: { origin: 'https://shop.example' },
    });
    await sandbox.request('/analytics/demo_merchant', {
      body: { analytics: [{ kind: 'web.dropin.appeared' }] },
    });
    await sandbox.request('/analytics/demo_merchant', {
      body: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    const logged = await entries();
    expect(logged).toHaveLength(3);
    expect(logged[0]).toEqual({
      id: like.any(Number),
      time: like.stringMatching(/^\d{4}-\d\d-\d\dT/),
      method: 'GET',
      path: '/merchants/demo_merchant/client_api/v1/configuration',
      query: {
        '_meta[sessionId]': 'session-1',
        configVersion: '3',
        tokenizationKey: 'sandbox_k9x2m4p7_demo_merchant',
      },
      body: null,
      origin: 'https://shop.example',
      fault: null,
      status: 200,
    });
    expect(logged[1]).toMatchObject({
      method: 'POST',
      body: { analytics: [{ kind: 'web.dropin.appeared' }] },
      origin: null,
      status: 200,
    });
    expect(logged[2]).toMatchObject({ body: 'not json', status: 400 });
  });

  it('filters with ?match= and records faults', async () => {
    await sandbox.request('/sandbox/faults', { body: { match: 'configuration', kind: '429' } });
    await sandbox.clientApi('demo_merchant', 'configuration');
    await sandbox.request('/analytics/demo_merchant', { body: {} });
    const logged = await entries('configuration');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ fault: '429', status: 429 });
  });

  it('logs neither preflights nor sandbox control requests', async () => {
    await sandbox.request('/analytics/demo_merchant', {
      method: 'OPTIONS',
      headers: { origin: 'https://a.example' },
    });
    await sandbox.request('/sandbox/client_token', { body: { merchantId: 'demo_merchant' } });
    await sandbox.request('/sandbox/faults');
    expect(await entries()).toEqual([]);
  });

  it('is cleared by DELETE and by reset', async () => {
    await sandbox.request('/analytics/demo_merchant', { body: {} });
    expect(record((await sandbox.request('/sandbox/requests', { method: 'DELETE' })).body).cleared).toBe(1);
    expect(await entries()).toEqual([]);
    await sandbox.request('/analytics/demo_merchant', { body: {} });
    await sandbox.request('/sandbox/faults', { body: { match: 'x', kind: '500' } });
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect(await entries()).toEqual([]);
    expect((await sandbox.request('/sandbox/faults')).body).toEqual([]);
  });

  it(`keeps only the last ${REQUEST_LOG_LIMIT} entries`, () => {
    const log = new RequestLog();
    for (let index = 0; index < REQUEST_LOG_LIMIT + 5; index += 1) {
      log.record({ method: 'GET', path: `/p/${index}`, query: {}, body: null, origin: null });
    }
    const list = log.list();
    expect(list).toHaveLength(REQUEST_LOG_LIMIT);
    expect(list[0]?.path).toBe('/p/5');
  });

  it('names its newest entry and finds a later entry by path, as the log holds it', () => {
    const log = new RequestLog();
    expect(log.latestId).toBe(0);
    const base = { method: 'POST', query: {}, body: null, origin: null };
    log.record({ ...base, path: '/a' });
    const mark = log.latestId;
    log.record({ ...base, path: '/b' });
    const later = log.record({ ...base, path: '/a' });
    expect(log.latestId).toBe(later.id);
    // The live entry: what the caller fills in shows in the log.
    expect(log.firstAfter(mark, '/a')).toBe(later);
    expect(log.firstAfter(later.id, '/a')).toBeUndefined();
    later.fault = 'slow';
    expect(log.list('/a').at(-1)?.fault).toBe('slow');
  });
});
