/**
 * The messages of the PayPal landing page (DESIGN "Frame messages"): after the shopper approves
 * or cancels on the approval page, the gateway sends the popup to the landing page on the assets
 * origin, which hands the answer to the panel in the window that opened the popup, on the panel's
 * channel. Both ends read it with the strict readers: the landing page must stay tiny and the
 * bundle carries no schema library for it.
 * @packageDocumentation
 */
import { INVALID, discriminated, object, oneOf, optional, parseWith, type Reader } from './strict-readers';

/**
 * The landing page's file under `{assetsUrl}/payment-panel/{version}/`. The sandbox's approval page
 * sends the shopper back only to a URL whose path ends so.
 */
export const PAYPAL_LANDING_PAGE = 'html/paypal-landing-frame.html';

/** Longest token or id the approval page hands back (EC and BA tokens, payment and payer ids). */
export const PAYPAL_TOKEN_MAX_LENGTH = 200;

/** Reads a non-empty token of at most {@link PAYPAL_TOKEN_MAX_LENGTH} characters. */
const token: Reader<string> = (value) =>
  typeof value === 'string' && value !== '' && value.length <= PAYPAL_TOKEN_MAX_LENGTH ? value : INVALID;

/** What the approval page answers when the shopper approves a checkout (PROTOCOL §6.2). */
export interface PayPalCheckoutApproval {
  /** The EC token of the payment. */
  paymentToken: string;
  /** The payment id (`PAYID-…`), sent to the gateway as the payment token. */
  paymentID: string;
  /** The payer id PayPal assigned to the shopper. */
  payerID: string;
}

/**
 * What the approval page answers when the shopper approves a billing agreement (PROTOCOL §6.2):
 * the billing-agreement token alone makes an approval a vault approval.
 */
export interface PayPalVaultApproval {
  /** The EC token PayPal pairs with the agreement, when it names one; `tokenize` does not need it. */
  paymentToken?: string | undefined;
  /** The billing-agreement token (`BA-…`). */
  billingToken: string;
  /** The payer id, when PayPal names one. */
  payerID?: string | undefined;
}

/** The shopper's approval, as `tokenize` needs it. */
export type PayPalApproval = PayPalCheckoutApproval | PayPalVaultApproval;

/** A message from the PayPal landing page to the panel. */
export type PayPalLandingMessage =
  // The shopper approved; `version` is the landing page's, which the panel compares with its own.
  | { type: 'paypalApproved'; version: string; data: PayPalApproval }
  // The shopper cancelled on the approval page.
  | { type: 'paypalCancelled'; version: string };

const version = token;

const checkoutApproval = object<PayPalCheckoutApproval>({
  paymentToken: token,
  paymentID: token,
  payerID: token,
});

const vaultApproval = object<PayPalVaultApproval>({
  paymentToken: optional(token),
  billingToken: token,
  payerID: optional(token),
});

/**
 * The presence of `billingToken` picks the shape, so a malformed billing token is refused rather
 * than dropped into a checkout approval.
 */
const approval: Reader<PayPalApproval> = (value) =>
  typeof value === 'object' && value !== null && Object.hasOwn(value, 'billingToken')
    ? vaultApproval(value)
    : checkoutApproval(value);

const landingMessage = discriminated<PayPalLandingMessage>({
  paypalApproved: object({ type: oneOf(['paypalApproved']), version, data: approval }),
  paypalCancelled: object({ type: oneOf(['paypalCancelled']), version }),
});

/**
 * Reads a message of the landing page, or returns `null` for anything that is not exactly one:
 * tokens non-empty and capped, unknown keys dropped.
 */
export function parsePayPalLandingMessage(data: unknown): PayPalLandingMessage | null {
  return parseWith(landingMessage, data);
}

/**
 * Reads the approval page's answer from the landing page's query (`?paymentToken=…&paymentId=…&PayerID=…`,
 * `?billingToken=…&paymentToken=…`, or `?cancelled=1`), as the message the landing page sends,
 * or `null` when the query is neither an approval nor a cancellation. PayPal spells the query
 * `paymentId` and `PayerID`; the message uses checkout.js's `paymentID` and `payerID`.
 */
export function landingMessageFromQuery(search: string, landingVersion: string): PayPalLandingMessage | null {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  if (query.get('cancelled') === '1') return { type: 'paypalCancelled', version: landingVersion };
  const data: Record<string, string> = {};
  const fields = [
    ['paymentToken', 'paymentToken'],
    ['paymentID', 'paymentId'],
    ['payerID', 'PayerID'],
    ['billingToken', 'billingToken'],
  ] as const;
  for (const [key, name] of fields) {
    const value = query.get(name);
    if (value !== null) data[key] = value;
  }
  return parsePayPalLandingMessage({ type: 'paypalApproved', version: landingVersion, data });
}
