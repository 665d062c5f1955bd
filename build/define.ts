/**
 * The values of the globals `src/shared/build-constants.ts` reads, as Vite's `define` takes them:
 * the build's (build/outputs.ts) and the unit tests' (vitest.config.ts), which get the local
 * flavour's.
 * @packageDocumentation
 */
import pkg from '../package.json' with { type: 'json' };
import { flavourConstants, type Flavour } from '../src/shared/flavours.ts';

/**
 * A flavour's `define`.
 * @param gateway - the local sandbox gateway's origin, which the local flavour talks to
 * @param localeIntegrity - the hash of the locale index (build/locale-files.ts)
 */
export function flavourDefine(
  flavour: Flavour,
  gateway: string,
  localeIntegrity: string,
): Record<string, string> {
  const constants = flavourConstants(flavour, gateway);
  return {
    __PANEL_VERSION__: JSON.stringify(pkg.version),
    __PANEL_FLAVOUR__: JSON.stringify(constants.flavour),
    __GATEWAY_DOMAINS__: JSON.stringify(constants.gatewayDomains),
    __API_BASES__: JSON.stringify(constants.apiBases),
    __GRAPHQL_URLS__: JSON.stringify(constants.graphQLUrls),
    // The first script, and the runtime for the files only it loads, fill in these hashes before
    // they are built (build/build-flavour.ts).
    __MODULE_INTEGRITY__: JSON.stringify({}),
    __MODULE_SUFFIX__: JSON.stringify('.min'),
    __FRAUDNET_URLS__: JSON.stringify(constants.fraudnet),
    __GOOGLE_PAY_SCRIPT_URL__: JSON.stringify(constants.googlePayScript),
    __VENMO_URLS__: JSON.stringify(constants.venmo),
    __SONGBIRD_SOURCES__: JSON.stringify(constants.songbirdSources),
    __LOCALE_INTEGRITY__: JSON.stringify(localeIntegrity),
  };
}
