// @vitest-environment node
/**
 * The table of which files each kind of merchant downloads before `ready` (tests/bench/merchant-kinds.ts),
 * the size report built on it and the network check's comparison: a module added to the registry
 * must find its place in the table, and the budget lines must follow the table.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULE_NAMES } from '../../src/shared/module-registry';
import {
  EVERY_PANEL_MODULES,
  filesBeforeReady,
  FIRST_SCRIPT,
  HOSTED_FIELDS_PAGE,
  MERCHANT_KINDS,
  merchantKind,
  moduleFile,
  PAGE_API_MODULES,
  SHOPPER_ACTION_MODULES,
} from '../bench/merchant-kinds';
import { compareRequests } from '../bench/network-check';
import { BUDGETS, checkBudgets, FRAME_PAGES, measureBuild } from '../bench/sizes';

describe('merchant kinds', () => {
  it('gives every module of the registry a place: some kind loads it, or only the page API or a shopper does', () => {
    const used = new Set([
      ...MERCHANT_KINDS.flatMap((k) => k.modules),
      ...PAGE_API_MODULES,
      ...SHOPPER_ACTION_MODULES,
    ]);
    expect([...used].sort()).toEqual([...MODULE_NAMES].sort());
  });

  it('loads the panel and the view in every kind, and no page-API module', () => {
    for (const kind of MERCHANT_KINDS) {
      expect(kind.modules).toEqual(expect.arrayContaining([...EVERY_PANEL_MODULES]));
      for (const name of PAGE_API_MODULES) expect(kind.modules).not.toContain(name);
    }
  });

  it('grows from card only to every method', () => {
    expect(merchantKind('card-only').modules).toEqual(['panel', 'view']);
    expect(merchantKind('card-paypal').modules).toEqual(['panel', 'view', 'paypal']);
    expect(merchantKind('every-method').modules).toEqual([
      'panel',
      'view',
      'paypal',
      'venmo',
      'apple-pay',
      'google-pay',
      'three-d-secure',
      'data-collector',
    ]);
  });

  it('lists the first script, the modules and the frame files, each once', () => {
    const frameFiles = [HOSTED_FIELDS_PAGE, 'assets/hosted-fields-frame.min.js'];
    expect(filesBeforeReady(merchantKind('card-paypal'), frameFiles)).toEqual([
      FIRST_SCRIPT,
      'modules/panel.min.js',
      'modules/view.min.js',
      'modules/paypal.min.js',
      ...frameFiles,
    ]);
  });
});

describe('network check', () => {
  const frameFiles = [HOSTED_FIELDS_PAGE, 'assets/hosted-fields-frame.min.js'];
  const cardOnly = merchantKind('card-only');
  const asTable = [FIRST_SCRIPT, 'modules/view.min.js', 'modules/panel.min.js', ...frameFiles, ...frameFiles];

  it('accepts the table, a frame page once per field, and lists requests outside the folder', () => {
    const check = compareRequests(cardOnly, frameFiles, [asTable, [...asTable, '/sandbox/data/logo.gif']]);
    expect(check).toMatchObject({
      ok: true,
      missing: [],
      unexpected: [],
      outside: ['/sandbox/data/logo.gif'],
    });
    expect(check.requests[HOSTED_FIELDS_PAGE]).toBe(2);
  });

  it('names a file requested but not in the table, and one in the table not requested', () => {
    const check = compareRequests(cardOnly, frameFiles, [
      asTable,
      [...asTable.filter((f) => f !== 'modules/panel.min.js'), 'modules/paypal.min.js'],
    ]);
    expect(check).toMatchObject({
      ok: false,
      mismatchedLoads: 1,
      missing: ['modules/panel.min.js'],
      unexpected: ['modules/paypal.min.js'],
    });
  });

  it('fails without loads', () => {
    expect(compareRequests(cardOnly, frameFiles, []).ok).toBe(false);
  });
});

describe('size report and budget', () => {
  const folder = mkdtempSync(join(tmpdir(), 'payment-panel-sizes-'));
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });
  const write = (file: string, content: string): void => {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), content);
  };
  write(FIRST_SCRIPT, 'first();');
  for (const name of MODULE_NAMES) write(moduleFile(name), `module(${JSON.stringify(name)});`);
  for (const page of FRAME_PAGES) {
    const script = `../assets/${page.replace(/^html\//, '').replace(/(\.min)?\.html$/, '')}.min.js`;
    write(page, `<script type="module" crossorigin src="${script}"></script>`);
    write(join('html', script), 'frame();');
  }
  write('assets/locales/de_DE.json', '{}');
  write('integrity.json', '{}');

  it('lists every file and counts each kind from the table', () => {
    const report = measureBuild(folder);
    expect(report.files.map((f) => f.file)).toContain('assets/locales/de_DE.json');
    const cardOnly = report.merchants.find((m) => m.kind === 'card-only');
    expect(cardOnly?.files.map((f) => f.file)).toEqual([
      FIRST_SCRIPT,
      'modules/panel.min.js',
      'modules/view.min.js',
      HOSTED_FIELDS_PAGE,
      'assets/hosted-fields-frame.min.js',
    ]);
    expect(cardOnly?.total.gzip).toBe(cardOnly?.files.reduce((total, f) => total + f.gzip, 0));
  });

  it('limits the first script, the frame page and card only, and lists every module', () => {
    const results = checkBudgets(measureBuild(folder));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.limit !== null).map((r) => r.limit)).toEqual([
      BUDGETS.firstScript,
      BUDGETS.hostedFieldsFrame,
      BUDGETS.cardOnly,
    ]);
    for (const name of MODULE_NAMES) expect(results.map((r) => r.name)).toContain(moduleFile(name));
    expect(results.find((r) => r.limit === BUDGETS.cardOnly)?.goal).toBe(85_000);
  });

  it('fails a first script over its limit', () => {
    write(FIRST_SCRIPT, Array.from({ length: 30_000 }, (_, i) => `v${(i * 7919) % 104729};`).join(''));
    const first = checkBudgets(measureBuild(folder))[0];
    expect(first?.ok).toBe(false);
  });
});
