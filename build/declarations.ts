/**
 * `payment-panel.d.ts`: the public types module (`src/types/payment-panel.ts`) rolled into one
 * declaration file by dts-bundle-generator: its exports, everything they refer to and the
 * `declare global` blocks of the files they come from, in one module with no imports. Internal
 * members are stripped (`stripInternal`, see tsconfig.public-types.json).
 *
 * The bundle is a script that exports nothing at run time, so the file then exports its public
 * names as types only (`export type { … }`), and the modules' own documentation
 * (`@packageDocumentation`), which describes no declaration, is left out.
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';
import ts from 'typescript';

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, '..');
/** The module whose exports are the public types. */
export const PUBLIC_TYPES_ENTRY = resolve(ROOT, 'src/types/payment-panel.ts');
/** The compiler options of the roll-up: the repository's, internal members stripped, no type-check. */
const CONFIG = resolve(import.meta.dirname, 'tsconfig.public-types.json');

/**
 * Rolls the public types into one declaration file's text.
 * @param header - the file's opening comment, without comment markers
 */
export function rollUpDeclarations(header: string, entry = PUBLIC_TYPES_ENTRY): string {
  const [bundle] = generateDtsBundle(
    [
      {
        filePath: entry,
        // Nothing of a dependency's types, nor a reference to them: the file stands on its own.
        libraries: { importedLibraries: [], allowedTypesLibraries: [] },
        output: { inlineDeclareGlobals: true, exportReferencedTypes: false, noBanner: true },
      },
    ],
    { preferredConfigPath: CONFIG },
  );
  if (bundle === undefined) throw new Error('dts-bundle-generator gave no declarations.');
  const comment = `/**\n${header.replace(/^/gm, ' * ').replace(/ +$/gm, '')}\n */\n\n`;
  return comment + typesOnly(withoutPackageDocumentation(bundle));
}

/** The text without the comments that document a whole module. */
function withoutPackageDocumentation(text: string): string {
  return text.replace(/^\/\*\*(?:(?!\*\/)[\s\S])*@packageDocumentation[\s\S]*?\*\/\n/gm, '');
}

/**
 * The declarations with every `export` taken off and the exported names listed once, at the end,
 * as types: `import { PaymentPanelElement }` as a value then fails to compile, as it would fail
 * at run time. A declaration exported under another name (`export { ThreeDSecureOptions$1 as
 * ThreeDSecureComponentOptions }`, the bundler's way out of a clash) takes that name.
 */
export function typesOnly(text: string): string {
  const file = ts.createSourceFile('bundle.d.ts', text, ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const declared = new Set<string>();
  const renames = new Map<string, string>();
  // Edits as [start, end, replacement], applied from the end.
  const edits: [number, number, string][] = [];
  for (const statement of file.statements) {
    const name = (statement as ts.DeclarationStatement).name;
    if (name && ts.isIdentifier(name)) declared.add(name.text);
  }
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (statement.moduleSpecifier || (clause && !ts.isNamedExports(clause))) {
        throw new Error(`The declarations re-export from elsewhere: ${statement.getText()}`);
      }
      for (const element of clause?.elements ?? []) {
        const local = element.propertyName?.text;
        if (local === undefined) names.push(element.name.text);
        else if (declared.has(element.name.text)) names.push(`${local} as ${element.name.text}`);
        else {
          renames.set(local, element.name.text);
          names.push(element.name.text);
        }
      }
      edits.push([statement.getFullStart(), statement.getEnd(), '']);
      continue;
    }
    if (ts.isExportAssignment(statement)) throw new Error('The declarations have a default export.');
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    const name = (statement as ts.DeclarationStatement).name;
    if (!name || !ts.isIdentifier(name))
      throw new Error(`An exported statement without a name: ${statement.getText()}`);
    names.push(name.text);
    // `export declare class X` → `declare class X`; `export interface X` → `interface X`.
    edits.push([exported.getStart(), nextTokenStart(exported), '']);
  }
  const rename = (node: ts.Node): void => {
    // The export lists go whole.
    if (ts.isExportDeclaration(node)) return;
    const renamed = ts.isIdentifier(node) ? renames.get(node.text) : undefined;
    if (renamed !== undefined) edits.push([node.getStart(), node.getEnd(), renamed]);
    ts.forEachChild(node, rename);
  };
  if (renames.size > 0) rename(file);
  let result = text;
  for (const [start, end, replacement] of edits.sort(([a], [b]) => b - a)) {
    result = result.slice(0, start) + replacement + result.slice(end);
  }
  const sorted = [...new Set(names)].sort((a, b) => a.localeCompare(b));
  return `${result.trimEnd()}\n\nexport type {\n${sorted.map((name) => `  ${name},`).join('\n')}\n};\n`;
}

/** Where the token after a modifier starts (the keyword of the declaration). */
function nextTokenStart(modifier: ts.Node): number {
  const text = modifier.getSourceFile().text;
  let position = modifier.getEnd();
  while (/\s/.test(text.charAt(position))) position++;
  return position;
}

/** Parsed files of the standard library, shared by every {@link checkDeclarations}. */
const libraryFiles = new Map<string, ts.SourceFile>();

/**
 * Type-checks declaration text on its own, as a merchant's project sees it (the DOM library, no
 * other types), together with further files; returns the diagnostics as text, empty when none.
 * @param files - file name (relative to a virtual folder holding `payment-panel.d.ts`) → contents
 */
export function checkDeclarations(declarations: string, files: Record<string, string>): string {
  const folder = resolve('/virtual-merchant-project');
  const sources = new Map<string, string>([[resolve(folder, 'payment-panel.d.ts'), declarations]]);
  for (const [name, text] of Object.entries(files)) sources.set(resolve(folder, name), text);
  const options: ts.CompilerOptions = {
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
