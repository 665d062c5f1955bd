/**
 * The list of payment methods to choose from: the customer's saved ones and the one paid with in
 * this visit. The chosen one is marked pressed; the heading says what the shopper pays with. With
 * the vault manager, "Edit" turns the list into delete buttons (docs/vault-manager.md).
 */
import { useEffect, useRef } from 'react';
import type { VaultManagerAction, VaultManagerState } from '../controller';
import type { RawPaymentMethod } from '../model';
import { METHOD_TYPE_LABELS } from './option-labels';
import { OptionIcon } from './OptionIcon';
import { useTexts } from './texts-context';

/** Properties of {@link SavedMethods}. */
export interface SavedMethodsProps {
  methods: readonly RawPaymentMethod[];
  active: RawPaymentMethod | null;
  onSelect: (method: RawPaymentMethod) => void;
  /** The vault manager, when the merchant offers it and the list may be edited here; `null` otherwise. */
  manager?: VaultManagerState | null;
  /** The shopper's steps in the vault manager. */
  onManage?: (action: VaultManagerAction) => void;
  /** The saved methods are being fetched anew: they show, busy, and none can be chosen or edited. */
  refreshing?: boolean;
}

function detail(method: RawPaymentMethod, key: string): string | undefined {
  const value = method.details[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The list of payment methods. */
export function SavedMethods({
  methods,
  active,
  onSelect,
  manager = null,
  onManage,
  refreshing = false,
}: SavedMethodsProps) {
  const { text } = useTexts();
  const editing = manager?.editing === true;
  const returnTo = editing ? manager.returnTo : null;
  const buttons = useRef(new Map<RawPaymentMethod, HTMLButtonElement>());

  // Back from a question not to delete, focus is on the method it asked about.
  useEffect(() => {
    if (returnTo) buttons.current.get(returnTo)?.focus();
  }, [returnTo]);

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
      case 'VenmoAccount':
        return { label: text('Venmo'), description: detail(method, 'username') ?? '' };
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

  const heading = editing
    ? text('editPaymentMethods')
    : active
      ? text('payingWith', { paymentSource: text(METHOD_TYPE_LABELS[active.type]) })
      : text('savedPaymentMethods');

  return (
    <section
      className="saved-methods"
      part="saved-methods"
      aria-labelledby="saved-methods-label"
      aria-busy={refreshing || undefined}
    >
      <div className="list-header">
        <h2 className="list-heading" part="heading" id="saved-methods-label" tabIndex={-1}>
          {heading}
        </h2>
        {manager && onManage && (
          <button
            type="button"
            className="toggle edit-methods"
            part="edit-methods"
            aria-disabled={refreshing || undefined}
            onClick={() => {
              onManage({ type: editing ? 'cancelEditing' : 'edit' });
            }}
          >
            {text(editing ? 'cancelEditing' : 'edit')}
          </button>
        )}
      </div>
      <ul className="method-list" aria-label={text('savedPaymentMethods')}>
        {methods.map((method, index) => {
          const { label, description } = describe(method);
          return (
            <li key={`${index}-${method.nonce}`}>
              <button
                type="button"
                className={editing ? 'method deleting' : 'method'}
                part={editing ? 'saved-method delete-method' : 'saved-method'}
                aria-pressed={editing ? undefined : method === active}
                aria-disabled={(refreshing && method.vaulted) || undefined}
                data-type={method.type}
                ref={(element) => {
                  if (element) buttons.current.set(method, element);
                  else buttons.current.delete(method);
                }}
                onClick={() => {
                  if (editing) onManage?.({ type: 'choose', method });
                  else onSelect(method);
                }}
              >
                <OptionIcon option={method.type} cardType={method.details.cardType} />
                <span className="method-text">
                  <span className="method-label">{label}</span>
                  <span className="method-description">{description}</span>
                </span>
                {editing && <span className="method-action">{text('deleteMethod')}</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
