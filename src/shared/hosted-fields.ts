/**
 * Facts of hosted fields that the page and the frames share: the field keys with their defaults,
 * the per-field state, the card-type candidates and the settable attributes (the styles whitelist is
 * field-styles.ts).
 * @packageDocumentation
 */
import type { cardCandidate, fieldState } from './frame-message-parts';
import type { Infer } from './strict-readers';

/** The hosted field keys (docs/hosted-fields.md, "Options"), plus the card sheet's cardholder name. */
export const FIELD_KEYS = [
  'number',
  'cvv',
  'expirationDate',
  'expirationMonth',
  'expirationYear',
  'postalCode',
  'cardholderName',
] as const;

/** A hosted field key. */
export type FieldKey = (typeof FIELD_KEYS)[number];

/** Whether a value is a hosted field key. */
export function isFieldKey(value: unknown): value is FieldKey {
  return typeof value === 'string' && (FIELD_KEYS as readonly string[]).includes(value);
}

/** Defaults of a field: input name, label, maximum length, autofill token and keyboard. */
export interface FieldDefaults {
  name: string;
  label: string;
  maxLength: number;
  autocomplete: string;
  inputMode: 'numeric' | 'text';
}

/** Defaults of every field (docs/card.md, "The card sheet"; the cardholder name limit is 255). */
export const FIELD_DEFAULTS: Readonly<Record<FieldKey, FieldDefaults>> = {
  number: {
    name: 'credit-card-number',
    label: 'Card Number',
    maxLength: 19,
    autocomplete: 'cc-number',
    inputMode: 'numeric',
  },
  cvv: { name: 'cvv', label: 'CVV', maxLength: 3, autocomplete: 'cc-csc', inputMode: 'numeric' },
  expirationDate: {
    name: 'expiration',
    label: 'Expiration Date',
    maxLength: 7,
    autocomplete: 'cc-exp',
    inputMode: 'numeric',
  },
  expirationMonth: {
    name: 'expiration-month',
    label: 'Expiration Month',
    maxLength: 2,
    autocomplete: 'cc-exp-month',
    inputMode: 'numeric',
  },
  expirationYear: {
    name: 'expiration-year',
    label: 'Expiration Year',
    maxLength: 4,
    autocomplete: 'cc-exp-year',
    inputMode: 'numeric',
  },
  postalCode: {
    name: 'postal-code',
    label: 'Postal Code',
    maxLength: 8,
    autocomplete: 'postal-code',
    inputMode: 'text',
  },
  cardholderName: {
    name: 'cardholder-name',
    label: 'Cardholder Name',
    maxLength: 255,
    autocomplete: 'cc-name',
    inputMode: 'text',
  },
};

/** State of one field (docs/hosted-fields.md, "The instance"; the page adds the container). */
export type FieldState = Infer<typeof fieldState>;

/** A brand the number may still be: what the page learns of the number, and nothing more. */
export type CardCandidate = Infer<typeof cardCandidate>;

/** Events a field reports to the page (docs/hosted-fields.md, "The instance"). */
export const FIELD_EVENT_TYPES = [
  'focus',
  'blur',
  'empty',
  'notEmpty',
  'validityChange',
  'cardTypeChange',
] as const;

/** A field event type. */
export type FieldEventType = (typeof FIELD_EVENT_TYPES)[number];

/**
 * The events a field's frame sends when its value changed its state from `previous` to `next`:
 * only what changed, in this order, and nothing when the state stayed the same, however much the
 * value changed (a card number autofilled over another valid one sends nothing). The frame and the
 * tests' fake frames both follow this rule, so no test can count on an event the frame never sends.
 * @param cardsChanged - whether the number's brand candidates changed (the number field only)
 */
export function fieldEventsOf(
  previous: FieldState,
  next: FieldState,
  cardsChanged = false,
): FieldEventType[] {
  const events: FieldEventType[] = [];
  if (next.isEmpty !== previous.isEmpty) events.push(next.isEmpty ? 'empty' : 'notEmpty');
  if (cardsChanged) events.push('cardTypeChange');
  if (next.isValid !== previous.isValid || next.isPotentiallyValid !== previous.isPotentiallyValid) {
    events.push('validityChange');
  }
  return events;
}

/**
 * The BIN the number's frame gives the page for the number's digits: its first six, once it has
 * six; `null` before. The frame sends `binAvailable` whenever this changes to a BIN, so once per
 * number typed, as the provider's hosted fields do; the tests' fake frames follow the same rule.
 */
export function binOf(digits: string): string | null {
  return /^\d{6}/.exec(digits)?.[0] ?? null;
}

/**
 * A language tag a field's frame takes for its document's `lang` (the panel's locale, e.g.
 * `ar-EG`, or the merchant page's language).
 */
export const LANGUAGE_TAG_PATTERN = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8}){0,3}$/;

/** The longest language tag a field's frame takes. */
export const LANGUAGE_TAG_MAX_LENGTH = 35;

/** Attributes the page may set on a field's input and the kind of value each takes (docs/hosted-fields.md). */
export const SETTABLE_ATTRIBUTES = {
  'aria-invalid': 'boolean',
  'aria-required': 'boolean',
  disabled: 'boolean',
  placeholder: 'string',
} as const;

/** A settable attribute. */
export type SettableAttribute = keyof typeof SETTABLE_ATTRIBUTES;
