// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/shared/endpoints';
import { FRAUDNET_STAND_IN_PATHS, GOOGLE_PAY_STAND_IN_PATH } from '../src/shared/flavours';
import { FRAUDNET_PARAMETERS_PATH } from './stand-ins/fraudnet';
import { GOOGLE_PAY_TOKENS_PATH } from './stand-ins/google-pay';
import { MERCHANTS } from './merchants';
import {
  PARTITION_COOKIE,
  PARTITION_HEADER,
  PARTITION_PARAMETER,
  partitionOfCookie,
  withPartitionKeys,
} from './partition-keys';
import { PARTITION_LIMIT } from './partitions';
import {
  fingerprintAuth,
  keyOf,
  record,
  useSandbox,
  type RequestOptions,
  type TestResponse,
} from './test-server';

const sandbox = useSandbox();

/** A partition, as a test harness holds it: its id, its keys, and requests that name it by the header. */
interface Held {
  id: string;
  keys: Record<string, string>;
  /** A control call of the harness. */
  control(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A client API call with the partition's key of the merchant, as the panel sends it (no header). */
  configuration(merchantId?: string): Promise<TestResponse>;
}

async function open(): Promise<Held> {
  const response = await sandbox.request('/sandbox/partitions', { method: 'POST' });
  expect(response.status).toBe(201);
  const { partition, tokenizationKeys } = record(response.body) as {
    partition: string;
    tokenizationKeys: Record<string, string>;
  };
  return {
    id: partition,
    keys: tokenizationKeys,
    control: (path, options = {}) =>
      sandbox.request(path, { ...options, headers: { ...options.headers, [PARTITION_HEADER]: partition } }),
    configuration: (merchantId = 'demo_merchant') =>
      sandbox.clientApi(merchantId, 'configuration', {
        auth: { tokenizationKey: tokenizationKeys[merchantId] ?? '' },
      }),
  };
}

async function logged(held: Held | null): Promise<string[]> {
  const response = held
    ? await held.control('/sandbox/requests')
    : await sandbox.request('/sandbox/requests');
  return (response.body as unknown[]).map((entry) => String(record(entry).path));
}

const CONFIGURATION = `/v1/${ENDPOINTS.configuration.path}`;

describe('partitions', () => {
  it('are made with a tokenization key for every merchant, which works in its partition alone', async () => {
    const a = await open();
    expect(a.id).toMatch(/^[0-9a-f]{12}$/);
    expect(a.keys).toEqual(
      Object.fromEntries(
        Object.keys(MERCHANTS).map((merchantId) => [merchantId, `sandbox_${a.id}_${merchantId}`]),
      ),
    );
    expect((await a.configuration()).status).toBe(200);
    const b = await open();
    // Told another partition by the header, a's key is unknown there.
    const crossed = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: { tokenizationKey: a.keys.demo_merchant ?? '' },
      headers: { [PARTITION_HEADER]: b.id },
    });
    expect(crossed.status).toBe(401);
    // The built-in keys stay the default partition's.
    expect((await sandbox.clientApi('demo_merchant', 'configuration')).status).toBe(200);
  });

  it('list their own keys at /sandbox/merchants', async () => {
    const a = await open();
    const merchants = (await a.control('/sandbox/merchants')).body as Record<string, unknown>[];
    expect(merchants.map((merchant) => merchant.tokenizationKey)).toEqual(Object.values(a.keys));
    const builtIn = (await sandbox.request('/sandbox/merchants')).body as Record<string, unknown>[];
    expect(builtIn.map((merchant) => merchant.tokenizationKey)).toEqual(
      Object.values(MERCHANTS).map((merchant) => merchant.tokenizationKey),
    );
  });

  it('keep their faults apart: a fault armed in one hits none of another partition’s requests', async () => {
    const a = await open();
    const b = await open();
    expect(
      (await a.control('/sandbox/faults', { body: { call: 'configuration', kind: '500', count: 2 } })).status,
    ).toBe(201);
    expect((await b.configuration()).status).toBe(200);
    expect((await sandbox.clientApi('demo_merchant', 'configuration')).status).toBe(200);
    expect((await a.configuration()).status).toBe(500);
    expect(((await b.control('/sandbox/faults')).body as unknown[]).length).toBe(0);
    expect(((await a.control('/sandbox/faults')).body as unknown[]).length).toBe(1);
  });

  it('keep their request logs apart', async () => {
    const a = await open();
    const b = await open();
    await a.configuration();
    await a.configuration('card_only_merchant');
    await b.configuration('wallets_only_merchant');
    expect(await logged(a)).toEqual([
      `/merchants/demo_merchant/client_api${CONFIGURATION}`,
      `/merchants/card_only_merchant/client_api${CONFIGURATION}`,
    ]);
    expect(await logged(b)).toEqual([`/merchants/wallets_only_merchant/client_api${CONFIGURATION}`]);
    expect(await logged(null)).toEqual([]);
    expect((await b.control('/sandbox/requests', { method: 'DELETE' })).status).toBe(200);
    expect(await logged(a)).toHaveLength(2);
  });

  it('keep their answer overrides apart', async () => {
    const a = await open();
    const b = await open();
    const set = { match: 'client_api/v1/configuration', set: { merchantId: 'overridden' } };
    expect((await a.control('/sandbox/answers', { body: set })).status).toBe(201);
    expect(record((await b.configuration()).body).merchantId).toBe('demo_merchant');
    expect(record((await a.configuration()).body).merchantId).toBe('overridden');
  });

  it('keep their vaults apart, and a reset touches its own partition alone', async () => {
    const a = await open();
    const b = await open();
    const tokenOf = async (held: Held): Promise<Record<string, string>> => {
      const response = await held.control('/sandbox/client_token', {
        body: { merchantId: 'demo_merchant', customerId: 'returning_shopper' },
      });
      const token = String(record(response.body).clientToken);
      return fingerprintAuth(JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as never);
    };
    const saved = async (auth: Record<string, string>): Promise<number> =>
      (
        record((await sandbox.clientApi('demo_merchant', 'paymentMethods', { auth })).body)
          .paymentMethods as unknown[]
      ).length;
    const authA = await tokenOf(a);
    const authB = await tokenOf(b);
    const added = await sandbox.clientApi('demo_merchant', 'creditCards', {
      auth: authA,
      body: {
        creditCard: {
          number: '378282246310005',
          cvv: '1234',
          expiration_month: '01',
          expiration_year: String(new Date().getFullYear() + 1),
          billing_address: { postal_code: '12345' },
          options: { validate: true },
        },
      },
    });
    expect(added.status).toBe(201);
    expect(await saved(authA)).toBe(5);
    expect(await saved(authB)).toBe(4);
    await b.control('/sandbox/faults', { body: { call: 'creditCards', kind: '500' } });
    await a.control('/sandbox/reset', { method: 'POST' });
    expect(await saved(authA)).toBe(4);
    expect(((await b.control('/sandbox/faults')).body as unknown[]).length).toBe(1);
    // The default partition's reset leaves every other one as it is.
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect(((await b.control('/sandbox/faults')).body as unknown[]).length).toBe(1);
  });

  it('take a client token made in them for theirs, and refuse it in any other', async () => {
    const a = await open();
    const b = await open();
    const response = await a.control('/sandbox/client_token', { body: { merchantId: 'demo_merchant' } });
    const token = JSON.parse(
      Buffer.from(String(record(response.body).clientToken), 'base64').toString('utf8'),
    ) as {
      authorizationFingerprint: string;
    };
    const auth = { authorizationFingerprint: token.authorizationFingerprint };
    expect((await sandbox.clientApi('demo_merchant', 'configuration', { auth })).status).toBe(200);
    expect(await logged(a)).toEqual([`/merchants/demo_merchant/client_api${CONFIGURATION}`]);
    const crossed = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth,
      headers: { [PARTITION_HEADER]: b.id },
    });
    expect(crossed.status).toBe(401);
  });

  it('know the browser by its cookie: pages and stand-ins the sandbox plays, and their calls without cookies', async () => {
    const a = await open();
    const cookie = `other=1; ${PARTITION_COOKIE}=${a.id}`;
    const script = await sandbox.request(FRAUDNET_STAND_IN_PATHS.script, { headers: { cookie } });
    const reportUrl = `${sandbox.origin}${FRAUDNET_PARAMETERS_PATH}?${PARTITION_PARAMETER}=${a.id}`;
    expect(String(script.body)).toContain(JSON.stringify(reportUrl));
    const report = await sandbox.request(`${FRAUDNET_PARAMETERS_PATH}?${PARTITION_PARAMETER}=${a.id}`, {
      body: JSON.stringify({ f: 'session-a', s: 'BRAINTREE_SIGNIN' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(report.status).toBe(204);
    const resources = async (held: Held | null): Promise<unknown[]> => {
      const response = held
        ? await held.control('/sandbox/device_sessions')
        : await sandbox.request('/sandbox/device_sessions');
      return (response.body as unknown[]).map((entry) => record(entry).resource);
    };
    expect(await resources(a)).toEqual(['script', 'parameters']);
    expect(await resources(null)).toEqual([]);
    // Google's pay.js stand-in names the partition in its token exchange, which goes without cookies.
    const payJs = await sandbox.request(GOOGLE_PAY_STAND_IN_PATH, { headers: { cookie } });
    expect(String(payJs.body)).toContain(`const PARTITION_QUERY = "?${PARTITION_PARAMETER}=${a.id}";`);
    const builtIn = await sandbox.request(GOOGLE_PAY_STAND_IN_PATH);
    expect(String(builtIn.body)).toContain("const PARTITION_QUERY = '';");
    // A fault of a page the sandbox plays is taken in the partition whose browser asks for it.
    await a.control('/sandbox/faults', { body: { call: 'googlePayTokens', kind: '500' } });
    expect((await sandbox.request(GOOGLE_PAY_TOKENS_PATH, { body: {} })).status).toBe(400);
    expect(
      (await sandbox.request(`${GOOGLE_PAY_TOKENS_PATH}?${PARTITION_PARAMETER}=${a.id}`, { body: {} }))
        .status,
    ).toBe(500);
  });

  it('answer 404 to a request that names one that is not there, and end with their held requests when deleted', async () => {
    const a = await open();
    await a.control('/sandbox/faults', { body: { call: 'configuration', kind: 'timeout' } });
    const held = a.configuration().then(
      () => 'answered',
      () => 'dropped',
    );
    await expect.poll(async () => (await logged(a)).length).toBe(1);
    expect((await sandbox.request(`/sandbox/partitions/${a.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await held).toBe('dropped');
    const gone = await a.control('/sandbox/faults');
    expect(gone.status).toBe(404);
    expect(record(record(gone.body).error).message).toBe(
      `No sandbox partition "${a.id}": it was deleted, or never made.`,
    );
    expect(
      (await sandbox.request('/sandbox/requests', { headers: { cookie: `${PARTITION_COOKIE}=${a.id}` } }))
        .status,
    ).toBe(404);
    // Its key is an unknown key now, answered in the default partition.
    expect((await a.configuration()).status).toBe(401);
    expect(await logged(null)).toEqual([`/merchants/demo_merchant/client_api${CONFIGURATION}`]);
    expect((await sandbox.request(`/sandbox/partitions/${a.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it(`keep the ${PARTITION_LIMIT} used last`, async () => {
    const first = await open();
    const second = await open();
    for (let i = 0; i < PARTITION_LIMIT - 1; i += 1) {
      if (i === 1) expect((await first.control('/sandbox/faults')).status).toBe(200);
      await open();
    }
    expect((await first.control('/sandbox/faults')).status).toBe(200);
    expect((await second.control('/sandbox/faults')).status).toBe(404);
  });

  it('leave the default partition to every client that names none', async () => {
    await sandbox.request('/sandbox/faults', { body: { call: 'configuration', kind: '500' } });
    const a = await open();
    expect((await a.configuration()).status).toBe(200);
    const response = await sandbox.clientApi('demo_merchant', 'configuration', {
      auth: { tokenizationKey: keyOf('demo_merchant') },
    });
    expect(response.status).toBe(500);
  });

  it('give a demo page asked for with their cookie their keys in place of the built-in ones', () => {
    const page = `<payment-panel authorization="${keyOf('demo_merchant')}"></payment-panel>
<div data-merchants='[{"tokenizationKey":"${keyOf('card_only_merchant')}"}]'></div>`;
    const partition = partitionOfCookie(`${PARTITION_COOKIE}=0123456789ab`);
    expect(partition).toBe('0123456789ab');
    expect(withPartitionKeys(page, partition ?? '')).toBe(
      `<payment-panel authorization="sandbox_0123456789ab_demo_merchant"></payment-panel>
<div data-merchants='[{"tokenizationKey":"sandbox_0123456789ab_card_only_merchant"}]'></div>`,
    );
    // Only a partition's id is taken: nothing else of a cookie reaches a page.
    expect(partitionOfCookie(`${PARTITION_COOKIE}="><script>`)).toBeNull();
    expect(partitionOfCookie(undefined)).toBeNull();
  });
});
