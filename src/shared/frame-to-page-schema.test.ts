import type * as z from 'zod/mini';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CardPayload, FrameToPageMessage } from './frame-messages';
import { cardPayload, frameToPageMessage, parseFrameToPageMessage } from './frame-to-page-schema';

describe('the page’s schema of frame messages', () => {
  it('describes exactly the hand-written message types', () => {
    expectTypeOf<z.infer<typeof frameToPageMessage>>().toEqualTypeOf<FrameToPageMessage>();
    expectTypeOf<z.infer<typeof cardPayload>>().toEqualTypeOf<CardPayload>();
  });

  it('reads a frame message, or gives null', () => {
    const ready = { type: 'frameReady', frame: 'hosted-fields', version: '1.9.2', field: 'cvv' };
    expect(parseFrameToPageMessage({ ...ready, extra: 1 })).toStrictEqual(ready);
    expect(parseFrameToPageMessage({ ...ready, field: 'pin' })).toBeNull();
    expect(parseFrameToPageMessage({ type: 'tokenize' })).toBeNull();
    expect(parseFrameToPageMessage(null)).toBeNull();
  });
});
