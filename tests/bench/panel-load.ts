/**
 * One fresh load of demo/minimal.html for a kind of merchant (merchant-kinds.ts), until the element's
 * `ready`: its milestones from resource timing, its configuration request, and every file it
 * requested from the assets origin before `ready` (Playwright's request log, frames included). The
 * page is on the card frames' site or on another (frame-placement.ts); each load checks, after
 * `ready`, that its frames ran where that says.
 */
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Request } from '@playwright/test';
import { freshContext, replayable, type ReplayableRequest } from './browser.ts';
import { moduleFile, tokenizationKey, type MerchantKind } from './merchant-kinds.ts';
import { assertPlacement, type Placement } from './frame-placement.ts';
import { merchantOrigin, type BenchServers } from './servers.ts';

const root = resolve(import.meta.dirname, '../..');
const TIMEOUT_MS = 30_000;

/** Milestones of one panel load, ms after the first script's fetch started. */
export interface PanelMilestones {
  /** The first script's response ended. */
  bundleLoaded: number;
  /** `<payment-panel>` defined: the first script has run. */
  defined: number;
  configStart: number;
  configEnd: number;
  /** The first card field frame requested. */
  framesStart: number;
  /** Each module file's request started, by module name. */
  modulesRequested: Record<string, number>;
  /** Each module file's response ended, by module name. */
  modulesLoaded: Record<string, number>;
  /** Script time of the first script's own evaluation, within long animation frames (≥ 50 ms). */
  evaluation: number;
  /** Other script time of the first script before `ready` (handlers, timers), within long animation frames. */
  otherScript: number;
  /** Script time of the module files before `ready` (the view's render included), within long animation frames. */
  moduleScript: number;
}

/** One load of a merchant page. */
export interface PanelLoad extends PanelMilestones {
  /** First script fetch start → `ready`. */
  ready: number;
  /** Card field frames in the panel at `ready`. */
  frames: number;
  /** Whether every card frame ran in another renderer process than the page (frame-placement.ts). */
  framesInOwnProcess: boolean;
  config: ReplayableRequest | undefined;
  /**
   * Files requested from the assets origin before `ready`, in order, one entry per request, as paths
   * inside the versioned folder (query and hash left out); anything outside it as its path on the
   * origin, with a leading "/".
   */
  assetRequests: string[];
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
}

/** The merchant page of a kind: demo/minimal.html with an authorization and the kind's attributes. */
export function panelPageUrl(
  servers: BenchServers,
  kind: MerchantKind,
  authorization: string,
  placement: Placement = 'same-site',
): string {
  const query = new URLSearchParams({ authorization, ...kind.attributes });
  return `${merchantOrigin(servers.origins, placement)}/minimal.html?${query.toString()}`;
}

/** The merchant page of a kind as reports show it: path and query, a client token as a placeholder. */
export function panelPagePath(servers: BenchServers, kind: MerchantKind): string {
  const authorization = kind.authorization === 'client-token' ? '<client token>' : tokenizationKey(kind);
  return decodeURIComponent(
    panelPageUrl(servers, kind, authorization).slice(servers.origins.merchant.length),
  );
}

/** The authorization of one load: the key, or a client token the sandbox mints as a merchant server would. */
async function authorizationFor(
  context: BrowserContext,
  servers: BenchServers,
  kind: MerchantKind,
): Promise<string> {
  if (kind.authorization === 'tokenization-key') return tokenizationKey(kind);
  const response = await context.request.post(`${servers.origins.gateway}/sandbox/client_token`, {
    data: { merchantId: kind.merchant },
  });
  if (!response.ok()) throw new Error(`The sandbox minted no client token: ${response.status()}.`);
  return ((await response.json()) as { clientToken: string }).clientToken;
}

/** The versioned folder's URL on the assets origin, ending in "/". */
export function assetsFolder(servers: BenchServers): string {
  return new URL('./', servers.bundleUrl).href;
}

/**
 * A request's path inside the versioned folder (`modules/view.min.js`), or, outside it, its path on
 * the assets origin with its leading "/" (`/sandbox/data/logo.gif`).
 */
function assetPath(url: string, folder: string): string {
  const bare = url.replace(/[?#].*$/, '');
  return bare.startsWith(folder) ? bare.slice(folder.length) : new URL(bare).pathname;
}

/**
 * One fresh load of a kind's merchant page, until `ready`.
 * @param placement - the merchant page on the card frames' site, or on another
 * @throws Error when the page was not ready, or its card frames did not run as `placement` says
 */
export async function loadPanel(
  browser: Browser,
  servers: BenchServers,
  kind: MerchantKind,
  placement: Placement = 'same-site',
): Promise<PanelLoad> {
  const context = await freshContext(browser);
  try {
    let config: ReplayableRequest | undefined;
    const assets: { request: Request; seen: number }[] = [];
    context.on('request', (request) => {
      const url = request.url();
      if (url.includes('/client_api/v1/configuration')) config ??= replayable(request);
      if (url.startsWith(`${servers.origins.assets}/`)) assets.push({ request, seen: Date.now() });
    });
    const page = await context.newPage();
    if (kind.applePaySimulator)
      await page.addInitScript({ path: resolve(root, 'sandbox/stand-ins/apple-pay-simulator.js') });
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
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(panelPageUrl(servers, kind, await authorizationFor(context, servers, kind), placement));
    await page
      .waitForFunction(
        () => {
          const w = window as unknown as BenchWindow;
          return w.benchReady !== undefined || w.benchError !== undefined;
        },
        null,
        { timeout: TIMEOUT_MS },
      )
      .catch((error: unknown) => {
        // A broken build (e.g. one made with NODE_ENV other than production) fails here: say why.
        const errors = pageErrors.length > 0 ? `; errors in the page: ${pageErrors.join('; ')}` : '';
        throw new Error(`The ${kind.label} panel was not ready within ${TIMEOUT_MS / 1000} s${errors}.`, {
          cause: error,
        });
      });
    const folder = assetsFolder(servers);
    const moduleUrls = Object.fromEntries(kind.modules.map((name) => [name, folder + moduleFile(name)]));
    const load = await page.evaluate(
      ({ bundleUrl, moduleUrls }) => {
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
        const modulesRequested: Record<string, number> = {};
        const modulesLoaded: Record<string, number> = {};
        for (const [name, url] of Object.entries(moduleUrls)) {
          const entry = entries.find((e) => e.name === url);
          modulesRequested[name] = entry ? entry.startTime - start : Number.NaN;
          modulesLoaded[name] = entry ? entry.responseEnd - start : Number.NaN;
        }
        const before = (w.benchScripts ?? []).filter((t) => t.startTime < ready);
        const bundleScripts = before.filter((t) => t.sourceURL === bundleUrl);
        const moduleSources = Object.values(moduleUrls);
        // Sums inline: a named helper here would reach the page wrapped in tsx's name-keeping helper.
        const evaluation = bundleScripts
          .filter((t) => t.invokerType === 'classic-script')
          .reduce((total, t) => total + t.duration, 0);
        const allScript = bundleScripts.reduce((total, t) => total + t.duration, 0);
        const moduleScript = before
          .filter((t) => moduleSources.includes(t.sourceURL))
          .reduce((total, t) => total + t.duration, 0);
        return {
          ready: w.benchReady - start,
          readyAt: performance.timeOrigin + w.benchReady,
          bundleLoaded: bundle.responseEnd - start,
          defined: (w.benchDefined ?? Number.NaN) - start,
          configStart: config.startTime - start,
          configEnd: config.responseEnd - start,
          framesStart: Math.min(...frames.map((e) => e.startTime)) - start,
          modulesRequested,
          modulesLoaded,
          evaluation,
          otherScript: allScript - evaluation,
          moduleScript,
          frames:
            document
              .querySelector('payment-panel')
              ?.shadowRoot?.querySelectorAll('iframe[src*="hosted-fields-frame"]').length ?? 0,
        };
      },
      { bundleUrl: servers.bundleUrl, moduleUrls },
    );
    if ('error' in load) throw new Error(`The ${kind.label} panel did not get ready: ${load.error}.`);
    const processes = await assertPlacement(
      browser,
      page,
      servers.hostedFieldFrameUrl,
      placement,
      load.frames,
      `The ${kind.label} panel`,
    );
    const { readyAt, ...milestones } = load;
    // The browser's own request start (wall clock) where Playwright has it, else when Node heard of it.
    const startOf = ({ request, seen }: { request: Request; seen: number }): number => {
      const { startTime } = request.timing();
      return startTime > 0 ? startTime : seen;
    };
    const assetRequests = assets
      .filter((a) => startOf(a) <= readyAt)
      .map((a) => assetPath(a.request.url(), folder));
    return {
      ...milestones,
      framesInOwnProcess: processes.frames.every((process) => process !== processes.page),
      config,
      assetRequests,
    };
  } finally {
    await context.close();
  }
}
