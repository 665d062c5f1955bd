/**
 * Where the card frames run, as the benchmark measures `ready` both ways. On the provider's hosts the
 * frames are on another site than the merchant page, so Chromium's site isolation runs them in a
 * renderer process of their own; with every local origin on `localhost` they share the page's process
 * and its main thread. The cross-site loads open the same merchant page at `127.0.0.1` instead: the
 * assets and the gateway stay on `localhost`, one site as the provider's assets and API hosts are one,
 * and the build is the same, as nothing of the panel names the merchant's origin.
 *
 * Every measured load reads the process of the page and of each card frame from Chromium's own trace
 * and fails when the placement is not the one its figure is labelled with.
 */
import type { Browser, Page } from '@playwright/test';

/** How the merchant page stands to the card frames' site. */
export type Placement = 'same-site' | 'cross-site';

/** Both placements, in the order reports show them. */
export const PLACEMENTS = ['same-site', 'cross-site'] as const satisfies readonly Placement[];

/** How reports name a placement. */
export const PLACEMENT_LABELS: Readonly<Record<Placement, string>> = {
  'same-site': "frames on the page's site",
  'cross-site': 'frames on another site',
};

/** The host the cross-site loads open the merchant's and the bench's pages at. */
export const OTHER_SITE_HOST = '127.0.0.1';

/**
 * `origin` with {@link OTHER_SITE_HOST} for its `localhost`, its port kept: another site to the
 * browser (an IP address is a site of its own), served by the same server, and covered by the
 * local certificate (server/certs.ts).
 * @throws Error when the origin is not an `https` origin on `localhost`
 */
export function otherSiteOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' || url.hostname !== 'localhost' || url.origin !== origin) {
    throw new Error(`Expected an https origin on localhost, not "${origin}".`);
  }
  url.hostname = OTHER_SITE_HOST;
  return url.origin;
}

/** The renderer processes of a page and of its card frames. */
export interface FrameProcesses {
  /** The process of the frames' parent, the page. */
  page: number;
  /** The process of each card frame, in the browser's frame order. */
  frames: number[];
}

/** A frame as Chromium's `TracingStartedInBrowser` trace event lists it. */
interface TracedFrame {
  frame: string;
  parent?: string;
  url: string;
  processId: number;
}

/** A trace event, as far as this module reads one. */
export interface TraceEvent {
  name?: string;
  args?: { data?: { frames?: unknown } };
}

function isTracedFrame(value: unknown): value is TracedFrame {
  if (typeof value !== 'object' || value === null) return false;
  const frame = value as Record<string, unknown>;
  return (
    typeof frame.frame === 'string' &&
    typeof frame.url === 'string' &&
    typeof frame.processId === 'number' &&
    (frame.parent === undefined || typeof frame.parent === 'string')
  );
}

/** The URL without its query and hash, as the trace lists a frame. */
function bare(url: string): string {
  return url.replace(/[?#].*$/, '');
}

/**
 * The processes of the frames of `frameUrl` (query and hash left out) and of their parent page, from
 * the frames Chromium lists when tracing starts (`TracingStartedInBrowser`, each frame with its
 * process id).
 * @throws Error when the trace lists no such frame, or frames of more than one parent
 */
export function frameProcessesOf(events: readonly TraceEvent[], frameUrl: string): FrameProcesses {
  const started = events.find((e) => e.name === 'TracingStartedInBrowser' && e.args?.data?.frames);
  const listed = started?.args?.data?.frames;
  const frames = Array.isArray(listed) ? listed.filter(isTracedFrame) : [];
  const cards = frames.filter((f) => bare(f.url) === bare(frameUrl));
  const parents = new Set(cards.map((f) => f.parent));
  const [parentId] = parents;
  const parent = frames.find((f) => f.frame === parentId);
  if (cards.length === 0 || parents.size !== 1 || parent === undefined) {
    throw new Error(
      `The browser's trace lists ${String(cards.length)} frames of ${bare(frameUrl)} under ${String(parents.size)} parents.`,
    );
  }
  return { page: parent.processId, frames: cards.map((f) => f.processId) };
}

/**
 * What is wrong with where the frames ran, for a load labelled `placement` that had `expected` card
 * frames; `undefined` when nothing is: same-site frames share the page's process, cross-site frames
 * each run in another.
 */
export function placementError(
  placement: Placement,
  processes: FrameProcesses,
  expected: number,
): string | undefined {
  const { page, frames } = processes;
  if (frames.length !== expected) {
    return `expected ${String(expected)} card frames, the browser listed ${String(frames.length)}`;
  }
  const inPage = frames.filter((process) => process === page).length;
  if (placement === 'same-site' && inPage !== frames.length) {
    return `${String(frames.length - inPage)} of ${String(frames.length)} same-site card frames ran outside the page's process ${String(page)}`;
  }
  if (placement === 'cross-site' && inPage !== 0) {
    return `${String(inPage)} of ${String(frames.length)} cross-site card frames ran in the page's process ${String(page)}: no site isolation`;
  }
  return undefined;
}

/**
 * The processes of `page` and of its frames of `frameUrl`, read from a trace started and stopped at
 * once (Chromium only); call it after the measurement, as tracing costs time.
 */
export async function frameProcesses(
  browser: Browser,
  page: Page,
  frameUrl: string,
): Promise<FrameProcesses> {
  // Frames with their process ids are in the trace's metadata, which only this category writes.
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents?: TraceEvent[] };
  return frameProcessesOf(trace.traceEvents ?? [], frameUrl);
}

/**
 * Fails a load whose `expected` card frames did not run as `placement` says.
 * @param what - the load, as the error names it
 * @returns the processes the browser reported
 * @throws Error naming the load and what was wrong
 */
export async function assertPlacement(
  browser: Browser,
  page: Page,
  frameUrl: string,
  placement: Placement,
  expected: number,
  what: string,
): Promise<FrameProcesses> {
  const processes = await frameProcesses(browser, page, frameUrl);
  const error = placementError(placement, processes, expected);
  if (error !== undefined) throw new Error(`${what} (${PLACEMENT_LABELS[placement]}): ${error}.`);
  return processes;
}
