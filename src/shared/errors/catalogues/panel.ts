/**
 * Errors of the panel itself: its configuration, what the shopper is told, and the files it loads
 * on demand.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/** The panel's part of the error catalogue. */
export const PANEL_ERRORS = {
  PAYMENT_OPTION_PRIORITY_NOT_ARRAY: { type: 'MERCHANT', message: 'paymentOptionPriority must be an array.' },
  PAYMENT_OPTION_PRIORITY_INVALID: {
    type: 'MERCHANT',
    message: 'paymentOptionPriority: Invalid payment option specified.',
  },
  NO_VALID_PAYMENT_OPTIONS: { type: 'MERCHANT', message: 'No valid payment options available.' },
  NO_PAYMENT_METHOD_AVAILABLE: { type: 'CUSTOMER', message: 'No payment method is available.' },
  APPLE_PAY_NOT_ENABLED: { type: 'MERCHANT', message: 'Apple Pay is not enabled for this merchant.' },
  GOOGLE_PAYMENT_NOT_ENABLED: { type: 'MERCHANT', message: 'Google Pay is not enabled for this merchant.' },
  BROWSER_NOT_SUPPORTED: {
    type: 'CUSTOMER',
    message: 'This browser lacks {capability}, which the panel needs.',
  },
  MODULE_LOAD_FAILED: { type: 'NETWORK', message: 'The {module} file of the panel could not be loaded.' },
  MODULE_LOAD_TIMEOUT: {
    type: 'NETWORK',
    message: 'The {module} file of the panel did not load within {seconds} seconds.',
  },
} as const satisfies Catalogue;
