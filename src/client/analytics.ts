/**
 * Analytics events, batched and sent to the gateway's analytics URL (docs/protocol.md, "Analytics").
 * @packageDocumentation
 */
import { ANALYTICS_PANEL_PREFIX, ANALYTICS_REQUEST_TIMEOUT_MS, LIBRARY_VERSION } from '../shared/constants';
import type { AuthorizationField } from './authorization';
import type { AnalyticsMetadata } from './configuration';
import { httpRequest, type HttpRequestOptions } from './http';

/** One analytics event on the wire. */
export interface AnalyticsEvent {
  /** Prefix plus event name, e.g. `web.dropin.appeared`. */
  kind: string;
  /** Unix time in seconds when the event was sent. */
  timestamp: number;
}

/**
 * The POST of a batch of events: the events, `_meta`, `braintreeLibraryVersion` and the
 * authorization field, with the 2 s analytics time-out. Whoever sends it ignores the answer and
 * any failure: analytics must never break what it reports on.
 * @param metadata - the `_meta` of the batch, copied now; the hosted-fields frame has it as plain strings
 * @param keepalive - lets the request outlive the page (`pagehide`)
 */
export function analyticsRequest(
  url: string,
  events: readonly AnalyticsEvent[],
  metadata: Readonly<AnalyticsMetadata> | Readonly<Record<string, string>>,
  authField: AuthorizationField,
  keepalive = false,
): HttpRequestOptions {
  return {
    url,
    method: 'POST',
    data: {
      analytics: events,
      _meta: { ...metadata },
      braintreeLibraryVersion: LIBRARY_VERSION,
      ...authField,
    },
    timeout: ANALYTICS_REQUEST_TIMEOUT_MS,
    keepalive,
  };
}

/** Options of {@link createAnalytics}. */
export interface AnalyticsOptions {
  /** The configuration's `analytics.url`; without it events are dropped. */
  url: string | undefined;
  /** The `_meta` of each batch; read when the batch leaves, so later changes apply. */
  metadata: AnalyticsMetadata;
  /** The authorization field of each batch. */
  authField: AuthorizationField;
}

/** A batching analytics sender. Never throws and never blocks its caller. */
export interface Analytics {
  /**
   * Queues an event; all events of one macrotask leave in one POST.
   * @param event - event name, e.g. `appeared`
   * @param prefix - kind prefix; {@link ANALYTICS_PANEL_PREFIX} by default
   */
  send(event: string, prefix?: string): void;
  /** Sends the queued events now. */
  flush(keepalive?: boolean): void;
  /** Flushes and stops listening for `pagehide`; later events are dropped. */
  teardown(): void;
}

/** Creates an analytics sender that also flushes, with `keepalive`, when the page is hidden. */
export function createAnalytics({ url, metadata, authField }: AnalyticsOptions): Analytics {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = true;

  const flush = (keepalive = false): void => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0 || url === undefined) return;
    const events = queue;
    queue = [];
    // httpRequest never throws synchronously; its failures are dropped.
    httpRequest(analyticsRequest(url, events, metadata, authField, keepalive)).catch(() => {});
  };
  const onPageHide = (): void => {
    flush(true);
  };
  addEventListener('pagehide', onPageHide);

  return {
    send(event, prefix = ANALYTICS_PANEL_PREFIX) {
      if (!active || url === undefined) return;
      queue.push({ kind: prefix + event, timestamp: Math.floor(Date.now() / 1000) });
      timer ??= setTimeout(() => {
        flush();
      }, 0);
    },
    flush,
    teardown() {
      flush();
      active = false;
      removeEventListener('pagehide', onPageHide);
    },
  };
}
