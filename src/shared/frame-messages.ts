/**
 * The messages between the page and the frames (docs/architecture.md, "Frames and their channel"): one
 * discriminated union per direction, keyed on `type`, each declared once as its reader, and the
 * frames' strict reader of the page's messages. The page reads the frames' messages with the
 * reader of `frame-to-page-schema.ts`, whose module the frames import for its type alone: each side
 * carries only the reader of what it receives.
 * @packageDocumentation
 */
import { LANGUAGE_TAG_MAX_LENGTH, SETTABLE_ATTRIBUTES, type SettableAttribute } from './hosted-fields';
import { billingAddress, cardPayload, fieldKey, shortText } from './frame-message-parts';
import {
  array,
  boolean,
  discriminated,
  finiteNumber,
  oneOf,
  optional,
  parseWith,
  record,
  string,
  union,
  type Infer,
} from './strict-readers';

export type { WireError } from './frame-message-parts';
export type { FrameToPageMessage } from './frame-to-page-schema';

/** The card payload a hosted-fields frame hands the page: never card data, only the gateway's answer. */
export type CardPayload = Infer<typeof cardPayload>;

const attribute = oneOf(Object.keys(SETTABLE_ATTRIBUTES) as SettableAttribute[]);

/** Reads a {@link PageToFrameMessage}. */
export const pageToFrameMessage = discriminated({
  // Hosted fields: how the frame's field looks and behaves.
  configureField: {
    field: fieldKey,
    label: optional(shortText),
    placeholder: optional(shortText),
    maxlength: optional(finiteNumber),
    minlength: optional(finiteNumber),
    prefill: optional(shortText),
    styles: record(record(string())),
    // The language and direction of the field's surroundings, for the frame's document. Any short
    // text is harmless as a lang attribute; the page sends only well-formed tags.
    lang: optional(string(LANGUAGE_TAG_MAX_LENGTH)),
    dir: optional(oneOf(['ltr', 'rtl'])),
  },
  // Hosted fields: makes this frame the one that tokenizes, with the gateway to send the card to.
  // Taken once per channel (docs/architecture.md, "Frames and their channel").
  configureTokenizer: {
    fields: array(fieldKey),
    clientApiUrl: string(),
    // The configuration's `analytics.url`, where the frame reports how tokenizations end;
    // without it the frame reports nothing (a page of an older panel sends none).
    analyticsUrl: optional(string()),
    // The merchant's authorization as given (a tokenization key or a client token): the frame
    // reads from it the merchant whose client API alone may receive the card.
    authorization: string(),
    metadata: record(string()),
    supportedCardTypes: array(string()),
  },
  tokenize: {
    requestId: string(),
    vault: boolean,
    billingAddress: optional(billingAddress),
    // The nonce of the card the page remembers: the frame hands that card back, without a POST,
    // only if it tokenized it last and no field's value changed since; otherwise it tokenizes anew.
    reuse: optional(shortText),
  },
  setAttribute: { field: fieldKey, attribute, value: union(boolean, shortText) },
  removeAttribute: { field: fieldKey, attribute },
  clearField: { field: fieldKey },
  focusField: { field: fieldKey },
  addClass: { field: fieldKey, className: shortText },
  removeClass: { field: fieldKey, className: shortText },
  // Hosted fields: a text for screen readers, e.g. the field's inline error.
  setMessage: { field: fieldKey, message: shortText },
});

/** A message from the page to a frame. */
export type PageToFrameMessage = Infer<typeof pageToFrameMessage>;

/**
 * Reads a message of the page, or returns `null` for anything that is not exactly one: every
 * field checked, free text capped, numbers finite, unknown keys dropped.
 */
export function parsePageToFrameMessage(data: unknown): PageToFrameMessage | null {
  return parseWith(pageToFrameMessage, data);
}
