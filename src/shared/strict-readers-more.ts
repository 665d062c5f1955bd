/**
 * Builders of the strict readers that only files loaded on demand use (the PayPal pages and
 * module, 3D Secure's answers): kept apart from `strict-readers.ts` so that the first script, which
 * exposes the builders it holds to those files, does not carry them.
 * @packageDocumentation
 */
import { declare, INVALID, isObject, type Reader } from './strict-readers';

/** When `value` has the own key `key`, what `withKey` reads; otherwise what `withoutKey` reads. */
/* @__NO_SIDE_EFFECTS__ */
export function byKey<A, B>(key: string, withKey: Reader<A>, withoutKey: Reader<B>): Reader<A | B> {
  return declare(
    (value) => (isObject(value) && Object.hasOwn(value, key) ? withKey(value) : withoutKey(value)),
    'byKey',
    [withKey, withoutKey],
    key,
  );
}

/** What `reader` reads, or `undefined` in place of a wrong shape: for parts an answer may do without. */
/* @__NO_SIDE_EFFECTS__ */
export function lenient<T>(reader: Reader<T>): Reader<T | undefined> {
  return declare(
    (value) => {
      const read = reader(value);
      return read === INVALID ? undefined : read;
    },
    'lenient',
    reader,
  );
}
