/**
 * The gateway configuration: its type, its reader and the call that fetches it (docs/protocol.md).
 * @packageDocumentation
 */
import { LIBRARY_VERSION, SDK_VERSION } from '../shared/constants';
import { createError, isPanelError, type ErrorDetails } from '../shared/errors';
import {
  array,
  boolean,
  invalidKey,
  looseObject,
  nullable,
  optional,
  parseWith,
  string,
  type Infer,
} from '../shared/strict-readers';
import { authorizationField, type Authorization, type AuthorizationType } from './authorization';
import { assertGatewayDomains, assertGatewayUrl } from './domain';
import { httpRequest, type HttpResponse } from './http';

const strings = array(string());
const optionalText = optional(nullable(string()));

/**
 * Reads the configuration JSON as a {@link GatewayConfiguration}: the fields the panel reads
 * (docs/protocol.md, "What the panel reads") checked, unknown keys kept at every depth.
 * `clientApiUrl` and `assetsUrl` are required; everything else is optional.
 */
export const gatewayConfigurationReader = looseObject({
  clientApiUrl: string(),
  assetsUrl: string(),
  configUrl: optional(string()),
  analytics: optional(looseObject({ url: string() })),
  environment: optional(string()),
  merchantId: optional(string()),
  challenges: optional(strings),
  creditCards: optional(
    looseObject({
      supportedCardTypes: optional(strings),
      supportedGateways: optional(array(looseObject({ name: string() }))),
    }),
  ),
  threeDSecureEnabled: optional(boolean),
  paypalEnabled: optional(boolean),
  paypal: optional(
    looseObject({
      clientId: optionalText,
      displayName: optionalText,
      unvettedMerchant: optional(boolean),
      assetsUrl: optionalText,
    }),
  ),
  applePayWeb: optional(
    looseObject({
      merchantIdentifier: optional(string()),
      countryCode: optional(string()),
      currencyCode: optional(string()),
      supportedNetworks: optional(strings),
      merchantCapabilities: optional(strings),
    }),
  ),
  kount: optional(looseObject({ kountMerchantId: optionalText })),
  braintreeApi: optional(looseObject({ url: string(), accessToken: optional(string()) })),
});

/**
 * The gateway configuration (docs/protocol.md): `clientApiUrl` and `assetsUrl`, the optional
 * fields the panel reads, and any other key the gateway sends, kept as it came.
 */
export type GatewayConfiguration = Infer<typeof gatewayConfigurationReader>;

/** The `_meta` sent with every gateway request and analytics batch. */
export interface AnalyticsMetadata {
  /** The page's `location.host`, port included. */
  merchantAppId: string;
  platform: string;
  sdkVersion: string;
  source: string;
  integration: string;
  integrationType: string;
  /** A fresh UUID v4 per client. */
  sessionId: string;
  /** Set by the panel (`1.9.2`). */
  dropinVersion?: string;
}

/** What components read: the configuration wrapper (docs/protocol.md). Serialisable. */
export interface ClientConfiguration {
  /** The authorization string as the merchant gave it. */
  authorization: string;
  authorizationType: AuthorizationType;
  analyticsMetadata: AnalyticsMetadata;
  gatewayConfiguration: GatewayConfiguration;
}

/** Options of {@link fetchConfiguration}. */
export interface FetchConfigurationOptions {
  /** Session id for `_meta`; a fresh UUID v4 by default. */
  sessionId?: string;
  /** `_meta.merchantAppId`; `location.host` by default. */
  merchantAppId?: string;
  /** Aborting it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Time-out in milliseconds. */
  timeout?: number;
}

/** A random UUID v4. `crypto.randomUUID` exists only in secure contexts, so plain-http pages get one built by hand. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte, index) =>
    (index === 6 ? (byte & 0x0f) | 0x40 : index === 8 ? (byte & 0x3f) | 0x80 : byte)
      .toString(16)
      .padStart(2, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The metadata of a new client (`integration: custom`, `source: client`). */
export function createMetadata(
  options: Pick<FetchConfigurationOptions, 'sessionId' | 'merchantAppId'> = {},
): AnalyticsMetadata {
  return {
    merchantAppId: options.merchantAppId ?? location.host,
    platform: 'web',
    sdkVersion: SDK_VERSION,
    source: 'client',
    integration: 'custom',
    integrationType: 'custom',
    sessionId: options.sessionId ?? uuid(),
  };
}

function networkError(details: ErrorDetails): never {
  throw createError('CLIENT_GATEWAY_NETWORK', undefined, details);
}

/**
 * Fetches and checks the gateway configuration. The token's `configUrl` is domain-checked before
 * anything is sent, so a fingerprint never leaves for a foreign domain.
 *
 * A refused call has two outcomes only, as the reference SDK gives them: `CLIENT_AUTHORIZATION_INSUFFICIENT`
 * on HTTP 403, and `CLIENT_GATEWAY_NETWORK` for every other failure (any other status, 401 and 429
 * included, a transport failure, the time-out, an unreadable body). Its `details` keep what went
 * wrong: `httpStatus` (−1 for the time-out, 500 for a transport failure), `originalError` (the
 * parsed body, or the transport's error) and, when the request itself failed, `clientErrorCode`,
 * the code the same failure carries on any other gateway call (e.g. `CLIENT_RATE_LIMITED`,
 * `CLIENT_REQUEST_TIMEOUT`, `CLIENT_REQUEST_ERROR` for a 401).
 *
 * Also rejects with `CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN` (a URL off the allow-list) or
 * `CLIENT_MISSING_GATEWAY_CONFIGURATION` (no `clientApiUrl` or `assetsUrl`), and with the caller's
 * abort reason when `signal` aborts.
 */
export async function fetchConfiguration(
  authorization: Authorization,
  options: FetchConfigurationOptions = {},
): Promise<ClientConfiguration> {
  assertGatewayUrl('configUrl', authorization.configUrl);
  const analyticsMetadata = createMetadata(options);
  let response: HttpResponse;
  try {
    response = await httpRequest({
      url: authorization.configUrl,
      method: 'GET',
      data: {
        ...authorizationField(authorization),
        _meta: analyticsMetadata,
        braintreeLibraryVersion: LIBRARY_VERSION,
        configVersion: 3,
      },
      timeout: options.timeout,
      signal: options.signal,
    });
  } catch (error) {
    // The caller's abort reason, as it came.
    if (!isPanelError(error)) throw error;
    if (error.code === 'CLIENT_AUTHORIZATION_INSUFFICIENT') throw error;
    // Merchants tell a 401, a 429 or a time-out apart by the details, not by the code.
    networkError({
      ...error.details,
      originalError: error.details?.originalError ?? error,
      clientErrorCode: error.code,
    });
  }
  const { status: httpStatus, data } = response;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    networkError({ httpStatus, originalError: data });
  }
  const missing = ['clientApiUrl', 'assetsUrl'].filter(
    (key) => typeof (data as Record<string, unknown>)[key] !== 'string',
  );
  if (missing.length > 0) {
    throw createError('CLIENT_MISSING_GATEWAY_CONFIGURATION', undefined, { httpStatus, missing });
  }
  const gatewayConfiguration = parseWith(gatewayConfigurationReader, data);
  if (!gatewayConfiguration) {
    networkError({
      httpStatus,
      originalError: data,
      invalidKey: invalidKey(gatewayConfigurationReader, data),
    });
  }
  assertGatewayDomains(gatewayConfiguration);
  return {
    authorization: authorization.value,
    authorizationType: authorization.kind,
    analyticsMetadata,
    gatewayConfiguration,
  };
}
