/**
 * Business constants and limits (time-outs, sizes, versions), in one place.
 * @packageDocumentation
 */
/** Version of the provider's client SDK whose wire protocol the panel speaks. */
export const SDK_VERSION = '3.26.0';

/** `braintreeLibraryVersion` sent with every gateway request. */
export const LIBRARY_VERSION = `braintree/web/${SDK_VERSION}`;

/** Default time-out of a gateway request, in milliseconds. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** Time-out of an analytics request, in milliseconds. */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 2_000;

/** Time after which a hosted-fields frame that has not loaded is reported to analytics. */
export const HOSTED_FIELDS_LOAD_TIMEOUT_MS = 60_000;

/**
 * How long hosted fields may take to say ready before they are given up with
 * `HOSTED_FIELDS_TIMEOUT`, and why this long (docs/card.md, "When the card fields cannot load").
 */
export const HOSTED_FIELDS_SETUP_TIMEOUT_MS = 20_000;

/**
 * How often hosted fields are checked for a frame whose document has loaded without saying ready;
 * one found so at two checks in a row is given up with `HOSTED_FIELDS_FRAME_LOAD_FAILED`. The
 * frame says ready from its own script, before its `load`, but the message may reach the page
 * after the `load` does, later still on a busy page.
 */
export const HOSTED_FIELDS_SILENT_FRAME_MS = 1_500;

/** How long Google Pay's `isReadyToPay` may take before Google Pay is left out (`GOOGLE_PAYMENT_READY_TIMEOUT`). */
export const GOOGLE_PAY_READY_TIMEOUT_MS = 10_000;

/** Time-out for loading a wallet's script. */
export const WALLET_SCRIPT_LOAD_TIMEOUT_MS = 30_000;

/** `Braintree-Version` header of alternate-API calls. */
export const ALTERNATE_API_VERSION = '2017-04-03';

/** `Braintree-Version` of the provider's GraphQL API calls (docs/protocol.md, "GraphQL"). */
export const GRAPHQL_API_VERSION = '2018-05-10';

/** Time-out of an active payment method change, in milliseconds. */
export const ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS = 200;

/** Size of the 3D Secure bank frame, in CSS pixels. */
export const THREE_D_SECURE_FRAME_SIZE = { width: 400, height: 400 } as const;

/** How many years ahead an expiration year may lie. */
export const MAX_EXPIRATION_YEAR_AGE = 19;

/** Longest accepted cardholder name. */
export const CARDHOLDER_NAME_MAX_LENGTH = 255;

/** Tokenization-key environments. */
export const TOKENIZATION_KEY_ENVIRONMENTS = ['production', 'sandbox'] as const;

/** A tokenization-key environment. */
export type TokenizationKeyEnvironment = (typeof TOKENIZATION_KEY_ENVIRONMENTS)[number];

/** Analytics kind prefix of the panel's own events. */
export const ANALYTICS_PANEL_PREFIX = 'web.dropin.';

/** Analytics kind prefix of component events (hosted fields, wallets, 3D Secure). */
export const ANALYTICS_COMPONENT_PREFIX = 'web.';

/** How long a locale file, and the index of their hashes, each may take before the panel goes on in US English. */
export const LOCALE_TIMEOUT_MS = 5_000;

/** Folder of the locale files in the versioned folder: `<folder><locale>.json`. */
export const LOCALE_FOLDER = 'assets/locales/';

/**
 * The locale files' hashes in the versioned folder, by path (`assets/locales/de_DE.json` → its
 * sha384, the entries `integrity.json` has for them): the panel's runtime file carries this
 * file's own hash, so no locale file is read without its integrity (docs/texts-and-locales.md,
 * "Locales").
 */
export const LOCALE_INTEGRITY_FILE = 'assets/locale-integrity.json';
