/**
 * Names each frame page as build/outputs.ts says: Vite writes every page as `html/<page>.html`, and
 * the minified twin of a page that has a debug twin too is `html/<page>.min.html`.
 * @packageDocumentation
 */
import type { Plugin } from 'vite';
import { buildNamed, framePageFile } from './outputs.ts';

/** Renames a frame build's page where its name in the table differs from Vite's. */
export function framePageNames(): Plugin {
  return {
    name: 'payment-panel:frame-page-names',
    // After Vite's own HTML plugin has emitted the page.
    enforce: 'post',
    generateBundle(_, bundle) {
      const build = buildNamed(this.environment.name);
      if (build?.file.kind !== 'frame') return;
      const page = bundle[`html/${build.file.name}.html`];
      const fileName = framePageFile(build);
      if (!page || page.type !== 'asset' || page.fileName === fileName) return;
      Reflect.deleteProperty(bundle, page.fileName);
      this.emitFile({ type: 'asset', fileName, source: page.source });
    },
  };
}
