/**
 * The figures a full benchmark run writes into docs/benchmarks.md: one paragraph and one table
 * between the page's `<!-- bench-figures -->` and `<!-- /bench-figures -->` markers. Everything
 * else of the page is written by hand and stays as it is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import type { HeapResult } from './measure-heap.ts';
import { readyLabel, type BenchResults } from './report.ts';
import { BUDGETS, GOALS, kB } from './sizes.ts';

/** The marker a run's figures follow. */
export const FIGURES_START = '<!-- bench-figures -->';

/** The marker that ends them. */
export const FIGURES_END = '<!-- /bench-figures -->';

/** The gzip size of a file of the release folder, by its name there. */
function gzipOf(r: BenchResults, file: string): number {
  return r.sizes.files.find((f) => f.file === file)?.gzip ?? Number.NaN;
}

/** `1.2 / 3.4 kB gzip`: the gzip sizes of several files, one unit at the end. */
function gzipList(sizes: readonly number[]): string {
  return `${sizes.map((size) => kB(size).replace(' kB', '')).join(' / ')} kB gzip`;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function ratio(value: number): string {
  return `${value.toFixed(2)} ×`;
}

/** The module files other than the panel's and the view's, without their folder and suffix. */
function walletModules(r: BenchResults): { names: string[]; gzip: number[] } {
  const modules = r.sizes.modules.filter(
    (m) => m.file !== 'modules/panel.min.js' && m.file !== 'modules/view.min.js',
  );
  return {
    names: modules.map((m) => m.file.replace(/^modules\//, '').replace(/\.min\.js$/, '')),
    gzip: modules.map((m) => m.gzip),
  };
}

/** `+1.3`: a run's heap growth per cycle once warm, in kB with its sign. */
function heapGrowth(heap: HeapResult): string {
  const growth = heap.growthPerCycle / 1000;
  return `${growth >= 0 ? '+' : '−'}${Math.abs(growth).toFixed(1)}`;
}

/** The paragraph and table of one run, in Markdown (before Prettier aligns the table). */
export function formatFigures(r: BenchResults): string {
  const merchant = (id: string): number =>
    r.sizes.merchants.find((m) => m.kind === id)?.total.gzip ?? Number.NaN;
  const wallets = walletModules(r);
  const network = r.network.checks.every((c) => c.ok)
    ? `as the table for all ${r.network.checks.length} kinds`
    : `mismatch: ${r.network.checks
        .filter((c) => !c.ok)
        .map((c) => c.label)
        .join(', ')}`;
  const rows: string[][] = [
    [
      '`payment-panel.min.js` (first script)',
      `${kB(r.sizes.firstScript.gzip)} gzip`,
      `budget ${kB(BUDGETS.firstScript)}`,
    ],
    [
      'hosted-fields frame page with its script',
      `${kB(r.sizes.pages[0]?.total.gzip ?? Number.NaN)} gzip`,
      `budget ${kB(BUDGETS.hostedFieldsFrame)}`,
    ],
    [
      '`modules/view.min.js` / `panel.min.js`',
      gzipList([gzipOf(r, 'modules/view.min.js'), gzipOf(r, 'modules/panel.min.js')]),
      '–',
    ],
    [`\`modules/${wallets.names.join('` / `')}\``, gzipList(wallets.gzip), '–'],
    [
      'card only, before `ready`',
      `${kB(merchant('card-only'))} gzip`,
      `budget ${kB(BUDGETS.cardOnly)}, goal ${kB(GOALS.cardOnly)}`,
    ],
    [
      'card + PayPal / every method, before `ready`',
      gzipList([merchant('card-paypal'), merchant('every-method')]),
      '–',
    ],
    ...r.ready.kinds.map((k) => [
      `time to \`ready\` vs the floor, ${readyLabel(k)} (medians of ${r.ready.runs})`,
      `${ms(k.panel.median)} vs ${ms(k.floor.median)}: ${ratio(k.ratio)}`,
      '≤ 1.3 ×',
    ]),
    ['requests before `ready`', network, 'as the table'],
    [
      `keystroke → field event, p50 / p95 (${r.input.keystrokes} keystrokes)`,
      `${ms(r.input.all.median)} / ${ms(r.input.all.p95)}`,
      'p95 ≤ 16 ms',
    ],
    [
      '`requestPaymentMethod()` vs the bare tokenize fetch',
      `${ms(r.tokenize.panel.median)} vs ${ms(r.tokenize.bare.median)}: ${ratio(r.tokenize.ratio)}`,
      '≤ 1.2 ×',
    ],
    ...[r.heap, r.heapTokens].map((heap) => [
      `${String(heap.cycles)} create/teardown cycles, ${heap.authorizations === 'one key' ? 'one tokenization key' : 'a client token each'}`,
      `${heapGrowth(heap)} kB heap per cycle once warm; ${String(heap.leftovers.panels)} panels, ` +
        `${String(heap.leftovers.frames)} frames and ${String(heap.leftovers.clients)} gateway clients left`,
      'nothing left',
    ]),
  ];
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  const env = r.environment;
  return [
    `Latest figures (commit \`${env.commit}\`, ${r.date.slice(0, 10)}; headless Chromium ${env.chromium} on ` +
      `${env.cpus}, load average ${env.loadAverage}), from \`${r.command}\`.` +
      (env.busy ? ' The machine was busy: timings are slower and noisier than on an idle one.' : ''),
    '',
    line(['measure', 'figure', 'goal / budget']),
    line(['---', '---', '---']),
    ...rows.map(line),
  ].join('\n');
}

/**
 * `markdown` with what stands between its figure markers replaced by `figures`.
 * @throws Error when the page does not have exactly one pair of markers, in that order
 */
export function replaceFigures(markdown: string, figures: string): string {
  const start = markdown.indexOf(FIGURES_START);
  const end = markdown.indexOf(FIGURES_END);
  if (
    start === -1 ||
    end < start ||
    markdown.indexOf(FIGURES_START, start + 1) !== -1 ||
    markdown.indexOf(FIGURES_END, end + 1) !== -1
  ) {
    throw new Error(`Expected one ${FIGURES_START} … ${FIGURES_END} pair of markers.`);
  }
  return `${markdown.slice(0, start + FIGURES_START.length)}\n\n${figures.trim()}\n\n${markdown.slice(end)}`;
}

/** Writes a run's figures into the page at `path`, formatted as the repository's Prettier does. */
export async function writeFigures(path: string, r: BenchResults): Promise<void> {
  const replaced = replaceFigures(readFileSync(path, 'utf8'), formatFigures(r));
  const options = (await resolveConfig(path)) ?? {};
  writeFileSync(path, await format(replaced, { ...options, filepath: path }));
}
