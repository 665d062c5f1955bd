/**
 * The pages of PayPal's approval popup on the assets origin and the one message they send.
 *
 * The popup opens at the landing page (a page that only says PayPal is on its way), is sent to
 * PayPal's approval page, and PayPal sends it back to the return page (`returnUrl`) or the cancel
 * page (`cancelUrl`) the panel named when it created the payment, adding its own parameters to the
 * query. The return and cancel pages hand the answer to the panel in the window that opened the
 * popup, on the panel's channel (docs/paypal.md, "The flow"). Both ends read the message
 * with the strict readers: the pages must stay tiny and the bundle carries no schema library for it.
 *
 * Also the address as PayPal writes it, which the merchant's `shippingAddressOverride` and PayPal's
 * `payerInfo.shippingAddress` share.
 * @packageDocumentation
 */
import {
  discriminated,
  object,
  optional,
  parseWith,
  refine,
  string,
  type Infer,
  type ObjectOf,
} from './strict-readers';
import { byKey } from './strict-readers-more';

/** The landing page's file under `{assetsUrl}/payment-panel/{version}/`: where the popup opens. */
export const PAYPAL_LANDING_PAGE = 'html/paypal-landing-frame.html';

/** The return page's file under `{assetsUrl}/payment-panel/{version}/`: PayPal's `returnUrl`. */
export const PAYPAL_RETURN_PAGE = 'html/paypal-redirect-frame.html';

/** The cancel page's file under `{assetsUrl}/payment-panel/{version}/`: PayPal's `cancelUrl`. */
export const PAYPAL_CANCEL_PAGE = 'html/paypal-cancel-frame.html';

/** Longest token or id PayPal hands back (EC and BA tokens, payment and payer ids). */
export const PAYPAL_TOKEN_MAX_LENGTH = 200;

/** Reads a non-empty token of at most {@link PAYPAL_TOKEN_MAX_LENGTH} characters. */
const token = refine(
  string(PAYPAL_TOKEN_MAX_LENGTH),
  `a token of 1 to ${PAYPAL_TOKEN_MAX_LENGTH} characters`,
  (value) => value !== '',
);

/** Reads what PayPal adds to `returnUrl` when the shopper approves a checkout, in PayPal's spelling. */
const checkoutReturn = object({
  /** The payment id, sent to the gateway as the payment token. */
  paymentId: token,
  /** The EC token of the payment the panel created. */
  token,
  /** The payer id PayPal assigned to the shopper. */
  PayerID: token,
});

/**
 * Reads what PayPal adds to `returnUrl` when the shopper approves a billing agreement, in PayPal's
 * spelling: `ba_token` alone makes a return a vault return.
 */
const vaultReturn = object({
  /** The billing-agreement token (`BA-…`) of the agreement the panel set up. */
  ba_token: token,
  /** The token PayPal pairs with the agreement, when it names one; tokenize does not need it. */
  token: optional(token),
});

/** What PayPal adds to `returnUrl` when the shopper approves a checkout. */
export type PayPalCheckoutReturn = Infer<typeof checkoutReturn>;

/** What PayPal adds to `returnUrl` when the shopper approves a billing agreement. */
export type PayPalVaultReturn = Infer<typeof vaultReturn>;

/**
 * Reads the shopper's approval as PayPal returned it. The presence of `ba_token` picks the shape,
 * so a malformed agreement token is refused rather than dropped into a checkout return.
 */
const paypalReturn = byKey('ba_token', vaultReturn, checkoutReturn);

/** The shopper's approval as PayPal returned it. */
export type PayPalReturn = Infer<typeof paypalReturn>;

/** Reads the message of the return page (an approval) or of the cancel page (a cancellation). */
export const paypalReturnMessage = discriminated({
  // The shopper approved; `version` is the return page's, which the panel compares with its own.
  paypalApproved: { version: token, data: paypalReturn },
  // The shopper cancelled on the approval page.
  paypalCancelled: { version: token },
});

/** The message of the return page (an approval) or of the cancel page (a cancellation). */
export type PayPalReturnMessage = Infer<typeof paypalReturnMessage>;

/**
 * Reads a message of the return or cancel page, or returns `null` for anything that is not
 * exactly one: tokens non-empty and capped, unknown keys dropped.
 */
export function parsePayPalReturnMessage(data: unknown): PayPalReturnMessage | null {
  return parseWith(paypalReturnMessage, data);
}

/** The query keys PayPal adds to `returnUrl`; the panel's own keys there are left alone. */
const RETURN_KEYS = ['paymentId', 'token', 'PayerID', 'ba_token'] as const;

/**
 * Reads PayPal's answer from the return page's query (`…&paymentId=…&token=EC-…&PayerID=…` for a
 * checkout, `…&ba_token=BA-…&token=…` for an agreement) as the message the return page sends, or
 * `null` when the query holds no approval.
 */
export function returnMessageFromQuery(search: string, pageVersion: string): PayPalReturnMessage | null {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const data: Record<string, string> = {};
  for (const key of RETURN_KEYS) {
    const value = query.get(key);
    if (value !== null) data[key] = value;
  }
  return parsePayPalReturnMessage({ type: 'paypalApproved', version: pageVersion, data });
}

/** The cancel page's message: whatever PayPal added to `cancelUrl`, the shopper cancelled. */
export function cancelMessage(pageVersion: string): PayPalReturnMessage {
  return { type: 'paypalCancelled', version: pageVersion };
}

/**
 * The fields of {@link PayPalAddress}, each text, in the order a checkout's body carries them. Both
 * ends read an address field by field (a field that is not text is left out, or refused by the
 * sandbox), so the declaration is of its keys.
 */
const PAYPAL_ADDRESS_FIELDS = {
  /** First line. */
  line1: optional(string()),
  /** Second line. */
  line2: optional(string()),
  city: optional(string()),
  /** State or region, e.g. `CA`. */
  state: optional(string()),
  postalCode: optional(string()),
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  countryCode: optional(string()),
  phone: optional(string()),
  /** Who receives the order. */
  recipientName: optional(string()),
};

/**
 * An address as PayPal writes it: the shipping address a merchant sets in place of the shopper's
 * (`shippingAddressOverride`), and the one PayPal reports for the payer.
 */
export type PayPalAddress = ObjectOf<typeof PAYPAL_ADDRESS_FIELDS>;

/** The keys of {@link PayPalAddress}. */
export const PAYPAL_ADDRESS_KEYS = Object.keys(PAYPAL_ADDRESS_FIELDS) as (keyof PayPalAddress)[];
