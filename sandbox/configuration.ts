/**
 * `GET …/v1/configuration`: the gateway configuration (docs/protocol.md, "What the panel reads"), and the
 * URLs it (and client tokens) point at.
 * @packageDocumentation
 */
import { clientApiPath, endpointPath } from '../src/shared/endpoints';
import { PROVIDER_DOMAINS } from '../src/shared/flavours';
import { analyticsPath } from './analytics';
import {
  integrityOf,
  SONGBIRD_PATH,
  songbirdStandInScript,
  type CardinalSandbox,
} from './stand-ins/cardinal';
import { jsonReply } from './http';
import type {
  AndroidPaySettings,
  ApplePayWebSettings,
  CardDisplayName,
  Challenge,
  Merchant,
  PayPalSettings,
  VenmoSettings,
} from './merchants';
import { clientApiRoute } from './route';
import type { SandboxOptions } from './state';

/** The URLs of a merchant on this gateway. */
export interface MerchantUrls {
  /** `<gateway>/merchants/<mid>/client_api` */
  clientApiUrl: string;
  /** `<clientApiUrl>/v1/configuration` */
  configUrl: string;
  /** `<gateway>/analytics/<mid>` */
  analyticsUrl: string;
}

/** The gateway configuration served to the client. */
export interface GatewayConfiguration {
  environment: 'sandbox';
  merchantId: string;
  clientApiUrl: string;
  configUrl: string;
  assetsUrl: string;
  analytics: { url: string };
  challenges: Challenge[];
  creditCards: { supportedCardTypes: CardDisplayName[]; supportedGateways: { name: 'clientApi' }[] };
  threeDSecureEnabled: boolean;
  /**
   * 3D Secure 2: Cardinal's JWT for Songbird's set-up, and where Songbird comes from (the sandbox's
   * stand-in) with its SRI hash. `null` for a merchant without version 2, as the reference's
   * configurations have it.
   */
  threeDSecure: {
    cardinalAuthenticationJWT: string;
    cardinalSongbirdUrl: string;
    cardinalSongbirdIdentityHash: string;
  } | null;
  paypalEnabled: boolean;
  paypal: PayPalSettings;
  applePayWeb?: ApplePayWebSettings;
  androidPay?: AndroidPaySettings;
  payWithVenmo?: VenmoSettings;
  kount?: { kountMerchantId: string | null };
}

/** The provider's sandbox assets host: the `assetsUrl` of a configuration served under a provider host name. */
export const PROVIDER_SANDBOX_ASSETS_ORIGIN = 'https://assets.braintreegateway.com';

/** A `Host` header: a host name (or IPv4 address) and an optional port, nothing more. */
const HOST_HEADER = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * The origin a request reached the gateway at, when that is one of the provider's host names (a
 * provider domain or a subdomain of one); `null` for any other host.
 */
export function providerOriginOf(host: string | undefined): string | null {
  if (host === undefined || !HOST_HEADER.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`https://${host}`);
  } catch {
    return null;
  }
  const name = url.hostname;
  return PROVIDER_DOMAINS.some((domain) => name === domain || name.endsWith(`.${domain}`))
    ? url.origin
    : null;
}

/**
 * The options of the gateway as a request reached it. Under one of the provider's host names (mapped
 * to this gateway for a client that, as the provider's SDK does, takes only URLs on the provider's
 * domains: docs/sandbox.md, "Testing with the provider's SDK") the gateway's URLs are on that host
 * and the assets URL is the provider's sandbox assets host; under any other name, the configured origins.
 */
export function optionsAsReached(options: SandboxOptions, host: string | undefined): SandboxOptions {
  const origin = providerOriginOf(host);
  return origin
    ? { ...options, gatewayOrigin: origin, assetsOrigin: PROVIDER_SANDBOX_ASSETS_ORIGIN }
    : options;
}

/** The URLs of a merchant on the gateway described by `options`. */
export function merchantUrls(merchantId: string, options: SandboxOptions): MerchantUrls {
  const clientApiUrl = `${options.gatewayOrigin}${clientApiPath(merchantId)}`;
  return {
    clientApiUrl,
    configUrl: `${clientApiUrl}/v1/${endpointPath('configuration')}`,
    analyticsUrl: `${options.gatewayOrigin}${analyticsPath(merchantId)}`,
  };
}

/**
 * The configuration of a merchant. Apple Pay, Google Pay, Venmo and Kount blocks appear only when they are on,
 * and `threeDSecure` only for 3D Secure 2, with a JWT signed by `cardinal` (none without it).
 */
export function buildConfiguration(
  merchant: Merchant,
  options: SandboxOptions,
  cardinal?: CardinalSandbox,
): GatewayConfiguration {
  const urls = merchantUrls(merchant.merchantId, options);
  return {
    environment: 'sandbox',
    merchantId: merchant.merchantId,
    clientApiUrl: urls.clientApiUrl,
    configUrl: urls.configUrl,
    assetsUrl: options.assetsOrigin,
    analytics: { url: urls.analyticsUrl },
    challenges: [...merchant.challenges],
    creditCards: {
      supportedCardTypes: [...merchant.supportedCardTypes],
      supportedGateways: [{ name: 'clientApi' }],
    },
    threeDSecureEnabled: merchant.threeDSecureEnabled,
    threeDSecure:
      merchant.threeDSecureEnabled && merchant.threeDSecure2 && cardinal
        ? {
            cardinalAuthenticationJWT: cardinal.authenticationJwt(merchant),
            cardinalSongbirdUrl: `${options.gatewayOrigin}${SONGBIRD_PATH}`,
            cardinalSongbirdIdentityHash: integrityOf(songbirdStandInScript(options.gatewayOrigin)),
          }
        : null,
    paypalEnabled: merchant.paypalEnabled,
    paypal: { ...merchant.paypal },
    ...(merchant.applePayWeb
      ? {
          applePayWeb: {
            ...merchant.applePayWeb,
            supportedNetworks: [...merchant.applePayWeb.supportedNetworks],
            merchantCapabilities: [...merchant.applePayWeb.merchantCapabilities],
          },
        }
      : {}),
    ...(merchant.androidPay
      ? {
          androidPay: {
            ...merchant.androidPay,
            supportedNetworks: [...merchant.androidPay.supportedNetworks],
          },
        }
      : {}),
    ...(merchant.payWithVenmo ? { payWithVenmo: { ...merchant.payWithVenmo } } : {}),
    ...(merchant.kount ? { kount: { ...merchant.kount } } : {}),
  };
}

/** `GET …/v1/configuration`, any authorization; its URLs are on the host name it was reached at when that is the provider's. */
export const configurationRoute = clientApiRoute('configuration', 'any', ({ headers, merchant, state }) =>
  jsonReply(200, buildConfiguration(merchant, optionsAsReached(state.options, headers.host), state.cardinal)),
);
