/**
 * The US English texts the first script shows before the view's file is there: the loading
 * indicator, a failure, and the card frames' labels, placeholder and titles.
 * @packageDocumentation
 */
export const FIRST_SCRIPT_TEXTS = {
  cardNumberLabel: 'Card Number',
  cvvLabel: 'CVV',
  expirationDateLabel: 'Expiration Date',
  expirationDatePlaceholder: 'MM/YY',
  postalCodeLabel: 'Postal Code',
  cardholderNameLabel: 'Cardholder Name',
  frameTitle: 'Secure {label} input frame',
  loading: 'Loading payment options…',
  genericError: 'Something went wrong on our end.',
  noPaymentMethodAvailable: 'No payment method is available.',
} as const;
