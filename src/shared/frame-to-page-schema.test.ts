import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CardPayload, FrameToPageMessage, WireError } from './frame-messages';
import { cardPayload, frameToPageMessage, parseFrameToPageMessage } from './frame-to-page-schema';
import type { CardCandidate, FieldState } from './hosted-fields';
import { INVALID, type Infer, type Reader } from './strict-readers';
import { expectReadsItsShape } from './test-support';

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
  { type: 'binAvailable', field: 'number', bin: '411111' },
  { type: 'tokenizeResult', requestId: 'r1', payload, error: wireError },
];

describe('the page’s reader of frame messages', () => {
  it('reads the types of the public interfaces of its parts', () => {
    expectTypeOf(frameToPageMessage).toEqualTypeOf<Reader<FrameToPageMessage>>();
    expectTypeOf(cardPayload).toEqualTypeOf<Reader<CardPayload>>();
    type FieldEvent = Extract<FrameToPageMessage, { type: 'fieldEvent' }>;
    expectTypeOf<FieldEvent['state']>().toEqualTypeOf<FieldState>();
    expectTypeOf<NonNullable<FieldEvent['cards']>[number]>().toEqualTypeOf<CardCandidate>();
  });

  it('reads a frame message, or gives null', () => {
    const ready = { type: 'frameReady', frame: 'hosted-fields', version: '1.9.2', field: 'cvv' };
    expect(parseFrameToPageMessage({ ...ready, extra: 1 })).toStrictEqual(ready);
    expect(parseFrameToPageMessage({ ...ready, field: 'pin' })).toBeNull();
    expect(parseFrameToPageMessage({ type: 'tokenize' })).toBeNull();
    expect(parseFrameToPageMessage(null)).toBeNull();
  });

  it('reads every message its declaration makes, and refuses every hostile variant, at every depth', () => {
    expectReadsItsShape(frameToPageMessage);
    for (const message of MESSAGES) expectReadsItsShape(frameToPageMessage, { examples: [message] });
    const fieldEvent = MESSAGES[2];
    expect(frameToPageMessage({ ...fieldEvent, cards: Array<CardCandidate>(8).fill(visa) })).not.toBe(
      INVALID,
    );
    expect(frameToPageMessage({ ...fieldEvent, cards: Array<CardCandidate>(9).fill(visa) })).toBe(INVALID);
  });

  it('takes a BIN of at most six characters, nothing more of the number', () => {
    const bin = { type: 'binAvailable', field: 'number' };
    expect(parseFrameToPageMessage({ ...bin, bin: '411111' })).toStrictEqual({ ...bin, bin: '411111' });
    for (const refused of ['4111111', '4111111111111111', 411111]) {
      expect(parseFrameToPageMessage({ ...bin, bin: refused }), String(refused)).toBeNull();
    }
  });

  it('reads a card payload as its declaration says', () => {
    expectReadsItsShape(cardPayload);
    expectReadsItsShape(cardPayload, { examples: [payload] });
    expectTypeOf<Infer<typeof cardPayload>>().toEqualTypeOf<CardPayload>();
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
