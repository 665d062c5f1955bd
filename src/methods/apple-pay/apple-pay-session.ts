/**
 * The parts of Apple's `ApplePaySession` API (Apple Pay JS) that the panel uses, typed loosely
 * enough that Safari's object, the demo's simulator and test fakes all fit.
 * @packageDocumentation
 */

/** A line item of a payment request, e.g. its `total`. Amounts are decimal strings such as `10.00`. */
export interface ApplePayLineItemLike {
  /** Shown on the payment sheet, e.g. the merchant's name for the total. */
  label: string;
  /** Decimal string: `-?[0-9]+(\.[0-9]{1,2})?`. */
  amount: string;
  /** `final` by default; `pending` when the amount is not known yet. */
  type?: 'final' | 'pending';
}

/**
 * An Apple Pay payment request, as `new ApplePaySession(version, request)` takes it: the gateway
 * defaults of {@link ApplePay.createPaymentRequest} overlaid by the merchant's fields, which may
 * add any member Apple defines.
 */
export interface ApplePayPaymentRequestLike {
  /** ISO 3166-1 alpha-2 country of the merchant, e.g. `US`. */
  countryCode?: string;
  /** ISO 4217 currency of the amounts, e.g. `USD`. */
  currencyCode?: string;
  /** e.g. `['supports3DS']`. */
  merchantCapabilities?: string[];
  /** Apple's network names, e.g. `['visa', 'masterCard', 'amex', 'discover']`. */
  supportedNetworks?: string[];
  /** The amount to pay; Apple requires it. */
  total?: ApplePayLineItemLike;
  /** Any other member of Apple's request (`lineItems`, `requiredBillingContactFields`…). */
  [member: string]: unknown;
}

/** The event of `onvalidatemerchant`. */
export interface ApplePayValidateMerchantEventLike {
  /** Apple's URL the gateway must start the merchant session with. */
  readonly validationURL: string;
}

/** The card the shopper picked, as Apple describes it in the payment token. */
export interface ApplePayPaymentMethodLike {
  /** e.g. `Visa 0492`. */
  displayName?: string;
  /** e.g. `Visa`, `MasterCard`, `AmEx`, `Discover`. */
  network?: string;
  /** `debit`, `credit`, `prepaid` or `store`. */
  type?: string;
}

/** Apple's payment token: what {@link ApplePay.tokenize} sends to the gateway. */
export interface ApplePayPaymentTokenLike {
  /** The encrypted payment data (`version`, `data`, `signature`, `header`); opaque to the page. */
  paymentData: unknown;
  paymentMethod: ApplePayPaymentMethodLike;
  transactionIdentifier: string;
  /** Apple may add members; they are sent on as they are. */
  [member: string]: unknown;
}

/** A contact on the payment sheet (billing or shipping). */
export interface ApplePayPaymentContactLike {
  givenName?: string;
  familyName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  addressLines?: string[];
  locality?: string;
  administrativeArea?: string;
  postalCode?: string;
  country?: string;
  countryCode?: string;
  [member: string]: unknown;
}

/** The authorized payment. */
export interface ApplePayPaymentLike {
  token: ApplePayPaymentTokenLike;
  billingContact?: ApplePayPaymentContactLike;
  shippingContact?: ApplePayPaymentContactLike;
}

/** The event of `onpaymentauthorized`. */
export interface ApplePayPaymentAuthorizedEventLike {
  readonly payment: ApplePayPaymentLike;
}

/** The event of `oncancel`; newer Safari versions may describe why the session ended. */
export interface ApplePayCancelEventLike {
  readonly sessionError?: unknown;
}

/** What `completePayment` takes: a status constant, or (version 3 and later) a result object. */
export type ApplePayPaymentCompletion = number | { status: number; errors?: unknown[] };

/** One Apple Pay session: a payment sheet from `begin()` until it completes, is cancelled or aborted. */
export interface ApplePaySessionLike {
  /** Shows the payment sheet; `onvalidatemerchant` follows. */
  begin(): void;
  /** Closes the sheet without calling any handler. */
  abort(): void;
  /** Hands Apple the merchant session object that {@link ApplePay.performValidation} answered. */
  completeMerchantValidation(merchantSession: unknown): void;
  /** Ends an authorized payment with `STATUS_SUCCESS` or `STATUS_FAILURE`. */
  completePayment(result: ApplePayPaymentCompletion): void;
  onvalidatemerchant: ((event: ApplePayValidateMerchantEventLike) => void) | null;
  onpaymentauthorized: ((event: ApplePayPaymentAuthorizedEventLike) => void) | null;
  oncancel: ((event: ApplePayCancelEventLike) => void) | null;
}

/** The `ApplePaySession` class. */
export interface ApplePaySessionConstructorLike {
  /**
   * Must be called from a user gesture (a click); throws otherwise, for an unsupported version or
   * for an invalid request.
   */
  new (version: number, paymentRequest: ApplePayPaymentRequestLike): ApplePaySessionLike;
  /** Whether this browser supports a version of Apple Pay JS. */
  supportsVersion(version: number): boolean;
  /** Whether the device can pay with Apple Pay. */
  canMakePayments(): boolean;
  /** Whether the shopper has a card set up for this merchant. */
  canMakePaymentsWithActiveCard?(merchantIdentifier: string): Promise<boolean>;
  /** `0`: the payment succeeded. */
  readonly STATUS_SUCCESS: number;
  /** `1`: the payment failed. */
  readonly STATUS_FAILURE: number;
}

/**
 * The page's `ApplePaySession` class (Safari's, or the demo's simulator), or `undefined` when the
 * browser has none.
 */
export function applePaySessionConstructor(): ApplePaySessionConstructorLike | undefined {
  if (typeof window === 'undefined') return undefined;
  const candidate = (window as { ApplePaySession?: unknown }).ApplePaySession;
  return typeof candidate === 'function' ? (candidate as ApplePaySessionConstructorLike) : undefined;
}
