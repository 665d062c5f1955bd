/**
 * Values made from a reader's declaration ({@link Spec}), for tests only (nothing in the bundle or
 * the frames imports this module): valid values with what the reader must make of them, as
 * fast-check arbitraries or one plain example, and hostile values the reader must refuse, at every
 * depth. The unit tests hold every reader to them, and the browser tests' hostile messages and
 * option values are made from them, so that a shape is declared once, as its reader.
 * @packageDocumentation
 */
import fc from 'fast-check';
import { INVALID, type AnyReader, type KeyReaders } from './strict-readers';

/** A valid value, and what the reader must read it as (`undefined` for a key it leaves out). */
export interface Sample {
  input: unknown;
  output: unknown;
}

/** Keys no reader copies or takes: they could reach or shadow the prototype. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Names an attacker tries where a known string is expected. */
const NEAR_NAMES = ['', 'unknown', '__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** The parts of a spec, loosely typed: each kind reads its own. */
function parts(reader: AnyReader): [string, unknown, unknown, unknown] {
  return reader.spec as unknown as [string, unknown, unknown, unknown];
}

/** Whether a key's reader lets the key be absent. */
function isOptional(reader: AnyReader): boolean {
  return reader.spec[0] === 'optional';
}

/** Free text for keys and strings: letters, digits and a few characters that need escaping. */
const text = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ maxLength: Math.min(maxLength, 12), unit: 'grapheme-ascii' });

/** A key of a map or an unknown key of an object: never a prototype key, never one of `taken`. */
const freeKey = (taken: readonly string[] = []): fc.Arbitrary<string> =>
  text(12).filter(
    (key) => !(PROTOTYPE_KEYS as readonly string[]).includes(key) && !taken.includes(key) && key !== 'type',
  );

/** A plain object of `entries`, keys set as own data properties (a `__proto__` key included). */
function objectOf(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  return result;
}

/** Valid values of `reader`, with what it must read them as. */
export function samples(reader: AnyReader): fc.Arbitrary<Sample> {
  const [kind, a, b, c] = parts(reader);
  const same = (input: unknown): Sample => ({ input, output: input });
  switch (kind) {
    case 'string': {
      const max = a as number;
      return (Number.isFinite(max) ? fc.oneof(text(max), fc.constant('x'.repeat(max))) : text(40)).map(same);
    }
    case 'boolean':
      return fc.boolean().map(same);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).map(same);
    case 'unknown':
      return fc.jsonValue().map(same);
    case 'oneOf':
      return fc.constantFrom(...(a as string[])).map(same);
    case 'nullable':
      return fc.oneof(fc.constant(same(null)), samples(a as AnyReader));
    case 'optional':
      return fc.oneof(fc.constant(same(undefined)), samples(a as AnyReader));
    case 'lenient':
      return fc.oneof(
        samples(a as AnyReader),
        fc.constantFrom(...refused(a as AnyReader)).map((input) => ({ input, output: undefined })),
      );
    case 'array': {
      const max = Math.min(b as number, 4);
      return fc.array(samples(a as AnyReader), { maxLength: max }).map((items) => ({
        input: items.map((item) => item.input),
        output: items.map((item) => item.output),
      }));
    }
    case 'record':
      return fc.array(fc.tuple(freeKey(), samples(a as AnyReader)), { maxLength: 3 }).map((entries) => ({
        input: objectOf(entries.map(([key, item]) => [key, item.input])),
        output: objectOf(entries.map(([key, item]) => [key, item.output])),
      }));
    case 'object': {
      const keys = a as KeyReaders;
      const names = Object.keys(keys);
      const members = names.map((name) => {
        const item = keys[name] as AnyReader;
        const present = samples(item).map((sample) => ({ name, ...sample, present: true }));
        return isOptional(item)
          ? fc.oneof(present, fc.constant({ name, input: undefined, output: undefined, present: false }))
          : present;
      });
      return fc
        .tuple(fc.tuple(...members), fc.array(fc.tuple(freeKey(names), fc.jsonValue()), { maxLength: 2 }))
        .map(([declared, extra]) => ({
          input: objectOf([
            ...declared
              .filter((member) => member.present)
              .map((member) => [member.name, member.input] as const),
            ...extra,
          ]),
          output: objectOf([
            ...declared
              .filter((member) => member.output !== undefined)
              .map((member) => [member.name, member.output] as const),
            ...(b === true ? extra : []),
          ]),
        }));
    }
    case 'discriminated':
      return fc.oneof(...Object.values(a as KeyReaders).map(samples));
    case 'union': {
      const [first, second] = a as [AnyReader, AnyReader];
      // The first member reads what it can, even a value made for the second.
      return fc.oneof(
        samples(first),
        samples(second).map((sample) => {
          const read = first(sample.input);
          return read === INVALID ? sample : { input: sample.input, output: read };
        }),
      );
    }
    case 'byKey': {
      const [withKey, withoutKey] = a as [AnyReader, AnyReader];
      const has = (sample: Sample): boolean =>
        typeof sample.input === 'object' && sample.input !== null && Object.hasOwn(sample.input, b as string);
      return fc.oneof(
        samples(withKey).filter(has),
        samples(withoutKey).filter((sample) => !has(sample)),
      );
    }
    case 'refine': {
      // Of twenty values of what it refines, the first that passes its test. A refinement that
      // random values seldom pass (a pattern) needs examples of its own in the test.
      const test = c as (value: unknown) => boolean;
      return fc
        .array(samples(a as AnyReader), { minLength: 20, maxLength: 20 })
        .map((tries) => tries.find((sample) => test(sample.output)))
        .filter((sample): sample is Sample => sample !== undefined);
    }
    default:
      throw new Error(`No samples of a ${kind} reader`);
  }
}

/**
 * One plain valid value of `reader`, the same every time: every key of an object present, the
 * first member of a union, short text. A refinement that random values seldom pass (a pattern)
 * has no example: give one.
 */
export function example(reader: AnyReader): unknown {
  const [kind, a] = parts(reader);
  switch (kind) {
    case 'string':
      return 'example';
    case 'boolean':
      return true;
    case 'number':
      return 1;
    case 'unknown':
      return { example: true };
    case 'oneOf':
      return (a as string[])[0];
    case 'array':
      return [example(a as AnyReader)];
    case 'record':
      return { example: example(a as AnyReader) };
    case 'object':
      return objectOf(Object.entries(a as KeyReaders).map(([key, item]) => [key, example(item)]));
    case 'optional':
    case 'nullable':
    case 'lenient':
      return example(a as AnyReader);
    case 'union':
    case 'byKey':
    case 'discriminated':
      return example(Object.values(a as KeyReaders)[0] as AnyReader);
    case 'refine': {
      // What it refines gives the example when it passes; otherwise one of its samples does.
      const value = example(a as AnyReader);
      return reader(value) === INVALID
        ? fc.sample(samples(reader), { seed: 42, numRuns: 1 })[0]?.input
        : value;
    }
    default:
      throw new Error(`No example of a ${kind} reader`);
  }
}

/** Values of every JSON kind (and `undefined`), as a first guess at what a reader refuses. */
const KINDS: readonly unknown[] = [undefined, null, true, 0, Number.NaN, Infinity, 'x', [], {}];

/**
 * Values `reader` must refuse as a whole: values of other kinds, near misses (a string past its
 * cap, a name in the wrong case, a record with a prototype key, an object without a required key
 * or with it only inherited) and, for objects, arrays and records, an example with one part made
 * hostile.
 */
export function refused(reader: AnyReader): unknown[] {
  return hostileVariants(reader, example(reader));
}

/**
 * Variants of `value`, a valid value of `reader`, that `reader` must refuse: values of other kinds
 * in its place and near misses, and, at every depth, one part of it made hostile (a key left out,
 * only inherited, or given a value its reader refuses; an item or entry likewise; a prototype key
 * added to a record; an array past its cap).
 */
export function hostileVariants(reader: AnyReader, value: unknown): unknown[] {
  const [kind, a, b, c] = parts(reader);
  switch (kind) {
    case 'string':
      return [
        ...KINDS.filter((kindOf) => kindOf !== 'x'),
        ...(Number.isFinite(a) ? ['x'.repeat((a as number) + 1)] : []),
      ];
    case 'boolean':
      return [...KINDS.filter((kindOf) => kindOf !== true), 'true', 1];
    case 'number':
      return [...KINDS.filter((kindOf) => kindOf !== 0), -Infinity, '1'];
    case 'unknown':
    case 'lenient':
      return [];
    case 'oneOf': {
      const values = a as string[];
      return [
        ...KINDS,
        ...NEAR_NAMES,
        ...values.flatMap((known) => [known.toUpperCase(), `${known} `, known.slice(1)]),
      ].filter((candidate) => !(values as unknown[]).includes(candidate));
    }
    case 'nullable':
    case 'optional': {
      const absent = kind === 'nullable' ? null : undefined;
      return value === absent
        ? refused(a as AnyReader).filter((candidate) => candidate !== absent)
        : hostileVariants(a as AnyReader, value).filter((candidate) => candidate !== absent);
    }
    case 'refine': {
      const inner = a as AnyReader;
      const failing = fc
        .sample(samples(inner), { seed: 7, numRuns: 40 })
        .filter((sample) => !(c as (read: unknown) => boolean)(sample.output))
        .map((sample) => sample.input);
      return [...hostileVariants(inner, value), ...failing.slice(0, 3)];
    }
    case 'array': {
      const item = a as AnyReader;
      const items = value as unknown[];
      const first = items[0] ?? example(item);
      return [
        ...KINDS.filter((kindOf) => !Array.isArray(kindOf)),
        { 0: first, length: 1 },
        ...refused(item)
          .slice(0, 4)
          .map((bad) => [...items, bad]),
        ...items.flatMap((element, index) =>
          hostileVariants(item, element).map((bad) => items.map((other, at) => (at === index ? bad : other))),
        ),
        ...(Number.isFinite(b) ? [Array<unknown>((b as number) + 1).fill(first)] : []),
      ];
    }
    case 'record': {
      const item = a as AnyReader;
      const entries: [string, unknown][] = Object.entries(value as object);
      const first = entries[0]?.[1] ?? example(item);
      return [
        ...KINDS.filter(
          (kindOf) => !(typeof kindOf === 'object' && kindOf !== null && !Array.isArray(kindOf)),
        ),
        ['x'],
        ...PROTOTYPE_KEYS.map((key) => objectOf([...entries, [key, first]])),
        ...refused(item)
          .slice(0, 4)
          .map((bad) => objectOf([...entries, ['hostile', bad]])),
        ...entries.flatMap(([key, element]) =>
          hostileVariants(item, element).map((bad) =>
            objectOf(entries.map(([other, at]) => [other, other === key ? bad : at])),
          ),
        ),
      ];
    }
    case 'object': {
      const keys = a as KeyReaders;
      const given = value as Record<string, unknown>;
      const entries = Object.entries(given);
      const without = (key: string): [string, unknown][] => entries.filter(([other]) => other !== key);
      return [
        ...KINDS.filter(
          (kindOf) => !(typeof kindOf === 'object' && kindOf !== null && !Array.isArray(kindOf)),
        ),
        [given],
        ...Object.entries(keys).flatMap(([key, item]) => [
          // A required key left out, or only inherited: readers take own keys alone.
          ...(isOptional(item) || !Object.hasOwn(given, key)
            ? []
            : [
                objectOf(without(key)),
                Object.assign(Object.create({ [key]: given[key] }) as object, objectOf(without(key))),
              ]),
          ...hostileVariants(item, given[key]).map((bad) => objectOf([...without(key), [key, bad]])),
        ]),
      ];
    }
    case 'discriminated': {
      const members = a as KeyReaders;
      const type = (value as { type: string }).type;
      return [
        ...KINDS,
        ...NEAR_NAMES.map((name) => ({ ...(value as object), type: name })),
        Object.assign(Object.create({ type }) as object, { ...(value as object), type: undefined }),
        ...hostileVariants(members[type] as AnyReader, value),
      ];
    }
    case 'union': {
      // What one member refuses, the other may read: only what both refuse.
      const members = a as AnyReader[];
      return [...KINDS, ...members.flatMap((member) => refused(member))].filter((candidate) =>
        members.every((member) => member(candidate) === INVALID),
      );
    }
    case 'byKey': {
      const [withKey, withoutKey] = a as AnyReader[];
      const branch = (candidate: unknown): AnyReader =>
        typeof candidate === 'object' && candidate !== null && Object.hasOwn(candidate, b as string)
          ? (withKey as AnyReader)
          : (withoutKey as AnyReader);
      return [...KINDS, ...refused(withKey as AnyReader), ...refused(withoutKey as AnyReader)].filter(
        (candidate) => branch(candidate)(candidate) === INVALID,
      );
    }
    default:
      throw new Error(`No hostile values of a ${kind} reader`);
  }
}
