/**
 * One `vite build` writes every flavour (DESIGN "Build flavours") into its versioned folder:
 *   dist/payment-panel/<version>/        release constants
 *   dist/local/payment-panel/<version>/  local constants (the sandbox gateway, localhost allowed)
 * Each folder gets the IIFE bundle (minified + debug), the frame pages (minified + debug) and
 * integrity.json. `PANEL_FLAVOURS=local` limits the build to the listed flavours.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { defineConfig, type EnvironmentOptions, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { flavourConstants, type Flavour } from './src/shared/flavours.ts';
import { distDir, stampLocalBuild } from './demo/server/build.ts';
import { localOrigins } from './demo/server/origins.ts';
import {
  generatePublicTypeFiles,
  PUBLIC_TYPE_FILES,
  type PublicTypeFiles,
} from './src/types/build/public-files.ts';

const root = import.meta.dirname;
const framesRoot = resolve(root, 'frames');

/** Frame pages; `min: false` pages exist only once, unminified in name (SPEC §2, PROTOCOL §8.2). */
const FRAME_PAGES = [
  { name: 'hosted-fields-frame', min: true },
  { name: 'three-d-secure-bank-frame', min: true },
  { name: 'three-d-secure-authentication-complete-frame', min: false },
  { name: 'paypal-landing-frame', min: false },
  { name: 'paypal-redirect-frame', min: false },
  { name: 'paypal-cancel-frame', min: false },
] as const;

/** Where a flavour's files go. */
function flavourOutDir(flavour: Flavour): string {
  return distDir(flavour, pkg.version);
}

function selectedFlavours(): Flavour[] {
  const raw = process.env.PANEL_FLAVOURS ?? 'release,local';
  const list = raw.split(',').map((f) => f.trim());
  for (const f of list) if (f !== 'release' && f !== 'local') throw new Error(`Unknown flavour "${f}"`);
  return list as Flavour[];
}

/** Renames `html/<page>.html` to `html/<page>.min.html` in the minified frame build. */
function minifiedPageNames(): Plugin {
  return {
    name: 'payment-panel:min-page-names',
    // After Vite's own HTML plugin has emitted the pages.
    enforce: 'post',
    generateBundle(_, bundle) {
      if (!this.environment.name.endsWith('FramesMin')) return;
      for (const page of FRAME_PAGES) {
        const file = bundle[`html/${page.name}.html`];
        if (!page.min || !file || file.type !== 'asset') continue;
        Reflect.deleteProperty(bundle, file.fileName);
        this.emitFile({ type: 'asset', fileName: `html/${page.name}.min.html`, source: file.source });
      }
    },
  };
}

/**
 * Publishes the locale files (`src/i18n/locales/<locale>.json`) in the versioned folder as
 * `assets/locales/<locale>.json`, compacted; a file that is not JSON fails the build. The page
 * fetches them on demand and integrity.json lists them.
 */
function localeFiles(): Plugin {
  const localesDir = resolve(root, 'src/i18n/locales');
  return {
    name: 'payment-panel:locale-files',
    async generateBundle() {
      if (!this.environment.name.endsWith('FramesMin')) return;
      const names = await readdir(localesDir).catch(() => []);
      for (const name of names.filter((file) => /^[a-z]{2}_[A-Z]{2}\.json$/.test(file))) {
        const text = await readFile(resolve(localesDir, name), 'utf8');
        this.emitFile({
          type: 'asset',
          fileName: `assets/locales/${name}`,
          source: JSON.stringify(JSON.parse(text)),
        });
      }
    },
  };
}

function flavourEnvironments(flavour: Flavour): Record<string, EnvironmentOptions> {
  const constants = flavourConstants(flavour, localOrigins().gateway);
  const define = {
    __PANEL_VERSION__: JSON.stringify(pkg.version),
    __PANEL_FLAVOUR__: JSON.stringify(constants.flavour),
    __GATEWAY_DOMAINS__: JSON.stringify(constants.gatewayDomains),
    __API_BASES__: JSON.stringify(constants.apiBases),
    // Lib mode leaves process.env.NODE_ENV alone; without this React's development build ships too.
    'process.env.NODE_ENV': JSON.stringify('production'),
  };
  const outDir = flavourOutDir(flavour);
  const environments: Record<string, EnvironmentOptions> = {};
  for (const minified of [true, false]) {
    const suffix = minified ? '.min' : '';
    environments[`${flavour}Frames${minified ? 'Min' : 'Debug'}`] = {
      consumer: 'client',
      define,
      build: {
        outDir,
        emptyOutDir: false,
        minify: minified,
        modulePreload: false,
        rolldownOptions: {
          input: Object.fromEntries(
            FRAME_PAGES.filter((p) => minified || p.min).map((p) => [
              p.name,
              resolve(framesRoot, `html/${p.name}.html`),
            ]),
          ),
          output: {
            entryFileNames: `assets/[name]${suffix}.js`,
            chunkFileNames: `assets/[name]${suffix}.js`,
            assetFileNames: `assets/[name]${suffix}[extname]`,
          },
        },
      },
    };
    environments[`${flavour}Bundle${minified ? 'Min' : 'Debug'}`] = {
      consumer: 'client',
      define,
      build: {
        outDir,
        emptyOutDir: false,
        minify: minified,
        lib: {
          entry: resolve(root, 'src/index.ts'),
          formats: ['iife'],
          name: 'PaymentPanelBundle',
          fileName: () => `payment-panel${suffix}.js`,
        },
      },
    };
  }
  return environments;
}

/** sha384 of every published file, as SRI strings, into integrity.json. */
async function writeIntegrity(outDir: string): Promise<void> {
  const entries: [string, string][] = [];
  async function walk(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name !== 'integrity.json') {
        const digest = createHash('sha384')
          .update(await readFile(path))
          .digest('base64');
        entries.push([relative(outDir, path).split('\\').join('/'), `sha384-${digest}`]);
      }
    }
  }
  await walk(outDir);
  entries.sort(([a], [b]) => a.localeCompare(b));
  await writeFile(
    resolve(outDir, 'integrity.json'),
    `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`,
  );
}

/**
 * Publishes the public types (`payment-panel.d.ts`, `custom-elements.json`) into a flavour's folder,
 * before its integrity.json lists them. They are made from the sources once per build.
 */
function publicTypesPublisher(): (outDir: string) => Promise<void> {
  let files: Promise<PublicTypeFiles> | undefined;
  return async (outDir) => {
    files ??= generatePublicTypeFiles(pkg.version);
    const { declarations, manifest } = await files;
    await writeFile(resolve(outDir, PUBLIC_TYPE_FILES.declarations), declarations);
    await writeFile(resolve(outDir, PUBLIC_TYPE_FILES.manifest), manifest);
  };
}

const flavours = selectedFlavours();
const publishPublicTypes = publicTypesPublisher();

export default defineConfig({
  root: framesRoot,
  base: './',
  publicDir: resolve(root, 'public'),
  logLevel: 'warn',
  plugins: [minifiedPageNames(), localeFiles()],
  environments: Object.assign({}, ...flavours.map(flavourEnvironments)) as Record<string, EnvironmentOptions>,
  builder: {
    async buildApp(builder) {
      for (const flavour of flavours) {
        await rm(flavourOutDir(flavour), { recursive: true, force: true });
        for (const [name, environment] of Object.entries(builder.environments)) {
          if (name.startsWith(flavour)) await builder.build(environment);
        }
        await publishPublicTypes(flavourOutDir(flavour));
        await writeIntegrity(flavourOutDir(flavour));
        // `npm start` rebuilds the local flavour only when its inputs change after this.
        if (flavour === 'local') stampLocalBuild();
      }
    },
  },
});
