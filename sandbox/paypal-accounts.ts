/**
 * `POST …/v1/payment_methods/paypal_accounts`: PayPal's tokenize step (docs/protocol.md, "Tokenizing the
 * account"). Spends a flow the sandbox payer approved and answers a PayPal account nonce; the vault flow of
 * a customer's client token that asks for validation also saves the account to the customer's vault.
 * @packageDocumentation
 */
import { isRecord, jsonReply, validationReply, type FieldError } from './http';
import { paypalUnavailableReply } from './paypal-hermes';
import {
  financingOffered,
  payerInfoFor,
  type CreditFinancingOffered,
  type PayPalFlowRecord,
  type PayPalFlowStore,
} from './paypal-flows';
import { clientApiRoute } from './route';
import { payPalAccountPayload, type PayPalAccountPayload, type PayPalAccountRecord } from './wallet-details';

/** Field group of the validation errors. */
export const ACCOUNT_FIELD_GROUP = 'paypalAccount';

/** Codes of the field errors; the provider's own codes for these are not known. */
export const ACCOUNT_ERROR_CODES = {
  paypalAccount: 'sandbox_paypal_account_required',
  correlationId: 'sandbox_invalid_correlation_id',
  options: 'sandbox_invalid_options',
  token: 'sandbox_invalid_paypal_token',
  unknownToken: 'sandbox_unknown_paypal_token',
  notApproved: 'sandbox_paypal_token_not_approved',
  used: 'sandbox_paypal_token_used',
  payerId: 'sandbox_invalid_payer_id',
  unilateral: 'sandbox_invalid_unilateral',
  intent: 'sandbox_invalid_intent',
} as const;

const INTENTS = ['authorize', 'sale', 'order'];

/** The checked body: the approved flow it spends and whether validation was asked for. */
export interface PayPalAccountInput {
  flow: PayPalFlowRecord;
  validate: boolean;
}

/**
 * `details` of a tokenized PayPal account: the stored details plus the financing offer the payer
 * accepted (PayPal Credit's, or the Pay in 4 plan of Pay Later).
 */
export type TokenizedPayPalAccount = PayPalAccountPayload & {
  details: PayPalAccountPayload['details'] & { creditFinancingOffered?: CreditFinancingOffered };
};

function error(field: keyof typeof ACCOUNT_ERROR_CODES, message: string): FieldError {
  return { field, code: ACCOUNT_ERROR_CODES[field], message };
}

function isToken(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Why an approved flow cannot be spent, or `null` when it can. */
function flowProblem(flow: PayPalFlowRecord | undefined, merchantId: string): FieldError | null {
  if (!flow || flow.merchantId !== merchantId) return error('unknownToken', 'The PayPal token is unknown.');
  if (flow.status === 'tokenized') return error('used', 'The PayPal token has already been tokenized.');
  if (flow.status !== 'approved')
    return error('notApproved', 'The payer has not approved this PayPal token.');
  return null;
}

/**
 * Read `{paypalAccount: {correlationId, options: {validate}, billingAgreementToken}}` (vault) or
 * `{paypalAccount: {correlationId, options: {validate}, paymentToken, payerId, unilateral?, intent?}}`
 * (checkout; `paymentToken` is the payment id of the approval). The token must be an approved,
 * unspent flow of the merchant, `correlationId` its billing-agreement token (vault) or EC token
 * (checkout), `payerId` the approving payer's.
 */
export function readPayPalAccount(
  body: unknown,
  flows: PayPalFlowStore,
  merchantId: string,
): { ok: true; input: PayPalAccountInput } | { ok: false; errors: FieldError[] } {
  const account = isRecord(body) ? body.paypalAccount : undefined;
  if (!isRecord(account))
    return { ok: false, errors: [error('paypalAccount', 'paypalAccount must be an object.')] };
  const errors: FieldError[] = [];
  const { correlationId, options, billingAgreementToken, paymentToken, payerId, unilateral, intent } =
    account;

  if (!isToken(correlationId)) errors.push(error('correlationId', 'correlationId is required.'));
  if (!isRecord(options) || typeof options.validate !== 'boolean') {
    errors.push(error('options', 'options.validate must be a boolean.'));
  }

  let flow: PayPalFlowRecord | undefined;
  const isVault = billingAgreementToken !== undefined;
  if (isVault) {
    if (!isToken(billingAgreementToken) || paymentToken !== undefined || payerId !== undefined) {
      errors.push(error('token', 'Send either billingAgreementToken or paymentToken and payerId, not both.'));
    } else {
      const found = flows.get(billingAgreementToken);
      const problem = flowProblem(found?.kind === 'vault' ? found : undefined, merchantId);
      if (problem) errors.push(problem);
      else flow = found;
    }
  } else if (!isToken(paymentToken) || !isToken(payerId)) {
    errors.push(error('token', 'Send either billingAgreementToken or paymentToken and payerId.'));
  } else {
    const found = flows.findByPaymentId(paymentToken);
    const problem = flowProblem(found, merchantId);
    if (problem) errors.push(problem);
    else if (found?.payerId !== payerId) errors.push(error('payerId', 'payerId is not the approving payer.'));
    else flow = found;
  }
  if (!isVault && unilateral !== undefined && typeof unilateral !== 'boolean') {
    errors.push(error('unilateral', 'unilateral must be a boolean.'));
  }
  if (!isVault && intent !== undefined && !INTENTS.includes(intent as string)) {
    errors.push(error('intent', `intent must be one of ${INTENTS.join(', ')}.`));
  }
  if (flow && isToken(correlationId)) {
    const expected = flow.kind === 'vault' ? flow.token : flow.ecToken;
    if (correlationId !== expected) {
      errors.push(
        error(
          'correlationId',
          `correlationId must be the ${flow.kind === 'vault' ? 'billing-agreement' : 'EC'} token of the approval.`,
        ),
      );
    }
  }

  if (errors.length > 0 || !flow || !isRecord(options)) return { ok: false, errors };
  return { ok: true, input: { flow, validate: options.validate === true } };
}

/**
 * `POST …/v1/payment_methods/paypal_accounts`, any authorization: 201 `{paypalAccounts: [account]}`
 * with `details.creditFinancingOffered` when the flow offered PayPal Credit or the payer chose Pay in 4; 422 for a merchant
 * without (linked) PayPal, an invalid body, or a token that is unknown, not approved or already used.
 */
export const paypalAccountsRoute = clientApiRoute(
  'paypalAccounts',
  'any',
  ({ body, merchant, auth, state }) => {
    const unavailable = paypalUnavailableReply(merchant);
    if (unavailable) return unavailable;
    const read = readPayPalAccount(body, state.paypal, merchant.merchantId);
    if (!read.ok) return validationReply(read.errors, ACCOUNT_FIELD_GROUP);
    const { flow, validate } = read.input;
    state.paypal.spend(flow);

    const payerInfo = payerInfoFor(flow);
    const record: PayPalAccountRecord = { email: payerInfo.email, payerInfo };
    const claims = auth.kind === 'clientToken' ? auth.claims : null;
    const customerId = claims?.customerId ?? null;
    let vaultToken: string | null = null;
    if (flow.kind === 'vault' && validate && claims && customerId !== null) {
      const customer = state.vault.customer(merchant.merchantId, customerId);
      vaultToken = state.vault.addPayPalAccount(customer, record, claims.makeDefault).token;
    }
    const stored = state.nonces.mint({
      type: 'PayPalAccount',
      merchantId: merchant.merchantId,
      customerId,
      vaultToken,
      account: record,
    });
    const payload = payPalAccountPayload(record, stored.nonce);
    const offered = financingOffered(flow);
    const tokenized: TokenizedPayPalAccount = offered
      ? { ...payload, details: { ...payload.details, creditFinancingOffered: offered } }
      : payload;
    return jsonReply(201, { paypalAccounts: [tokenized] });
  },
);
