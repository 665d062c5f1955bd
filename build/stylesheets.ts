/**
 * Stylesheets published beside the code that carries them (docs/browsers.md, "Stylesheets"). The
 * code imports a stylesheet as `<name>.css?inline&published`: it gets the text, as with `?inline`,
 * which it adopts as a constructable stylesheet; and the build writes the same text into the
 * versioned folder as `assets/<name>[.min].css`, whose path and sha384 the import also gives. A
 * browser without constructable stylesheets loads that file with a `<link>`, which a strict
 * `style-src` naming the assets host allows where an inline `<style>` would be refused.
 */
import { basename } from 'node:path';
import type { Plugin } from 'vite';
import { sri } from './integrity.ts';

/** The query that publishes a stylesheet imported `?inline`. */
const PUBLISHED = /[?&]published(?:&|$)/;

/** The file a stylesheet is published as, inside the versioned folder. */
export function publishedFileName(sourcePath: string, minified: boolean): string {
  return `assets/${basename(sourcePath, '.css')}${minified ? '.min' : ''}.css`;
}

/** The text of the `export default "…"` that Vite's CSS plugin makes of an `?inline` import. */
function inlinedText(code: string, parse: (code: string) => { body: unknown[] }): string {
  for (const node of parse(code).body as {
    type: string;
    declaration?: { type: string; value?: unknown };
  }[]) {
    if (
      node.type === 'ExportDefaultDeclaration' &&
      node.declaration?.type === 'Literal' &&
      typeof node.declaration.value === 'string'
    ) {
      return node.declaration.value;
    }
  }
  throw new Error('A published stylesheet must be imported with ?inline.');
}

/**
 * Adds `stylesheet: {file, integrity}` to every `?inline&published` CSS import and, in a build,
 * writes the text as that file. Minified builds publish `<name>.min.css`, the debug ones
 * `<name>.css`, as their scripts are named.
 */
export function publishedStylesheets(): Plugin {
  return {
    name: 'payment-panel:published-stylesheets',
    // After Vite's CSS plugins have turned the stylesheet into its text.
    enforce: 'post',
    transform(code, id) {
      const [path = '', query = ''] = id.split('?');
      if (!path.endsWith('.css') || !PUBLISHED.test(`?${query}`)) return null;
      const css = inlinedText(code, (source) => this.parse(source));
      const { config } = this.environment;
      const file = publishedFileName(path, config.build.minify !== false);
      const integrity = sri(css);
      if (config.command === 'build') this.emitFile({ type: 'asset', fileName: file, source: css });
      return {
        code: `export default ${JSON.stringify(css)};\nexport const stylesheet = ${JSON.stringify({ file, integrity })};\n`,
        map: null,
      };
    },
  };
}
