/**
 * The error catalogue (docs/errors.md, "The catalogue"): every code with its type and message.
 * Messages are fixed text, word for word as that page lists them; `{name}` marks a value filled in
 * when the error is created. Codes carry their component's prefix where a bare name would collide.
 *
 * Each component's codes live in a module of their own under `catalogues/`, so code that creates
 * only one component's errors (the frames) can import just that part; this module puts them
 * together in the catalogue's order.
 * @packageDocumentation
 */
import type { Catalogue } from './catalogue-entry';
import { APPLE_PAY_ERRORS } from './catalogues/apple-pay';
import { CLIENT_ERRORS } from './catalogues/client';
import { DATA_COLLECTOR_ERRORS } from './catalogues/data-collector';
import { GENERAL_ERRORS } from './catalogues/general';
import { GOOGLE_PAYMENT_ERRORS } from './catalogues/google-payment';
import { HOSTED_FIELDS_ERRORS } from './catalogues/hosted-fields';
import { HOSTED_FIELDS_LOAD_ERRORS } from './catalogues/hosted-fields-load';
import { PANEL_ERRORS } from './catalogues/panel';
import { PAYPAL_ERRORS } from './catalogues/paypal';
import { THREE_D_SECURE_2_ERRORS, THREE_D_SECURE_ERRORS } from './catalogues/three-d-secure';
import { VAULT_MANAGER_ERRORS } from './catalogues/vault-manager';
import { VENMO_ERRORS } from './catalogues/venmo';

export type { CatalogueEntry, ErrorType } from './catalogue-entry';

/**
 * Every code of the panel with its type and message.
 *
 * Built in an annotated call because bundlers keep a top-level object spread even when nothing
 * reads it (a spread may run getters); this way a frame that reaches this module only through an
 * unused function does not ship every message.
 */
export const ERROR_CATALOGUE = /* @__PURE__ */ (() =>
  ({
    ...CLIENT_ERRORS,
    ...GENERAL_ERRORS,
    ...PANEL_ERRORS,
    ...APPLE_PAY_ERRORS,
    ...HOSTED_FIELDS_ERRORS,
    ...HOSTED_FIELDS_LOAD_ERRORS,
    ...PAYPAL_ERRORS,
    ...VENMO_ERRORS,
    ...THREE_D_SECURE_ERRORS,
    ...THREE_D_SECURE_2_ERRORS,
    ...DATA_COLLECTOR_ERRORS,
    ...GOOGLE_PAYMENT_ERRORS,
    ...VAULT_MANAGER_ERRORS,
  }) as const satisfies Catalogue)();

/** A code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;
