/**
 * The network check: the files each kind of merchant's page requested from the assets origin before
 * `ready`, against what merchant-kinds.ts says it downloads (the table the size report counts).
 */
import type { Browser } from '@playwright/test';
import { filesBeforeReady, MERCHANT_KINDS, type MerchantKind } from './merchant-kinds.ts';
import { loadPanel } from './panel-load.ts';
import type { BenchServers } from './servers.ts';

/** What one kind's loads requested, against the table. */
export interface NetworkCheck {
  kind: MerchantKind['id'];
  label: string;
  /** Loads whose requests were compared. */
  loads: number;
  /** The table's files, each once. */
  expected: string[];
  /** Files of the table that some load did not request. */
  missing: string[];
  /** Files some load requested that the table does not list. */
  unexpected: string[];
  /**
   * Requests to the assets origin outside the versioned folder, not published files (the sandbox's
   * Kount data path, which the provider's assets host serves too); listed, not compared.
   */
  outside: string[];
  /** Requests per file in the first load (a frame page and its script once per card field). */
  requests: Record<string, number>;
  /** Loads that differed from the table. */
  mismatchedLoads: number;
  ok: boolean;
}

/**
 * Compares the assets requests of some loads of a kind with the table.
 * @param frameFiles - the hosted-fields frame page and the files it loads (sizes.ts)
 */
export function compareRequests(
  kind: MerchantKind,
  frameFiles: readonly string[],
  loads: readonly (readonly string[])[],
): NetworkCheck {
  const expected = filesBeforeReady(kind, frameFiles);
  const missing = new Set<string>();
  const unexpected = new Set<string>();
  const outside = new Set<string>();
  let mismatchedLoads = 0;
  for (const requested of loads) {
    for (const path of requested.filter((p) => p.startsWith('/'))) outside.add(path);
    const set = new Set(requested.filter((p) => !p.startsWith('/')));
    const loadMissing = expected.filter((file) => !set.has(file));
    const loadUnexpected = [...set].filter((file) => !expected.includes(file));
    for (const file of loadMissing) missing.add(file);
    for (const file of loadUnexpected) unexpected.add(file);
    if (loadMissing.length + loadUnexpected.length > 0) mismatchedLoads++;
  }
  const requests: Record<string, number> = {};
  for (const file of loads[0] ?? []) requests[file] = (requests[file] ?? 0) + 1;
  return {
    kind: kind.id,
    label: kind.label,
    loads: loads.length,
    expected,
    missing: [...missing],
    unexpected: [...unexpected],
    outside: [...outside],
    requests,
    mismatchedLoads,
    ok: loads.length > 0 && mismatchedLoads === 0,
  };
}

/** Prints a mismatch so that nobody misses it. */
export function shoutMismatch(check: NetworkCheck): void {
  if (check.ok) return;
  const bar = '!'.repeat(100);
  console.error(
    [
      bar,
      `!! NETWORK CHECK MISMATCH: the ${check.label} page (${check.mismatchedLoads} of ${check.loads} loads) ` +
        'did not request what tests/bench/merchant-kinds.ts says it downloads before ready.',
      `!!   requested but not in the table: ${check.unexpected.join(', ') || 'none'}`,
      `!!   in the table but not requested: ${check.missing.join(', ') || 'none'}`,
      '!! The per-merchant size totals are wrong until the table or the product is fixed.',
      bar,
    ].join('\n'),
  );
}

/**
 * Loads the page of each kind not checked yet `loads` times and compares its requests with the
 * table; `done` holds the assets requests of loads already made (by the time-to-ready measurement).
 */
export async function checkNetwork(
  browser: Browser,
  servers: BenchServers,
  frameFiles: readonly string[],
  done: ReadonlyMap<MerchantKind['id'], readonly (readonly string[])[]>,
  loads: number,
): Promise<NetworkCheck[]> {
  const checks: NetworkCheck[] = [];
  for (const kind of MERCHANT_KINDS) {
    let requested = done.get(kind.id) ?? [];
    if (requested.length === 0) {
      const fresh: string[][] = [];
      for (let i = 0; i < loads; i++) fresh.push((await loadPanel(browser, servers, kind)).assetRequests);
      requested = fresh;
    }
    const check = compareRequests(kind, frameFiles, requested);
    shoutMismatch(check);
    checks.push(check);
  }
  return checks;
}

/** How the check works, for the report. */
export const NETWORK_METHOD =
  'Playwright request log of the browser context (the page and its frames): every request to the assets ' +
  'origin whose start (the browser\'s wall clock) is not after "ready", as a path inside the versioned ' +
  'folder, compared per load with the files tests/bench/merchant-kinds.ts lists for that kind (the first ' +
  'script, its modules, the hosted-fields frame page and its files). Requests outside the versioned folder ' +
  '(the Kount data path of the data collector) are listed, not compared. The time-to-ready loads (warm-up ' +
  'included) are checked for the kinds they measure; the other kinds get loads of their own.';
