import * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CARD_BRAND_TYPES, type CardBrandType } from './card-brands';
import { FRAME_KINDS, SHORT_TEXT_MAX_LENGTH } from './frame-channel';
import type { CardPayload, FrameToPageMessage, WireError } from './frame-messages';
import { cardPayload, frameToPageMessage, parseFrameToPageMessage } from './frame-to-page-schema';
import { FIELD_EVENT_TYPES, FIELD_KEYS, type CardCandidate } from './hosted-fields';
import type { Reader } from './strict-readers';
import { expectSameVerdicts, variantsOf } from './test-support';

// The zod schema the page used to ship, kept as the oracle of what the reader accepts.
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
const cardPayloadSchema = z.object({
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
const frameToPageMessageSchema = z.discriminatedUnion('type', [
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
    payload: z.optional(cardPayloadSchema),
    error: z.optional(serializedError),
  }),
]);

const payload: CardPayload = {
  nonce: 'tokencc_1',
  type: 'CreditCard',
  description: 'ending in 11',
  details: {
    cardType: 'Visa',
    lastTwo: '11',
    lastFour: '1111',
    bin: '411111',
    expirationMonth: '12',
    expirationYear: '2030',
    cardholderName: 'Robin',
  },
  binData: { prepaid: 'No' },
};
const wireError: WireError = {
  name: 'PanelError',
  code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
  type: 'CUSTOMER',
  message: 'The supplied card data failed tokenization.',
  details: { httpStatus: 422 },
};
const visa: CardCandidate = { type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } };

/** One message of every type, with every optional field. */
const MESSAGES: FrameToPageMessage[] = [
  { type: 'frameReady', frame: 'hosted-fields', version: '1.9.2', field: 'cvv' },
  { type: 'frameError', frame: 'three-d-secure-bank', error: wireError },
  {
    type: 'fieldEvent',
    event: 'validityChange',
    field: 'number',
    state: { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: true },
    cards: [visa],
  },
  { type: 'submitRequest', field: 'postalCode' },
  { type: 'tokenizeResult', requestId: 'r1', payload, error: wireError },
];

describe('the page’s reader of frame messages', () => {
  it('reads exactly the hand-written message types', () => {
    expectTypeOf(frameToPageMessage).toEqualTypeOf<Reader<FrameToPageMessage>>();
    expectTypeOf(cardPayload).toEqualTypeOf<Reader<CardPayload>>();
    expectTypeOf<z.infer<typeof frameToPageMessageSchema>>().toEqualTypeOf<FrameToPageMessage>();
    expectTypeOf<z.infer<typeof cardPayloadSchema>>().toEqualTypeOf<CardPayload>();
  });

  it('reads a frame message, or gives null', () => {
    const ready = { type: 'frameReady', frame: 'hosted-fields', version: '1.9.2', field: 'cvv' };
    expect(parseFrameToPageMessage({ ...ready, extra: 1 })).toStrictEqual(ready);
    expect(parseFrameToPageMessage({ ...ready, field: 'pin' })).toBeNull();
    expect(parseFrameToPageMessage({ type: 'tokenize' })).toBeNull();
    expect(parseFrameToPageMessage(null)).toBeNull();
  });

  it('accepts and refuses what the zod schema did, at every depth', () => {
    const fieldEvent = MESSAGES[2];
    const values = [
      ...MESSAGES.flatMap(variantsOf),
      { ...fieldEvent, cards: Array<CardCandidate>(8).fill(visa) },
      { ...fieldEvent, cards: Array<CardCandidate>(9).fill(visa) },
    ];
    const accepted = expectSameVerdicts(frameToPageMessage, frameToPageMessageSchema, values);
    expect(accepted).toBeGreaterThan(MESSAGES.length);
    expect(accepted).toBeLessThan(values.length);
  });

  it('reads a card payload as the zod schema did', () => {
    expectSameVerdicts(cardPayload, cardPayloadSchema, variantsOf(payload));
  });

  it('never copies a prototype key', () => {
    const polluted = JSON.parse(
      '{"type":"submitRequest","field":"cvv","__proto__":{"polluted":true},"constructor":1}',
    ) as unknown;
    const read = parseFrameToPageMessage(polluted);
    expect(read).toStrictEqual({ type: 'submitRequest', field: 'cvv' });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });
});
