import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '../../client/test-support';
import { GOOGLE_PAY_READY_TIMEOUT_MS } from '../../shared/constants';
import type { PanelError } from '../../shared/errors';
import type { WalletHandlers } from '../wallet';
import { createGooglePayWallet } from './google-pay-wallet';
import type { ButtonOptionsLike, PaymentsClientConstructorLike, PaymentsClientLike } from './pay-api';

const CLIENT = () =>
  fakeClient({
    gatewayConfiguration: {
      environment: 'sandbox',
      merchantId: 'merchant',
      clientApiUrl: 'https://gateway.test/merchants/merchant/client_api',
      assetsUrl: 'https://assets.test',
      androidPay: { googleAuthorizationFingerprint: 'google-fingerprint', supportedNetworks: ['visa'] },
    },
  });

const OPTION = {
  merchantId: 'google-merchant',
  transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' },
  button: { buttonColor: 'white' },
};

const TOKEN = JSON.stringify({
  androidPayCards: [
    {
      nonce: 'tokenan_1',
      description: 'Android Pay',
      details: {
        cardType: 'Visa',
        lastTwo: '11',
        lastFour: '1111',
        isNetworkTokenized: false,
        bin: '411111',
      },
    },
  ],
});

/** An `isReadyToPay` that never answers. */
const NEVER = Symbol('never');

afterEach(() => {
  vi.useRealTimers();
});

/** A fake of Google's PaymentsClient whose answers the test sets. */
function fakeGoogle(ready: unknown = { result: true }) {
  const calls = {
    environment: '' as string,
    isReadyToPay: [] as unknown[],
    loadPaymentData: [] as unknown[],
    prefetch: [] as unknown[],
    button: null as ButtonOptionsLike | null,
  };
  let answer: (value: unknown) => void = () => undefined;
  let refuse: (error: unknown) => void = () => undefined;
  const paymentsClient: PaymentsClientLike = {
    isReadyToPay: (request) => {
      calls.isReadyToPay.push(request);
      if (ready === NEVER) return new Promise(() => undefined);
      return ready instanceof Error ? Promise.reject(ready) : Promise.resolve(ready as { result: boolean });
    },
    loadPaymentData: (request) => {
      calls.loadPaymentData.push(request);
      return new Promise((resolve, reject) => {
        answer = resolve as (value: unknown) => void;
        refuse = reject;
      });
    },
    createButton: (options) => {
      calls.button = options;
      const button = document.createElement('button');
      button.addEventListener('click', options.onClick);
      return button;
    },
    prefetchPaymentData: (request) => {
      calls.prefetch.push(request);
    },
  };
  const PaymentsClient = vi.fn(function (this: unknown, options: { environment: string }) {
    calls.environment = options.environment;
    return paymentsClient;
  }) as unknown as PaymentsClientConstructorLike;
  return {
    calls,
    load: () => Promise.resolve(PaymentsClient),
    answer: (value: unknown) => {
      answer(value);
    },
    refuse: (error: unknown) => {
      refuse(error);
    },
  };
}

function handlers() {
  const seen = { busy: [] as boolean[], paid: [] as unknown[], failed: [] as PanelError[] };
  const h: WalletHandlers = {
    busy: (busy) => seen.busy.push(busy),
    paid: (method) => seen.paid.push(method),
    failed: (error) => seen.failed.push(error),
    report: (error) => seen.failed.push(error),
    dialog: () => undefined,
  };
  return { seen, h };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createGooglePayWallet', () => {
  it('refuses a Google Pay API version other than 2, before it loads Google', async () => {
    const google = fakeGoogle();
    const load = vi.fn(google.load);
    await expect(
      createGooglePayWallet(CLIENT(), {
        option: { ...OPTION, googlePayVersion: 1 },
        onButtonClick: () => undefined,
        loadPayApi: load,
      }).ready?.(),
    ).rejects.toEqual(
      expect.objectContaining({
        code: 'GOOGLE_PAYMENT_UNSUPPORTED_VERSION',
        message: expect.stringContaining('Google Pay version 1.') as unknown,
      }),
    );
    expect(load).not.toHaveBeenCalled();
    await expect(
      createGooglePayWallet(CLIENT(), {
        option: { ...OPTION, googlePayVersion: 2 },
        onButtonClick: () => undefined,
        loadPayApi: load,
      }).ready?.(),
    ).resolves.toBe(true);
  });

  it('refuses button options Google does not know, naming the key', async () => {
    await expect(
      createGooglePayWallet(CLIENT(), {
        option: { ...OPTION, button: { buttonSizeMode: 'huge' } },
        onButtonClick: () => undefined,
      }).ready?.(),
    ).rejects.toEqual(
      expect.objectContaining({
        code: 'INVALID_OPTION',
        details: { reason: expect.stringContaining('"button.buttonSizeMode" does not fit') as unknown },
      }),
    );
  });

  it('is ready when Google says so: it asks isReadyToPay, makes Google’s button, and prefetches', async () => {
    const google = fakeGoogle();
    const onButtonClick = vi.fn();
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick,
      loadPayApi: google.load,
    });
    expect(wallet.button).toBeNull();
    await expect(wallet.ready?.()).resolves.toBe(true);
    expect(google.calls.environment).toBe('TEST');
    expect(google.calls.isReadyToPay).toHaveLength(1);
    expect(google.calls.prefetch).toHaveLength(1);
    expect(google.calls.button).toEqual({ buttonColor: 'white', onClick: expect.any(Function) as unknown });
    wallet.button?.click();
    expect(onButtonClick).toHaveBeenCalledTimes(1);
    // Asked again, it answers the same without asking Google again.
    await expect(wallet.ready?.()).resolves.toBe(true);
    expect(google.calls.isReadyToPay).toHaveLength(1);
  });

  it("makes Google's button with the values Google knows, the merchant's click handler left out", async () => {
    const google = fakeGoogle();
    const onButtonClick = vi.fn();
    const merchantClick = vi.fn();
    const wallet = createGooglePayWallet(CLIENT(), {
      // As the drop-in's typings ask for it: Google's ButtonOptions, whose onClick is required.
      option: {
        ...OPTION,
        button: { buttonColor: 'black', buttonRadius: 4, buttonLocale: 'en', onClick: merchantClick },
      },
      onButtonClick,
      loadPayApi: google.load,
    });
    await expect(wallet.ready?.()).resolves.toBe(true);
    expect(google.calls.button).toEqual({
      buttonColor: 'black',
      buttonRadius: 4,
      buttonLocale: 'en',
      onClick: expect.any(Function) as unknown,
    });
    wallet.button?.click();
    expect(onButtonClick).toHaveBeenCalledTimes(1);
    expect(merchantClick).not.toHaveBeenCalled();
  });

  it('is not ready, without a button, when Google answers false', async () => {
    const google = fakeGoogle({ result: false });
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    await expect(wallet.ready?.()).resolves.toBe(false);
    expect(wallet.button).toBeNull();
  });

  it('rejects readiness with GOOGLE_PAYMENT_REQUEST_FAILED when isReadyToPay fails', async () => {
    const google = fakeGoogle(
      Object.assign(new Error('x'), { statusCode: 'DEVELOPER_ERROR', statusMessage: 'bad' }),
    );
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    await expect(wallet.ready?.()).rejects.toMatchObject({
      code: 'GOOGLE_PAYMENT_REQUEST_FAILED',
      message: 'Google Pay could not complete the payment (DEVELOPER_ERROR).',
      details: { statusCode: 'DEVELOPER_ERROR', statusMessage: 'bad' },
    });
  });

  it('gives up an isReadyToPay that never answers after 10 s with GOOGLE_PAYMENT_READY_TIMEOUT', async () => {
    vi.useFakeTimers();
    const google = fakeGoogle(NEVER);
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    let outcome: { ready?: boolean; error?: unknown } | undefined;
    wallet.ready?.().then(
      (ready) => (outcome = { ready }),
      (error: unknown) => (outcome = { error }),
    );
    await vi.advanceTimersByTimeAsync(GOOGLE_PAY_READY_TIMEOUT_MS - 1);
    expect(google.calls.isReadyToPay).toHaveLength(1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome?.error).toMatchObject({
      code: 'GOOGLE_PAYMENT_READY_TIMEOUT',
      type: 'NETWORK',
      message: 'Google Pay did not answer isReadyToPay within 10 seconds.',
      details: { timeout: GOOGLE_PAY_READY_TIMEOUT_MS },
    });
    expect(wallet.button).toBeNull();
    expect(google.calls.button).toBeNull();
  });

  it('keeps no timer once Google has answered, or once torn down while it waits', async () => {
    vi.useFakeTimers();
    const answered = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: fakeGoogle().load,
    });
    await expect(answered.ready?.()).resolves.toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    const waiting = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: fakeGoogle(NEVER).load,
    });
    void waiting.ready?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    waiting.teardown();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pays: loadPaymentData inside the click with the current option, then the card of the token', async () => {
    const google = fakeGoogle();
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    await wallet.ready?.();
    const { seen, h } = handlers();
    const current = { ...OPTION, transactionInfo: { ...OPTION.transactionInfo, totalPrice: '12.00' } };
    wallet.pay(current, 'en_US', h);
    expect(google.calls.loadPaymentData).toHaveLength(1);
    expect(google.calls.loadPaymentData[0]).toMatchObject({
      merchantInfo: { merchantId: 'google-merchant' },
      transactionInfo: { totalPrice: '12.00' },
    });
    expect(google.calls.loadPaymentData[0]).not.toHaveProperty('button');
    // A second click while Google's sheet is open is not a second payment.
    wallet.pay(current, 'en_US', h);
    expect(google.calls.loadPaymentData).toHaveLength(1);
    google.answer({ paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: TOKEN } } });
    await flush();
    expect(seen.busy).toEqual([true, false]);
    expect(seen.paid).toEqual([expect.objectContaining({ nonce: 'tokenan_1', type: 'AndroidPayCard' })]);
    expect(seen.failed).toEqual([]);
  });

  it('says nothing when the shopper cancels, and pays on the next click', async () => {
    const google = fakeGoogle();
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(OPTION, undefined, h);
    google.refuse({ statusCode: 'CANCELED', statusMessage: 'closed' });
    await flush();
    expect(seen).toEqual({ busy: [true, false], paid: [], failed: [] });
    wallet.pay(OPTION, undefined, h);
    expect(google.calls.loadPaymentData).toHaveLength(2);
  });

  it.each(['DEVELOPER_ERROR', 'BUYER_ACCOUNT_ERROR', 'MERCHANT_ACCOUNT_ERROR', 'INTERNAL_ERROR'])(
    'reports Google’s %s as GOOGLE_PAYMENT_REQUEST_FAILED',
    async (statusCode) => {
      const google = fakeGoogle();
      const wallet = createGooglePayWallet(CLIENT(), {
        option: OPTION,
        onButtonClick: vi.fn(),
        loadPayApi: google.load,
      });
      await wallet.ready?.();
      const { seen, h } = handlers();
      wallet.pay(OPTION, undefined, h);
      google.refuse({ statusCode, statusMessage: 'why' });
      await flush();
      expect(seen.failed).toEqual([
        expect.objectContaining({
          code: 'GOOGLE_PAYMENT_REQUEST_FAILED',
          details: expect.objectContaining({ statusCode, statusMessage: 'why' }) as unknown,
        }),
      ]);
    },
  );

  it('reports a token holding the gateway’s error as GOOGLE_PAYMENT_GATEWAY_ERROR', async () => {
    const google = fakeGoogle();
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(OPTION, undefined, h);
    google.answer({ paymentMethodData: { tokenizationData: { token: '{"error":{"message":"no"}}' } } });
    await flush();
    expect(seen.failed).toEqual([expect.objectContaining({ code: 'GOOGLE_PAYMENT_GATEWAY_ERROR' })]);
  });

  it('does nothing before it is ready or after teardown, and removes Google’s button', async () => {
    const google = fakeGoogle();
    const wallet = createGooglePayWallet(CLIENT(), {
      option: OPTION,
      onButtonClick: vi.fn(),
      loadPayApi: google.load,
    });
    const { seen, h } = handlers();
    wallet.pay(OPTION, undefined, h);
    expect(google.calls.loadPaymentData).toHaveLength(0);
    await wallet.ready?.();
    const button = wallet.button as HTMLElement;
    document.body.append(button);
    wallet.pay(OPTION, undefined, h);
    wallet.teardown();
    google.answer({ paymentMethodData: { tokenizationData: { token: TOKEN } } });
    await flush();
    expect(seen.paid).toEqual([]);
    expect(button.isConnected).toBe(false);
    wallet.pay(OPTION, undefined, h);
    expect(google.calls.loadPaymentData).toHaveLength(1);
  });
});
