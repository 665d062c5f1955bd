/**
 * Errors of PayPal and PayPal Credit (docs/errors.md, "The catalogue").
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';

/** The PayPal flow could not start (also the panel's answer when PayPal fails for no known reason). */
export const PAYPAL_FLOW_FAILED = {
  type: 'NETWORK',
  message: 'Could not initialize PayPal flow.',
} as const satisfies CatalogueEntry;

/** PayPal's part of the error catalogue. */
export const PAYPAL_ERRORS = {
  PAYPAL_NOT_ENABLED: { type: 'MERCHANT', message: 'PayPal is not enabled for this merchant.' },
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: {
    type: 'MERCHANT',
    message: 'A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox.',
  },
  PAYPAL_TOKENIZATION_REQUEST_ACTIVE: {
    type: 'MERCHANT',
    message: 'Another tokenization request is active.',
  },
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: {
    type: 'NETWORK',
    message: "Could not tokenize user's PayPal account.",
  },
  PAYPAL_FLOW_FAILED,
  PAYPAL_FLOW_OPTION_REQUIRED: { type: 'MERCHANT', message: 'PayPal flow property is invalid or missing.' },
  PAYPAL_POPUP_OPEN_FAILED: {
    type: 'MERCHANT',
    message: 'PayPal popup failed to open, make sure to tokenize in response to a user action.',
  },
  PAYPAL_POPUP_CLOSED: { type: 'CUSTOMER', message: 'Customer closed PayPal popup before authorizing.' },
  PAYPAL_INVALID_PAYMENT_OPTION: { type: 'MERCHANT', message: 'PayPal payment options are invalid.' },
} as const satisfies Catalogue;
