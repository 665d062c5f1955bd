import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSync } from 'vite';
import { publishedStylesheets } from '../../build/stylesheets.ts';

/** Runs the plugin's transform as a build of `minify` would, collecting the files it writes. */
function transform(code: string, id: string, minify: boolean) {
  const emitted: { fileName: string; source: string }[] = [];
  const plugin = publishedStylesheets();
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const result = hook.call(
    {
      parse: (source: string) => parseSync('stylesheet.js', source).program,
      environment: { config: { command: 'build', build: { minify } } },
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    },
    code,
    id,
  );
  return { result, emitted };
}

describe('published stylesheets', () => {
  const css = ':host{display:block}';
  const inline = `export default ${JSON.stringify(css)}`;

  it('writes the text as a file of the versioned folder and gives its path and sha384', () => {
    const { result, emitted } = transform(inline, '/repo/src/element/styles/host.css?inline&published', true);
    const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
    expect(emitted).toEqual([{ type: 'asset', fileName: 'assets/host.min.css', source: css }]);
    expect(result?.code).toBe(
      `export default ${JSON.stringify(css)};\nexport const stylesheet = ${JSON.stringify({ file: 'assets/host.min.css', integrity })};\n`,
    );
  });

  it('names the debug build’s file as its scripts are named', () => {
    const { emitted } = transform(inline, '/repo/src/view/view.css?inline&published', false);
    expect(emitted.map((file) => file.fileName)).toEqual(['assets/view.css']);
  });

  it('leaves other imports alone', () => {
    expect(transform(inline, '/repo/src/view/view.css?inline', true).result).toBeNull();
    expect(transform('export default 1', '/repo/src/a.ts?published', true).result).toBeNull();
  });
});
