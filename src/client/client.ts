/**
 * The gateway client: one per authorization string, holding the configuration and making requests
 * (docs/protocol.md, "Requests").
 * @packageDocumentation
 */
import { ALTERNATE_API_VERSION, LIBRARY_VERSION } from '../shared/constants';
import type { HttpMethod } from '../shared/endpoints';
import { createError, type PanelError } from '../shared/errors';
import { createAnalytics, type Analytics } from './analytics';
import { authorizationField, parseAuthorization, type Authorization } from './authorization';
import {
  fetchConfiguration,
  type AnalyticsMetadata,
  type ClientConfiguration,
  type FetchConfigurationOptions,
} from './configuration';
import { httpRequest, type HttpResponse } from './http';

/** Which API a request goes to: the client API, or the alternate API with a bearer token. */
export type GatewayApi = 'clientApi' | 'braintreeApi';

/** Options of {@link GatewayClient.request}. */
export interface ClientRequestOptions {
  /** HTTP method. Required. */
  method: HttpMethod;
  /** Path below `{clientApiUrl}/v1/` (or below `braintreeApi.url`), e.g. from `endpointPath()`. Required. */
  endpoint: string;
  /** Request data; on the client API a `_meta` object here overrides the client's key by key. */
  data?: Record<string, unknown>;
  /** Time-out in milliseconds; 60 000 by default. */
  timeout?: number;
  /** `clientApi` by default. */
  api?: GatewayApi;
  /** Aborting it rejects the request with the signal's reason. */
  signal?: AbortSignal;
}

/** The answer of {@link GatewayClient.request}: HTTP status and parsed body. */
export type ClientResponse<T = unknown> = HttpResponse<T>;

/** Options of {@link createClient}; only the first call for an authorization string uses them. */
export type CreateClientOptions = Pick<FetchConfigurationOptions, 'sessionId' | 'merchantAppId' | 'timeout'>;

/** A client bound to one authorization and its gateway configuration. */
export interface GatewayClient {
  /** The configuration wrapper that components read and frames receive. */
  readonly configuration: ClientConfiguration;
  /** The parsed authorization. */
  readonly authorization: Authorization;
  /** The client's analytics sender (posting to `analytics.url`). */
  readonly analytics: Analytics;
  /**
   * Sends a request to the gateway. Rejects with `METHOD_CALLED_AFTER_TEARDOWN`,
   * `CLIENT_OPTION_REQUIRED`, `CLIENT_OPTION_INVALID`, `BRAINTREE_API_ACCESS_RESTRICTED` or an
   * {@link httpRequest} error.
   */
  request<T = unknown>(options: ClientRequestOptions): Promise<ClientResponse<T>>;
  /** Changes the reported metadata of later requests and analytics, e.g. `{integration: 'dropin2'}`. */
  setMetadata(metadata: Partial<AnalyticsMetadata>): void;
  /** Flushes analytics, evicts the client from the cache; later requests fail. */
  teardown(): void;
}

const cache = new Map<string, Promise<GatewayClient>>();

/** Empties the client cache (for tests). */
export function clearClientCache(): void {
  cache.clear();
}

function optionRequired(option: string): PanelError {
  return createError('CLIENT_OPTION_REQUIRED', { option }, { option });
}

function buildClient(
  configuration: ClientConfiguration,
  authorization: Authorization,
  onTeardown: () => void,
): GatewayClient {
  const authField = authorizationField(authorization);
  const metadata = configuration.analyticsMetadata;
  const gateway = configuration.gatewayConfiguration;
  const analytics = createAnalytics({ url: gateway.analytics?.url, metadata, authField });
  let tornDown = false;

  return {
    configuration,
    authorization,
    analytics,
    async request<T>(options: ClientRequestOptions) {
      if (tornDown) {
        throw createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'request' }, { method: 'request' });
      }
      // Read loosely: plain-JavaScript callers can leave out or misspell what the types require.
      const { method, endpoint } = options as Partial<ClientRequestOptions>;
      const { data = {}, timeout, signal } = options;
      const api: string = options.api ?? 'clientApi';
      if (!method) throw optionRequired('options.method');
      if (!endpoint) throw optionRequired('options.endpoint');
      if (api === 'clientApi') {
        const callerMeta = data._meta !== null && typeof data._meta === 'object' ? data._meta : {};
        return httpRequest<T>({
          url: `${gateway.clientApiUrl}/v1/${endpoint}`,
          method,
          data: {
            ...data,
            _meta: { ...metadata, ...callerMeta },
            braintreeLibraryVersion: LIBRARY_VERSION,
            ...authField,
          },
          timeout,
          signal,
        });
      }
      if (api === 'braintreeApi') {
        const { url, accessToken } = gateway.braintreeApi ?? {};
        if (!url || !accessToken) throw createError('BRAINTREE_API_ACCESS_RESTRICTED', undefined, { api });
        return httpRequest<T>({
          url: `${url}/${endpoint}`,
          method,
          data,
          headers: { 'Braintree-Version': ALTERNATE_API_VERSION, Authorization: `Bearer ${accessToken}` },
          timeout,
          signal,
        });
      }
      throw createError('CLIENT_OPTION_INVALID', undefined, { option: 'options.api', api });
    },
    setMetadata(partial) {
      Object.assign(metadata, partial);
    },
    teardown() {
      if (tornDown) return;
      tornDown = true;
      analytics.teardown();
      onTeardown();
    },
  };
}

/**
 * Creates the gateway client for an authorization, or returns the cached one: a second call with
 * the same string reuses it without fetching the configuration again. A failed creation is not cached.
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without an authorization, or any error of
 *   {@link parseAuthorization} and {@link fetchConfiguration}.
 */
export function createClient(
  authorization: string,
  options: CreateClientOptions = {},
): Promise<GatewayClient> {
  const existing = cache.get(authorization);
  if (existing) return existing;
  const created = (async () => {
    if (!authorization) {
      throw createError(
        'INSTANTIATION_OPTION_REQUIRED',
        { option: 'authorization', component: 'a client' },
        { option: 'authorization' },
      );
    }
    const parsed = parseAuthorization(authorization);
    return buildClient(await fetchConfiguration(parsed, options), parsed, evict);
  })();
  // Only this call's entry is evicted: the cache may have been cleared and refilled meanwhile.
  function evict(): void {
    if (cache.get(authorization) === created) cache.delete(authorization);
  }
  cache.set(authorization, created);
  created.catch(evict);
  return created;
}
