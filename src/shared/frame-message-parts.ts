/**
 * The parts that messages of both directions between the page and the frames share: each declared
 * once, for the page's reader of the frames' messages (`frame-to-page-schema.ts`), the frames'
 * reader of the page's (`frame-messages.ts`) and the tokenizing frame's reader of the gateway's
 * card. The builders have no side effects, so each bundle keeps only the parts it reads.
 * @packageDocumentation
 */
import { CARD_BRAND_TYPES } from './card-brand-names';
import { FRAME_KINDS, SHORT_TEXT_MAX_LENGTH } from './frame-channel';
import { FIELD_KEYS } from './hosted-fields';
import {
  boolean,
  finiteNumber,
  object,
  oneOf,
  optional,
  record,
  string,
  unknownValue,
  type Infer,
} from './strict-readers';

/** Reads free text of at most {@link SHORT_TEXT_MAX_LENGTH} characters. */
export const shortText = string(SHORT_TEXT_MAX_LENGTH);

/**
 * Reads the billing address of a card tokenization: text values by key. The tokenizing frame
 * sends the keys the gateway takes and drops the others; the page refuses anything else before it
 * asks (`INVALID_OPTION`), as the frame would drop the whole request.
 */
export const billingAddress = record(shortText);

/** Reads a hosted field key. */
export const fieldKey = oneOf(FIELD_KEYS);

/** Reads the role of a frame page. */
export const frameKind = oneOf(FRAME_KINDS);

/** Reads a field's state as it crosses frames. */
export const fieldState = object({
  isEmpty: boolean,
  isValid: boolean,
  isPotentiallyValid: boolean,
  isFocused: boolean,
});

/** Reads a brand the number may still be. */
export const cardCandidate = object({
  type: oneOf(CARD_BRAND_TYPES),
  niceType: string(),
  code: object({ name: string(), size: finiteNumber }),
});

/**
 * Reads a panel error as it crosses frames, from a hosted field or a 3D Secure frame: its code and
 * type capped at 200 characters, its message at 2000.
 */
export const wireError = object({
  name: oneOf(['PanelError']),
  code: string(200),
  type: string(200),
  message: string(SHORT_TEXT_MAX_LENGTH),
  details: optional(record(unknownValue)),
});

/** A panel error as it crosses frames, before the page checks it against the catalogue. */
export type WireError = Infer<typeof wireError>;

/**
 * The fields of a card's `details` as the gateway sends them, a new card's (the tokenizing frame's
 * answer) and a saved one's (the vault's): these and nothing else of the card.
 */
export const CARD_DETAILS_FIELDS = {
  /** The brand's display name: `Visa`, `MasterCard`, `American Express`, `Discover`, `JCB`… */
  cardType: shortText,
  /** Last two digits of the number. */
  lastTwo: shortText,
  lastFour: optional(shortText),
  bin: optional(shortText),
  expirationMonth: optional(shortText),
  expirationYear: optional(shortText),
  cardholderName: optional(shortText),
};

/** Reads a card's `details`: {@link CARD_DETAILS_FIELDS}. */
export const cardDetails = object(CARD_DETAILS_FIELDS);

/**
 * Reads the card payload a tokenizing frame hands the page (never card data, only the gateway's
 * answer), and the tokenizing frame the gateway's card with it: its fields and nothing else of it.
 */
export const cardPayload = object({
  nonce: shortText,
  type: oneOf(['CreditCard']),
  description: shortText,
  details: cardDetails,
  binData: optional(record(unknownValue)),
});
