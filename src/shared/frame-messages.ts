/**
 * The messages between the page and the frames (docs/architecture.md, "Frames and their channel"):
 * one discriminated union
 * per direction, keyed on `type`, and the frames' strict reader of the page's messages. The page
 * reads the frames' messages with the reader of `frame-to-page-schema.ts`, which the frames never
 * import: each side carries only the reader of what it receives.
 * @packageDocumentation
 */
import { SHORT_TEXT_MAX_LENGTH, type FrameKind } from './frame-channel';
import {
  FIELD_KEYS,
  LANGUAGE_TAG_MAX_LENGTH,
  SETTABLE_ATTRIBUTES,
  type CardCandidate,
  type FieldEventType,
  type FieldKey,
  type FieldState,
  type SettableAttribute,
} from './hosted-fields';
import {
  array,
  boolean,
  discriminated,
  finiteNumber,
  object,
  oneOf,
  optional,
  parseWith,
  record,
  string,
  union,
} from './strict-readers';

/** A panel error as it crosses frames, before the page checks it against the catalogue. */
export interface WireError {
  name: 'PanelError';
  code: string;
  type: string;
  message: string;
  details?: Record<string, unknown> | undefined;
}

/** The card payload a hosted-fields frame hands the page: never card data, only the gateway's answer. */
export interface CardPayload {
  nonce: string;
  type: 'CreditCard';
  description: string;
  details: {
    cardType: string;
    lastTwo: string;
    lastFour?: string | undefined;
    bin?: string | undefined;
    expirationMonth?: string | undefined;
    expirationYear?: string | undefined;
    cardholderName?: string | undefined;
  };
  binData?: Record<string, unknown> | undefined;
}

/** A message from a frame to the page. */
export type FrameToPageMessage =
  | { type: 'frameReady'; frame: FrameKind; version: string; field?: FieldKey | undefined }
  | { type: 'frameError'; frame: FrameKind; error: WireError }
  // Hosted fields: a field's state changed. `cards` only from the number field.
  | {
      type: 'fieldEvent';
      event: FieldEventType;
      field: FieldKey;
      state: FieldState;
      cards?: CardCandidate[] | undefined;
    }
  // Hosted fields: the shopper pressed Enter in a field.
  | { type: 'submitRequest'; field: FieldKey }
  // Hosted fields: the answer to a `tokenize` request, from the tokenizing frame.
  | {
      type: 'tokenizeResult';
      requestId: string;
      payload?: CardPayload | undefined;
      error?: WireError | undefined;
    };

/** How the tokenizing frame authenticates to the gateway. */
export type TokenizerAuthorization = { tokenizationKey: string } | { authorizationFingerprint: string };

/** A message from the page to a frame. */
export type PageToFrameMessage =
  // Hosted fields: how the frame's field looks and behaves.
  | {
      type: 'configureField';
      field: FieldKey;
      label?: string | undefined;
      placeholder?: string | undefined;
      maxlength?: number | undefined;
      minlength?: number | undefined;
      prefill?: string | undefined;
      styles: Record<string, Record<string, string>>;
      // The language and direction of the field's surroundings, for the frame's document.
      lang?: string | undefined;
      dir?: 'ltr' | 'rtl' | undefined;
    }
  // Hosted fields: makes this frame the one that tokenizes, with the gateway to send the card to.
  | {
      type: 'configureTokenizer';
      fields: FieldKey[];
      clientApiUrl: string;
      // The configuration's `analytics.url`, where the frame reports how tokenizations end;
      // without it the frame reports nothing (a page of an older panel sends none).
      analyticsUrl?: string | undefined;
      authorization: TokenizerAuthorization;
      metadata: Record<string, string>;
      supportedCardTypes: string[];
    }
  | {
      type: 'tokenize';
      requestId: string;
      vault: boolean;
      billingAddress?: Record<string, string> | undefined;
    }
  | { type: 'setAttribute'; field: FieldKey; attribute: SettableAttribute; value: boolean | string }
  | { type: 'removeAttribute'; field: FieldKey; attribute: SettableAttribute }
  | { type: 'clearField'; field: FieldKey }
  | { type: 'focusField'; field: FieldKey }
  | { type: 'addClass'; field: FieldKey; className: string }
  | { type: 'removeClass'; field: FieldKey; className: string }
  // Hosted fields: a text for screen readers, e.g. the field's inline error.
  | { type: 'setMessage'; field: FieldKey; message: string };

/** Reads free text of at most {@link SHORT_TEXT_MAX_LENGTH} characters. */
export const shortText = string(SHORT_TEXT_MAX_LENGTH);

/** Reads a hosted field key. */
export const fieldKey = oneOf(FIELD_KEYS);

/** Reads a field's state as it crosses frames. */
export const fieldState = object<FieldState>({
  isEmpty: boolean,
  isValid: boolean,
  isPotentiallyValid: boolean,
  isFocused: boolean,
});

const attribute = oneOf(Object.keys(SETTABLE_ATTRIBUTES) as SettableAttribute[]);

const pageToFrameMessage = discriminated<PageToFrameMessage>({
  configureField: object({
    type: oneOf(['configureField']),
    field: fieldKey,
    label: optional(shortText),
    placeholder: optional(shortText),
    maxlength: optional(finiteNumber),
    minlength: optional(finiteNumber),
    prefill: optional(shortText),
    styles: record(record(string())),
    // Any short text is harmless as a lang attribute; the page sends only well-formed tags.
    lang: optional(string(LANGUAGE_TAG_MAX_LENGTH)),
    dir: optional(oneOf(['ltr', 'rtl'])),
  }),
  configureTokenizer: object({
    type: oneOf(['configureTokenizer']),
    fields: array(fieldKey),
    clientApiUrl: string(),
    analyticsUrl: optional(string()),
    authorization: union<TokenizerAuthorization, TokenizerAuthorization>(
      object({ tokenizationKey: string() }),
      object({ authorizationFingerprint: string() }),
    ),
    metadata: record(string()),
    supportedCardTypes: array(string()),
  }),
  tokenize: object({
    type: oneOf(['tokenize']),
    requestId: string(),
    vault: boolean,
    billingAddress: optional(record(shortText)),
  }),
  setAttribute: object({
    type: oneOf(['setAttribute']),
    field: fieldKey,
    attribute,
    value: union(boolean, shortText),
  }),
  removeAttribute: object({ type: oneOf(['removeAttribute']), field: fieldKey, attribute }),
  clearField: object({ type: oneOf(['clearField']), field: fieldKey }),
  focusField: object({ type: oneOf(['focusField']), field: fieldKey }),
  addClass: object({ type: oneOf(['addClass']), field: fieldKey, className: shortText }),
  removeClass: object({ type: oneOf(['removeClass']), field: fieldKey, className: shortText }),
  setMessage: object({ type: oneOf(['setMessage']), field: fieldKey, message: shortText }),
});

/**
 * Reads a message of the page, or returns `null` for anything that is not exactly one: every
 * field checked, free text capped, numbers finite, unknown keys dropped.
 */
export function parsePageToFrameMessage(data: unknown): PageToFrameMessage | null {
  return parseWith(pageToFrameMessage, data);
}
