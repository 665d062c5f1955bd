/**
 * The gateway configuration: its schema and the call that fetches it (PROTOCOL §2).
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { LIBRARY_VERSION, SDK_VERSION } from '../shared/constants';
import { createError, isPanelError, type ErrorDetails } from '../shared/errors';
import { authorizationField, type Authorization, type AuthorizationType } from './authorization';
import { assertGatewayDomains, assertGatewayUrl } from './domain';
import { httpRequest, type HttpResponse } from './http';

const strings = z.array(z.string());

/**
 * Schema of the configuration JSON: the fields of PROTOCOL §2.2, unknown keys kept.
 * `clientApiUrl` and `assetsUrl` are required; everything else is optional.
 */
export const gatewayConfigurationSchema = z.looseObject({
  clientApiUrl: z.string(),
  assetsUrl: z.string(),
  configUrl: z.optional(z.string()),
  analytics: z.optional(z.looseObject({ url: z.string() })),
  environment: z.optional(z.string()),
  merchantId: z.optional(z.string()),
  challenges: z.optional(strings),
  creditCards: z.optional(
    z.looseObject({
      supportedCardTypes: z.optional(strings),
      supportedGateways: z.optional(z.array(z.looseObject({ name: z.string() }))),
    }),
  ),
  threeDSecureEnabled: z.optional(z.boolean()),
  paypalEnabled: z.optional(z.boolean()),
  paypal: z.optional(
    z.looseObject({
      clientId: z.optional(z.nullable(z.string())),
      displayName: z.optional(z.nullable(z.string())),
      unvettedMerchant: z.optional(z.boolean()),
      assetsUrl: z.optional(z.nullable(z.string())),
    }),
  ),
  applePayWeb: z.optional(
    z.looseObject({
      merchantIdentifier: z.optional(z.string()),
      countryCode: z.optional(z.string()),
      currencyCode: z.optional(z.string()),
      supportedNetworks: z.optional(strings),
      merchantCapabilities: z.optional(strings),
    }),
  ),
  kount: z.optional(z.looseObject({ kountMerchantId: z.optional(z.nullable(z.string())) })),
  braintreeApi: z.optional(z.looseObject({ url: z.string(), accessToken: z.optional(z.string()) })),
});

/** The gateway configuration (PROTOCOL §2.2). */
export type GatewayConfiguration = z.infer<typeof gatewayConfigurationSchema>;

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

/** What components read: the configuration wrapper of PROTOCOL §2.1. Serialisable. */
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
 * Rejects with `CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN` (a URL off the allow-list),
 * `CLIENT_INVALID_AUTHORIZATION` (401), `CLIENT_AUTHORIZATION_INSUFFICIENT` (403), `CLIENT_RATE_LIMITED`
 * (429), `CLIENT_REQUEST_TIMEOUT`, `CLIENT_MISSING_GATEWAY_CONFIGURATION` (no `clientApiUrl` or
 * `assetsUrl`) or `CLIENT_GATEWAY_NETWORK` (anything else, with `details.originalError`); with the
 * caller's abort reason when `signal` aborts.
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
    if (!isPanelError(error)) throw error;
    const httpStatus = error.details?.httpStatus;
    if (httpStatus === 401) {
      throw createError('CLIENT_INVALID_AUTHORIZATION', undefined, { ...error.details, reason: 'rejected' });
    }
    if (
      error.code === 'CLIENT_AUTHORIZATION_INSUFFICIENT' ||
      error.code === 'CLIENT_RATE_LIMITED' ||
      error.code === 'CLIENT_REQUEST_TIMEOUT'
    ) {
      throw error;
    }
    networkError({ httpStatus, originalError: error.details?.originalError ?? error });
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
  const parsed = gatewayConfigurationSchema.safeParse(data);
  if (!parsed.success) networkError({ httpStatus, originalError: data, issues: parsed.error.issues });
  assertGatewayDomains(parsed.data);
  return {
    authorization: authorization.value,
    authorizationType: authorization.kind,
    analyticsMetadata,
    gatewayConfiguration: parsed.data,
  };
}
