/**
 * Build-time constants of the two build flavours (DESIGN "Build flavours").
 * Read by vite.config.ts and vitest.config.ts; the bundle sees them through `build-constants.ts`.
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

/**
 * The constants of a flavour.
 * @param flavour - which flavour
 * @param localGatewayOrigin - origin of the local sandbox gateway (local flavour only)
 */
export function flavourConstants(flavour: Flavour, localGatewayOrigin: string): FlavourConstants {
  if (flavour === 'release') {
    return { flavour, gatewayDomains: PROVIDER_DOMAINS, apiBases: PROVIDER_API_BASES };
  }
  return {
    flavour,
    gatewayDomains: [...PROVIDER_DOMAINS, 'localhost'],
    apiBases: { production: PROVIDER_API_BASES.production, sandbox: localGatewayOrigin },
  };
}
