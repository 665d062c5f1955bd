/**
 * The Google Pay sheet's behaviour: Google's script and `PaymentsClient`, `isReadyToPay` before the
 * option is offered, Google's own button, and `loadPaymentData` inside the shopper's click on it.
 * The token Google answers holds the nonce; nothing else is sent to the gateway.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { GOOGLE_PAY_READY_TIMEOUT_MS } from '../../shared/constants';
import { createError, isPanelError, type PanelError } from '../../shared/errors';
import { googlePayButtonOptions as buttonOptions } from '../../model/google-pay-button';
import { INVALID, isObject, refusal } from '../../shared/strict-readers';
import type { WalletIntegration } from '../wallet';
import { createGooglePayment, GOOGLE_PAY_API_VERSION } from './google-payment';
import {
  loadPayApi,
  type ButtonOptionsLike,
  type PaymentDataRequestLike,
  type PaymentsClientConstructorLike,
  type PaymentsClientLike,
} from './pay-api';

/** Options of {@link createGooglePayWallet}. */
export interface GooglePayWalletOptions {
  /** The merchant's `googlePay` option as the panel was given it. */
  option: Record<string, unknown> | undefined;
  /**
   * The shopper clicked Google's button: called synchronously inside the click, so the panel can
   * start the payment there (Google opens its sheet only inside a user gesture).
   */
  onButtonClick: () => void;
  /**
   * The shadow root Google's button will be placed in: Google appends the button's stylesheet
   * there (`buttonRootNode`), since styles of the document do not reach into a shadow root.
   */
  buttonRootNode?: ShadowRoot;
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
 * Google Pay for the panel's sheet.
 * @throws PanelError `GOOGLE_PAYMENT_NOT_ENABLED` when the gateway configuration has no usable
 *   `androidPay`; `GOOGLE_PAYMENT_UNSUPPORTED_VERSION` when the merchant asks for a Google Pay API
 *   version other than 2.
 */
export function createGooglePayWallet(
  client: GatewayClient,
  options: GooglePayWalletOptions,
): WalletIntegration {
  const created = splitOption(options.option);
  // The element checks the option's shape; the button's values are Google's, checked here.
  if (buttonOptions(created.button) === INVALID) {
    throw createError(
      'INVALID_OPTION',
      { option: 'googlePay' },
      { reason: refusal(buttonOptions, created.button, 'button.') },
    );
  }
  if (created.version !== undefined && created.version !== GOOGLE_PAY_API_VERSION) {
    throw createError('GOOGLE_PAYMENT_UNSUPPORTED_VERSION', { version: JSON.stringify(created.version) });
  }
  const googlePayment = createGooglePayment(client);
  const load = options.loadPayApi ?? (() => loadPayApi());
  let paymentsClient: PaymentsClientLike | null = null;
  let button: HTMLElement | null = null;
  let checking: Promise<boolean> | null = null;
  let active = false;
  let tornDown = false;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  // Read through a function: a teardown may come while Google answers.
  const isTornDown = (): boolean => tornDown;

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
    if (tornDown) return false;
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
      if (!client || active || tornDown) return;
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
          if (tornDown) return;
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
          if (tornDown) return;
          handlers.busy(false);
          // The shopper closed Google's sheet: nothing to report, the panel stays where it was.
          if (isObject(error) && error.statusCode === 'CANCELED') return;
          handlers.failed(requestFailed(error));
        },
      );
    },

    teardown() {
      tornDown = true;
      clearTimeout(readyTimer);
      button?.remove();
      button = null;
      paymentsClient = null;
    },
  };
}
