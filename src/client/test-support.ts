/**
 * Helpers for the client's unit tests: a `fetch` stub that records calls. Not part of the bundle.
 * @packageDocumentation
 */
import { expect, inject, vi } from 'vitest';
import { PanelError } from '../shared/errors';
import type { GatewayClient } from './client';
import type { GatewayConfiguration } from './configuration';

const { gateway } = inject('localOrigins');

/** What a stubbed `fetch` answers: a status and a raw body (objects are JSON-encoded). */
export interface StubAnswer {
  status?: number;
  body?: unknown;
}

/** One recorded `fetch` call. */
export interface FetchCall {
  url: string;
  init: RequestInit;
}

/**
 * Stubs the global `fetch`. `answer` returns the reply, throws to simulate a transport failure, or
 * returns `'hang'` for a request that only ends when its signal aborts.
 */
export function stubFetch(answer: (call: FetchCall) => StubAnswer | 'hang' = () => ({ body: {} })) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn((input: string | URL, init: RequestInit = {}) => {
    const call = { url: input.toString(), init };
    calls.push(call);
    return new Promise((resolve, reject) => {
      const reply = answer(call);
      if (reply === 'hang') {
        init.signal?.addEventListener('abort', () => {
          reject(init.signal?.reason as Error);
        });
        return;
      }
      const { status = 200, body = '' } = reply;
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      resolve({ status, text: () => Promise.resolve(text) });
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

/** The query of a URL as `[key, value]` pairs, decoded. */
export function queryPairs(url: string): [string, string][] {
  return [...new URL(url).searchParams.entries()];
}

/** A base64 client token for the given fields. */
export function clientToken(fields: Record<string, unknown>): string {
  return btoa(JSON.stringify(fields));
}

/** Options of {@link fakeClient}. */
export interface FakeClientOptions {
  /** The gateway configuration the client holds. */
  gatewayConfiguration: GatewayConfiguration;
  /** A tokenization key (a guest) by default; `false` for a customer's client token. */
  guest?: boolean;
  /** Answers the client's requests; none is expected by default. */
  request?: GatewayClient['request'];
}

/** A client bound to a configuration, whose analytics events (with their prefix) are recorded. */
export function fakeClient({
  gatewayConfiguration,
  guest = true,
  request = () => Promise.reject(new Error('not in these tests')),
}: FakeClientOptions): GatewayClient & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    configuration: {
      authorization: guest ? 'sandbox_abc_merchant' : 'token',
      authorizationType: guest ? 'TOKENIZATION_KEY' : 'CLIENT_TOKEN',
      analyticsMetadata: {
        merchantAppId: 'shop.test',
        platform: 'web',
        sdkVersion: '3.26.0',
        source: 'client',
        integration: 'custom',
        integrationType: 'custom',
        sessionId: 'session-1',
      },
      gatewayConfiguration,
    },
    authorization: guest
      ? {
          kind: 'TOKENIZATION_KEY',
          value: 'sandbox_abc_merchant',
          guest: true,
          configUrl: `${gateway}/config`,
          environment: 'sandbox',
          merchantId: 'merchant',
        }
      : {
          kind: 'CLIENT_TOKEN',
          value: 'token',
          guest: false,
          configUrl: `${gateway}/config`,
          authorizationFingerprint: 'fingerprint&customer_id=1',
        },
    analytics: {
      send: (event, prefix = '') => {
        events.push(prefix + event);
      },
      flush: () => {},
      teardown: () => {},
    },
    request,
    setMetadata: () => {},
    release: () => {},
  };
}

/** What {@link watchPagehideListeners} saw. */
export interface PagehideListeners {
  /** How many of the listeners added since are still there. */
  live(): number;
  /** How many were added since. */
  added(): number;
}

/**
 * Watches the window's `pagehide` listeners from now on: each live client has one, to flush its
 * analytics.
 */
export function watchPagehideListeners(): PagehideListeners {
  const live = new Set<unknown>();
  let added = 0;
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation(
    (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) => {
      if (type === 'pagehide') {
        live.add(listener);
        added++;
      }
      add(type, listener, options);
    },
  );
  vi.spyOn(window, 'removeEventListener').mockImplementation(
    (
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | EventListenerOptions,
    ) => {
      if (type === 'pagehide') live.delete(listener);
      remove(type, listener, options);
    },
  );
  return { live: () => live.size, added: () => added };
}

/** The catalogue error a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<PanelError> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PanelError);
  return error as PanelError;
}
