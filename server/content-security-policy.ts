/**
 * The Content Security Policies of the local origins (docs/csp-and-sri.md, "Content Security Policy"): the
 * one a merchant page needs to run the panel, sent on every demo page, and the strict policies of the
 * panel's own frame pages, sent by the assets origin as the provider's assets host does.
 * @packageDocumentation
 */
import { PROVIDER_DOMAINS, type Flavour } from '../src/shared/flavours';

/** A policy as directive → sources, in the order it is sent. */
export type PolicyDirectives = Readonly<Record<string, readonly string[]>>;

/** The origins a merchant page's policy names. */
export interface MerchantPolicyOrigins {
  /** Where the bundle and the frame pages come from, e.g. `https://localhost:8444`. */
  assets: string;
  /** The gateway the panel calls, e.g. `https://localhost:8445`. */
  gateway: string;
}

/**
 * Pages that may embed the frames: every HTTPS page and a merchant's dev server on the loopback
 * interface. `frame-ancestors` checks every ancestor, and the frames answer only the origin they
 * were told and the browser confirms, so no narrower list could serve every merchant.
 */
export const FRAME_ANCESTORS = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'] as const;

/**
 * What a merchant page needs for the panel: the bundle and the frame pages from the assets origin,
 * the gateway for the panel's calls, and nothing inline. `'self'` stands for the merchant's own
 * scripts and styles; the gateway is a frame source because the 3D Secure bank frame navigates to
 * the bank's page (locally the sandbox's), and a form target because the demo's checkout form posts
 * to the sandbox's stand-in for the merchant's server.
 *
 * Device data adds the hosts of the fraud tools: Kount's frame and image come from the assets
 * origin (a frame source already, an image source here); PayPal's fraud script, which runs under
 * this policy in a frame without a page of its own, its report and its beacon are the sandbox
 * gateway's stand-ins locally (a script and image source here, a connect source already).
 *
 * Google Pay adds Google's `pay.js` and what it calls: locally the sandbox gateway's stand-in,
 * whose sheet posts the picked card to the gateway (a script and connect source already); in
 * production the hosts docs/csp-and-sri.md ("With `google-pay`") lists.
 *
 * `'self'` among the image sources is the merchant's own site icon (`/favicon.ico`), which Firefox and
 * WebKit ask for on every page.
 */
export function merchantPolicy({ assets, gateway }: MerchantPolicyOrigins): PolicyDirectives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", assets, gateway],
    'style-src': ["'self'", assets],
    'img-src': ["'self'", assets, gateway],
    'connect-src': [gateway, assets],
    'frame-src': [assets, gateway],
    'form-action': ["'self'", gateway],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
  };
}

/**
 * The policy of the Kount data page on the assets origin: it loads nothing and may be framed by any
 * merchant page, as the panel's own frame pages.
 */
export function kountDataPolicy(): PolicyDirectives {
  return {
    'default-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': FRAME_ANCESTORS,
  };
}

/** A frame page of the published folder, by its file name without `.min`. */
export type FramePage =
  | 'hosted-fields-frame'
  | 'three-d-secure-bank-frame'
  | 'three-d-secure-authentication-complete-frame'
  | 'paypal-landing-frame'
  | 'paypal-redirect-frame'
  | 'paypal-cancel-frame';

/** The pages of the PayPal popup: top-level pages of the popup, never framed. */
const POPUP_PAGES: readonly FramePage[] = [
  'paypal-landing-frame',
  'paypal-redirect-frame',
  'paypal-cancel-frame',
];

/** Where a frame page's flavour sends card data: its gateway, as `connect-src` sources. */
export function gatewaySources(flavour: Flavour, localGateway: string): string[] {
  if (flavour === 'local') return [localGateway];
  // The domain check accepts a provider domain and its subdomains (docs/architecture.md, "Differences from
  // the reference SDK").
  return PROVIDER_DOMAINS.flatMap((domain) => [`https://${domain}`, `https://*.${domain}`]);
}

/**
 * The policy of one frame page: its own scripts only, styles only through constructable sheets of
 * its own, and per page just what it does. The hosted field sends the card to the gateway; the bank
 * frame posts its form to the bank's page, an `https` page of the card's issuer; the PayPal landing,
 * return and cancel pages open in the approval popup, so nothing may frame them, and as top-level
 * pages they may show the assets host's site icon (`/favicon.ico`), which Firefox and WebKit ask for.
 */
export function framePolicy(page: FramePage, gateway: readonly string[]): PolicyDirectives {
  const base: Record<string, readonly string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
  };
  switch (page) {
    case 'hosted-fields-frame':
      base['connect-src'] = gateway;
      base['form-action'] = ["'none'"];
      break;
    case 'three-d-secure-bank-frame':
      base['form-action'] = ['https:'];
      break;
    case 'three-d-secure-authentication-complete-frame':
      base['form-action'] = ["'none'"];
      break;
    case 'paypal-landing-frame':
    case 'paypal-redirect-frame':
    case 'paypal-cancel-frame':
      base['img-src'] = ["'self'"];
      base['form-action'] = ["'none'"];
      break;
  }
  base['base-uri'] = ["'none'"];
  base['frame-ancestors'] = POPUP_PAGES.includes(page) ? ["'none'"] : FRAME_ANCESTORS;
  return base;
}

/** The frame page a path inside the published folder names (`html/<page>[.min].html`), if any. */
export function framePageOf(path: string): FramePage | null {
  const match = /^\/?html\/([a-z-]+?)(?:\.min)?\.html$/.exec(path);
  const name = match?.[1];
  switch (name) {
    case 'hosted-fields-frame':
    case 'three-d-secure-bank-frame':
    case 'three-d-secure-authentication-complete-frame':
    case 'paypal-landing-frame':
    case 'paypal-redirect-frame':
    case 'paypal-cancel-frame':
      return name;
    default:
      return null;
  }
}

/** A policy as the `Content-Security-Policy` header's value. */
export function serializePolicy(policy: PolicyDirectives): string {
  return Object.entries(policy)
    .map(([directive, sources]) => [directive, ...sources].join(' '))
    .join('; ');
}
