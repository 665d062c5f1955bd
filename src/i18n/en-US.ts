/**
 * The panel's texts in US English. Shopper-facing error texts are keyed by error code, so a
 * merchant's translations can replace any of them. The first script carries only the texts it
 * shows itself (en-US-first.ts); the rest come with the view's file, which registers them all as
 * this module runs.
 * @packageDocumentation
 */
import { FIRST_SCRIPT_TEXTS } from './en-US-first';
import { createTexts, registerTexts, type Texts } from './texts';

export { createTexts, type LocaleTexts, type Texts } from './texts';

export const EN_US = {
  ...FIRST_SCRIPT_TEXTS,
  payWithCard: 'Pay with card',
  acceptedCards: 'Accepted cards',
  saveCardLabel: 'Save card',
  cvvThreeDigitLabelSubheading: '(3 digits)',
  cvvFourDigitLabelSubheading: '(4 digits)',
  expirationDateLabelSubheading: '(MM/YY)',
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
  edit: 'Edit',
  editPaymentMethods: 'Edit payment methods',
  cancelEditing: 'Cancel',
  deleteMethod: 'Delete',
  creditCardDeleteConfirmation: 'Delete {brand} card ending in {lastFour}?',
  payPalAccountDeleteConfirmation: 'Delete PayPal account {email}?',
  genericDeleteConfirmation: 'Are you sure you want to delete this payment method?',
  deleteCancelButton: 'Cancel',
  deleteConfirmationButton: 'Delete',
  vaultManagerPaymentMethodDeletionError: 'Unable to delete payment method, try again.',
  card: 'Card',
  PayPal: 'PayPal',
  PayPal_Credit: 'PayPal Credit',
  PayPal_Pay_Later: 'PayPal Pay Later',
  Venmo: 'Venmo',
  'Apple Pay': 'Apple Pay',
  'Google Pay': 'Google Pay',
  walletButtonArea: '{label} button',
  payWithApplePay: 'Pay with Apple Pay',
  cardVerification: 'Card Verification',
  closeCardVerification: 'Close card verification',
  payWithPayPal: 'Pay with PayPal',
  payWithPayPalCredit: 'Pay with PayPal Credit',
  payWithPayPalPayLater: 'Pay Later with PayPal',
  payWithVenmo: 'Pay with Venmo',
  venmoUseButton: 'Use the Venmo button to continue with your payment.',
  venmoScanHeading: 'Scan to pay with Venmo',
  venmoScanInstructions: 'Scan this code with your phone to open Venmo and approve the payment.',
  venmoQrCode: 'Venmo QR code',
  venmoAuthorizing: 'Authorizing in Venmo…',
  closeVenmo: 'Close Venmo',
  sandboxAccountNotLinked:
    'A linked sandbox account is required to use PayPal Checkout in sandbox. Link one in the provider control panel.',
  NO_PAYMENT_METHOD_AVAILABLE: 'Please choose a way to pay.',
  PAYPAL_POPUP_CLOSED: 'The PayPal window was closed before the payment was approved.',
  PAYPAL_POPUP_OPEN_FAILED: 'The PayPal window could not open. Allow pop-ups for this site and try again.',
  PAYPAL_TOKENIZATION_REQUEST_ACTIVE: 'PayPal is already open in another window.',
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED:
    'PayPal could not complete the payment. Please try again or choose another way to pay.',
  THREEDS_UNKNOWN_AUTH_RESPONSE: 'Your card could not be verified. Please try again or use another card.',
  threeDSecureFailed: 'Something went wrong during 3D Secure authentication. Please try again.',
  APPLE_PAY_TOKENIZATION:
    'Apple Pay could not complete the payment. Please try again or choose another way to pay.',
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK:
    'Apple Pay is not reachable right now. Please try again or choose another way to pay.',
  VENMO_CANCELED:
    'Something went wrong. Ensure you have the most recent version of the Venmo app installed on your device and your browser supports switching to Venmo.',
  VENMO_APP_FAILED: 'The Venmo app could not be found on your device.',
  GOOGLE_PAYMENT_GATEWAY_ERROR:
    'Google Pay could not complete the payment. Please try again or choose another way to pay.',
  GOOGLE_PAYMENT_REQUEST_FAILED:
    'Google Pay could not complete the payment. Please try again or choose another way to pay.',
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

registerTexts(EN_US);

const DEFAULT_TEXTS = createTexts();

/** Looks up a text in US English and fills its `{placeholders}`. */
export const text: Texts['text'] = DEFAULT_TEXTS.text;

/** The US English shopper text for a catalogue error code, or the generic one. */
export const errorText: Texts['errorText'] = DEFAULT_TEXTS.errorText;
