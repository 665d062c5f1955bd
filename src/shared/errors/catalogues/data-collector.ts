/**
 * Errors of the data collector (device data for the provider's fraud tools), with the codes and
 * messages of the provider's SDK.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/** The data collector's part of the error catalogue. */
export const DATA_COLLECTOR_ERRORS = {
  DATA_COLLECTOR_KOUNT_NOT_ENABLED: { type: 'MERCHANT', message: 'Kount is not enabled for this merchant.' },
  DATA_COLLECTOR_KOUNT_ERROR: {
    type: 'MERCHANT',
    message: '{environment} is not a valid environment for kount.environment.',
  },
  DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS: {
    type: 'MERCHANT',
    message: 'Data Collector must be created with Kount and/or PayPal.',
  },
} as const satisfies Catalogue;
