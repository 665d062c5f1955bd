import { defineConfig } from 'vitest/config';
import { localOrigins, type LocalOrigins } from './server/origins.ts';
import { localeFiles } from './build/locale-files.ts';
import { publishedStylesheets } from './build/stylesheets.ts';
import { flavourDefine } from './build/define.ts';

// The ports may be moved (docs/sandbox.md, "Ports, certificate and your own pages"): the tests read the
// origins from here, never a port of their own.
const origins = localOrigins();

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
  define: flavourDefine('local', origins.gateway, localeFiles().indexIntegrity),
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'frames/**/*.test.ts',
      'sandbox/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/unit/**/*.test.ts',
    ],
    environment: 'happy-dom',
    // The stylesheets the code imports are processed as in the build, so tests see their text.
    css: { include: [/\.css(?:$|\?)/] },
    restoreMocks: true,
    provide: { localOrigins: origins },
  },
});
