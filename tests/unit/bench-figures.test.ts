// @vitest-environment node
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { FIGURES_END, FIGURES_START, formatFigures, replaceFigures, writeFigures } from '../bench/figures.ts';
import type { BenchResults } from '../bench/report.ts';

const PAGE = resolve(import.meta.dirname, '../../docs/benchmarks.md');

const size = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: gzip - 100 });
const summary = (median: number) => ({ n: 21, median, p95: median + 5, min: median - 5, max: median + 10 });
const file = (name: string, gzip: number) => ({ file: name, ...size(gzip) });

/** A run's results, with what the figures read. */
const results = {
  version: '1.9.2',
  date: '2026-11-25T12:00:00.000Z',
  command: 'npm run bench',
  environment: {
    node: 'v20.0.0',
    chromium: '140.0.0.0',
    cpus: '2 × Test CPU',
    loadAverage: '0.3 at the start, 4.6 at the end',
    busy: false,
    commit: 'abc1234',
  },
  sizes: {
    firstScript: file('payment-panel.min.js', 19_500),
    files: [file('modules/view.min.js', 75_200), file('modules/panel.min.js', 6_000)],
    modules: [
      file('modules/panel.min.js', 6_000),
      file('modules/view.min.js', 75_200),
      file('modules/paypal.min.js', 3_500),
      file('modules/apple-pay.min.js', 2_000),
    ],
    pages: [{ page: 'html/hosted-fields-frame.min.html', files: [], total: size(14_000), lazy: [] }],
    merchants: [
      { kind: 'card-only', label: 'card only', files: [], total: size(114_700) },
      { kind: 'card-paypal', label: 'card + PayPal', files: [], total: size(118_200) },
      { kind: 'every-method', label: 'every method', files: [], total: size(124_800) },
    ],
  },
  ready: {
    runs: 21,
    kinds: [
      {
        kind: 'card-only',
        label: 'card only',
        placement: 'same-site',
        panel: summary(190.1),
        floor: summary(78.6),
        ratio: 2.418,
      },
      {
        kind: 'card-only',
        label: 'card only',
        placement: 'cross-site',
        panel: summary(150.2),
        floor: summary(120.4),
        ratio: 1.247,
      },
    ],
  },
  network: { checks: [{ label: 'card only', ok: true }] },
  input: { keystrokes: 240, all: { ...summary(15.9), p95: 16.3 } },
  tokenize: { panel: summary(14.8), bare: summary(5), ratio: 2.96 },
  heap: {
    cycles: 50,
    authorizations: 'one key',
    growthPerCycle: 600,
    leftovers: { panels: 0, frames: 0, clients: 0 },
  },
  heapTokens: {
    cycles: 50,
    authorizations: 'a token each',
    growthPerCycle: -200,
    leftovers: { panels: 0, frames: 0, clients: 0 },
  },
} as unknown as BenchResults;

describe('the figures of docs/benchmarks.md', () => {
  it('has one pair of markers', () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(page.split(FIGURES_START)).toHaveLength(2);
    expect(page.split(FIGURES_END)).toHaveLength(2);
    expect(page.indexOf(FIGURES_START)).toBeLessThan(page.indexOf(FIGURES_END));
  });

  it('formats a run as a paragraph and a table', () => {
    const figures = formatFigures(results);
    expect(figures).toContain('commit `abc1234`, 2026-11-25');
    expect(figures).toContain('| `payment-panel.min.js` (first script) | 19.5 kB gzip | budget 20.0 kB |');
    expect(figures).toContain('| `modules/paypal` / `apple-pay` | 3.5 / 2.0 kB gzip | – |');
    expect(figures).toContain(
      "| time to `ready` vs the floor, card only, frames on the page's site (medians of 21) | 190.1 ms vs 78.6 ms: 2.42 × | ≤ 1.3 × |",
    );
    expect(figures).toContain(
      '| time to `ready` vs the floor, card only, frames on another site (medians of 21) | 150.2 ms vs 120.4 ms: 1.25 × | ≤ 1.3 × |',
    );
    expect(figures).toContain('as the table for all 1 kinds');
    expect(figures).toContain(
      '| 50 create/teardown cycles, one tokenization key | +0.6 kB heap per cycle once warm; 0 panels, 0 frames and 0 gateway clients left | nothing left |',
    );
    expect(figures).toContain(
      '| 50 create/teardown cycles, a client token each | −0.2 kB heap per cycle once warm; 0 panels, 0 frames and 0 gateway clients left | nothing left |',
    );
  });

  it('replaces only what stands between the markers', () => {
    const page = `# Title\n\nbefore\n\n${FIGURES_START}\n\nold figures\n\n${FIGURES_END}\n\nafter\n`;
    expect(replaceFigures(page, 'new figures\n')).toBe(
      `# Title\n\nbefore\n\n${FIGURES_START}\n\nnew figures\n\n${FIGURES_END}\n\nafter\n`,
    );
  });

  it.each([
    ['no markers', 'text'],
    ['no end marker', `${FIGURES_START}\n`],
    ['the markers the wrong way round', `${FIGURES_END}\n${FIGURES_START}\n`],
    ['two start markers', `${FIGURES_START}\n${FIGURES_START}\n${FIGURES_END}\n`],
  ])('refuses a page with %s', (_, page) => {
    expect(() => replaceFigures(page, 'figures')).toThrow(/markers/);
  });

  it('writes the page as Prettier formats it, keeping the hand-written text', async () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'bench-figures-')), 'benchmarks.md');
    copyFileSync(PAGE, copy);
    await writeFigures(copy, results);
    const written = readFileSync(copy, 'utf8');
    const options = (await resolveConfig(PAGE)) ?? {};
    expect(await check(written, { ...options, filepath: PAGE })).toBe(true);
    expect(written).toContain('commit `abc1234`');
    const original = readFileSync(PAGE, 'utf8');
    expect(written.slice(0, written.indexOf(FIGURES_START))).toBe(
      original.slice(0, original.indexOf(FIGURES_START)),
    );
    expect(written.slice(written.indexOf(FIGURES_END))).toBe(original.slice(original.indexOf(FIGURES_END)));
  });
});
