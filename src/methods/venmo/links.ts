/**
 * The links to Venmo and the way back (docs/venmo.md, "How a payment goes"): the app switch's URL
 * with its query in the provider's order, the desktop QR code's and web login's, and the result
 * Venmo leaves in the return URL's hash.
 * @packageDocumentation
 */
import type { AnalyticsMetadata } from '../../client';

/** The configuration's Venmo settings a link carries. */
export interface VenmoMerchant {
  merchantId: string;
  accessToken: string;
  environment: string;
}

/** What every link to Venmo carries. */
export interface VenmoLinkOptions {
  /** The Venmo page: the app's link, its web page or its web login. */
  base: string;
  merchant: VenmoMerchant;
  /** The Venmo profile paid instead of the configuration's merchant. */
  profileId?: string | undefined;
  /** The panel's analytics metadata: `braintree_sdk_data`. */
  metadata: Pick<AnalyticsMetadata, 'sdkVersion' | 'integration' | 'platform' | 'sessionId'>;
  /** The payment context, when one exists. */
  contextId?: string | undefined;
  /**
   * A context made for the return's sake alone (in a frame, or with a manual return, but no
   * `paymentMethodUsage`): the provider's older flow, which names it in the access token too.
   */
  legacyContext?: boolean | undefined;
}

/** `braintree_sdk_data`: the SDK's metadata as base64 JSON. */
function sdkData({ metadata }: VenmoLinkOptions): string {
  const { sdkVersion: version, integration, platform, sessionId } = metadata;
  return btoa(JSON.stringify({ _meta: { version, integration, platform, sessionId } }));
}

/** The query's tail every link ends with: the merchant, its token, its environment, the SDK's data. */
function merchantQuery(options: VenmoLinkOptions): [string, string][] {
  const { merchant, profileId, contextId, legacyContext } = options;
  const token =
    legacyContext && contextId ? `${merchant.accessToken}|pcid:${contextId}` : merchant.accessToken;
  return [
    ['braintree_merchant_id', profileId ?? merchant.merchantId],
    ['braintree_access_token', token],
    ['braintree_environment', merchant.environment],
    ['braintree_sdk_data', sdkData(options)],
  ];
}

function link(base: string, query: [string, string][]): string {
  return `${base}?${new URLSearchParams(query).toString()}`;
}

/**
 * The app switch's URL: `resource_id` (with a context), `x-success`, `x-cancel`, `x-error` (the
 * return URL with `#venmoSuccess=1`, `#venmoCancel=1`, `#venmoError=1`), `allowAndroidRecreation`,
 * `ua`, then the merchant's part, in this order.
 */
export function appSwitchUrl(
  options: VenmoLinkOptions & {
    /** Where Venmo returns the shopper, without a hash. */
    returnUrl: string;
    /** `false` (`0`) when the page must come back in the same tab. */
    allowAndroidRecreation: boolean;
    userAgent: string;
  },
): string {
  const { contextId, returnUrl } = options;
  return link(options.base, [
    ...(contextId ? ([['resource_id', contextId]] as [string, string][]) : []),
    ['x-success', `${returnUrl}#venmoSuccess=1`],
    ['x-cancel', `${returnUrl}#venmoCancel=1`],
    ['x-error', `${returnUrl}#venmoError=1`],
    ['allowAndroidRecreation', options.allowAndroidRecreation ? '1' : '0'],
    ['ua', options.userAgent],
    ...merchantQuery(options),
  ]);
}

/**
 * The link of a payment context a phone opens without coming back (the desktop QR code's, the web
 * login's): `resource_id` and the merchant's part, no `x-*` URLs.
 */
export function contextUrl(options: VenmoLinkOptions & { contextId: string }): string {
  return link(options.base, [['resource_id', options.contextId], ...merchantQuery(options)]);
}

/** The page's URL as Venmo's return URL: without its hash. */
export function returnUrlOf(href: string): string {
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

/** What Venmo left in the return URL's hash. */
export type VenmoReturn =
  | { kind: 'success'; nonce: string; username: string | null }
  | { kind: 'error'; message: string | null; code: string | null }
  | { kind: 'cancel' };

/**
 * Venmo's result in a URL's hash, or `null` when it holds none: `venmoSuccess=1` with
 * `paymentMethodNonce` (or `payment_method_nonce`) and `username`, `venmoError=1` with
 * `errorMessage` and `errorCode`, `venmoCancel=1`. A success without a nonce is an error.
 */
export function readVenmoReturn(hash: string): VenmoReturn | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('venmoSuccess') === '1') {
    const nonce = params.get('paymentMethodNonce') ?? params.get('payment_method_nonce');
    if (nonce) return { kind: 'success', nonce, username: params.get('username') };
    return { kind: 'error', message: null, code: null };
  }
  if (params.get('venmoError') === '1') {
    return { kind: 'error', message: params.get('errorMessage'), code: params.get('errorCode') };
  }
  if (params.get('venmoCancel') === '1') return { kind: 'cancel' };
  return null;
}

/** A Venmo user name as the payload gives it: with its `@`. */
export function atUsername(username: string): string {
  return username.startsWith('@') ? username : `@${username}`;
}
