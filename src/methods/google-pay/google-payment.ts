/**
 * Google Pay, page side: builds Google's requests from the gateway's `androidPay` settings and the
 * merchant's option, and reads the token Google hands back. The browser makes no gateway call:
 * Google's servers exchange the card with the gateway, and the token already holds the nonce.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { RawPaymentMethod } from '../../model';
import { ANALYTICS_COMPONENT_PREFIX, SDK_VERSION } from '../../shared/constants';
import { createError, type PanelError } from '../../shared/errors';
import {
  array,
  boolean,
  isObject,
  looseObject,
  nonEmptyString,
  nullable,
  object,
  optional,
  parseWith,
  record,
  refine,
  string,
  unknownValue,
} from '../../shared/strict-readers';
import type { GooglePayPaymentMethodLike, IsReadyToPayRequestLike, PaymentDataRequestLike } from './pay-api';
// Google Pay's codes reach this page with Google Pay's file.
import './errors';

/** The version of Google's Pay API the panel speaks. */
export const GOOGLE_PAY_API_VERSION = 2;

/** `details` of a Google Pay card (a type alias, so it stays assignable to a raw method's details). */
export type GooglePayCardDetails = {
  /** e.g. `Visa`. */
  cardType: string;
  lastFour: string;
  lastTwo: string;
  /** Whether Google handed over a device token (a cryptogram) rather than the card number. */
  isNetworkTokenized: boolean;
  /** The first six digits. */
  bin: string;
};

/** A Google Pay card: what {@link GooglePayment.parseResponse} makes of a card token. */
export interface GooglePayCardResult {
  nonce: string;
  type: 'AndroidPayCard';
  /** e.g. `Android Pay`, as the gateway names it. */
  description: string;
  details: GooglePayCardDetails;
  binData?: Record<string, unknown>;
}

/** Reads the gateway's `androidPay` settings (its merchant's Google Pay) that the panel reads. */
const androidPaySettings = looseObject({
  enabled: optional(boolean),
  environment: optional(string()),
  displayName: optional(string()),
  googleAuthorizationFingerprint: nonEmptyString,
  paypalClientId: optional(nullable(string())),
  supportedNetworks: refine(array(nonEmptyString), '$ with a network', (networks) => networks.length > 0),
});

/** Reads the card of a token, as the gateway writes it. */
const tokenCard = object({
  nonce: nonEmptyString,
  description: optional(string()),
  details: object({
    cardType: nonEmptyString,
    lastTwo: string(),
    lastFour: string(),
    isNetworkTokenized: optional(boolean),
    bin: optional(string()),
  }),
  binData: optional(nullable(record(unknownValue))),
});

/** Reads a PayPal account of a token (Google Pay's PayPal method). */
const tokenPayPalAccount = object({ nonce: nonEmptyString, details: record(unknownValue) });

/** A Google Pay component bound to a client. */
export interface GooglePayment {
  /** Google's environment: `PRODUCTION` when the gateway's is `production`, else `TEST`. */
  readonly environment: 'TEST' | 'PRODUCTION';
  /**
   * The payment data request: the gateway's card (and PayPal) methods with their tokenization
   * parameters, `merchantInfo` when the merchant names its Google merchant id, and every other member
   * of `overrides` laid over it (shallowly; `allowedPaymentMethods` per `type`, one level deep).
   */
  createPaymentDataRequest(
    overrides: Record<string, unknown>,
    googleMerchantId?: string,
  ): PaymentDataRequestLike;
  /** The `isReadyToPay` request for a payment data request. */
  isReadyToPayRequest(request: PaymentDataRequestLike): IsReadyToPayRequestLike;
  /**
   * The payment method in Google's answer: a Google Pay card, or a PayPal account when the shopper
   * paid with PayPal in Google Pay. Throws `GOOGLE_PAYMENT_GATEWAY_ERROR` (`details.originalError`
   * is the cause) when the token cannot be read, holds the gateway's `error` or no method.
   */
  parseResponse(paymentData: unknown): RawPaymentMethod;
}

/** The card networks of Google's request: the gateway's names upper-cased (`visa` → `VISA`). */
function googleNetworks(networks: readonly string[]): string[] {
  return networks.map((network) => network.toUpperCase());
}

/** Lays a merchant's method over the panel's one of the same type: each object member merged. */
function mergeMethod(
  base: GooglePayPaymentMethodLike,
  override: Record<string, unknown>,
): GooglePayPaymentMethodLike {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
  }
  return merged as GooglePayPaymentMethodLike;
}

function gatewayError(originalError: unknown): PanelError {
  return createError('GOOGLE_PAYMENT_GATEWAY_ERROR', undefined, { originalError });
}

/**
 * Creates the Google Pay component and sends the `google-payment.initialized` analytics event.
 * @throws PanelError `GOOGLE_PAYMENT_NOT_ENABLED` when the gateway configuration has no usable
 *   `androidPay` (`details.reason` says what is wrong with one that is there).
 */
export function createGooglePayment(client: GatewayClient): GooglePayment {
  const gateway = client.configuration.gatewayConfiguration;
  const raw: unknown = gateway.androidPay;
  if (raw === undefined || raw === null) throw createError('GOOGLE_PAYMENT_NOT_ENABLED');
  const settings = parseWith(androidPaySettings, raw);
  if (!settings || settings.enabled === false) {
    throw createError('GOOGLE_PAYMENT_NOT_ENABLED', undefined, {
      reason: settings
        ? 'androidPay.enabled is false'
        : 'androidPay needs a googleAuthorizationFingerprint and supportedNetworks',
    });
  }
  const analytics = (event: string): void => {
    client.analytics.send(`google-payment.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };
  const merchantId =
    gateway.merchantId ??
    (client.authorization.kind === 'TOKENIZATION_KEY' ? client.authorization.merchantId : '');

  /** What Google hands the gateway to tokenize: the provider's parameters of PAYMENT_GATEWAY. */
  const tokenization = (extra: Record<string, string> = {}) => {
    const meta = client.configuration.analyticsMetadata;
    return {
      type: 'PAYMENT_GATEWAY',
      parameters: {
        gateway: 'braintree',
        'braintree:merchantId': merchantId,
        'braintree:apiVersion': 'v1',
        'braintree:sdkVersion': SDK_VERSION,
        'braintree:metadata': JSON.stringify({
          source: meta.source,
          integration: meta.integration,
          sessionId: meta.sessionId,
          version: SDK_VERSION,
          platform: meta.platform,
        }),
        'braintree:authorizationFingerprint': settings.googleAuthorizationFingerprint,
        ...extra,
      },
    };
  };

  analytics('initialized');

  return {
    environment: gateway.environment === 'production' ? 'PRODUCTION' : 'TEST',

    createPaymentDataRequest(overrides, googleMerchantId) {
      const methods: GooglePayPaymentMethodLike[] = [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: googleNetworks(settings.supportedNetworks),
          },
          tokenizationSpecification: tokenization(),
        },
      ];
      const paypalClientId = settings.paypalClientId;
      if (paypalClientId) {
        methods.push({
          type: 'PAYPAL',
          parameters: {
            purchase_context: {
              purchase_units: [{ payee: { client_id: paypalClientId }, recurring_payment: true }],
            },
          },
          tokenizationSpecification: tokenization({ 'braintree:paypalClientId': paypalClientId }),
        });
      }
      const { allowedPaymentMethods: merchantMethods, ...rest } = overrides;
      if (Array.isArray(merchantMethods)) {
        for (const method of merchantMethods as unknown[]) {
          if (!isObject(method)) continue;
          const index = methods.findIndex((known) => known.type === method.type);
          if (index === -1) methods.push(method as GooglePayPaymentMethodLike);
          else methods[index] = mergeMethod(methods[index] as GooglePayPaymentMethodLike, method);
        }
      }
      const request: PaymentDataRequestLike = {
        apiVersion: GOOGLE_PAY_API_VERSION,
        apiVersionMinor: 0,
        ...(googleMerchantId ? { merchantInfo: { merchantId: googleMerchantId } } : {}),
        allowedPaymentMethods: methods,
        transactionInfo: {},
        ...rest,
      };
      analytics('v2.createPaymentDataRequest');
      return request;
    },

    isReadyToPayRequest(request) {
      return {
        apiVersion: request.apiVersion,
        apiVersionMinor: request.apiVersionMinor,
        allowedPaymentMethods: request.allowedPaymentMethods,
      };
    },

    parseResponse(paymentData) {
      const fail = (cause: unknown): PanelError => {
        analytics('parseResponse.failed');
        return gatewayError(cause);
      };
      // Read loosely: whatever Google's client resolves with is checked here.
      const token = isObject(paymentData)
        ? (paymentData as { paymentMethodData?: { tokenizationData?: { token?: unknown } } })
            .paymentMethodData?.tokenizationData?.token
        : undefined;
      if (typeof token !== 'string') throw fail(paymentData);
      let payload: unknown;
      try {
        payload = JSON.parse(token);
      } catch (error) {
        throw fail(error);
      }
      if (!isObject(payload)) throw fail(payload);
      if (payload.error !== undefined) throw fail(payload.error);
      const accounts = payload.paypalAccounts;
      if (Array.isArray(accounts) && accounts.length > 0) {
        const account = parseWith(tokenPayPalAccount, accounts[0]);
        if (!account) throw fail(payload);
        analytics('parseResponse.succeeded.paypal');
        return { nonce: account.nonce, type: 'PayPalAccount', details: account.details };
      }
      const cards = payload.androidPayCards;
      const card = Array.isArray(cards) ? parseWith(tokenCard, cards[0]) : null;
      if (!card) throw fail(payload);
      analytics('parseResponse.succeeded.google-payment');
      const { details } = card;
      const method: RawPaymentMethod = {
        nonce: card.nonce,
        type: 'AndroidPayCard',
        description: card.description ?? `${details.cardType} ending in ${details.lastFour.slice(-2)}`,
        details: {
          cardType: details.cardType,
          lastFour: details.lastFour,
          lastTwo: details.lastTwo,
          isNetworkTokenized: details.isNetworkTokenized ?? false,
          bin: details.bin ?? '',
        } satisfies GooglePayCardDetails,
      };
      if (card.binData) method.binData = card.binData;
      return method;
    },
  };
}
