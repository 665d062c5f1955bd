/**
 * Public types written out as merchants read them. A shape declared as its reader has a derived type
 * (`Infer<typeof reader>`, src/shared/strict-readers.ts) that the compiler would print through the
 * readers' own helper types; this writes it as plain TypeScript instead: objects with their members
 * and each member's TSDoc (which the readers' keys carry), and the name of a public type wherever
 * one appears. `declarations.ts` writes the derived types of `payment-panel.d.ts` with it, and
 * `manifest.ts` the types of the element's properties, methods and events.
 * @packageDocumentation
 */
import { resolve } from 'node:path';
import ts from 'typescript';

/** The files whose types only describe readers: never named in what is published. */
export const READER_FILES = ['src/shared/strict-readers.ts', 'src/shared/strict-readers-more.ts'];

/** How the compiler prints what needs no writing out (primitives, functions, lib types…). */
const FLAGS = (ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope) as ts.TypeFormatFlags;

/** A property name as TypeScript writes it: bare when it is an identifier, else quoted. */
function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

/** A TSDoc comment at `indent`, or `''` when there is nothing to say. */
export function docComment(text: string, tags: readonly ts.JSDocTagInfo[], indent: string): string {
  const lines = text === '' ? [] : text.split('\n');
  for (const tag of tags) {
    const tagText = ts.displayPartsToString(tag.text);
    lines.push(`@${tag.name}${tagText === '' ? '' : ` ${tagText}`}`);
  }
  if (lines.length === 0) return '';
  if (lines.length === 1 && !lines[0]?.startsWith('@')) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line === '' ? '' : ` ${line}`}`).join('\n')}\n${indent} */\n`;
}

/** Writes types of one program: see the module's documentation. */
export class TypeWriter {
  readonly #checker: ts.TypeChecker;
  readonly #names: ReadonlyMap<ts.Type, string>;
  readonly #readerFiles: ReadonlySet<string>;

  /**
   * @param names - public types by the name to write for them (see {@link publicTypeNames})
   * @param root - the repository the program's files are in
   */
  constructor(checker: ts.TypeChecker, names: ReadonlyMap<ts.Type, string>, root: string) {
    this.#checker = checker;
    this.#names = names;
    this.#readerFiles = new Set(READER_FILES.map((file) => resolve(root, file)));
  }

  /** Whether a symbol is one of the readers' helper types (`Infer`, `ObjectOf`, `Reader`…). */
  isReaderSymbol(symbol: ts.Symbol | undefined): boolean {
    return (symbol?.declarations ?? []).some((declaration) =>
      this.#readerFiles.has(resolve(declaration.getSourceFile().fileName)),
    );
  }

  /**
   * A type where it is used (a member, a parameter, a union's member): its public name when it has
   * one, else written out. `indent` is that of the line the type starts on; `multiline` writes
   * objects a member a line, with their TSDoc, rather than on one line.
   */
  text(type: ts.Type, indent = '', multiline = false): string {
    const named = this.#names.get(type);
    if (named !== undefined) return named;
    const alias = type.aliasSymbol;
    if (alias && !this.isReaderSymbol(alias)) {
      const args = type.aliasTypeArguments ?? [];
      const name = this.#checker.symbolToString(alias);
      return args.length === 0
        ? name
        : `${name}<${args.map((arg) => this.text(arg, indent, multiline)).join(', ')}>`;
    }
    if (type.isUnion()) return this.union(type.types, indent, multiline);
    if (type.flags & ts.TypeFlags.Object) {
      if (this.#checker.isArrayType(type)) {
        const [item] = this.#checker.getTypeArguments(type as ts.TypeReference);
        const itemText = item ? this.text(item, indent, multiline) : 'unknown';
        const readonly = (type as ts.TypeReference).target.symbol.name === 'ReadonlyArray' ? 'readonly ' : '';
        return `${readonly}${/[|&]/.test(itemText) ? `(${itemText})` : itemText}[]`;
      }
      const symbol = type.getSymbol();
      const declared =
        symbol &&
        symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class) &&
        !this.isReaderSymbol(symbol);
      const callable = type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0;
      if (!declared && !callable && !this.#checker.isTupleType(type))
        return this.members(type, indent, multiline);
    }
    return this.#checker.typeToString(type, undefined, FLAGS);
  }

  /** Members of a union, `boolean` for `true | false`, `null` and `undefined` last. */
  union(members: readonly ts.Type[], indent = '', multiline = false): string {
    const texts: string[] = [];
    const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    const last = (member: ts.Type) =>
      member.flags & ts.TypeFlags.Undefined ? 2 : member.flags & ts.TypeFlags.Null ? 1 : 0;
    for (const member of [...members].sort((a, b) => last(a) - last(b))) {
      if (booleans.length === 2 && booleans.includes(member)) {
        if (member === booleans[0]) texts.push('boolean');
        continue;
      }
      const text = this.text(member, indent, multiline);
      if (!texts.includes(text)) texts.push(/=>/.test(text) && !text.startsWith('{') ? `(${text})` : text);
    }
    return texts.join(' | ');
  }

  /**
   * An object type written out: its properties in the order they are declared, each with its TSDoc
   * when `multiline`, then its index signatures. An optional property is written `key?: T | undefined`, or `key?: T` on one line.
   */
  members(type: ts.Type, indent = '', multiline = true): string {
    const inner = `${indent}\t`;
    const lines: string[] = [];
    for (const property of this.#ordered(this.#checker.getPropertiesOfType(type))) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      const propertyType = this.#checker.getTypeOfSymbol(property);
      // In the declarations `undefined` stays written: a merchant compiling with
      // `exactOptionalPropertyTypes` (as the drop-in's typings do) may pass it for any optional key.
      // A table's one line leaves it to the question mark.
      const text =
        optional && !multiline && propertyType.isUnion()
          ? this.union(
              propertyType.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined)),
              inner,
              multiline,
            )
          : this.text(propertyType, inner, multiline);
      const key = `${this.#readonly(property) ? 'readonly ' : ''}${propertyName(property.name)}${optional ? '?' : ''}`;
      lines.push(this.#member(property, `${key}: ${text}`, inner, multiline));
    }
    for (const info of this.#checker.getIndexInfosOfType(type)) {
      const key = this.#checker.typeToString(info.keyType, undefined, FLAGS);
      const readonly = info.isReadonly ? 'readonly ' : '';
      const line = `${readonly}[key: ${key}]: ${this.text(info.type, inner, multiline)};`;
      if (!multiline) {
        lines.push(line);
        continue;
      }
      const doc = (info.declaration ? ts.getJSDocCommentsAndTags(info.declaration) : [])
        .map((comment) => (ts.isJSDoc(comment) ? (ts.getTextOfJSDocComment(comment.comment) ?? '') : ''))
        .join('\n');
      lines.push(`${docComment(doc, [], inner)}${inner}${line}`);
    }
    if (lines.length === 0) return '{}';
    return multiline ? `{\n${lines.join('\n')}\n${indent}}` : `{ ${lines.join(' ')} }`;
  }

  /** A member's line: its TSDoc and `text`, when `multiline`; else `text;` alone. */
  #member(property: ts.Symbol, text: string, indent: string, multiline: boolean): string {
    if (!multiline) return `${text};`;
    const doc = docComment(
      ts.displayPartsToString(property.getDocumentationComment(this.#checker)),
      property.getJsDocTags(this.#checker),
      indent,
    );
    return `${doc}${indent}${text};`;
  }

  /** Whether a property is declared `readonly`. */
  #readonly(property: ts.Symbol): boolean {
    return (property.declarations ?? []).some(
      (declaration) => (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) !== 0,
    );
  }

  /**
   * Properties in the order of their declarations: by place within a file, files in the order their
   * first property comes; those without a declaration last.
   */
  #ordered(properties: readonly ts.Symbol[]): ts.Symbol[] {
    const files: string[] = [];
    const place = (property: ts.Symbol): [number, number] => {
      const declaration = property.declarations?.[0];
      if (!declaration) return [Number.MAX_SAFE_INTEGER, 0];
      const file = declaration.getSourceFile().fileName;
      if (!files.includes(file)) files.push(file);
      return [files.indexOf(file), declaration.getStart()];
    };
    const places = new Map(properties.map((property) => [property, place(property)]));
    return [...properties].sort((a, b) => {
      const [fileA = 0, atA = 0] = places.get(a) ?? [];
      const [fileB = 0, atB = 0] = places.get(b) ?? [];
      return fileA - fileB || atA - atB;
    });
  }
}

/**
 * The public types of a module's exports by their exported names (a type exported under two names
 * keeps the first), for {@link TypeWriter} to name them wherever they appear. Primitive and literal
 * types are left out: `string` is never written as the name of an alias of it.
 */
export function publicTypeNames(checker: ts.TypeChecker, entry: ts.SourceFile): Map<ts.Type, string> {
  const names = new Map<ts.Type, string>();
  const module = checker.getSymbolAtLocation(entry);
  if (!module) throw new Error(`${entry.fileName} is no module.`);
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface | ts.SymbolFlags.Class)))
      continue;
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Union | ts.TypeFlags.Intersection))) continue;
    if (type.isUnion() && type.types.every((member) => member.flags & ts.TypeFlags.BooleanLiteral)) continue;
    if (!names.has(type)) names.set(type, exported.name);
  }
  return names;
}
