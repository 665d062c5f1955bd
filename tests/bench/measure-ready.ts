/**
 * Time to `ready`: from the moment the page starts fetching the first script to the element's
 * `ready` event (which waits for the card fields' frames), on the minimal merchant page, for the
 * card-only merchant and for the demo merchant with PayPal offered; beside a floor measured the same
 * way in the same run: a page that starts the same configuration call and loads the same frame
 * pages at once, from its first script. Each kind is measured with the pages on the card frames'
 * site and on another, where the frames run in a process of their own as on the provider's hosts
 * (frame-placement.ts), the loads of both interleaved.
 */
import type { Browser } from '@playwright/test';
import type { ReplayableRequest } from './browser.ts';
import { freshContext } from './browser.ts';
import { assertPlacement, PLACEMENTS, type Placement } from './frame-placement.ts';
import { CARD_ONLY_KEY, merchantKind, type MerchantKind } from './merchant-kinds.ts';
import { loadPanel, panelPagePath, type PanelLoad, type PanelMilestones } from './panel-load.ts';
import { benchPageOrigin, merchantOrigin, type BenchServers } from './servers.ts';
import { median, round, summarise, type Summary } from './stats.ts';

/** The kinds of merchant whose time to `ready` is measured (issue: card only, and with PayPal). */
export const READY_KINDS = ['card-only', 'card-paypal'] as const satisfies readonly MerchantKind['id'][];

/** What the floor page does for one kind, filled into tests/bench/pages/floor.html. */
export interface FloorPlan {
  config: ReplayableRequest;
  frameUrl: string;
  frames: number;
}

/** A floor plan's name: `card-only/cross-site`, the kind and the placement it stands beside. */
export type FloorPlanId = `${MerchantKind['id']}/${Placement}`;

/** Floor plans by {@link FloorPlanId}; the floor page picks one by its `plan` query parameter. */
export type FloorPlans = Partial<Record<FloorPlanId, FloorPlan>>;

/** Time to `ready` of one kind of merchant with its pages in one placement. */
export interface ReadyKindResult {
  kind: MerchantKind['id'];
  /** The kind's label (merchant-kinds.ts). */
  label: string;
  /** Where the merchant and floor pages were, to the card frames' site. */
  placement: Placement;
  /** The merchant page's origin. */
  origin: string;
  /** The merchant page, without its origin. */
  page: string;
  frames: number;
  /**
   * Whether the card frames ran in a process of their own, as every panel and floor load checked
   * (frame-placement.ts): true for `cross-site`, false for `same-site`, or the run failed.
   */
  framesInOwnProcess: boolean;
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

/**
 * One fresh load of the floor page of a kind and placement: script start → configuration fetched and
 * frames loaded. Its frames are checked to have run as the placement says, as the panel's are.
 */
async function loadFloor(
  browser: Browser,
  servers: BenchServers,
  plan: FloorPlanId,
  placement: Placement,
  frames: number,
): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${benchPageOrigin(servers.origins, placement)}/floor.html?plan=${plan}`);
    await page.waitForFunction(() => (window as unknown as FloorWindow).benchDone !== undefined, null, {
      timeout: TIMEOUT_MS,
    });
    const done = await page.evaluate(() => (window as unknown as FloorWindow).benchDone);
    if (done?.end === undefined) throw new Error(`The floor page failed: ${done?.error ?? 'unknown'}.`);
    await assertPlacement(browser, page, servers.hostedFieldFrameUrl, placement, frames, `The ${plan} floor`);
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

/** The loads of one placement of a kind so far. */
interface PlacementLoads {
  placement: Placement;
  plan: FloorPlanId;
  frames: number;
  panel: PanelLoad[];
  floor: number[];
}

/**
 * The order of one round's loads: both placements, each a panel and a floor load, so that over the
 * rounds neither placement nor the panel or the floor always runs right after the other. Even
 * rounds run same-site then cross-site, panel first; odd rounds the mirror image.
 */
export function roundOrder(round: number): { placement: Placement; load: 'panel' | 'floor' }[] {
  const loads = PLACEMENTS.flatMap((placement) =>
    (['panel', 'floor'] as const).map((load) => ({ placement, load })),
  );
  return round % 2 === 0 ? loads : loads.reverse();
}

/**
 * Measures, for each of {@link READY_KINDS} and each placement, `runs` panel loads and `runs` floor
 * loads, interleaved (after warm-up rounds that are not counted; see {@link roundOrder}), each in a
 * new browser context.
 * @param setFloor - hands a floor plan to the page server before its first floor load
 * @returns the results, and the assets requests of every panel load by kind (for the network check)
 */
export async function measureReady(
  browser: Browser,
  servers: BenchServers,
  runs: number,
  setFloor: (plan: FloorPlanId, floor: FloorPlan) => void,
): Promise<{ result: ReadyResult; requests: Map<MerchantKind['id'], string[][]> }> {
  const kinds: ReadyKindResult[] = [];
  const requests = new Map<MerchantKind['id'], string[][]>();
  for (const id of READY_KINDS) {
    const kind = merchantKind(id);
    const seen: string[][] = [];
    const byPlacement = new Map<Placement, PlacementLoads>();
    for (const placement of PLACEMENTS) {
      // The configuration request names the page's host, so each placement's floor replays its own.
      const first = await loadPanel(browser, servers, kind, placement);
      if (!first.config) throw new Error(`The ${kind.label} panel fetched no configuration.`);
      seen.push(first.assetRequests);
      const plan: FloorPlanId = `${id}/${placement}`;
      setFloor(plan, { config: first.config, frameUrl: servers.hostedFieldFrameUrl, frames: first.frames });
      byPlacement.set(placement, { placement, plan, frames: first.frames, panel: [], floor: [] });
    }
    for (let i = 0; i < WARMUP_RUNS + runs; i++) {
      for (const { placement, load } of roundOrder(i)) {
        const loads = byPlacement.get(placement);
        if (!loads) throw new Error(`No first load for ${placement}.`);
        if (load === 'floor') {
          const f = await loadFloor(browser, servers, loads.plan, placement, loads.frames);
          if (i >= WARMUP_RUNS) loads.floor.push(f);
          continue;
        }
        const p = await loadPanel(browser, servers, kind, placement);
        seen.push(p.assetRequests);
        if (p.frames !== loads.frames) {
          throw new Error(`The ${kind.label} panel loaded ${p.frames} frames, not ${loads.frames}.`);
        }
        if (i >= WARMUP_RUNS) loads.panel.push(p);
      }
    }
    requests.set(id, seen);
    for (const { placement, frames, panel, floor } of byPlacement.values()) {
      kinds.push({
        kind: id,
        label: kind.label,
        placement,
        origin: merchantOrigin(servers.origins, placement),
        page: panelPagePath(servers, kind),
        frames,
        framesInOwnProcess: panel.every((p) => p.framesInOwnProcess),
        panel: summarise(panel.map((p) => p.ready)),
        panelMilestones: medianMilestones(panel, kind),
        floor: summarise(floor),
        ratio: round(median(panel.map((p) => p.ready)) / median(floor), 2),
      });
    }
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
        'the configuration is read and every frame has fired load. Each kind twice: with the merchant and floor ' +
        "pages on localhost, the card frames' site, where the frames share the page's renderer process (same " +
        'site), and with the same pages at 127.0.0.1, another site, where Chromium runs them in a process of ' +
        "their own as on the provider's hosts (cross-site); after each load the browser's trace gives the " +
        'process of the page and of each card frame, and a load whose frames ran otherwise fails the run. Each ' +
        'load in a new browser context; each round a panel and a floor load of both placements, the order ' +
        `mirrored every other round; ${WARMUP_RUNS} warm-up rounds per kind not counted. Module and ` +
        'first-script script times are within long animation frames (≥ 50 ms) only.',
    },
    requests,
  };
}
