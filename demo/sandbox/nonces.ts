/**
 * The nonce store: every nonce the gateway has minted, with the payment method behind it.
 * Later endpoints (3D Secure lookup, server-side sale) read it through {@link NonceStore.get}.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import type { CardRecord } from './card-details';

/** A card payment method behind a nonce. Wallet endpoints add their own variants to the union. */
export interface StoredCreditCard {
  type: 'CreditCard';
  nonce: string;
  merchantId: string;
  /** The customer of the client token that minted it, or `null` for guests. */
  customerId: string | null;
  /** Token of the vaulted card it stands for, or `null` for a single-use nonce of an unvaulted card. */
  vaultToken: string | null;
  card: CardRecord;
  createdAt: string;
  /** Set by whatever spends the nonce (e.g. a server-side sale). */
  consumed: boolean;
}

/** Any payment method behind a nonce. */
export type StoredPaymentMethod = StoredCreditCard;

/** What {@link NonceStore.mint} needs: everything but the generated fields. */
export type NewPaymentMethod = Omit<StoredPaymentMethod, 'nonce' | 'createdAt' | 'consumed'>;

const NONCE_PREFIX: Readonly<Record<StoredPaymentMethod['type'], string>> = {
  CreditCard: 'tokencc_',
};

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

  /** The payment method behind a nonce, if the nonce was minted here. */
  get(nonce: string): StoredPaymentMethod | undefined {
    return this.#methods.get(nonce);
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
