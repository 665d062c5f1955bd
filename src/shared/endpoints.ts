/**
 * The gateway's client API endpoints: one table used by the client and by the sandbox gateway.
 * Paths are relative to `{clientApiUrl}/v1/`; `:name` marks a path parameter.
 * @packageDocumentation
 */

/** HTTP method of a gateway call. */
export type HttpMethod = 'GET' | 'POST';

/**
 * Card tokenization, the one endpoint the tokenizing frame calls. A constant of its own so the
 * frame reads it without shipping the rest of the table; {@link ENDPOINTS} lists it as `creditCards`.
 */
export const CREDIT_CARDS_ENDPOINT = {
  method: 'POST',
  path: 'payment_methods/credit_cards',
} as const satisfies { method: HttpMethod; path: string };

/**
 * The customer's saved payment methods, which the panel's runtime file lists: a constant of its own
 * as {@link CREDIT_CARDS_ENDPOINT} is, so that file does not carry the rest of the table.
 */
export const PAYMENT_METHODS_ENDPOINT = {
  method: 'GET',
  path: 'payment_methods',
} as const satisfies { method: HttpMethod; path: string };

/** Every client API endpoint the panel calls. */
export const ENDPOINTS = {
  configuration: { method: 'GET', path: 'configuration' },
  paymentMethods: PAYMENT_METHODS_ENDPOINT,
  creditCards: CREDIT_CARDS_ENDPOINT,
  paypalAccounts: { method: 'POST', path: 'payment_methods/paypal_accounts' },
  applePaymentTokens: { method: 'POST', path: 'payment_methods/apple_payment_tokens' },
  threeDSecureLookup: { method: 'POST', path: 'payment_methods/:nonce/three_d_secure/lookup' },
  threeDSecureAuthenticateFromJwt: {
    method: 'POST',
    path: 'payment_methods/:nonce/three_d_secure/authenticate_from_jwt',
  },
  createPaymentResource: { method: 'POST', path: 'paypal_hermes/create_payment_resource' },
  setupBillingAgreement: { method: 'POST', path: 'paypal_hermes/setup_billing_agreement' },
  applePayWebSessions: { method: 'POST', path: 'apple_pay_web/sessions' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

/** Name of a client API endpoint. */
export type EndpointName = keyof typeof ENDPOINTS;

/**
 * The path of an endpoint with its parameters filled in and percent-encoded.
 * @example endpointPath('threeDSecureLookup', { nonce: 'abc' }) // 'payment_methods/abc/three_d_secure/lookup'
 */
export function endpointPath(name: EndpointName, params: Record<string, string> = {}): string {
  return ENDPOINTS[name].path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new TypeError(`Missing path parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
}

/** Path prefix of a merchant's client API on the gateway: `/merchants/<id>/client_api`. */
export function clientApiPath(merchantId: string): string {
  return `/merchants/${encodeURIComponent(merchantId)}/client_api`;
}
