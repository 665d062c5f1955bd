/**
 * `GET …/v1/configuration`: the gateway configuration (docs/protocol.md, "What the panel reads"), and the
 * URLs it (and client tokens) point at.
 * @packageDocumentation
 */
import { clientApiPath, endpointPath } from '../../src/shared/endpoints';
import { analyticsPath } from './analytics';
import { integrityOf, SONGBIRD_PATH, songbirdStandInScript, type CardinalSandbox } from './cardinal';
import { jsonReply } from './http';
import type {
  AndroidPaySettings,
  ApplePayWebSettings,
  CardDisplayName,
  Challenge,
  Merchant,
  PayPalSettings,
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
  kount?: { kountMerchantId: string | null };
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
 * The configuration of a merchant. Apple Pay, Google Pay and Kount blocks appear only when they are on,
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
    ...(merchant.kount ? { kount: { ...merchant.kount } } : {}),
  };
}

/** `GET …/v1/configuration`, any authorization. */
export const configurationRoute = clientApiRoute('configuration', 'any', ({ merchant, state }) =>
  jsonReply(200, buildConfiguration(merchant, state.options, state.cardinal)),
);
