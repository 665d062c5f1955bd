/**
 * The PayPal side of the sandbox: the flows the hermes endpoints create (docs/protocol.md, "PayPal"), the
 * sandbox payer who approves them on the approval page, the credit offer PayPal Credit makes, and the
 * Pay in 4 plan Pay Later offers an eligible checkout.
 * A flow moves from `created` to `approved` or `cancelled` on the approval page, and from
 * `approved` to `tokenized` when `paypal_accounts` spends it; nothing moves back.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { PAYPAL_CREDIT_TERM_MONTHS, PAYPAL_PAY_IN_4, PAYPAL_SANDBOX_PAYER } from './test-values';
import type { PayPalAddress } from '../src/shared/paypal-messages';
import type { PayerInfo } from './wallet-details';

/** The two flows: one payment (`create_payment_resource`) or a billing agreement (`setup_billing_agreement`). */
export type PayPalFlowKind = 'checkout' | 'vault';

/** Where a flow stands. */
export type PayPalFlowStatus = 'created' | 'approved' | 'cancelled' | 'tokenized';

/** What create payment asked for, as the sandbox keeps it. */
export interface NewPayPalFlow {
  kind: PayPalFlowKind;
  merchantId: string;
  /** Name the approval page shows: `experienceProfile.brandName`, else the merchant's PayPal display name. */
  brandName: string;
  offerPaypalCredit: boolean;
  /** `offerPayLater: true`: the approval page offers Pay in 4 when the checkout is eligible. */
  offerPayLater: boolean;
  /** `experienceProfile.noShipping`: no shipping address is collected. */
  noShipping: boolean;
  /** The merchant's shipping address (flattened keys of a checkout, `shippingAddress` of a vault). */
  shippingAddress: PayPalAddress | null;
  /** Checkout only: amount as sent, e.g. `"10.00"`. */
  amount: string | null;
  /** Checkout only: ISO currency. */
  currency: string | null;
  /** Checkout only: `sale` unless the request named another intent. */
  intent: 'authorize' | 'sale' | 'order' | null;
  /** Vault only: the billing agreement's description. */
  description: string | null;
  /** Where the approval page sends the shopper who approves, as create payment named it. */
  returnUrl: string;
  /** Where the approval page sends the shopper who cancels, as create payment named it. */
  cancelUrl: string;
  /**
   * Origin of the page that created the flow (the create call's `Origin` header), the only page the
   * answer page hands the answer of a flow with PayPal's script placeholders to; `null` when the call
   * named none (a merchant's server, a sandboxed frame).
   */
  merchantOrigin: string | null;
}

/** A flow of the store. */
export interface PayPalFlowRecord extends NewPayPalFlow {
  /** The flow token: `EC-…` for a checkout, `BA-…` for a vault. */
  token: string;
  /** The EC token: the flow token of a checkout, a token paired with the agreement of a vault. */
  ecToken: string;
  status: PayPalFlowStatus;
  /** Set on approval of a checkout: `PAYID-…`, what tokenize sends as `paymentToken`. */
  paymentId: string | null;
  /** Set on approval: the payer's id. */
  payerId: string | null;
  /** Set on approval: `true` when the payer chose Pay in 4 (an eligible checkout offering Pay Later). */
  payIn4: boolean;
}

/** The sandbox payer: whoever approves on the approval page is this PayPal account. */
export const SANDBOX_PAYER: PayerInfo = {
  email: PAYPAL_SANDBOX_PAYER.email,
  firstName: PAYPAL_SANDBOX_PAYER.firstName,
  lastName: PAYPAL_SANDBOX_PAYER.lastName,
  payerId: PAYPAL_SANDBOX_PAYER.payerId,
  countryCode: PAYPAL_SANDBOX_PAYER.countryCode,
};

/** The address PayPal has on file for the sandbox payer, used when the merchant sets none. */
export const SANDBOX_PAYER_ADDRESS: PayPalAddress = { ...PAYPAL_SANDBOX_PAYER.address };

/** Term of the sandbox's PayPal Credit offer, in months. */
export const CREDIT_TERM_MONTHS = PAYPAL_CREDIT_TERM_MONTHS;

/** What PayPal Credit offered, as `details.creditFinancingOffered`. */
export interface CreditFinancingOffered {
  totalCost: { value: string; currency: string };
  term: number;
  monthlyPayment: { value: string; currency: string };
  totalInterest: { value: string; currency: string };
  payerAcceptance: boolean;
  cartAmountImmutable: boolean;
}

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case letters and digits, as PayPal's tokens and ids are made of. */
function randomCode(length: number): string {
  return Array.from(randomBytes(length), (byte) => TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length]).join('');
}

/**
 * The sandbox's interest-free offer over {@link CREDIT_TERM_MONTHS} months for the flow's amount.
 * A billing agreement has no amount, so its offer is for none.
 */
export function creditOffer(flow: Pick<PayPalFlowRecord, 'amount' | 'currency'>): CreditFinancingOffered {
  const currency = flow.currency ?? 'USD';
  const cents = Math.round(Number(flow.amount ?? '0') * 100);
  const money = (value: number) => ({ value: (value / 100).toFixed(2), currency });
  return {
    totalCost: money(cents),
    term: CREDIT_TERM_MONTHS,
    monthlyPayment: money(Math.ceil(cents / CREDIT_TERM_MONTHS)),
    totalInterest: money(0),
    payerAcceptance: true,
    cartAmountImmutable: false,
  };
}

/**
 * Whether the approval page offers Pay in 4 for a flow: a checkout created with `offerPayLater: true`
 * for an amount in {@link PAYPAL_PAY_IN_4}'s currency from its `min` to its `max`, both included.
 */
export function payIn4Eligible(
  flow: Pick<PayPalFlowRecord, 'kind' | 'offerPayLater' | 'amount' | 'currency'>,
): boolean {
  if (flow.kind !== 'checkout' || !flow.offerPayLater || flow.currency !== PAYPAL_PAY_IN_4.currency) {
    return false;
  }
  const cents = Math.round(Number(flow.amount) * 100);
  return cents >= Number(PAYPAL_PAY_IN_4.min) * 100 && cents <= Number(PAYPAL_PAY_IN_4.max) * 100;
}

/**
 * The Pay in 4 plan for a checkout's amount, as `details.creditFinancingOffered`: four interest-free
 * payments that add up to the amount. `monthlyPayment` is each regular payment, the amount divided
 * by four and rounded down to the cent; the first payment carries the cents left over, as PayPal's
 * does, so `totalCost` is the amount and `totalInterest` zero.
 */
export function payIn4Offer(flow: Pick<PayPalFlowRecord, 'amount' | 'currency'>): CreditFinancingOffered {
  const currency = flow.currency ?? PAYPAL_PAY_IN_4.currency;
  const cents = Math.round(Number(flow.amount ?? '0') * 100);
  const money = (value: number) => ({ value: (value / 100).toFixed(2), currency });
  return {
    totalCost: money(cents),
    term: PAYPAL_PAY_IN_4.payments,
    monthlyPayment: money(Math.floor(cents / PAYPAL_PAY_IN_4.payments)),
    totalInterest: money(0),
    payerAcceptance: true,
    cartAmountImmutable: false,
  };
}

/**
 * The financing offer an approved flow's account carries, if any: the Pay in 4 plan the payer
 * chose, else PayPal Credit's offer when the flow offered credit.
 */
export function financingOffered(flow: PayPalFlowRecord): CreditFinancingOffered | null {
  if (flow.payIn4) return payIn4Offer(flow);
  return flow.offerPaypalCredit ? creditOffer(flow) : null;
}

/** The payer info PayPal reports for an approved flow: the sandbox payer, with an address when one is collected. */
export function payerInfoFor(flow: PayPalFlowRecord): PayerInfo {
  const payerInfo: PayerInfo = { ...SANDBOX_PAYER };
  if (!flow.noShipping || flow.shippingAddress) {
    payerInfo.shippingAddress = { ...(flow.shippingAddress ?? SANDBOX_PAYER_ADDRESS) };
  }
  return payerInfo;
}

/** The PayPal flows of one gateway instance, by token. */
export class PayPalFlowStore {
  readonly #flows = new Map<string, PayPalFlowRecord>();

  /** Remember a new flow under fresh tokens. */
  create(flow: NewPayPalFlow): PayPalFlowRecord {
    const ecToken = `EC-${randomCode(17)}`;
    const record: PayPalFlowRecord = {
      ...flow,
      token: flow.kind === 'checkout' ? ecToken : `BA-${randomCode(17)}`,
      ecToken,
      status: 'created',
      paymentId: null,
      payerId: null,
      payIn4: false,
    };
    this.#flows.set(record.token, record);
    return record;
  }

  /** The flow of a flow token (`EC-…` of a checkout, `BA-…` of a vault), if known. */
  get(token: string): PayPalFlowRecord | undefined {
    return this.#flows.get(token);
  }

  /** The checkout whose approval produced this payment id, if any. */
  findByPaymentId(paymentId: string): PayPalFlowRecord | undefined {
    for (const flow of this.#flows.values()) if (flow.paymentId === paymentId) return flow;
    return undefined;
  }

  /**
   * The sandbox payer approves a created flow; a checkout gets its payment id.
   * @param payIn4 - the payer chose Pay in 4; only an eligible flow ({@link payIn4Eligible}) takes it
   */
  approve(flow: PayPalFlowRecord, payIn4 = false): void {
    flow.status = 'approved';
    flow.payIn4 = payIn4 && payIn4Eligible(flow);
    flow.payerId = SANDBOX_PAYER.payerId;
    if (flow.kind === 'checkout') flow.paymentId = `PAYID-${randomCode(24)}`;
  }

  /** The shopper cancels a created flow. */
  cancel(flow: PayPalFlowRecord): void {
    flow.status = 'cancelled';
  }

  /** `paypal_accounts` spends an approved flow. */
  spend(flow: PayPalFlowRecord): void {
    flow.status = 'tokenized';
  }

  /** Forget every flow. */
  clear(): void {
    this.#flows.clear();
  }

  /** How many flows are known. */
  get size(): number {
    return this.#flows.size;
  }
}
