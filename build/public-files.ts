/**
 * The files of the versioned folder made at build time from the sources rather than bundled:
 * `payment-panel.d.ts` (see `declarations.ts`), `custom-elements.json` (see `manifest.ts`) and the
 * editors' data made from the manifest (see `editor-data.ts`). The build writes them into each
 * flavour's folder ({@link publicFilesWriter}) before its integrity.json lists every file.
 * @packageDocumentation
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type * as Schema from 'custom-elements-manifest/schema';
import { rollUpDeclarations } from './declarations.ts';
import { vsCodeHtmlCustomData, webTypes } from './editor-data.ts';
import { buildManifest } from './manifest.ts';

/** File names of the generated files in the versioned folder. */
export const PUBLIC_TYPE_FILES = {
  declarations: 'payment-panel.d.ts',
  manifest: 'custom-elements.json',
  vsCode: 'vscode.html-custom-data.json',
  webTypes: 'web-types.json',
} as const;

/** The contents of the generated files, by {@link PUBLIC_TYPE_FILES} key. */
export type PublicTypeFiles = Record<keyof typeof PUBLIC_TYPE_FILES, string>;

/** The opening comment of `payment-panel.d.ts`. */
function declarationsHeader(version: string): string {
  return [
    `payment-panel ${version}: the types of the bundle's public surface.`,
    '',
    'Generated from the sources at build time. Add this file to your TypeScript project (for example',
    'with `/// <reference path="payment-panel.d.ts" />`): `document.querySelector("payment-panel")`,',
    "the element's events and `window.paymentPanel` are then typed, and the named types can be",
    'imported with `import type { PaymentMethodPayload } from "./payment-panel"`. The names are',
    'types only: the bundle is a script and exports nothing at run time.',
  ].join('\n');
}

/** JSON as the folder publishes it: two-space indents, a final newline. */
function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Makes the generated files' contents for a version; `manifest` saves analysing the sources again. */
export function generatePublicTypeFiles(
  version: string,
  manifest: Schema.Package = buildManifest(),
): PublicTypeFiles {
  return {
    declarations: rollUpDeclarations(declarationsHeader(version)),
    manifest: json(manifest),
    vsCode: json(vsCodeHtmlCustomData(manifest)),
    webTypes: json(webTypes(manifest, version)),
  };
}

/**
 * Writes the generated files into a flavour's folder. They are made once, on the first call, for
 * every flavour of the build: making them analyses the sources, which takes seconds.
 * @param generate - makes the files' contents
 */
export function publicFilesWriter(generate: () => PublicTypeFiles): (outDir: string) => Promise<void> {
  let files: PublicTypeFiles | undefined;
  return async (outDir) => {
    files ??= generate();
    for (const [key, name] of Object.entries(PUBLIC_TYPE_FILES) as [keyof PublicTypeFiles, string][]) {
      await writeFile(resolve(outDir, name), files[key]);
    }
  };
}
