/**
 * The page's reader of the frames' messages (docs/architecture.md, "Reading what comes in"). Only the
 * page imports this
 * module: the frames never read their own direction. It uses the same strict readers as the frames,
 * so the page bundle carries no schema library either.
 * @packageDocumentation
 */
import { CARD_BRAND_TYPES } from './card-brand-names';
import { FRAME_KINDS, SHORT_TEXT_MAX_LENGTH } from './frame-channel';
import type { CardPayload, FrameToPageMessage, WireError } from './frame-messages';
import { FIELD_EVENT_TYPES, FIELD_KEYS, type CardCandidate, type FieldState } from './hosted-fields';
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
  unknownValue,
  type Reader,
} from './strict-readers';

// Declared here rather than imported from frame-messages.ts: importing that module would also bring
// the frames' reader of the page's messages into the page bundle.
const shortText = string(SHORT_TEXT_MAX_LENGTH);
const fieldKey = oneOf(FIELD_KEYS);
const frameKind = oneOf(FRAME_KINDS);

const wireError = object<WireError>({
  name: oneOf(['PanelError']),
  code: string(),
  type: string(),
  message: string(),
  details: optional(record(unknownValue)),
});

const fieldState = object<FieldState>({
  isEmpty: boolean,
  isValid: boolean,
  isPotentiallyValid: boolean,
  isFocused: boolean,
});

const cardCandidate = object<CardCandidate>({
  type: oneOf(CARD_BRAND_TYPES),
  niceType: string(),
  code: object({ name: string(), size: finiteNumber }),
});

/** Reads the {@link CardPayload} a tokenizing frame hands the page; unknown keys are dropped. */
export const cardPayload: Reader<CardPayload> = object<CardPayload>({
  nonce: shortText,
  type: oneOf(['CreditCard']),
  description: shortText,
  details: object({
    cardType: shortText,
    lastTwo: shortText,
    lastFour: optional(shortText),
    bin: optional(shortText),
    expirationMonth: optional(shortText),
    expirationYear: optional(shortText),
    cardholderName: optional(shortText),
  }),
  binData: optional(record(unknownValue)),
});

/** Reads a {@link FrameToPageMessage}: every field checked, unknown keys dropped. */
export const frameToPageMessage: Reader<FrameToPageMessage> = discriminated<FrameToPageMessage>({
  frameReady: object({
    type: oneOf(['frameReady']),
    frame: frameKind,
    version: string(),
    field: optional(fieldKey),
  }),
  frameError: object({ type: oneOf(['frameError']), frame: frameKind, error: wireError }),
  fieldEvent: object({
    type: oneOf(['fieldEvent']),
    event: oneOf(FIELD_EVENT_TYPES),
    field: fieldKey,
    state: fieldState,
    cards: optional(array(cardCandidate, 8)),
  }),
  submitRequest: object({ type: oneOf(['submitRequest']), field: fieldKey }),
  tokenizeResult: object({
    type: oneOf(['tokenizeResult']),
    requestId: string(),
    payload: optional(cardPayload),
    error: optional(wireError),
  }),
});

/** Reads a frame's message, or returns `null` when it is not a {@link FrameToPageMessage}. */
export function parseFrameToPageMessage(data: unknown): FrameToPageMessage | null {
  return parseWith(frameToPageMessage, data);
}
