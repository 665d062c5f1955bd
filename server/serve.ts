/**
 * The three local HTTPS origins in one process (docs/architecture.md, "Origins"): the merchant demo, the
 * assets origin with the local flavour (CORS for any merchant) and Kount's data path, and the sandbox
 * gateway.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { PANEL_EVENT_NAMES } from '../src/shared/event-names';
import { createSandboxGateway, listMerchants, type SandboxGateway } from '../sandbox';
import type { DeviceSessionInput } from '../sandbox/device-sessions';
import { partitionOfCookie, withPartitionKeys } from '../sandbox/partition-keys';
import type { Flavour } from '../src/shared/flavours';
import { distDir } from './build';
import {
  framePageOf,
  framePolicy,
  gatewaySources,
  merchantPolicy,
  serializePolicy,
} from './content-security-policy';
import type { LocalOrigins } from './origins';
import { serveKountData } from './kount-data';
import { PROVIDER_SDK_PREFIX, serveProviderSdk } from './provider-sdk';
import { resolveStaticFile, sendFile } from './static-files';

const demoDir = resolve(import.meta.dirname, '../demo');
/** The Apple Pay simulator a merchant page loads from its own origin (docs/sandbox.md, "Apple Pay in other browsers"). */
const APPLE_PAY_SIMULATOR = resolve(import.meta.dirname, '../sandbox/stand-ins/apple-pay-simulator.js');

/** What {@link startServers} needs. */
export interface ServeOptions {
  origins: LocalOrigins;
  cert: Buffer;
  key: Buffer;
  version: string;
}

/** The running servers. */
export interface RunningServers {
  /** Stops every server and drops open connections. */
  close(): Promise<void>;
}

const ASSET_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'timing-allow-origin': '*',
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The sha384 of a flavour's bundle from its integrity.json; empty when the flavour is not built. */
function bundleIntegrity(flavour: Flavour, version: string): string {
  try {
    const integrity = JSON.parse(
      readFileSync(resolve(distDir(flavour, version), 'integrity.json'), 'utf8'),
    ) as Record<string, string>;
    return integrity['payment-panel.min.js'] ?? '';
  } catch {
    return '';
  }
}

/**
 * The demo page with the local origins, version and bundle integrity filled in. Asked for by a browser whose cookie
 * names a sandbox partition (a browser test's), the page holds that partition's tokenization keys in place of the
 * built-in ones, as the merchant's own pages hold the merchant's keys (docs/sandbox.md, "Partitions").
 */
function demoPage(options: ServeOptions, file: string, partition: string | null): string {
  const values: Record<string, string> = {
    ASSETS_ORIGIN: options.origins.assets,
    GATEWAY_ORIGIN: options.origins.gateway,
    PANEL_VERSION: options.version,
    BUNDLE_INTEGRITY: bundleIntegrity('local', options.version),
    RELEASE_BUNDLE_INTEGRITY: bundleIntegrity('release', options.version),
    PANEL_EVENTS: PANEL_EVENT_NAMES.join(' '),
    DEMO_MERCHANTS: escapeAttribute(
      JSON.stringify(
        listMerchants().map(({ tokenizationKey, description }) => ({ tokenizationKey, description })),
      ),
    ),
  };
  const page = readFileSync(file, 'utf8').replace(
    /%([A-Z_]+)%/g,
    (whole, name: string) => values[name] ?? whole,
  );
  return partition === null ? page : withPartitionKeys(page, partition);
}

function merchantHandler(options: ServeOptions) {
  // Every demo page runs under the policy docs/csp-and-sri.md gives merchants: no inline script or style.
  const policy = serializePolicy(merchantPolicy(options.origins));
  return (req: IncomingMessage, res: ServerResponse): void => {
    const { pathname } = new URL(req.url ?? '/', options.origins.merchant);
    // A page paying through the provider's own SDK, and that SDK's bundles (docs/sandbox.md).
    if (pathname.startsWith(PROVIDER_SDK_PREFIX)) {
      serveProviderSdk(req, res, pathname, options.origins).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    // Only files at the top of demo/ are the site, and the Apple Pay simulator its pages load.
    const file =
      pathname === '/apple-pay-simulator.js'
        ? APPLE_PAY_SIMULATOR
        : pathname.indexOf('/', 1) === -1
          ? resolveStaticFile(demoDir, pathname)
          : null;
    if (file?.endsWith('.html') && req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': policy,
      });
      res.end(demoPage(options, file, partitionOfCookie(req.headers.cookie)));
      return;
    }
    sendFile(req, res, file, { 'content-security-policy': policy });
  };
}

function assetsHandler(options: ServeOptions, sandbox: SandboxGateway) {
  const mount = (prefix: string, flavour: Flavour) => ({
    prefix,
    folder: distDir(flavour, options.version),
    gateway: gatewaySources(flavour, options.origins.gateway),
  });
  const mounts = [
    mount(`/payment-panel/${options.version}/`, 'local'),
    // The release flavour, for the test that proves it refuses the local gateway.
    mount(`/release/payment-panel/${options.version}/`, 'release'),
  ];
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...ASSET_HEADERS, 'access-control-allow-methods': 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', options.origins.assets);
    const { pathname } = url;
    // Kount's data path, which the provider's assets host serves beside the panel's folders.
    // Recorded in the sandbox partition the shopper's browser names by its cookie (docs/sandbox.md, "Partitions").
    const recordKount = (input: DeviceSessionInput): void => {
      sandbox.recordDeviceSession(input, req.headers);
    };
    if (serveKountData(req, res, url, ASSET_HEADERS, recordKount)) return;
    // The host's site icon, which browsers ask for on the PayPal popup's pages (top-level pages of this origin).
    if (pathname === '/favicon.ico') {
      sendFile(req, res, resolve(demoDir, 'favicon.ico'), ASSET_HEADERS);
      return;
    }
    const mount = mounts.find((m) => pathname.startsWith(m.prefix));
    const path = mount ? pathname.slice(mount.prefix.length - 1) : '';
    const file = mount ? resolveStaticFile(mount.folder, path) : null;
    // Each frame page runs under its own strict policy, as the provider's assets host sends it.
    const page = file && mount ? framePageOf(path) : null;
    const headers =
      page && mount
        ? { ...ASSET_HEADERS, 'content-security-policy': serializePolicy(framePolicy(page, mount.gateway)) }
        : ASSET_HEADERS;
    sendFile(req, res, file, headers);
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
}

/** Starts the merchant, assets and gateway origins. */
export async function startServers(options: ServeOptions): Promise<RunningServers> {
  const { origins, cert, key } = options;
  const sandbox = createSandboxGateway({ gatewayOrigin: origins.gateway, assetsOrigin: origins.assets });
  const servers = [
    { server: createServer({ cert, key }, merchantHandler(options)), port: origins.merchantPort },
    { server: createServer({ cert, key }, assetsHandler(options, sandbox)), port: origins.assetsPort },
    {
      server: createServer({ cert, key }, (req, res) => {
        sandbox.handle(req, res);
      }),
      port: origins.gatewayPort,
    },
  ];
  const close = async (): Promise<void> => {
    sandbox.close();
    await Promise.all(
      servers.map(
        ({ server }) =>
          new Promise<void>((done) => {
            server.close(() => {
              done();
            });
            server.closeAllConnections();
          }),
      ),
    );
  };
  try {
    for (const { server, port } of servers) await listen(server, port);
  } catch (error) {
    await close();
    const code = (error as NodeJS.ErrnoException).code;
    throw code === 'EADDRINUSE'
      ? new Error(
          `${String((error as NodeJS.ErrnoException & { port?: number }).port ?? 'A port')} is in use: stop whatever serves it or set PANEL_MERCHANT_PORT, PANEL_ASSETS_PORT and PANEL_GATEWAY_PORT.`,
        )
      : error;
  }
  return { close };
}
