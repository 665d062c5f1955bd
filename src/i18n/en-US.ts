/**
 * The panel's texts in US English, the language inside the main bundle. Shopper-facing error texts
 * are keyed by error code, so a merchant's translations can replace any of them.
 * @packageDocumentation
 */
export const EN_US = {
  payWithCard: 'Pay with card',
  acceptedCards: 'Accepted cards',
  cardNumberLabel: 'Card Number',
  cvvLabel: 'CVV',
  cvvThreeDigitLabelSubheading: '(3 digits)',
  cvvFourDigitLabelSubheading: '(4 digits)',
  expirationDateLabel: 'Expiration Date',
  expirationDateLabelSubheading: '(MM/YY)',
  expirationDatePlaceholder: 'MM/YY',
  postalCodeLabel: 'Postal Code',
  cardholderNameLabel: 'Cardholder Name',
  frameTitle: 'Secure {label} input frame',
  loading: 'Loading payment options…',
  genericError: 'Something went wrong on our end.',
  noPaymentMethodAvailable: 'No payment method is available.',
  fieldEmptyForNumber: 'Please fill out a card number.',
  fieldInvalidForNumber: 'This card number is not valid.',
  fieldEmptyForExpirationDate: 'Please fill out an expiration date.',
  fieldInvalidForExpirationDate: 'This expiration date is not valid.',
  fieldEmptyForCvv: 'Please fill out a CVV.',
  fieldInvalidForCvv: 'This security code is not valid.',
  fieldEmptyForPostalCode: 'Please fill out a postal code.',
  fieldInvalidForPostalCode: 'This postal code is not valid.',
  fieldEmptyForCardholderName: 'Please fill out a cardholder name.',
  fieldTooLongForCardholderName: 'Cardholder name must be less than 256 characters.',
  unsupportedCardTypeError: 'This card type is not supported. Please try another card.',
  // Shopper texts of catalogue errors, by code.
  HOSTED_FIELDS_FIELDS_EMPTY: 'Please fill out the card details.',
  HOSTED_FIELDS_FIELDS_INVALID: 'Please check your information and try again.',
  HOSTED_FIELDS_FAILED_TOKENIZATION: 'Please check your information and try again.',
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: 'This credit card already exists as a saved payment method.',
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED:
    'Credit card verification failed. Check your information and try again.',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'Network error. Please try again.',
} as const;

/** A key of the panel's texts. */
export type TextKey = keyof typeof EN_US;

/** Looks up a text and fills its `{placeholders}`. */
export function text(key: TextKey, values: Record<string, string> = {}): string {
  return EN_US[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The shopper text for a catalogue error code, or the generic one. */
export function errorText(code: string): string {
  return Object.hasOwn(EN_US, code) ? EN_US[code as TextKey] : EN_US.genericError;
}
