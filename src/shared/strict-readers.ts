/**
 * Small strict readers for data from another window, the network or the merchant: the frames and
 * the page bundle carry these instead of a schema library to stay small (docs/architecture.md,
 * "Reading what comes in"). A reader returns a fresh value built only from what it checked, or
 * {@link INVALID}: objects keep only their declared own keys (or, loose, copy the rest as it came),
 * records refuse prototype keys, numbers must be finite.
 * @packageDocumentation
 */

/** What a reader returns for a value of the wrong shape (`null` can be a valid value). */
export const INVALID: unique symbol = Symbol('invalid');

/** Reads an untrusted value as a `T`, or returns {@link INVALID}. */
export type Reader<T> = (value: unknown) => T | typeof INVALID;

/** Keys a record never takes: copying them could reach or shadow the prototype. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Marks an object key that may be absent (or `undefined`), in {@link object}. */
const OPTIONAL: unique symbol = Symbol('optional');

/** A reader of an optional object key. */
export type OptionalReader<T> = Reader<T | undefined> & { [OPTIONAL]: true };

/** Runs a reader, with `null` for a wrong shape. */
export function parseWith<T>(reader: Reader<T>, value: unknown): T | null {
  const result = reader(value);
  return result === INVALID ? null : result;
}

/** A plain object (not `null`, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of at most `max` characters. */
export function string(max = Infinity): Reader<string> {
  return (value) => (typeof value === 'string' && value.length <= max ? value : INVALID);
}

/** A boolean. */
export const boolean: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);

/** A finite number. */
export const finiteNumber: Reader<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : INVALID;

/** Anything, as it is (only inside a record whose keys are checked). */
export const unknownValue: Reader<unknown> = (value) => value;

/** One of the given strings. */
export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : INVALID);
}

/** `null`, or what `reader` reads. */
export function nullable<T>(reader: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : reader(value));
}

/** An object key that may be absent or `undefined`; the result then lacks the key. */
export function optional<T>(reader: Reader<T>): OptionalReader<T> {
  const read: Reader<T | undefined> = (value) => (value === undefined ? undefined : reader(value));
  return Object.assign(read, { [OPTIONAL]: true as const });
}

/** An array of at most `max` items, each read by `item`. */
export function array<T>(item: Reader<T>, max = Infinity): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value) || value.length > max) return INVALID;
    const items: T[] = [];
    for (const element of value as unknown[]) {
      const read = item(element);
      if (read === INVALID) return INVALID;
      items.push(read);
    }
    return items;
  };
}

/** A plain object used as a map: every own key a string that is no prototype key, every value read by `item`. */
export function record<T>(item: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const entries: Record<string, T> = {};
    for (const [key, element] of Object.entries(value)) {
      if (PROTOTYPE_KEYS.includes(key)) return INVALID;
      const read = item(element);
      if (read === INVALID) return INVALID;
      entries[key] = read;
    }
    return entries;
  };
}

/** Readers of every key of `T`; optional keys need {@link optional}. */
export type Shape<T> = { [K in keyof T]-?: undefined extends T[K] ? OptionalReader<T[K]> : Reader<T[K]> };

/**
 * A plain object with the keys of `shape`, read from its own properties only. Other keys are
 * dropped: the result is a new object holding nothing but the checked keys.
 */
export function object<T>(shape: Shape<T>): Reader<T> {
  const keys = Object.keys(shape) as (keyof T & string)[];
  return (value) => {
    if (!isObject(value)) return INVALID;
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const reader = shape[key] as Reader<unknown> & { [OPTIONAL]?: true };
      const present = Object.hasOwn(value, key);
      if (!present && reader[OPTIONAL] !== true) return INVALID;
      const read = reader(present ? value[key] : undefined);
      if (read === INVALID) return INVALID;
      if (read !== undefined) result[key] = read;
    }
    return result as T;
  };
}

/** The first of `readers` that reads the value. */
export function union<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return (value) => {
    const read = first(value);
    return read === INVALID ? second(value) : read;
  };
}

/** Readers of every member of a union discriminated by `type`, keyed by that `type`. */
export type Members<T extends { type: string }> = { [K in T['type']]: Reader<Extract<T, { type: K }>> };

/** A member of a union discriminated by `type`: an unknown `type` is invalid. */
export function discriminated<T extends { type: string }>(members: Members<T>): Reader<T> {
  return (value) => {
    if (!isObject(value)) return INVALID;
    const type = value.type;
    if (typeof type !== 'string' || !Object.hasOwn(members, type)) return INVALID;
    return (members as Record<string, Reader<T>>)[type]?.(value) ?? INVALID;
  };
}

/*
 * Readers for merchant options and gateway answers, which the page reads; built on those above.
 */

/** An object as {@link looseObject} reads it: the checked keys of `T`, and any other key kept as it came. */
export type Loose<T> = Flat<T & { [key: string]: unknown }>;

/** `T` as one object type rather than an intersection, so that types compare and print as they read. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/**
 * A plain object with the keys of `shape`, read as {@link object} reads them, that also keeps every
 * other own key and its value as they came: for answers and options whose further keys belong to
 * someone else (the gateway's newer fields, a wallet's own options). Prototype keys are not copied,
 * so the result's prototype stays `Object.prototype`.
 */
export function looseObject<T>(shape: Shape<T>): Reader<Loose<T>> {
  const read = object(shape);
  return (value) => {
    const result = read(value);
    if (result === INVALID) return INVALID;
    const loose: Record<string, unknown> = result as Loose<T>;
    for (const [key, element] of Object.entries(value as object)) {
      if (!Object.hasOwn(shape, key) && !PROTOTYPE_KEYS.includes(key)) loose[key] = element;
    }
    return result as Loose<T>;
  };
}

/** What `reader` reads, only when `test` holds for it: a rule across keys, or a bound on a value. */
export function refine<T>(reader: Reader<T>, test: (value: T) => boolean): Reader<T> {
  return (value) => {
    const read = reader(value);
    return read !== INVALID && test(read) ? read : INVALID;
  };
}

/** A string of at least one character. */
export const nonEmptyString: Reader<string> = refine(string(), (value) => value.length > 0);

/** A string that `pattern` matches (a pattern without the `g` or `y` flag, which would make it stateful). */
export function matching(pattern: RegExp): Reader<string> {
  return refine(string(), (value) => pattern.test(value));
}

/** A finite number of at least zero. */
export const nonNegativeNumber: Reader<number> = refine(finiteNumber, (value) => value >= 0);

/** Readers by key, as a {@link Shape} holds them. */
export type KeyReaders = Readonly<Record<string, Reader<unknown>>>;

/**
 * The first key that keeps `value` from reading, to name it in an error message: with a shape, the
 * first of its keys whose reader refuses the value's own property (a missing one reads as
 * `undefined`); with a single reader, the first own key it refuses or that is a prototype key, as
 * in {@link record}. `undefined` when `value` is no plain object or every key reads, so the fault
 * lies with the value as a whole.
 */
export function invalidKey(readers: KeyReaders | Reader<unknown>, value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  if (typeof readers === 'function') {
    return Object.keys(value).find((key) => PROTOTYPE_KEYS.includes(key) || readers(value[key]) === INVALID);
  }
  return Object.entries(readers).find(
    ([key, reader]) => reader(Object.hasOwn(value, key) ? value[key] : undefined) === INVALID,
  )?.[0];
}
