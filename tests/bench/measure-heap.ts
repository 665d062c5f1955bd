/**
 * Memory over create/teardown cycles: `paymentPanel.create({container, authorization})` until
 * ready, then `instance.teardown()`, in one page; the JS heap after a forced garbage collection,
 * read through the DevTools protocol (`performance.memory` is not there headless). Run twice: with
 * one tokenization key for every cycle, and with a client token of its own for each cycle, as a
 * single-page app fetches one per checkout (each a gateway client of its own).
 */
import type { Browser, BrowserContext, CDPSession } from '@playwright/test';
import { freshContext } from './browser.ts';
import { MERCHANTS } from '../../sandbox/merchants.ts';
import { CARD_ONLY_KEY } from './merchant-kinds.ts';
import type { BenchServers } from './servers.ts';
import { round } from './stats.ts';

/** Heap and DOM counts at one point. */
export interface HeapPoint {
  /** Used JS heap, bytes. */
  usedHeap: number;
  documents: number;
  nodes: number;
  jsEventListeners: number;
  /** `pagehide` listeners on the window: each gateway client the page keeps has one. */
  pagehideListeners: number;
}

/** Which authorizations the cycles use. */
export type HeapAuthorizations = 'one key' | 'a token each';

/** Results of the create/teardown measurement. */
export interface HeapResult {
  cycles: number;
  authorizations: HeapAuthorizations;
  /** After the bundle loaded, before any panel. */
  before: HeapPoint;
  /** After the first cycle (caches that live for the page, e.g. the shared stylesheet, exist now). */
  afterFirst: HeapPoint;
  /** After half the cycles. */
  afterHalf: HeapPoint;
  /** After every cycle. */
  after: HeapPoint;
  /**
   * (after − afterHalf) / (cycles − half), bytes: growth once code caches have warmed up, which a
   * leak keeps up and warm-up does not.
   */
  growthPerCycle: number;
  /**
   * What is left in the page after the last teardown: panels, frames, and gateway clients (the
   * `pagehide` listeners beyond those before the first panel).
   */
  leftovers: { panels: number; frames: number; clients: number };
  /** Median time of one cycle, ms. */
  cycleMs: number;
  method: string;
}

async function heapPoint(cdp: CDPSession): Promise<HeapPoint> {
  // Twice, with a pause: finalizers and teardown timers may free more on the second pass.
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((done) => setTimeout(done, 200));
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  const { result } = await cdp.send('Runtime.evaluate', { expression: 'window', objectGroup: 'bench' });
  const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId ?? '' });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'bench' });
  return {
    usedHeap: heap.usedSize,
    documents: counters.documents,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
    pagehideListeners: listeners.filter((listener) => listener.type === 'pagehide').length,
  };
}

/** The merchant of {@link CARD_ONLY_KEY}, whose client tokens the second run mints. */
const CARD_ONLY_MERCHANT = MERCHANTS.card_only_merchant.merchantId;

/** `count` client tokens of the card-only merchant, all different, as its server would mint them. */
async function mintClientTokens(context: BrowserContext, gateway: string, count: number): Promise<string[]> {
  const tokens = new Set<string>();
  while (tokens.size < count) {
    const response = await context.request.post(`${gateway}/sandbox/client_token`, {
      data: { merchantId: CARD_ONLY_MERCHANT },
    });
    if (!response.ok())
      throw new Error(`The sandbox minted no client token: HTTP ${String(response.status())}.`);
    tokens.add(((await response.json()) as { clientToken: string }).clientToken);
  }
  return [...tokens];
}

/** Runs `cycles` create/teardown cycles in one page, with one key or a client token each. */
export async function measureHeap(
  browser: Browser,
  servers: BenchServers,
  cycles: number,
  authorizations: HeapAuthorizations = 'one key',
): Promise<HeapResult> {
  const context = await freshContext(browser);
  try {
    const tokens =
      authorizations === 'one key' ? [] : await mintClientTokens(context, servers.origins.gateway, cycles);
    const page = await context.newPage();
    await page.goto(`${servers.origins.bench}/bundle.html`);
    await page.waitForFunction(() => 'paymentPanel' in window);
    const cdp = await context.newCDPSession(page);
    let made = 0;
    const cycle = (): Promise<number> =>
      page.evaluate(async (authorization) => {
        const start = performance.now();
        const instance = await window.paymentPanel.create({ container: '#container', authorization });
        await instance.teardown();
        return performance.now() - start;
      }, tokens[made++] ?? CARD_ONLY_KEY);

    const before = await heapPoint(cdp);
    const times = [await cycle()];
    const afterFirst = await heapPoint(cdp);
    const half = Math.floor(cycles / 2);
    for (let i = 1; i < half; i++) times.push(await cycle());
    const afterHalf = await heapPoint(cdp);
    for (let i = half; i < cycles; i++) times.push(await cycle());
    const after = await heapPoint(cdp);
    const left = await page.evaluate(() => ({
      panels: document.querySelectorAll('payment-panel').length,
      frames: window.frames.length,
    }));
    await cdp.detach();
    times.sort((a, b) => a - b);
    const authorization =
      authorizations === 'one key'
        ? `authorization: "${CARD_ONLY_KEY}"`
        : `authorization: a client token of ${CARD_ONLY_MERCHANT} minted for this cycle (POST /sandbox/client_token, all minted before the first cycle)`;
    return {
      cycles,
      authorizations,
      before,
      afterFirst,
      afterHalf,
      after,
      growthPerCycle: Math.round((after.usedHeap - afterHalf.usedHeap) / (cycles - half)),
      leftovers: { ...left, clients: after.pagehideListeners - before.pagehideListeners },
      cycleMs: round(times[Math.floor(times.length / 2)] ?? 0),
      method:
        `${cycles} × (await paymentPanel.create({container, ${authorization}}) → await ` +
        'instance.teardown()) in one bench page loading the bundle. Heap: DevTools HeapProfiler.collectGarbage ' +
        "(twice) then Runtime.getHeapUsage().usedSize of the page's renderer; DOM counts from " +
        "Memory.getDOMCounters; the window's pagehide listeners (one per gateway client the page keeps) from " +
        'DOMDebugger.getEventListeners. Growth per cycle is over the second half of the cycles, after warm-up.',
    };
  } finally {
    await context.close();
  }
}
