import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTexts, EN_US, type TextKey } from './en-US';
import { BUNDLE_URL, localeFileUrl, localeTexts, LOCALE_TIMEOUT_MS, readLocaleTexts } from './load-locale';

const ASSETS = 'https://assets.example';

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

describe('localeFileUrl', () => {
  it('is beside the bundle', () => {
    expect(localeFileUrl('de_DE', `${ASSETS}/payment-panel/1.9.2/payment-panel.min.js`)).toBe(
      `${ASSETS}/payment-panel/1.9.2/assets/locales/de_DE.json`,
    );
    expect(localeFileUrl('ar_EG', `${ASSETS}/x/payment-panel.js?v=1#top`)).toBe(
      `${ASSETS}/x/assets/locales/ar_EG.json`,
    );
  });

  it('is unknown here, where no script element loaded the bundle', () => {
    expect(BUNDLE_URL).toBe('');
  });
});

describe('readLocaleTexts', () => {
  it('keeps every known key with a string that has the same placeholders', () => {
    expect(
      readLocaleTexts({
        payWithCard: 'Mit Karte zahlen',
        payingWith: 'Zahlung mit {paymentSource}',
        frameTitle: 'Sicheres Eingabefeld: {label}',
        HOSTED_FIELDS_FIELDS_EMPTY: 'Bitte geben Sie die Kartendaten ein.',
      }),
    ).toStrictEqual({
      payWithCard: 'Mit Karte zahlen',
      payingWith: 'Zahlung mit {paymentSource}',
      frameTitle: 'Sicheres Eingabefeld: {label}',
      HOSTED_FIELDS_FIELDS_EMPTY: 'Bitte geben Sie die Kartendaten ein.',
    });
  });

  it('leaves out prototype keys, overlong keys and values that are not non-empty strings; unknown keys are never looked up', () => {
    const data = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": "x", "toString": "x", "unknownKey": "x",' +
        `"${'k'.repeat(101)}": "x",` +
        '"card": 3, "PayPal": null, "loading": ["a"], "genericError": {"text": "x"}, "acceptedCards": "",' +
        '"cvvLabel": true, "chooseAWayToPay": "Wählen"}',
    ) as unknown;
    const texts = readLocaleTexts(data);
    expect(texts).toStrictEqual({ unknownKey: 'x', chooseAWayToPay: 'Wählen' });
    expect(Object.getPrototypeOf(texts)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const shown = createTexts({}, texts);
    expect(shown.text('unknownKey' as TextKey)).toBe('unknownKey');
    expect(shown.text('chooseAWayToPay')).toBe('Wählen');
  });

  it('shows US English for texts whose placeholders differ from the US English ones', () => {
    const shown = createTexts(
      {},
      readLocaleTexts({
        payingWith: 'Zahlung mit {zahlungsmittel}',
        endingIn: 'Endet auf',
        frameTitle: '{label} {label}',
        walletButtonArea: '{label} Schaltfläche {extra}',
        card: 'Karte {x}',
        PayPal: 'PayPal',
      }),
    );
    expect(shown.text('payingWith', { paymentSource: 'Card' })).toBe('Paying with Card');
    expect(shown.text('endingIn', { lastTwo: '11' })).toBe(EN_US.endingIn.replace('{lastTwo}', '11'));
    expect(shown.text('frameTitle', { label: 'CVV' })).toBe('Secure CVV input frame');
    expect(shown.text('walletButtonArea', { label: 'PayPal' })).toBe('PayPal button');
    expect(shown.text('card')).toBe(EN_US.card);
    expect(shown.text('PayPal')).toBe('PayPal');
  });

  it('leaves out texts longer than a frame message may carry', () => {
    expect(readLocaleTexts({ cvvLabel: 'x'.repeat(2001), postalCodeLabel: 'x'.repeat(2000) })).toStrictEqual({
      postalCodeLabel: 'x'.repeat(2000),
    });
  });

  it.each([null, undefined, 'text', 42, true, ['payWithCard']])('gives no texts for %j', (data) => {
    expect(readLocaleTexts(data)).toStrictEqual({});
  });

  it('reads a complete set of the US English texts as they are', () => {
    expect(readLocaleTexts({ ...EN_US })).toStrictEqual({ ...EN_US });
  });
});

describe('localeTexts', () => {
  it('fetches a file once with a simple CORS request, reads it strictly and caches it', async () => {
    const url = `${ASSETS}/once/de_DE.json`;
    const calls = stubFetch(() => json({ payWithCard: 'Mit Karte zahlen', extra: 3 }));
    const loading = localeTexts(url);
    expect(loading).toBeInstanceOf(Promise);
    expect(localeTexts(url)).toBe(loading);
    const texts = await loading;
    expect(texts).toStrictEqual({ payWithCard: 'Mit Karte zahlen' });
    // Once read, the texts are at hand.
    expect(localeTexts(url)).toBe(texts);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(url);
    // No headers (no preflight), no cookies, and a time-out.
    expect(calls[0]?.init?.headers).toBeUndefined();
    expect(calls[0]?.init?.credentials).toBe('omit');
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    ['a 404', () => new Response('Not found', { status: 404 })],
    ['a 500', () => json({ payWithCard: 'x' }, 500)],
    ['a body that is not JSON', () => new Response('{"payWithCard": "Mit Karte', { status: 200 })],
    ['a transport failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a time-out', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))],
  ])('gives no texts after %s, warns once and does not ask again', async (_, answer) => {
    const url = `${ASSETS}/failing/${String(Math.random())}/ar_EG.json`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = stubFetch(answer);
    await expect(localeTexts(url)).resolves.toStrictEqual({});
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toBe(url);
    expect(localeTexts(url)).toStrictEqual({});
    expect(calls).toHaveLength(1);
  });

  it('gives up after the time-out', () => {
    expect(LOCALE_TIMEOUT_MS).toBe(5_000);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    stubFetch(() => json({}));
    void localeTexts(`${ASSETS}/timeout/he_IL.json`);
    expect(timeout).toHaveBeenCalledWith(LOCALE_TIMEOUT_MS);
  });
});
