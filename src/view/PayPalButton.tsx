/**
 * The PayPal (or PayPal Credit) sheet's button, or the note saying why PayPal cannot be used. The
 * click goes to the controller at once: the approval popup must open inside it.
 */
import type { WalletSheetState } from '../controller';
import { useTexts } from './texts-context';

/** Properties of {@link PayPalButton}. */
export interface PayPalButtonProps {
  /** PayPal Credit offers credit; the flow is otherwise the same. */
  credit: boolean;
  wallet: WalletSheetState;
  onPay: () => void;
}

/** The PayPal or PayPal Credit button, or the note that PayPal cannot be used. */
export function PayPalButton({ credit, wallet, onPay }: PayPalButtonProps) {
  const { text } = useTexts();
  if (!wallet.available) {
    return (
      <p className="wallet-note" part="wallet-note">
        {wallet.note ?? text('genericError')}
      </p>
    );
  }
  return (
    <button
      type="button"
      className={credit ? 'paypal-button paypal-credit-button' : 'paypal-button'}
      part="paypal-button"
      aria-busy={wallet.busy}
      onClick={onPay}
    >
      {text(credit ? 'payWithPayPalCredit' : 'payWithPayPal')}
    </button>
  );
}
