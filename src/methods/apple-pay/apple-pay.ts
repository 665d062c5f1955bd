/**
 * Apple Pay, page side (docs/apple-pay.md; docs/protocol.md, "Apple Pay"): builds the payment request from
 * the gateway defaults, has the gateway start the merchant session Apple asks for, and turns Apple's payment
 * token into a nonce. The ApplePaySession itself belongs to the caller.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { ANALYTICS_COMPONENT_PREFIX } from '../../shared/constants';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { createError, isPanelError, registerErrors, type PanelError } from '../../shared/errors';
import { createLifetime } from '../../shared/lifetime';
import { refuseAfterTeardown } from '../../shared/refuse-after-teardown';
import {
  array,
  isObject as isRecord,
  nonEmptyString,
  nullable,
  object,
  oneOf,
  optional,
  parseWith,
  record,
  refine,
  string,
  unknownValue,
  type Infer,
} from '../../shared/strict-readers';
import type { ApplePayPaymentRequestLike, ApplePayPaymentTokenLike } from './apple-pay-session';
import { APPLE_PAY_ERRORS } from '../../shared/errors/catalogues/apple-pay';

// Apple Pay's codes reach this page with Apple Pay's file.
registerErrors(APPLE_PAY_ERRORS);

/** Options of {@link ApplePay.performValidation}. */
export interface PerformValidationOptions {
  /** The `validationURL` of Apple's `onvalidatemerchant` event. Required. */
  validationURL: string;
  /** Name of the merchant on the payment sheet; the gateway's choice when left out. */
  displayName?: string;
  /**
   * The domain registered for Apple Pay that the checkout runs on; the page's host name when left
   * out. For a checkout inside a cross-origin frame, whose own host name is not the registered one.
   */
  domainName?: string;
}

/** Options of {@link ApplePay.tokenize}. */
export interface ApplePayTokenizeOptions {
  /** `event.payment.token` of Apple's `onpaymentauthorized` event. Required. */
  token: ApplePayPaymentTokenLike;
}

/**
 * `details` of an Apple Pay card. A type alias rather than an interface, so it stays assignable to
 * the `Record<string, unknown>` of a raw payment method.
 */
export type ApplePayCardDetails = {
  /** e.g. `Apple Pay - Visa`. */
  cardType: string;
  /** Last two digits of the device account number. */
  dpanLastTwo: string;
  /** Present when the gateway names the cardholder. */
  cardHolderName?: string;
};

/** What {@link ApplePay.tokenize} resolves with: the gateway's first Apple Pay card. */
export interface ApplePayTokenizeResult {
  /** One-time nonce for the merchant's server. */
  nonce: string;
  type: 'ApplePayCard';
  details: ApplePayCardDetails;
  /** e.g. `Apple Pay - Visa ending in 81`; present when the gateway sends it. */
  description?: string;
  /** BIN data of the device account number; present when the gateway sends it. */
  binData?: Record<string, unknown>;
}

/**
 * An Apple Pay component bound to a client. After {@link ApplePay.teardown} every method fails
 * with `METHOD_CALLED_AFTER_TEARDOWN`.
 */
export interface ApplePay {
  /**
   * The payment request for `new ApplePaySession(version, request)`: the gateway's `countryCode`,
   * `currencyCode`, `merchantCapabilities` (`['supports3DS']` when unset) and `supportedNetworks`
   * (`mastercard` spelt `masterCard`, as Apple wants), each replaced by the merchant's field of the
   * same name. Defaults the gateway does not set are left out.
   */
  createPaymentRequest(merchantRequest: Record<string, unknown>): ApplePayPaymentRequestLike;
  /**
   * Has the gateway start Apple's merchant session; resolves with the merchant session object for
   * `session.completeMerchantValidation`. Rejects with `APPLE_PAY_VALIDATION_URL_REQUIRED` without a
   * `validationURL`; `APPLE_PAY_MERCHANT_VALIDATION_FAILED` when the gateway refuses the request
   * (`details.originalError` is its answer); `APPLE_PAY_MERCHANT_VALIDATION_NETWORK` on any other
   * failure, including an answer that is not an object (`details.originalError` is the cause).
   */
  performValidation(options: PerformValidationOptions): Promise<unknown>;
  /**
   * Sends Apple's payment token to the gateway and resolves with the Apple Pay card it answers.
   * Rejects with `APPLE_PAY_PAYMENT_TOKEN_REQUIRED` without a token, and with
   * `APPLE_PAY_TOKENIZATION` when the request fails (`details.originalError` is its error) or the
   * answer holds no well-formed card (`details.originalError` is the answer).
   */
  tokenize(options: ApplePayTokenizeOptions): Promise<ApplePayTokenizeResult>;
  /** Makes every later call fail. */
  teardown(): void;
}

/** `_meta.source` of Apple Pay requests. */
const META = { source: 'apple-pay' } as const;

const DEFAULT_MERCHANT_CAPABILITIES = ['supports3DS'] as const;

/** Reads the gateway's Apple Pay card. */
export const applePayCard = object({
  nonce: nonEmptyString,
  type: optional(oneOf(['ApplePayCard'])),
  description: optional(string()),
  details: object({
    cardType: nonEmptyString,
    dpanLastTwo: nonEmptyString,
    cardHolderName: optional(nullable(string())),
  }),
  binData: optional(nullable(record(unknownValue))),
});

/** Reads the gateway's answer to a tokenization: at least one card, read on its own. */
export const applePayTokenizeAnswer = object({
  applePayCards: refine(array(unknownValue), '$ with a card', (cards) => cards.length > 0),
});

/** Apple spells the gateway's `mastercard` `masterCard`; every other name is the same in both. */
function appleNetworkName(network: string): string {
  return network === 'mastercard' ? 'masterCard' : network;
}

/** Base64 of UTF-8 JSON: `btoa` alone throws on characters beyond Latin-1. */
function base64Json(value: unknown): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(JSON.stringify(value ?? null))) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

function toTokenizeResult(card: Infer<typeof applePayCard>): ApplePayTokenizeResult {
  const details: ApplePayCardDetails = {
    cardType: card.details.cardType,
    dpanLastTwo: card.details.dpanLastTwo,
  };
  if (typeof card.details.cardHolderName === 'string') details.cardHolderName = card.details.cardHolderName;
  const result: ApplePayTokenizeResult = { nonce: card.nonce, type: 'ApplePayCard', details };
  if (card.description !== undefined) result.description = card.description;
  if (card.binData) result.binData = card.binData;
  return result;
}

/** The merchant-validation error of a failed sessions request (docs/protocol.md, "Apple Pay"). */
function validationError(error: unknown): PanelError {
  if (isPanelError(error) && error.code === 'CLIENT_REQUEST_ERROR') {
    return createError('APPLE_PAY_MERCHANT_VALIDATION_FAILED', undefined, {
      originalError: error.details?.originalError,
      httpStatus: error.details?.httpStatus,
    });
  }
  return createError('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', undefined, { originalError: error });
}

/**
 * Creates the Apple Pay component and sends the `applepay.initialized` analytics event.
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without a client; `APPLE_PAY_NOT_ENABLED` when
 *   the gateway configuration has no `applePayWeb`.
 */
export function createApplePay(client: GatewayClient): ApplePay {
  // Read loosely: plain-JavaScript callers can leave the client out.
  if (!(client as GatewayClient | undefined)) {
    throw createError('INSTANTIATION_OPTION_REQUIRED', { option: 'client', component: 'Apple Pay' });
  }
  const applePayWeb = client.configuration.gatewayConfiguration.applePayWeb;
  if (!applePayWeb) throw createError('APPLE_PAY_NOT_ENABLED');
  const lifetime = createLifetime();

  const analytics = (event: string): void => {
    client.analytics.send(`applepay.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };

  analytics('initialized');

  const applePay: ApplePay = {
    createPaymentRequest(merchantRequest) {
      const defaults: ApplePayPaymentRequestLike = {
        merchantCapabilities: [...(applePayWeb.merchantCapabilities ?? DEFAULT_MERCHANT_CAPABILITIES)],
      };
      if (applePayWeb.countryCode !== undefined) defaults.countryCode = applePayWeb.countryCode;
      if (applePayWeb.currencyCode !== undefined) defaults.currencyCode = applePayWeb.currencyCode;
      if (applePayWeb.supportedNetworks !== undefined) {
        defaults.supportedNetworks = applePayWeb.supportedNetworks.map(appleNetworkName);
      }
      return { ...defaults, ...merchantRequest };
    },

    async performValidation(options) {
      // Read loosely: plain-JavaScript callers can leave out what the types require.
      const { validationURL, displayName, domainName } =
        (options as Partial<PerformValidationOptions> | undefined) ?? {};
      if (!validationURL) throw createError('APPLE_PAY_VALIDATION_URL_REQUIRED');
      const applePayWebSession: Record<string, string | undefined> = {
        validationUrl: validationURL,
        domainName: typeof domainName === 'string' && domainName ? domainName : location.hostname,
        merchantIdentifier: applePayWeb.merchantIdentifier,
      };
      if (typeof displayName === 'string') applePayWebSession.displayName = displayName;
      let data: unknown;
      try {
        ({ data } = await client.request({
          method: ENDPOINTS.applePayWebSessions.method,
          endpoint: endpointPath('applePayWebSessions'),
          data: { _meta: META, applePayWebSession },
        }));
      } catch (error) {
        analytics('performValidation.failed');
        throw validationError(error);
      }
      // Apple refuses anything but an object, so a broken answer fails here with its cause.
      if (!isRecord(data)) {
        analytics('performValidation.failed');
        throw createError('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', undefined, { originalError: data });
      }
      analytics('performValidation.succeeded');
      return data;
    },

    async tokenize(options) {
      const token: unknown = (options as { token?: unknown } | undefined)?.token;
      if (!isRecord(token)) throw createError('APPLE_PAY_PAYMENT_TOKEN_REQUIRED');
      const failed = (originalError: unknown): PanelError => {
        analytics('tokenize.failed');
        return createError('APPLE_PAY_TOKENIZATION', undefined, { originalError });
      };
      let data: unknown;
      try {
        ({ data } = await client.request({
          method: ENDPOINTS.applePaymentTokens.method,
          endpoint: endpointPath('applePaymentTokens'),
          data: { _meta: META, applePaymentToken: { ...token, paymentData: base64Json(token.paymentData) } },
        }));
      } catch (error) {
        throw failed(error);
      }
      const card = parseWith(applePayCard, parseWith(applePayTokenizeAnswer, data)?.applePayCards[0]);
      // The gateway's answer itself is the cause: it holds no well-formed card.
      if (!card) throw failed(data);
      analytics('tokenize.succeeded');
      return toTokenizeResult(card);
    },

    teardown() {
      lifetime.end();
    },
  };
  return refuseAfterTeardown(applePay, lifetime, {
    promised: ['performValidation', 'tokenize'],
    exempt: ['teardown'],
    detailed: true,
  });
}
