/**
 * `POST /sandbox/client_token`: mints client tokens in the merchant server's role (docs/sandbox.md, "Client
 * tokens").
 * @packageDocumentation
 */
import { signFingerprint } from './auth';
import { buildConfiguration, optionsAsReached } from './configuration';
import { errorReply, isRecord, jsonReply } from './http';
import { findMerchant, type Merchant } from './merchants';
import type { Route } from './route';
import type { SandboxOptions } from './state';

/** Options of a client token; each needs a customer. */
export interface ClientTokenOptions {
  verifyCard?: boolean;
  failOnDuplicatePaymentMethod?: boolean;
  makeDefault?: boolean;
}

/** The decoded client token (base64 of this JSON). */
export interface ClientTokenPayload {
  version: 2;
  authorizationFingerprint: string;
  configUrl: string;
  environment: 'sandbox';
  clientApiUrl: string;
  assetsUrl: string;
  merchantId: string;
  challenges: string[];
  threeDSecureEnabled: boolean;
  paypalEnabled: boolean;
  paypal: { clientId: string | null; displayName: string; unvettedMerchant: boolean };
  analytics: { url: string };
}

const OPTION_NAMES = ['verifyCard', 'failOnDuplicatePaymentMethod', 'makeDefault'] as const;
const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;

/**
 * Make a client token for a merchant, optionally bound to a customer, in a sandbox partition (`null`: the default
 * one), which its fingerprint names.
 */
export function createClientToken(
  merchant: Merchant,
  options: SandboxOptions,
  customerId: string | null = null,
  tokenOptions: ClientTokenOptions = {},
  partition: string | null = null,
): string {
  const configuration = buildConfiguration(merchant, options);
  const payload: ClientTokenPayload = {
    version: 2,
    authorizationFingerprint: signFingerprint({
      createdAt: new Date().toISOString(),
      merchantId: merchant.merchantId,
      publicKey: merchant.publicKey,
      customerId,
      verifyCard: tokenOptions.verifyCard === true,
      failOnDuplicatePaymentMethod: tokenOptions.failOnDuplicatePaymentMethod === true,
      makeDefault: tokenOptions.makeDefault === true,
      partition,
    }),
    configUrl: configuration.configUrl,
    environment: 'sandbox',
    clientApiUrl: configuration.clientApiUrl,
    assetsUrl: configuration.assetsUrl,
    merchantId: merchant.merchantId,
    challenges: configuration.challenges,
    threeDSecureEnabled: configuration.threeDSecureEnabled,
    paypalEnabled: configuration.paypalEnabled,
    paypal: configuration.paypal,
    analytics: configuration.analytics,
  };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

/**
 * `POST /sandbox/client_token` with `{merchantId, customerId?, options?}` → `{clientToken}`.
 * Unknown merchant → 404; options without a customer, or malformed fields → 422.
 * An unknown customer is created on first use. Reached under a provider host name, the token's URLs
 * are on that host, as the configuration's are. A token made in a partition works in that partition alone.
 */
export const clientTokenRoute: Route = {
  method: 'POST',
  path: '/sandbox/client_token',
  handle({ body, headers, state }) {
    if (!isRecord(body)) return errorReply(422, 'The body must be a JSON object with a merchantId.');
    const { merchantId, customerId, options } = body;
    if (typeof merchantId !== 'string') return errorReply(422, '"merchantId" must be a string.');
    const merchant = findMerchant(merchantId);
    if (!merchant) return errorReply(404, `Unknown merchant "${merchantId}".`);
    if (customerId !== undefined && customerId !== null) {
      if (typeof customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(customerId)) {
        return errorReply(422, '"customerId" must be 1 to 36 letters, digits, "_" or "-".');
      }
    }
    const tokenOptions: ClientTokenOptions = {};
    if (options !== undefined && options !== null) {
      if (!isRecord(options)) return errorReply(422, '"options" must be an object.');
      for (const name of OPTION_NAMES) {
        const value = options[name];
        if (value === undefined) continue;
        if (typeof value !== 'boolean') return errorReply(422, `"options.${name}" must be a boolean.`);
        if (typeof customerId !== 'string') {
          return errorReply(422, `"options.${name}" requires a customerId.`);
        }
        tokenOptions[name] = value;
      }
    }
    const customer = typeof customerId === 'string' ? customerId : null;
    if (customer !== null) state.vault.customer(merchant.merchantId, customer);
    return jsonReply(200, {
      clientToken: createClientToken(
        merchant,
        optionsAsReached(state.options, headers.host),
        customer,
        tokenOptions,
        state.partition,
      ),
    });
  },
};
