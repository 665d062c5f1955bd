/**
 * The gateway's 3D Secure answers as the page reads them (docs/protocol.md, "3D Secure";
 * docs/three-d-secure.md): the lookup answer, and the bank's answer that the authentication-complete
 * page hands over. Both are read with the strict readers; what does not fit is refused here so the
 * rest of the flow handles only well-formed data.
 * @packageDocumentation
 */
import {
  boolean,
  isObject,
  looseObject,
  nonEmptyString,
  nullable,
  object,
  optional,
  parseWith,
  record,
  string,
  unknownValue,
  type Infer,
} from '../../shared/strict-readers';
import { lenient } from '../../shared/strict-readers-more';

/** Reads a {@link ThreeDSecureInfo}: its flags checked, every other key kept. */
const threeDSecureInfo = looseObject({ liabilityShifted: boolean, liabilityShiftPossible: boolean });

/**
 * The liability flags of a 3D Secure step, with any other field the gateway sends (`status`,
 * `enrolled`…) kept as it came: the merchant gets it as `verificationDetails`.
 */
export type ThreeDSecureInfo = Infer<typeof threeDSecureInfo>;

/** Reads a card as the lookup or the bank's answer returns it: a new nonce, with its details. */
const paymentMethod = object({
  nonce: nonEmptyString,
  details: optional(record(unknownValue)),
  description: optional(string()),
  // The card's own flags, what a cancelled verification resolves with: only a cancelled
  // verification reads them, and it has the lookup's own flags to fall back on.
  threeDSecureInfo: optional(lenient(threeDSecureInfo)),
});

/** A card as the lookup or the bank's answer returns it. */
export type ThreeDSecurePaymentMethod = Infer<typeof paymentMethod>;

/** Where the bank frame sends the shopper, when the lookup asks for a challenge. */
export interface LookupChallenge {
  /** The bank's access control server: an `https:` URL. */
  acsUrl: string;
  pareq: string;
  md: string;
  /** The gateway's term URL, before the page adds its parameters. */
  termUrl: string;
}

/** The lookup answer (docs/protocol.md, "Version 1"). */
export interface LookupAnswer {
  paymentMethod: ThreeDSecurePaymentMethod;
  /** The flags of the lookup itself. */
  threeDSecureInfo: ThreeDSecureInfo;
  /** `null` when the lookup asks for no challenge (no `acsUrl`). */
  challenge: LookupChallenge | null;
}

/** How the bank's answer ends a verification (docs/protocol.md, "Version 1"). */
export type AuthenticationOutcome =
  // Authenticated: the answer's card and flags.
  | { kind: 'authenticated'; paymentMethod: ThreeDSecurePaymentMethod; threeDSecureInfo: ThreeDSecureInfo }
  // Not authenticated, but a shift stays possible: the lookup's card with the answer's flags.
  | { kind: 'lookupMethod'; threeDSecureInfo: ThreeDSecureInfo }
  // Anything else: the answer's error message, or a text of the panel's own.
  | { kind: 'failed'; message: string };

/** `message` of an answer the page cannot read at all. */
export const UNREADABLE_AUTH_RESPONSE_MESSAGE = 'The 3D Secure authentication response could not be read.';

/** `message` of a failed authentication whose answer names no reason. */
export const FAILED_AUTHENTICATION_MESSAGE = 'The card could not be authenticated.';

/** `message` of a lookup answer the page cannot read. */
export const UNREADABLE_LOOKUP_MESSAGE = 'The 3D Secure lookup response could not be read.';

const optionalText = optional(nullable(string()));

const lookupAnswer = object({
  paymentMethod,
  threeDSecureInfo,
  lookup: optional(
    nullable(object({ acsUrl: optionalText, pareq: optionalText, md: optionalText, termUrl: optionalText })),
  ),
});

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Reads the lookup answer, or returns `null` when it does not fit: no card nonce, no flags, or an
 * `acsUrl` without an `https:` URL, a PaReq and a term URL. An empty or missing `acsUrl` means no
 * challenge. An empty MD is kept: it is the merchant's data and may be empty.
 */
export function readLookupAnswer(data: unknown): LookupAnswer | null {
  const answer = parseWith(lookupAnswer, data);
  if (!answer) return null;
  const { acsUrl, pareq, md, termUrl } = answer.lookup ?? {};
  const read = { paymentMethod: answer.paymentMethod, threeDSecureInfo: answer.threeDSecureInfo };
  if (!acsUrl) return { ...read, challenge: null };
  if (!isHttpsUrl(acsUrl) || !pareq || typeof md !== 'string' || !termUrl) return null;
  return { ...read, challenge: { acsUrl, pareq, md, termUrl } };
}

const authResponse = object({
  success: optional(unknownValue),
  paymentMethod: optional(lenient(paymentMethod)),
  threeDSecureInfo: optional(lenient(threeDSecureInfo)),
  error: optional(lenient(object({ message: string() }))),
});

/**
 * How the bank's answer ends the verification (docs/protocol.md, "Version 1"): `success: true` with a card and
 * flags authenticates; otherwise flags that keep a shift possible fall back to the lookup's card;
 * anything else fails with the answer's `error.message`. A success without a readable card or flags
 * fails rather than falls back: a shift must not be claimed for a nonce the bank did not return.
 * @param response - the answer's JSON object, or `null` when the page had none it could read
 */
export function readAuthResponse(response: Record<string, unknown> | null): AuthenticationOutcome {
  const read = response === null ? null : parseWith(authResponse, response);
  if (!read) return { kind: 'failed', message: UNREADABLE_AUTH_RESPONSE_MESSAGE };
  if (read.success === true) {
    if (read.paymentMethod && read.threeDSecureInfo) {
      return {
        kind: 'authenticated',
        paymentMethod: read.paymentMethod,
        threeDSecureInfo: read.threeDSecureInfo,
      };
    }
    return { kind: 'failed', message: UNREADABLE_AUTH_RESPONSE_MESSAGE };
  }
  if (read.threeDSecureInfo?.liabilityShiftPossible === true) {
    return { kind: 'lookupMethod', threeDSecureInfo: read.threeDSecureInfo };
  }
  return { kind: 'failed', message: read.error?.message || FAILED_AUTHENTICATION_MESSAGE };
}

/** The issuer's page a 3D Secure 2 lookup asks for (docs/protocol.md, "Version 2"), handed to `Cardinal.continue`. */
export interface Lookup2Challenge {
  /** The issuer's access control server: an `https:` URL. */
  acsUrl: string;
  /** The challenge request (CReq) for the issuer. */
  pareq: string;
  transactionId: string;
}

/** A 3D Secure 2 lookup answer. */
export interface Lookup2Answer {
  paymentMethod: ThreeDSecurePaymentMethod;
  threeDSecureInfo: ThreeDSecureInfo;
  /** `null` when the issuer decided without the shopper (frictionless). */
  challenge: Lookup2Challenge | null;
}

const lookup2Answer = object({
  paymentMethod,
  threeDSecureInfo,
  lookup: optional(
    nullable(object({ acsUrl: optionalText, pareq: optionalText, transactionId: optionalText })),
  ),
});

/**
 * Reads a 3D Secure 2 lookup answer, or returns `null` when it does not fit: no card nonce, no
 * flags, or an `acsUrl` without an `https:` URL, a PaReq and a transaction id. An empty or missing
 * `acsUrl` means the issuer decided without a challenge.
 */
export function readLookup2Answer(data: unknown): Lookup2Answer | null {
  const answer = parseWith(lookup2Answer, data);
  if (!answer) return null;
  const { acsUrl, pareq, transactionId } = answer.lookup ?? {};
  const read = { paymentMethod: answer.paymentMethod, threeDSecureInfo: answer.threeDSecureInfo };
  if (!acsUrl) return { ...read, challenge: null };
  if (!isHttpsUrl(acsUrl) || !pareq || !transactionId) return null;
  return { ...read, challenge: { acsUrl, pareq, transactionId } };
}

/** What `authenticate_from_jwt` answers (docs/protocol.md, "Version 2"). */
export interface JwtAuthentication {
  /** The authenticated card; absent when the gateway answers errors (the lookup's card then pays). */
  paymentMethod?: ThreeDSecurePaymentMethod | undefined;
  threeDSecureInfo: ThreeDSecureInfo;
}

const jwtAuthentication = object({ paymentMethod: optional(unknownValue), threeDSecureInfo });

/**
 * Reads the answer of `authenticate_from_jwt`, or returns `null` when it does not fit: no flags, a
 * card that cannot be read, or a shift claimed without a card (a shift must not be claimed for the
 * lookup's nonce, which the issuer did not authenticate).
 */
export function readJwtAuthentication(data: unknown): JwtAuthentication | null {
  const answer = parseWith(jwtAuthentication, data);
  if (!answer) return null;
  if (answer.paymentMethod === undefined || answer.paymentMethod === null) {
    return answer.threeDSecureInfo.liabilityShifted ? null : { threeDSecureInfo: answer.threeDSecureInfo };
  }
  const method = parseWith(paymentMethod, answer.paymentMethod);
  return method ? { paymentMethod: method, threeDSecureInfo: answer.threeDSecureInfo } : null;
}

/** What Songbird's `payments.validated` says. */
export type SongbirdVerdict =
  // The shopper cancelled the issuer's challenge.
  | { kind: 'cancelled' }
  // The issuer answered: the gateway reads Songbird's JWT.
  | { kind: 'answered'; jwt: string }
  // Songbird failed, with its error number and description.
  | { kind: 'error'; errorNumber: unknown; description: unknown };

/** How a verification goes on from Songbird's `payments.validated`. */
export function readSongbirdVerdict(data: unknown, jwt: unknown): SongbirdVerdict {
  const read = isObject(data) ? data : {};
  const payment = isObject(read.Payment) ? read.Payment : {};
  const extended = isObject(payment.ExtendedData) ? payment.ExtendedData : {};
  if (extended.ChallengeCancel === '01') return { kind: 'cancelled' };
  const action = read.ActionCode;
  if (
    (action === 'SUCCESS' || action === 'NOACTION' || action === 'FAILURE') &&
    typeof jwt === 'string' &&
    jwt !== ''
  ) {
    return { kind: 'answered', jwt };
  }
  // An answer without the JWT the gateway needs is Songbird's failure too.
  return {
    kind: 'error',
    errorNumber: action === 'ERROR' ? read.ErrorNumber : undefined,
    description: read.ErrorDescription,
  };
}
