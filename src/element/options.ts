/**
 * The merchant's structured options, as attributes (JSON text) or properties (objects), checked
 * with zod/mini. A value that does not fit becomes a catalogue error instead of an exception the
 * merchant cannot catch.
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import type { CardOptions } from '../panel/CardSheet';
import { createError, type PanelError } from '../shared/errors';

// Unknown keys are ignored, as options of the drop-in the panel replaces may still be passed.
const cardOptions = z.object({
  cardholderName: z.optional(z.union([z.boolean(), z.object({ required: z.optional(z.boolean()) })])),
});

/** What parsing an option gives: its value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PanelError };

/**
 * The `card` option from an attribute's JSON text or a property's object; `null` and `undefined`
 * mean none.
 */
export function parseCardOption(input: unknown): Parsed<CardOptions | undefined> {
  if (input === null || input === undefined || input === '') return { ok: true, value: undefined };
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return {
        ok: false,
        error: createError('INVALID_OPTION', { option: 'card' }, { reason: String(error) }),
      };
    }
  }
  const result = cardOptions.safeParse(value);
  if (!result.success) {
    return {
      ok: false,
      error: createError('INVALID_OPTION', { option: 'card' }, { reason: z.prettifyError(result.error) }),
    };
  }
  return { ok: true, value: result.data };
}
