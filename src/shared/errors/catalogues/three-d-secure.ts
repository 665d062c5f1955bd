/**
 * Errors of 3D Secure (SPEC §8 "3D Secure").
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

/** 3D Secure's part of the error catalogue. */
export const THREE_D_SECURE_ERRORS = {
  THREEDS_AUTHENTICATION_IN_PROGRESS: {
    type: 'MERCHANT',
    message: 'Cannot call verifyCard while existing authentication is in progress.',
  },
  THREEDS_MISSING_VERIFY_CARD_OPTION: {
    type: 'MERCHANT',
    message: 'verifyCard options must include {option}.',
  },
  THREEDS_NO_VERIFICATION_PAYLOAD: { type: 'MERCHANT', message: 'No verification payload available.' },
  THREEDS_NOT_ENABLED,
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY,
  THREEDS_HTTPS_REQUIRED: { type: 'MERCHANT', message: '3D Secure requires HTTPS.' },
  THREEDS_TERM_URL_REQUIRES_DOMAIN: {
    type: 'INTERNAL',
    message: 'Term Url must be on an allowed provider domain.',
  },
  THREEDS_UNKNOWN_AUTH_RESPONSE: { type: 'UNKNOWN', message: '{message}' },
} as const satisfies Catalogue;
