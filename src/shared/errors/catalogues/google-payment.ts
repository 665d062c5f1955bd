/**
 * Errors of Google Pay: the provider's SDK's codes in the catalogue's style, and the panel's own
 * for what happens between the page and Google's script.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/**
 * Google Pay's part of the error catalogue. `GOOGLE_PAYMENT_NOT_ENABLED` is the panel's (the first
 * script decides whether Google Pay is offered, and a file it carries cannot be carried by Google
 * Pay's file too): see `panel.ts`.
 */
export const GOOGLE_PAYMENT_ERRORS = {
  GOOGLE_PAYMENT_UNSUPPORTED_VERSION: {
    type: 'MERCHANT',
    message:
      'The SDK does not support Google Pay version {version}. Please upgrade the version of your SDK and contact support if this error persists.',
  },
  GOOGLE_PAYMENT_GATEWAY_ERROR: {
    type: 'UNKNOWN',
    message: 'There was an error when tokenizing the Google Pay payment method.',
  },
  GOOGLE_PAYMENT_REQUEST_FAILED: {
    type: 'UNKNOWN',
    message: 'Google Pay could not complete the payment ({statusCode}).',
  },
  GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED: {
    type: 'NETWORK',
    message: "Google Pay's script could not be loaded.",
  },
  GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT: {
    type: 'NETWORK',
    message: "Google Pay's script did not load within {seconds} seconds.",
  },
  GOOGLE_PAYMENT_READY_TIMEOUT: {
    type: 'NETWORK',
    message: 'Google Pay did not answer isReadyToPay within {seconds} seconds.',
  },
} as const satisfies Catalogue;
