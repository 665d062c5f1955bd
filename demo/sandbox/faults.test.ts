// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FaultSwitches, parseFaultSpec, truncateBody } from './faults';
import { record, useSandbox, like } from './test-server';

const sandbox = useSandbox();

const CONFIG = 'client_api/v1/configuration';

async function arm(spec: Record<string, unknown>): Promise<string> {
  const response = await sandbox.request('/sandbox/faults', { body: spec });
  expect(response.status).toBe(201);
  return String(record(response.body).id);
}

function configuration(signal?: AbortSignal) {
  return sandbox.clientApi('demo_merchant', 'configuration', signal ? { signal } : {});
}

const PENDING = Symbol('pending');

function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof PENDING> {
  return Promise.race([
    promise,
    new Promise<typeof PENDING>((resolve) => {
      setTimeout(() => {
        resolve(PENDING);
      }, ms);
    }),
  ]);
}

describe('status faults', () => {
  it.each(['500', '429', '403', '422'])(
    'answers %s with a JSON error body, for count requests',
    async (kind) => {
      await arm({ match: CONFIG, kind, count: 2 });
      for (let hit = 0; hit < 2; hit += 1) {
        const response = await configuration();
        expect(response.status).toBe(Number(kind));
        expect(record(record(response.body).error).message).toEqual(like.any(String));
      }
      expect((await configuration()).status).toBe(200);
    },
  );

  it('gives a 422 fault a field error for clients that read the first one', async () => {
    await arm({ match: 'credit_cards', kind: 422 });
    const response = await sandbox.clientApi('demo_merchant', 'creditCards', { body: { creditCard: {} } });
    expect(response.status).toBe(422);
    expect(record(response.body).fieldErrors).toEqual([
      { field: 'sandbox', fieldErrors: [like.objectContaining({ code: 'sandbox_fault' })] },
    ]);
  });

  it('respects method and match', async () => {
    await arm({ match: CONFIG, method: 'POST', kind: '500' });
    expect((await configuration()).status).toBe(200);
    await arm({ match: '/no/such/path', kind: '500' });
    expect((await configuration()).status).toBe(200);
  });
});

describe('connection faults', () => {
  it('timeout: holds the request open until the client gives up', async () => {
    await arm({ match: CONFIG, kind: 'timeout' });
    const controller = new AbortController();
    const pending = configuration(controller.signal);
    pending.catch(() => undefined);
    expect(await within(pending, 200)).toBe(PENDING);
    controller.abort();
    await expect(pending).rejects.toThrow();
    const log = (await sandbox.request('/sandbox/requests')).body as unknown[];
    expect(record(log[0])).toMatchObject({ fault: 'timeout', status: null });
    expect((await configuration()).status).toBe(200);
  });

  it('timeout: close() ends the held response', async () => {
    await arm({ match: CONFIG, kind: 'timeout' });
    const pending = configuration();
    pending.catch(() => undefined);
    expect(await within(pending, 150)).toBe(PENDING);
    sandbox.gateway.close();
    await expect(pending).rejects.toThrow();
  });

  it('reset: destroys the socket', async () => {
    await arm({ match: CONFIG, kind: 'reset' });
    await expect(configuration()).rejects.toThrow();
    expect((await configuration()).status).toBe(200);
  });

  it('malformed: answers 200 with a truncated JSON body', async () => {
    await arm({ match: CONFIG, kind: 'malformed' });
    const response = await configuration();
    expect(response.status).toBe(200);
    expect(typeof response.body).toBe('string');
    expect(() => {
      JSON.parse(String(response.body));
    }).toThrow();
    expect(String(response.body).startsWith('{"environment":"sandbox"')).toBe(true);
  });

  it('slow: answers normally after delayMs', async () => {
    await arm({ match: CONFIG, kind: 'slow', delayMs: 300 });
    const started = Date.now();
    const response = await configuration();
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });
});

describe('/sandbox/faults', () => {
  it('lists and clears armed faults', async () => {
    const id = await arm({ match: 'payment_methods', kind: '500', count: 3 });
    const listed = await sandbox.request('/sandbox/faults');
    expect(listed.body).toEqual([
      like.objectContaining({
        id,
        match: 'payment_methods',
        kind: '500',
        count: 3,
        remaining: 3,
        method: null,
      }),
    ]);
    expect(record((await sandbox.request('/sandbox/faults', { method: 'DELETE' })).body).cleared).toBe(1);
    expect((await sandbox.request('/sandbox/faults')).body).toEqual([]);
  });

  it('refuses malformed fault specs with 422', async () => {
    for (const spec of [
      {},
      { match: '', kind: '500' },
      { match: 'x', kind: 'boom' },
      { match: 'x', kind: '500', count: 0 },
    ]) {
      expect((await sandbox.request('/sandbox/faults', { body: spec })).status).toBe(422);
    }
    expect(
      (await sandbox.request('/sandbox/faults', { body: { match: 'x', kind: '500', method: 'PUT' } })).status,
    ).toBe(422);
  });

  it('never faults sandbox control paths', async () => {
    await arm({ match: '/', kind: '500', count: 100 });
    expect((await sandbox.request('/sandbox/faults')).status).toBe(200);
    expect(
      (await sandbox.request('/sandbox/client_token', { body: { merchantId: 'demo_merchant' } })).status,
    ).toBe(200);
    expect((await configuration()).status).toBe(500);
  });
});

describe('fault helpers', () => {
  it('take the oldest matching fault and drop it when spent', () => {
    const faults = new FaultSwitches();
    const spec = parseFaultSpec({ match: 'config', kind: 'slow' });
    if (typeof spec === 'string') throw new Error(spec);
    expect(spec.delayMs).toBe(3000);
    faults.add(spec);
    expect(faults.take('/x/configuration', 'GET')?.kind).toBe('slow');
    expect(faults.take('/x/configuration', 'GET')).toBeUndefined();
  });

  it('truncate any JSON body into invalid JSON', () => {
    for (const body of [{}, [], { a: 1 }, [1, 2, 3]]) {
      expect(() => {
        JSON.parse(truncateBody({ status: 200, body }));
      }).toThrow();
    }
  });
});
