/**
 * Errors of Apple Pay (docs/errors.md, "The catalogue").
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/**
 * Apple Pay's part of the error catalogue. `APPLE_PAY_NOT_ENABLED` is the panel's (it decides
 * whether Apple Pay is offered): see `panel.ts`.
 */
export const APPLE_PAY_ERRORS = {
  APPLE_PAY_VALIDATION_URL_REQUIRED: {
    type: 'MERCHANT',
    message: 'performValidation must be called with a validationURL.',
  },
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK: {
    type: 'NETWORK',
    message: 'A network error occurred when validating the Apple Pay merchant.',
  },
  APPLE_PAY_MERCHANT_VALIDATION_FAILED: {
    type: 'MERCHANT',
    message: "Make sure you have registered your domain name in the provider's control panel.",
  },
  APPLE_PAY_PAYMENT_TOKEN_REQUIRED: {
    type: 'MERCHANT',
    message: 'tokenize must be called with a payment token.',
  },
  APPLE_PAY_TOKENIZATION: {
    type: 'NETWORK',
    message: 'A network error occurred when processing the Apple Pay payment.',
  },
} as const satisfies Catalogue;
