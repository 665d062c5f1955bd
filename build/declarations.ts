/**
 * `payment-panel.d.ts`: the public types module (`src/types/payment-panel.ts`) rolled into one
 * declaration file by dts-bundle-generator: its exports, everything they refer to and the
 * `declare global` blocks of the files they come from, in one module with no imports. Internal
 * members are stripped (`stripInternal`, see tsconfig.public-types.json).
 *
 * The bundle is a script that exports nothing at run time, so the file then exports its public
 * names as types only (`export type { … }`), and the modules' own documentation
 * (`@packageDocumentation`), which describes no declaration, is left out. A type derived from a
 * reader (`Infer<typeof reader>`) is written out as the plain interface or type it stands for, with
 * its members' TSDoc (see `type-text.ts`), and the readers' helper types then go: merchants read
 * `interface CardOptions { … }`, never how the panel checks it.
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';
import ts from 'typescript';
import { createSourceProgram, PUBLIC_TYPES_ENTRY, ROOT } from './program.ts';
import { publicTypeNames, READER_FILES, TypeWriter } from './type-text.ts';

/** The compiler options of the roll-up: the repository's, internal members stripped, no type-check. */
const CONFIG = resolve(import.meta.dirname, 'tsconfig.public-types.json');

/**
 * Rolls the public types into one declaration file's text.
 * @param header - the file's opening comment, without comment markers
 * @param program - the sources' program (see `program.ts`), where the derived types are resolved
 */
export function rollUpDeclarations(header: string, program: ts.Program = createSourceProgram()): string {
  const [bundle] = generateDtsBundle(
    [
      {
        filePath: PUBLIC_TYPES_ENTRY,
        // Nothing of a dependency's types, nor a reference to them: the file stands on its own.
        libraries: { importedLibraries: [], allowedTypesLibraries: [] },
        output: { inlineDeclareGlobals: true, exportReferencedTypes: false, noBanner: true },
      },
    ],
    { preferredConfigPath: CONFIG },
  );
  if (bundle === undefined) throw new Error('dts-bundle-generator gave no declarations.');
  const comment = `/**\n${header.replace(/^/gm, ' * ').replace(/ +$/gm, '')}\n */\n\n`;
  return comment + writeDerivedTypes(typesOnly(withoutPackageDocumentation(bundle)), program);
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

/** Whether `node` names one of `names` (its own declared name aside). */
function refersTo(node: ts.Node, names: ReadonlySet<string>): boolean {
  const own = (node as ts.DeclarationStatement).name;
  const visit = (child: ts.Node): boolean =>
    (ts.isIdentifier(child) && child !== own && names.has(child.text)) ||
    (ts.forEachChild(child, visit) ?? false);
  return ts.forEachChild(node, visit) ?? false;
}

/** Names declared at the top level of a file (each declaration of a variable statement's list). */
function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? [d.name.text] : [],
    );
  }
  if (ts.isModuleDeclaration(statement)) return [];
  const name = (statement as ts.DeclarationStatement).name;
  return name && ts.isIdentifier(name) ? [name.text] : [];
}

/**
 * The declarations with each type derived from a reader written out as what it stands for: an
 * interface of its members, with their TSDoc, or a type (see `type-text.ts`). A derived type is one
 * that names the readers' helper types (`Infer`, `ObjectOf`…); its source is the one type of that name in the sources (a bundler's `$1` suffix aside), resolved
 * in `program`. Other public types are named where they appear inside. What only the derived types
 * referred to then goes ({@link withoutUnused}); none of the readers' own declarations may be left.
 */
export function writeDerivedTypes(text: string, program: ts.Program): string {
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(PUBLIC_TYPES_ENTRY);
  if (!entry) throw new Error('The program does not hold the public types.');
  const names = publicTypeNames(checker, entry);
  const writer = new TypeWriter(checker, names, ROOT);
  const helpers = new Set<string>();
  const sources = new Map<string, ts.DeclarationStatement[]>();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || !resolve(source.fileName).startsWith(resolve(ROOT, 'src'))) continue;
    for (const statement of source.statements) {
      const isReaders = READER_FILES.some((file) => resolve(ROOT, file) === resolve(source.fileName));
      for (const name of declaredNames(statement)) {
        if (isReaders) helpers.add(name);
        else if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
          sources.set(name, [...(sources.get(name) ?? []), statement]);
        }
      }
    }
  }
  const file = ts.createSourceFile('bundle.d.ts', text, ts.ScriptTarget.Latest, true);
  const derived: { statement: ts.TypeAliasDeclaration | ts.InterfaceDeclaration; type: ts.Type }[] = [];
  for (const statement of file.statements) {
    if (!(ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement))) continue;
    const name = statement.name.text;
    if (helpers.has(name) || !refersTo(statement, helpers)) continue;
    const found = (sources.get(name.replace(/\$\d+$/, '')) ?? []).filter((source) =>
      refersTo(source, helpers),
    );
    const [source, ...others] = found;
    if (!source || others.length > 0 || statement.typeParameters) {
      throw new Error(`${name} is derived from a reader, but not from one type of that name in the sources.`);
    }
    const symbol = checker.getSymbolAtLocation(source.name as ts.Identifier);
    if (!symbol) throw new Error(`The compiler does not know ${name}.`);
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (!names.has(type)) names.set(type, name);
    derived.push({ statement, type });
  }
  let result = text;
  for (const { statement, type } of derived.reverse()) {
    const name = statement.name.text;
    const callable = type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0;
    const written = type.isUnion()
      ? `type ${name} = ${writer.union(type.types, '', true)};`
      : type.flags & ts.TypeFlags.Object && !callable && !checker.isArrayType(type)
        ? `interface ${name} ${writer.members(type, '', true)}`
        : `type ${name} = ${writer.text(type, '', true)};`;
    result = result.slice(0, statement.getStart()) + written + result.slice(statement.getEnd());
  }
  result = withoutUnused(result);
  const left = ts
    .createSourceFile('bundle.d.ts', result, ts.ScriptTarget.Latest, true)
    .statements.flatMap(declaredNames)
    .filter((name) => helpers.has(name));
  if (left.length > 0) throw new Error(`The declarations still declare the readers' ${left.join(', ')}.`);
  return result;
}

/**
 * The declarations without the top-level ones nothing reaches any more (what only the derived types
 * named, the readers' helper types among them, which also name each other): a declaration stays
 * when the list of exports or a `declare global` block reaches it, directly or through others.
 */
export function withoutUnused(text: string): string {
  // An identifier refers to a declaration unless it names a member, a parameter or the right of a
  // qualified name (`acsWindowSize?:` is a property, not the constant of that name).
  const refers = (node: ts.Identifier): boolean => {
    const parent = node.parent;
    if (ts.isQualifiedName(parent)) return parent.right !== node;
    if (ts.isPropertyAccessExpression(parent)) return parent.name !== node;
    const named =
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isTypeParameterDeclaration(parent) ||
      ts.isGetAccessorDeclaration(parent) ||
      ts.isSetAccessorDeclaration(parent) ||
      ts.isEnumMember(parent) ||
      ts.isNamedTupleMember(parent) ||
      ts.isPropertyAssignment(parent);
    return !(named && parent.name === node);
  };
  const file = ts.createSourceFile('bundle.d.ts', text, ts.ScriptTarget.Latest, true);
  const byName = new Map<string, ts.Statement[]>();
  const roots: ts.Statement[] = [];
  for (const statement of file.statements) {
    const names = declaredNames(statement);
    if (names.length === 0) roots.push(statement);
    for (const name of names) byName.set(name, [...(byName.get(name) ?? []), statement]);
  }
  const reached = new Set<ts.Statement>();
  const reach = (statement: ts.Statement): void => {
    if (reached.has(statement)) return;
    reached.add(statement);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && refers(node))
        for (const found of byName.get(node.text) ?? []) reach(found);
      ts.forEachChild(node, visit);
    };
    visit(statement);
  };
  for (const root of roots) reach(root);
  let result = text;
  for (const statement of [...file.statements].reverse()) {
    if (!reached.has(statement)) {
      result = result.slice(0, statement.getFullStart()) + result.slice(statement.getEnd());
    }
  }
  return result;
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
 * global types), together with further files; returns the diagnostics as text, empty when none. The
 * files may import the types of the repository's packages (the drop-in's typings), as a merchant's
 * project imports those it installed.
 * @param files - file name (relative to a virtual folder holding `payment-panel.d.ts`) → contents
 */
export function checkDeclarations(declarations: string, files: Record<string, string>): string {
  const folder = resolve(ROOT, '.virtual-merchant-project');
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
