import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  array,
  boolean,
  discriminated,
  expectedText,
  finiteNumber,
  INVALID,
  invalidKey,
  looseObject,
  nonEmptyString,
  nonNegativeNumber,
  nullable,
  object,
  oneOf,
  optional,
  parseWith,
  record,
  refine,
  string,
  union,
  unknownValue,
  type Infer,
} from './strict-readers';
import { lenient, byKey } from './strict-readers-more';
import { expectReadsItsShape } from './test-support';

describe('scalar readers', () => {
  it('read strings up to their cap', () => {
    expect(string(3)('abc')).toBe('abc');
    expect(string(3)('abcd')).toBe(INVALID);
    expect(string()('x'.repeat(10_000))).toBe('x'.repeat(10_000));
    expect(string()(3)).toBe(INVALID);
    expect(string()(new String('a'))).toBe(INVALID);
  });

  it('read booleans and finite numbers only', () => {
    expect(boolean(false)).toBe(false);
    expect(boolean('true')).toBe(INVALID);
    expect(finiteNumber(0)).toBe(0);
    expect(finiteNumber(-1.5)).toBe(-1.5);
    for (const value of [Number.NaN, Infinity, -Infinity, '1', null, undefined]) {
      expect(finiteNumber(value)).toBe(INVALID);
    }
  });

  it('read one of the given strings, and null where allowed', () => {
    const pick = oneOf(['a', 'b']);
    expect(pick('b')).toBe('b');
    expect(pick('c')).toBe(INVALID);
    expect(pick('toString')).toBe(INVALID);
    expect(nullable(pick)(null)).toBeNull();
    expect(nullable(pick)(undefined)).toBe(INVALID);
  });
});

describe('array', () => {
  it('reads every item and caps the length', () => {
    expect(array(string(), 2)(['a', 'b'])).toEqual(['a', 'b']);
    expect(array(string(), 2)(['a', 'b', 'c'])).toBe(INVALID);
    expect(array(string())(['a', 1])).toBe(INVALID);
    expect(array(string())({ 0: 'a', length: 1 })).toBe(INVALID);
  });

  it('returns a new array', () => {
    const input = ['a'];
    expect(array(string())(input)).not.toBe(input);
  });
});

describe('record', () => {
  it('copies string keys with valid values into a new object', () => {
    const input = { a: 'x', b: 'y' };
    const read = record(string())(input);
    expect(read).toEqual(input);
    expect(read).not.toBe(input);
  });

  it.each([
    ['a wrong value', { a: 1 }],
    ['an array', ['x']],
    ['null', null],
    ['a string', 'a'],
    ['a __proto__ key', JSON.parse('{"__proto__":"x"}') as unknown],
    ['a constructor key', { constructor: 'x' }],
    ['a prototype key', { prototype: 'x' }],
  ])('refuses %s', (_, value) => {
    expect(record(string())(value)).toBe(INVALID);
  });

  it('passes values of unknown shape through as they are', () => {
    const nested = { deep: [1] };
    expect(record(unknownValue)({ nested })).toEqual({ nested });
  });
});

describe('object', () => {
  const reader = object({ a: string(5), b: optional(finiteNumber) });

  it('has the type of its declaration', () => {
    expectTypeOf<Infer<typeof reader>>().toEqualTypeOf<{ a: string; b?: number | undefined }>();
  });

  it('keeps only the declared keys', () => {
    expect(reader({ a: 'x', b: 1, c: true })).toEqual({ a: 'x', b: 1 });
    expect(reader({ a: 'x' })).toStrictEqual({ a: 'x' });
    expect(reader({ a: 'x', b: undefined })).toStrictEqual({ a: 'x' });
  });

  it('reads own keys only, and never copies prototype keys', () => {
    expect(reader(Object.create({ a: 'x' }))).toBe(INVALID);
    const read = reader(JSON.parse('{"a":"x","__proto__":{"polluted":true},"constructor":1}'));
    expect(read).toStrictEqual({ a: 'x' });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a missing key', { b: 1 }],
    ['a wrong type', { a: 1 }],
    ['a too-long string', { a: 'xxxxxx' }],
    ['NaN', { a: 'x', b: Number.NaN }],
    ['an array', ['x']],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_, value) => {
    expect(reader(value)).toBe(INVALID);
  });
});

describe('union and discriminated', () => {
  it('union takes the first reader that reads the value', () => {
    const either = union(boolean, string(1));
    expect(either(true)).toBe(true);
    expect(either('a')).toBe('a');
    expect(either('ab')).toBe(INVALID);
  });

  const message = discriminated({ a: { x: string() }, b: {} });

  it('has the union of its members as its type', () => {
    expectTypeOf<Infer<typeof message>>().toEqualTypeOf<{ type: 'a'; x: string } | { type: 'b' }>();
  });

  it('reads the member its type names', () => {
    expect(message({ type: 'a', x: '1' })).toEqual({ type: 'a', x: '1' });
    expect(message({ type: 'b', x: '1' })).toStrictEqual({ type: 'b' });
  });

  it.each([
    ['an unknown type', { type: 'c' }],
    ['a prototype type', { type: 'constructor' }],
    ['a __proto__ type', { type: '__proto__' }],
    ['no type', { x: '1' }],
    ['an invalid member', { type: 'a' }],
    ['an array', [{ type: 'b' }]],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(message(value)).toBe(INVALID);
    expect(parseWith(message, value)).toBeNull();
  });
});

describe('looseObject', () => {
  const reader = looseObject({ a: string(5), b: optional(finiteNumber) });

  it('reads the declared keys and keeps every other own key as it came', () => {
    const nested = { deep: [1] };
    const input = { a: 'x', b: 1, nested };
    const read = reader(input);
    expect(read).toStrictEqual({ a: 'x', b: 1, nested });
    expect(read).not.toBe(input);
    expect(read !== INVALID && read.nested).toBe(nested);
    expect(reader({ a: 'x', b: undefined })).toStrictEqual({ a: 'x' });
  });

  it('never copies prototype keys', () => {
    const read = reader(JSON.parse('{"a":"x","__proto__":{"polluted":true},"constructor":1,"prototype":2}'));
    expect(read).toStrictEqual({ a: 'x' });
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a missing key', { b: 1 }],
    ['a wrong type', { a: 1, c: 1 }],
    ['an array', ['x']],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(reader(value)).toBe(INVALID);
  });
});

describe('refine and the bounded scalars', () => {
  it('refine keeps what reads and passes the test', () => {
    const even = refine(finiteNumber, 'an even number', (value) => value % 2 === 0);
    expect(even(2)).toBe(2);
    expect(even(3)).toBe(INVALID);
    expect(even('2')).toBe(INVALID);
  });

  it('read non-empty strings, matching strings and numbers of at least zero', () => {
    expect(nonEmptyString('a')).toBe('a');
    expect(nonEmptyString('')).toBe(INVALID);
    const as = refine(string(), 'a run of a', (value) => /^a+$/.test(value));
    expect(as('aa')).toBe('aa');
    expect(as('ab')).toBe(INVALID);
    expect(as(['aa'])).toBe(INVALID);
    expect(nonNegativeNumber(0)).toBe(0);
    expect(nonNegativeNumber(1.5)).toBe(1.5);
    for (const value of [-1, Number.NaN, Infinity, '1']) expect(nonNegativeNumber(value)).toBe(INVALID);
  });
});

describe('invalidKey', () => {
  const shape = object({ a: string(), b: optional(finiteNumber) });

  it('names the first key of an object that does not read, a missing required key included', () => {
    expect(invalidKey(shape, { a: 'x', b: 'y' })).toBe('b');
    expect(invalidKey(shape, { b: 1 })).toBe('a');
    expect(invalidKey(shape, { a: 'x', c: 1 })).toBeUndefined();
  });

  it('names the first key a map refuses, prototype keys included, through a refinement too', () => {
    const texts = record(string());
    expect(invalidKey(texts, { a: 'x', b: 1 })).toBe('b');
    expect(invalidKey(texts, { constructor: 'x' })).toBe('constructor');
    expect(invalidKey(texts, { a: 'x' })).toBeUndefined();
    expect(invalidKey(refine(texts, 'texts'), { a: 1 })).toBe('a');
  });

  it('names nothing for a value that is no plain object', () => {
    for (const value of [null, 'a', ['x'], 1]) expect(invalidKey(shape, value)).toBeUndefined();
  });
});

describe('expectedText', () => {
  it('spells an object as JSON would show it, optional keys marked and a loose object open', () => {
    const reader = looseObject({
      flow: optional(oneOf(['checkout', 'vault'])),
      amount: union(nonEmptyString, nonNegativeNumber),
      names: optional(record(string())),
      on: refine(object({ kount: optional(boolean) }), '$ with kount true', (value) => value.kount === true),
    });
    expect(expectedText(reader)).toBe(
      '{"flow"?: "checkout" | "vault", "amount": a non-empty string | a number of at least 0, ' +
        '"names"?: {"key": string}, "on": {"kount"?: boolean} with kount true, …}',
    );
  });

  it('names the other kinds by what they are', () => {
    expect(expectedText(refine(boolean, 'true or false'))).toBe('true or false');
    expect(expectedText(finiteNumber)).toBe('number');
    expect(expectedText(array(string()))).toBe('array');
    expect(expectedText(discriminated({ a: {}, b: {} }))).toBe('discriminated');
  });
});

describe('every builder, held to its own declaration', () => {
  const shapes = {
    'a discriminated union': discriminated({
      a: { text: string(8), list: array(oneOf(['x', 'y']), 3), flag: optional(boolean) },
      b: { map: record(nullable(finiteNumber)), anything: optional(unknownValue) },
    }),
    'a loose object in a union': union(
      looseObject({ key: string() }),
      object({ other: refine(finiteNumber, 'even', (value) => value % 2 === 0) }),
    ),
    'a choice by key': byKey('special', object({ special: nonEmptyString }), object({ plain: boolean })),
    'a lenient part': object({ part: optional(lenient(object({ n: nonNegativeNumber }))) }),
  };

  it.each(Object.entries(shapes))('%s', (_, reader) => {
    expectReadsItsShape(reader);
  });
});
