/**
 * The route table and route lookup. To add an endpoint, write its module (see `clientApiRoute` in
 * route.ts) and add its route here.
 * @packageDocumentation
 */
import { analyticsRoute } from './analytics';
import { answerOverrideRoutes } from './answer-overrides';
import { applePayWebSessionsRoute } from './apple-pay-sessions';
import { applePaymentTokensRoute } from './apple-payment-tokens';
import { cardinalRoutes } from './stand-ins/cardinal';
import { checkoutRoute } from './checkout';
import { clientTokenRoute } from './client-token';
import { configurationRoute } from './configuration';
import { iconRoute, merchantsRoute, resetRoute } from './control';
import { creditCardsRoute } from './credit-cards';
import { deviceSessionRoutes } from './device-sessions';
import { faultRoutes } from './faults';
import { graphQLRoute } from './graphql';
import { fraudnetRoutes } from './stand-ins/fraudnet';
import { googlePayRoutes } from './stand-ins/google-pay';
import { venmoRoutes } from './stand-ins/venmo';
import { partitionRoutes } from './partitions';
import { paymentMethodsRoute } from './payment-methods';
import { paypalAccountsRoute } from './paypal-accounts';
import { paypalApprovalRoutes } from './stand-ins/paypal-approval';
import { createPaymentResourceRoute, setupBillingAgreementRoute } from './paypal-hermes';
import { requestLogRoutes } from './request-log';
import { matchPath, type Route } from './route';
import { threeDSecureBankRoutes } from './three-d-secure-bank';
import { threeDSecure2Routes } from './three-d-secure-2';
import { threeDSecureLookupRoute } from './three-d-secure-lookup';

/** Every route of the gateway. */
export const ROUTES: readonly Route[] = [
  // Client API
  configurationRoute,
  paymentMethodsRoute,
  creditCardsRoute,
  applePayWebSessionsRoute,
  applePaymentTokensRoute,
  createPaymentResourceRoute,
  setupBillingAgreementRoute,
  paypalAccountsRoute,
  threeDSecureLookupRoute,
  // Beside the client API
  analyticsRoute,
  graphQLRoute,
  // Sandbox control: never faulted, never logged (but the checkout logs its form posts itself)
  clientTokenRoute,
  checkoutRoute,
  // The PayPal side's approval page: what PayPal's own pages are in production
  ...paypalApprovalRoutes,
  // The bank's page and the term URL of 3D Secure: the issuer's and the provider's pages in production
  ...threeDSecureBankRoutes,
  ...threeDSecure2Routes,
  ...cardinalRoutes,
  // PayPal's fraud script and its beacon (the PayPal data collector's hosts in production)
  ...fraudnetRoutes,
  // Google's pay.js and the token Google's servers get from the gateway (Google's hosts in production)
  ...googlePayRoutes,
  // Venmo's pages: the app, its web page and its web login (Venmo's hosts in production)
  ...venmoRoutes,
  ...faultRoutes,
  ...answerOverrideRoutes,
  ...requestLogRoutes,
  ...deviceSessionRoutes,
  resetRoute,
  ...partitionRoutes,
  merchantsRoute,
  iconRoute,
];

/** Prefix of the sandbox control paths. */
export const CONTROL_PREFIX = '/sandbox/';

/** True for a sandbox control path. */
export function isControlPath(pathname: string): boolean {
  return pathname === '/sandbox' || pathname.startsWith(CONTROL_PREFIX);
}

/** The outcome of {@link findRoute}. */
export type RouteLookup =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrongMethod'; allowed: string[] }
  | { kind: 'notFound' };

/** The route for a request: found, known path with another method (405), or unknown path (404). */
export function findRoute(method: string, pathname: string, routes: readonly Route[] = ROUTES): RouteLookup {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (!params) continue;
    if (route.method === method) return { kind: 'found', route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: 'wrongMethod', allowed } : { kind: 'notFound' };
}
