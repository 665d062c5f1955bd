/**
 * The gateway client: one per authorization string while something holds it, holding the
 * configuration and making requests (docs/protocol.md, "Requests"; its lifetime: "The configuration call").
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

/** Options of {@link createClient}; only the call that makes the client uses them. */
export type CreateClientOptions = Pick<FetchConfigurationOptions, 'sessionId' | 'merchantAppId' | 'timeout'>;

/**
 * The client of one authorization and its gateway configuration, shared by every holder: each
 * {@link createClient} call that resolves is a hold on it, which {@link GatewayClient.release} ends.
 */
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
  /**
   * Lets go of one hold: call it once for each {@link createClient} call that resolved (the holds
   * are counted, not told apart, so a second call would end another holder's). The last hold's
   * release tears the client down: its analytics are flushed, it stops listening for `pagehide`,
   * it leaves the cache (the next {@link createClient} fetches the configuration anew) and its
   * requests fail.
   */
  release(): void;
}

/** Per authorization string, what takes a hold on its shared client (the holds are counted in it). */
const cache = new Map<string, () => Promise<GatewayClient>>();

/** Empties the client cache (for tests). */
export function clearClientCache(): void {
  cache.clear();
}

function optionRequired(option: string): PanelError {
  return createError('CLIENT_OPTION_REQUIRED', { option }, { option });
}

/**
 * The client shared by the holds of one authorization.
 * @param holders - how many holds are left: none, and requests fail
 */
function buildClient(
  configuration: ClientConfiguration,
  authorization: Authorization,
  holders: () => number,
): Omit<GatewayClient, 'release'> {
  const authField = authorizationField(authorization);
  const metadata = configuration.analyticsMetadata;
  const gateway = configuration.gatewayConfiguration;
  const analytics = createAnalytics({ url: gateway.analytics?.url, metadata, authField });

  return {
    configuration,
    authorization,
    analytics,
    async request<T>(options: ClientRequestOptions) {
      if (!holders()) {
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
  };
}

/**
 * Takes a hold on the gateway client of an authorization, making it when nothing holds one: a
 * second call with the same string shares the client without fetching the configuration again.
 * Whoever calls it must {@link GatewayClient.release} the hold it gets once done with it. A failed
 * creation is not cached.
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without an authorization, or any error of
 *   {@link parseAuthorization} and {@link fetchConfiguration}.
 */
export function createClient(
  authorization: string,
  options: CreateClientOptions = {},
): Promise<GatewayClient> {
  let hold = cache.get(authorization);
  if (!hold) {
    let holders = 0;
    const shared = (async (): Promise<GatewayClient> => {
      if (!authorization) {
        throw createError(
          'INSTANTIATION_OPTION_REQUIRED',
          { option: 'authorization', component: 'a client' },
          { option: 'authorization' },
        );
      }
      const parsed = parseAuthorization(authorization);
      const client = buildClient(await fetchConfiguration(parsed, options), parsed, () => holders);
      return {
        ...client,
        release() {
          if (!--holders) {
            evict();
            client.analytics.teardown();
          }
        },
      };
    })();
    const take = (): Promise<GatewayClient> => {
      holders++;
      return shared;
    };
    // Only this entry leaves: the cache may have been cleared and refilled meanwhile.
    const evict = (): void => {
      if (cache.get(authorization) === take) cache.delete(authorization);
    };
    shared.catch(evict);
    cache.set(authorization, (hold = take));
  }
  return hold();
}
