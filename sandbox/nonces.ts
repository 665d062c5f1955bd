/**
 * The nonce store: every nonce the gateway has minted, with the payment method behind it.
 * Later endpoints (3D Secure lookup, server-side sale) read it through {@link NonceStore.get}.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import type { CardRecord } from './card-details';
import { VENMO_SEED_CUSTOMER, VENMO_TEST_VALUES } from './test-values';
import type {
  AndroidPayCardRecord,
  ApplePayCardRecord,
  PayPalAccountRecord,
  VenmoAccountRecord,
} from './wallet-details';

/** What every payment method behind a nonce has. */
interface StoredMethodBase {
  nonce: string;
  merchantId: string;
  /** The customer of the client token that minted it, or `null` for guests. */
  customerId: string | null;
  /** Token of the vaulted method it stands for, or `null` for a single-use nonce of an unvaulted one. */
  vaultToken: string | null;
  createdAt: string;
  /** Set by whatever spends the nonce (e.g. a server-side sale). */
  consumed: boolean;
}

/** A card payment method behind a nonce. */
export interface StoredCreditCard extends StoredMethodBase {
  type: 'CreditCard';
  card: CardRecord;
}

/** A PayPal account behind a nonce. */
export interface StoredPayPalAccount extends StoredMethodBase {
  type: 'PayPalAccount';
  account: PayPalAccountRecord;
}

/** An Apple Pay card behind a nonce. */
export interface StoredApplePayCard extends StoredMethodBase {
  type: 'ApplePayCard';
  card: ApplePayCardRecord;
}

/** A Google Pay card behind a nonce. */
export interface StoredAndroidPayCard extends StoredMethodBase {
  type: 'AndroidPayCard';
  card: AndroidPayCardRecord;
}

/** A Venmo account behind a nonce. */
export interface StoredVenmoAccount extends StoredMethodBase {
  type: 'VenmoAccount';
  account: VenmoAccountRecord;
}

/** Any payment method behind a nonce. */
export type StoredPaymentMethod =
  StoredCreditCard | StoredPayPalAccount | StoredApplePayCard | StoredAndroidPayCard | StoredVenmoAccount;

/** A type of payment method behind a nonce. */
export type StoredPaymentMethodType = StoredPaymentMethod['type'];

// Omit of each member, so the union keeps its discriminant.
type WithoutGenerated<T> = T extends unknown ? Omit<T, 'nonce' | 'createdAt' | 'consumed'> : never;

/** What {@link NonceStore.mint} needs: everything but the generated fields. */
export type NewPaymentMethod = WithoutGenerated<StoredPaymentMethod>;

/** Prefix of the nonces of each payment method type. */
export const NONCE_PREFIX: Readonly<Record<StoredPaymentMethodType, string>> = {
  CreditCard: 'tokencc_',
  PayPalAccount: 'tokenpp_',
  ApplePayCard: 'tokenap_',
  AndroidPayCard: 'tokenan_',
  VenmoAccount: 'tokenvm_',
};

/** The sandbox's Venmo user's account, behind every Venmo nonce the sandbox mints. */
export const SANDBOX_VENMO_ACCOUNT: VenmoAccountRecord = {
  username: VENMO_TEST_VALUES.username,
  venmoUserId: VENMO_TEST_VALUES.payer.externalId,
};

/**
 * The fixed server-side test nonces a merchant's server may send without a client minting them
 * (docs/sandbox.md, "Venmo in the sandbox"): known in every partition, never spent.
 */
function fixedNonce(nonce: string): StoredPaymentMethod | undefined {
  if (nonce !== VENMO_TEST_VALUES.fakeNonce) return undefined;
  return {
    type: 'VenmoAccount',
    nonce,
    merchantId: VENMO_SEED_CUSTOMER.merchantId,
    customerId: null,
    vaultToken: null,
    createdAt: new Date(0).toISOString(),
    consumed: false,
    account: { ...SANDBOX_VENMO_ACCOUNT },
  };
}

/** Nonce → payment method map of one gateway instance. */
export class NonceStore {
  readonly #methods = new Map<string, StoredPaymentMethod>();

  /** Mint a fresh nonce for a payment method and remember it. */
  mint(method: NewPaymentMethod): StoredPaymentMethod {
    const nonce = `${NONCE_PREFIX[method.type]}sb_${randomBytes(12).toString('hex')}`;
    const stored: StoredPaymentMethod = {
      ...method,
      nonce,
      createdAt: new Date().toISOString(),
      consumed: false,
    };
    this.#methods.set(nonce, stored);
    return stored;
  }

  /** The payment method behind a nonce, if the nonce was minted here or is a fixed test nonce. */
  get(nonce: string): StoredPaymentMethod | undefined {
    return this.#methods.get(nonce) ?? fixedNonce(nonce);
  }

  /** Forget every nonce. */
  clear(): void {
    this.#methods.clear();
  }

  /** How many nonces are known. */
  get size(): number {
    return this.#methods.size;
  }
}
