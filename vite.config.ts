/**
 * One `vite build` writes every flavour (docs/architecture.md, "Build flavours") into its versioned folder:
 *   dist/payment-panel/<version>/        release constants
 *   dist/local/payment-panel/<version>/  local constants (the sandbox gateway, localhost allowed)
 * Each folder gets the first script (minified + debug), the files it loads on demand under
 * `modules/` (see build/modules.ts), the frame pages (minified + debug; one script each) and
 * integrity.json. The modules are built first: the first script carries their hashes.
 * `PANEL_FLAVOURS=local` limits the build to the listed flavours.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { defineConfig, type EnvironmentOptions, type Plugin } from 'vite';
import {
  collectCoreImports,
  coreNamespace,
  findDuplicates,
  MODULE_ENTRIES,
  moduleExternals,
  type BuildModuleName,
  type CoreImports,
} from './build/modules.ts';
import { MODULE_NAMES } from './src/shared/module-registry.ts';
import pkg from './package.json' with { type: 'json' };
import { flavourConstants, type Flavour } from './src/shared/flavours.ts';
import { distDir, stampLocalBuild } from './demo/server/build.ts';
import { localOrigins } from './demo/server/origins.ts';
import { publishedStylesheets } from './build/stylesheets.ts';
import { generatePublicTypeFiles, PUBLIC_TYPE_FILES, type PublicTypeFiles } from './build/public-files.ts';
import { LOCALE_INTEGRITY_FILE, localeFiles } from './build/locale-files.ts';

const root = import.meta.dirname;
const framesRoot = resolve(root, 'frames');

/**
 * Frame pages; `min: false` pages exist only once, unminified in name (docs/building.md, "What the build
 * writes").
 */
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
      if (!/Frame_.*_Min$/.test(this.environment.name)) return;
      for (const page of FRAME_PAGES) {
        const file = bundle[`html/${page.name}.html`];
        if (!page.min || !file || file.type !== 'asset') continue;
        Reflect.deleteProperty(bundle, file.fileName);
        this.emitFile({ type: 'asset', fileName: `html/${page.name}.min.html`, source: file.source });
      }
    },
  };
}

/** The locale files and their index, made once per build (build/locale-files.ts). */
const locales = localeFiles();

/**
 * Publishes the locale files (`src/i18n/locales/<locale>.json`) in the versioned folder as
 * `assets/locales/<locale>.json`, compacted, with `assets/locale-integrity.json`, their hashes; a file
 * that is not JSON fails the build. The page fetches them on demand and integrity.json lists them.
 */
function localeFilePages(): Plugin {
  return {
    name: 'payment-panel:locale-files',
    generateBundle() {
      if (!this.environment.name.endsWith('Frame_hosted_fields_frame_Min')) return;
      for (const [fileName, source] of locales.files) this.emitFile({ type: 'asset', fileName, source });
      this.emitFile({ type: 'asset', fileName: LOCALE_INTEGRITY_FILE, source: locales.index });
    },
  };
}

/** Environment names of a flavour, grouped by what each builds. */
interface FlavourPlan {
  frames: string[];
  modules: Map<BuildModuleName, string[]>;
  bundles: { name: string; suffix: string }[];
}

const plans = new Map<Flavour, FlavourPlan>();

function flavourEnvironments(flavour: Flavour): Record<string, EnvironmentOptions> {
  const constants = flavourConstants(flavour, localOrigins().gateway);
  const define = {
    __PANEL_VERSION__: JSON.stringify(pkg.version),
    __PANEL_FLAVOUR__: JSON.stringify(constants.flavour),
    __GATEWAY_DOMAINS__: JSON.stringify(constants.gatewayDomains),
    __API_BASES__: JSON.stringify(constants.apiBases),
    // Only the first script loads modules; the build fills in their hashes before building it.
    __MODULE_INTEGRITY__: JSON.stringify({}),
    __MODULE_SUFFIX__: JSON.stringify('.min'),
    __FRAUDNET_URLS__: JSON.stringify(constants.fraudnet),
    __GOOGLE_PAY_SCRIPT_URL__: JSON.stringify(constants.googlePayScript),
    __LOCALE_INTEGRITY__: JSON.stringify(locales.indexIntegrity),
    __SONGBIRD_SOURCES__: JSON.stringify(constants.songbirdSources),
    // Lib mode leaves process.env.NODE_ENV alone; without this React's development build ships too.
    'process.env.NODE_ENV': JSON.stringify('production'),
  };
  const outDir = flavourOutDir(flavour);
  const environments: Record<string, EnvironmentOptions> = {};
  const plan: FlavourPlan = { frames: [], modules: new Map(), bundles: [] };
  plans.set(flavour, plan);
  const externals = moduleExternals(pkg.version);
  for (const minified of [true, false]) {
    const suffix = minified ? '.min' : '';
    const variant = minified ? 'Min' : 'Debug';
    // One build per frame page, so each page loads one script of its own and nothing shared.
    for (const page of FRAME_PAGES.filter((p) => minified || p.min)) {
      const name = `${flavour}Frame_${page.name.replace(/\W/g, '_')}_${variant}`;
      plan.frames.push(name);
      environments[name] = {
        consumer: 'client',
        define,
        build: {
          outDir,
          emptyOutDir: false,
          minify: minified,
          modulePreload: false,
          rolldownOptions: {
            input: { [page.name]: resolve(framesRoot, `html/${page.name}.html`) },
            output: {
              entryFileNames: `assets/[name]${suffix}.js`,
              chunkFileNames: `assets/[name]${suffix}.js`,
              assetFileNames: `assets/[name]${suffix}[extname]`,
            },
          },
        },
      };
    }
    for (const module of MODULE_NAMES) {
      const name = `${flavour}Module_${module.replace(/\W/g, '_')}_${variant}`;
      plan.modules.set(module, [...(plan.modules.get(module) ?? []), name]);
      environments[name] = {
        consumer: 'client',
        define,
        build: {
          outDir,
          emptyOutDir: false,
          minify: minified,
          lib: {
            entry: resolve(root, MODULE_ENTRIES[module]),
            formats: ['iife'],
            name: `PaymentPanelModule_${module.replace(/\W/g, '_')}`,
            fileName: () => `modules/${module}${suffix}.js`,
          },
          rolldownOptions: {
            external: externals.external,
            output: { globals: externals.globals },
          },
        },
      };
    }
    const bundle = `${flavour}Bundle${variant}`;
    plan.bundles.push({ name: bundle, suffix });
    environments[bundle] = {
      consumer: 'client',
      define: { ...define, __MODULE_SUFFIX__: JSON.stringify(suffix) },
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

/** The module ids a build's output carries. */
function builtModuleIds(output: unknown): string[] {
  const outputs = (Array.isArray(output) ? output : [output]) as { output?: { moduleIds?: string[] }[] }[];
  return outputs.flatMap((o) => (o.output ?? []).flatMap((chunk) => chunk.moduleIds ?? []));
}

/** SRI string of a file. */
async function integrityOf(path: string): Promise<string> {
  return `sha384-${createHash('sha384')
    .update(await readFile(path))
    .digest('base64')}`;
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
 * Publishes the files made from the sources (`payment-panel.d.ts`, `custom-elements.json` and the
 * editors' `vscode.html-custom-data.json` and `web-types.json`, see build/public-files.ts) into a
 * flavour's folder, before its integrity.json lists them. They are made once per build.
 */
function publicTypesPublisher(): (outDir: string) => Promise<void> {
  let files: PublicTypeFiles | undefined;
  return async (outDir) => {
    files ??= generatePublicTypeFiles(pkg.version);
    for (const [key, name] of Object.entries(PUBLIC_TYPE_FILES) as [keyof PublicTypeFiles, string][]) {
      await writeFile(resolve(outDir, name), files[key]);
    }
  };
}

/** What the modules import of the first script's files, collected as they build. */
const coreImports: CoreImports = new Map();
const flavours = selectedFlavours();
const publishPublicTypes = publicTypesPublisher();

export default defineConfig({
  root: framesRoot,
  base: './',
  publicDir: resolve(root, 'public'),
  logLevel: 'warn',
  plugins: [
    minifiedPageNames(),
    localeFilePages(),
    publishedStylesheets(),
    coreNamespace(pkg.version, coreImports),
    collectCoreImports(coreImports),
  ],
  environments: Object.assign({}, ...flavours.map(flavourEnvironments)) as Record<string, EnvironmentOptions>,
  builder: {
    // One instance of each plugin for every environment: the modules' builds collect what the
    // first script's build then exposes.
    sharedPlugins: true,
    async buildApp(builder) {
      for (const flavour of flavours) {
        await rm(flavourOutDir(flavour), { recursive: true, force: true });
        const plan = plans.get(flavour);
        if (!plan) continue;
        const environment = (name: string) => {
          const found = builder.environments[name];
          if (!found) throw new Error(`No environment ${name}`);
          return found;
        };
        for (const name of plan.frames) await builder.build(environment(name));
        const moduleIds = new Map<string, string[]>();
        for (const [module, names] of plan.modules) {
          for (const name of names) {
            const ids = builtModuleIds(await builder.build(environment(name)));
            moduleIds.set(module, [...(moduleIds.get(module) ?? []), ...ids]);
          }
        }
        const coreIds = new Set<string>();
        for (const { name, suffix } of plan.bundles) {
          // The first script carries the hash of every module variant it loads.
          const integrity: Record<string, string> = {};
          for (const module of MODULE_NAMES) {
            integrity[module] = await integrityOf(
              resolve(flavourOutDir(flavour), `modules/${module}${suffix}.js`),
            );
          }
          const env = environment(name);
          (env.config.define ??= {}).__MODULE_INTEGRITY__ = JSON.stringify(integrity);
          for (const id of builtModuleIds(await builder.build(env))) coreIds.add(id);
        }
        const duplicates = findDuplicates(coreIds, moduleIds);
        if (duplicates.length > 0) throw new Error(`Code in two places:\n  ${duplicates.join('\n  ')}`);
        await publishPublicTypes(flavourOutDir(flavour));
        await writeIntegrity(flavourOutDir(flavour));
        // `npm start` rebuilds the local flavour only when its inputs change after this.
        if (flavour === 'local') stampLocalBuild();
      }
    },
  },
});
