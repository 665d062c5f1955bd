/**
 * The public type files of the versioned folder, made at build time from the sources:
 * `payment-panel.d.ts` (see `declarations.ts`) and `custom-elements.json` (see `manifest.ts`).
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import type * as TS from 'typescript';
import { createSourceProgram, loadTypeScript, rollUpDeclarations, type TypeScript } from './declarations.ts';
import { buildManifest } from './manifest.ts';

/** File names of the public type files in the versioned folder. */
export const PUBLIC_TYPE_FILES = {
  declarations: 'payment-panel.d.ts',
  manifest: 'custom-elements.json',
} as const;

/** The contents of the public type files. */
export interface PublicTypeFiles {
  declarations: string;
  manifest: string;
}

/** Makes the public type files' contents for a version. */
export async function generatePublicTypeFiles(version: string): Promise<PublicTypeFiles> {
  const ts = await loadTypeScript();
  const program = createSourceProgram(ts);
  const header = [
    `payment-panel ${version}: the types of the bundle's public surface.`,
    '',
    'Generated from the sources at build time. Add this file to your TypeScript project (for example',
    'with `/// <reference path="payment-panel.d.ts" />`): `document.querySelector("payment-panel")`,',
    "the element's events and `window.paymentPanel` are then typed, and the named types can be",
    'imported with `import type { PaymentMethodPayload } from "./payment-panel"`. The names are',
    'types only: the bundle is a script and exports nothing at run time.',
  ].join('\n');
  return {
    declarations: rollUpDeclarations(ts, program, header),
    manifest: `${JSON.stringify(buildManifest(ts, program), null, 2)}\n`,
  };
}

/** Parsed files of the standard library, shared by every {@link checkDeclarations}. */
const libraryFiles = new Map<string, TS.SourceFile>();

/**
 * Type-checks declaration text on its own, as a merchant's project sees it (the DOM library, no
 * other types), together with further files; returns the diagnostics as text, empty when none.
 * @param files - file name (relative to a virtual folder holding `payment-panel.d.ts`) → contents
 */
export function checkDeclarations(
  ts: TypeScript,
  declarations: string,
  files: Record<string, string>,
): string {
  const folder = resolve('/virtual-merchant-project');
  const sources = new Map<string, string>([[resolve(folder, PUBLIC_TYPE_FILES.declarations), declarations]]);
  for (const [name, text] of Object.entries(files)) sources.set(resolve(folder, name), text);
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    strict: true,
    noEmit: true,
    // The declarations are checked; the standard library is taken as it is.
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
  };
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const directoryExists = host.directoryExists?.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => sources.get(resolve(name)) ?? readFile(name);
  host.fileExists = (name) => sources.has(resolve(name)) || fileExists(name);
  host.directoryExists = (name) => resolve(name) === folder || (directoryExists?.(name) ?? false);
  host.getSourceFile = (name, language, ...rest) => {
    const text = sources.get(resolve(name));
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    // The standard library's files are parsed once for every check.
    let file = libraryFiles.get(name);
    if (!file) {
      file = getSourceFile(name, language, ...rest);
      if (file) libraryFiles.set(name, file);
    }
    return file;
  };
  const program = ts.createProgram([...sources.keys()], options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => folder,
    getNewLine: () => '\n',
  });
}
