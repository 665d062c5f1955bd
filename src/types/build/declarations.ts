/**
 * Rolls the public types module (`src/types/payment-panel.ts`) into one declaration file: the
 * compiler emits each source module's declarations (internal members stripped), then the public
 * names, everything they refer to (followed through imports, re-exports and `import("…")` types)
 * and the global declarations of the modules they come from are printed into a single module with
 * no imports. Names the public module re-exports are exported as types only: the bundle is a script,
 * and nothing of it can be imported at run time.
 * @packageDocumentation
 */
import { relative, resolve } from 'node:path';
import type * as TS from 'typescript';

/** The compiler API, loaded when a build needs it. */
export type TypeScript = typeof TS;

/** Loads the compiler API. */
export async function loadTypeScript(): Promise<TypeScript> {
  return (await import('typescript')).default;
}

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, '../../..');
/** The module whose exports are the public types. */
export const PUBLIC_TYPES_ENTRY = resolve(ROOT, 'src/types/payment-panel.ts');

/** A compiler program over the sources, as the repository's tsconfig.json sets it, for declarations. */
export function createSourceProgram(
  ts: TypeScript,
  entry = PUBLIC_TYPES_ENTRY,
  // The files the first script loads on demand: their parts and texts are the panel's too.
  others: readonly string[] = [resolve(ROOT, 'src/view/module.tsx')],
): TS.Program {
  const configPath = resolve(ROOT, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const config: unknown = read.config;
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, ROOT, undefined, configPath);
  return ts.createProgram([entry, ...others], {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    stripInternal: true,
  });
}

/** Where a name a module uses comes from. */
type Binding =
  { kind: 'local' } | { kind: 'import'; module: string; name: string } | { kind: 'external'; module: string };

/** One module's declarations, as the compiler emitted them. */
interface ModuleDeclarations {
  /** The source module's path. */
  path: string;
  file: TS.SourceFile;
  /** Top-level declarations by name (an interface may be declared more than once). */
  locals: Map<string, TS.Statement[]>;
  /** Names brought in by imports. */
  imports: Map<string, Binding>;
  /** Exported names → the module and name they stand for. */
  exports: Map<string, { module: string; name: string }>;
  /** Modules whose exports this one re-exports whole. */
  exportStars: string[];
  /** The contents of its `declare global` blocks. */
  globals: TS.Statement[];
}

/** A declaration of the output: a top-level name of one module. */
interface Declaration {
  key: string;
  module: ModuleDeclarations;
  name: string;
  statements: TS.Statement[];
  /** Its name in the output. */
  outName: string;
}

function hasModifier(ts: TypeScript, node: TS.Node, kind: TS.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

function declaredName(ts: TypeScript, statement: TS.Statement): string | undefined {
  if (
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isFunctionDeclaration(statement) ||
    ts.isEnumDeclaration(statement)
  ) {
    return statement.name?.text;
  }
  if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) return statement.name.text;
  if (ts.isVariableStatement(statement)) {
    const [first, ...rest] = statement.declarationList.declarations;
    if (!first || rest.length > 0 || !ts.isIdentifier(first.name)) {
      throw new Error('A variable statement of the declarations declares more than one name.');
    }
    return first.name.text;
  }
  return undefined;
}

/** The leftmost identifier of a name such as `A.B.C`. */
function leftmost(ts: TypeScript, name: TS.Node): TS.Identifier | undefined {
  let node: TS.Node = name;
  for (;;) {
    if (ts.isIdentifier(node)) return node;
    if (ts.isQualifiedName(node)) node = node.left;
    else if (ts.isPropertyAccessExpression(node)) node = node.expression;
    else return undefined;
  }
}

/** Names of the type parameters a node brings into scope. */
function typeParameterNames(ts: TypeScript, node: TS.Node): string[] {
  if (ts.isMappedTypeNode(node)) return [node.typeParameter.name.text];
  if (ts.isInferTypeNode(node)) return [node.typeParameter.name.text];
  const parameters = (node as { typeParameters?: TS.NodeArray<TS.TypeParameterDeclaration> }).typeParameters;
  return parameters ? parameters.map((p) => p.name.text) : [];
}

/**
 * Rolls the public types into one declaration file's text.
 * @param program - a program from {@link createSourceProgram}
 * @param header - the file's opening comment, without comment markers
 */
export function rollUpDeclarations(
  ts: TypeScript,
  program: TS.Program,
  header: string,
  entry = PUBLIC_TYPES_ENTRY,
): string {
  const modules = new Map<string, ModuleDeclarations>();

  function emitted(path: string): ModuleDeclarations {
    const known = modules.get(path);
    if (known) return known;
    const source = program.getSourceFile(path);
    if (!source) throw new Error(`${relative(ROOT, path)} is not part of the program.`);
    let text: string | undefined;
    // The compiler's sixth parameter (`forceDtsEmit`, not in its public typings) emits declarations
    // without type-checking every function body of the module first, which the repository's
    // type-check does anyway; a compiler without it ignores it and only takes longer.
    const emit = program.emit.bind(program) as (
      ...args: [...Parameters<TS.Program['emit']>, forceDtsEmit: boolean]
    ) => TS.EmitResult;
    const result = emit(
      source,
      (_name, data) => {
        text = data;
      },
      undefined,
      true,
      undefined,
      true,
    );
    const problems = result.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (problems.length > 0 || text === undefined) {
      throw new Error(
        `Cannot emit the declarations of ${relative(ROOT, path)}:\n${ts.formatDiagnostics(problems, {
          getCanonicalFileName: (f) => f,
          getCurrentDirectory: () => ROOT,
          getNewLine: () => '\n',
        })}`,
      );
    }
    const file = ts.createSourceFile(path.replace(/\.tsx?$/, '.d.ts'), text, ts.ScriptTarget.Latest, true);
    const module: ModuleDeclarations = {
      path,
      file,
      locals: new Map(),
      imports: new Map(),
      exports: new Map(),
      exportStars: [],
      globals: [],
    };
    const resolveSpecifier = (specifier: TS.Expression): { module: string; external: boolean } => {
      if (!ts.isStringLiteral(specifier)) throw new Error(`${relative(ROOT, path)}: a computed module name.`);
      const found = ts.resolveModuleName(specifier.text, path, program.getCompilerOptions(), ts.sys);
      const target = found.resolvedModule;
      if (!target || target.isExternalLibraryImport || target.resolvedFileName.endsWith('.d.ts')) {
        return { module: specifier.text, external: true };
      }
      return { module: resolve(target.resolvedFileName), external: false };
    };
    for (const statement of file.statements) {
      if (ts.isImportDeclaration(statement)) {
        const { module: from, external } = resolveSpecifier(statement.moduleSpecifier);
        const clause = statement.importClause;
        if (!clause) continue;
        if (clause.name) module.imports.set(clause.name.text, { kind: 'external', module: from });
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) {
          module.imports.set(bindings.name.text, { kind: 'external', module: from });
        } else if (bindings) {
          for (const element of bindings.elements) {
            module.imports.set(
              element.name.text,
              external
                ? { kind: 'external', module: from }
                : { kind: 'import', module: from, name: (element.propertyName ?? element.name).text },
            );
          }
        }
      } else if (ts.isExportDeclaration(statement)) {
        const from = statement.moduleSpecifier ? resolveSpecifier(statement.moduleSpecifier) : null;
        if (from?.external) throw new Error(`${relative(ROOT, path)} re-exports ${from.module}.`);
        const clause = statement.exportClause;
        if (!clause) {
          if (from) module.exportStars.push(from.module);
        } else if (ts.isNamedExports(clause)) {
          for (const element of clause.elements) {
            const name = (element.propertyName ?? element.name).text;
            module.exports.set(element.name.text, { module: from?.module ?? path, name });
          }
        } else {
          throw new Error(`${relative(ROOT, path)}: "export * as" is not supported.`);
        }
      } else if (ts.isModuleDeclaration(statement) && statement.name.text === 'global') {
        const body = statement.body;
        if (body && ts.isModuleBlock(body)) module.globals.push(...body.statements);
      } else {
        const name = declaredName(ts, statement);
        if (name === undefined) continue;
        module.locals.set(name, [...(module.locals.get(name) ?? []), statement]);
        if (hasModifier(ts, statement, ts.SyntaxKind.ExportKeyword))
          module.exports.set(name, { module: path, name });
      }
    }
    for (const name of module.locals.keys()) module.imports.set(name, { kind: 'local' });
    modules.set(path, module);
    return module;
  }

  /** The declaration an exported name of a module stands for. */
  function resolveExport(path: string, name: string, seen = new Set<string>()): Declaration {
    const key = `${path}#${name}`;
    if (seen.has(key)) throw new Error(`${relative(ROOT, path)}: "${name}" is exported in a cycle.`);
    seen.add(key);
    const module = emitted(path);
    const target = module.exports.get(name);
    if (target) {
      return target.module === path
        ? resolveName(module, target.name, seen)
        : resolveExport(target.module, target.name, seen);
    }
    for (const star of module.exportStars) {
      if (emitted(star).exports.has(name) || emitted(star).exportStars.length > 0) {
        try {
          return resolveExport(star, name, seen);
        } catch {
          // Not in this one.
        }
      }
    }
    throw new Error(`${relative(ROOT, path)} exports no "${name}".`);
  }

  const declarations = new Map<string, Declaration>();

  /** The declaration a name used in a module stands for; `undefined` for a global. */
  function lookup(module: ModuleDeclarations, name: string): Declaration | undefined {
    const binding = module.imports.get(name);
    if (!binding) return undefined;
    return resolveName(module, name);
  }

  function resolveName(module: ModuleDeclarations, name: string, seen = new Set<string>()): Declaration {
    const binding = module.imports.get(name);
    if (!binding) throw new Error(`${relative(ROOT, module.path)} has no "${name}".`);
    if (binding.kind === 'external') {
      throw new Error(
        `The public types refer to "${name}" of ${binding.module} (in ${relative(ROOT, module.path)}): keep dependencies' types out of them.`,
      );
    }
    if (binding.kind === 'import') return resolveExport(binding.module, binding.name, seen);
    const key = `${module.path}#${name}`;
    let declaration = declarations.get(key);
    if (!declaration) {
      declaration = { key, module, name, statements: module.locals.get(name) ?? [], outName: name };
      declarations.set(key, declaration);
    }
    return declaration;
  }

  /** Calls `found` with every declaration a node refers to, and `replace` decides how it is printed. */
  function references(
    module: ModuleDeclarations,
    node: TS.Node,
    found: (declaration: Declaration, at: TS.Node) => void,
  ): void {
    const scopes: Set<string>[] = [];
    const inScope = (name: string): boolean => scopes.some((scope) => scope.has(name));
    const visit = (current: TS.Node): void => {
      const names = typeParameterNames(ts, current);
      if (names.length > 0) scopes.push(new Set(names));
      let id: TS.Identifier | undefined;
      if (ts.isTypeReferenceNode(current)) id = leftmost(ts, current.typeName);
      else if (ts.isExpressionWithTypeArguments(current)) id = leftmost(ts, current.expression);
      else if (ts.isTypeQueryNode(current)) id = leftmost(ts, current.exprName);
      else if (ts.isComputedPropertyName(current)) id = leftmost(ts, current.expression);
      if (id && !inScope(id.text)) {
        const declaration = lookup(module, id.text);
        if (declaration) found(declaration, id);
      }
      if (ts.isImportTypeNode(current)) {
        const argument = current.argument;
        if (!ts.isLiteralTypeNode(argument) || !ts.isStringLiteral(argument.literal) || !current.qualifier) {
          throw new Error(`${relative(ROOT, module.path)}: an import type that names no declaration.`);
        }
        const first = leftmost(ts, current.qualifier);
        const target = ts.resolveModuleName(
          argument.literal.text,
          module.path,
          program.getCompilerOptions(),
          ts.sys,
        ).resolvedModule;
        if (
          !first ||
          !target ||
          target.isExternalLibraryImport ||
          target.resolvedFileName.endsWith('.d.ts')
        ) {
          throw new Error(
            `The public types refer to ${argument.literal.text} (in ${relative(ROOT, module.path)}): keep dependencies' types out of them.`,
          );
        }
        found(resolveExport(resolve(target.resolvedFileName), first.text), current);
      }
      ts.forEachChild(current, visit);
      if (names.length > 0) scopes.pop();
    };
    visit(node);
  }

  // The public names, then everything they reach, then the globals of the modules they come from.
  const entryModule = emitted(entry);
  const publicNames = new Map<string, Declaration>();
  for (const name of [...entryModule.exports.keys()].sort()) {
    publicNames.set(name, resolveExport(entry, name));
  }
  for (const name of entryModule.locals.keys()) {
    if (!entryModule.exports.has(name))
      throw new Error(`src/types/payment-panel.ts declares "${name}" without exporting it.`);
  }
  const included: Declaration[] = [];
  const includedKeys = new Set<string>();
  const globalModules: ModuleDeclarations[] = [];
  const include = (declaration: Declaration): void => {
    if (includedKeys.has(declaration.key)) return;
    includedKeys.add(declaration.key);
    included.push(declaration);
  };
  for (const declaration of publicNames.values()) include(declaration);
  for (let index = 0; ; index++) {
    const declaration = included[index];
    if (declaration) {
      if (declaration.statements.length === 0) {
        throw new Error(`${relative(ROOT, declaration.module.path)} declares no "${declaration.name}".`);
      }
      for (const statement of declaration.statements) references(declaration.module, statement, include);
      continue;
    }
    // Every module the public types come from contributes its global declarations.
    const pending = [...new Set(included.map((d) => d.module))].filter(
      (module) => module.globals.length > 0 && !globalModules.includes(module),
    );
    if (pending.length === 0) break;
    for (const module of pending) {
      globalModules.push(module);
      for (const statement of module.globals) references(module, statement, include);
    }
  }

  // Output names: the public ones as exported, the others as declared, told apart when they clash.
  const taken = new Map<string, Declaration>();
  for (const [name, declaration] of publicNames) {
    const other = taken.get(name);
    if (other && other !== declaration) throw new Error(`Two public types are named "${name}".`);
    if (declaration.outName !== declaration.name && declaration.outName !== name) {
      throw new Error(`"${declaration.name}" is exported under two names; export it once.`);
    }
    declaration.outName = name;
    taken.set(name, declaration);
  }
  for (const declaration of included) {
    if (taken.get(declaration.outName) === declaration) continue;
    let name = declaration.name;
    for (let n = 2; taken.has(name); n++) name = `${declaration.name}_${n}`;
    declaration.outName = name;
    taken.set(name, declaration);
  }

  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
  const print = (module: ModuleDeclarations, statement: TS.Statement, own?: Declaration): string => {
    const replacements = new Map<TS.Node, Declaration>();
    references(module, statement, (declaration, at) => replacements.set(at, declaration));
    const transformer: TS.TransformerFactory<TS.Node> = (context) => {
      const { factory } = context;
      const visit = (node: TS.Node): TS.Node => {
        const target = replacements.get(node);
        if (target && ts.isImportTypeNode(node)) {
          const qualifier = node.qualifier;
          const rest = qualifier && ts.isQualifiedName(qualifier) ? qualifier.right.text : undefined;
          const base = factory.createIdentifier(target.outName);
          return factory.createTypeReferenceNode(
            rest ? factory.createQualifiedName(base, rest) : base,
            node.typeArguments?.map((t) => ts.visitNode(t, visit, ts.isTypeNode)),
          );
        }
        if (target && ts.isIdentifier(node)) return factory.createIdentifier(target.outName);
        if (own && node === statement) {
          const updated = ts.visitEachChild(node, visit, context) as TS.Statement;
          return outerStatement(ts, factory, updated, own.outName);
        }
        return ts.visitEachChild(node, visit, context);
      };
      return (node) => ts.visitNode(node, visit);
    };
    const [result] = ts.transform(statement, [transformer]).transformed;
    // A module's own documentation sits before its first statement; it describes no declaration.
    return printer
      .printNode(ts.EmitHint.Unspecified, result ?? statement, module.file)
      .replace(/^\/\*\*(?:(?!\*\/)[\s\S])*@packageDocumentation[\s\S]*?\*\/\n/, '');
  };

  const lines: string[] = [`/**\n${header.replace(/^/gm, ' * ').replace(/ +$/gm, '')}\n */`, ''];
  const byModule = new Map<ModuleDeclarations, Declaration[]>();
  for (const declaration of included) {
    byModule.set(declaration.module, [...(byModule.get(declaration.module) ?? []), declaration]);
  }
  for (const [module, list] of byModule) {
    lines.push(`// ${relative(ROOT, module.path).split('\\').join('/')}`);
    const ordered = list.flatMap((declaration) =>
      declaration.statements.map((statement) => ({ declaration, statement })),
    );
    ordered.sort((a, b) => a.statement.pos - b.statement.pos);
    for (const { declaration, statement } of ordered) lines.push(print(module, statement, declaration));
    lines.push('');
  }
  lines.push('declare global {');
  for (const module of globalModules) {
    for (const statement of module.globals) lines.push(indent(print(module, statement)));
  }
  lines.push('}', '');
  lines.push(`export type {\n${[...publicNames.keys()].map((name) => `  ${name},`).join('\n')}\n};`, '');
  return lines.join('\n');
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}

/**
 * A top-level statement as the rolled-up file declares it: not exported (the file's last line
 * exports the public names as types), `declare` where a value is declared, under its output name.
 */
function outerStatement(
  ts: TypeScript,
  factory: TS.NodeFactory,
  statement: TS.Statement,
  name: string,
): TS.Statement {
  const modifiers = (ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []).filter(
    (m) => m.kind !== ts.SyntaxKind.ExportKeyword && m.kind !== ts.SyntaxKind.DefaultKeyword,
  );
  const needsDeclare =
    !ts.isInterfaceDeclaration(statement) &&
    !ts.isTypeAliasDeclaration(statement) &&
    !modifiers.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
  const all = needsDeclare ? [factory.createModifier(ts.SyntaxKind.DeclareKeyword), ...modifiers] : modifiers;
  const id = factory.createIdentifier(name);
  if (ts.isInterfaceDeclaration(statement)) {
    return factory.updateInterfaceDeclaration(
      statement,
      all,
      id,
      statement.typeParameters,
      statement.heritageClauses,
      statement.members,
    );
  }
  if (ts.isTypeAliasDeclaration(statement)) {
    return factory.updateTypeAliasDeclaration(statement, all, id, statement.typeParameters, statement.type);
  }
  if (ts.isClassDeclaration(statement)) {
    return factory.updateClassDeclaration(
      statement,
      all,
      id,
      statement.typeParameters,
      statement.heritageClauses,
      statement.members,
    );
  }
  if (ts.isFunctionDeclaration(statement)) {
    return factory.updateFunctionDeclaration(
      statement,
      all,
      statement.asteriskToken,
      id,
      statement.typeParameters,
      statement.parameters,
      statement.type,
      statement.body,
    );
  }
  if (ts.isEnumDeclaration(statement))
    return factory.updateEnumDeclaration(statement, all, id, statement.members);
  if (ts.isVariableStatement(statement)) {
    const [first] = statement.declarationList.declarations;
    if (!first) return statement;
    const declaration = factory.updateVariableDeclaration(
      first,
      id,
      first.exclamationToken,
      first.type,
      first.initializer,
    );
    return factory.updateVariableStatement(
      statement,
      all,
      factory.updateVariableDeclarationList(statement.declarationList, [declaration]),
    );
  }
  if (ts.isModuleDeclaration(statement)) {
    return factory.updateModuleDeclaration(statement, all, id, statement.body);
  }
  return statement;
}
