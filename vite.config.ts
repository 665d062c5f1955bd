/**
 * One `vite build` writes every selected flavour into its versioned folder: the table of
 * build/outputs.ts (flavour × file), one environment per cell. `PANEL_FLAVOURS=local` limits the
 * build to the listed flavours.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };
import { buildFlavour } from './build/build-flavour.ts';
import { framePageNames } from './build/frame-page-names.ts';
import { localeFiles, publishedLocaleFiles } from './build/locale-files.ts';
import { collectCoreImports, coreNamespace, type CoreImports } from './build/modules.ts';
import * as outputs from './build/outputs.ts';
import { generatePublicTypeFiles, publicFilesWriter } from './build/public-files.ts';
import { publishedStylesheets } from './build/stylesheets.ts';
import { stampLocalBuild } from './server/build.ts';

const flavours = outputs.selectedFlavours();
const locales = localeFiles();
/** What the modules import of the first script's files, collected as they build. */
const coreImports: CoreImports = new Map();
const writePublicFiles = publicFilesWriter(() => generatePublicTypeFiles(pkg.version));

export default defineConfig({
  root: outputs.FRAMES_ROOT,
  base: './',
  publicDir: resolve(import.meta.dirname, 'public'),
  logLevel: 'warn',
  plugins: [
    framePageNames(),
    publishedLocaleFiles(locales, outputs.writesLocaleFiles),
    publishedStylesheets(),
    coreNamespace(pkg.version, coreImports),
    collectCoreImports(coreImports, outputs.isModuleBuild),
  ],
  environments: outputs.environmentsOf(flavours, locales.indexIntegrity),
  builder: {
    // One instance of each plugin for every environment: the modules' builds collect what the
    // first script's build then exposes.
    sharedPlugins: true,
    async buildApp(builder) {
      for (const flavour of flavours) {
        const outDir = outputs.FLAVOUR_FOLDERS[flavour];
        await buildFlavour(builder, outputs.buildsOf(flavour), outDir, writePublicFiles);
        // `npm start` rebuilds the local flavour only when its inputs change after this.
        if (flavour === 'local') stampLocalBuild();
      }
    },
  },
});
