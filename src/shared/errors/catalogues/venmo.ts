/**
 * Errors of Venmo (docs/venmo.md, "Errors"): the provider's SDK's codes and messages, word for word.
 * Only Venmo's file creates them: it registers them as it runs.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/** Venmo's part of the error catalogue. */
export const VENMO_ERRORS = {
  VENMO_NOT_ENABLED: {
    type: 'MERCHANT',
    message: 'Venmo is not enabled for this merchant.',
  },
  VENMO_TOKENIZATION_REQUEST_ACTIVE: {
    type: 'MERCHANT',
    message: 'Another tokenization request is active.',
  },
  VENMO_APP_FAILED: {
    type: 'UNKNOWN',
    message: 'Venmo app encountered a problem.',
  },
  VENMO_APP_CANCELED: {
    type: 'CUSTOMER',
    message: 'Venmo app authorization was canceled.',
  },
  VENMO_CANCELED: {
    type: 'CUSTOMER',
    message: 'User canceled Venmo authorization, or Venmo app is not available.',
  },
  VENMO_CUSTOMER_CANCELED: {
    type: 'CUSTOMER',
    message: 'User canceled Venmo authorization.',
  },
  VENMO_DESKTOP_CANCELED: {
    type: 'CUSTOMER',
    message: 'User canceled Venmo authorization by closing the Venmo Desktop modal.',
  },
  VENMO_DESKTOP_UNKNOWN_ERROR: {
    type: 'UNKNOWN',
    message: 'Something went wrong with the Venmo Desktop flow.',
  },
  VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED: {
    type: 'NETWORK',
    message: 'Something went wrong creating the Venmo Payment Context.',
  },
  VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED: {
    type: 'CUSTOMER',
    message: 'The Venmo authorization request is expired.',
  },
  VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED: {
    type: 'CUSTOMER',
    message: 'The Venmo authorization was canceled',
  },
  VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT: {
    type: 'CUSTOMER',
    message: 'Customer took too long to authorize Venmo payment.',
  },
  VENMO_MOBILE_POLLING_TOKENIZATION_FAILED: {
    type: 'UNKNOWN',
    message: 'The Venmo authorization failed.',
  },
  VENMO_INVALID_PROFILE_ID: {
    type: 'MERCHANT',
    message: 'Venmo profile ID is invalid.',
  },
  VENMO_INVALID_DEEP_LINK_RETURN_URL: {
    type: 'MERCHANT',
    message: 'Venmo deep link return URL is invalid.',
  },
  VENMO_TOKENIZATION_FAILED: {
    type: 'UNKNOWN',
    message: 'Venmo encountered a problem',
  },
} as const satisfies Catalogue;
