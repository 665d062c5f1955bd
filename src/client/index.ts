/**
 * The gateway client: authorization, configuration, requests (the only code that calls `fetch`),
 * analytics and the domain check.
 * @packageDocumentation
 */
export {
  analyticsRequest,
  createAnalytics,
  type Analytics,
  type AnalyticsEvent,
  type AnalyticsOptions,
} from './analytics';
export {
  authorizationField,
  parseAuthorization,
  type Authorization,
  type AuthorizationField,
  type AuthorizationType,
  type ClientTokenAuthorization,
  type TokenizationKeyAuthorization,
} from './authorization';
export {
  clearClientCache,
  createClient,
  type ClientRequestOptions,
  type ClientResponse,
  type CreateClientOptions,
  type GatewayApi,
  type GatewayClient,
} from './client';
export {
  createMetadata,
  fetchConfiguration,
  gatewayConfigurationReader,
  type AnalyticsMetadata,
  type ClientConfiguration,
  type FetchConfigurationOptions,
  type GatewayConfiguration,
} from './configuration';
export { assertGatewayDomains, assertGatewayUrl, isAllowedGatewayUrl, type GatewayUrls } from './domain';
export { fetchPublishedJson, httpRequest, type HttpRequestOptions, type HttpResponse } from './http';
export { encodeQuery, withQuery } from './query';
