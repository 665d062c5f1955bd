/** The benchmark's results: the goals of the performance issue, and the printed table. */
import { BUDGETS, KB, kB, type SizeReport } from './sizes.ts';
import type { HeapResult } from './measure-heap.ts';
import type { InputResult } from './measure-input.ts';
import type { ReadyResult } from './measure-ready.ts';
import type { TokenizeResult } from './measure-tokenize.ts';

/** Everything one run measured, as bench-results.json holds it. */
export interface BenchResults {
  version: string;
  date: string;
  command: string;
  environment: {
    node: string;
    chromium: string;
    cpus: string;
    loadAverage: string;
    busy: boolean;
    commit: string;
  };
  origins: Record<string, string>;
  /** Flavours built before measuring. */
  built: string[];
  sizes: SizeReport & { method: string };
  ready: ReadyResult;
  input: InputResult;
  tokenize: TokenizeResult;
  heap: HeapResult;
  goals: Goal[];
}

/** A target and whether this run met it. */
export interface Goal {
  name: string;
  value: string;
  target: string;
  met: boolean;
}

/** The goals of the performance issue, and the size budget of `npm test`. */
export function goals(r: Omit<BenchResults, 'goals'>): Goal[] {
  const hostedFields = r.sizes.pages[0]?.total.gzip ?? Number.NaN;
  return [
    {
      name: 'bundle gzip (budget)',
      value: kB(r.sizes.bundle.gzip),
      target: `≤ ${kB(BUDGETS.bundle)}`,
      met: r.sizes.bundle.gzip <= BUDGETS.bundle,
    },
    {
      name: 'hosted-field frame page gzip (budget)',
      value: kB(hostedFields),
      target: `≤ ${kB(BUDGETS.hostedFieldsFrame)}`,
      met: hostedFields <= BUDGETS.hostedFieldsFrame,
    },
    {
      name: 'bundle gzip (goal)',
      value: kB(r.sizes.bundle.gzip),
      target: `≤ ${kB(85 * KB)}`,
      met: r.sizes.bundle.gzip <= 85 * KB,
    },
    {
      name: 'ready / floor',
      value: `${r.ready.ratio.toFixed(2)}×`,
      target: '≤ 1.3×',
      met: r.ready.ratio <= 1.3,
    },
    {
      name: 'input latency p95',
      value: `${r.input.all.p95} ms`,
      target: '≤ 16 ms',
      met: r.input.all.p95 <= 16,
    },
    {
      name: 'requestPaymentMethod / bare fetch',
      value: `${r.tokenize.ratio.toFixed(2)}×`,
      target: '≤ 1.2×',
      met: r.tokenize.ratio <= 1.2,
    },
    {
      name: 'nothing left after teardown',
      value: `${r.heap.leftovers.panels} panels, ${r.heap.leftovers.frames} frames`,
      target: '0, 0',
      met: r.heap.leftovers.panels === 0 && r.heap.leftovers.frames === 0,
    },
  ];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function mb(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(2)} MB`;
}

function signedKb(bytes: number): string {
  return `${bytes >= 0 ? '+' : '−'}${(Math.abs(bytes) / KB).toFixed(1)} kB`;
}

/** Wraps a method note to the table's width. */
function note(text: string): string {
  const words = text.split(' ');
  const lines: string[] = [];
  let current = 'Method:';
  for (const word of words) {
    if (current.length + word.length + 1 > 110) {
      lines.push(current);
      current = ' ';
    }
    current += ` ${word}`;
  }
  lines.push(current);
  return lines.join('\n');
}

/** The printed report. */
export function formatReport(r: BenchResults): string {
  const sizeRows: string[][] = [
    [r.sizes.bundle.file, kB(r.sizes.bundle.raw), kB(r.sizes.bundle.gzip), kB(r.sizes.bundle.brotli)],
  ];
  for (const page of r.sizes.pages) {
    sizeRows.push([
      `${page.page}, all files`,
      kB(page.total.raw),
      kB(page.total.gzip),
      kB(page.total.brotli),
    ]);
    for (const file of page.files) {
      sizeRows.push([`  ${file.file}`, kB(file.raw), kB(file.gzip), kB(file.brotli)]);
    }
    if (page.lazy.length > 0) sizeRows.push([`  later on demand: ${page.lazy.join(', ')}`, '', '', '']);
  }
  const m = r.ready.panelMilestones;
  const heapRows = [
    ['bundle loaded, no panel yet', r.heap.before],
    ['after the first cycle', r.heap.afterFirst],
    [`after ${Math.floor(r.heap.cycles / 2)} cycles`, r.heap.afterHalf],
    [`after ${r.heap.cycles} cycles`, r.heap.after],
  ] as const;
  return [
    `payment-panel ${r.version} benchmark, ${r.date}`,
    `Node ${r.environment.node}, Chromium ${r.environment.chromium} (headless), ${r.environment.cpus} ` +
      `(1-minute load average ${r.environment.loadAverage}), commit ${r.environment.commit}`,
    `Origins: merchant ${r.origins.merchant}, assets ${r.origins.assets}, gateway ${r.origins.gateway}, bench pages ${r.origins.bench}`,
    ...(r.environment.busy
      ? [
          'The machine was busy (load average above its CPU count): timings are slower and noisier than on an idle one.',
        ]
      : []),
    r.built.length > 0 ? `Built before measuring: ${r.built.join(', ')} flavour.` : 'Builds were current.',
    '',
    `Sizes: release flavour, ${r.sizes.folder}`,
    table(['file', 'raw', 'gzip', 'brotli'], sizeRows),
    note(r.sizes.method),
    '',
    `Time to ready: ${r.ready.runs} loads each`,
    table(
      ['', 'median', 'p95', 'min', 'max'],
      [
        [
          'panel: bundle start → ready',
          ms(r.ready.panel.median),
          ms(r.ready.panel.p95),
          ms(r.ready.panel.min),
          ms(r.ready.panel.max),
        ],
        [
          'floor: script start → config + frames',
          ms(r.ready.floor.median),
          ms(r.ready.floor.p95),
          ms(r.ready.floor.min),
          ms(r.ready.floor.max),
        ],
      ],
    ),
    `Ratio of medians: ${r.ready.ratio.toFixed(2)}×. Panel milestones (medians after bundle start): bundle loaded ${ms(m.bundleLoaded)}, element defined ${ms(m.defined)}, ` +
      `configuration ${ms(m.configStart)} → ${ms(m.configEnd)}, frames requested ${ms(m.framesStart)}, ready ${ms(r.ready.panel.median)}. ` +
      `Bundle script time in long animation frames (≥ 50 ms, medians): evaluation ${ms(m.evaluation)}, ` +
      `later tasks before ready ${ms(m.otherScript)}.`,
    note(r.ready.method),
    '',
    `Input latency: keystroke → field event, ${r.input.keystrokes} keystrokes`,
    table(
      ['', 'n', 'p50', 'p95', 'min', 'max'],
      (['all', 'cardTypeChange', 'validityChange'] as const).map((k) => [
        k,
        String(r.input[k].n),
        ms(r.input[k].median),
        ms(r.input[k].p95),
        ms(r.input[k].min),
        ms(r.input[k].max),
      ]),
    ),
    note(r.input.method),
    '',
    `Tokenization: ${r.tokenize.runs} runs each`,
    table(
      ['', 'median', 'p95', 'min', 'max'],
      [
        [
          'requestPaymentMethod()',
          ms(r.tokenize.panel.median),
          ms(r.tokenize.panel.p95),
          ms(r.tokenize.panel.min),
          ms(r.tokenize.panel.max),
        ],
        [
          'bare fetch, assets origin',
          ms(r.tokenize.bare.median),
          ms(r.tokenize.bare.p95),
          ms(r.tokenize.bare.min),
          ms(r.tokenize.bare.max),
        ],
      ],
    ),
    `Ratio of medians: ${r.tokenize.ratio.toFixed(2)}×. Inside requestPaymentMethod() (medians): the frame's gateway request ` +
      `starts at ${ms(r.tokenize.panelRequest.start)} and is answered at ${ms(r.tokenize.panelRequest.end)}.`,
    note(r.tokenize.method),
    '',
    `Create/teardown: ${r.heap.cycles} cycles, median ${ms(r.heap.cycleMs)} each`,
    table(
      ['', 'JS heap used', 'documents', 'DOM nodes', 'JS listeners'],
      heapRows.map(([label, p]) => [
        label,
        mb(p.usedHeap),
        String(p.documents),
        String(p.nodes),
        String(p.jsEventListeners),
      ]),
    ),
    `Heap change: ${signedKb(r.heap.after.usedHeap - r.heap.before.usedHeap)} over all cycles, ` +
      `${signedKb(r.heap.growthPerCycle)} per cycle over the second half; left in the page: ${r.heap.leftovers.panels} panels, ${r.heap.leftovers.frames} frames.`,
    note(r.heap.method),
    '',
    'Goals and budgets',
    table(
      ['', 'this run', 'target', ''],
      r.goals.map((g) => [g.name, g.value, g.target, g.met ? 'met' : 'MISSED']),
    ),
    '',
    `Command: ${r.command}`,
  ].join('\n');
}
