// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VENMO_STAND_IN_PATHS } from '../../src/shared/flavours';
import { PARTITION_COOKIE } from '../partition-keys';
import { record, useSandbox, type TestResponse } from '../test-server';
import { VENMO_TEST_VALUES } from '../test-values';
import { contextStatus, createContext, MOBILE_INPUT, venmoQuery } from '../venmo-test-support';
import {
  readVenmoQuery,
  returnLocation,
  VENMO_ANSWER_PATH,
  VENMO_PAGE_MESSAGES,
  VENMO_PAGE_TITLES,
} from './venmo';

const sandbox = useSandbox();

afterEach(() => {
  vi.useRealTimers();
});

function html(response: TestResponse): string {
  if (typeof response.body !== 'string') throw new Error('Expected an HTML page');
  return response.body;
}

function open(query: string, path: string = VENMO_STAND_IN_PATHS.app, headers: Record<string, string> = {}) {
  return sandbox.request(`${path}?${query}`, { headers });
}

function answer(query: string, action: string, headers: Record<string, string> = {}) {
  return sandbox.request(VENMO_ANSWER_PATH, { body: { query, action }, headers });
}

describe('the Venmo stand-in pages', () => {
  it.each(Object.entries(VENMO_STAND_IN_PATHS) as [string, string][])(
    'serve the same page at the %s path, titled for it, under a strict policy',
    async (which: string, path: string) => {
      const response = await open(venmoQuery(), path);
      expect(response.status).toBe(200);
      const page = html(response);
      expect(page).toContain(`<title>${VENMO_PAGE_TITLES[which as keyof typeof VENMO_PAGE_TITLES]}</title>`);
      for (const label of ['Approve', 'Cancel', 'Fail']) expect(page).toContain(`>${label}</button>`);
      expect(page).toContain('<script src="/sandbox/venmo/stand-in.js"></script>');
      expect(page).toContain('Signed in as @venmojoe');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const data = /<script type="application\/json" id="venmo-page">(.*)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(data ?? 'null')).toEqual({
        page: which,
        answerPath: VENMO_ANSWER_PATH,
        closes: false,
      });
    },
  );

  it('serves its script as JavaScript', async () => {
    const response = await sandbox.request('/sandbox/venmo/stand-in.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(String(response.body)).toContain("getElementById('venmo-page')");
  });

  it.each([
    ['no merchant id', { braintree_merchant_id: null }, VENMO_PAGE_MESSAGES.merchantId],
    ['no access token', { braintree_access_token: null }, VENMO_PAGE_MESSAGES.accessToken],
    [
      'an unknown access token',
      { braintree_access_token: 'access_token$sandbox$other' },
      VENMO_PAGE_MESSAGES.unknownToken,
    ],
    ['another environment', { braintree_environment: 'production' }, VENMO_PAGE_MESSAGES.environment],
    ['no environment', { braintree_environment: null }, VENMO_PAGE_MESSAGES.environment],
    ['SDK data that is no base64 JSON', { braintree_sdk_data: 'not json' }, VENMO_PAGE_MESSAGES.sdkData],
    [
      'SDK data without _meta',
      { braintree_sdk_data: Buffer.from('{}').toString('base64') },
      VENMO_PAGE_MESSAGES.sdkData,
    ],
    ['x-success alone', { 'x-cancel': null, 'x-error': null }, VENMO_PAGE_MESSAGES.returnUrlsTogether],
    ['a javascript: return URL', { 'x-success': 'javascript:alert(1)' }, VENMO_PAGE_MESSAGES.returnUrlsWeb],
    ['a data: return URL', { 'x-error': 'data:text/html,x' }, VENMO_PAGE_MESSAGES.returnUrlsWeb],
    ['a relative return URL', { 'x-cancel': '/checkout' }, VENMO_PAGE_MESSAGES.returnUrlsWeb],
    ['NOOP beside a URL', { 'x-cancel': 'NOOP' }, VENMO_PAGE_MESSAGES.returnUrlsWeb],
    [
      'a bad allowAndroidRecreation',
      { allowAndroidRecreation: 'yes' },
      VENMO_PAGE_MESSAGES.androidRecreation,
    ],
    [
      'no way back and no context',
      { 'x-success': null, 'x-cancel': null, 'x-error': null },
      VENMO_PAGE_MESSAGES.nothingToAnswer,
    ],
  ])(
    'refuse %s: the page says why, offers no button, and nothing is minted',
    async (_name, replace, message) => {
      const query = venmoQuery({ replace });
      const response = await open(query);
      expect(response.status).toBe(400);
      const page = html(response);
      expect(page).toContain(`<p id="problem" role="alert">`);
      expect(readVenmoQuery(query)).toEqual({ status: 400, message });
      expect(page).not.toContain('<button');
      expect(page).not.toContain('<script');
      const refused = await answer(query, 'approve');
      expect(refused.status).toBe(400);
      expect(record(refused.body).error).toEqual({ message });
    },
  );

  it('refuse a repeated parameter', async () => {
    const query = `${venmoQuery()}&braintree_merchant_id=other`;
    expect((await open(query)).status).toBe(400);
    expect(readVenmoQuery(query)).toEqual({ status: 400, message: VENMO_PAGE_MESSAGES.repeated });
  });
});

describe('the app switch (x-success, x-cancel, x-error)', () => {
  it('Approve mints a Venmo nonce the checkout knows and returns to x-success with it and @venmojoe', async () => {
    const query = venmoQuery();
    const response = await answer(query, 'approve');
    expect(response.status).toBe(200);
    const body = record(response.body);
    const nonce = String(body.paymentMethodNonce);
    expect(nonce).toMatch(/^tokenvm_sb_[0-9a-f]{24}$/);
    expect(body).toEqual({
      status: 'APPROVED',
      paymentMethodNonce: nonce,
      location: `https://shop.example/checkout#venmoSuccess=1&paymentMethodNonce=${nonce}&username=%40venmojoe`,
    });
    const page = await sandbox.request('/sandbox/checkout', {
      body: `payment_method_nonce=${nonce}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(String(page.body)).toContain('Known nonce: yes (VenmoAccount)');
  });

  it('Cancel returns to x-cancel, Fail to x-error with Venmo’s message and code', async () => {
    expect((await answer(venmoQuery(), 'cancel')).body).toEqual({
      status: 'CANCELED',
      location: 'https://shop.example/checkout#venmoCancel=1',
    });
    const { errorMessage, errorCode } = VENMO_TEST_VALUES.failure;
    expect((await answer(venmoQuery(), 'fail')).body).toEqual({
      status: 'FAILED',
      location: `https://shop.example/checkout#venmoError=1&errorMessage=${encodeURIComponent(errorMessage)}&errorCode=${errorCode}`,
    });
  });

  it('with a resource_id, sets the context before returning: APPROVED with the nonce and venmojoe', async () => {
    const context = await createContext(sandbox);
    const query = venmoQuery({ resourceId: String(context.id) });
    expect((await open(query)).status).toBe(200);
    // The app switch returns to the page: opening alone leaves the context as it was.
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
    const body = record((await answer(query, 'approve')).body);
    expect(await contextStatus(sandbox, context.id)).toEqual({
      status: 'APPROVED',
      paymentMethodId: body.paymentMethodNonce,
      userName: 'venmojoe',
      payerInfo: { ...VENMO_TEST_VALUES.payer, userName: 'venmojoe' },
    });
    // An answered context is answered once.
    const again = await answer(query, 'cancel');
    expect(again.status).toBe(409);
    expect(record(again.body).error).toEqual({ message: VENMO_PAGE_MESSAGES.answered('APPROVED') });
    expect((await open(query)).status).toBe(409);
  });

  it.each([
    ['cancel', 'CANCELED'],
    ['fail', 'FAILED'],
  ])('with a resource_id, %s sets the context %s', async (action, status) => {
    const context = await createContext(sandbox);
    const query = venmoQuery({ resourceId: String(context.id) });
    expect(record((await answer(query, action)).body).status).toBe(status);
    expect(await contextStatus(sandbox, context.id)).toMatchObject({ status, paymentMethodId: null });
  });

  it('takes the legacy access token that names the context (|pcid:), and refuses one naming another', async () => {
    const context = await createContext(sandbox);
    const legacy = `${VENMO_TEST_VALUES.settings.accessToken}|pcid:${String(context.id)}`;
    const query = venmoQuery({ replace: { braintree_access_token: legacy } });
    expect(readVenmoQuery(query)).toMatchObject({ resourceId: context.id });
    await answer(query, 'cancel');
    expect((await contextStatus(sandbox, context.id)).status).toBe('CANCELED');
    const mismatch = venmoQuery({ resourceId: 'other', replace: { braintree_access_token: legacy } });
    expect(readVenmoQuery(mismatch)).toEqual({ status: 400, message: VENMO_PAGE_MESSAGES.pcid });
  });

  it('adds the answer to a return URL without a fragment as a fragment', () => {
    expect(returnLocation('https://shop.example/', [['a', 'b c']])).toBe('https://shop.example/#a=b%20c');
  });
});

describe('a context answered on the page (no return URLs: the QR code, the web login)', () => {
  it.each([
    ['none', null],
    ['braintree-web’s NOOP', 'NOOP'],
  ])(
    'with return URLs %s, opening scans the context and the buttons answer it there',
    async (_name, noop) => {
      const context = await createContext(sandbox, { ...MOBILE_INPUT, customerClient: 'NATIVE_WEB' });
      const query = venmoQuery({
        resourceId: String(context.id),
        returnTo: null,
        replace: noop ? { 'x-success': noop, 'x-cancel': noop, 'x-error': noop } : {},
      });
      const page = await open(query, VENMO_STAND_IN_PATHS.webLogin);
      expect(page.status).toBe(200);
      expect(html(page)).toContain('"closes":true');
      expect((await contextStatus(sandbox, context.id)).status).toBe('SCANNED');
      const body = record((await answer(query, 'approve')).body);
      expect(body).toMatchObject({ status: 'APPROVED', location: null });
      expect(await contextStatus(sandbox, context.id)).toMatchObject({
        status: 'APPROVED',
        paymentMethodId: body.paymentMethodNonce,
        userName: 'venmojoe',
      });
    },
  );

  it('shows the context’s name and total on the phone that scanned the QR code', async () => {
    const context = await createContext(sandbox, {
      paymentMethodUsage: 'SINGLE_USE',
      intent: 'PAY_FROM_APP',
      customerClient: 'DESKTOP',
      displayName: 'Tea <Shop>',
    });
    const page = html(await open(venmoQuery({ resourceId: String(context.id), returnTo: null })));
    expect(page).toContain('Pay <strong>Tea &lt;Shop&gt;</strong>');
    expect(page).toContain('"closes":false');
  });

  it('refuses an unknown, another partition’s or an expired context, and changes nothing', async () => {
    const unknown = venmoQuery({ resourceId: 'nope', returnTo: null });
    expect((await open(unknown)).status).toBe(404);
    expect(html(await open(unknown))).toContain(VENMO_PAGE_MESSAGES.unknownContext);
    expect((await answer(unknown, 'approve')).status).toBe(404);
    const made = record((await sandbox.request('/sandbox/partitions', { method: 'POST' })).body);
    const cookie = { cookie: `${PARTITION_COOKIE}=${String(made.partition)}` };
    const context = await createContext(sandbox);
    const query = venmoQuery({ resourceId: String(context.id), returnTo: null });
    expect((await open(query, VENMO_STAND_IN_PATHS.app, cookie)).status).toBe(404);
    expect((await answer(query, 'approve', cookie)).status).toBe(404);
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
    await sandbox.request(`/sandbox/partitions/${String(made.partition)}`, { method: 'DELETE' });
  });

  it('refuses an expired context: the page says so, and Approve mints nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = await createContext(sandbox);
    vi.setSystemTime(Date.parse(String(context.expiresAt)) + 1);
    const query = venmoQuery({ resourceId: String(context.id) });
    const page = await open(query);
    expect(page.status).toBe(410);
    expect(html(page)).toContain(VENMO_PAGE_MESSAGES.expired);
    expect((await answer(query, 'approve')).status).toBe(410);
    expect(await contextStatus(sandbox, context.id)).toMatchObject({
      status: 'EXPIRED',
      paymentMethodId: null,
    });
  });

  it('refuses a context of a merchant the access token is not', async () => {
    const context = await createContext(sandbox);
    const query = venmoQuery({
      resourceId: String(context.id),
      returnTo: null,
      replace: { braintree_access_token: 'access_token$sandbox$other' },
    });
    expect((await open(query)).status).toBe(400);
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
  });

  it('answers a context of the cookie’s partition', async () => {
    const made = record((await sandbox.request('/sandbox/partitions', { method: 'POST' })).body);
    const key = String(record(made.tokenizationKeys).demo_merchant);
    const context = await createContext(sandbox, MOBILE_INPUT, { bearer: key });
    const query = venmoQuery({ resourceId: String(context.id), returnTo: null });
    const cookie = { cookie: `${PARTITION_COOKIE}=${String(made.partition)}` };
    expect((await open(query, VENMO_STAND_IN_PATHS.app, cookie)).status).toBe(200);
    expect((await answer(query, 'cancel', cookie)).status).toBe(200);
    expect((await contextStatus(sandbox, context.id, { bearer: key })).status).toBe('CANCELED');
    await sandbox.request(`/sandbox/partitions/${String(made.partition)}`, { method: 'DELETE' });
  });

  it('refuses a body that is no answer', async () => {
    expect((await answer(venmoQuery(), 'pay')).status).toBe(400);
    expect((await sandbox.request(VENMO_ANSWER_PATH, { body: { action: 'approve' } })).status).toBe(400);
  });
});
