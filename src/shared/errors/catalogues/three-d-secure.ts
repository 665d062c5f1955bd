/**
 * Errors of 3D Secure (docs/errors.md, "The catalogue"), and of version 2 (Cardinal's Songbird) with the
 * codes and messages of the provider's SDK.
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';

/** 3D Secure is off for the merchant (also the panel's answer when verification cannot start). */
export const THREEDS_NOT_ENABLED = {
  type: 'MERCHANT',
  message: '3D Secure is not enabled for this merchant.',
} as const satisfies CatalogueEntry;

/** 3D Secure refuses a tokenization key. */
export const THREEDS_CAN_NOT_USE_TOKENIZATION_KEY = {
  type: 'MERCHANT',
  message: '3D Secure can not use a tokenization key for authorization.',
} as const satisfies CatalogueEntry;

/**
 * `paymentPanel.create()` with `threeDSecure`: 3D Secure could not be made (refused, its file or
 * Songbird did not load or set up); `details.originalError` is why. The drop-in's message.
 */
export const THREEDS_SETUP_FAILED = {
  type: 'MERCHANT',
  message: '3D Secure failed to set up.',
} as const satisfies CatalogueEntry;

/**
 * The instance's `requestPaymentMethod()`: a card's verification failed; the selection was cleared
 * and the saved methods fetched again. `details.originalError` is the verification's error. The
 * drop-in's message.
 */
export const THREEDS_AUTHENTICATION_FAILED = {
  type: 'UNKNOWN',
  message: 'Something went wrong during 3D Secure authentication. Please try again.',
} as const satisfies CatalogueEntry;

/**
 * The codes of 3D Secure 2: Songbird's set-up and answers, the lookup, the issuer's challenge.
 * Registered beside {@link THREE_D_SECURE_ERRORS}, not spread into it: a spread at the top level
 * would keep both in the first script.
 */
export const THREE_D_SECURE_2_ERRORS = {
  THREEDS_NOT_ENABLED_FOR_V2: {
    type: 'MERCHANT',
    message:
      "3D Secure version 2 is not enabled for this merchant. Contact the provider's support for assistance.",
  },
  THREEDS_UNRECOGNIZED_VERSION: {
    type: 'MERCHANT',
    message: '{version} is not a recognized 3D Secure version: use 1 or 2.',
  },
  THREEDS_CARDINAL_SDK_SETUP_FAILED: {
    type: 'UNKNOWN',
    message: "Something went wrong setting up Cardinal's Songbird.js library.",
  },
  THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED: {
    type: 'NETWORK',
    message: "Cardinal's Songbird.js library could not be loaded.",
  },
  /** after 60 seconds */
  THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT: {
    type: 'UNKNOWN',
    message: "Cardinal's Songbird.js took too long to setup.",
  },
  THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT: {
    type: 'UNKNOWN',
    message: "Cardinal's API took too long to respond.",
  },
  THREEDS_CARDINAL_SDK_BAD_CONFIG: {
    type: 'MERCHANT',
    message: 'JWT or other required field missing. Please check your setup configuration.',
  },
  THREEDS_CARDINAL_SDK_BAD_JWT: {
    type: 'MERCHANT',
    message: 'Cardinal JWT missing or malformed. Please check your setup configuration.',
  },
  THREEDS_CARDINAL_SDK_ERROR: {
    type: 'UNKNOWN',
    message: 'A general error has occurred with Cardinal. See description for more information.',
  },
  THREEDS_CARDINAL_SDK_CANCELED: { type: 'CUSTOMER', message: 'Canceled by user.' },
  THREEDS_JWT_AUTHENTICATION_FAILED: {
    type: 'UNKNOWN',
    message: 'Something went wrong authenticating the JWT from Cardinal',
  },
  THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR: {
    type: 'MERCHANT',
    message:
      'Either the payment method nonce passed to `verifyCard` does not exist, or it was already consumed',
  },
  THREEDS_LOOKUP_VALIDATION_ERROR: {
    type: 'CUSTOMER',
    message: 'The data passed in `verifyCard` did not pass validation checks. See details for more info',
  },
  THREEDS_LOOKUP_ERROR: { type: 'UNKNOWN', message: 'Something went wrong during the 3D Secure lookup' },
  THREEDS_INLINE_IFRAME_DETAILS_INCORRECT: {
    type: 'UNKNOWN',
    message: 'Something went wrong when attempting to add the authentication iframe to the page.',
  },
} as const satisfies Catalogue;

/** 3D Secure's part of the error catalogue. */
export const THREE_D_SECURE_ERRORS = {
  THREEDS_AUTHENTICATION_IN_PROGRESS: {
    type: 'MERCHANT',
    message: 'Cannot call verifyCard while existing authentication is in progress.',
  },
  /** {option}: a nonce, an amount, an addFrame function, a removeFrame function */
  THREEDS_MISSING_VERIFY_CARD_OPTION: {
    type: 'MERCHANT',
    message: 'verifyCard options must include {option}.',
  },
  THREEDS_NO_VERIFICATION_PAYLOAD: { type: 'MERCHANT', message: 'No verification payload available.' },
  THREEDS_NOT_ENABLED,
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY,
  THREEDS_SETUP_FAILED,
  THREEDS_AUTHENTICATION_FAILED,
  THREEDS_HTTPS_REQUIRED: { type: 'MERCHANT', message: '3D Secure requires HTTPS.' },
  THREEDS_TERM_URL_REQUIRES_DOMAIN: {
    type: 'INTERNAL',
    message: 'Term Url must be on an allowed provider domain.',
  },
  /** the authentication response's error message */
  THREEDS_UNKNOWN_AUTH_RESPONSE: { type: 'UNKNOWN', message: '{message}' },
} as const satisfies Catalogue;
