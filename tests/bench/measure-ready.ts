/**
 * Time to `ready`: from the moment the page starts fetching the bundle to the element's `ready`
 * event (which waits for the card fields' frames), on the minimal merchant page with the card-only
 * merchant; beside a floor measured the same way in the same run.
 */
import type { Browser, Page } from '@playwright/test';
import { freshContext, replayable, type ReplayableRequest } from './browser.ts';
import type { BenchServers } from './servers.ts';
import { median, round, summarise, type Summary } from './stats.ts';

/** The card-only sandbox merchant: number and expiration date, no challenges. */
export const CARD_ONLY_KEY = 'sandbox_c4rd0n1y_card_only_merchant';

/** What the floor page does, filled into tests/bench/pages/floor.html. */
export interface FloorPlan {
  config: ReplayableRequest;
  frameUrl: string;
  frames: number;
}

/** Milestones of one panel load, ms after the bundle's fetch started. */
interface PanelLoad {
  ready: number;
  bundleLoaded: number;
  /** `<payment-panel>` defined: the bundle has run. */
  defined: number;
  configStart: number;
  configEnd: number;
  framesStart: number;
  /** Script time of the bundle's own evaluation, within long animation frames (≥ 50 ms). */
  evaluation: number;
  /** Other script time of the bundle before `ready` (renders, handlers), within long animation frames. */
  otherScript: number;
}

/** Results of the time-to-ready measurement. */
export interface ReadyResult {
  runs: number;
  frames: number;
  /** Bundle fetch start → `ready`. */
  panel: Summary;
  /** Median milestones of the panel loads, ms after the bundle's fetch started. */
  panelMilestones: Omit<PanelLoad, 'ready'>;
  /** Floor script start → configuration fetched and every frame loaded. */
  floor: Summary;
  /** Median panel / median floor. */
  ratio: number;
  method: string;
}

/** What the page keeps of a `PerformanceScriptTiming` of a long animation frame. */
interface ScriptTiming {
  sourceURL: string;
  invokerType: string;
  startTime: number;
  duration: number;
}

interface BenchWindow {
  benchScripts?: ScriptTiming[];
  benchReady?: number;
  benchDefined?: number;
  benchError?: string;
  benchDone?: { start: number; end?: number; error?: string };
}

const WARMUP_RUNS = 2;
const TIMEOUT_MS = 30_000;

function minimalPageUrl(servers: BenchServers): string {
  return `${servers.origins.merchant}/minimal.html?authorization=${CARD_ONLY_KEY}`;
}

/** Records `ready` (or the first error) in the top window, from before any page script runs. */
async function recordReady(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window !== window.top) return;
    const w = window as unknown as BenchWindow;
    const scripts: ScriptTiming[] = [];
    w.benchScripts = scripts;
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries() as unknown as { scripts: ScriptTiming[] }[]) {
        for (const { sourceURL, invokerType, startTime, duration } of frame.scripts) {
          scripts.push({ sourceURL, invokerType, startTime, duration });
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    void customElements.whenDefined('payment-panel').then(() => {
      w.benchDefined = performance.now();
    });
    document.addEventListener(
      'ready',
      () => {
        w.benchReady = performance.now();
      },
      { once: true },
    );
    document.addEventListener('errorOccurred', (event) => {
      const detail = (event as CustomEvent<{ code?: string } | null>).detail;
      w.benchError = detail?.code ?? 'errorOccurred';
    });
  });
}

/** One fresh load of the minimal merchant page; also returns its configuration request. */
async function loadPanel(
  browser: Browser,
  servers: BenchServers,
): Promise<PanelLoad & { frames: number; config: ReplayableRequest | undefined }> {
  const context = await freshContext(browser);
  try {
    let config: ReplayableRequest | undefined;
    context.on('request', (request) => {
      if (request.url().includes('/client_api/v1/configuration')) config ??= replayable(request);
    });
    const page = await context.newPage();
    await recordReady(page);
    await page.goto(minimalPageUrl(servers));
    await page.waitForFunction(
      () => {
        const w = window as unknown as BenchWindow;
        return w.benchReady !== undefined || w.benchError !== undefined;
      },
      null,
      { timeout: TIMEOUT_MS },
    );
    const load = await page.evaluate((bundleUrl) => {
      const w = window as unknown as BenchWindow;
      if (w.benchError !== undefined || w.benchReady === undefined) {
        return { error: w.benchError ?? 'no ready' };
      }
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const bundle = entries.find((e) => e.name === bundleUrl);
      const config = entries.find((e) => e.name.includes('/client_api/v1/configuration'));
      const frames = entries.filter((e) => e.initiatorType === 'iframe');
      if (!bundle || !config || frames.length === 0) return { error: 'missing resource timing entries' };
      const start = bundle.startTime;
      const ready = w.benchReady;
      const bundleScripts = (w.benchScripts ?? []).filter(
        (t) => t.sourceURL === bundleUrl && t.startTime < ready,
      );
      // Sums inline: a named helper here would reach the page wrapped in tsx's name-keeping helper.
      const evaluation = bundleScripts
        .filter((t) => t.invokerType === 'classic-script')
        .reduce((total, t) => total + t.duration, 0);
      const allScript = bundleScripts.reduce((total, t) => total + t.duration, 0);
      return {
        ready: w.benchReady - start,
        bundleLoaded: bundle.responseEnd - start,
        defined: (w.benchDefined ?? Number.NaN) - start,
        configStart: config.startTime - start,
        configEnd: config.responseEnd - start,
        framesStart: Math.min(...frames.map((e) => e.startTime)) - start,
        evaluation,
        otherScript: allScript - evaluation,
        frames: document.querySelector('payment-panel')?.shadowRoot?.querySelectorAll('iframe').length ?? 0,
      };
    }, servers.bundleUrl);
    if ('error' in load) throw new Error(`The panel did not get ready: ${load.error}.`);
    return { ...load, config };
  } finally {
    await context.close();
  }
}

/** One fresh load of the floor page: script start → configuration fetched and frames loaded. */
async function loadFloor(browser: Browser, servers: BenchServers): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${servers.origins.bench}/floor.html`);
    await page.waitForFunction(() => (window as unknown as BenchWindow).benchDone !== undefined, null, {
      timeout: TIMEOUT_MS,
    });
    const done = await page.evaluate(() => (window as unknown as BenchWindow).benchDone);
    if (done?.end === undefined) throw new Error(`The floor page failed: ${done?.error ?? 'unknown'}.`);
    return done.end - done.start;
  } finally {
    await context.close();
  }
}

/**
 * Measures `runs` panel loads and `runs` floor loads, interleaved (after warm-up loads that are not
 * counted), each in a new browser context.
 * @param setFloor - hands the floor plan to the page server before the first floor load
 */
export async function measureReady(
  browser: Browser,
  servers: BenchServers,
  runs: number,
  setFloor: (plan: FloorPlan) => void,
): Promise<ReadyResult> {
  const first = await loadPanel(browser, servers);
  if (!first.config) throw new Error('The panel fetched no configuration.');
  setFloor({ config: first.config, frameUrl: servers.hostedFieldFrameUrl, frames: first.frames });
  const panel: PanelLoad[] = [];
  const floor: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + runs; i++) {
    // Alternate which goes first so neither always runs right after the other.
    let p: PanelLoad & { frames: number };
    let f: number;
    if (i % 2 === 0) {
      p = await loadPanel(browser, servers);
      f = await loadFloor(browser, servers);
    } else {
      f = await loadFloor(browser, servers);
      p = await loadPanel(browser, servers);
    }
    if (i < WARMUP_RUNS) continue;
    if (p.frames !== first.frames)
      throw new Error(`The panel loaded ${p.frames} frames, not ${first.frames}.`);
    panel.push(p);
    floor.push(f);
  }
  const panelSummary = summarise(panel.map((p) => p.ready));
  const floorSummary = summarise(floor);
  const milestone = (key: keyof Omit<PanelLoad, 'ready'>): number => round(median(panel.map((p) => p[key])));
  return {
    runs,
    frames: first.frames,
    panel: panelSummary,
    panelMilestones: {
      bundleLoaded: milestone('bundleLoaded'),
      defined: milestone('defined'),
      configStart: milestone('configStart'),
      configEnd: milestone('configEnd'),
      framesStart: milestone('framesStart'),
      evaluation: milestone('evaluation'),
      otherScript: milestone('otherScript'),
    },
    floor: floorSummary,
    ratio: round(median(panel.map((p) => p.ready)) / median(floor), 2),
    method:
      `Panel: /minimal.html on the merchant origin with <payment-panel authorization="${CARD_ONLY_KEY}">, ` +
      'from the bundle request start (resource timing) to the element\'s "ready" event, which waits for the ' +
      `${first.frames} card field frames. Floor: a page that, from its first script, fetches the same configuration ` +
      `URL from the gateway, then loads ${first.frames} hosted-field frame pages from the assets origin without ` +
      'joining, until their load events. Each load in a new browser context; panel and floor loads interleaved; ' +
      `${WARMUP_RUNS} warm-up pairs not counted.`,
  };
}
