/**
 * Helpers for unit tests that hold a strict reader to its own declaration: every valid value made
 * from the declaration is read into what it stands for, as a fresh value, and every hostile
 * variant of it is refused. Not part of the bundle.
 * @packageDocumentation
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { hostileVariants, samples, type Sample } from './shape-samples';
import { INVALID, type AnyReader } from './strict-readers';

/** A value as a failure names it. */
export function shown(value: unknown): string {
  return JSON.stringify(value, (_, item: unknown) =>
    item === undefined ? '<undefined>' : Number.isNaN(item) ? '<NaN>' : item,
  );
}

/** How {@link expectReadsItsShape} reads: `read` in place of the reader, extra valid samples. */
export interface ShapeCheck {
  /** What is tested, when it is not the reader itself (e.g. an option's parser); `INVALID` for a refusal. */
  read?: (value: unknown) => unknown;
  /** Valid values the declaration's samples seldom make (a refinement by pattern). */
  examples?: readonly unknown[];
  /** Runs of fast-check; 150 by default. */
  runs?: number;
  /** Values `read` takes by rules of its own, before the reader (an option's text, or none). */
  skip?: (value: unknown) => boolean;
}

/**
 * Expects `read` (the reader by default) to read every valid sample of `reader`'s declaration as
 * the declaration says, into a new object or array, and to refuse every hostile variant of it.
 */
export function expectReadsItsShape(reader: AnyReader, check: ShapeCheck = {}): void {
  const read = check.read ?? reader;
  const skip = check.skip ?? (() => false);
  const verify = ({ input, output }: Sample): void => {
    if (skip(input)) return;
    const result = read(input);
    expect(result, `read of ${shown(input)}`).toStrictEqual(output);
    if (typeof input === 'object' && input !== null) expect(result, 'a fresh value').not.toBe(input);
    for (const variant of hostileVariants(reader, input)) {
      if (skip(variant)) continue;
      expect(read(variant), `refusal of ${shown(variant)}`).toBe(INVALID);
    }
  };
  const examples = (check.examples ?? []).map((input) => {
    const output = reader(input);
    expect(output, `the example ${shown(input)}`).not.toBe(INVALID);
    return { input, output };
  });
  for (const sample of examples) verify(sample);
  if (check.examples === undefined) {
    fc.assert(
      fc.property(samples(reader), (sample) => {
        verify(sample);
      }),
      // The same values every run (PANEL_FUZZ_SEED makes others, as in the browser tests).
      { numRuns: check.runs ?? 150, seed: Number(process.env.PANEL_FUZZ_SEED ?? 20_261_109) },
    );
  }
}
