/**
 * The Google Pay sheet's behaviour: Google's script and `PaymentsClient`, `isReadyToPay` before the
 * option is offered, Google's own button, and `loadPaymentData` inside the shopper's click on it.
 * The token Google answers holds the nonce; nothing else is sent to the gateway.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { GOOGLE_PAY_READY_TIMEOUT_MS } from '../../shared/constants';
import { createError, isPanelError, type PanelError } from '../../shared/errors';
import { createLifetime, deferred } from '../../shared/lifetime';
import { googlePayButtonOptions as buttonOptions } from '../../model/google-pay-button';
import { INVALID, isObject, refusal } from '../../shared/strict-readers';
import type { WalletContext, WalletIntegration } from '../wallet';
import { createGooglePayment, GOOGLE_PAY_API_VERSION, type GooglePayment } from './google-payment';
import {
  loadPayApi,
  type ButtonOptionsLike,
  type PaymentDataRequestLike,
  type PaymentsClientConstructorLike,
  type PaymentsClientLike,
} from './pay-api';

/** Options of {@link createGooglePayWallet}: what the panel gives every wallet, and Google's script. */
export interface GooglePayWalletOptions extends Omit<WalletContext, 'paymentOption'> {
  /** Loads Google's script (tests pass their own). */
  loadPayApi?: () => Promise<PaymentsClientConstructorLike>;
}

/** The merchant's option, split as the drop-in splits it: what the panel reads, and the request's overrides. */
function splitOption(option: Record<string, unknown> | undefined): {
  merchantId: string | undefined;
  version: unknown;
  button: Record<string, unknown>;
  overrides: Record<string, unknown>;
} {
  const { merchantId, googlePayVersion, button, ...overrides } = option ?? {};
  return {
    merchantId: typeof merchantId === 'string' && merchantId !== '' ? merchantId : undefined,
    version: googlePayVersion,
    button: isObject(button) ? button : {},
    overrides,
  };
}

/**
 * The catalogue error of a failure Google reports (`{statusCode, statusMessage}`) or of anything
 * else Google's client throws. `details` keep Google's code and message for the merchant.
 */
function requestFailed(error: unknown): PanelError {
  if (isPanelError(error)) return error;
  const statusCode =
    isObject(error) && typeof error.statusCode === 'string' && error.statusCode !== ''
      ? error.statusCode
      : 'INTERNAL_ERROR';
  const statusMessage =
    isObject(error) && typeof error.statusMessage === 'string' ? error.statusMessage : undefined;
  return createError(
    'GOOGLE_PAYMENT_REQUEST_FAILED',
    { statusCode },
    { statusCode, ...(statusMessage === undefined ? {} : { statusMessage }), originalError: error },
  );
}

/**
 * The merchant's option split, once Google Pay has checked what is its own to check.
 * @throws PanelError `INVALID_OPTION` for a button option Google does not know;
 *   `GOOGLE_PAYMENT_UNSUPPORTED_VERSION` for a Google Pay API version other than 2.
 */
function checkedOption(option: Record<string, unknown> | undefined): ReturnType<typeof splitOption> {
  const created = splitOption(option);
  // The element checks the option's shape; the button's values are Google's, checked here. What
  // Google's button takes besides (a click handler, as the drop-in's typings ask for) is left out:
  // the panel's click handler starts the payment.
  const button = buttonOptions(created.button);
  if (button === INVALID) {
    throw createError(
      'INVALID_OPTION',
      { option: 'googlePay' },
      { reason: refusal(buttonOptions, created.button, 'button.') },
    );
  }
  created.button = button;
  if (created.version !== undefined && created.version !== GOOGLE_PAY_API_VERSION) {
    throw createError('GOOGLE_PAYMENT_UNSUPPORTED_VERSION', { version: JSON.stringify(created.version) });
  }
  return created;
}

/**
 * Google Pay for the panel's sheet. Options or a configuration Google Pay cannot use leave the
 * option out, as Google's own refusal does: `ready()` rejects, before Google's script is loaded,
 * with `INVALID_OPTION` (a button option Google does not know), `GOOGLE_PAYMENT_UNSUPPORTED_VERSION`
 * (a Google Pay API version other than 2) or `GOOGLE_PAYMENT_NOT_ENABLED` (no usable `androidPay`
 * in the gateway configuration).
 */
export function createGooglePayWallet(
  client: GatewayClient,
  options: GooglePayWalletOptions,
): WalletIntegration {
  let created: ReturnType<typeof splitOption>;
  let googlePayment: GooglePayment;
  try {
    created = checkedOption(options.option);
    googlePayment = createGooglePayment(client);
  } catch (error) {
    // Only the checks above throw, each a catalogue error.
    const refused = deferred<boolean>();
    refused.reject(error as PanelError);
    return { ready: () => refused.promise, pay: () => undefined, teardown: () => undefined };
  }
  const load = options.loadPayApi ?? (() => loadPayApi());
  let paymentsClient: PaymentsClientLike | null = null;
  let button: HTMLElement | null = null;
  let checking: Promise<boolean> | null = null;
  let active = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  const lifetime = createLifetime();
  const ended = lifetime.signal;
  // Read through a function: a teardown may come while Google answers.
  const isTornDown = (): boolean => ended.aborted;
  lifetime.onEnd(() => {
    clearTimeout(readyTimer);
    button?.remove();
    button = null;
    paymentsClient = null;
  });

  /**
   * Google's answer to `isReadyToPay`, or `GOOGLE_PAYMENT_READY_TIMEOUT` when none comes in time:
   * the option is then left out rather than keeping the panel loading (docs/google-pay.md, "Errors").
   */
  const askReady = (
    client: PaymentsClientLike,
    request: ReturnType<typeof googlePayment.isReadyToPayRequest>,
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      readyTimer = setTimeout(() => {
        reject(
          createError(
            'GOOGLE_PAYMENT_READY_TIMEOUT',
            { seconds: GOOGLE_PAY_READY_TIMEOUT_MS / 1000 },
            { timeout: GOOGLE_PAY_READY_TIMEOUT_MS },
          ),
        );
      }, GOOGLE_PAY_READY_TIMEOUT_MS);
      Promise.resolve(client.isReadyToPay(request)).then(resolve, reject);
    }).finally(() => {
      clearTimeout(readyTimer);
    });

  const request = (option: Record<string, unknown> | undefined): PaymentDataRequestLike => {
    const { overrides, merchantId } = splitOption(option);
    return googlePayment.createPaymentDataRequest(overrides, merchantId);
  };

  const check = async (): Promise<boolean> => {
    const PaymentsClient = await load();
    if (ended.aborted) return false;
    try {
      const ready = new PaymentsClient({ environment: googlePayment.environment });
      const first = request(options.option);
      const answer = await askReady(ready, googlePayment.isReadyToPayRequest(first));
      if (isTornDown() || !isObject(answer) || answer.result !== true) return false;
      const buttonOptions: ButtonOptionsLike = {
        ...created.button,
        ...(options.buttonRootNode ? { buttonRootNode: options.buttonRootNode } : {}),
        // Google's click handler is the panel's: the payment starts inside it.
        onClick: () => {
          options.onButtonClick();
        },
      };
      const made: unknown = ready.createButton(buttonOptions);
      if (!(made instanceof HTMLElement)) throw createError('GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED');
      paymentsClient = ready;
      button = made;
      // Google fetches what its sheet needs ahead of the click; a refusal here changes nothing.
      try {
        ready.prefetchPaymentData?.(first);
      } catch {
        // The sheet loads it when it opens instead.
      }
      return true;
    } catch (error) {
      throw requestFailed(error);
    }
  };

  return {
    get button() {
      return button;
    },

    ready() {
      checking ??= check();
      return checking;
    },

    pay(option, _locale, handlers) {
      const client = paymentsClient;
      // One sheet at a time: a second click while it is open is not a second payment.
      if (!client || active || ended.aborted) return;
      let pending: Promise<unknown>;
      try {
        // Synchronously inside the click: Google opens its sheet only inside a user gesture.
        pending = client.loadPaymentData(request(option));
      } catch (error) {
        handlers.failed(requestFailed(error));
        return;
      }
      active = true;
      handlers.busy(true);
      pending.then(
        (paymentData) => {
          active = false;
          if (ended.aborted) return;
          handlers.busy(false);
          let method;
          try {
            method = googlePayment.parseResponse(paymentData);
          } catch (error) {
            handlers.failed(isPanelError(error) ? error : createError('GOOGLE_PAYMENT_GATEWAY_ERROR'));
            return;
          }
          handlers.paid(method);
        },
        (error: unknown) => {
          active = false;
          if (ended.aborted) return;
          handlers.busy(false);
          // The shopper closed Google's sheet: nothing to report, the panel stays where it was.
          if (isObject(error) && error.statusCode === 'CANCELED') return;
          handlers.failed(requestFailed(error));
        },
      );
    },

    teardown() {
      lifetime.end();
    },
  };
}
