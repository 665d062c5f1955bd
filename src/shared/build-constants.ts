/**
 * The flavour constants as the code sees them. Vite (`define`) replaces the globals at build time;
 * vitest.config.ts gives them the local flavour's values. Only code that is built may import this.
 * @packageDocumentation
 */
import type { Flavour, FraudnetUrls, VenmoUrls } from './flavours';

declare global {
  const __PANEL_VERSION__: string;
  const __PANEL_FLAVOUR__: Flavour;
  const __GATEWAY_DOMAINS__: string[];
  const __API_BASES__: Record<'production' | 'sandbox', string>;
  const __GRAPHQL_URLS__: Record<'production' | 'sandbox', string>;
  const __MODULE_INTEGRITY__: Record<string, string>;
  const __MODULE_SUFFIX__: string;
  const __FRAUDNET_URLS__: FraudnetUrls;
  const __GOOGLE_PAY_SCRIPT_URL__: string;
  const __VENMO_URLS__: VenmoUrls;
  const __SONGBIRD_SOURCES__: string[];
  const __LOCALE_INTEGRITY__: string;
}

/** Version of the panel (the drop-in version of the protocol), from package.json. */
export const PANEL_VERSION: string = __PANEL_VERSION__;

/** The flavour this code was built as. */
export const FLAVOUR: Flavour = __PANEL_FLAVOUR__;

/** Domains a gateway URL may be on. */
export const GATEWAY_DOMAINS: readonly string[] = __GATEWAY_DOMAINS__;

/** Client API base per tokenization-key environment. */
export const API_BASES: Readonly<Record<'production' | 'sandbox', string>> = __API_BASES__;

/** The provider's GraphQL API per configuration environment (the local flavour: the sandbox gateway's). */
export const GRAPHQL_URLS: Readonly<Record<'production' | 'sandbox', string>> = __GRAPHQL_URLS__;

/**
 * The sha384 (SRI) of each file the first script may load on demand, by module name; the build
 * computes them before it builds the first script.
 */
export const MODULE_INTEGRITY: Readonly<Record<string, string>> = __MODULE_INTEGRITY__;

/** `.min` in the minified first script, empty in the debug one: which variant of each file it loads. */
export const MODULE_SUFFIX: string = __MODULE_SUFFIX__;

/** PayPal's fraud script and beacon (the local flavour: the sandbox gateway's stand-ins). */
export const FRAUDNET_URLS: Readonly<FraudnetUrls> = __FRAUDNET_URLS__;

/** Google's Pay API script (the local flavour: the sandbox gateway's stand-in). */
export const GOOGLE_PAY_SCRIPT_URL: string = __GOOGLE_PAY_SCRIPT_URL__;

/** Venmo's pages (the local flavour: the sandbox gateway's stand-ins). */
export const VENMO_URLS: Readonly<VenmoUrls> = __VENMO_URLS__;

/**
 * Where Cardinal's Songbird may come from (prefixes of its URL): Cardinal's hosts (the local
 * flavour: also the sandbox gateway's stand-in).
 */
export const SONGBIRD_SOURCES: readonly string[] = __SONGBIRD_SOURCES__;

/**
 * The SRI hash of `assets/locale-integrity.json`, the locale files' hashes: only the panel's runtime
 * file reads it (docs/texts-and-locales.md, "Locales").
 */
export const LOCALE_INTEGRITY: string = __LOCALE_INTEGRITY__;
