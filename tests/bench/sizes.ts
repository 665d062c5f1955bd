/**
 * Transfer sizes of what ships: the bundle and each frame page with every file it loads, raw, gzip
 * (level 9) and brotli (quality 11). Shared by the benchmark and the size budget of `npm test`.
 * Sizes are in bytes; reports use 1 kB = 1000 B.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import pkg from '../../package.json' with { type: 'json' };
import { distDir } from '../../demo/server/build.ts';

/** Sizes of one file or of a set of files, in bytes. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of one file, by its path inside the versioned folder. */
export interface FileSizes extends Sizes {
  file: string;
}

/** A frame page and the files the browser fetches for it, each compressed on its own as served. */
export interface PageSizes {
  page: string;
  /** The page and every file it loads up front, with their sizes. */
  files: FileSizes[];
  /** The sum over `files`. */
  total: Sizes;
  /** Modules it may import later (`import()`), not in the total. */
  lazy: string[];
}

/** What the size check and the benchmark measure. */
export interface SizeReport {
  version: string;
  /** The versioned folder measured. */
  folder: string;
  bundle: FileSizes;
  pages: PageSizes[];
}

/** Frame pages as they ship (DESIGN "What ships"). */
export const FRAME_PAGES = [
  'html/hosted-fields-frame.min.html',
  'html/three-d-secure-bank-frame.min.html',
  'html/three-d-secure-authentication-complete-frame.html',
  'html/paypal-landing-frame.html',
  'html/paypal-redirect-frame.html',
  'html/paypal-cancel-frame.html',
] as const;

/** The script merchants load. */
export const BUNDLE_FILE = 'payment-panel.min.js';

/** One kilobyte in these reports. */
export const KB = 1000;

/** Limits of `npm test`, gzip bytes. */
export const BUDGETS = {
  bundle: 100 * KB,
  hostedFieldsFrame: 15 * KB,
} as const;

/** Sizes of a buffer. */
export function measure(content: Buffer): Sizes {
  return {
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }).length,
  };
}

function sum(sizes: readonly Sizes[]): Sizes {
  return sizes.reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
}

/** A reference the page's own folder resolves: not another origin, not a data URL. */
function isLocal(reference: string): boolean {
  return !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference);
}

/** URLs an HTML page loads up front: scripts, stylesheets, preloads, icons, images. */
function htmlReferences(html: string): string[] {
  const references: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link|img|source)\b[^>]*>/gi)) {
    const isLink = /^<link/i.test(tag);
    const rel = /\brel\s*=\s*["']?([^"'>]+)/i.exec(tag)?.[1]?.toLowerCase() ?? '';
    // Links that only hint (dns-prefetch, preconnect, canonical…) fetch nothing of ours.
    if (isLink && !/\b(?:stylesheet|modulepreload|preload|icon|manifest)\b/.test(rel)) continue;
    const url = /\b(?:src|href)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (url !== undefined) references.push(url);
  }
  return references;
}

/**
 * Static imports of a built ES module. Bundlers hoist them to the top, so reading import
 * declarations from the start until the first other statement finds them all.
 */
function moduleImports(code: string): { eager: string[]; lazy: string[] } {
  const eager: string[] = [];
  const declaration =
    /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']\s*;?/;
  let rest = code;
  for (let match = declaration.exec(rest); match; match = declaration.exec(rest)) {
    eager.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  const lazy = [...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? '');
  return { eager, lazy };
}

/** `url()` and `@import` references of a stylesheet. */
function cssReferences(css: string): string[] {
  return [...css.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)|@import\s+["']([^"']+)["']/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
}

/** A frame page and every file it loads up front, found by following its references. */
export function measurePage(folder: string, page: string): PageSizes {
  const files: FileSizes[] = [];
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (path: string): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = relative(folder, path).split('\\').join('/');
    if (file.startsWith('..') || !existsSync(path)) {
      throw new Error(`${page} loads ${file}, which is not in ${folder}.`);
    }
    const content = readFileSync(path);
    files.push({ file, ...measure(content) });
    const text = content.toString('utf8');
    let references: string[] = [];
    if (path.endsWith('.html')) references = htmlReferences(text);
    else if (/\.m?js$/.test(path)) {
      const imports = moduleImports(text);
      references = imports.eager;
      for (const l of imports.lazy.filter(isLocal)) {
        lazy.add(
          relative(folder, resolve(dirname(path), l))
            .split('\\')
            .join('/'),
        );
      }
    } else if (path.endsWith('.css')) references = cssReferences(text);
    for (const reference of references.filter(isLocal)) {
      visit(resolve(dirname(path), reference.replace(/[?#].*$/, '')));
    }
  };
  visit(resolve(folder, page));
  for (const file of files) lazy.delete(file.file);
  return { page, files, total: sum(files), lazy: [...lazy].sort() };
}

/** Sizes of the bundle and of each frame page of a built flavour (the release one by default). */
export function measureBuild(folder = distDir('release', pkg.version)): SizeReport {
  const bundlePath = resolve(folder, BUNDLE_FILE);
  if (!existsSync(bundlePath)) {
    throw new Error(`There is no build in ${folder}: run npm run build first.`);
  }
  return {
    version: pkg.version,
    folder,
    bundle: { file: BUNDLE_FILE, ...measure(readFileSync(bundlePath)) },
    pages: FRAME_PAGES.map((page) => measurePage(folder, page)),
  };
}

/** A size in kB with one decimal. */
export function kB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} kB`;
}

/** A budget line: what, its gzip size, the limit and whether it fits. */
export interface BudgetResult {
  name: string;
  gzip: number;
  limit: number;
  ok: boolean;
}

/** The size budget of `npm test`: bundle and hosted-field frame page, gzip. */
export function checkBudgets(report: SizeReport): BudgetResult[] {
  const hostedFields = report.pages.find((p) => p.page === FRAME_PAGES[0]);
  if (!hostedFields) throw new Error(`No ${FRAME_PAGES[0]} in the size report.`);
  return [
    { name: BUNDLE_FILE, gzip: report.bundle.gzip, limit: BUDGETS.bundle },
    {
      name: `${FRAME_PAGES[0]} with its files`,
      gzip: hostedFields.total.gzip,
      limit: BUDGETS.hostedFieldsFrame,
    },
  ].map((b) => ({ ...b, ok: b.gzip <= b.limit }));
}
