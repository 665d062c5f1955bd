/** The list of payment options (card, PayPal, PayPal Credit, Apple Pay, Google Pay) the shopper picks from. */
import type { PaymentOption } from '../model';
import { OPTION_LABELS } from './option-labels';
import { OptionIcon } from './OptionIcon';
import { useTexts } from './texts-context';

/** Properties of {@link PaymentOptionList}. */
export interface PaymentOptionListProps {
  options: readonly PaymentOption[];
  /** The heading: "Other ways to pay" below saved methods, "Choose a way to pay" otherwise. */
  heading: string;
  onSelect: (option: PaymentOption) => void;
}

/** The list of payment options. */
export function PaymentOptionList({ options, heading, onSelect }: PaymentOptionListProps) {
  const { text } = useTexts();
  return (
    <section className="payment-options" part="options" aria-labelledby="payment-options-label">
      <h2 className="list-heading" part="heading" id="payment-options-label" tabIndex={-1}>
        {heading}
      </h2>
      <ul className="option-list">
        {options.map((option) => (
          <li key={option}>
            <button
              type="button"
              className="option"
              part="option"
              data-option={option}
              onClick={() => {
                onSelect(option);
              }}
            >
              <OptionIcon option={option} />
              <span className="option-label">{text(OPTION_LABELS[option])}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
