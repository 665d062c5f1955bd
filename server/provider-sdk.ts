/**
 * The merchant demo's pages for the provider's own SDK (docs/sandbox.md, "Testing with the provider's
 * SDK"): a page that pays with PayPal through braintree-web against the sandbox, and browser bundles of
 * the braintree-web modules it loads, built from the dev dependency in `node_modules`.
 *
 * The npm package holds only CommonJS modules; the provider publishes its browser builds on its own
 * host, which the local setup cannot reach. So each module is bundled on its first request, as the
 * provider's build does, into a classic script that extends `window.braintree`, and kept in memory.
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { merchantPolicy, serializePolicy, type PolicyDirectives } from './content-security-policy';
import type { LocalOrigins } from './origins';
import { resolveStaticFile, sendFile } from './static-files';

/** Where the merchant demo serves the provider's SDK pages and bundles. */
export const PROVIDER_SDK_PREFIX = '/provider-sdk/';

/**
 * The provider's sandbox client API host. The SDK reaches it for a sandbox tokenization key, and the
 * configuration names it when the gateway is reached under that name, so a browser that maps the name
 * to the sandbox gateway talks to the sandbox there.
 */
export const PROVIDER_SANDBOX_API_ORIGIN = 'https://api.sandbox.braintreegateway.com';

/** The braintree-web modules served, by file name, with the global each sets, as the provider's builds do. */
export const SDK_MODULES: Readonly<Record<string, string>> = {
  client: 'braintree.client',
  'paypal-checkout': 'braintree.paypalCheckout',
};

const demoDir = resolve(import.meta.dirname, '../demo', 'provider-sdk');
const require = createRequire(import.meta.url);

/** The installed braintree-web: its folder and version. */
function installedSdk(): { folder: string; version: string } {
  const manifest = require.resolve('braintree-web/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return { folder: dirname(manifest), version };
}

/**
 * The policy of the provider's SDK pages: the demo pages' own, and the provider's sandbox API host,
 * which the SDK calls (its requests and analytics).
 */
export function providerSdkPolicy(origins: Pick<LocalOrigins, 'assets' | 'gateway'>): PolicyDirectives {
  const policy = merchantPolicy(origins);
  return { ...policy, 'connect-src': [...(policy['connect-src'] ?? []), PROVIDER_SANDBOX_API_ORIGIN] };
}

const bundles = new Map<string, Promise<string>>();

/** The browser bundle of a braintree-web module: a classic script setting `global` (e.g. `braintree.client`). */
async function bundle(folder: string, module: string, global: string): Promise<string> {
  const { build } = await import('vite');
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    // The modules read Node's `global`, which the provider's builds turn into the window.
    define: { global: 'globalThis' },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: false,
      lib: {
        entry: resolve(folder, module, 'index.js'),
        formats: ['iife'],
        name: global,
        fileName: () => module,
      },
      // Each bundle adds its module to the one `window.braintree`, as the provider's builds do.
      rolldownOptions: { output: { extend: true } },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = 'output' in result ? result.output.find((file) => file.type === 'chunk') : undefined;
  if (!chunk) throw new Error(`No bundle for braintree-web/${module}.`);
  return chunk.code;
}

/** The cached bundle of a module, built on first use; a failed build is tried again next time. */
function cachedBundle(folder: string, module: string, global: string): Promise<string> {
  let pending = bundles.get(module);
  if (!pending) {
    pending = bundle(folder, module, global);
    bundles.set(module, pending);
    pending.catch(() => bundles.delete(module));
  }
  return pending;
}

function fillPage(file: string, values: Readonly<Record<string, string>>): string {
  return readFileSync(file, 'utf8').replace(/%([A-Z_]+)%/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * Answers a request under {@link PROVIDER_SDK_PREFIX}: `braintree-web/<version>/<module>.js` (the
 * modules of {@link SDK_MODULES}), the pages of `demo/provider-sdk/` with the local origins filled in,
 * and their scripts; 404 for anything else.
 */
export async function serveProviderSdk(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  origins: LocalOrigins,
): Promise<void> {
  const policy = serializePolicy(providerSdkPolicy(origins));
  const path = pathname.slice(PROVIDER_SDK_PREFIX.length - 1);
  const sdk = installedSdk();
  const module = new RegExp(`^/braintree-web/${sdk.version.replace(/\./g, '\\.')}/([a-z-]+)\\.js$`).exec(
    path,
  )?.[1];
  if (module !== undefined) {
    const global = SDK_MODULES[module];
    if (global === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      sendFile(req, res, null, { 'content-security-policy': policy });
      return;
    }
    let code: string;
    try {
      code = await cachedBundle(sdk.folder, module, global);
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error));
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : code);
    return;
  }
  const file = resolveStaticFile(demoDir, path);
  if (file?.endsWith('.html') && req.method === 'GET') {
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': policy,
    });
    res.end(fillPage(file, { GATEWAY_ORIGIN: origins.gateway, BRAINTREE_WEB_VERSION: sdk.version }));
    return;
  }
  sendFile(req, res, file, { 'content-security-policy': policy });
}
