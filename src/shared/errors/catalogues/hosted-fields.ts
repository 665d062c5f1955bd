/**
 * Errors of the hosted fields (docs/errors.md, "The catalogue"): the page side's field setup and the
 * frames' tokenization.
 *
 * The codes the factory at the end is bound to are constants of their own, so that it carries only
 * their messages.
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';
import { errorFactory } from '../factory';
import {
  HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME,
  HOSTED_FIELDS_FIELD_PROPERTY_INVALID,
  HOSTED_FIELDS_INVALID_FIELD_SELECTOR,
} from './hosted-fields-setup';

const HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR = {
  type: 'NETWORK',
  message: 'A tokenization network error occurred.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE = {
  type: 'CUSTOMER',
  message: "This credit card already exists in the merchant's vault.",
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED = {
  type: 'CUSTOMER',
  message: 'CVV verification failed during tokenization.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_FAILED_TOKENIZATION = {
  type: 'CUSTOMER',
  message: 'The supplied card data failed tokenization.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_FIELDS_EMPTY = {
  type: 'CUSTOMER',
  message: 'All fields are empty. Cannot tokenize empty card fields.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_FIELDS_INVALID = {
  type: 'CUSTOMER',
  message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
} as const satisfies CatalogueEntry;

const HOSTED_FIELDS_INVALID_FIELD_KEY = {
  type: 'MERCHANT',
  message: '{field} is not a valid field.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_FIELD_INVALID = {
  type: 'MERCHANT',
  message: '{field} is not a valid field.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_FIELD_NOT_PRESENT = {
  type: 'MERCHANT',
  message: 'Cannot {method} {field} because it is not part of the current hosted fields.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED = {
  type: 'MERCHANT',
  message: 'The {attribute} attribute is not supported in Hosted Fields.',
} as const satisfies CatalogueEntry;
const HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED = {
  type: 'MERCHANT',
  message: 'Value {value} is not allowed for {attribute} attribute.',
} as const satisfies CatalogueEntry;

/** The hosted fields' part of the error catalogue. */
export const HOSTED_FIELDS_ERRORS = {
  HOSTED_FIELDS_INVALID_FIELD_KEY,
  HOSTED_FIELDS_INVALID_FIELD_SELECTOR,
  HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME,
  HOSTED_FIELDS_FIELD_INVALID,
  HOSTED_FIELDS_FIELD_NOT_PRESENT,
  HOSTED_FIELDS_FIELD_PROPERTY_INVALID,
  HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED,
  HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED,
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR,
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE,
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED,
  HOSTED_FIELDS_FAILED_TOKENIZATION,
  HOSTED_FIELDS_FIELDS_EMPTY,
  HOSTED_FIELDS_FIELDS_INVALID,
} as const satisfies Catalogue;

/** The hosted fields' codes the page creates or hears from the frames, which the first script knows. */
export const PAGE_HOSTED_FIELDS_ERRORS = {
  HOSTED_FIELDS_INVALID_FIELD_KEY,
  HOSTED_FIELDS_FIELD_INVALID,
  HOSTED_FIELDS_FIELD_NOT_PRESENT,
  HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED,
  HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED,
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR,
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE,
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED,
  HOSTED_FIELDS_FAILED_TOKENIZATION,
  HOSTED_FIELDS_FIELDS_EMPTY,
  HOSTED_FIELDS_FIELDS_INVALID,
} as const satisfies Catalogue;

/**
 * Creates the outcome error of a card tokenization. The tokenizing frame uses it, so it ships
 * these six messages and not the page side's setup errors.
 */
export const createTokenizationError = /* @__PURE__ */ errorFactory({
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR,
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE,
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED,
  HOSTED_FIELDS_FAILED_TOKENIZATION,
  HOSTED_FIELDS_FIELDS_EMPTY,
  HOSTED_FIELDS_FIELDS_INVALID,
});
