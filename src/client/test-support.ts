/**
 * Helpers for the client's unit tests: a `fetch` stub that records calls. Not part of the bundle.
 * @packageDocumentation
 */
import { vi } from 'vitest';

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
