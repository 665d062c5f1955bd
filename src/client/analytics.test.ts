import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { AnalyticsMetadata } from './configuration';
import { analyticsRequest, createAnalytics } from './analytics';
import { stubFetch } from './test-support';

const { gateway } = inject('localOrigins');

const URL_ = `${gateway}/analytics/m1`;
const metadata = (): AnalyticsMetadata => ({
  merchantAppId: 'shop.test',
  platform: 'web',
  sdkVersion: '3.26.0',
  source: 'client',
  integration: 'custom',
  integrationType: 'custom',
  sessionId: 'sid',
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-02T03:04:05.678Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const SECONDS = Math.floor(Date.parse('2026-01-02T03:04:05.678Z') / 1000);

describe('createAnalytics', () => {
  it('sends all events of one macrotask in one POST with metadata and the auth field', async () => {
    const { calls } = stubFetch();
    const analytics = createAnalytics({
      url: URL_,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    analytics.send('appeared');
    analytics.send('custom.hosted-fields.initialized', 'web.');
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(URL_);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', keepalive: false });
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({
      analytics: [
        { kind: 'web.dropin.appeared', timestamp: SECONDS },
        { kind: 'web.custom.hosted-fields.initialized', timestamp: SECONDS },
      ],
      _meta: metadata(),
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      tokenizationKey: 'k',
    });
    analytics.send('selected.card');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    analytics.teardown();
  });

  it('reads the metadata when the batch leaves', async () => {
    const { calls } = stubFetch();
    const meta = metadata();
    const analytics = createAnalytics({
      url: URL_,
      metadata: meta,
      authField: { authorizationFingerprint: 'fp' },
    });
    analytics.send('appeared');
    Object.assign(meta, { integration: 'dropin2', dropinVersion: '1.9.2' });
    await vi.advanceTimersByTimeAsync(0);
    const body = JSON.parse(calls[0]?.init.body as string) as Record<string, unknown>;
    expect(body._meta).toMatchObject({ integration: 'dropin2', dropinVersion: '1.9.2' });
    expect(body.authorizationFingerprint).toBe('fp');
    analytics.teardown();
  });

  it('swallows failures and never throws', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const analytics = createAnalytics({
      url: URL_,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    expect(() => {
      analytics.send('appeared');
    }).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    stubFetch(() => ({ status: 500, body: 'down' }));
    analytics.send('appeared');
    await vi.advanceTimersByTimeAsync(0);
    analytics.teardown();
  });

  it('gives up after the analytics time-out', async () => {
    const { calls } = stubFetch(() => 'hang');
    const analytics = createAnalytics({
      url: URL_,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    analytics.send('appeared');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    analytics.teardown();
  });

  it('flushes with keepalive on pagehide', async () => {
    const { calls } = stubFetch();
    const analytics = createAnalytics({
      url: URL_,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    analytics.send('appeared');
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    analytics.teardown();
  });

  it('teardown flushes, stops listening and drops later events', async () => {
    const { calls } = stubFetch();
    const analytics = createAnalytics({
      url: URL_,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    analytics.send('appeared');
    analytics.teardown();
    expect(calls).toHaveLength(1);
    analytics.send('late');
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
  });

  it('sends nothing without a URL or without events', async () => {
    const { fetch } = stubFetch();
    const silent = createAnalytics({
      url: undefined,
      metadata: metadata(),
      authField: { tokenizationKey: 'k' },
    });
    silent.send('appeared');
    const idle = createAnalytics({ url: URL_, metadata: metadata(), authField: { tokenizationKey: 'k' } });
    idle.flush();
    await vi.advanceTimersByTimeAsync(0);
    silent.teardown();
    idle.teardown();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('analyticsRequest', () => {
  it('is the POST of a batch: events, a copy of _meta, the library version and the auth field, 2 s', () => {
    const meta = { sessionId: 's1', integration: 'dropin2' };
    const events = [{ kind: 'web.custom.hosted-fields.tokenization.succeeded', timestamp: SECONDS }];
    const request = analyticsRequest(URL_, events, meta, { authorizationFingerprint: 'fp' });
    expect(request).toEqual({
      url: URL_,
      method: 'POST',
      data: {
        analytics: events,
        _meta: meta,
        braintreeLibraryVersion: 'braintree/web/3.26.0',
        authorizationFingerprint: 'fp',
      },
      timeout: 2000,
      keepalive: false,
    });
    expect((request.data as { _meta: unknown })._meta).not.toBe(meta);
    expect(analyticsRequest(URL_, events, meta, { tokenizationKey: 'k' }, true).keepalive).toBe(true);
  });
});
