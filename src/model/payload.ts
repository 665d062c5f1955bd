/**
 * The payment method payload handed to the merchant, and the reduction of a view's raw result to it
 * (docs/protocol.md, "From answer to payload").
 *
 * The types live here because the model sits below the controller and the view (docs/architecture.md,
 * "Dependency direction") and may not import from it; the panel's payload is assignable to this one.
 * @packageDocumentation
 */

/** Method type of a payload (docs/element.md, "The payload"). */
export type PaymentMethodType =
  'CreditCard' | 'PayPalAccount' | 'VenmoAccount' | 'ApplePayCard' | 'AndroidPayCard';

/** An EMV 3DS step's outcome: `transStatus` `Y`, `A`, `N`, `U`, `R`, `C` or `I`, and why. */
export interface ThreeDSecureTransStatus {
  transStatus?: string | null;
  transStatusReason?: string | null;
  [field: string]: unknown;
}

/**
 * What 3D Secure 2 says about a verified card, as the gateway sends it (any field it adds is kept).
 * `status` names the outcome, e.g. `authenticate_successful`, `authenticate_attempt_successful`,
 * `authenticate_frictionless_failed`, `authenticate_failed`, `lookup_bypassed`, `lookup_error`.
 */
export interface ThreeDSecureDetails {
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  status?: string;
  /** Whether the card takes part: `Y`, `N`, `U`, `B` (bypassed)… */
  enrolled?: string;
  /** The electronic commerce indicator, e.g. `05` (Visa, authenticated) or `02` (Mastercard). */
  eciFlag?: string | null;
  /** The authentication value the merchant's server sends with the transaction; `null` without one. */
  cavv?: string | null;
  xid?: string | null;
  threeDSecureVersion?: string;
  dsTransactionId?: string | null;
  acsTransactionId?: string | null;
  threeDSecureAuthenticationId?: string | null;
  threeDSecureServerTransactionId?: string | null;
  paresStatus?: string | null;
  /** The lookup's outcome. */
  lookup?: ThreeDSecureTransStatus;
  /** The challenge's outcome, when there was one. */
  authentication?: ThreeDSecureTransStatus;
  [field: string]: unknown;
}

/** The payment method the panel hands the merchant (docs/element.md, "The payload"). */
export interface PaymentMethodPayload {
  /** One-time nonce to send to the merchant's server. */
  nonce: string;
  /** What the method is: `{cardType, lastTwo, …}` for cards, the payer info for PayPal. */
  details: Record<string, unknown>;
  type: PaymentMethodType;
  /** Cards and Google Pay cards only, e.g. "ending in 11". */
  description?: string;
  /** Present when the method was saved to the customer's vault. */
  vaulted?: true;
  /** Present only when a 3D Secure liability shift was possible. */
  liabilityShifted?: boolean;
  /** Present only when a 3D Secure liability shift was possible, and then `true`. */
  liabilityShiftPossible?: boolean;
  /** Cards verified with 3D Secure 2: the verification's details (`status`, `enrolled`, `eciFlag`…). */
  threeDSecureInfo?: ThreeDSecureDetails;
  /** The data collector's string, when one is configured. */
  deviceData?: string;
  /** BIN data of cards: prepaid, debit, issuing bank… */
  binData?: Record<string, unknown>;
}

/** What a view produces before reduction: a tokenize result, a saved method, a wallet result. */
export interface RawPaymentMethod {
  nonce: string;
  details: Record<string, unknown>;
  type: PaymentMethodType;
  description?: string;
  vaulted?: boolean;
  liabilityShifted?: boolean | null;
  liabilityShiftPossible?: boolean | null;
  /** Set by a 3D Secure 2 verification. */
  threeDSecureInfo?: ThreeDSecureDetails;
  binData?: Record<string, unknown> | null;
  /** Apple Pay's payment object; never handed on. */
  payment?: unknown;
}

/** Extras of {@link toMerchantPayload}. */
export interface MerchantPayloadOptions {
  /** The data collector's string; omitted from the payload when not given. */
  deviceData?: string;
}

/**
 * Reduces a raw payment method to the payload the merchant receives (docs/protocol.md, "From answer to
 * payload"): `nonce`, `details`, `type` always; `vaulted` only when set; `description` only for cards and
 * Google Pay cards; both liability fields only when a shift was possible; a card's `threeDSecureInfo` (3D
 * Secure 2) when it has one; `deviceData` when given; `binData` when present. Anything else (Apple
 * Pay's `payment`) is dropped; PayPal's `creditFinancingOffered` travels in `details`.
 */
export function toMerchantPayload(
  raw: RawPaymentMethod,
  { deviceData }: MerchantPayloadOptions = {},
): PaymentMethodPayload {
  const payload: PaymentMethodPayload = { nonce: raw.nonce, details: raw.details, type: raw.type };
  if (raw.vaulted) payload.vaulted = true;
  if ((raw.type === 'CreditCard' || raw.type === 'AndroidPayCard') && raw.description !== undefined) {
    payload.description = raw.description;
  }
  if (raw.liabilityShiftPossible) {
    payload.liabilityShifted = Boolean(raw.liabilityShifted);
    payload.liabilityShiftPossible = true;
  }
  if (raw.type === 'CreditCard' && raw.threeDSecureInfo) payload.threeDSecureInfo = raw.threeDSecureInfo;
  if (deviceData !== undefined) payload.deviceData = deviceData;
  if (raw.binData) payload.binData = raw.binData;
  return payload;
}
