import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_INTEGRITY } from '../shared/build-constants';
import { LOCALE_TIMEOUT_MS } from '../shared/constants';
import { fetchLocale } from './locale-integrity';

const ASSETS = 'https://assets.example';
const HASHES = {
  'assets/locales/de_DE.json': 'sha384-de',
  'assets/locales/fr_FR.json': 'sha384-fr',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stubs fetch with one answer per call, recording what was asked. */
function stubFetch(answer: (url: string) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(answer(url));
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let folder = 0;
/** A bundle of a folder of its own, so each test starts without the page's index. */
function freshBundle(): { bundleUrl: string; index: string; file: (locale: string) => string } {
  folder += 1;
  const base = `${ASSETS}/f${String(folder)}/payment-panel/1.9.2`;
  return {
    bundleUrl: `${base}/payment-panel.min.js`,
    index: `${base}/assets/locale-integrity.json`,
    file: (locale) => `${base}/assets/locales/${locale}.json`,
  };
}

describe('fetchLocale', () => {
  it('fetches the index with the hash the build gave it, then the file with its own hash', async () => {
    const { bundleUrl, index, file } = freshBundle();
    const texts = { payWithCard: 'Mit Karte zahlen' };
    const calls = stubFetch((url) => json(url === index ? HASHES : texts));
    await expect(fetchLocale('de_DE', bundleUrl)).resolves.toEqual(texts);
    expect(calls.map((call) => [call.url, call.init?.integrity])).toEqual([
      [index, LOCALE_INTEGRITY],
      [file('de_DE'), 'sha384-de'],
    ]);
    expect(LOCALE_INTEGRITY).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    for (const { init } of calls) {
      // A simple CORS request: no headers (no preflight), no cookies, and a time-out.
      expect(init?.headers).toBeUndefined();
      expect(init?.credentials).toBe('omit');
      expect(init?.signal).toBeInstanceOf(AbortSignal);
    }
    // Another locale of the same folder: the index is not asked for again.
    await fetchLocale('fr_FR', bundleUrl);
    expect(calls.map((call) => call.url)).toEqual([index, file('de_DE'), file('fr_FR')]);
  });

  it.each([
    [
      'an index that does not load, or whose bytes do not match its hash',
      () => Promise.reject(new TypeError('Failed to fetch')),
    ],
    ['an index that is no map of hashes', () => json(['sha384-de'])],
    ['an index without the locale', () => json({ 'assets/locales/fr_FR.json': 'sha384-fr' })],
    ['an index with a hash that is no text', () => json({ 'assets/locales/de_DE.json': 1 })],
  ])('fetches no file after %s, and rejects', async (_, answer) => {
    const { bundleUrl, index } = freshBundle();
    const calls = stubFetch((url) => (url === index ? answer() : json({ payWithCard: 'Mit Karte zahlen' })));
    await expect(fetchLocale('de_DE', bundleUrl)).rejects.toThrow();
    expect(calls.map((call) => call.url)).toEqual([index]);
  });

  it.each([
    ['a 404', () => new Response('Not found', { status: 404 })],
    ['a body that is not JSON', () => new Response('{"payWithCard": "Mit Karte', { status: 200 })],
    ['bytes that do not match its hash', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('rejects a file after %s', async (_, answer) => {
    const { bundleUrl, index } = freshBundle();
    stubFetch((url) => (url === index ? json(HASHES) : answer()));
    await expect(fetchLocale('de_DE', bundleUrl)).rejects.toThrow();
  });

  it('gives the index and the file 5 s each', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { bundleUrl, index } = freshBundle();
    stubFetch((url) => json(url === index ? HASHES : {}));
    await fetchLocale('de_DE', bundleUrl);
    expect(timeout.mock.calls).toEqual([[LOCALE_TIMEOUT_MS], [LOCALE_TIMEOUT_MS]]);
  });
});
