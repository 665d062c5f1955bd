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
  chooseAWayToPay: 'Choose a way to pay',
  chooseAnotherWayToPay: 'Choose another way to pay',
  otherWaysToPay: 'Other ways to pay',
  payingWith: 'Paying with {paymentSource}',
  savedPaymentMethods: 'Saved payment methods',
  endingIn: 'Ending in ••{lastTwo}',
  card: 'Card',
  PayPal: 'PayPal',
  PayPal_Credit: 'PayPal Credit',
  'Apple Pay': 'Apple Pay',
  walletButtonArea: '{label} button',
  payWithApplePay: 'Pay with Apple Pay',
  cardVerification: 'Card Verification',
  closeCardVerification: 'Close card verification',
  payWithPayPal: 'Pay with PayPal',
  payWithPayPalCredit: 'Pay with PayPal Credit',
  sandboxAccountNotLinked:
    'A linked sandbox account is required to use PayPal Checkout in sandbox. Link one in the provider control panel.',
  NO_PAYMENT_METHOD_AVAILABLE: 'Please choose a way to pay.',
  PAYPAL_POPUP_CLOSED: 'The PayPal window was closed before the payment was approved.',
  PAYPAL_POPUP_OPEN_FAILED: 'The PayPal window could not open. Allow pop-ups for this site and try again.',
  PAYPAL_TOKENIZATION_REQUEST_ACTIVE: 'PayPal is already open in another window.',
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED:
    'PayPal could not complete the payment. Please try again or choose another way to pay.',
  THREEDS_UNKNOWN_AUTH_RESPONSE: 'Your card could not be verified. Please try again or use another card.',
  APPLE_PAY_TOKENIZATION:
    'Apple Pay could not complete the payment. Please try again or choose another way to pay.',
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK:
    'Apple Pay is not reachable right now. Please try again or choose another way to pay.',
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

/** Looks up texts and fills their `{placeholders}`. */
export interface Texts {
  /** The text of a key, with `{placeholders}` filled from `values`. */
  readonly text: (key: TextKey, values?: Readonly<Record<string, string>>) => string;
  /** The shopper text for a catalogue error code, or the generic one. */
  readonly errorText: (code: string) => string;
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A locale's texts: any key it lacks is US English. */
export type LocaleTexts = Readonly<Partial<Record<TextKey, string>>>;

/**
 * The panel's texts: a locale's texts over US English, and a merchant's replacements over both.
 * Any key may be replaced, error codes included, even one that has no text of its own yet.
 */
export function createTexts(
  translations: Readonly<Record<string, string>> = {},
  localeTexts: LocaleTexts = {},
): Texts {
  const lookup = (key: string): string | undefined =>
    [translations, localeTexts, EN_US].find((texts) => Object.hasOwn(texts, key))?.[key as TextKey];
  return {
    text: (key, values = {}) => fill(lookup(key) ?? key, values),
    errorText: (code) => lookup(code) ?? lookup('genericError') ?? EN_US.genericError,
  };
}

const DEFAULT_TEXTS = createTexts();

/** Looks up a text in US English and fills its `{placeholders}`. */
export const text: Texts['text'] = DEFAULT_TEXTS.text;

/** The US English shopper text for a catalogue error code, or the generic one. */
export const errorText: Texts['errorText'] = DEFAULT_TEXTS.errorText;
