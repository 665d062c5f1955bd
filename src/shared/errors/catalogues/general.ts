/**
 * Errors shared by every component (docs/errors.md, "The catalogue"): options, versions, teardown, channels.
 *
 * The codes the factory at the end is bound to are constants of their own, so that it carries only
 * their messages.
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';
import { errorFactory } from '../factory';

const INCOMPATIBLE_VERSIONS = {
  type: 'MERCHANT',
  message:
    'Client (version {clientVersion}) and {component} (version {componentVersion}) components must be from the same SDK version.',
} as const satisfies CatalogueEntry;
const MISSING_CHANNEL_ID = {
  type: 'INTERNAL',
  message: 'Channel ID must be specified.',
} as const satisfies CatalogueEntry;

const INSTANTIATION_OPTION_REQUIRED = {
  type: 'MERCHANT',
  message: 'options.{option} is required when instantiating {component}.',
} as const satisfies CatalogueEntry;
const METHOD_CALLED_AFTER_TEARDOWN = {
  type: 'MERCHANT',
  message: '{method} cannot be called after teardown.',
} as const satisfies CatalogueEntry;
const BRAINTREE_API_ACCESS_RESTRICTED = {
  type: 'MERCHANT',
  message: "Your access is restricted and cannot use this part of the provider's API.",
} as const satisfies CatalogueEntry;
const INVALID_OPTION = {
  type: 'MERCHANT',
  message: 'The {option} option is invalid.',
} as const satisfies CatalogueEntry;

/** The general part of the error catalogue. */
export const GENERAL_ERRORS = {
  INSTANTIATION_OPTION_REQUIRED,
  INCOMPATIBLE_VERSIONS,
  METHOD_CALLED_AFTER_TEARDOWN,
  BRAINTREE_API_ACCESS_RESTRICTED,
  INVALID_USE_OF_INTERNAL_FUNCTION: {
    type: 'INTERNAL',
    message: 'This function is for internal use only.',
  },
  CALLBACK_REQUIRED: {
    type: 'MERCHANT',
    message: '{method} must include a callback function.',
  },
  INVALID_OPTION,
  MISSING_CHANNEL_ID,
} as const satisfies Catalogue;

/**
 * The general codes the page creates, which the first script knows. The others are a frame's
 * (which reports a missing channel to its own console) or the provider's SDK's codes for calls
 * the panel does not have: the page never creates them.
 */
export const PAGE_GENERAL_ERRORS = {
  INSTANTIATION_OPTION_REQUIRED,
  INCOMPATIBLE_VERSIONS,
  METHOD_CALLED_AFTER_TEARDOWN,
  BRAINTREE_API_ACCESS_RESTRICTED,
  INVALID_OPTION,
} as const satisfies Catalogue;

/**
 * Creates the error of a frame that cannot join its panel's channel. Every frame page loads it,
 * so it carries these two messages and no others.
 */
export const createChannelError = /* @__PURE__ */ errorFactory({ MISSING_CHANNEL_ID, INCOMPATIBLE_VERSIONS });
