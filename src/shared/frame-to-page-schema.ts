/**
 * The page's schema of the frames' messages (DESIGN "Frame messages"). Only the page imports this
 * module: the frames never read their own direction, and stay free of the schema library.
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { CARD_BRAND_TYPES, type CardBrandType } from './card-brands';
import { FRAME_KINDS, SHORT_TEXT_MAX_LENGTH } from './frame-channel';
import type { FrameToPageMessage } from './frame-messages';
import { FIELD_EVENT_TYPES, FIELD_KEYS } from './hosted-fields';

const serializedError = z.object({
  name: z.literal('PanelError'),
  code: z.string(),
  type: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
});

const fieldKey = z.enum(FIELD_KEYS);

const fieldState = z.object({
  isEmpty: z.boolean(),
  isValid: z.boolean(),
  isPotentiallyValid: z.boolean(),
  isFocused: z.boolean(),
});

const cardCandidate = z.object({
  type: z.enum(CARD_BRAND_TYPES as [CardBrandType, ...CardBrandType[]]),
  niceType: z.string(),
  code: z.object({ name: z.string(), size: z.number() }),
});

const shortText = z.string().check(z.maxLength(SHORT_TEXT_MAX_LENGTH));

/** Schema of the `CardPayload` a tokenizing frame hands the page (`frame-messages.ts`). */
export const cardPayload = z.object({
  nonce: shortText,
  type: z.literal('CreditCard'),
  description: shortText,
  details: z.object({
    cardType: shortText,
    lastTwo: shortText,
    lastFour: z.optional(shortText),
    bin: z.optional(shortText),
    expirationMonth: z.optional(shortText),
    expirationYear: z.optional(shortText),
    cardholderName: z.optional(shortText),
  }),
  binData: z.optional(z.record(z.string(), z.unknown())),
});

/** Schema of {@link FrameToPageMessage}. */
export const frameToPageMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('frameReady'),
    frame: z.enum(FRAME_KINDS),
    version: z.string(),
    field: z.optional(fieldKey),
  }),
  z.object({ type: z.literal('frameError'), frame: z.enum(FRAME_KINDS), error: serializedError }),
  z.object({
    type: z.literal('fieldEvent'),
    event: z.enum(FIELD_EVENT_TYPES),
    field: fieldKey,
    state: fieldState,
    cards: z.optional(z.array(cardCandidate).check(z.maxLength(8))),
  }),
  z.object({ type: z.literal('submitRequest'), field: fieldKey }),
  z.object({
    type: z.literal('tokenizeResult'),
    requestId: z.string(),
    payload: z.optional(cardPayload),
    error: z.optional(serializedError),
  }),
]);

/** Reads a frame's message, or returns `null` when it does not match {@link frameToPageMessage}. */
export function parseFrameToPageMessage(data: unknown): FrameToPageMessage | null {
  const parsed = frameToPageMessage.safeParse(data);
  return parsed.success ? parsed.data : null;
}
