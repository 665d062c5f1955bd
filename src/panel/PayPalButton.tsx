/**
 * The PayPal (or PayPal Credit) sheet's button. The shopper's click opens the approval popup at
 * once, at the landing page, as browsers only allow in a click; the PayPal flow then creates the
 * payment, shows PayPal's approval page in the popup and tokenizes the approved account.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import type { GatewayClient } from '../client';
import { createPayPalCheckout, openPayPalPopup, type PayPalCheckout } from '../methods/paypal';
import type { RawPaymentMethod } from '../model';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import type { PayPalOptions } from './panel-options';
import { useTexts } from './texts-context';

/** One approval window per page: a second click finds the open one instead of opening another. */
const POPUP_NAME = 'payment-panel-paypal';

/** Size of the approval popup, centred over the page. */
const POPUP_SIZE = { width: 450, height: 600 };

/** Properties of {@link PayPalButton}. */
export interface PayPalButtonProps {
  client: GatewayClient;
  /** PayPal Credit offers credit; the flow is otherwise the same. */
  credit: boolean;
  options: PayPalOptions | undefined;
  /** The shopper approved and the account was tokenized. */
  onPaid: (method: RawPaymentMethod) => void;
  onError: (error: PanelError) => void;
  /** PayPal cannot start for this merchant; called once. */
  onUnavailable: (error: PanelError) => void;
}

function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_SIZE.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_SIZE.height) / 2);
  return `popup,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/** The PayPal or PayPal Credit button, or the note that the sandbox account is not linked. */
export function PayPalButton({ client, credit, options, onPaid, onError, onUnavailable }: PayPalButtonProps) {
  const { text } = useTexts();
  const [busy, setBusy] = useState(false);
  const checkout = useMemo((): PayPalCheckout | PanelError => {
    try {
      return createPayPalCheckout(client, { offerCredit: credit });
    } catch (error) {
      return isPanelError(error) ? error : createError('PAYPAL_FLOW_FAILED');
    }
  }, [client, credit]);
  const unavailable = 'code' in checkout ? checkout : null;

  // A merchant whose PayPal cannot start learns why once; the sheet says what the shopper needs to know.
  useEffect(() => {
    if (unavailable) onUnavailable(unavailable);
  }, [unavailable, onUnavailable]);

  useEffect(
    () => () => {
      if (!('code' in checkout)) checkout.teardown();
    },
    [checkout],
  );

  if ('code' in checkout) {
    return (
      <p className="wallet-note" part="wallet-note">
        {checkout.code === 'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED'
          ? text('sandboxAccountNotLinked')
          : text('genericError')}
      </p>
    );
  }

  const start = (event: MouseEvent<HTMLButtonElement>): void => {
    // Synchronously inside the click, or the browser blocks the popup.
    const popup = openPayPalPopup(client, POPUP_NAME, popupFeatures());
    if (!popup) {
      onError(createError('PAYPAL_POPUP_OPEN_FAILED'));
      return;
    }
    setBusy(true);
    // The approval page speaks the panel's language unless the merchant names one, as in the drop-in.
    const locale = event.currentTarget.closest('[lang]')?.getAttribute('lang')?.replace('-', '_');
    checkout.tokenize({ locale, ...options }, popup).then(
      (outcome) => {
        setBusy(false);
        if (outcome.status === 'approved') onPaid(outcome.result);
      },
      (error: unknown) => {
        setBusy(false);
        onError(isPanelError(error) ? error : createError('PAYPAL_FLOW_FAILED'));
      },
    );
  };

  const label = text(credit ? 'payWithPayPalCredit' : 'payWithPayPal');
  return (
    <button
      type="button"
      className={credit ? 'paypal-button paypal-credit-button' : 'paypal-button'}
      part="paypal-button"
      aria-busy={busy}
      onClick={start}
    >
      {label}
    </button>
  );
}
