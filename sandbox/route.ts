/**
 * Routes: what a route is, how a path pattern matches, and the helper that turns an entry of the
 * shared ENDPOINTS table into an authorized client API route. Adding an endpoint is one module that
 * exports a route, plus one line in router.ts.
 * @packageDocumentation
 */
import type { IncomingHttpHeaders } from 'node:http';
import { clientApiPath, ENDPOINTS, type EndpointName } from '../src/shared/endpoints';
import { authorize, type Access, type Authorization } from './auth';
import type { Reply } from './http';
import type { Merchant } from './merchants';
import type { Partitions } from './partitions';
import type { SandboxState } from './state';

/** Methods a route can answer. */
export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/** What a handler gets. */
export interface RouteContext {
  /** The state of the request's partition (docs/sandbox.md, "Partitions"). */
  state: SandboxState;
  /** Every partition of the gateway instance, for the routes that make and delete them. */
  partitions: Partitions;
  method: string;
  url: URL;
  /** Decoded path parameters (`:name` segments of the pattern). */
  params: Record<string, string>;
  /** Decoded query parameters; the last value wins for repeated keys. */
  query: Record<string, string>;
  /** Parsed JSON body, or `null` when there was none (or, for a {@link Route.rawBody} route, it is not JSON). */
  body: unknown;
  /** The body as received, decoded as UTF-8; `''` when there was none. */
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A route. */
export interface Route {
  method: RouteMethod;
  /** Path pattern; a segment `:name` captures a parameter. */
  path: string;
  /**
   * Set by routes that read a body other than JSON from {@link RouteContext.rawBody} (an HTML form
   * post): the gateway then hands over a body that is not JSON instead of answering 400.
   */
  rawBody?: boolean;
  handle(context: RouteContext): Reply | Promise<Reply>;
}

/** What a client API handler gets: the request plus the checked merchant and authorization. */
export interface ClientApiContext extends RouteContext {
  merchant: Merchant;
  auth: Authorization;
}

const MERCHANT_SENTINEL = 'MERCHANTIDPLACEHOLDER';

/** Pattern of a merchant's client API base, derived from the shared `clientApiPath`. */
export const CLIENT_API_PATTERN = clientApiPath(MERCHANT_SENTINEL).replace(MERCHANT_SENTINEL, ':merchantId');

/** The parameters of `pathname` under `pattern`, or `null` when it does not match. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) {
      if (value === '') return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment !== value) {
      return null;
    }
  }
  return params;
}

/**
 * A route for an endpoint of the shared ENDPOINTS table, under `/merchants/:merchantId/client_api/v1/`.
 * The handler runs only once the credential is checked against the path's merchant.
 */
export function clientApiRoute(
  name: EndpointName,
  access: Access,
  handle: (context: ClientApiContext) => Reply | Promise<Reply>,
): Route {
  const endpoint = ENDPOINTS[name];
  return {
    method: endpoint.method,
    path: `${CLIENT_API_PATTERN}/v1/${endpoint.path}`,
    handle(context) {
      const result = authorize(context, context.params.merchantId ?? '', access, context.state.partition);
      if (!result.ok) return result.reply;
      return handle({ ...context, merchant: result.auth.merchant, auth: result.auth });
    },
  };
}
