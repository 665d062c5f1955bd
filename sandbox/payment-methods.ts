/**
 * `GET …/v1/payment_methods`: the customer's vaulted methods (docs/protocol.md, "Saved payment methods"),
 * default first, each under a fresh nonce.
 * @packageDocumentation
 */
import { creditCardPayload, type CreditCardPayload } from './card-details';
import { jsonReply } from './http';
import type { NonceStore } from './nonces';
import { clientApiRoute } from './route';
import type { Customer, Vault, VaultedMethod } from './vault';
import {
  androidPayCardPayload,
  applePayCardPayload,
  payPalAccountPayload,
  venmoAccountPayload,
  type AndroidPayCardPayload,
  type ApplePayCardPayload,
  type PayPalAccountPayload,
  type VenmoAccountPayload,
} from './wallet-details';

/** What a listed card says: the list leaves out what only tokenization answers (BIN, expiry, holder). */
export interface VaultedCreditCardPayload extends Omit<CreditCardPayload, 'details'> {
  details: Pick<CreditCardPayload['details'], 'cardType' | 'lastTwo' | 'lastFour' | 'bin'>;
}

/** One entry of the `paymentMethods` answer: `{type, nonce, description, default, details, binData?}`. */
export type VaultedPaymentMethod = (
  | VaultedCreditCardPayload
  | PayPalAccountPayload
  | ApplePayCardPayload
  | Omit<AndroidPayCardPayload, 'consumed'>
  | VenmoAccountPayload
) & {
  default: boolean;
};

/** The list entry of a saved method, under a nonce minted for it. */
export function listEntry(
  saved: VaultedMethod,
  nonces: NonceStore,
  owner: { merchantId: string; customerId: string },
): VaultedPaymentMethod {
  const base = { ...owner, vaultToken: saved.token };
  switch (saved.type) {
    case 'CreditCard': {
      const { nonce } = nonces.mint({ ...base, type: 'CreditCard', card: saved.card });
      const { details, ...payload } = creditCardPayload(saved.card, nonce);
      const { cardType, lastTwo, lastFour, bin } = details;
      return { ...payload, details: { cardType, lastTwo, lastFour, bin }, default: saved.default };
    }
    case 'PayPalAccount': {
      const { nonce } = nonces.mint({ ...base, type: 'PayPalAccount', account: saved.account });
      return { ...payPalAccountPayload(saved.account, nonce), default: saved.default };
    }
    case 'ApplePayCard': {
      const { nonce } = nonces.mint({ ...base, type: 'ApplePayCard', card: saved.card });
      return { ...applePayCardPayload(saved.card, nonce), default: saved.default };
    }
    case 'AndroidPayCard': {
      const { nonce } = nonces.mint({ ...base, type: 'AndroidPayCard', card: saved.card });
      // The list says nothing of spending: `consumed` is the token's.
      const payload: Partial<AndroidPayCardPayload> = androidPayCardPayload(saved.card, nonce);
      delete payload.consumed;
      return { ...(payload as Omit<AndroidPayCardPayload, 'consumed'>), default: saved.default };
    }
    case 'VenmoAccount': {
      const { nonce } = nonces.mint({ ...base, type: 'VenmoAccount', account: saved.account });
      return { ...venmoAccountPayload(saved.account, nonce), default: saved.default };
    }
  }
}

/**
 * The customer's saved methods in the order the list answers them: the default first when the
 * query's `defaultFirst` is `1` (or `true`), as the gateway does; otherwise in the order they were
 * saved.
 */
export function listOrder(vault: Vault, customer: Customer, query: Record<string, string>): VaultedMethod[] {
  const defaultFirst = query.defaultFirst === '1' || query.defaultFirst === 'true';
  return defaultFirst ? vault.defaultFirst(customer) : [...customer.methods];
}

/**
 * `GET …/v1/payment_methods`: client token only (a tokenization key gets 403); a token without a
 * customer gets an empty list; the methods in {@link listOrder}.
 */
export const paymentMethodsRoute = clientApiRoute(
  'paymentMethods',
  'clientToken',
  ({ merchant, auth, state, query }) => {
    const customerId = auth.kind === 'clientToken' ? auth.claims.customerId : null;
    const customer =
      customerId === null ? undefined : state.vault.findCustomer(merchant.merchantId, customerId);
    const paymentMethods: VaultedPaymentMethod[] = customer
      ? listOrder(state.vault, customer, query).map((saved) =>
          listEntry(saved, state.nonces, {
            merchantId: merchant.merchantId,
            customerId: customer.customerId,
          }),
        )
      : [];
    return jsonReply(200, { paymentMethods });
  },
);
