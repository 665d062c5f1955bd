/**
 * A wallet's sheet (PayPal, PayPal Credit, Apple Pay, Google Pay): a header with the wallet's logo and label,
 * and one button area where the wallet's button goes.
 */
import type { ReactNode } from 'react';
import type { PaymentOption } from '../model';
import { OPTION_LABELS } from './option-labels';
import { OptionIcon } from './OptionIcon';
import { useTexts } from './texts-context';

/** Properties of {@link WalletSheet}. */
export interface WalletSheetProps {
  option: Exclude<PaymentOption, 'card'>;
  /** The wallet's button. */
  children?: ReactNode;
  /** A payment through the wallet is under way. */
  busy?: boolean;
}

/** A wallet's sheet. */
export function WalletSheet({ option, children, busy = false }: WalletSheetProps) {
  const { text } = useTexts();
  const label = text(OPTION_LABELS[option]);
  const labelId = `${option}-sheet-label`;
  return (
    <section className="sheet wallet-sheet" part={`sheet ${option}-sheet`} aria-labelledby={labelId}>
      <header className="sheet-header" part="sheet-header">
        <span className="sheet-logo">
          <OptionIcon option={option} />
        </span>
        <h2 className="sheet-label" part="heading" id={labelId} tabIndex={-1}>
          {label}
        </h2>
      </header>
      <div
        className="button-area"
        part="button-area"
        role="group"
        aria-label={text('walletButtonArea', { label })}
        aria-busy={busy || undefined}
      >
        {children}
      </div>
    </section>
  );
}
