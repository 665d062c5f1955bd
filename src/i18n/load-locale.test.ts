import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTexts, EN_US, type TextKey } from './en-US';
import { BUNDLE_URL, localeFileUrl, localeTexts, LOCALE_TIMEOUT_MS, readLocaleTexts } from './load-locale';

const ASSETS = 'https://assets.example';

afterEach(() => {
  vi.unstubAllGlobals();
});

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
  it('loads a file once, reads it strictly and caches it', async () => {
    const url = `${ASSETS}/once/de_DE.json`;
    const load = vi.fn(() => Promise.resolve<unknown>({ payWithCard: 'Mit Karte zahlen', extra: 3 }));
    const loading = localeTexts(url, load);
    expect(loading).toBeInstanceOf(Promise);
    expect(localeTexts(url, load)).toBe(loading);
    const texts = await loading;
    expect(texts).toStrictEqual({ payWithCard: 'Mit Karte zahlen' });
    // Once read, the texts are at hand.
    expect(localeTexts(url, load)).toBe(texts);
    expect(load).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'a file that does not load, in time or at all, or whose bytes do not match its hash',
      new TypeError('Failed to fetch'),
    ],
    ['an index without the file', new Error('no hash')],
  ])('gives no texts after %s, warns once and does not ask again', async (_, failure) => {
    const url = `${ASSETS}/failing/${String(Math.random())}/ar_EG.json`;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(failure));
    await expect(localeTexts(url, load)).resolves.toStrictEqual({});
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[1]).toBe(url);
    expect(localeTexts(url, load)).toStrictEqual({});
    expect(load).toHaveBeenCalledOnce();
  });

  it('waits 5 s at most for a file', () => {
    expect(LOCALE_TIMEOUT_MS).toBe(5_000);
  });
});
