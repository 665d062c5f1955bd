/**
 * `POST …/v1/payment_methods/:nonce/three_d_secure/lookup` (docs/protocol.md, "Version 1"): asks
 * whether the card behind a nonce takes part in 3D Secure. The answer comes from the test card's
 * status (docs/three-d-secure.md, "In the sandbox"): an enrolled card gets the bank's address
 * (`acsUrl`) and a session the term URL closes; any other card gets its answer at once.
 * @packageDocumentation
 */
import { creditCardPayload, type CreditCardPayload } from './card-details';
import { errorReply, isRecord, jsonReply, type Reply } from './http';
import type { StoredCreditCard } from './nonces';
import { clientApiRoute } from './route';
import { acsUrl, termUrl } from './three-d-secure-bank';
import {
  isChallenge,
  lookupLiability,
  readAmount,
  threeDSecureStatusOf,
  type LiabilityInfo,
} from './three-d-secure-sessions';
import type { SandboxState } from './state';
import { isLookup2, lookup2Reply } from './three-d-secure-2';

/** A card payload with its liability flags, as the lookup and the term URL answer it. */
export interface ThreeDSecureCardPayload extends CreditCardPayload {
  threeDSecureInfo: LiabilityInfo;
}

/** The `lookup` part of the answer: what the bank frame posts to the bank. */
export interface LookupDetails {
  /** The bank's page, or `null` when the shopper needs no authentication. */
  acsUrl: string | null;
  pareq: string;
  md: string;
  /** Where the bank posts its answer; it holds a `?` because the bank frame appends `&…` blindly. */
  termUrl: string;
}

/** The answer of a lookup. */
export interface LookupAnswer {
  lookup: LookupDetails;
  /** The card under a new nonce: the result when there is no challenge, and when the shopper cancels one. */
  paymentMethod: ThreeDSecureCardPayload;
  threeDSecureInfo: LiabilityInfo;
}

/** Messages of the lookup's 422 answers. */
export const LOOKUP_ERRORS = {
  notEnabled: '3D Secure is not enabled for this merchant.',
  unknownNonce: 'Unknown or expired payment_method_nonce.',
  notACard: 'A 3D Secure lookup needs the nonce of a credit card.',
  consumedNonce: 'Cannot use a payment_method_nonce more than once.',
  amountRequired: 'Amount is required.',
  amountInvalid: 'Amount must be a decimal number greater than 0.',
} as const;

function refuse(message: string): Reply {
  return errorReply(422, message, { fieldErrors: [] });
}

/**
 * The card behind a nonce of this merchant. Another merchant's nonce is answered as an unknown
 * one, so a lookup tells nothing about other merchants' nonces.
 */
function cardBehind(state: SandboxState, nonce: string, merchantId: string): StoredCreditCard | string {
  const stored = state.nonces.get(nonce);
  if (stored?.merchantId !== merchantId) return LOOKUP_ERRORS.unknownNonce;
  if (stored.type !== 'CreditCard') return LOOKUP_ERRORS.notACard;
  if (stored.consumed) return LOOKUP_ERRORS.consumedNonce;
  return stored;
}

/**
 * `POST …/v1/payment_methods/:nonce/three_d_secure/lookup`: client token only (a tokenization key
 * gets 403); 422 when the merchant has 3D Secure off, for a nonce that is unknown, another
 * merchant's, spent or not a card's, and for a missing or invalid `amount`. A body asking for
 * version 2 is answered by three-d-secure-2.ts. The looked-up nonce
 * stays usable: the lookup answers a new one for the same card.
 */
export const threeDSecureLookupRoute = clientApiRoute(
  'threeDSecureLookup',
  'clientToken',
  ({ state, merchant, params, body }) => {
    if (!merchant.threeDSecureEnabled) return refuse(LOOKUP_ERRORS.notEnabled);
    const source = cardBehind(state, params.nonce ?? '', merchant.merchantId);
    if (typeof source === 'string') return refuse(source);
    const rawAmount = isRecord(body) ? body.amount : undefined;
    if (rawAmount === undefined || rawAmount === null || rawAmount === '') {
      return refuse(LOOKUP_ERRORS.amountRequired);
    }
    const amount = readAmount(rawAmount);
    if (amount === null) return refuse(LOOKUP_ERRORS.amountInvalid);
    if (isLookup2(body))
      return lookup2Reply(state, merchant, source, amount, body as Record<string, unknown>);

    const { merchantId, customerId, vaultToken, card } = source;
    const minted = state.nonces.mint({ type: 'CreditCard', merchantId, customerId, vaultToken, card });
    const status = threeDSecureStatusOf(card.number);
    const session = state.threeDSecure.create({
      merchantId,
      customerId,
      vaultToken,
      card,
      amount,
      status,
      sourceNonce: source.nonce,
      lookupNonce: minted.nonce,
    });
    const info = lookupLiability(status);
    const { gatewayOrigin } = state.options;
    const answer: LookupAnswer = {
      lookup: {
        acsUrl: isChallenge(status) ? acsUrl(gatewayOrigin) : null,
        pareq: session.pareq,
        md: session.md,
        termUrl: termUrl(gatewayOrigin, session.id),
      },
      paymentMethod: { ...creditCardPayload(card, minted.nonce), threeDSecureInfo: { ...info } },
      threeDSecureInfo: info,
    };
    return jsonReply(201, answer);
  },
);
