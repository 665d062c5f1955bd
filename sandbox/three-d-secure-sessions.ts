/**
 * The 3D Secure v1 side of the sandbox (docs/three-d-secure.md, "Version 1: the sandbox's bank"): which test
 * card gives which outcome, the liability flags of each step, the PaRes the simulated bank answers, and the
 * lookup sessions the lookup opens and the term URL closes.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import type { CardRecord } from './card-details';
import { THREE_D_SECURE_CARD_NUMBERS } from './test-values';

/** The provider's 3D Secure status of a test card. */
export type ThreeDSecureStatus = keyof typeof THREE_D_SECURE_CARD_NUMBERS;

/** The statuses whose lookup sends the shopper to the bank (an `acsUrl`). */
export type ChallengeStatus = Extract<ThreeDSecureStatus, `authenticate_${string}`>;

/** `threeDSecureInfo`: the liability flags of a step. */
export interface LiabilityInfo {
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
}

/** Message of every failed authentication, as the provider words it. */
export const AUTHENTICATION_FAILED_MESSAGE =
  'Failed to authenticate, please try a different form of payment.';

const STATUS_BY_NUMBER: ReadonlyMap<string, ThreeDSecureStatus> = new Map(
  Object.entries(THREE_D_SECURE_CARD_NUMBERS).flatMap(([status, numbers]) =>
    numbers.map((number) => [number, status as ThreeDSecureStatus] as const),
  ),
);

/** The status of a card number; a card outside the test table is not enrolled. */
export function threeDSecureStatusOf(number: string): ThreeDSecureStatus {
  return STATUS_BY_NUMBER.get(number) ?? 'lookup_not_enrolled';
}

/** Whether the lookup of a card of this status asks the bank to authenticate the shopper. */
export function isChallenge(status: ThreeDSecureStatus): status is ChallengeStatus {
  return status.startsWith('authenticate_');
}

/**
 * The flags the lookup answers. An enrolled card (one the bank challenges) makes a shift possible
 * before the shopper has answered, which is also what a cancelled challenge keeps; no lookup
 * (not enrolled, lookup error) makes none possible.
 */
export function lookupLiability(status: ThreeDSecureStatus): LiabilityInfo {
  return { liabilityShifted: false, liabilityShiftPossible: isChallenge(status) };
}

/**
 * The flags of a failed authentication: a shift stays possible, so the page falls back to the
 * lookup's nonce, except when the bank was unable to authenticate at all, which the page reports
 * as an unknown answer (docs/protocol.md, "Version 1").
 */
export function failureLiability(status: ThreeDSecureStatus): LiabilityInfo {
  return {
    liabilityShifted: false,
    liabilityShiftPossible: status !== 'authenticate_unable_to_authenticate',
  };
}

/** The flags of a successful authentication. */
export const SUCCESS_LIABILITY: Readonly<LiabilityInfo> = {
  liabilityShifted: true,
  liabilityShiftPossible: true,
};

/** What the bank's two buttons stand for. */
export type BankDecision = 'approve' | 'fail';

/**
 * The status the bank answers for a shopper's decision. The bank decides by card: approving on a
 * card that fails authentication still fails, and failing always fails.
 */
export function bankAnswer(status: ChallengeStatus, decision: BankDecision): ChallengeStatus {
  return decision === 'approve' ? status : 'authenticate_failed';
}

const PARES_PREFIX = 'sandbox-pares-';

const CHALLENGE_STATUSES: readonly ChallengeStatus[] = (
  Object.keys(THREE_D_SECURE_CARD_NUMBERS) as ThreeDSecureStatus[]
).filter(isChallenge);

/** The PaRes the bank posts to the term URL: `sandbox-pares-<status>-<session id>`. */
export function paresFor(status: ChallengeStatus, sessionId: string): string {
  return `${PARES_PREFIX}${status}-${sessionId}`;
}

/** The status a PaRes carries for this session, or `null` when it is not one the bank made for it. */
export function readPares(pares: string | undefined, sessionId: string): ChallengeStatus | null {
  const suffix = `-${sessionId}`;
  if (pares === undefined || !pares.startsWith(PARES_PREFIX) || !pares.endsWith(suffix)) return null;
  const status = pares.slice(PARES_PREFIX.length, -suffix.length);
  return CHALLENGE_STATUSES.find((name) => name === status) ?? null;
}

/** Longest amount text the lookup takes. */
const AMOUNT_MAX_LENGTH = 32;

/**
 * The lookup's `amount` as text: a decimal string or a number, greater than 0. A number is
 * written as JavaScript writes it, so `1e21` (which is no plain decimal) is refused like `"1e21"`.
 */
export function readAmount(value: unknown): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || text.length > AMOUNT_MAX_LENGTH) return null;
  if (!/^\d+(\.\d+)?$/.test(text) || !/[1-9]/.test(text)) return null;
  return text;
}

/** The outcome of the term URL, once the bank has answered. */
export interface SessionAnswer {
  /** The status the bank's PaRes carried. */
  status: ChallengeStatus;
  success: boolean;
  /** The nonce minted for the authenticated card; `null` on failure. */
  nonce: string | null;
  answeredAt: string;
}

/** What the lookup remembers. */
export interface NewThreeDSecureSession {
  merchantId: string;
  /** The customer and vault token of the looked-up nonce, carried over to the nonces minted for it. */
  customerId: string | null;
  vaultToken: string | null;
  card: CardRecord;
  /** The amount as the lookup received it, e.g. `"10.00"`. */
  amount: string;
  status: ThreeDSecureStatus;
  /** The nonce the lookup was asked about. */
  sourceNonce: string;
  /** The nonce the lookup answered. */
  lookupNonce: string;
}

/** A lookup session. */
export interface ThreeDSecureSession extends NewThreeDSecureSession {
  id: string;
  /** The merchant data the bank frame posts to the bank and the bank posts back. */
  md: string;
  /** The authentication request the bank frame posts to the bank. */
  pareq: string;
  createdAt: string;
  /** Set once the term URL has answered; a session is answered once. */
  answer: SessionAnswer | null;
}

const PAREQ_PREFIX = 'sandbox-pareq-';

/** The lookup sessions of one gateway instance, by id. */
export class ThreeDSecureSessionStore {
  readonly #sessions = new Map<string, ThreeDSecureSession>();

  /** Open a session under a fresh id. */
  create(session: NewThreeDSecureSession): ThreeDSecureSession {
    const id = randomBytes(16).toString('hex');
    const created: ThreeDSecureSession = {
      ...session,
      id,
      md: `sandbox-md-${id}`,
      pareq: `${PAREQ_PREFIX}${id}`,
      createdAt: new Date().toISOString(),
      answer: null,
    };
    this.#sessions.set(id, created);
    return created;
  }

  /** The session of an id, if known. */
  get(id: string): ThreeDSecureSession | undefined {
    return this.#sessions.get(id);
  }

  /** The session a PaReq was made for, if known. */
  findByPareq(pareq: string): ThreeDSecureSession | undefined {
    const id = pareq.startsWith(PAREQ_PREFIX) ? pareq.slice(PAREQ_PREFIX.length) : '';
    const session = this.#sessions.get(id);
    return session?.pareq === pareq ? session : undefined;
  }

  /** Forget every session. */
  clear(): void {
    this.#sessions.clear();
  }

  /** How many sessions are known. */
  get size(): number {
    return this.#sessions.size;
  }
}
