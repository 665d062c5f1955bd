/**
 * The one HTTP wrapper of the bundle: the only code that calls `fetch` (docs/architecture.md, "Layers").
 * @packageDocumentation
 */
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../shared/constants';
import type { HttpMethod } from '../shared/endpoints';
import { createRequestError, type PanelError } from '../shared/errors';
import { withQuery } from './query';

/** Options of {@link httpRequest}. */
export interface HttpRequestOptions {
  /** Absolute URL. */
  url: string;
  /** `GET` puts `data` in the query; `POST` sends it as a JSON body. */
  method: HttpMethod;
  /** Request data. */
  data?: Record<string, unknown>;
  /** Extra headers; `Content-Type: application/json` is always sent. */
  headers?: Record<string, string>;
  /** Time-out in milliseconds; {@link DEFAULT_REQUEST_TIMEOUT_MS} by default. */
  timeout?: number;
  /** Aborting it rejects the request with the signal's reason (not a catalogue error). */
  signal?: AbortSignal;
  /** Let the request outlive the page (analytics on `pagehide`). */
  keepalive?: boolean;
}

/** A successful answer: the HTTP status and the body, parsed as JSON when possible, else raw text. */
export interface HttpResponse<T = unknown> {
  /** HTTP status, 200–399. */
  status: number;
  /** The parsed body. */
  data: T;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function statusError(status: number, body: unknown): PanelError {
  const details = { httpStatus: status, originalError: body };
  if (status === 403) return createRequestError('CLIENT_AUTHORIZATION_INSUFFICIENT', undefined, details);
  if (status === 429) return createRequestError('CLIENT_RATE_LIMITED', undefined, details);
  if (status >= 500) return createRequestError('CLIENT_GATEWAY_NETWORK', undefined, details);
  return createRequestError('CLIENT_REQUEST_ERROR', undefined, details);
}

/**
 * Sends one request to the gateway, without credentials.
 *
 * Rejects with a catalogue error carrying `details.httpStatus`: `CLIENT_REQUEST_TIMEOUT` (−1) on
 * time-out; `CLIENT_GATEWAY_NETWORK` on a transport failure (500) or a 5xx;
 * `CLIENT_AUTHORIZATION_INSUFFICIENT` on 403; `CLIENT_RATE_LIMITED` on 429; `CLIENT_REQUEST_ERROR`
 * on any other status below 200 or from 400. HTTP errors also carry the body in `details.originalError`.
 */
export async function httpRequest<T = unknown>(options: HttpRequestOptions): Promise<HttpResponse<T>> {
  const { signal, data = {} } = options;
  signal?.throwIfAborted();
  const method = options.method.toUpperCase();
  const isGet = method === 'GET';
  const controller = new AbortController();
  // A timer rather than AbortSignal.timeout, so fake clocks drive it in tests.
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeout ?? DEFAULT_REQUEST_TIMEOUT_MS);
  const onAbort = (): void => {
    controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort);

  let status: number;
  let body: unknown;
  try {
    const response = await fetch(isGet ? withQuery(options.url, data) : options.url, {
      method,
      headers: { ...options.headers, 'Content-Type': 'application/json' },
      body: isGet ? null : JSON.stringify(data),
      credentials: 'omit',
      keepalive: options.keepalive ?? false,
      signal: controller.signal,
    });
    status = response.status;
    body = parseBody(await response.text());
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    // Our controller aborts only for the caller (above) or the time-out.
    if (controller.signal.aborted)
      throw createRequestError('CLIENT_REQUEST_TIMEOUT', undefined, { httpStatus: -1 });
    // fetch reports transport failures without a status; the reference reports them as 500.
    throw createRequestError('CLIENT_GATEWAY_NETWORK', undefined, { httpStatus: 500, originalError: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (status < 200 || status >= 400) throw statusError(status, body);
  return { status, data: body as T };
}

/**
 * Reads a JSON file the provider publishes beside the bundle (a locale's texts): a simple CORS
 * `GET` with no headers and no credentials, so no preflight, checked against its `integrity`.
 * Rejects on a transport failure, after `timeout` milliseconds, on bytes that do not match
 * `integrity`, on a status outside 200–299, or on a body that is not JSON.
 */
export async function fetchPublishedJson(url: string, timeout: number, integrity: string): Promise<unknown> {
  const response = await fetch(url, { credentials: 'omit', integrity, signal: AbortSignal.timeout(timeout) });
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`);
  return (await response.json()) as unknown;
}
