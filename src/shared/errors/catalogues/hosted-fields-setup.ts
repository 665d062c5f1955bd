/**
 * Errors of the checks of `createHostedFields()`'s options (docs/errors.md, "The catalogue"), part
 * of the hosted fields' codes. Only the standalone hosted fields' file makes them: it registers
 * them, so the first script does not carry their messages.
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';

export const HOSTED_FIELDS_INVALID_FIELD_SELECTOR = {
  type: 'MERCHANT',
  message: 'Selector does not reference a valid DOM node.',
} as const satisfies CatalogueEntry;

export const HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME = {
  type: 'MERCHANT',
  message: 'Element already contains a hosted-fields frame.',
} as const satisfies CatalogueEntry;

export const HOSTED_FIELDS_FIELD_PROPERTY_INVALID = {
  type: 'MERCHANT',
  message: 'The value for {property} must be a number.',
} as const satisfies CatalogueEntry;

/** The codes of the standalone hosted fields' option checks, as that file registers them. */
export const HOSTED_FIELDS_SETUP_ERRORS = {
  HOSTED_FIELDS_INVALID_FIELD_SELECTOR,
  HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME,
  HOSTED_FIELDS_FIELD_PROPERTY_INVALID,
} as const satisfies Catalogue;
