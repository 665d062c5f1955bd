import { defineConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { flavourConstants } from './src/shared/flavours.ts';
import { localOrigins, type LocalOrigins } from './demo/server/origins.ts';
import { localeFiles } from './build/locale-files.ts';
import { publishedStylesheets } from './build/stylesheets.ts';

// The ports may be moved (docs/sandbox.md, "Ports, certificate and your own pages"): the tests read the
// origins from here, never a port of their own.
const origins = localOrigins();
const local = flavourConstants('local', origins.gateway);

declare module 'vitest' {
  /** What the tests read with `inject()`. */
  export interface ProvidedContext {
    /** The local origins, from `PANEL_MERCHANT_PORT`, `PANEL_ASSETS_PORT` and `PANEL_GATEWAY_PORT`. */
    localOrigins: LocalOrigins;
  }
}

export default defineConfig({
  // The stylesheets' `?inline&published` imports give their file and hash in tests too.
  plugins: [publishedStylesheets()],
  define: {
    __PANEL_VERSION__: JSON.stringify(pkg.version),
    __PANEL_FLAVOUR__: JSON.stringify(local.flavour),
    __GATEWAY_DOMAINS__: JSON.stringify(local.gatewayDomains),
    __API_BASES__: JSON.stringify(local.apiBases),
    __MODULE_INTEGRITY__: JSON.stringify({}),
    __MODULE_SUFFIX__: JSON.stringify('.min'),
    __FRAUDNET_URLS__: JSON.stringify(local.fraudnet),
    __GOOGLE_PAY_SCRIPT_URL__: JSON.stringify(local.googlePayScript),
    __SONGBIRD_SOURCES__: JSON.stringify(local.songbirdSources),
    __LOCALE_INTEGRITY__: JSON.stringify(localeFiles().indexIntegrity),
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'frames/**/*.test.ts',
      'demo/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'happy-dom',
    // The stylesheets the code imports are processed as in the build, so tests see their text.
    css: { include: [/\.css(?:$|\?)/] },
    restoreMocks: true,
    provide: { localOrigins: origins },
  },
});
