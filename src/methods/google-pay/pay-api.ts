/**
 * The parts of Google's Pay API for the web (`pay.js`) that the panel uses, typed loosely enough
 * that Google's script, the sandbox's stand-in and test fakes all fit, and the loader of that script.
 * @packageDocumentation
 */
import { GOOGLE_PAY_SCRIPT_URL } from '../../shared/build-constants';
import { WALLET_SCRIPT_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { createError } from '../../shared/errors';
import { loadScript } from '../../shared/load-script';
import './errors';

/** A payment method of a request: `CARD` (or `PAYPAL`), its parameters and how it is tokenized. */
export interface GooglePayPaymentMethodLike {
  type: string;
  parameters?: Record<string, unknown>;
  tokenizationSpecification?: { type: string; parameters: Record<string, string> };
  [member: string]: unknown;
}

/** `isReadyToPay`'s request. */
export interface IsReadyToPayRequestLike {
  apiVersion: number;
  apiVersionMinor: number;
  allowedPaymentMethods: GooglePayPaymentMethodLike[];
  [member: string]: unknown;
}

/** `loadPaymentData`'s request (API version 2). */
export interface PaymentDataRequestLike extends IsReadyToPayRequestLike {
  merchantInfo?: Record<string, unknown>;
  transactionInfo: Record<string, unknown>;
}

/** What `loadPaymentData` resolves with. */
export interface PaymentDataLike {
  apiVersion?: number;
  apiVersionMinor?: number;
  email?: string;
  paymentMethodData: {
    type: string;
    description?: string;
    info?: Record<string, unknown>;
    tokenizationData: { type: string; token: string };
  };
  [member: string]: unknown;
}

/** What `loadPaymentData` and `isReadyToPay` reject with. */
export interface PaymentsErrorLike {
  statusCode: string;
  statusMessage?: string;
}

/** Options of `createButton`: Google's `ButtonOptions`. */
export interface ButtonOptionsLike {
  onClick: (event: Event) => void;
  buttonColor?: string;
  buttonType?: string;
  buttonSizeMode?: string;
  buttonLocale?: string;
  /** The shadow root the button is placed in, where Google appends the button's stylesheet. */
  buttonRootNode?: Document | ShadowRoot;
  [member: string]: unknown;
}

/** A `google.payments.api.PaymentsClient`. */
export interface PaymentsClientLike {
  isReadyToPay(request: IsReadyToPayRequestLike): Promise<{ result: boolean; [member: string]: unknown }>;
  loadPaymentData(request: PaymentDataRequestLike): Promise<PaymentDataLike>;
  createButton(options: ButtonOptionsLike): HTMLElement;
  prefetchPaymentData?(request: PaymentDataRequestLike): void;
}

/** The `google.payments.api.PaymentsClient` class. */
export type PaymentsClientConstructorLike = new (options: {
  environment: 'TEST' | 'PRODUCTION';
}) => PaymentsClientLike;

/** The page's `google.payments.api.PaymentsClient`, or `undefined` while there is none. */
export function paymentsClientConstructor(): PaymentsClientConstructorLike | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const google = (window as { google?: { payments?: { api?: { PaymentsClient?: unknown } } } }).google;
    const candidate = google?.payments?.api?.PaymentsClient;
    return typeof candidate === 'function' ? (candidate as PaymentsClientConstructorLike) : undefined;
  } catch {
    // A page may define `google` with throwing getters; it then has no usable Pay API.
    return undefined;
  }
}

/** One load of Google's script per page, however many panels ask. */
let loading: Promise<PaymentsClientConstructorLike> | null = null;

/**
 * Google's `PaymentsClient`: the page's own when it already loaded `pay.js`, otherwise the one of
 * the script this loads (Google's, or the sandbox's stand-in in the local build). Rejects with
 * `GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED` when the script does not arrive or defines no client, and
 * with `GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT` when it has not run within the wallet script time-out.
 * A failed load may be tried again.
 */
export function loadPayApi(
  url: string = GOOGLE_PAY_SCRIPT_URL,
  timeout: number = WALLET_SCRIPT_LOAD_TIMEOUT_MS,
): Promise<PaymentsClientConstructorLike> {
  const present = paymentsClientConstructor();
  if (present) return Promise.resolve(present);
  if (loading) return loading;
  // Google serves pay.js without a fixed hash (it changes under the same URL): no integrity.
  const failed = (): Error => createError('GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED', undefined, { url });
  const current = loadScript(url, {
    timeout,
    failure: (timedOut) =>
      timedOut
        ? createError(
            'GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT',
            { seconds: Math.round(timeout / 1000) },
            { url, timeout },
          )
        : failed(),
  }).then(() => {
    const loaded = paymentsClientConstructor();
    if (loaded) return loaded;
    throw failed();
  });
  loading = current;
  current.catch(() => {
    if (loading === current) loading = null;
  });
  return current;
}

/** Forgets a load in flight (for tests). */
export function resetPayApiLoader(): void {
  loading = null;
}
