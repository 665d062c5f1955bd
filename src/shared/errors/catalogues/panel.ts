/**
 * Errors of the panel itself (SPEC §5 "Panel configuration", §8 "Panel text shown to the shopper").
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
} as const satisfies Catalogue;
