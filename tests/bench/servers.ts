/**
 * The benchmark's own servers: the three local origins on ports of their own (9443–9445 unless
 * PANEL_MERCHANT_PORT, PANEL_ASSETS_PORT, PANEL_GATEWAY_PORT say otherwise), so it runs beside
 * `npm start` and the browser tests, plus a page origin (PANEL_BENCH_PORT, 9446) for the pages under
 * tests/bench/pages. The merchant's and the bench's pages are reached at `localhost` and, for the
 * cross-site loads, at `127.0.0.1` (frame-placement.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { resolve } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { BUILD_INPUTS, distDir, ensureLocalBuild } from '../../server/build.ts';
import { ensureCertificate } from '../../server/certs.ts';
import { localOrigins, type LocalOrigins } from '../../server/origins.ts';
import { startServers } from '../../server/serve.ts';
import { otherSiteOrigin, type Placement } from './frame-placement.ts';

const root = resolve(import.meta.dirname, '../..');
const pagesDir = resolve(import.meta.dirname, 'pages');

/** The benchmark's ports unless the environment sets them. */
const BENCH_PORTS = {
  PANEL_MERCHANT_PORT: '9443',
  PANEL_ASSETS_PORT: '9444',
  PANEL_GATEWAY_PORT: '9445',
  PANEL_BENCH_PORT: '9446',
} as const;

/** Origins of a benchmark run. */
export interface BenchOrigins extends LocalOrigins {
  /** Serves tests/bench/pages. */
  bench: string;
  benchPort: number;
  /** The merchant and bench origins at another site than the assets origin: the same servers. */
  otherSite: { merchant: string; bench: string };
}

/** The origin of the merchant's pages for loads of a placement. */
export function merchantOrigin(origins: BenchOrigins, placement: Placement): string {
  return placement === 'cross-site' ? origins.otherSite.merchant : origins.merchant;
}

/** The origin of the bench's pages (tests/bench/pages) for loads of a placement. */
export function benchPageOrigin(origins: BenchOrigins, placement: Placement): string {
  return placement === 'cross-site' ? origins.otherSite.bench : origins.bench;
}

/** Everything the measurements need to reach the servers. */
export interface BenchServers {
  origins: BenchOrigins;
  version: string;
  /** URL of the local-flavour bundle on the assets origin. */
  bundleUrl: string;
  /** URL of the minified hosted-field frame page on the assets origin. */
  hostedFieldFrameUrl: string;
  /** What was built before the run, if anything. */
  built: string[];
  close(): Promise<void>;
}

/** Sets the benchmark's ports in `process.env` (before anything reads them) and returns the origins. */
export function benchOrigins(): BenchOrigins {
  for (const [name, port] of Object.entries(BENCH_PORTS)) {
    if (!process.env[name]) process.env[name] = port;
  }
  const benchPort = Number(process.env.PANEL_BENCH_PORT);
  if (!Number.isInteger(benchPort) || benchPort < 1 || benchPort > 65535) {
    throw new Error(`PANEL_BENCH_PORT must be a port number, not "${process.env.PANEL_BENCH_PORT ?? ''}".`);
  }
  const local = localOrigins();
  const bench = `https://localhost:${benchPort}`;
  return {
    ...local,
    bench,
    benchPort,
    otherSite: { merchant: otherSiteOrigin(local.merchant), bench: otherSiteOrigin(bench) },
  };
}

/** Newest modification time of the build's inputs (tests excluded, as in server/build.ts). */
function newestInput(): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (!/\.test\.tsx?$/.test(name)) visit(resolve(path, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const input of BUILD_INPUTS) visit(resolve(root, input));
  return newest;
}

/**
 * Builds the release flavour (whose sizes are reported) when it is missing or older than its
 * inputs. It has no gateway port in it, so file times tell whether it is current.
 */
function ensureReleaseBuild(version: string): boolean {
  const integrity = resolve(distDir('release', version), 'integrity.json');
  if (existsSync(integrity) && statSync(integrity).mtimeMs >= newestInput()) return false;
  console.log('Building the release flavour…');
  const result = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PANEL_FLAVOURS: 'release' },
  });
  if (result.status !== 0) throw new Error('The release build failed.');
  return true;
}

/** Replaces `%NAME%` in a bench page. */
function fillPage(template: string, values: Record<string, string>): string {
  return template.replace(/%([A-Z_]+)%/g, (whole, name: string) => values[name] ?? whole);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, () => {
      server.off('error', fail);
      done();
    });
  });
}

/**
 * Builds what is missing or stale (the local flavour for the benchmark's gateway port, the release
 * flavour), then starts the three origins and the bench page origin.
 * @param pageValues - filled into the pages' `%NAME%` placeholders, read at each request
 */
export async function startBenchServers(pageValues: () => Record<string, string>): Promise<BenchServers> {
  const origins = benchOrigins();
  const { version } = pkg;
  const built: string[] = [];
  // The local flavour carries the sandbox gateway's origin, so ports other than npm start's
  // need a build of their own.
  if (ensureLocalBuild(version)) built.push('local');
  if (ensureReleaseBuild(version)) built.push('release');
  const { cert, key } = ensureCertificate();
  const servers = await startServers({ origins, cert, key, version });
  const base = `${origins.assets}/payment-panel/${version}`;
  const constants = {
    ASSETS_ORIGIN: origins.assets,
    GATEWAY_ORIGIN: origins.gateway,
    PANEL_VERSION: version,
    BUNDLE_URL: `${base}/payment-panel.min.js`,
  };
  const pageServer = createServer({ cert, key }, (req, res) => {
    const { pathname } = new URL(req.url ?? '/', origins.bench);
    const name = /^\/([a-z0-9-]+\.html)$/.exec(pathname)?.[1];
    const file = name === undefined ? undefined : resolve(pagesDir, name);
    if (req.method !== 'GET' || file === undefined || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(fillPage(readFileSync(file, 'utf8'), { ...constants, ...pageValues() }));
  });
  try {
    await listen(pageServer, origins.benchPort);
  } catch (error) {
    await servers.close();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${origins.benchPort} is in use: set PANEL_BENCH_PORT to a free one.`)
      : error;
  }
  return {
    origins,
    version,
    bundleUrl: constants.BUNDLE_URL,
    hostedFieldFrameUrl: `${base}/html/hosted-fields-frame.min.html`,
    built,
    async close() {
      await Promise.all([
        servers.close(),
        new Promise<void>((done) => {
          pageServer.close(() => {
            done();
          });
          pageServer.closeAllConnections();
        }),
      ]);
    },
  };
}
