/**
 * The gateway domain check (docs/protocol.md, "The domain check").
 * @packageDocumentation
 */
import { GATEWAY_DOMAINS } from '../shared/build-constants';
import { createError } from '../shared/errors';

/**
 * Whether a URL may be contacted as a gateway, assets or configuration URL: `https:`, no user
 * information, and a host equal to an allowed domain or a subdomain of one.
 * @param url - the URL (anything that is not a parsable string is refused)
 * @param domains - the allow-list; the build's {@link GATEWAY_DOMAINS} by default
 */
export function isAllowedGatewayUrl(url: unknown, domains: readonly string[] = GATEWAY_DOMAINS): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const { protocol, username, password, hostname } = parsed;
  if (protocol !== 'https:' || username !== '' || password !== '') return false;
  return domains.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/**
 * Refuses a URL off the allow-list.
 * @param property - the configuration property it came from, named in the error
 * @throws PanelError `CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN` with `details.property` and `details.url`.
 */
export function assertGatewayUrl(
  property: string,
  url: unknown,
  domains: readonly string[] = GATEWAY_DOMAINS,
): void {
  if (!isAllowedGatewayUrl(url, domains)) {
    throw createError('CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN', { property }, { property, url });
  }
}

/** The URL-bearing fields of a gateway configuration that {@link assertGatewayDomains} reads. */
export interface GatewayUrls {
  assetsUrl?: unknown;
  clientApiUrl?: unknown;
  configUrl?: unknown;
  analytics?: { url?: unknown } | undefined;
  braintreeApi?: { url?: unknown } | undefined;
}

/**
 * Checks every URL of a gateway configuration against the allow-list: `assetsUrl` and
 * `clientApiUrl` always, `configUrl`, `analytics.url` and `braintreeApi.url` when present.
 * @throws PanelError `CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN` naming the first property at fault.
 */
export function assertGatewayDomains(
  configuration: GatewayUrls,
  domains: readonly string[] = GATEWAY_DOMAINS,
): void {
  const urls: [string, unknown, boolean][] = [
    ['assetsUrl', configuration.assetsUrl, true],
    ['clientApiUrl', configuration.clientApiUrl, true],
    ['configUrl', configuration.configUrl, false],
    ['analytics.url', configuration.analytics?.url, false],
    ['braintreeApi.url', configuration.braintreeApi?.url, false],
  ];
  for (const [property, url, required] of urls) {
    if (required || url !== undefined) assertGatewayUrl(property, url, domains);
  }
}
