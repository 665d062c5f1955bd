import { defineConfig } from 'vitest/config';
import pkg from './package.json' with { type: 'json' };
import { flavourConstants } from './src/shared/flavours.ts';
import { localOrigins } from './demo/server/origins.ts';
import { localeFiles } from './build/locale-files.ts';

const local = flavourConstants('local', localOrigins().gateway);

export default defineConfig({
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
    restoreMocks: true,
  },
});
