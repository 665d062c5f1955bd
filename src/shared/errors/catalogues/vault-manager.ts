/**
 * Errors of the vault manager (deleting a saved payment method, docs/vault-manager.md), with the
 * codes and messages of the provider's drop-in.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/** The vault manager's part of the error catalogue. */
export const VAULT_MANAGER_ERRORS = {
  VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN: {
    type: 'MERCHANT',
    message: 'A client token with a customer id must be used to delete a payment method nonce.',
  },
  VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND: {
    type: 'MERCHANT',
    message: 'A payment method for payment method nonce `{nonce}` could not be found.',
  },
  VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR: {
    type: 'UNKNOWN',
    message:
      'An unknown error occurred when attempting to delete the payment method associated with the payment method nonce `{nonce}`.',
  },
} as const satisfies Catalogue;
