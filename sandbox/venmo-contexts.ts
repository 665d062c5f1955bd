/**
 * Venmo payment contexts (docs/sandbox.md, "Venmo in the sandbox"): what `CreateVenmoPaymentContext`
 * makes, the Venmo stand-in pages answer and the status query reads. A context lives
 * `VENMO_TEST_VALUES.contextLifetimeMs` (5 minutes); its status moves `CREATED` → `SCANNED` → `APPROVED`,
 * or to `CANCELED` or `FAILED` from either of the first two, and reads `EXPIRED` once `expiresAt` is
 * past while it waited. Nothing moves back. Each partition keeps its own contexts.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { VENMO_TEST_VALUES } from './test-values';

/** A payment context's status, as the GraphQL API spells it. */
export type VenmoContextStatus = 'CREATED' | 'SCANNED' | 'APPROVED' | 'CANCELED' | 'FAILED' | 'EXPIRED';

/** Statuses a context still waits in: the shopper has not answered. */
const WAITING: readonly VenmoContextStatus[] = ['CREATED', 'SCANNED'];

/** An amount of `transactionDetails`, as sent. */
export interface VenmoLineItem {
  name: string;
  quantity: number;
  unitAmount: string;
  type: 'DEBIT' | 'CREDIT';
  description?: string;
  productCode?: string;
  unitTaxAmount?: string;
  url?: string;
}

/** What `CreateVenmoPaymentContext`'s input asked for, as the sandbox keeps it. */
export interface NewVenmoContext {
  /** The gateway merchant whose credential made it. */
  merchantId: string;
  /** The merchant's id at Venmo (`merchantProfileId`, else the configuration's `payWithVenmo.merchantId`). */
  venmoMerchantId: string;
  /**
   * A QR code payment context, the older operations' (`CreateVenmoQRCodePaymentContext`), which clients
   * without a `paymentMethodUsage` make: the GraphQL type `VenmoQRCodePaymentContext`, with neither usage nor client.
   */
  legacy: boolean;
  paymentMethodUsage: 'SINGLE_USE' | 'MULTI_USE' | null;
  intent: 'CONTINUE' | 'PAY_FROM_APP';
  customerClient: 'MOBILE_WEB' | 'NATIVE_WEB' | 'DESKTOP' | null;
  isFinalAmount: boolean;
  displayName: string | null;
  collectCustomerBillingAddress: boolean;
  collectCustomerShippingAddress: boolean;
  /** `paysheetDetails.transactionDetails`, amounts as sent. */
  transactionDetails: {
    subTotalAmount?: string;
    discountAmount?: string;
    taxAmount?: string;
    shippingAmount?: string;
    totalAmount?: string;
    lineItems?: VenmoLineItem[];
  } | null;
}

/** A payment context of the store. */
export interface VenmoContext extends NewVenmoContext {
  /** The GraphQL node id. */
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The status as last set; {@link VenmoContextStore.status} tells an expired one. */
  status: VenmoContextStatus;
  /** Set on approval: the Venmo nonce. */
  paymentMethodId: string | null;
  /** Set on approval: the Venmo user's name, without `@`. */
  userName: string | null;
}

/** A context's id: a GraphQL node id, base64url of its type and a random id, safe in any query. */
function newContextId(): string {
  return Buffer.from(`VenmoPaymentContext:${randomUUID()}`).toString('base64url');
}

/** The payment contexts of one partition. */
export class VenmoContextStore {
  readonly #contexts = new Map<string, VenmoContext>();
  readonly #now: () => number;

  /** @param now - the clock the store reads expiry with (the tests move it) */
  constructor(now: () => number = () => Date.now()) {
    this.#now = now;
  }

  /** A new context, `CREATED`, expiring {@link VENMO_TEST_VALUES}`.contextLifetimeMs` from now. */
  create(context: NewVenmoContext): VenmoContext {
    const created = this.#now();
    const record: VenmoContext = {
      ...context,
      id: newContextId(),
      createdAt: new Date(created).toISOString(),
      expiresAt: new Date(created + VENMO_TEST_VALUES.contextLifetimeMs).toISOString(),
      status: 'CREATED',
      paymentMethodId: null,
      userName: null,
    };
    this.#contexts.set(record.id, record);
    return record;
  }

  /** The context of an id, if known. */
  get(id: unknown): VenmoContext | undefined {
    return typeof id === 'string' ? this.#contexts.get(id) : undefined;
  }

  /** The context's status now: `EXPIRED` once `expiresAt` is past while it waited. */
  status(context: VenmoContext): VenmoContextStatus {
    if (WAITING.includes(context.status) && this.#now() > Date.parse(context.expiresAt)) {
      context.status = 'EXPIRED';
    }
    return context.status;
  }

  /** Whether the context still waits for the shopper (neither answered nor expired). */
  isWaiting(context: VenmoContext): boolean {
    return WAITING.includes(this.status(context));
  }

  /** The Venmo app opened a waiting context (a scanned QR code, the web login). */
  scan(context: VenmoContext): void {
    if (this.status(context) === 'CREATED') context.status = 'SCANNED';
  }

  /** The shopper approved a waiting context: the nonce and the user's name go with it. */
  approve(context: VenmoContext, nonce: string, userName: string): void {
    context.status = 'APPROVED';
    context.paymentMethodId = nonce;
    context.userName = userName;
  }

  /** A waiting context ends without a payment method. */
  end(context: VenmoContext, status: 'CANCELED' | 'FAILED' | 'EXPIRED'): void {
    context.status = status;
  }

  /** Forget every context. */
  clear(): void {
    this.#contexts.clear();
  }

  /** How many contexts are known. */
  get size(): number {
    return this.#contexts.size;
  }
}
