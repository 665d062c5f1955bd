/**
 * What one `vite build` writes (docs/building.md, "What the build writes"), as one table: the
 * flavours ({@link FLAVOUR_FOLDERS}, docs/architecture.md, "Build flavours") × the files Vite builds
 * into each ({@link BUILT_FILES}), each in its minified and debug twins ({@link TWINS}). Every cell
 * is one Vite environment; vite.config.ts walks the table, and the build's plugins read what an
 * environment builds from it ({@link buildNamed}) rather than from its name.
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import type { EnvironmentOptions } from 'vite';
import pkg from '../package.json' with { type: 'json' };
import { distDir } from '../server/build.ts';
import { localOrigins } from '../server/origins.ts';
import type { Flavour } from '../src/shared/flavours.ts';
import { MODULE_NAMES } from '../src/shared/module-registry.ts';
import { RUNTIME_LOADED } from './bundles.js';
import { flavourDefine } from './define.ts';
import { MODULE_ENTRIES, moduleExternals, type BuildModuleName } from './modules.ts';

const root = resolve(import.meta.dirname, '..');

/** Vite's root: the frame pages' HTML is `frames/html/<page>.html`. */
export const FRAMES_ROOT = resolve(root, 'frames');

/** Each flavour's versioned folder. */
export const FLAVOUR_FOLDERS: Readonly<Record<Flavour, string>> = {
  release: distDir('release', pkg.version),
  local: distDir('local', pkg.version),
};

/**
 * The two builds of a file: minified, which pages load, and readable, for debugging, named as the
 * minified one without `.min`.
 */
export const TWINS = {
  min: { suffix: '.min', minify: true, label: 'Min' },
  debug: { suffix: '', minify: false, label: 'Debug' },
} as const;

/** One of {@link TWINS}. */
export type Twin = keyof typeof TWINS;

const BOTH: readonly Twin[] = ['min', 'debug'];

/** A frame page, `html/<name>[.min].html`, with one script of its own, `assets/<name>[.min].js`. */
interface FramePage {
  kind: 'frame';
  name: string;
  /** A page with one twin keeps the plain name: there is no other to tell it from. */
  twins: readonly Twin[];
  /** Whether its first twin's build also writes the locale files (build/locale-files.ts). */
  localeFiles?: true;
  /** A page without a script of its own. */
  script?: false;
}

/** A file the first script loads on demand, `modules/<name>[.min].js`. */
interface Module {
  kind: 'module';
  name: BuildModuleName;
  twins: readonly Twin[];
}

/** The first script, `payment-panel[.min].js`. */
interface FirstScript {
  kind: 'first-script';
  name: 'payment-panel';
  twins: readonly Twin[];
}

/** A file Vite builds into every flavour's folder, with the twins it has. */
export type BuiltFile = FramePage | Module | FirstScript;

/**
 * Every file Vite builds into a flavour's folder, in build order: the first script comes last, as it
 * carries the hashes of the modules. Beside them the builds write the stylesheets their code
 * publishes (build/stylesheets.ts) and the locale files, and the build then adds the files made from
 * the sources (build/public-files.ts) and `integrity.json`.
 */
export const BUILT_FILES: readonly BuiltFile[] = [
  { kind: 'frame', name: 'hosted-fields-frame', twins: BOTH, localeFiles: true },
  { kind: 'frame', name: 'three-d-secure-bank-frame', twins: BOTH },
  { kind: 'frame', name: 'three-d-secure-authentication-complete-frame', twins: ['min'] },
  { kind: 'frame', name: 'paypal-landing-frame', twins: ['min'], script: false },
  { kind: 'frame', name: 'paypal-redirect-frame', twins: ['min'] },
  { kind: 'frame', name: 'paypal-cancel-frame', twins: ['min'] },
  // The files only the runtime loads come before it, which carries their hashes.
  ...[...RUNTIME_LOADED, ...MODULE_NAMES.filter((name) => !RUNTIME_LOADED.includes(name))].map(
    (name): BuiltFile => ({ kind: 'module', name, twins: BOTH }),
  ),
  { kind: 'first-script', name: 'payment-panel', twins: BOTH },
];

/** One cell of the table: a twin of a file in a flavour, built by the environment it names. */
export interface Build {
  environment: string;
  flavour: Flavour;
  file: BuiltFile;
  twin: Twin;
}

function environmentName(flavour: Flavour, file: BuiltFile, twin: Twin): string {
  const { label } = TWINS[twin];
  const name = file.name.replace(/\W/g, '_');
  if (file.kind === 'frame') return `${flavour}Frame_${name}_${label}`;
  if (file.kind === 'module') return `${flavour}Module_${name}_${label}`;
  return `${flavour}Bundle${label}`;
}

/** A flavour's builds, in build order. */
export function buildsOf(flavour: Flavour): Build[] {
  return BUILT_FILES.flatMap((file) =>
    file.twins.map((twin) => ({ environment: environmentName(flavour, file, twin), flavour, file, twin })),
  );
}

const everyBuild = new Map(
  Object.keys(FLAVOUR_FOLDERS).flatMap((flavour) =>
    buildsOf(flavour as Flavour).map((build) => [build.environment, build] as const),
  ),
);

/** What an environment builds; undefined for Vite's own (the dev server's `client`, `ssr`). */
export function buildNamed(environment: string): Build | undefined {
  return everyBuild.get(environment);
}

/** Whether an environment builds a file the first script loads on demand. */
export function isModuleBuild(environment: string): boolean {
  return buildNamed(environment)?.file.kind === 'module';
}

/** Whether an environment's build writes the locale files: once per flavour. */
export function writesLocaleFiles(environment: string): boolean {
  const build = buildNamed(environment);
  return (
    build?.file.kind === 'frame' && build.file.localeFiles === true && build.twin === build.file.twins[0]
  );
}

/** The frame page a build writes, in the versioned folder. */
export function framePageFile({ file, twin }: Build): string {
  return `html/${file.name}${file.twins.length > 1 ? TWINS[twin].suffix : ''}.html`;
}

/** The script a build writes, in the versioned folder (none for a frame page without one). */
export function scriptFile({ file, twin }: Build): string {
  const { suffix } = TWINS[twin];
  if (file.kind === 'frame') return `assets/${file.name}${suffix}.js`;
  if (file.kind === 'module') return `modules/${file.name}${suffix}.js`;
  return `${file.name}${suffix}.js`;
}

/** The selected flavours: `PANEL_FLAVOURS` (comma-separated), by default both. */
export function selectedFlavours(env: NodeJS.ProcessEnv = process.env): Flavour[] {
  const list = (env.PANEL_FLAVOURS ?? 'release,local').split(',').map((f) => f.trim());
  for (const f of list) if (!(f in FLAVOUR_FOLDERS)) throw new Error(`Unknown flavour "${f}"`);
  return list as Flavour[];
}

/** Vite's options for one build. */
function environmentOptions(build: Build, define: Record<string, string>): EnvironmentOptions {
  const { file, twin, flavour } = build;
  const { suffix, minify } = TWINS[twin];
  const common = { outDir: FLAVOUR_FOLDERS[flavour], emptyOutDir: false, minify };
  if (file.kind === 'frame') {
    // One build per frame page, so each page loads one script of its own and nothing shared.
    return {
      consumer: 'client',
      define,
      build: {
        ...common,
        modulePreload: false,
        rolldownOptions: {
          input: { [file.name]: resolve(FRAMES_ROOT, `html/${file.name}.html`) },
          output: {
            entryFileNames: `assets/[name]${suffix}.js`,
            chunkFileNames: `assets/[name]${suffix}.js`,
            assetFileNames: `assets/[name]${suffix}[extname]`,
          },
        },
      },
    };
  }
  if (file.kind === 'module') {
    const externals = moduleExternals(pkg.version);
    return {
      consumer: 'client',
      define,
      build: {
        ...common,
        lib: {
          entry: resolve(root, MODULE_ENTRIES[file.name]),
          formats: ['iife'],
          name: `PaymentPanelModule_${file.name.replace(/\W/g, '_')}`,
          fileName: () => scriptFile(build),
        },
        rolldownOptions: { external: externals.external, output: { globals: externals.globals } },
      },
    };
  }
  return {
    consumer: 'client',
    // The first script loads the modules of its own twin.
    define: { ...define, __MODULE_SUFFIX__: JSON.stringify(suffix) },
    build: {
      ...common,
      lib: {
        entry: resolve(root, 'src/index.ts'),
        formats: ['iife'],
        name: 'PaymentPanelBundle',
        fileName: () => scriptFile(build),
      },
    },
  };
}

/**
 * The Vite environments of the selected flavours, by name.
 * @param localeIntegrity - the hash of the locale index (build/locale-files.ts)
 */
export function environmentsOf(
  flavours: readonly Flavour[],
  localeIntegrity: string,
): Record<string, EnvironmentOptions> {
  const environments: Record<string, EnvironmentOptions> = {};
  for (const flavour of flavours) {
    const define = {
      ...flavourDefine(flavour, localOrigins().gateway, localeIntegrity),
      // Lib mode leaves process.env.NODE_ENV alone; without this React's development build ships too.
      'process.env.NODE_ENV': JSON.stringify('production'),
    };
    for (const build of buildsOf(flavour))
      environments[build.environment] = environmentOptions(build, define);
  }
  return environments;
}
