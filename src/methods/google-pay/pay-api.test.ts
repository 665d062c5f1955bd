import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_PAY_SCRIPT_URL } from '../../shared/build-constants';
import { loadPayApi, resetPayApiLoader } from './pay-api';

type GoogleWindow = { google?: unknown };

/** The scripts the loader added to the page, kept out of the document (the test plays the browser). */
let added: HTMLScriptElement[] = [];

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLScriptElement[]));
  });
  // The loader removes a script that failed; here it was never in the page.
  vi.spyOn(HTMLScriptElement.prototype, 'remove').mockImplementation(function (this: HTMLScriptElement) {
    added = added.filter((script) => script !== this);
  });
});

afterEach(() => {
  resetPayApiLoader();
  delete (window as GoogleWindow).google;
  vi.useRealTimers();
});

function injected(): HTMLScriptElement | null {
  return added[0] ?? null;
}

describe('loadPayApi', () => {
  it('uses the page’s own PaymentsClient without loading anything', async () => {
    const PaymentsClient = function PaymentsClient() {};
    (window as GoogleWindow).google = { payments: { api: { PaymentsClient } } };
    await expect(loadPayApi()).resolves.toBe(PaymentsClient);
    expect(injected()).toBeNull();
  });

  it('loads the flavour’s script once, without integrity, and resolves with what it defines', async () => {
    expect(GOOGLE_PAY_SCRIPT_URL).toMatch(/^https:\/\/localhost:\d+\/sandbox\/google-pay\/pay\.js$/);
    const first = loadPayApi();
    const second = loadPayApi();
    const script = injected();
    expect(script?.src).toBe(GOOGLE_PAY_SCRIPT_URL);
    expect(script?.integrity).toBe('');
    expect(added).toHaveLength(1);
    const PaymentsClient = function PaymentsClient() {};
    (window as GoogleWindow).google = { payments: { api: { PaymentsClient } } };
    script?.onload?.(new Event('load'));
    await expect(first).resolves.toBe(PaymentsClient);
    await expect(second).resolves.toBe(PaymentsClient);
  });

  it('fails with GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED when the script does not arrive, and may be tried again', async () => {
    const loading = loadPayApi('https://pay.test/pay.js');
    injected()?.onerror?.(new Event('error'));
    await expect(loading).rejects.toMatchObject({
      code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED',
      details: { url: 'https://pay.test/pay.js' },
    });
    expect(injected()).toBeNull();
    void loadPayApi('https://pay.test/pay.js').catch(() => undefined);
    expect(injected()).not.toBeNull();
  });

  it('fails with GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED when the script defines no PaymentsClient', async () => {
    const loading = loadPayApi('https://pay.test/pay.js');
    (window as GoogleWindow).google = { payments: {} };
    injected()?.onload?.(new Event('load'));
    await expect(loading).rejects.toMatchObject({ code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED' });
  });

  it('fails with GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT after the wallet script time-out', async () => {
    vi.useFakeTimers();
    const loading = loadPayApi('https://pay.test/pay.js', 30_000);
    const outcome = loading.catch((error: unknown) => error);
    vi.advanceTimersByTime(29_999);
    expect(injected()).not.toBeNull();
    vi.advanceTimersByTime(1);
    await expect(outcome).resolves.toMatchObject({
      code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT',
      message: "Google Pay's script did not load within 30 seconds.",
    });
  });

  it('takes a page whose google global throws as one without Google’s script', () => {
    Object.defineProperty(window, 'google', {
      configurable: true,
      get() {
        throw new Error('hostile');
      },
    });
    void loadPayApi('https://pay.test/pay.js').catch(() => undefined);
    expect(injected()).not.toBeNull();
  });
});
