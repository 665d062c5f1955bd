/**
 * The page's reader of the frames' messages (docs/architecture.md, "Frames and their channel"), and their
 * type. Only the page imports this module's readers: the frames never read their own direction,
 * and import the type alone. It uses the same strict readers as the frames, so the page bundle
 * carries no schema library either.
 * @packageDocumentation
 */
import { FIELD_EVENT_TYPES } from './hosted-fields';
import {
  cardCandidate,
  cardPayload,
  fieldKey,
  fieldState,
  frameKind,
  wireError,
} from './frame-message-parts';
import { array, discriminated, oneOf, optional, parseWith, string, type Infer } from './strict-readers';

export { cardPayload };

/** Reads a {@link FrameToPageMessage}: every field checked, unknown keys dropped. */
export const frameToPageMessage = discriminated({
  frameReady: { frame: frameKind, version: string(), field: optional(fieldKey) },
  frameError: { frame: frameKind, error: wireError },
  // Hosted fields: a field's state changed. `cards` only from the number field.
  fieldEvent: {
    event: oneOf(FIELD_EVENT_TYPES),
    field: fieldKey,
    state: fieldState,
    cards: optional(array(cardCandidate, 8)),
  },
  // Hosted fields: the number's first six digits, once it has six and whenever they change. The
  // provider's hosted fields give the page the BIN too (docs/hosted-fields.md, "The instance"); the
  // page takes it from the number's frame alone, and only six digits.
  binAvailable: { field: fieldKey, bin: string(6) },
  // Hosted fields: the shopper pressed Enter in a field.
  submitRequest: { field: fieldKey },
  // Hosted fields: the answer to a `tokenize` request, from the tokenizing frame.
  tokenizeResult: { requestId: string(), payload: optional(cardPayload), error: optional(wireError) },
});

/** A message from a frame to the page. */
export type FrameToPageMessage = Infer<typeof frameToPageMessage>;

/** Reads a frame's message, or returns `null` when it is not a {@link FrameToPageMessage}. */
export function parseFrameToPageMessage(data: unknown): FrameToPageMessage | null {
  return parseWith(frameToPageMessage, data);
}
