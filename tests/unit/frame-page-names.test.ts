// @vitest-environment node
/** The frame pages' names in the versioned folder (build/frame-page-names.ts). */
import { describe, expect, it } from 'vitest';
import { framePageNames } from '../../build/frame-page-names';
import { buildsOf, type Build } from '../../build/outputs';

interface Asset {
  type: 'asset';
  fileName: string;
  source: string;
}

/** Runs the plugin's `generateBundle` in an environment over a bundle holding `files`. */
function generate(environment: string, files: string[]): string[] {
  const bundle: Record<string, Asset> = Object.fromEntries(
    files.map((fileName) => [fileName, { type: 'asset', fileName, source: `<!-- ${fileName} -->` }]),
  );
  const hook = framePageNames().generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  hook.call(
    {
      environment: { name: environment },
      emitFile: (file: Asset) => {
        bundle[file.fileName] = { ...file, source: `${file.source} as ${file.fileName}` };
      },
    },
    {},
    bundle,
  );
  return Object.values(bundle).map((file) => `${file.fileName}: ${file.source}`);
}

function build(name: string, twin: 'min' | 'debug'): Build {
  const found = buildsOf('local').find((b) => b.file.name === name && b.twin === twin);
  if (!found) throw new Error(`No ${twin} build of ${name}`);
  return found;
}

describe('frame page names', () => {
  it('names the minified twin of a page that has both `.min.html`', () => {
    const { environment } = build('hosted-fields-frame', 'min');
    expect(
      generate(environment, ['html/hosted-fields-frame.html', 'assets/hosted-fields-frame.min.js']),
    ).toEqual([
      'assets/hosted-fields-frame.min.js: <!-- assets/hosted-fields-frame.min.js -->',
      'html/hosted-fields-frame.min.html: <!-- html/hosted-fields-frame.html --> as html/hosted-fields-frame.min.html',
    ]);
  });

  it('leaves the debug twin, and a page with one twin, under the plain name', () => {
    for (const { environment, file } of [
      build('three-d-secure-bank-frame', 'debug'),
      build('paypal-redirect-frame', 'min'),
    ]) {
      const page = `html/${file.name}.html`;
      expect(generate(environment, [page])).toEqual([`${page}: <!-- ${page} -->`]);
    }
  });

  it('leaves the builds of modules and the first script alone', () => {
    const module = buildsOf('release').find((b) => b.file.kind === 'module');
    expect(generate(module?.environment ?? '', ['html/hosted-fields-frame.html'])).toEqual([
      'html/hosted-fields-frame.html: <!-- html/hosted-fields-frame.html -->',
    ]);
  });
});
