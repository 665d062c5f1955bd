/**
 * The Apple Pay sheet's button. The shopper's click starts an `ApplePaySession` with the merchant's
 * payment request over the gateway's defaults; the gateway validates the merchant and tokenizes
 * Apple's payment token, and the session completes with success or failure.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { GatewayClient } from '../client';
import {
  applePaySessionConstructor,
  createApplePay,
  type ApplePaySessionLike,
  type ApplePayTokenizeResult,
} from '../methods/apple-pay';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import type { ApplePayOptions } from './panel-options';
import { useTexts } from './texts-context';

/** Apple Pay JS version the panel speaks. */
const APPLE_PAY_VERSION = 3;

/** Properties of {@link ApplePayButton}. */
export interface ApplePayButtonProps {
  client: GatewayClient;
  options: ApplePayOptions | undefined;
  /** The shopper authorized a payment and the gateway tokenized it. */
  onPaid: (method: ApplePayTokenizeResult) => void;
  /** Starting, validating or tokenizing failed; the session is already closed. */
  onError: (error: PanelError) => void;
}

/** The Apple Pay button. */
export function ApplePayButton({ client, options, onPaid, onError }: ApplePayButtonProps) {
  const { text } = useTexts();
  const applePay = useMemo(() => createApplePay(client), [client]);
  const active = useRef<ApplePaySessionLike | null>(null);

  // A session still open when the sheet goes is closed with it.
  useEffect(
    () => () => {
      active.current?.abort();
      active.current = null;
      applePay.teardown();
    },
    [applePay],
  );

  const start = (): void => {
    const Session = applePaySessionConstructor();
    if (!Session || active.current) return;
    const fail = (error: unknown, fallback: PanelError): void => {
      active.current = null;
      onError(isPanelError(error) ? error : fallback);
    };
    let session: ApplePaySessionLike;
    try {
      // Synchronously inside the click: Apple requires a user gesture.
      session = new Session(APPLE_PAY_VERSION, applePay.createPaymentRequest(options?.paymentRequest ?? {}));
    } catch (error) {
      fail(error, createError('INVALID_OPTION', { option: 'applePay' }, { originalError: error }));
      return;
    }
    active.current = session;
    session.onvalidatemerchant = (event) => {
      applePay
        .performValidation({
          validationURL: event.validationURL,
          ...(options?.displayName ? { displayName: options.displayName } : {}),
        })
        .then(
          (merchantSession) => {
            if (active.current === session) session.completeMerchantValidation(merchantSession);
          },
          (error: unknown) => {
            session.abort();
            fail(error, createError('APPLE_PAY_MERCHANT_VALIDATION_NETWORK'));
          },
        );
    };
    session.onpaymentauthorized = (event) => {
      applePay.tokenize({ token: event.payment.token }).then(
        (method) => {
          session.completePayment(Session.STATUS_SUCCESS);
          active.current = null;
          onPaid(method);
        },
        (error: unknown) => {
          session.completePayment(Session.STATUS_FAILURE);
          fail(error, createError('APPLE_PAY_TOKENIZATION'));
        },
      );
    };
    session.oncancel = () => {
      // The shopper closed the sheet: nothing to report, the panel stays where it was.
      active.current = null;
    };
    session.begin();
  };

  return (
    <button
      type="button"
      className="apple-pay-button"
      part="apple-pay-button"
      lang="en"
      aria-label={text('payWithApplePay')}
      onClick={start}
    >
      <span className="apple-pay-button-text" aria-hidden="true">
        {text('payWithApplePay')}
      </span>
    </button>
  );
}
