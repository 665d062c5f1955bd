/** The benchmark's results: the goals of the performance issue, and the printed table. */
import { BUDGETS, GOALS, KB, kB, type FileSizes, type SizeReport, type Sizes } from './sizes.ts';
import type { HeapResult } from './measure-heap.ts';
import type { InputResult } from './measure-input.ts';
import { PLACEMENT_LABELS } from './frame-placement.ts';
import type { ReadyKindResult, ReadyResult } from './measure-ready.ts';
import type { TokenizeResult } from './measure-tokenize.ts';
import type { NetworkCheck } from './network-check.ts';

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
  network: { checks: NetworkCheck[]; method: string };
  input: InputResult;
  tokenize: TokenizeResult;
  /** Create/teardown cycles with one tokenization key. */
  heap: HeapResult;
  /** Create/teardown cycles with a client token of its own each. */
  heapTokens: HeapResult;
  goals: Goal[];
}

/** What a create/teardown run left in the page: `0 panels, 0 frames, 0 clients`. */
export function leftovers(heap: HeapResult): string {
  const { panels, frames, clients } = heap.leftovers;
  return `${String(panels)} panels, ${String(frames)} frames, ${String(clients)} clients`;
}

/** A time-to-ready result as reports name it: `card only, frames on another site`. */
export function readyLabel(k: ReadyKindResult): string {
  return `${k.label}, ${PLACEMENT_LABELS[k.placement]}`;
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
  const cardOnly = r.sizes.merchants.find((m) => m.kind === 'card-only')?.total.gzip ?? Number.NaN;
  return [
    {
      name: 'first script gzip (budget)',
      value: kB(r.sizes.firstScript.gzip),
      target: `≤ ${kB(BUDGETS.firstScript)}`,
      met: r.sizes.firstScript.gzip <= BUDGETS.firstScript,
    },
    {
      name: 'hosted-fields frame page gzip (budget)',
      value: kB(hostedFields),
      target: `≤ ${kB(BUDGETS.hostedFieldsFrame)}`,
      met: hostedFields <= BUDGETS.hostedFieldsFrame,
    },
    {
      name: 'card only before ready, gzip (budget)',
      value: kB(cardOnly),
      target: `≤ ${kB(BUDGETS.cardOnly)}`,
      met: cardOnly <= BUDGETS.cardOnly,
    },
    {
      name: 'card only before ready, gzip (goal)',
      value: kB(cardOnly),
      target: `≤ ${kB(GOALS.cardOnly)}`,
      met: cardOnly <= GOALS.cardOnly,
    },
    ...r.ready.kinds.map((k) => ({
      name: `ready / floor, ${readyLabel(k)}`,
      value: `${k.ratio.toFixed(2)}×`,
      target: '≤ 1.3×',
      met: k.ratio <= 1.3,
    })),
    {
      name: 'requests before ready = the table',
      value: r.network.checks.every((c) => c.ok)
        ? 'all kinds'
        : `mismatch: ${r.network.checks
            .filter((c) => !c.ok)
            .map((c) => c.label)
            .join(', ')}`,
      target: 'all kinds',
      met: r.network.checks.every((c) => c.ok),
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
    ...[r.heap, r.heapTokens].map((heap) => ({
      name: `nothing left after teardown, ${heap.authorizations}`,
      value: leftovers(heap),
      target: '0, 0, 0',
      met: heap.leftovers.panels === 0 && heap.leftovers.frames === 0 && heap.leftovers.clients === 0,
    })),
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

function sizeRow(name: string, sizes: Sizes): string[] {
  return [name, kB(sizes.raw), kB(sizes.gzip), kB(sizes.brotli)];
}

/** Every published file, its kind of use beside it. */
function fileRows(r: BenchResults): string[][] {
  const use = (file: FileSizes): string => {
    if (file.file === r.sizes.firstScript.file) return 'first script';
    if (r.sizes.modules.some((m) => m.file === file.file)) return 'module, on demand';
    const page = r.sizes.pages.find((p) => p.files.some((f) => f.file === file.file));
    if (page) return `frame page ${page.page.replace(/^html\//, '')}`;
    if (file.file.startsWith('assets/locales/')) return 'locale, on demand';
    if (/\.(?:js|html)$/.test(file.file)) return 'debug build';
    return 'metadata';
  };
  return r.sizes.files.map((file) => [...sizeRow(file.file, file), use(file)]);
}

/** One create/teardown run: heap and counts at four points, the growth and what was left. */
function heapSection(heap: HeapResult): string[] {
  const rows = [
    ['first script loaded, no panel yet', heap.before],
    ['after the first cycle', heap.afterFirst],
    [`after ${String(Math.floor(heap.cycles / 2))} cycles`, heap.afterHalf],
    [`after ${String(heap.cycles)} cycles`, heap.after],
  ] as const;
  return [
    `Create/teardown, ${heap.authorizations}: ${String(heap.cycles)} cycles, median ${ms(heap.cycleMs)} each`,
    table(
      ['', 'JS heap used', 'documents', 'DOM nodes', 'JS listeners', 'pagehide listeners'],
      rows.map(([label, p]) => [
        label,
        mb(p.usedHeap),
        String(p.documents),
        String(p.nodes),
        String(p.jsEventListeners),
        String(p.pagehideListeners),
      ]),
    ),
    `Heap change: ${signedKb(heap.after.usedHeap - heap.before.usedHeap)} over all cycles, ` +
      `${signedKb(heap.growthPerCycle)} per cycle over the second half; left in the page: ${leftovers(heap)}.`,
    note(heap.method),
  ];
}

/** Time to ready of each kind: the panel and its floor, and the panel's milestones. */
function readySection(r: BenchResults): string[] {
  const lines: string[] = [];
  for (const k of r.ready.kinds) {
    const m = k.panelMilestones;
    const modules = Object.entries(m.modulesLoaded)
      .map(([name, at]) => `${name} file ${ms(m.modulesRequested[name] ?? Number.NaN)} → ${ms(at)}`)
      .join(', ');
    const processes = k.framesInOwnProcess
      ? "each in another renderer process than the page's in every load"
      : "in the page's renderer process in every load";
    lines.push(
      `${readyLabel(k)}: ${k.origin}${k.page} (${k.frames} card field frames, ${processes})`,
      table(
        ['', 'median', 'p95', 'min', 'max'],
        [
          [
            'panel: first script start → ready',
            ms(k.panel.median),
            ms(k.panel.p95),
            ms(k.panel.min),
            ms(k.panel.max),
          ],
          [
            'floor: config and frames at once',
            ms(k.floor.median),
            ms(k.floor.p95),
            ms(k.floor.min),
            ms(k.floor.max),
          ],
        ],
      ),
      `Ratio of medians: ${k.ratio.toFixed(2)}×. Panel milestones (medians after the first script's start): ` +
        `first script loaded ${ms(m.bundleLoaded)}, element defined ${ms(m.defined)}, configuration ${ms(m.configStart)} → ` +
        `${ms(m.configEnd)}, frames requested ${ms(m.framesStart)}, ${modules} (requested → loaded), ready ${ms(k.panel.median)}. ` +
        `Script time in long animation frames (≥ 50 ms, medians): first script evaluation ${ms(m.evaluation)}, ` +
        `its later tasks ${ms(m.otherScript)}, module files ${ms(m.moduleScript)}.`,
      '',
    );
  }
  return lines;
}

/** The network check: one row per kind, then what differed. */
function networkSection(r: BenchResults): string[] {
  const rows = r.network.checks.map((c) => {
    const inFolder = Object.entries(c.requests).filter(([file]) => !file.startsWith('/'));
    const requests = inFolder.reduce((total, [, n]) => total + n, 0);
    return [
      c.label,
      String(c.loads),
      String(c.expected.length),
      `${inFolder.length} files, ${requests} requests`,
      c.ok ? 'as the table' : `MISMATCH in ${c.mismatchedLoads} loads`,
    ];
  });
  const details = r.network.checks.flatMap((c) => [
    `${c.label}, first load: ${Object.entries(c.requests)
      .filter(([file]) => !file.startsWith('/'))
      .map(([file, n]) => (n > 1 ? `${file} ×${n}` : file))
      .join(', ')}`,
    ...(c.outside.length > 0
      ? [
          `  also from the assets origin, outside the versioned folder (not compared): ${c.outside.join(', ')}`,
        ]
      : []),
    ...(c.ok
      ? []
      : [
          `  !! ${c.label}: requested but not in the table: ${c.unexpected.join(', ') || 'none'}; ` +
            `in the table but not requested: ${c.missing.join(', ') || 'none'}`,
        ]),
  ]);
  return [table(['merchant kind', 'loads', 'table', 'requested (first load)', 'result'], rows), ...details];
}

/** The printed report. */
export function formatReport(r: BenchResults): string {
  const merchantRows: string[][] = [];
  for (const merchant of r.sizes.merchants) {
    merchantRows.push(sizeRow(`${merchant.label}, before ready`, merchant.total));
    for (const file of merchant.files) merchantRows.push(sizeRow(`  ${file.file}`, file));
  }
  const pageRows: string[][] = [];
  for (const page of r.sizes.pages) {
    pageRows.push(sizeRow(`${page.page}, all files`, page.total));
    for (const file of page.files) pageRows.push(sizeRow(`  ${file.file}`, file));
    if (page.lazy.length > 0) pageRows.push([`  later on demand: ${page.lazy.join(', ')}`, '', '', '']);
  }
  return [
    `payment-panel ${r.version} benchmark, ${r.date}`,
    `Node ${r.environment.node}, Chromium ${r.environment.chromium} (headless), ${r.environment.cpus} ` +
      `(1-minute load average ${r.environment.loadAverage}), commit ${r.environment.commit}`,
    `Origins: merchant ${r.origins.merchant}, assets ${r.origins.assets}, gateway ${r.origins.gateway}, bench pages ${r.origins.bench}; ` +
      `cross-site: merchant ${r.origins.crossSiteMerchant ?? '–'}, bench pages ${r.origins.crossSiteBench ?? '–'}`,
    ...(r.environment.busy
      ? [
          'The machine was busy (load average above its CPU count): timings are slower and noisier than on an idle one.',
        ]
      : []),
    r.built.length > 0 ? `Built before measuring: ${r.built.join(', ')} flavour.` : 'Builds were current.',
    '',
    `Sizes: release flavour, ${r.sizes.folder}: every published file`,
    table(['file', 'raw', 'gzip', 'brotli', 'what'], fileRows(r)),
    '',
    'Frame pages with the files they load',
    table(['frame page', 'raw', 'gzip', 'brotli'], pageRows),
    '',
    'Downloaded before ready, per kind of merchant (tests/bench/merchant-kinds.ts; the frame page counted once)',
    table(['merchant kind / file', 'raw', 'gzip', 'brotli'], merchantRows),
    `Card only: budget ${kB(BUDGETS.cardOnly)} gzip (what it measured when the first script was split, plus 2 kB); ` +
      `the issue's goal is ${kB(GOALS.cardOnly)}, out of reach while the view carries React 19 (react-dom with the React and scheduler code it needs is about 67 kB gzip).`,
    note(r.sizes.method),
    '',
    `Time to ready: ${r.ready.runs} loads each, per kind of merchant`,
    ...readySection(r),
    note(r.ready.method),
    '',
    'Network check: files requested from the assets origin before ready, against the table',
    ...networkSection(r),
    note(r.network.method),
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
    ...heapSection(r.heap),
    '',
    ...heapSection(r.heapTokens),
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
