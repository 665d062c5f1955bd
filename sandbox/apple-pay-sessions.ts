/**
 * `POST …/v1/apple_pay_web/sessions`: Apple Pay merchant validation (docs/protocol.md, "Apple Pay"). The
 * provider's gateway asks Apple for a merchant session at the shopper's `validationUrl` and relays Apple's
 * answer unchanged; the sandbox never contacts Apple and answers a stand-in of the same shape, which the
 * demo's Apple Pay simulator accepts (Safari would refuse its signature).
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import { errorReply, isRecord, jsonReply, validationReply, type FieldError } from './http';
import type { ApplePayWebSettings, Merchant } from './merchants';
import { clientApiRoute } from './route';

/** Apple's merchant session object, as the gateway relays it. */
export interface MerchantSession {
  /** Unix time in milliseconds when Apple made the session. */
  epochTimestamp: number;
  /** Unix time in milliseconds after which Apple refuses the session. */
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  /** Apple's hash of the merchant identifier: 64 uppercase hex digits. */
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  /** Base64 signature over the session. */
  signature: string;
  operationalAnalyticsIdentifier: string;
  retries: number;
  pspId: string;
}

/** The checked `applePayWebSession` of a request. */
export interface ApplePayWebSessionInput {
  validationUrl: string;
  domainName: string;
  merchantIdentifier: string;
  displayName: string | null;
}

/** How long a merchant session lasts (Apple's sessions expire after an hour). */
export const MERCHANT_SESSION_LIFETIME_MS = 60 * 60_000;

/** Longest `displayName` Apple accepts. */
export const DISPLAY_NAME_MAX_LENGTH = 64;

/** Field group of the validation errors. */
export const SESSION_FIELD_GROUP = 'applePayWebSession';

/** Codes of the field errors; the provider's own codes for these are not known. */
export const SESSION_ERROR_CODES = {
  validationUrl: 'sandbox_invalid_validation_url',
  domainName: 'sandbox_invalid_domain_name',
  merchantIdentifier: 'sandbox_unknown_merchant_identifier',
  displayName: 'sandbox_invalid_display_name',
} as const;

/** The message of the refusal for a merchant without Apple Pay. */
export const APPLE_PAY_DISABLED_MESSAGE = 'Apple Pay is not enabled for this merchant.';

// A hostname as `location.hostname` gives it: labels of letters, digits and hyphens (IPv4 included).
const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function fieldError(field: keyof typeof SESSION_ERROR_CODES, message: string): FieldError {
  return { field, code: SESSION_ERROR_CODES[field], message };
}

function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Read `{applePayWebSession: {validationUrl, domainName, merchantIdentifier, displayName?}}`:
 * `validationUrl` an https URL, `domainName` a hostname, `merchantIdentifier` the merchant's own,
 * `displayName` (when sent) a string of at most 64 characters. Other keys are ignored.
 */
export function readApplePayWebSession(
  body: unknown,
  settings: ApplePayWebSettings,
): { ok: true; session: ApplePayWebSessionInput } | { ok: false; errors: FieldError[] } {
  const input = isRecord(body) ? body.applePayWebSession : undefined;
  const session = isRecord(input) ? input : {};
  const { validationUrl, domainName, merchantIdentifier, displayName } = session;
  const errors: FieldError[] = [];
  if (!isHttpsUrl(validationUrl)) {
    errors.push(fieldError('validationUrl', 'validationUrl must be an https URL.'));
  }
  if (typeof domainName !== 'string' || !HOSTNAME.test(domainName)) {
    errors.push(fieldError('domainName', 'domainName must be a hostname.'));
  }
  if (merchantIdentifier !== settings.merchantIdentifier) {
    errors.push(
      fieldError(
        'merchantIdentifier',
        "merchantIdentifier is not this merchant's Apple Pay merchant identifier.",
      ),
    );
  }
  const hasDisplayName = displayName !== undefined && displayName !== null;
  if (hasDisplayName && (typeof displayName !== 'string' || displayName.length > DISPLAY_NAME_MAX_LENGTH)) {
    errors.push(
      fieldError(
        'displayName',
        `displayName must be a string of at most ${DISPLAY_NAME_MAX_LENGTH} characters.`,
      ),
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    session: {
      validationUrl: validationUrl as string,
      domainName: domainName as string,
      merchantIdentifier: merchantIdentifier as string,
      displayName: hasDisplayName ? (displayName as string) : null,
    },
  };
}

function upperHex(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** A merchant session of Apple's shape for a checked request, made now. */
export function merchantSessionFor(
  merchant: Merchant,
  input: ApplePayWebSessionInput,
  now: number = Date.now(),
): MerchantSession {
  const merchantHash = createHash('sha256').update(input.merchantIdentifier).digest('hex').toUpperCase();
  // Sandbox merchants carry their display name only in their PayPal settings.
  const displayName = input.displayName ?? merchant.paypal.displayName;
  return {
    epochTimestamp: now,
    expiresAt: now + MERCHANT_SESSION_LIFETIME_MS,
    merchantSessionIdentifier: `SSH${upperHex(16)}_${upperHex(32)}`,
    nonce: randomBytes(4).toString('hex'),
    merchantIdentifier: merchantHash,
    domainName: input.domainName,
    displayName,
    signature: randomBytes(192).toString('base64'),
    operationalAnalyticsIdentifier: `${displayName}:${merchantHash}`,
    retries: 0,
    pspId: merchantHash,
  };
}

/**
 * `POST …/v1/apple_pay_web/sessions`, any authorization: 200 with a merchant session; 422 when the
 * merchant has no Apple Pay or the request is invalid.
 */
export const applePayWebSessionsRoute = clientApiRoute('applePayWebSessions', 'any', ({ body, merchant }) => {
  if (!merchant.applePayWeb) return errorReply(422, APPLE_PAY_DISABLED_MESSAGE);
  const input = readApplePayWebSession(body, merchant.applePayWeb);
  if (!input.ok) return validationReply(input.errors, SESSION_FIELD_GROUP);
  return jsonReply(200, merchantSessionFor(merchant, input.session));
});
