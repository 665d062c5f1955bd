/**
 * The list of payment methods to choose from: the customer's saved ones and the one paid with in
 * this visit. The chosen one is marked pressed; the heading says what the shopper pays with.
 */
import type { RawPaymentMethod } from '../model';
import { METHOD_TYPE_LABELS } from './option-labels';
import { OptionIcon } from './OptionIcon';
import { useTexts } from './texts-context';

/** Properties of {@link SavedMethods}. */
export interface SavedMethodsProps {
  methods: readonly RawPaymentMethod[];
  active: RawPaymentMethod | null;
  onSelect: (method: RawPaymentMethod) => void;
}

function detail(method: RawPaymentMethod, key: string): string | undefined {
  const value = method.details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The list of payment methods. */
export function SavedMethods({ methods, active, onSelect }: SavedMethodsProps) {
  const { text } = useTexts();

  /** What the list says of a method: its name, and what tells it apart. */
  const describe = (method: RawPaymentMethod): { label: string; description: string } => {
    switch (method.type) {
      case 'CreditCard':
        return {
          label: detail(method, 'cardType') ?? text('card'),
          description: text('endingIn', { lastTwo: detail(method, 'lastTwo') ?? '' }),
        };
      case 'PayPalAccount':
        return { label: text('PayPal'), description: detail(method, 'email') ?? '' };
      case 'ApplePayCard': {
        const lastTwo = detail(method, 'dpanLastTwo') ?? detail(method, 'lastTwo');
        return {
          label: text('Apple Pay'),
          description: lastTwo ? text('endingIn', { lastTwo }) : (detail(method, 'cardType') ?? ''),
        };
      }
      case 'AndroidPayCard': {
        const lastTwo = detail(method, 'lastTwo');
        const cardType = detail(method, 'cardType');
        return {
          label: text('Google Pay'),
          description: [cardType, lastTwo && text('endingIn', { lastTwo })].filter(Boolean).join(' '),
        };
      }
    }
  };

  return (
    <section className="saved-methods" part="saved-methods" aria-labelledby="saved-methods-label">
      <h2 className="list-heading" part="heading" id="saved-methods-label" tabIndex={-1}>
        {active
          ? text('payingWith', { paymentSource: text(METHOD_TYPE_LABELS[active.type]) })
          : text('savedPaymentMethods')}
      </h2>
      <ul className="method-list" aria-label={text('savedPaymentMethods')}>
        {methods.map((method, index) => {
          const { label, description } = describe(method);
          return (
            <li key={`${index}-${method.nonce}`}>
              <button
                type="button"
                className="method"
                part="saved-method"
                aria-pressed={method === active}
                data-type={method.type}
                onClick={() => {
                  onSelect(method);
                }}
              >
                <OptionIcon option={method.type} cardType={method.details.cardType} />
                <span className="method-text">
                  <span className="method-label">{label}</span>
                  <span className="method-description">{description}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
