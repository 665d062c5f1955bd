/**
 * Authorization of client API calls: tokenization keys and client-token fingerprints.
 * Fingerprints are signed with a fixed sandbox secret so they verify without any stored state
 * and survive a restart of the gateway.
 * @packageDocumentation
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { errorReply, isRecord, type Reply } from './http';
import { findMerchant, findMerchantByTokenizationKey, type Merchant } from './merchants';
import { readPartitionKey } from './partition-keys';

/** Secret of the fingerprint signature. Sandbox only; knowing it lets anyone mint sandbox tokens, which is fine. */
export const FINGERPRINT_SECRET = 'payment-panel-sandbox-fingerprint-secret';

/** What a fingerprint asserts (the part after `|`). */
export interface FingerprintClaims {
  /** ISO time the client token was made. */
  createdAt: string;
  merchantId: string;
  publicKey: string;
  /** The bound customer, or `null` for a guest token. */
  customerId: string | null;
  verifyCard: boolean;
  failOnDuplicatePaymentMethod: boolean;
  makeDefault: boolean;
  /** The sandbox partition the token was made in, `null` for the default one (docs/sandbox.md, "Partitions"). */
  partition: string | null;
}

/** A checked authorization. */
export type Authorization =
  | { kind: 'tokenizationKey'; merchant: Merchant }
  | { kind: 'clientToken'; merchant: Merchant; claims: FingerprintClaims };

/** What an endpoint requires: any authorization, or a client token (customer-scoped, 3D Secure). */
export type Access = 'any' | 'clientToken';

/** The outcome of {@link authorize}. */
export type AuthResult = { ok: true; auth: Authorization } | { ok: false; reply: Reply };

function sign(payload: string): string {
  return createHmac('sha256', FINGERPRINT_SECRET).update(payload).digest('hex');
}

// Colons stay readable in `created_at`; URLSearchParams reads them back either way.
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

/**
 * The fingerprint of a client token:
 * `<64 hex>|created_at=<ISO>&merchant_id=<mid>&public_key=<pk>[&customer_id=<id>][&verify_card=true]…[&sandbox_partition=<id>]`,
 * the hex being an HMAC-SHA256 of everything after `|`.
 */
export function signFingerprint(claims: FingerprintClaims): string {
  const pairs: [string, string][] = [
    ['created_at', claims.createdAt],
    ['merchant_id', claims.merchantId],
    ['public_key', claims.publicKey],
  ];
  if (claims.customerId !== null) pairs.push(['customer_id', claims.customerId]);
  if (claims.verifyCard) pairs.push(['verify_card', 'true']);
  if (claims.failOnDuplicatePaymentMethod) pairs.push(['fail_on_duplicate_payment_method', 'true']);
  if (claims.makeDefault) pairs.push(['make_default', 'true']);
  if (claims.partition !== null) pairs.push(['sandbox_partition', claims.partition]);
  const payload = pairs.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&');
  return `${sign(payload)}|${payload}`;
}

/** The claims of a fingerprint whose signature holds, or `null`. */
export function verifyFingerprint(fingerprint: string): FingerprintClaims | null {
  const match = /^([0-9a-f]{64})\|(.+)$/s.exec(fingerprint);
  if (!match?.[1] || !match[2]) return null;
  const [, signature, payload] = match;
  if (!timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(sign(payload), 'hex'))) return null;
  const params = new URLSearchParams(payload);
  const createdAt = params.get('created_at');
  const merchantId = params.get('merchant_id');
  const publicKey = params.get('public_key');
  if (!createdAt || !merchantId || !publicKey) return null;
  return {
    createdAt,
    merchantId,
    publicKey,
    customerId: params.get('customer_id') || null,
    verifyCard: params.get('verify_card') === 'true',
    failOnDuplicatePaymentMethod: params.get('fail_on_duplicate_payment_method') === 'true',
    makeDefault: params.get('make_default') === 'true',
    partition: params.get('sandbox_partition') || null,
  };
}

/** The credential a request carries. */
export type Credential = { tokenizationKey: string } | { authorizationFingerprint: string };

function credentialIn(source: Record<string, unknown>): Credential | null {
  const { authorizationFingerprint, tokenizationKey } = source;
  if (typeof authorizationFingerprint === 'string' && authorizationFingerprint !== '') {
    return { authorizationFingerprint };
  }
  if (typeof tokenizationKey === 'string' && tokenizationKey !== '') return { tokenizationKey };
  return null;
}

/** The credential of a request: from the query of a GET, from the JSON body (else the query) of a POST. */
export function readCredential(request: {
  method: string;
  query: Record<string, string>;
  body: unknown;
}): Credential | null {
  if (request.method !== 'GET' && isRecord(request.body)) {
    const fromBody = credentialIn(request.body);
    if (fromBody) return fromBody;
  }
  return credentialIn(request.query);
}

/**
 * The credential of a GraphQL call, its `Authorization: Bearer` header: a client token's
 * fingerprint, or else a tokenization key.
 */
export function bearerCredential(headers: IncomingHttpHeaders): Credential | null {
  const match = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
  const value = match?.[1];
  if (!value) return null;
  return verifyFingerprint(value) ? { authorizationFingerprint: value } : { tokenizationKey: value };
}

function unauthorized(reason: string): AuthResult {
  return { ok: false, reply: errorReply(401, 'Authorization failed', { reason }) };
}

function insufficient(reason: string): AuthResult {
  return { ok: false, reply: errorReply(403, 'Authorization insufficient', { reason }) };
}

/**
 * The merchant a tokenization key belongs to in a partition: the built-in keys in the default partition, a
 * partition's own keys (`sandbox_<partition>_<merchantId>`) in that partition.
 */
export function merchantOfKey(key: string, partition: string | null): Merchant | undefined {
  if (partition === null) return findMerchantByTokenizationKey(key);
  const named = readPartitionKey(key);
  return named?.partition === partition ? findMerchant(named.merchantId) : undefined;
}

/**
 * Check a request's credential against the merchant of the path, in the sandbox partition the request was told:
 * 401 when unknown, another merchant's or another partition's, 403 when valid but without the privilege
 * (restricted merchant, tokenization key on a client-token endpoint).
 */
export function authorize(
  request: { method: string; query: Record<string, string>; body: unknown },
  pathMerchantId: string,
  access: Access,
  partition: string | null = null,
): AuthResult {
  const credential = readCredential(request);
  if (!credential) return unauthorized('No tokenizationKey or authorizationFingerprint was sent.');
  let auth: Authorization;
  if ('tokenizationKey' in credential) {
    const merchant = merchantOfKey(credential.tokenizationKey, partition);
    if (!merchant) return unauthorized('Unknown tokenization key.');
    auth = { kind: 'tokenizationKey', merchant };
  } else {
    const claims = verifyFingerprint(credential.authorizationFingerprint);
    const merchant = claims ? findMerchant(claims.merchantId) : undefined;
    if (!claims || !merchant || merchant.publicKey !== claims.publicKey || claims.partition !== partition) {
      return unauthorized('Unknown or tampered authorization fingerprint.');
    }
    auth = { kind: 'clientToken', merchant, claims };
  }
  if (auth.merchant.merchantId !== pathMerchantId) {
    return unauthorized('The authorization belongs to another merchant.');
  }
  if (!auth.merchant.clientApiAccess) return insufficient('This merchant has no client API privileges.');
  if (access === 'clientToken' && auth.kind !== 'clientToken') {
    return insufficient('This endpoint needs a client token, not a tokenization key.');
  }
  return { ok: true, auth };
}
