/**
 * The PayPal, PayPal Credit or Pay Later sheet's button, or the note saying why PayPal cannot be
 * used. The click goes to the controller at once: the approval popup must open inside it.
 */
import type { WalletSheetState } from '../controller';
import type { TextKey } from '../i18n/en-US';
import { useTexts } from './texts-context';

/** The options PayPal's button pays with: one flow, with credit or Pay Later offered. */
export type PayPalButtonOption = 'paypal' | 'paypalCredit' | 'paypalPayLater';

/** The text of each option's button. */
const BUTTON_TEXTS: Readonly<Record<PayPalButtonOption, TextKey>> = {
  paypal: 'payWithPayPal',
  paypalCredit: 'payWithPayPalCredit',
  paypalPayLater: 'payWithPayPalPayLater',
};

/** Properties of {@link PayPalButton}. */
export interface PayPalButtonProps {
  /** The option the button pays with: the flow is the same, PayPal Credit offers credit, Pay Later its plans. */
  option: PayPalButtonOption;
  wallet: WalletSheetState;
  onPay: () => void;
}

/** The PayPal, PayPal Credit or Pay Later button, or the note that PayPal cannot be used. */
export function PayPalButton({ option, wallet, onPay }: PayPalButtonProps) {
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
      className={option === 'paypalCredit' ? 'paypal-button paypal-credit-button' : 'paypal-button'}
      part="paypal-button"
      aria-busy={wallet.busy}
      onClick={onPay}
    >
      {text(BUTTON_TEXTS[option])}
    </button>
  );
}
