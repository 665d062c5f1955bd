/**
 * The text key naming each payment option and each method type.
 * @packageDocumentation
 */
import type { TextKey } from '../i18n/en-US';
import type { PaymentMethodType, PaymentOption } from '../model';

/** Text key of each payment option's name. */
export const OPTION_LABELS: Readonly<Record<PaymentOption, TextKey>> = {
  card: 'card',
  paypal: 'PayPal',
  paypalCredit: 'PayPal_Credit',
  paypalPayLater: 'PayPal_Pay_Later',
  venmo: 'Venmo',
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
};

/** Text key of each method type's name. */
export const METHOD_TYPE_LABELS: Readonly<Record<PaymentMethodType, TextKey>> = {
  CreditCard: 'card',
  PayPalAccount: 'PayPal',
  VenmoAccount: 'Venmo',
  ApplePayCard: 'Apple Pay',
  AndroidPayCard: 'Google Pay',
};
