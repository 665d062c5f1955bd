/**
 * Parsing of the merchant's authorization: a tokenization key or a client token (docs/protocol.md).
 * @packageDocumentation
 */
import { API_BASES } from '../shared/build-constants';
import { TOKENIZATION_KEY_ENVIRONMENTS, type TokenizationKeyEnvironment } from '../shared/constants';
import { createError } from '../shared/errors';
import { object, parseWith, string } from '../shared/strict-readers';

/** Kind of authorization, as stored in the configuration wrapper (`authorizationType`). */
export type AuthorizationType = 'TOKENIZATION_KEY' | 'CLIENT_TOKEN';

/** A parsed tokenization key. Always guest checkout. */
export interface TokenizationKeyAuthorization {
  kind: 'TOKENIZATION_KEY';
  /** The key as given. */
  value: string;
  /** Always `true`: a key is never bound to a customer. */
  guest: true;
  /** Where the gateway configuration is fetched from. */
  configUrl: string;
  /** First part of the key. */
  environment: TokenizationKeyEnvironment;
  /** Everything after the second underscore. */
  merchantId: string;
}

/** A parsed client token. */
export interface ClientTokenAuthorization {
  kind: 'CLIENT_TOKEN';
  /** The base64 token as given. */
  value: string;
  /** `true` unless the fingerprint names a customer (`customer_id=`). */
  guest: boolean;
  /** Where the gateway configuration is fetched from (domain-checked before use). */
  configUrl: string;
  /** The part of the token sent to the gateway. */
  authorizationFingerprint: string;
}

/** A parsed authorization. */
export type Authorization = TokenizationKeyAuthorization | ClientTokenAuthorization;

/** The authorization field added to gateway requests. */
export type AuthorizationField = { tokenizationKey: string } | { authorizationFingerprint: string };

/** A tokenization key: `<environment>_<id>_<merchantId>`, the merchant id possibly with underscores. */
export const TOKENIZATION_KEY = /^[A-Za-z0-9]+_[A-Za-z0-9]+_[A-Za-z0-9_]+$/;

/**
 * Reads a decoded client token. Only these two fields are read; whatever else a token carries is
 * not needed, so it is dropped. The tokenizing frame reads the authorization it is given with
 * these declarations too.
 */
export const clientToken = object({ authorizationFingerprint: string(), configUrl: string() });

function invalid(reason: string): never {
  throw createError('CLIENT_INVALID_AUTHORIZATION', undefined, { reason });
}

/** Whether a tokenization key's first part is an environment the panel takes. */
export function isEnvironment(value: string): value is TokenizationKeyEnvironment {
  return (TOKENIZATION_KEY_ENVIRONMENTS as readonly string[]).includes(value);
}

/**
 * Parses a tokenization key (`<environment>_<id>_<merchantId>`) or a base64 JSON client token.
 * @throws PanelError `CLIENT_INVALID_AUTHORIZATION` with `details.reason` when the value is neither,
 *   or a key names an environment other than `production` or `sandbox`.
 */
export function parseAuthorization(value: string): Authorization {
  if (typeof value !== 'string' || value === '') invalid('empty');
  if (TOKENIZATION_KEY.test(value)) {
    const [environment = '', , ...rest] = value.split('_');
    if (!isEnvironment(environment)) invalid('environment');
    const merchantId = rest.join('_');
    return {
      kind: 'TOKENIZATION_KEY',
      value,
      guest: true,
      environment,
      merchantId,
      configUrl: `${API_BASES[environment]}/merchants/${merchantId}/client_api/v1/configuration`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(atob(value));
  } catch {
    invalid('decode');
  }
  const token = parseWith(clientToken, json);
  if (!token) invalid('fields');
  const { authorizationFingerprint, configUrl } = token;
  return {
    kind: 'CLIENT_TOKEN',
    value,
    guest: !authorizationFingerprint.includes('customer_id='),
    configUrl,
    authorizationFingerprint,
  };
}

/** The field that authorizes a request: the key itself, or only the client token's fingerprint. */
export function authorizationField(authorization: Authorization): AuthorizationField {
  return authorization.kind === 'TOKENIZATION_KEY'
    ? { tokenizationKey: authorization.value }
    : { authorizationFingerprint: authorization.authorizationFingerprint };
}
