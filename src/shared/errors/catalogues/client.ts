/**
 * Errors of the gateway client (docs/errors.md, "The catalogue"): authorization, requests, configuration.
 *
 * The codes the factory at the end is bound to are constants of their own, so that it carries only
 * their messages.
 * @packageDocumentation
 */
import type { Catalogue, CatalogueEntry } from '../catalogue-entry';
import { errorFactory } from '../factory';

const CLIENT_GATEWAY_NETWORK = {
  type: 'NETWORK',
  message: 'Cannot contact the gateway at this time.',
} as const satisfies CatalogueEntry;
const CLIENT_REQUEST_TIMEOUT = {
  type: 'NETWORK',
  message: 'Request timed out waiting for a reply.',
} as const satisfies CatalogueEntry;
const CLIENT_REQUEST_ERROR = {
  type: 'NETWORK',
  message: 'There was a problem with your request.',
} as const satisfies CatalogueEntry;
const CLIENT_RATE_LIMITED = {
  type: 'MERCHANT',
  message: 'You are being rate-limited; please try again in a few minutes.',
} as const satisfies CatalogueEntry;
const CLIENT_AUTHORIZATION_INSUFFICIENT = {
  type: 'MERCHANT',
  message: 'The authorization used has insufficient privileges.',
} as const satisfies CatalogueEntry;

/** The client's part of the error catalogue. */
export const CLIENT_ERRORS = {
  CLIENT_INVALID_AUTHORIZATION: {
    type: 'MERCHANT',
    message: 'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  },
  CLIENT_GATEWAY_NETWORK,
  CLIENT_REQUEST_TIMEOUT,
  CLIENT_REQUEST_ERROR,
  CLIENT_RATE_LIMITED,
  CLIENT_AUTHORIZATION_INSUFFICIENT,
  CLIENT_MISSING_GATEWAY_CONFIGURATION: {
    type: 'INTERNAL',
    message: 'Missing gatewayConfiguration.',
  },
  CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN: {
    type: 'MERCHANT',
    message: '{property} property is on an invalid domain.',
  },
  CLIENT_OPTION_REQUIRED: {
    type: 'MERCHANT',
    message: '{option} is required when making a request.',
  },
  CLIENT_OPTION_INVALID: {
    type: 'MERCHANT',
    message: 'options.api is invalid.',
  },
} as const satisfies Catalogue;

/**
 * Creates the error of a failed gateway request. The HTTP wrapper uses it rather than `createError`
 * because the tokenizing frame sends its request through that wrapper: the frame then ships these
 * five messages, not the whole catalogue.
 */
export const createRequestError = /* @__PURE__ */ errorFactory({
  CLIENT_GATEWAY_NETWORK,
  CLIENT_REQUEST_TIMEOUT,
  CLIENT_REQUEST_ERROR,
  CLIENT_RATE_LIMITED,
  CLIENT_AUTHORIZATION_INSUFFICIENT,
});
