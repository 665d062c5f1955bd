/**
 * Memory over create/teardown cycles: `paymentPanel.create({container, authorization})` until
 * ready, then `instance.teardown()`, in one page; the JS heap after a forced garbage collection,
 * read through the DevTools protocol (`performance.memory` is not there headless).
 */
import type { Browser, CDPSession } from '@playwright/test';
import { freshContext } from './browser.ts';
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
}

/** Results of the create/teardown measurement. */
export interface HeapResult {
  cycles: number;
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
  /** Panels and frames left in the page after the last teardown. */
  leftovers: { panels: number; frames: number };
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
  return {
    usedHeap: heap.usedSize,
    documents: counters.documents,
    nodes: counters.nodes,
    jsEventListeners: counters.jsEventListeners,
  };
}

/** Runs `cycles` create/teardown cycles in one page. */
export async function measureHeap(
  browser: Browser,
  servers: BenchServers,
  cycles: number,
): Promise<HeapResult> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${servers.origins.bench}/bundle.html`);
    await page.waitForFunction(() => 'paymentPanel' in window);
    const cdp = await context.newCDPSession(page);
    const cycle = (): Promise<number> =>
      page.evaluate(async (authorization) => {
        const start = performance.now();
        const instance = await window.paymentPanel.create({ container: '#container', authorization });
        await instance.teardown();
        return performance.now() - start;
      }, CARD_ONLY_KEY);

    const before = await heapPoint(cdp);
    const times = [await cycle()];
    const afterFirst = await heapPoint(cdp);
    const half = Math.floor(cycles / 2);
    for (let i = 1; i < half; i++) times.push(await cycle());
    const afterHalf = await heapPoint(cdp);
    for (let i = half; i < cycles; i++) times.push(await cycle());
    const after = await heapPoint(cdp);
    const leftovers = await page.evaluate(() => ({
      panels: document.querySelectorAll('payment-panel').length,
      frames: window.frames.length,
    }));
    await cdp.detach();
    times.sort((a, b) => a - b);
    return {
      cycles,
      before,
      afterFirst,
      afterHalf,
      after,
      growthPerCycle: Math.round((after.usedHeap - afterHalf.usedHeap) / (cycles - half)),
      leftovers,
      cycleMs: round(times[Math.floor(times.length / 2)] ?? 0),
      method:
        `${cycles} × (await paymentPanel.create({container, authorization: "${CARD_ONLY_KEY}"}) → await ` +
        'instance.teardown()) in one bench page loading the bundle. Heap: DevTools HeapProfiler.collectGarbage ' +
        "(twice) then Runtime.getHeapUsage().usedSize of the page's renderer; DOM counts from " +
        'Memory.getDOMCounters. Growth per cycle is over the second half of the cycles, after warm-up.',
    };
  } finally {
    await context.close();
  }
}
