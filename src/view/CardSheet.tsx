/**
 * The card sheet: the accepted-card icons, the fields (each field's secure frame shows through its
 * slot), the detected brand, CVV and expiry subheadings, inline errors and the sheet's own error.
 * Everything it shows comes from the controller's card form; card data stays in the frames.
 */
import type { ReactNode } from 'react';
import { CARD_BRANDS } from '../shared/card-brands';
import { FIELD_LABELS, fieldSlot, type CardSheetState, type SheetField } from '../controller';
import { BrandIcon } from './icons/BrandIcon';
import { CardIcon } from './icons/CardIcon';
import { CvvIcon } from './icons/CvvIcon';
import { ErrorIcon } from './icons/ErrorIcon';
import { SheetError } from './SheetError';
import { useTexts } from './texts-context';

/** Properties of {@link CardSheet}. */
export interface CardSheetProps {
  card: CardSheetState;
  /** The shopper clicked a field's label. */
  onFocusField: (field: SheetField) => void;
  /** The shopper checked or unchecked "Save card". */
  onSaveCard: (checked: boolean) => void;
}

/** The card sheet. */
export function CardSheet({ card, onFocusField, onSaveCard }: CardSheetProps) {
  const { text } = useTexts();
  const { fields, brand, errors, focused, supported } = card;
  const fourDigitCvv = brand ? CARD_BRANDS[brand].code.size === 4 : false;

  const renderField = (field: SheetField, subheading?: string, icon?: ReactNode) => {
    const error = errors[field];
    return (
      <div className="field" part={`field field-${field}`} data-invalid={error !== undefined} key={field}>
        <div className="field-label" part="field-label" id={`card-${field}-label`}>
          {/* Like a native label for mouse users; keyboard users reach the frame with Tab. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <span
            className="field-label-text"
            onClick={() => {
              onFocusField(field);
            }}
          >
            {text(FIELD_LABELS[field])}
          </span>
          {subheading && <span className="field-subheading">{subheading}</span>}
        </div>
        <div className="field-input" part="field-input" data-focused={focused === field}>
          <div className="field-container" part="field-container">
            <slot name={fieldSlot(field)} />
          </div>
          {icon && <span className="field-icon">{icon}</span>}
        </div>
        <div className="field-error" id={`card-${field}-error`} part="field-error" aria-live="polite">
          {error && (
            <>
              <ErrorIcon />
              <span>{error}</span>
            </>
          )}
        </div>
      </div>
    );
  };

  return (
    <section
      className="sheet card-sheet"
      part="sheet card-sheet"
      aria-labelledby="card-sheet-label"
      data-ready={card.ready}
    >
      <header className="sheet-header" part="sheet-header">
        <span className="sheet-logo">
          <CardIcon />
        </span>
        <h2 className="sheet-label" part="heading" id="card-sheet-label" tabIndex={-1}>
          {text('payWithCard')}
        </h2>
        <ul className="accepted-cards" aria-label={text('acceptedCards')}>
          {supported.map((type) => (
            <li key={type} data-brand={type} data-detected={brand === type}>
              <BrandIcon type={type} />
            </li>
          ))}
        </ul>
      </header>
      <SheetError message={card.message} />
      <div className="sheet-content">
        {fields.includes('cardholderName') && renderField('cardholderName')}
        {renderField('number', undefined, brand ? <BrandIcon type={brand} /> : <CardIcon />)}
        <div className="field-row">
          {renderField('expirationDate', text('expirationDateLabelSubheading'))}
          {fields.includes('cvv') &&
            renderField(
              'cvv',
              text(fourDigitCvv ? 'cvvFourDigitLabelSubheading' : 'cvvThreeDigitLabelSubheading'),
              <CvvIcon front={fourDigitCvv} />,
            )}
          {fields.includes('postalCode') && renderField('postalCode')}
        </div>
        {typeof card.saveCard === 'boolean' && (
          <label className="save-card" part="save-card">
            <input
              type="checkbox"
              checked={card.saveCard}
              onChange={(event) => {
                onSaveCard(event.currentTarget.checked);
              }}
            />
            {text('saveCardLabel')}
          </label>
        )}
      </div>
    </section>
  );
}
