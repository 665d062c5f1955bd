/**
 * `npm run bench`: sizes, time to ready (with the card frames on the merchant page's site and on
 * another, in a process of their own), input latency, tokenization overhead and memory over
 * create/teardown cycles (with one key, and with a client token each), in headless Chromium over the local HTTPS origins. Prints a table,
 * writes bench-results.json at the repository root and, after a full run, the figures of
 * docs/benchmarks.md (between its bench-figures markers; see figures.ts).
 *
 * Starts its own servers (ports 9443–9446, see servers.ts), builds only what is missing or stale.
 * `--quick` takes fewer samples, below the counts the figures are specified for, to try changes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { launchBrowser } from './browser.ts';
import { writeFigures } from './figures.ts';
import { measureHeap } from './measure-heap.ts';
import { measureInput } from './measure-input.ts';
import { measureReady, type FloorPlans } from './measure-ready.ts';
import { measureTokenize } from './measure-tokenize.ts';
import { formatReport, goals, type BenchResults } from './report.ts';
import { startBenchServers } from './servers.ts';
import { checkNetwork, NETWORK_METHOD } from './network-check.ts';
import { measureBuild } from './sizes.ts';

const root = resolve(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const COUNTS = quick
  ? { readyRuns: 5, networkLoads: 1, keyPairs: 10, tokenizeRuns: 3, cycles: 10 }
  : { readyRuns: 21, networkLoads: 3, keyPairs: 60, tokenizeRuns: 11, cycles: 50 };

function commit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: 'pipe' })
      .toString()
      .trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, stdio: 'pipe' })
      .toString()
      .trim();
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/** JSON for an HTML `<script type="application/json">` block. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const floorPlans: FloorPlans = {};
const servers = await startBenchServers(() => ({ FLOOR: scriptJson(floorPlans) }));
const browser = await launchBrowser().catch(async (error: unknown) => {
  await servers.close();
  throw error;
});
let closing: Promise<unknown> | undefined;
const closeAll = (): Promise<unknown> => (closing ??= Promise.allSettled([browser.close(), servers.close()]));
const stop = (): void => {
  void closeAll().then(() => process.exit(130));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

try {
  const step = (text: string): void => {
    console.log(`… ${text}`);
  };
  const loadBefore = loadavg()[0] ?? 0;
  step('sizes');
  const sizes = {
    ...measureBuild(),
    method:
      'Each file compressed on its own, as a server sends it: gzip level 9 and brotli quality 11 (node:zlib). ' +
      'A frame page counts with every file it loads up front: the scripts, stylesheets and preloads of its ' +
      'HTML and the static imports of those modules, followed transitively. A kind of merchant counts the ' +
      'first script, the modules its options enable and the hosted-fields frame page with its files once ' +
      '(every card field loads the same files). 1 kB = 1000 B.',
  };
  step(
    `time to ready (${COUNTS.readyRuns} panel and ${COUNTS.readyRuns} floor loads per kind, same-site and cross-site)`,
  );
  const { result: ready, requests } = await measureReady(browser, servers, COUNTS.readyRuns, (id, plan) => {
    floorPlans[id] = plan;
  });
  step('network check');
  const frameFiles = sizes.pages[0]?.files.map((f) => f.file) ?? [];
  const network = {
    checks: await checkNetwork(browser, servers, frameFiles, requests, COUNTS.networkLoads),
    method: NETWORK_METHOD,
  };
  step(`input latency (${COUNTS.keyPairs * 4} keystrokes)`);
  const input = await measureInput(browser, servers, COUNTS.keyPairs);
  step(`tokenization (${COUNTS.tokenizeRuns} runs each)`);
  const tokenize = await measureTokenize(browser, servers, COUNTS.tokenizeRuns);
  step(`create/teardown (${COUNTS.cycles} cycles with one key, ${COUNTS.cycles} with a client token each)`);
  const heap = await measureHeap(browser, servers, COUNTS.cycles, 'one key');
  const heapTokens = await measureHeap(browser, servers, COUNTS.cycles, 'a token each');

  const cpu = cpus();
  const partial: Omit<BenchResults, 'goals'> = {
    version: servers.version,
    date: new Date().toISOString(),
    command: `npm run bench${quick ? ' -- --quick' : ''}`,
    environment: {
      node: process.version,
      chromium: browser.version(),
      cpus: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
      loadAverage: `${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`,
      busy: Math.max(loadBefore, loadavg()[0] ?? 0) > cpu.length,
      commit: commit(),
    },
    origins: {
      merchant: servers.origins.merchant,
      assets: servers.origins.assets,
      gateway: servers.origins.gateway,
      bench: servers.origins.bench,
      crossSiteMerchant: servers.origins.otherSite.merchant,
      crossSiteBench: servers.origins.otherSite.bench,
    },
    built: servers.built,
    sizes,
    ready,
    network,
    input,
    tokenize,
    heap,
    heapTokens,
  };
  const results: BenchResults = { ...partial, goals: goals(partial) };
  writeFileSync(resolve(root, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${formatReport(results)}\nWrote bench-results.json.`);
  if (quick) {
    console.log(
      'Quick run: fewer samples than the figures are specified for; docs/benchmarks.md is unchanged.',
    );
  } else {
    await writeFigures(resolve(root, 'docs/benchmarks.md'), results);
    console.log('Wrote the figures into docs/benchmarks.md.');
  }
} finally {
  await closeAll();
}
