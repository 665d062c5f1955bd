/**
 * CORS for any merchant origin: authorization is by key or token, never by origin (docs/architecture.md,
 * "Origins"). No credentials are allowed, so echoing the origin is safe.
 * @packageDocumentation
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './http';

/** Methods a preflight allows. */
export const CORS_ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

/** Request headers a preflight allows. */
export const CORS_ALLOWED_HEADERS = 'content-type, authorization, braintree-version';

/** How long a browser may cache a preflight, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/** Echo the request's origin on the response (every response, including errors and faults). */
export function applyCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('vary', 'origin');
  const origin = req.headers.origin;
  if (typeof origin === 'string' && origin !== '') res.setHeader('access-control-allow-origin', origin);
}

/** The answer to a preflight `OPTIONS`, whatever the path. */
export function preflightReply(req: IncomingMessage): Reply {
  const headers: Record<string, string> = {
    'access-control-allow-methods': CORS_ALLOWED_METHODS,
    'access-control-allow-headers': CORS_ALLOWED_HEADERS,
    'access-control-max-age': String(CORS_MAX_AGE_SECONDS),
  };
  // Chrome asks before a public page may call a loopback gateway; the sandbox is meant to be called so.
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['access-control-allow-private-network'] = 'true';
  }
  return { status: 204, headers };
}
