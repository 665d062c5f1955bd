/**
 * `GET …/v1/payment_methods`: the customer's vaulted methods (PROTOCOL §5), default first, each
 * under a fresh nonce.
 * @packageDocumentation
 */
import { creditCardPayload, type CreditCardPayload } from './card-details';
import { jsonReply } from './http';
import { clientApiRoute } from './route';

/** One entry of the `paymentMethods` answer. */
export interface VaultedPaymentMethod extends CreditCardPayload {
  default: boolean;
}

/**
 * `GET …/v1/payment_methods`: client token only (a tokenization key gets 403); a token without a
 * customer gets an empty list.
 */
export const paymentMethodsRoute = clientApiRoute(
  'paymentMethods',
  'clientToken',
  ({ merchant, auth, state }) => {
    const customerId = auth.kind === 'clientToken' ? auth.claims.customerId : null;
    const customer =
      customerId === null ? undefined : state.vault.findCustomer(merchant.merchantId, customerId);
    const paymentMethods: VaultedPaymentMethod[] = (customer ? state.vault.defaultFirst(customer) : []).map(
      (saved) => {
        const stored = state.nonces.mint({
          type: 'CreditCard',
          merchantId: merchant.merchantId,
          customerId,
          vaultToken: saved.token,
          card: saved.card,
        });
        return { ...creditCardPayload(saved.card, stored.nonce), default: saved.default };
      },
    );
    return jsonReply(200, { paymentMethods });
  },
);
