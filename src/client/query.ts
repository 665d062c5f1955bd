/**
 * Form-style query-string encoding of request data (docs/protocol.md, "Requests").
 * @packageDocumentation
 */

function append(pairs: string[], key: string, value: unknown): void {
  if (value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) append(pairs, `${key}[]`, item);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) append(pairs, `${key}[${name}]`, item);
  } else {
    pairs.push(
      `${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : (value as string | number | boolean))}`,
    );
  }
}

/**
 * Encodes data as a form-style query: nested objects become `a[b]=`, arrays `a[]=`, keys and
 * values are percent-encoded (brackets included), `undefined` is left out and `null` is empty.
 * @example encodeQuery({ _meta: { source: 'client' }, ids: [1, 2] })
 * // '_meta%5Bsource%5D=client&ids%5B%5D=1&ids%5B%5D=2'
 */
export function encodeQuery(data: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(data)) append(pairs, key, value);
  return pairs.join('&');
}

/** Appends an encoded query to a URL that may already carry one. */
export function withQuery(url: string, data: Record<string, unknown>): string {
  const query = encodeQuery(data);
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
