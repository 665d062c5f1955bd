/**
 * The Apple Pay sheet's button. The click goes to the controller at once: Apple requires the
 * payment session to start inside it.
 */
import { useTexts } from './texts-context';

/** Properties of {@link ApplePayButton}. */
export interface ApplePayButtonProps {
  onPay: () => void;
}

/** The Apple Pay button. */
export function ApplePayButton({ onPay }: ApplePayButtonProps) {
  const { text } = useTexts();
  return (
    <button
      type="button"
      className="apple-pay-button"
      part="apple-pay-button"
      lang="en"
      aria-label={text('payWithApplePay')}
      onClick={onPay}
    >
      <span className="apple-pay-button-text" aria-hidden="true">
        {text('payWithApplePay')}
      </span>
    </button>
  );
}
