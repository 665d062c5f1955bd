/**
 * The Venmo sheet's button. The click goes to the controller at once: the switch to Venmo (a new
 * tab, the web login's popup) must open inside it.
 */
import type { WalletSheetState } from '../controller';
import { useTexts } from './texts-context';

/** Properties of {@link VenmoButton}. */
export interface VenmoButtonProps {
  wallet: WalletSheetState;
  onPay: () => void;
}

/** The Venmo button. */
export function VenmoButton({ wallet, onPay }: VenmoButtonProps) {
  const { text } = useTexts();
  return (
    <button
      type="button"
      className="venmo-button"
      part="venmo-button"
      aria-busy={wallet.busy}
      onClick={onPay}
    >
      {text('payWithVenmo')}
    </button>
  );
}
