import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../shared/constants';
import { PanelError } from '../shared/errors';
import { httpRequest } from './http';
import { failure, queryPairs, stubFetch } from './test-support';

const URL_ = 'https://api.braintreegateway.com/merchants/m/client_api/v1/thing';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('httpRequest', () => {
  it('GET puts data in the query and sends no body, with the JSON content type and no credentials', async () => {
    const { calls } = stubFetch(() => ({ body: { ok: true } }));
    const result = await httpRequest({ url: URL_, method: 'GET', data: { a: { b: 'c d' }, list: [1] } });
    expect(result).toEqual({ status: 200, data: { ok: true } });
    const [call] = calls;
    expect(call?.url).toBe(`${URL_}?a%5Bb%5D=c%20d&list%5B%5D=1`);
    expect(queryPairs(call?.url ?? '')).toEqual([
      ['a[b]', 'c d'],
      ['list[]', '1'],
    ]);
    expect(call?.init).toMatchObject({
      method: 'GET',
      body: null,
      credentials: 'omit',
      keepalive: false,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('POST sends the data as a JSON body, with extra headers and keepalive', async () => {
    const { calls } = stubFetch(() => ({ status: 201, body: { id: 1 } }));
    const result = await httpRequest({
      url: URL_,
      method: 'POST',
      data: { a: [1, { b: 2 }] },
      headers: { 'X-Extra': 'yes' },
      keepalive: true,
    });
    expect(result).toEqual({ status: 201, data: { id: 1 } });
    expect(calls[0]?.url).toBe(URL_);
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      body: '{"a":[1,{"b":2}]}',
      keepalive: true,
      headers: { 'X-Extra': 'yes', 'Content-Type': 'application/json' },
    });
  });

  it('keeps a body that is not JSON as raw text', async () => {
    stubFetch(() => ({ body: 'plain <b>text</b>' }));
    expect(await httpRequest({ url: URL_, method: 'GET' })).toEqual({
      status: 200,
      data: 'plain <b>text</b>',
    });
  });

  it('accepts 3xx statuses', async () => {
    stubFetch(() => ({ status: 304, body: '' }));
    expect(await httpRequest({ url: URL_, method: 'GET' })).toEqual({ status: 304, data: '' });
  });

  it.each([
    [
      403,
      'CLIENT_AUTHORIZATION_INSUFFICIENT',
      'MERCHANT',
      'The authorization used has insufficient privileges.',
    ],
    [
      429,
      'CLIENT_RATE_LIMITED',
      'MERCHANT',
      'You are being rate-limited; please try again in a few minutes.',
    ],
    [500, 'CLIENT_GATEWAY_NETWORK', 'NETWORK', 'Cannot contact the gateway at this time.'],
    [503, 'CLIENT_GATEWAY_NETWORK', 'NETWORK', 'Cannot contact the gateway at this time.'],
    [400, 'CLIENT_REQUEST_ERROR', 'NETWORK', 'There was a problem with your request.'],
    [401, 'CLIENT_REQUEST_ERROR', 'NETWORK', 'There was a problem with your request.'],
    [422, 'CLIENT_REQUEST_ERROR', 'NETWORK', 'There was a problem with your request.'],
    [199, 'CLIENT_REQUEST_ERROR', 'NETWORK', 'There was a problem with your request.'],
  ])('maps status %i to %s', async (status, code, type, message) => {
    const body = { error: { message: 'Credit card is invalid' }, fieldErrors: [] };
    stubFetch(() => ({ status, body }));
    const error = await failure(httpRequest({ url: URL_, method: 'POST', data: {} }));
    expect(error).toMatchObject({
      code,
      type,
      message,
      details: { httpStatus: status, originalError: body },
    });
  });

  it('maps a transport failure to CLIENT_GATEWAY_NETWORK with status 500', async () => {
    const cause = new TypeError('Failed to fetch');
    stubFetch(() => {
      throw cause;
    });
    const error = await failure(httpRequest({ url: URL_, method: 'GET' }));
    expect(error.code).toBe('CLIENT_GATEWAY_NETWORK');
    expect(error.message).toBe('Cannot contact the gateway at this time.');
    expect(error.details).toEqual({ httpStatus: 500, originalError: cause });
  });

  it('times out after the default time-out with CLIENT_REQUEST_TIMEOUT and status -1', async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch(() => 'hang');
    const promise = failure(httpRequest({ url: URL_, method: 'GET' }));
    await vi.advanceTimersByTimeAsync(DEFAULT_REQUEST_TIMEOUT_MS - 1);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await promise;
    expect(error).toMatchObject({
      code: 'CLIENT_REQUEST_TIMEOUT',
      type: 'NETWORK',
      message: 'Request timed out waiting for a reply.',
      details: { httpStatus: -1 },
    });
    expect(calls[0]?.init.signal?.aborted).toBe(true);
  });

  it('honours a custom time-out', async () => {
    vi.useFakeTimers();
    stubFetch(() => 'hang');
    const promise = failure(httpRequest({ url: URL_, method: 'GET', timeout: 2000 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect((await promise).code).toBe('CLIENT_REQUEST_TIMEOUT');
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    stubFetch();
    await httpRequest({ url: URL_, method: 'GET' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with the caller's AbortError as-is and clears the timer", async () => {
    vi.useFakeTimers();
    const { calls } = stubFetch(() => 'hang');
    const controller = new AbortController();
    const promise = httpRequest({ url: URL_, method: 'GET', signal: controller.signal }).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const error = await promise;
    expect(error).toBe(controller.signal.reason);
    expect(error).not.toBeInstanceOf(PanelError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not call fetch when the signal is already aborted', async () => {
    const { fetch } = stubFetch();
    const controller = new AbortController();
    controller.abort();
    await expect(httpRequest({ url: URL_, method: 'GET', signal: controller.signal })).rejects.toBe(
      controller.signal.reason,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
