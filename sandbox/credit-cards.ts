/**
 * `POST …/v1/payment_methods/credit_cards`: card tokenization (docs/protocol.md, "Card tokenization").
 * Answers a single-use nonce, or vaults the card when a customer-bound client token asks for `validate:
 * true`.
 * @packageDocumentation
 */
import { creditCardPayload, type CardRecord, type CreditCardPayload } from './card-details';
import { CARD_ERRORS, readCreditCard } from './card-input';
import { jsonReply, validationReply } from './http';
import { clientApiRoute } from './route';
import { verificationFailureReply, verifyCard } from './verification';

/** One entry of the `creditCards` answer. */
export interface TokenizedCreditCard extends CreditCardPayload {
  threeDSecureInfo: null;
  consumed: false;
}

/** `POST …/v1/payment_methods/credit_cards`, any authorization. */
export const creditCardsRoute = clientApiRoute('creditCards', 'any', ({ body, merchant, auth, state }) => {
  const input = readCreditCard(body, merchant);
  if (!input.ok) return validationReply(input.errors);
  // The vault and the nonce store keep no CVV or postal code, as a real vault would not.
  const { number, cardType, expirationMonth, expirationYear, cardholderName } = input.card;
  const record: CardRecord = { number, cardType, expirationMonth, expirationYear, cardholderName };
  const claims = auth.kind === 'clientToken' ? auth.claims : null;
  const customerId = claims?.customerId ?? null;

  let vaultToken: string | null = null;
  if (input.validate && claims && customerId !== null) {
    const customer = state.vault.customer(merchant.merchantId, customerId);
    if (claims.failOnDuplicatePaymentMethod && state.vault.hasCardNumber(customer, record.number)) {
      return validationReply([CARD_ERRORS.duplicate]);
    }
    if (claims.verifyCard) {
      const failure = verificationFailureReply(verifyCard(input.card));
      if (failure) return failure;
    }
    vaultToken = state.vault.addCard(customer, record, claims.makeDefault).token;
  }

  const stored = state.nonces.mint({
    type: 'CreditCard',
    merchantId: merchant.merchantId,
    customerId,
    vaultToken,
    card: record,
  });
  const tokenized: TokenizedCreditCard = {
    ...creditCardPayload(record, stored.nonce),
    threeDSecureInfo: null,
    consumed: false,
  };
  return jsonReply(201, { creditCards: [tokenized] });
});
