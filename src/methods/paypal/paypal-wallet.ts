/**
 * The PayPal, PayPal Credit and Pay Later buttons' behaviour: the approval popup opens inside the shopper's
 * click at the landing page; the PayPal flow then creates the payment, sends the popup to PayPal's
 * approval page and tokenizes the approved account.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { createError, isPanelError } from '../../shared/errors';
import type { WalletIntegration } from '../wallet';
import { createPayPalCheckout, openPayPalPopup, type PayPalCheckoutOptions } from './paypal-checkout';

/** One approval window per page: a second click finds the open one instead of opening another. */
const POPUP_NAME = 'payment-panel-paypal';

/** Size of the approval popup, centred over the page. */
const POPUP_SIZE = { width: 450, height: 600 };

function popupFeatures(): string {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * PayPal (or PayPal Credit, with `offerCredit`; Pay Later, with `offerPayLater`) for the panel's button. Throws the catalogue error
 * of a merchant whose PayPal cannot start (e.g. `PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED`).
 */
export function createPayPalWallet(client: GatewayClient, options: PayPalCheckoutOptions): WalletIntegration {
  const checkout = createPayPalCheckout(client, options);
  return {
    pay(flowOptions, locale, handlers) {
      // Synchronously inside the click, or the browser blocks the popup; it opens at the landing page.
      const popup = openPayPalPopup(client, POPUP_NAME, popupFeatures());
      if (!popup) {
        handlers.failed(createError('PAYPAL_POPUP_OPEN_FAILED'));
        return;
      }
      handlers.busy(true);
      // The approval page speaks the panel's language unless the merchant names one, as in the drop-in.
      checkout.tokenize({ locale, ...flowOptions }, popup).then(
        (outcome) => {
          handlers.busy(false);
          if (outcome.status === 'approved') handlers.paid(outcome.result);
        },
        (error: unknown) => {
          handlers.busy(false);
          handlers.failed(isPanelError(error) ? error : createError('PAYPAL_FLOW_FAILED'));
        },
      );
    },
    teardown() {
      checkout.teardown();
    },
  };
}
