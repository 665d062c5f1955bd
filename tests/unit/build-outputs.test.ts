// @vitest-environment node
/**
 * The table of what the build writes (build/outputs.ts): the files of each flavour, the order they
 * are built in, and the Vite environment each cell becomes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildNamed,
  buildsOf,
  environmentsOf,
  FLAVOUR_FOLDERS,
  FRAMES_ROOT,
  framePageFile,
  isModuleBuild,
  scriptFile,
  selectedFlavours,
  writesLocaleFiles,
} from '../../build/outputs';
import { MODULE_NAMES } from '../../src/shared/module-registry';
import { RUNTIME_LOADED } from '../../build/bundles.js';

/** The pages and scripts a flavour's builds write, in build order. */
function filesOf(flavour: 'release' | 'local'): string[] {
  return buildsOf(flavour).flatMap((build) => {
    if (build.file.kind !== 'frame') return [scriptFile(build)];
    return build.file.script === false ? [framePageFile(build)] : [framePageFile(build), scriptFile(build)];
  });
}

describe('the outputs table', () => {
  it('gives each flavour the first script, the modules and the frame pages, with their twins', () => {
    // The files only the runtime loads come before it, which carries their hashes.
    const modules = [
      ...RUNTIME_LOADED,
      ...MODULE_NAMES.filter((name) => !RUNTIME_LOADED.includes(name)),
    ].flatMap((name) => [`modules/${name}.min.js`, `modules/${name}.js`]);
    for (const flavour of ['release', 'local'] as const) {
      expect(filesOf(flavour)).toEqual([
        'html/hosted-fields-frame.min.html',
        'assets/hosted-fields-frame.min.js',
        'html/hosted-fields-frame.html',
        'assets/hosted-fields-frame.js',
        'html/three-d-secure-bank-frame.min.html',
        'assets/three-d-secure-bank-frame.min.js',
        'html/three-d-secure-bank-frame.html',
        'assets/three-d-secure-bank-frame.js',
        'html/three-d-secure-authentication-complete-frame.html',
        'assets/three-d-secure-authentication-complete-frame.min.js',
        'html/paypal-landing-frame.html',
        'html/paypal-redirect-frame.html',
        'assets/paypal-redirect-frame.min.js',
        'html/paypal-cancel-frame.html',
        'assets/paypal-cancel-frame.min.js',
        ...modules,
        'payment-panel.min.js',
        'payment-panel.js',
      ]);
    }
  });

  it('knows which frame pages have no script', () => {
    for (const build of buildsOf('release')) {
      if (build.file.kind !== 'frame') continue;
      const html = readFileSync(resolve(FRAMES_ROOT, `html/${build.file.name}.html`), 'utf8');
      expect(html.includes('<script'), build.file.name).toBe(build.file.script !== false);
    }
  });

  it('names every build once, and finds it by its name', () => {
    const builds = [...buildsOf('release'), ...buildsOf('local')];
    expect(new Set(builds.map((build) => build.environment)).size).toBe(builds.length);
    for (const build of builds) expect(buildNamed(build.environment)).toEqual(build);
    expect(buildNamed('client')).toBeUndefined();
  });

  it('tells the modules’ builds and the one build of a flavour that writes the locale files', () => {
    for (const flavour of ['release', 'local'] as const) {
      const builds = buildsOf(flavour);
      expect(
        builds
          .filter((build) => isModuleBuild(build.environment))
          .map(scriptFile)
          .sort(),
      ).toEqual(MODULE_NAMES.flatMap((name) => [`modules/${name}.min.js`, `modules/${name}.js`]).sort());
      expect(builds.filter((build) => writesLocaleFiles(build.environment)).map(scriptFile)).toEqual([
        'assets/hosted-fields-frame.min.js',
      ]);
    }
    expect(isModuleBuild('client')).toBe(false);
    expect(writesLocaleFiles('client')).toBe(false);
  });

  it('selects the flavours PANEL_FLAVOURS lists, by default both', () => {
    expect(selectedFlavours({})).toEqual(['release', 'local']);
    expect(selectedFlavours({ PANEL_FLAVOURS: ' local' })).toEqual(['local']);
    expect(() => selectedFlavours({ PANEL_FLAVOURS: 'local,staging' })).toThrow('Unknown flavour "staging"');
  });
});

describe('the environments', () => {
  const environments = environmentsOf(['release', 'local'], 'sha384-index');

  it('build each cell into its flavour’s folder, minified or not as its twin', () => {
    for (const flavour of ['release', 'local'] as const) {
      for (const build of buildsOf(flavour)) {
        const options = environments[build.environment]?.build;
        expect(options?.outDir).toBe(FLAVOUR_FOLDERS[flavour]);
        expect(options?.emptyOutDir).toBe(false);
        expect(options?.minify).toBe(build.twin === 'min');
      }
    }
    expect(FLAVOUR_FOLDERS.local).not.toBe(FLAVOUR_FOLDERS.release);
  });

  it('start from sources that exist, and name the scripts as the table does', () => {
    for (const build of buildsOf('local')) {
      const options = environments[build.environment]?.build;
      const lib = options?.lib;
      if (lib) {
        expect(existsSync(lib.entry as string)).toBe(true);
        expect((lib.fileName as () => string)()).toBe(scriptFile(build));
      } else {
        const input = options?.rolldownOptions?.input as Record<string, string>;
        expect(Object.values(input).every((path) => existsSync(path))).toBe(true);
        const output = options?.rolldownOptions?.output as { entryFileNames: string };
        expect(output.entryFileNames.replace('[name]', build.file.name)).toBe(scriptFile(build));
      }
    }
  });

  it('give the flavour’s constants, production React, and the first script its own twin’s modules', () => {
    const define = (name: string) => environments[name]?.define ?? {};
    const [release, local] = [buildsOf('release'), buildsOf('local')];
    for (const build of [...release, ...local]) {
      expect(define(build.environment)['process.env.NODE_ENV']).toBe('"production"');
      expect(define(build.environment).__PANEL_FLAVOUR__).toBe(JSON.stringify(build.flavour));
      expect(define(build.environment).__LOCALE_INTEGRITY__).toBe('"sha384-index"');
      const suffix = build.file.kind === 'first-script' && build.twin === 'debug' ? '' : '.min';
      expect(define(build.environment).__MODULE_SUFFIX__).toBe(JSON.stringify(suffix));
    }
  });
});
