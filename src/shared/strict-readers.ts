/**
 * Small strict readers for data from another window, the network or the merchant: the frames and
 * the page bundle carry these instead of a schema library to stay small (docs/architecture.md,
 * "Reading what comes in").
 *
 * A reader is the one declaration of a shape: its TypeScript type is derived from it
 * ({@link Infer}), the text of what it expects is derived from it ({@link expectedText}), and it keeps
 * what it was built from ({@link Spec}), so that tests can make valid and hostile values of the
 * same shape. A reader returns a fresh value built only from what it checked, or {@link INVALID}:
 * objects keep only their declared own keys (or, loose, copy the rest as it came), records refuse
 * prototype keys, numbers must be finite.
 * @packageDocumentation
 */

/** What a reader returns for a value of the wrong shape (`null` can be a valid value). */
export const INVALID: unique symbol = Symbol('invalid');

/**
 * What a reader was declared as: its kind and what it was built from. The kinds are those of the
 * builders below; `refine` carries its text (`$` stands for what it refines) and its test.
 */
export type Spec =
  | readonly ['string', max: number]
  | readonly ['boolean']
  | readonly ['number']
  | readonly ['unknown']
  | readonly ['oneOf', values: readonly string[]]
  | readonly ['nullable', item: AnyReader]
  | readonly ['optional', item: AnyReader]
  | readonly ['array', item: AnyReader, max: number]
  | readonly ['record', item: AnyReader]
  | readonly ['object', keys: KeyReaders, loose: boolean]
  | readonly ['union', members: readonly [first: AnyReader, second: AnyReader]]
  | readonly ['discriminated', members: Readonly<Record<string, AnyReader>>]
  | readonly ['refine', item: AnyReader, text: string, test: (value: never) => boolean]
  | readonly ['byKey', members: readonly [withKey: AnyReader, withoutKey: AnyReader], key: string]
  | readonly ['lenient', item: AnyReader];

/** Reads an untrusted value as a `T`, or returns {@link INVALID}; `spec` says what it was declared as. */
export type Reader<T> = ((value: unknown) => T | typeof INVALID) & { readonly spec: Spec };

/** A reader of any type. */
export type AnyReader = Reader<unknown>;

/** The type a reader reads: the one place a shape's TypeScript type comes from. */
export type Infer<R> = R extends (value: unknown) => infer T ? Exclude<T, typeof INVALID> : never;

/** Keys a record never takes: copying them could reach or shadow the prototype. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Marks, in types only, a reader of an object key that may be absent (see {@link optional}). */
declare const OPTIONAL: unique symbol;

/** A reader of an optional object key. */
export type OptionalReader<T> = Reader<T | undefined> & { readonly [OPTIONAL]: true };

/** A reader built from its test and its spec: the way every builder, here and elsewhere, makes one. */
/* @__NO_SIDE_EFFECTS__ */
export function declare<T>(read: (value: unknown) => T | typeof INVALID, ...spec: Spec): Reader<T> {
  return Object.assign(read, { spec });
}

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
/* @__NO_SIDE_EFFECTS__ */
export function string(max = Infinity): Reader<string> {
  return declare(
    (value) => (typeof value === 'string' && value.length <= max ? value : INVALID),
    'string',
    max,
  );
}

/** A boolean. */
export const boolean: Reader<boolean> = declare(
  (value) => (typeof value === 'boolean' ? value : INVALID),
  'boolean',
);

/** A finite number. */
export const finiteNumber: Reader<number> = declare(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? value : INVALID),
  'number',
);

/** Anything, as it is (only inside a record whose keys are checked). */
export const unknownValue: Reader<unknown> = declare((value) => value, 'unknown');

/** One of the given strings. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return declare(
    (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : INVALID),
    'oneOf',
    values,
  );
}

/** `null`, or what `reader` reads. */
/* @__NO_SIDE_EFFECTS__ */
export function nullable<T>(reader: Reader<T>): Reader<T | null> {
  return declare((value) => (value === null ? null : reader(value)), 'nullable', reader);
}

/** An object key that may be absent or `undefined`; the result then lacks the key. */
/* @__NO_SIDE_EFFECTS__ */
export function optional<T>(reader: Reader<T>): OptionalReader<T> {
  return declare(
    (value) => (value === undefined ? undefined : reader(value)),
    'optional',
    reader,
  ) as OptionalReader<T>;
}

/** An array of at most `max` items, each read by `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Reader<T>, max = Infinity): Reader<T[]> {
  return declare(
    (value) => {
      if (!Array.isArray(value) || value.length > max) return INVALID;
      const items: T[] = [];
      for (const element of value as unknown[]) {
        const read = item(element);
        if (read === INVALID) return INVALID;
        items.push(read);
      }
      return items;
    },
    'array',
    item,
    max,
  );
}

/** A plain object used as a map: every own key a string that is no prototype key, every value read by `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function record<T>(item: Reader<T>): Reader<Record<string, T>> {
  return declare(
    (value) => {
      if (!isObject(value)) return INVALID;
      const entries: Record<string, T> = {};
      for (const [key, element] of Object.entries(value)) {
        if (PROTOTYPE_KEYS.includes(key)) return INVALID;
        const read = item(element);
        if (read === INVALID) return INVALID;
        entries[key] = read;
      }
      return entries;
    },
    'record',
    item,
  );
}

/** Readers by key: the declaration of an object's keys. */
export type KeyReaders = Readonly<Record<string, AnyReader>>;

/** `T` as one object type rather than an intersection, so that types compare and print as they read. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The keys of `S` whose readers are {@link optional}. */
type OptionalKeys<S> = { [K in keyof S]: S[K] extends { readonly [OPTIONAL]: true } ? K : never }[keyof S];

/**
 * The object that the readers of `S` read: optional keys may be absent. Both halves map the keys of
 * `S` itself (filtered, not renamed), so each property keeps the declaration of its reader's key, and
 * with it the key's TSDoc: editors show it, and the published types are written from it. What a
 * reader returns is a fresh object of its own, so none of its keys is read-only, even where the
 * readers were declared with read-only keys (a `const` type parameter's).
 */
export type ObjectOf<S extends KeyReaders> = Flat<
  { -readonly [K in keyof S as K extends OptionalKeys<S> ? never : K]: Infer<S[K]> } & {
    -readonly [K in keyof S as K extends OptionalKeys<S> ? K : never]?: Infer<S[K]>;
  }
>;

/** An object as {@link looseObject} reads it: the checked keys of `T`, and any other key kept as it came. */
export type Loose<T> = Flat<T & { [key: string]: unknown }>;

/**
 * A plain object with the keys of `shape`, read from its own properties only. Other keys are
 * dropped (the result is a new object holding nothing but the checked keys) or, `loose`, kept as
 * they came, prototype keys excepted, so that the result's prototype stays `Object.prototype`.
 */
/* @__NO_SIDE_EFFECTS__ */
function objectReader<S extends KeyReaders>(shape: S, loose: boolean): Reader<ObjectOf<S>> {
  const keys = Object.keys(shape);
  return declare(
    (value) => {
      if (!isObject(value)) return INVALID;
      const result: Record<string, unknown> = {};
      for (const key of keys) {
        const reader = shape[key] as AnyReader;
        const present = Object.hasOwn(value, key);
        if (!present && reader.spec[0] !== 'optional') return INVALID;
        const read: unknown = reader(present ? value[key] : undefined);
        if (read === INVALID) return INVALID;
        if (read !== undefined) result[key] = read;
      }
      if (loose) {
        for (const [key, element] of Object.entries(value)) {
          if (!Object.hasOwn(shape, key) && !PROTOTYPE_KEYS.includes(key)) result[key] = element;
        }
      }
      return result as ObjectOf<S>;
    },
    'object',
    shape,
    loose,
  );
}

/** A plain object with the keys of `shape`, read from its own properties only; other keys are dropped. */
/* @__NO_SIDE_EFFECTS__ */
export function object<S extends KeyReaders>(shape: S): Reader<ObjectOf<S>> {
  return objectReader(shape, false);
}

/**
 * A plain object with the keys of `shape`, read as {@link object} reads them, that also keeps every
 * other own key and its value as they came: for answers and options whose further keys belong to
 * someone else (the gateway's newer fields, a wallet's own options).
 */
/* @__NO_SIDE_EFFECTS__ */
export function looseObject<S extends KeyReaders>(shape: S): Reader<Loose<ObjectOf<S>>> {
  return objectReader(shape, true) as Reader<Loose<ObjectOf<S>>>;
}

/** What `first` reads, else what `second` reads. */
/* @__NO_SIDE_EFFECTS__ */
export function union<A, B>(first: Reader<A>, second: Reader<B>): Reader<A | B> {
  return declare(
    (value) => {
      const read = first(value);
      return read === INVALID ? second(value) : read;
    },
    'union',
    [first, second],
  );
}

/** The members of a union discriminated by `type`: by `type`, the readers of their other keys. */
export type Members = Readonly<Record<string, KeyReaders>>;

/** The union that {@link discriminated} reads. */
export type MemberOf<M extends Members> = {
  [K in keyof M & string]: ObjectOf<{ type: Reader<K> } & M[K]>;
}[keyof M & string];

/** A member of a union discriminated by `type`, read as {@link object} reads it: an unknown `type` is invalid. */
/* @__NO_SIDE_EFFECTS__ */
export function discriminated<const M extends Members>(members: M): Reader<MemberOf<M>> {
  const readers: Record<string, AnyReader> = {};
  for (const type of Object.keys(members)) readers[type] = object({ type: oneOf([type]), ...members[type] });
  // A `type` that is no string finds no member, or one whose reader refuses it (its `type` is one
  // of its keys): the messages and answers read here are structured clones or JSON, with no
  // function to make a key of it.
  return declare(
    (value) =>
      isObject(value) && Object.hasOwn(readers, value.type as string)
        ? (readers[value.type as string] as Reader<MemberOf<M>>)(value)
        : INVALID,
    'discriminated',
    readers,
  );
}

/**
 * What `reader` reads, only when `test` holds for it (a rule across keys, or a bound on a value).
 * `text` says what it takes, for {@link expectedText}; a `$` in it stands for what `reader` takes.
 */
/* @__NO_SIDE_EFFECTS__ */
export function refine<T>(
  reader: Reader<T>,
  text: string,
  test: (value: T) => boolean = () => true,
): Reader<T> {
  return declare(
    (value) => {
      const read = reader(value);
      return read !== INVALID && test(read) ? read : INVALID;
    },
    'refine',
    reader,
    text,
    test,
  );
}

/** A string of at least one character. */
export const nonEmptyString: Reader<string> = refine(string(), 'a non-empty string', (value) => value !== '');

/** A finite number of at least zero. */
export const nonNegativeNumber: Reader<number> = refine(
  finiteNumber,
  'a number of at least 0',
  (value) => value >= 0,
);

/**
 * What `reader` takes, in words, for an error's `details.reason`: an object as JSON would show it,
 * `"key"?` for an optional key and `…` for the further keys of a loose object, alternatives joined
 * with `|`, a refinement as its text says (`$` standing for what it refines), anything else by its
 * kind (`string`, `boolean`, `number`…).
 */
export function expectedText(reader: AnyReader): string {
  const [kind, item, more] = reader.spec as readonly [string, unknown, unknown];
  return kind === 'object'
    ? `{${Object.entries(item as KeyReaders)
        .map(([key, value]) => `"${key}"${value.spec[0] === 'optional' ? '?' : ''}: ${expectedText(value)}`)
        .concat(more ? '…' : [])
        .join(', ')}}`
    : kind === 'refine'
      ? (more as string).replace('$', () => expectedText(item as AnyReader))
      : kind === 'optional'
        ? expectedText(item as AnyReader)
        : kind === 'nullable'
          ? `null | ${expectedText(item as AnyReader)}`
          : kind === 'record'
            ? `{"key": ${expectedText(item as AnyReader)}}`
            : Array.isArray(item)
              ? (item as (string | AnyReader)[])
                  .map((value) => (typeof value === 'string' ? `"${value}"` : expectedText(value)))
                  .join(' | ')
              : kind;
}

/**
 * Why `reader` refuses `value`, for an error's `details.reason`: the key at fault when there is
 * one (after `path`, the name of where the value sits), and what `reader` takes.
 */
export function refusal(reader: AnyReader, value: unknown, path = ''): string {
  const key = invalidKey(reader, value);
  return `${key === undefined ? '' : `"${path}${key}" does not fit; `}expected ${expectedText(reader)}`;
}

/**
 * The first key that keeps `value` from reading, to name it in an error message: for an object,
 * the first declared key whose reader refuses the value's own property (a missing one reads as
 * `undefined`); for a record, the first own key its item refuses or that is a prototype key.
 * `undefined` when `value` is no plain object or every key reads, so the fault lies with the value
 * as a whole.
 */
export function invalidKey(reader: AnyReader, value: unknown): string | undefined {
  const spec = reader.spec;
  if (!isObject(value)) return undefined;
  if (spec[0] === 'refine') return invalidKey(spec[1], value);
  if (spec[0] === 'record') {
    return Object.keys(value).find((key) => PROTOTYPE_KEYS.includes(key) || spec[1](value[key]) === INVALID);
  }
  if (spec[0] !== 'object') return undefined;
  return Object.entries(spec[1]).find(
    ([key, item]) => item(Object.hasOwn(value, key) ? value[key] : undefined) === INVALID,
  )?.[0];
}
