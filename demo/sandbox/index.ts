/**
 * The local sandbox gateway: an imitation of the payment provider's client API v1 for local
 * development and browser tests. The https server of the demo mounts `createSandboxGateway(...).handle`.
 * @packageDocumentation
 */
export { createSandboxGateway, MAX_BODY_BYTES, type SandboxGateway } from './gateway';
export type { SandboxOptions, SandboxState } from './state';

export {
  MERCHANTS,
  CARD_DISPLAY_NAMES,
  findMerchant,
  findMerchantByTokenizationKey,
  listMerchants,
  type Merchant,
  type MerchantId,
  type CardDisplayName,
  type Challenge,
  type PayPalSettings,
  type ApplePayWebSettings,
} from './merchants';
export * from './test-values';
export { CARD_ERRORS } from './card-input';
export { createClientToken, type ClientTokenOptions, type ClientTokenPayload } from './client-token';
export { signFingerprint, verifyFingerprint, type Authorization, type FingerprintClaims } from './auth';
export {
  buildConfiguration,
  merchantUrls,
  type GatewayConfiguration,
  type MerchantUrls,
} from './configuration';
export { analyticsPath } from './analytics';
export { NonceStore, type StoredPaymentMethod, type StoredCreditCard } from './nonces';
export { Vault, type Customer, type VaultedCard } from './vault';
export {
  FAULT_KINDS,
  DEFAULT_SLOW_DELAY_MS,
  MAX_HOLD_MS,
  type Fault,
  type FaultKind,
  type FaultSpec,
} from './faults';
export { REQUEST_LOG_LIMIT, type RequestLogEntry } from './request-log';
export { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, CORS_MAX_AGE_SECONDS } from './cors';
export { ROUTES, findRoute } from './router';
export {
  clientApiRoute,
  CLIENT_API_PATTERN,
  type Route,
  type RouteContext,
  type ClientApiContext,
} from './route';
export type { Reply, FieldError } from './http';
