/**
 * Helpers for unit tests that hold a strict reader against a zod schema of the same shape: the
 * schema, which the bundle no longer ships, serves as the oracle of what must be accepted and
 * refused. Not part of the bundle.
 * @packageDocumentation
 */
import { expect } from 'vitest';
import type * as z from 'zod/mini';
import { INVALID, type Reader } from './strict-readers';

/** Values of every kind, put where a valid value stood. */
const SUBSTITUTES: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  Number.NaN,
  Infinity,
  '',
  'x',
  'x'.repeat(2001),
  [],
  ['x'],
  {},
  { x: 1 },
];

/**
 * `value`, and variants of it at every depth: each key of an object left out, replaced by each of
 * a set of values of every kind or by each variant of its own value, and an unknown key added;
 * each item of an array likewise, and the array emptied.
 */
export function variantsOf(value: unknown): unknown[] {
  const variants: unknown[] = [value];
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    variants.push([]);
    items.forEach((item, index) => {
      for (const variant of [...SUBSTITUTES, ...variantsOf(item).slice(1)]) {
        variants.push(items.map((other, at) => (at === index ? variant : other)));
      }
    });
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    variants.push({ ...value, unknownKey: { nested: true } });
    for (const [key, child] of entries) {
      variants.push(Object.fromEntries(entries.filter(([other]) => other !== key)));
      for (const variant of [...SUBSTITUTES, ...variantsOf(child).slice(1)]) {
        variants.push({ ...value, [key]: variant });
      }
    }
  }
  return variants;
}

/**
 * Expects `reader` to accept exactly the values `schema` accepts, and to read each into what the
 * schema gives (keys the schema leaves `undefined` may be absent). Returns how many were accepted.
 */
export function expectSameVerdicts<T>(
  reader: Reader<T>,
  schema: z.ZodMiniType,
  values: readonly unknown[],
): number {
  let accepted = 0;
  for (const value of values) {
    const oracle = schema.safeParse(value);
    const read = reader(value);
    const shown = JSON.stringify(value, (_, item: unknown) =>
      item === undefined ? '<undefined>' : Number.isNaN(item) ? '<NaN>' : item,
    );
    expect(read === INVALID, `verdict on ${shown}`).toBe(!oracle.success);
    if (oracle.success) {
      accepted++;
      expect(read, `result of ${shown}`).toEqual(oracle.data);
    }
  }
  return accepted;
}
