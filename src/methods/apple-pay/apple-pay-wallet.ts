/**
 * The Apple Pay button's behaviour: an `ApplePaySession` with the merchant's payment request over
 * the gateway's defaults, started inside the shopper's click; the gateway validates the merchant
 * and tokenizes Apple's payment token, and the session completes with success or failure.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { createError, isPanelError, type PanelError } from '../../shared/errors';
import { createLifetime } from '../../shared/lifetime';
import type { WalletIntegration } from '../wallet';
import { createApplePay } from './apple-pay';
import { applePaySessionConstructor, type ApplePaySessionLike } from './apple-pay-session';

/** Apple Pay JS version the panel speaks. */
const APPLE_PAY_VERSION = 3;

/** Apple Pay for the panel's button. */
export function createApplePayWallet(client: GatewayClient): WalletIntegration {
  const applePay = createApplePay(client);
  const lifetime = createLifetime();
  const ended = lifetime.signal;
  let active: ApplePaySessionLike | null = null;
  lifetime.onEnd(() => {
    applePay.teardown();
  });
  lifetime.onEnd(() => {
    active?.abort();
    active = null;
  });
  return {
    pay(options, _locale, handlers) {
      const Session = applePaySessionConstructor();
      if (!Session || active || ended.aborted) return;
      const fail = (error: unknown, fallback: PanelError): void => {
        active = null;
        if (!ended.aborted) handlers.failed(isPanelError(error) ? error : fallback);
      };
      const paymentRequest = options?.paymentRequest;
      const displayName = options?.displayName;
      const domainName = options?.domainName;
      let session: ApplePaySessionLike;
      try {
        // Synchronously inside the click: Apple requires a user gesture.
        session = new Session(
          APPLE_PAY_VERSION,
          applePay.createPaymentRequest(
            paymentRequest !== null && typeof paymentRequest === 'object'
              ? (paymentRequest as Record<string, unknown>)
              : {},
          ),
        );
      } catch (error) {
        fail(error, createError('INVALID_OPTION', { option: 'applePay' }, { originalError: error }));
        return;
      }
      active = session;
      session.onvalidatemerchant = (event) => {
        applePay
          .performValidation({
            validationURL: event.validationURL,
            ...(typeof displayName === 'string' && displayName ? { displayName } : {}),
            ...(typeof domainName === 'string' && domainName ? { domainName } : {}),
          })
          .then(
            (merchantSession) => {
              if (active === session) session.completeMerchantValidation(merchantSession);
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
            active = null;
            if (!ended.aborted) handlers.paid(method);
          },
          (error: unknown) => {
            session.completePayment(Session.STATUS_FAILURE);
            fail(error, createError('APPLE_PAY_TOKENIZATION'));
          },
        );
      };
      session.oncancel = () => {
        // The shopper closed the sheet: nothing to report, the panel stays where it was.
        active = null;
      };
      session.begin();
    },
    teardown() {
      lifetime.end();
    },
  };
}
