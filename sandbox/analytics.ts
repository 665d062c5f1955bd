/**
 * The analytics sink, `POST /analytics/<merchantId>`: accepts anything and answers `{}`, as the
 * client ignores the answer. Events can be read back from the request log.
 * @packageDocumentation
 */
import { jsonReply } from './http';
import type { Route } from './route';

/** Path of a merchant's analytics sink; configuration's `analytics.url` points here. */
export function analyticsPath(merchantId: string): string {
  return `/analytics/${encodeURIComponent(merchantId)}`;
}

/** `POST /analytics/:merchantId`. */
export const analyticsRoute: Route = {
  method: 'POST',
  path: '/analytics/:merchantId',
  handle: () => jsonReply(200, {}),
};
