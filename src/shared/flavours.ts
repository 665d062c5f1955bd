/**
 * Build-time constants of the two build flavours (docs/architecture.md, "Build flavours").
 * Read by build/define.ts, for the build and the unit tests; the code sees them through
 * `build-constants.ts`.
 * @packageDocumentation
 */

/** A build flavour: `release` talks to the provider, `local` to the local sandbox gateway. */
export type Flavour = 'release' | 'local';

/** Constants that differ between flavours. */
export interface FlavourConstants {
  /** The flavour's name. */
  flavour: Flavour;
  /** Registrable domains a gateway, assets or config URL may be on (the host or a parent of it). */
  gatewayDomains: string[];
  /** Environment of a tokenization key → base URL of the client API. */
  apiBases: Record<'production' | 'sandbox', string>;
  /** Environment of the configuration → URL of the provider's GraphQL API (docs/protocol.md, "GraphQL"). */
  graphQLUrls: Record<'production' | 'sandbox', string>;
  /** Where the PayPal data collector loads PayPal's fraud script from and where that script reports. */
  fraudnet: FraudnetUrls;
  /** Where the Google Pay integration loads Google's Pay API script (`pay.js`) from. */
  googlePayScript: string;
  /** Venmo's pages a Venmo payment goes to (docs/venmo.md, "How a payment goes"). */
  venmo: VenmoUrls;
  /**
   * Where 3D Secure 2 may load Cardinal's Songbird from: URL prefixes, each an origin with its
   * first path slash, or a folder.
   */
  songbirdSources: string[];
}

/** The PayPal fraud script (fraudnet) and the beacon its parameters name. */
export interface FraudnetUrls {
  /** The fraud script, loaded into a hidden frame of the merchant page. */
  script: string;
  /** The beacon URL (without its query) handed to the script as the `b` parameter. */
  beacon: string;
}

/**
 * Venmo's pages, each opened with the payment's query: the app's link (the Venmo app takes it on a phone), the
 * web page that stands in for the app when it is missing (`mobileWebFallBack`), and the desktop web login
 * (`allowDesktopWebLogin`). The desktop QR code encodes the app's link with the payment context's id.
 */
export interface VenmoUrls {
  /** The app's link. */
  app: string;
  /** Venmo's web page for a phone without the app. */
  mobileWeb: string;
  /** Venmo's web login, in a popup on desktop. */
  webLogin: string;
}

/** The provider's domains and its payment network's parent domains. */
export const PROVIDER_DOMAINS = [
  'paypal.com',
  'braintreepayments.com',
  'braintreegateway.com',
  'braintree-api.com',
];

const PROVIDER_API_BASES = {
  production: 'https://api.braintreegateway.com:443',
  sandbox: 'https://api.sandbox.braintreegateway.com:443',
};

/** The provider's GraphQL API, by environment: a constant of its SDK, not a field of the configuration. */
const PROVIDER_GRAPHQL_URLS = {
  production: 'https://payments.braintree-api.com/graphql',
  sandbox: 'https://payments.sandbox.braintree-api.com/graphql',
};

/** Path of the local sandbox gateway's GraphQL endpoint, which plays the provider's sandbox GraphQL API. */
export const GRAPHQL_STAND_IN_PATH = '/graphql';

/** PayPal's own fraud script and beacon, which every environment of the provider uses. */
export const PAYPAL_FRAUDNET_URLS: FraudnetUrls = {
  script: 'https://www.paypalobjects.com/webstatic/r/fb/fb-all-prod.pp.min.js',
  beacon: 'https://b.stats.paypal.com/counter.cgi',
};

/** Google's Pay API script, which every environment of the provider uses. */
export const GOOGLE_PAY_SCRIPT_URL = 'https://pay.google.com/gp/p/js/pay.js';

/** Venmo's own pages, which every environment of the provider uses. */
export const VENMO_URLS: VenmoUrls = {
  app: 'https://venmo.com/braintree/checkout',
  mobileWeb: 'https://venmo.com/go/checkout',
  webLogin: 'https://account.venmo.com/go/web',
};

/**
 * Paths of the local sandbox gateway's stand-ins for Venmo's pages: the app, its web page and its web login
 * cannot be reached from the local setup, and the payment context they approve lives in the sandbox.
 */
export const VENMO_STAND_IN_PATHS: VenmoUrls = {
  app: '/sandbox/venmo/braintree/checkout',
  mobileWeb: '/sandbox/venmo/go/checkout',
  webLogin: '/sandbox/venmo/go/web',
};

/**
 * Cardinal's hosts of Songbird, production and staging (the SDK's own addresses,
 * `https://songbird.cardinalcommerce.com/edge/v1/songbird.js` and `https://songbirdstag…`): any
 * path of theirs, as Cardinal versions the script there.
 */
export const CARDINAL_SONGBIRD_SOURCES = [
  'https://songbird.cardinalcommerce.com/',
  'https://songbirdstag.cardinalcommerce.com/',
];

/**
 * Folder of the local sandbox gateway's stand-in for Cardinal (its Songbird script and the pieces
 * the issuer's pages load): Cardinal's hosts cannot be reached from the local setup.
 */
export const CARDINAL_STAND_IN_FOLDER = '/sandbox/cardinal/';

/**
 * Path of the local sandbox gateway's stand-in for Google's Pay API script: Google's host cannot be
 * reached from the local setup, and the token Google's servers would get from the gateway has to
 * come from the sandbox.
 */
export const GOOGLE_PAY_STAND_IN_PATH = '/sandbox/google-pay/pay.js';

/**
 * Paths of the local sandbox gateway's stand-ins for PayPal's fraud script and beacon: PayPal's
 * hosts cannot be reached from the local setup, and the tests need to see what arrives.
 */
export const FRAUDNET_STAND_IN_PATHS: FraudnetUrls = {
  script: '/sandbox/fraudnet/fb-all-prod.pp.min.js',
  beacon: '/sandbox/fraudnet/counter.cgi',
};

/**
 * The constants of a flavour.
 * @param flavour - which flavour
 * @param localGatewayOrigin - origin of the local sandbox gateway (local flavour only)
 */
export function flavourConstants(flavour: Flavour, localGatewayOrigin: string): FlavourConstants {
  if (flavour === 'release') {
    return {
      flavour,
      gatewayDomains: PROVIDER_DOMAINS,
      apiBases: PROVIDER_API_BASES,
      graphQLUrls: PROVIDER_GRAPHQL_URLS,
      fraudnet: PAYPAL_FRAUDNET_URLS,
      googlePayScript: GOOGLE_PAY_SCRIPT_URL,
      venmo: VENMO_URLS,
      songbirdSources: CARDINAL_SONGBIRD_SOURCES,
    };
  }
  return {
    flavour,
    gatewayDomains: [...PROVIDER_DOMAINS, 'localhost'],
    apiBases: { production: PROVIDER_API_BASES.production, sandbox: localGatewayOrigin },
    graphQLUrls: {
      production: PROVIDER_GRAPHQL_URLS.production,
      sandbox: `${localGatewayOrigin}${GRAPHQL_STAND_IN_PATH}`,
    },
    fraudnet: {
      script: `${localGatewayOrigin}${FRAUDNET_STAND_IN_PATHS.script}`,
      beacon: `${localGatewayOrigin}${FRAUDNET_STAND_IN_PATHS.beacon}`,
    },
    googlePayScript: `${localGatewayOrigin}${GOOGLE_PAY_STAND_IN_PATH}`,
    venmo: {
      app: `${localGatewayOrigin}${VENMO_STAND_IN_PATHS.app}`,
      mobileWeb: `${localGatewayOrigin}${VENMO_STAND_IN_PATHS.mobileWeb}`,
      webLogin: `${localGatewayOrigin}${VENMO_STAND_IN_PATHS.webLogin}`,
    },
    songbirdSources: [...CARDINAL_SONGBIRD_SOURCES, `${localGatewayOrigin}${CARDINAL_STAND_IN_FOLDER}`],
  };
}
