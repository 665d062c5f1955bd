/**
 * Time to `ready`: from the moment the page starts fetching the first script to the element's
 * `ready` event (which waits for the card fields' frames), on the minimal merchant page, for the
 * card-only merchant and for the demo merchant with PayPal offered; beside a floor measured the same
 * way in the same run: a page that starts the same configuration call and loads the same frame
 * pages at once, from its first script.
 */
import type { Browser } from '@playwright/test';
import type { ReplayableRequest } from './browser.ts';
import { freshContext } from './browser.ts';
import { CARD_ONLY_KEY, merchantKind, type MerchantKind } from './merchant-kinds.ts';
import { loadPanel, panelPagePath, type PanelLoad, type PanelMilestones } from './panel-load.ts';
import type { BenchServers } from './servers.ts';
import { median, round, summarise, type Summary } from './stats.ts';

/** The kinds of merchant whose time to `ready` is measured (issue: card only, and with PayPal). */
export const READY_KINDS = ['card-only', 'card-paypal'] as const satisfies readonly MerchantKind['id'][];

/** What the floor page does for one kind, filled into tests/bench/pages/floor.html. */
export interface FloorPlan {
  config: ReplayableRequest;
  frameUrl: string;
  frames: number;
}

/** Floor plans by kind id; the floor page picks one by its `kind` query parameter. */
export type FloorPlans = Partial<Record<MerchantKind['id'], FloorPlan>>;

/** Time to `ready` of one kind of merchant. */
export interface ReadyKindResult {
  kind: MerchantKind['id'];
  label: string;
  /** The merchant page, without its origin. */
  page: string;
  frames: number;
  /** First script fetch start → `ready`. */
  panel: Summary;
  /** Median milestones of the panel loads, ms after the first script's fetch started. */
  panelMilestones: PanelMilestones;
  /** Floor script start → configuration fetched and every frame loaded. */
  floor: Summary;
  /** Median panel / median floor. */
  ratio: number;
}

/** Results of the time-to-ready measurement. */
export interface ReadyResult {
  runs: number;
  kinds: ReadyKindResult[];
  method: string;
}

interface FloorWindow {
  benchDone?: { start: number; end?: number; error?: string };
}

const WARMUP_RUNS = 2;
const TIMEOUT_MS = 30_000;

/** One fresh load of the floor page of a kind: script start → configuration fetched and frames loaded. */
async function loadFloor(browser: Browser, servers: BenchServers, kind: MerchantKind['id']): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${servers.origins.bench}/floor.html?kind=${kind}`);
    await page.waitForFunction(() => (window as unknown as FloorWindow).benchDone !== undefined, null, {
      timeout: TIMEOUT_MS,
    });
    const done = await page.evaluate(() => (window as unknown as FloorWindow).benchDone);
    if (done?.end === undefined) throw new Error(`The floor page failed: ${done?.error ?? 'unknown'}.`);
    return done.end - done.start;
  } finally {
    await context.close();
  }
}

function medianMilestones(loads: readonly PanelLoad[], kind: MerchantKind): PanelMilestones {
  const of = (pick: (load: PanelLoad) => number): number => round(median(loads.map(pick)));
  return {
    bundleLoaded: of((l) => l.bundleLoaded),
    defined: of((l) => l.defined),
    configStart: of((l) => l.configStart),
    configEnd: of((l) => l.configEnd),
    framesStart: of((l) => l.framesStart),
    modulesRequested: Object.fromEntries(
      kind.modules.map((name) => [name, of((l) => l.modulesRequested[name] ?? Number.NaN)]),
    ),
    modulesLoaded: Object.fromEntries(
      kind.modules.map((name) => [name, of((l) => l.modulesLoaded[name] ?? Number.NaN)]),
    ),
    evaluation: of((l) => l.evaluation),
    otherScript: of((l) => l.otherScript),
    moduleScript: of((l) => l.moduleScript),
  };
}

/**
 * Measures, for each of {@link READY_KINDS}, `runs` panel loads and `runs` floor loads,
 * interleaved (after warm-up loads that are not counted), each in a new browser context.
 * @param setFloor - hands a kind's floor plan to the page server before its first floor load
 * @returns the results, and the assets requests of every panel load by kind (for the network check)
 */
export async function measureReady(
  browser: Browser,
  servers: BenchServers,
  runs: number,
  setFloor: (kind: MerchantKind['id'], plan: FloorPlan) => void,
): Promise<{ result: ReadyResult; requests: Map<MerchantKind['id'], string[][]> }> {
  const kinds: ReadyKindResult[] = [];
  const requests = new Map<MerchantKind['id'], string[][]>();
  for (const id of READY_KINDS) {
    const kind = merchantKind(id);
    const first = await loadPanel(browser, servers, kind);
    if (!first.config) throw new Error(`The ${kind.label} panel fetched no configuration.`);
    const seen = [first.assetRequests];
    setFloor(id, { config: first.config, frameUrl: servers.hostedFieldFrameUrl, frames: first.frames });
    const panel: PanelLoad[] = [];
    const floor: number[] = [];
    for (let i = 0; i < WARMUP_RUNS + runs; i++) {
      // Alternate which goes first so neither always runs right after the other.
      let p: PanelLoad;
      let f: number;
      if (i % 2 === 0) {
        p = await loadPanel(browser, servers, kind);
        f = await loadFloor(browser, servers, id);
      } else {
        f = await loadFloor(browser, servers, id);
        p = await loadPanel(browser, servers, kind);
      }
      seen.push(p.assetRequests);
      if (p.frames !== first.frames) {
        throw new Error(`The ${kind.label} panel loaded ${p.frames} frames, not ${first.frames}.`);
      }
      if (i < WARMUP_RUNS) continue;
      panel.push(p);
      floor.push(f);
    }
    requests.set(id, seen);
    kinds.push({
      kind: id,
      label: kind.label,
      page: panelPagePath(servers, kind),
      frames: first.frames,
      panel: summarise(panel.map((p) => p.ready)),
      panelMilestones: medianMilestones(panel, kind),
      floor: summarise(floor),
      ratio: round(median(panel.map((p) => p.ready)) / median(floor), 2),
    });
  }
  return {
    result: {
      runs,
      kinds,
      method:
        'Panel: /minimal.html on the merchant origin with <payment-panel> of the kind (card only: ' +
        `${CARD_ONLY_KEY}; card + PayPal: the demo merchant with paypal={"flow":"vault"}), ` +
        'from the first script\'s request start (resource timing) to the element\'s "ready" event, which waits for ' +
        'the card field frames. Floor: a page that, from its first script, starts the same configuration call to ' +
        'the gateway and, at the same time, loads as many hosted-fields frame pages from the assets origin, until ' +
        'the configuration is read and every frame has fired load. Each load in a new browser context; panel and ' +
        `floor loads interleaved; ${WARMUP_RUNS} warm-up pairs per kind not counted. Module and first-script ` +
        'script times are within long animation frames (≥ 50 ms) only.',
    },
    requests,
  };
}
