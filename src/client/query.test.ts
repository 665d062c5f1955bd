import { describe, expect, it } from 'vitest';
import { encodeQuery, withQuery } from './query';

describe('encodeQuery', () => {
  it('encodes flat values', () => {
    expect(encodeQuery({ a: 'x', n: 3, t: true, f: false })).toBe('a=x&n=3&t=true&f=false');
  });

  it('encodes nested objects with percent-encoded brackets', () => {
    expect(encodeQuery({ _meta: { sessionId: 'abc', deep: { k: 'v' } } })).toBe(
      '_meta%5BsessionId%5D=abc&_meta%5Bdeep%5D%5Bk%5D=v',
    );
  });

  it('encodes arrays with empty brackets, also arrays of objects', () => {
    expect(encodeQuery({ ids: [1, 2], list: [{ a: 1 }] })).toBe(
      'ids%5B%5D=1&ids%5B%5D=2&list%5B%5D%5Ba%5D=1',
    );
  });

  it('percent-encodes special characters in keys and values', () => {
    expect(encodeQuery({ 'a b&c': 'x=y&z?é /+#' })).toBe('a%20b%26c=x%3Dy%26z%3F%C3%A9%20%2F%2B%23');
  });

  it('leaves out undefined and sends null as empty', () => {
    expect(encodeQuery({ u: undefined, n: null, o: { u: undefined } })).toBe('n=');
  });

  it('gives an empty string for no data', () => {
    expect(encodeQuery({})).toBe('');
  });
});

describe('withQuery', () => {
  it('appends with ? or & and leaves a URL alone without data', () => {
    expect(withQuery('https://x.test/p', { a: 1 })).toBe('https://x.test/p?a=1');
    expect(withQuery('https://x.test/p?z=0', { a: 1 })).toBe('https://x.test/p?z=0&a=1');
    expect(withQuery('https://x.test/p', {})).toBe('https://x.test/p');
  });

  it('round-trips through URLSearchParams', () => {
    const url = withQuery('https://x.test/', { _meta: { source: 'a&b' }, list: ['1 2'] });
    expect([...new URL(url).searchParams]).toEqual([
      ['_meta[source]', 'a&b'],
      ['list[]', '1 2'],
    ]);
  });
});
