// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AnswerOverrides, overrideBody, parseAnswerOverride } from './answer-overrides';
import { record, TEST_ASSETS_ORIGIN, useSandbox } from './test-server';

const sandbox = useSandbox();

const CONFIG = 'client_api/v1/configuration';

async function arm(spec: Record<string, unknown>): Promise<void> {
  const response = await sandbox.request('/sandbox/answers', { body: spec });
  expect(response.status).toBe(201);
}

async function configuration(): Promise<Record<string, unknown>> {
  const response = await sandbox.clientApi('demo_merchant', 'configuration');
  expect(response.status).toBe(200);
  return record(response.body);
}

describe('answer overrides', () => {
  it('change the given fields of the next count matching answers, then stop', async () => {
    await arm({
      match: CONFIG,
      count: 2,
      set: { assetsUrl: 'https://assets.attacker.example', 'analytics.url': 'http://localhost/analytics' },
    });
    for (let hit = 0; hit < 2; hit += 1) {
      const body = await configuration();
      expect(body.assetsUrl).toBe('https://assets.attacker.example');
      expect(record(body.analytics).url).toBe('http://localhost/analytics');
      expect(body.merchantId).toBe('demo_merchant');
    }
    expect((await configuration()).assetsUrl).toBe(TEST_ASSETS_ORIGIN);
  });

  it('make the objects a path needs, and set any JSON value', async () => {
    await arm({
      match: CONFIG,
      set: { 'braintreeApi.url': 'https://api.attacker.example', clientApiUrl: null },
    });
    const body = await configuration();
    expect(body.braintreeApi).toEqual({ url: 'https://api.attacker.example' });
    expect(body.clientApiUrl).toBeNull();
  });

  it('respect the method and leave error answers and other paths alone', async () => {
    await arm({ match: CONFIG, method: 'POST', set: { assetsUrl: 'x' } });
    expect((await configuration()).assetsUrl).not.toBe('x');
    await sandbox.request('/sandbox/answers', { method: 'DELETE' });
    await arm({ match: 'payment_methods/credit_cards', set: { creditCards: [] } });
    const refused = await sandbox.clientApi('demo_merchant', 'creditCards', { body: { creditCard: {} } });
    expect(refused.status).toBe(422);
    expect(record(refused.body).creditCards).toBeUndefined();
  });

  it('are listed, cleared, and cleared by a reset', async () => {
    await arm({ match: CONFIG, set: { assetsUrl: 'x' } });
    const listed = await sandbox.request('/sandbox/answers');
    expect(listed.body).toEqual([
      {
        id: expect.any(String) as string,
        match: CONFIG,
        method: null,
        count: 1,
        remaining: 1,
        set: { assetsUrl: 'x' },
      },
    ]);
    expect((await sandbox.request('/sandbox/answers', { method: 'DELETE' })).body).toEqual({ cleared: 1 });
    await arm({ match: CONFIG, set: { assetsUrl: 'x' } });
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await configuration()).assetsUrl).not.toBe('x');
  });

  it.each([
    [[], 'The body must be a JSON object.'],
    [{ set: { a: 1 } }, '"match" must be a non-empty string.'],
    [{ match: 'x', method: 'PUT', set: { a: 1 } }, '"method" must be GET or POST.'],
    [{ match: 'x', count: 0, set: { a: 1 } }, '"count" must be an integer from 1 to 10000.'],
    [{ match: 'x' }, '"set" must be an object of dotted paths and the values they get.'],
    [{ match: 'x', set: {} }, '"set" must be an object of dotted paths and the values they get.'],
    [{ match: 'x', set: { 'a.__proto__.b': 1 } }, '"a.__proto__.b" is not a path of plain field names.'],
    [
      { match: 'x', set: { 'constructor.prototype': 1 } },
      '"constructor.prototype" is not a path of plain field names.',
    ],
    [{ match: 'x', set: { 'a..b': 1 } }, '"a..b" is not a path of plain field names.'],
  ])('refuse %j: %s', async (body, message) => {
    expect(parseAnswerOverride(body)).toBe(message);
    const response = await sandbox.request('/sandbox/answers', { body });
    expect(response.status).toBe(422);
    expect(record(record(response.body).error).message).toBe(message);
  });

  it('never change the body they were given, nor a prototype', () => {
    const body = { analytics: { url: 'https://a' }, list: [1] };
    const changed = overrideBody(body, { 'analytics.url': 'http://b', 'list.0': 2 });
    expect(body).toEqual({ analytics: { url: 'https://a' }, list: [1] });
    expect(changed).toEqual({ analytics: { url: 'http://b' }, list: { 0: 2 } });
    expect(Object.keys(Object.prototype)).toEqual([]);
    const overrides = new AnswerOverrides();
    expect(overrides.apply('/x', 'GET', { status: 200, body: 'text' })).toEqual({
      status: 200,
      body: 'text',
    });
  });
});
