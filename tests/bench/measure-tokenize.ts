/**
 * Tokenization overhead: `requestPaymentMethod()` for a filled card against a bare `fetch` of the
 * same gateway call from a page on the assets origin (where the frame that tokenizes lives).
 */
import type { Browser } from '@playwright/test';
import { CardFields, VISA } from '../e2e/models/card-fields.ts';
import { freshContext, replayable, type ReplayableRequest } from './browser.ts';
import { CARD_ONLY_KEY } from './merchant-kinds.ts';
import type { BenchServers } from './servers.ts';
import { median, round, summarise, type Summary } from './stats.ts';

/** Results of the tokenization measurement. */
export interface TokenizeResult {
  runs: number;
  /** The fields the card-only merchant's sheet showed. */
  fields: string[];
  panel: Summary;
  /** Medians, ms after the call: the frame's gateway request started and answered. */
  panelRequest: { start: number; end: number };
  bare: Summary;
  /** Median panel / median bare fetch. */
  ratio: number;
  method: string;
}

const TOKENIZE_PATH = '/payment_methods/credit_cards';
const WARMUP_RUNS = 1;

interface PanelRun {
  ms: number;
  /** When the tokenizing frame's request to the gateway started and ended, ms after the call. */
  requestStart: number;
  requestEnd: number;
  fields: string[];
  tokenize: ReplayableRequest;
  config: ReplayableRequest;
}

/** One fresh panel: fill the card, then time `requestPaymentMethod()` in the page. */
async function panelRun(browser: Browser, servers: BenchServers): Promise<PanelRun> {
  const context = await freshContext(browser);
  try {
    let tokenize: ReplayableRequest | undefined;
    let config: ReplayableRequest | undefined;
    context.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes(TOKENIZE_PATH))
        tokenize ??= replayable(request);
      if (request.url().includes('/client_api/v1/configuration')) config ??= replayable(request);
    });
    const page = await context.newPage();
    await page.goto(`${servers.origins.merchant}/minimal.html?authorization=${CARD_ONLY_KEY}`);
    const card = new CardFields(page);
    await card.ready();
    const fields = await page
      .locator('payment-panel iframe[name^="payment-panel-hosted-field-"]')
      .evaluateAll((frames) =>
        frames.map(
          (f) => /^payment-panel-hosted-field-([a-zA-Z]+)-/.exec(f.getAttribute('name') ?? '')?.[1] ?? '?',
        ),
      );
    await card.fill(VISA);
    await page.waitForFunction(() => document.querySelector('payment-panel')?.isPaymentMethodRequestable());
    const result = await page.evaluate(async () => {
      const element = document.querySelector('payment-panel');
      if (!element) throw new Error('No <payment-panel> in the page.');
      const start = performance.now();
      const payload = await element.requestPaymentMethod();
      return { ms: performance.now() - start, at: performance.timeOrigin + start, nonce: payload.nonce };
    });
    if (!result.nonce) throw new Error('requestPaymentMethod() gave no nonce.');
    if (!tokenize || !config) throw new Error('The tokenize or configuration request was not seen.');
    // The request as the tokenizing frame's own resource timing saw it, on the page's clock.
    const frameTimings = await Promise.all(
      page
        .frames()
        .filter((f) => f.url().startsWith(servers.hostedFieldFrameUrl))
        .map((f) =>
          f.evaluate((path) => {
            const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(path)) as
              PerformanceResourceTiming | undefined;
            return entry
              ? {
                  start: performance.timeOrigin + entry.startTime,
                  end: performance.timeOrigin + entry.responseEnd,
                }
              : null;
          }, TOKENIZE_PATH),
        ),
    );
    const request = frameTimings.find((t) => t !== null);
    if (!request) throw new Error('No frame made the tokenize request.');
    return {
      ms: result.ms,
      requestStart: request.start - result.at,
      requestEnd: request.end - result.at,
      fields,
      tokenize,
      config,
    };
  } finally {
    await context.close();
  }
}

/**
 * One fresh page on the assets origin: the configuration fetched first as the panel's page did (a
 * warm connection), then the tokenize call timed.
 */
async function bareRun(
  browser: Browser,
  servers: BenchServers,
  config: ReplayableRequest,
  tokenize: ReplayableRequest,
): Promise<number> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    // The frame page itself, not joined to any panel: an inert page of the assets origin.
    await page.goto(servers.hostedFieldFrameUrl);
    const result = await page.evaluate(
      // No named helpers in here: the page would not know the name-keeping wrapper tsx adds to them.
      async ({ config, tokenize }) => {
        const warm = await fetch(config.url, {
          method: config.method,
          headers: config.headers,
          body: config.body,
          credentials: 'omit',
        });
        await warm.text();
        const start = performance.now();
        const response = await fetch(tokenize.url, {
          method: tokenize.method,
          headers: tokenize.headers,
          body: tokenize.body,
          credentials: 'omit',
        });
        const data = (await response.json()) as { creditCards?: { nonce?: string }[] };
        return {
          ms: performance.now() - start,
          status: response.status,
          nonce: data.creditCards?.[0]?.nonce,
        };
      },
      { config, tokenize },
    );
    if (result.status !== 201 && result.status !== 200) {
      throw new Error(`The bare tokenize call answered ${result.status}.`);
    }
    if (!result.nonce) throw new Error('The bare tokenize call gave no nonce.');
    return result.ms;
  } finally {
    await context.close();
  }
}

/** Interleaves `runs` panel runs and `runs` bare runs, after uncounted warm-up runs. */
export async function measureTokenize(
  browser: Browser,
  servers: BenchServers,
  runs: number,
): Promise<TokenizeResult> {
  const first = await panelRun(browser, servers);
  const panel: PanelRun[] = [];
  const bare: number[] = [];
  for (let i = 0; i < WARMUP_RUNS + runs; i++) {
    const p = await panelRun(browser, servers);
    const b = await bareRun(browser, servers, first.config, first.tokenize);
    if (i < WARMUP_RUNS) continue;
    panel.push(p);
    bare.push(b);
  }
  return {
    runs,
    fields: first.fields,
    panel: summarise(panel.map((p) => p.ms)),
    panelRequest: {
      start: round(median(panel.map((p) => p.requestStart))),
      end: round(median(panel.map((p) => p.requestEnd))),
    },
    bare: summarise(bare),
    ratio: round(median(panel.map((p) => p.ms)) / median(bare), 2),
    method:
      `Panel: minimal page with the card-only merchant, fields (${first.fields.join(', ')}) typed with the Visa ` +
      'test card, then performance.now() around await element.requestPaymentMethod() in the page. Bare: a ' +
      'page on the assets origin fetches the configuration (as the panel page did), then times fetch() + ' +
      'json() of the identical tokenize request (URL, headers, body captured from the panel). A new browser ' +
      `context per run; runs interleaved, ${WARMUP_RUNS} warm-up pair not counted.`,
  };
}
