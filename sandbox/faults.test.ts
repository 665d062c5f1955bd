// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../src/shared/endpoints';
import {
  FAULT_CALLS,
  FAULT_KINDS,
  FaultSwitches,
  faultMatches,
  parseFaultSpec,
  truncateBody,
  type FaultCallName,
} from './faults';
import { findRoute } from './router';
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

/** A request path a call's pattern matches, its parameters filled in. */
function examplePath(call: FaultCallName): string {
  return FAULT_CALLS[call].path.replace(/:([a-zA-Z]+)/g, (_, name: string) =>
    name === 'merchantId' ? 'demo_merchant' : 'fake-valid-nonce',
  );
}

async function logged(match?: string): Promise<Record<string, unknown>[]> {
  const response = await sandbox.request('/sandbox/requests', match ? { query: { match } } : {});
  return (response.body as unknown[]).map(record);
}

describe('faults naming a call', () => {
  it('name every client API endpoint, the analytics sink and the pages the sandbox plays', () => {
    expect(Object.keys(FAULT_CALLS)).toEqual(
      expect.arrayContaining([
        ...Object.keys(ENDPOINTS),
        'analytics',
        'threeDSecureAcs',
        'threeDSecureTerm',
        'paypalApprovalPage',
        'paypalApprove',
        'paypalCancel',
        'clientToken',
        'fraudnetScript',
      ]),
    );
    // Each names a route the gateway really has, with its method.
    for (const call of Object.keys(FAULT_CALLS) as FaultCallName[]) {
      const lookup = findRoute(FAULT_CALLS[call].method, examplePath(call));
      expect(lookup.kind, call).toBe('found');
    }
  });

  it.each(Object.keys(ENDPOINTS) as EndpointName[])(
    'hit %s and no other endpoint, whatever its path shares with others',
    (name) => {
      const spec = parseFaultSpec({ call: name, kind: '500' });
      if (typeof spec === 'string') throw new Error(spec);
      expect(spec.method).toBe(ENDPOINTS[name].method);
      for (const other of Object.keys(FAULT_CALLS) as FaultCallName[]) {
        const { method } = FAULT_CALLS[other];
        const control = examplePath(other).startsWith('/sandbox/');
        expect(faultMatches(spec, examplePath(other), method, control), `${name} on ${other}`).toBe(
          other === name,
        );
      }
    },
  );

  it.each(FAULT_KINDS.filter((kind) => kind !== 'timeout' && kind !== 'reset'))(
    'give every client API call the %s fault, once',
    async (kind) => {
      const token = await sandbox.clientToken({
        merchantId: 'demo_merchant',
        customerId: 'returning_shopper',
      });
      const auth = { authorizationFingerprint: token.authorizationFingerprint };
      for (const name of Object.keys(ENDPOINTS) as EndpointName[]) {
        await arm({ call: name, kind, delayMs: 10 });
        const response = await sandbox.clientApi('demo_merchant', name, {
          auth,
          params: { nonce: 'fake-valid-nonce' },
        });
        if (kind === 'malformed') {
          expect(response.status, name).toBe(200);
          expect(() => {
            JSON.parse(String(response.body));
          }, name).toThrow();
        } else if (kind === 'slow') {
          expect(response.status, name).not.toBe(500);
        } else {
          expect(response.status, name).toBe(Number(kind));
        }
        const [entry] = (await logged(examplePath(name))).slice(-1);
        expect(entry, name).toMatchObject({ fault: kind, status: response.status });
      }
      expect((await sandbox.request('/sandbox/faults')).body).toEqual([]);
    },
  );

  it('reach the pages the sandbox plays, which a match never reaches', async () => {
    await arm({ match: 'sandbox', kind: '500', count: 10 });
    await arm({ call: 'clientToken', kind: '429' });
    await arm({ call: 'paypalApprovalPage', kind: '403' });
    expect(
      (await sandbox.request('/sandbox/client_token', { body: { merchantId: 'demo_merchant' } })).status,
    ).toBe(429);
    expect(
      (await sandbox.request('/sandbox/client_token', { body: { merchantId: 'demo_merchant' } })).status,
    ).toBe(200);
    const approvalPage = (): Promise<number> =>
      sandbox.request('/sandbox/paypal/approve', { query: { token: 'EC-NONE' } }).then((r) => r.status);
    expect(await approvalPage()).toBe(403);
    expect(await approvalPage()).toBeGreaterThanOrEqual(400);
    expect(await approvalPage()).not.toBe(403);
    // Only the faulted page requests are logged.
    expect((await logged('/sandbox/')).map((entry) => [entry.path, entry.fault, entry.status])).toEqual([
      ['/sandbox/client_token', '429', 429],
      ['/sandbox/paypal/approve', '403', 403],
    ]);
  });

  it('cut a page in half and log a form post the page logs itself once, with the fault', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const whole = await sandbox.request('/sandbox/three_d_secure/acs', {
      body: 'MD=x&PaReq=y',
      headers: form,
    });
    const page = String(whole.body);
    expect(page).toContain('<');
    await arm({ call: 'threeDSecureAcs', kind: 'malformed' });
    const cut = await sandbox.request('/sandbox/three_d_secure/acs', { body: 'MD=x&PaReq=y', headers: form });
    expect(cut.status).toBe(200);
    expect(String(cut.body)).toBe(page.slice(0, Math.floor(page.length / 2)));
    await arm({ call: 'threeDSecureAcs', kind: 'slow', delayMs: 20 });
    expect(
      (await sandbox.request('/sandbox/three_d_secure/acs', { body: 'MD=x&PaReq=y', headers: form })).status,
    ).toBe(whole.status);
    await arm({ call: 'threeDSecureTerm', kind: '500' });
    expect(
      (await sandbox.request('/sandbox/three_d_secure/term', { body: 'MD=x&PaRes=y', headers: form })).status,
    ).toBe(500);
    expect(
      (await logged('/sandbox/three_d_secure/')).map((entry) => [entry.path, entry.fault, entry.status]),
    ).toEqual([
      ['/sandbox/three_d_secure/acs', null, whole.status],
      ['/sandbox/three_d_secure/acs', 'malformed', 200],
      ['/sandbox/three_d_secure/acs', 'slow', whole.status],
      ['/sandbox/three_d_secure/term', '500', 500],
    ]);
  });

  it('time a page out and reset it', async () => {
    await arm({ call: 'threeDSecureTerm', kind: 'timeout' });
    const controller = new AbortController();
    const pending = sandbox.request('/sandbox/three_d_secure/term', {
      body: 'MD=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      signal: controller.signal,
    });
    pending.catch(() => undefined);
    expect(await within(pending, 150)).toBe(PENDING);
    controller.abort();
    await arm({ call: 'analytics', kind: 'reset' });
    await expect(sandbox.request('/analytics/demo_merchant', { body: {} })).rejects.toThrow();
    expect((await logged()).map((entry) => [entry.path, entry.fault, entry.status])).toEqual([
      ['/sandbox/three_d_secure/term', 'timeout', null],
      ['/analytics/demo_merchant', 'reset', null],
    ]);
  });

  it('refuse an unknown call and a method other than the call’s', async () => {
    for (const spec of [
      { call: 'nope', kind: '500' },
      { call: 'creditCards', kind: '500', method: 'GET' },
      { call: 'toString', kind: '500' },
    ]) {
      expect((await sandbox.request('/sandbox/faults', { body: spec })).status).toBe(422);
    }
  });

  it('narrow a call by match when both are given', async () => {
    await arm({ call: 'configuration', match: 'other_merchant', kind: '500' });
    expect((await configuration()).status).toBe(200);
    expect((await sandbox.request('/sandbox/faults')).body).toEqual([
      like.objectContaining({
        call: 'configuration',
        match: 'other_merchant',
        method: 'GET',
        remaining: 1,
      }),
    ]);
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

  it('truncate a page to its first half', () => {
    expect(truncateBody({ status: 200, text: '<p>abcd</p>' })).toBe('<p>ab');
    expect(truncateBody({ status: 303, text: '' })).toBe('');
  });

  it('truncate any JSON body into invalid JSON', () => {
    for (const body of [{}, [], { a: 1 }, [1, 2, 3]]) {
      expect(() => {
        JSON.parse(truncateBody({ status: 200, body }));
      }).toThrow();
    }
  });
});
