/**
 * `custom-elements.json` (Custom Elements Manifest, schema 2.1.0) for `<payment-panel>`, read from
 * the sources with the compiler: the element class's properties and methods with their types and
 * documentation, the attributes of `OPTION_ATTRIBUTES` and the other attributes the element reads,
 * the events of `PaymentPanelEventDetails`, every `part` the panel's JSX sets and every `--pp-*`
 * custom property its styles use. Descriptions come from the TSDoc of the element (`@csspart`,
 * `@cssprop`) and of each member.
 * @packageDocumentation
 */
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type * as TS from 'typescript';
import { PUBLIC_TYPES_ENTRY, ROOT, type TypeScript } from './declarations.ts';

/** A type as the manifest writes it. */
interface ManifestType {
  text: string;
}

/** An attribute of the element. */
export interface ManifestAttribute {
  name: string;
  type: ManifestType;
  description?: string;
  fieldName?: string;
}

/** A property (`field`) or method of the element. */
export type ManifestMember =
  | { kind: 'field'; name: string; type: ManifestType; description?: string; attribute?: string }
  | {
      kind: 'method';
      name: string;
      description?: string;
      parameters: { name: string; type: ManifestType; optional?: boolean; description?: string }[];
      return: { type: ManifestType; description?: string };
    };

/** A named item with a description: an event, a CSS part or a custom property. */
export interface ManifestNamed {
  name: string;
  description?: string;
}

/** The manifest's custom element declaration. */
export interface ManifestElement {
  kind: 'class';
  customElement: true;
  name: string;
  tagName: string;
  description: string;
  superclass: { name: string; package: string };
  attributes: ManifestAttribute[];
  members: ManifestMember[];
  events: (ManifestNamed & { type: ManifestType })[];
  cssParts: ManifestNamed[];
  cssProperties: (ManifestNamed & { default?: string })[];
}

/** The whole manifest. */
export interface CustomElementsManifest {
  schemaVersion: string;
  modules: {
    kind: 'javascript-module';
    path: string;
    declarations: ManifestElement[];
    exports: {
      kind: 'custom-element-definition';
      name: string;
      declaration: { name: string; module: string };
    }[];
  }[];
}

/** The script that defines the element, relative to the versioned folder. */
const BUNDLE = 'payment-panel.min.js';

/**
 * Attributes the element reads without a property of their own, by name. A new one fails the build
 * until it is described here.
 */
const ATTRIBUTE_ONLY: Readonly<Record<string, string>> = {
  name: 'The name of the form value holding the nonce, e.g. `payment_method_nonce`: with it, the panel takes part in a surrounding `<form>` (README "Forms").',
};

/** Source files of the bundle (no tests), relative paths under `src/`. */
export function bundleSources(extensions: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) {
        // Build tooling and type declarations do not ship.
        if (relative(ROOT, path) !== 'src/types') walk(path);
      } else if (extensions.some((ext) => entry.name.endsWith(ext)) && !/\.test\.tsx?$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  walk(resolve(ROOT, 'src'));
  return found.sort();
}

/** Every `--pp-*` custom property the panel's styles and code use, with the first fallback given for it. */
export function customProperties(): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const path of bundleSources(['.css', '.ts', '.tsx'])) {
    const text = readFileSync(path, 'utf8');
    // Documentation tags (`@cssprop --pp-x - …`) describe properties; they do not use them.
    for (const match of text.matchAll(/(?<!@cssprop(?:erty)?\s+)--pp-[a-z0-9-]+/g)) {
      const name = match[0];
      const fallback = fallbackAt(text, match.index + name.length);
      if (!found.has(name) || (found.get(name) === undefined && fallback !== undefined))
        found.set(name, fallback);
    }
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

/** The fallback of `var(--pp-x, fallback)` when `from` is right after the property's name in one. */
function fallbackAt(text: string, from: number): string | undefined {
  const rest = /^\s*,/.exec(text.slice(from));
  if (!rest || !/var\(\s*$/.test(text.slice(Math.max(0, from - 80), from).replace(/--pp-[a-z0-9-]+$/, ''))) {
    return undefined;
  }
  let depth = 0;
  const start = from + rest[0].length;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '(') depth++;
    else if (char === ')') {
      if (depth === 0) return text.slice(start, i).trim();
      depth--;
    }
  }
  return undefined;
}

/** JSDoc tags of a node as `{name, text}`. */
function tags(ts: TypeScript, node: TS.Node): { name: string; text: string }[] {
  return ts.getJSDocTags(node).map((tag) => ({
    name: tag.tagName.text,
    text: ts.getTextOfJSDocComment(tag.comment) ?? '',
  }));
}

/** The main text of a node's JSDoc, without its tags. */
function summary(ts: TypeScript, node: TS.Node): string | undefined {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const text = docs
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n')
    .trim();
  return text === '' ? undefined : text.replace(/\s*\n\s*/g, ' ');
}

/** `name - description` of tags such as `@csspart name - description`. */
function namedTags(ts: TypeScript, node: TS.Node, ...names: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const tag of tags(ts, node)) {
    if (!names.includes(tag.name)) continue;
    const match = /^(\S+)\s+(?:-\s+)?([\s\S]*)$/.exec(tag.text.trim());
    if (match?.[1] && match[2]) found.set(match[1], match[2].replace(/\s*\n\s*/g, ' ').trim());
  }
  return found;
}

/**
 * The description of a part or property without a tag of its own: the tag whose text names it in
 * backticks, directly or as a pattern such as `field-<key>`.
 */
function describedBy(name: string, described: Map<string, string>): string | undefined {
  const own = described.get(name);
  if (own !== undefined) return own;
  for (const [tagged, text] of described) {
    for (const [, quoted = ''] of text.matchAll(/`([^`]+)`/g)) {
      const pattern = new RegExp(
        `^${quoted
          .split(/<[^>]+>/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\w-]+')}$`,
      );
      if (pattern.test(name)) return `See \`${tagged}\`: ${text}`;
    }
  }
  return undefined;
}

/** The values an expression of a `part` attribute can take. */
function partValues(ts: TypeScript, checker: TS.TypeChecker, expression: TS.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return [expression.text];
  if (ts.isParenthesizedExpression(expression)) return partValues(ts, checker, expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [
      ...partValues(ts, checker, expression.whenTrue),
      ...partValues(ts, checker, expression.whenFalse),
    ];
  }
  if (ts.isTemplateExpression(expression)) {
    let values = [expression.head.text];
    for (const span of expression.templateSpans) {
      const options = literalValues(ts, checker, span.expression) ?? [`<${span.expression.getText()}>`];
      values = values.flatMap((value) => options.map((option) => `${value}${option}${span.literal.text}`));
    }
    return values;
  }
  const literal = literalValues(ts, checker, expression);
  if (literal) return literal;
  throw new Error(
    `Cannot tell the parts of part={${expression.getText()}} in ${relative(ROOT, expression.getSourceFile().fileName)}.`,
  );
}

/** The string values of an expression whose type is a union of literals, if it is one. */
function literalValues(
  ts: TypeScript,
  checker: TS.TypeChecker,
  expression: TS.Expression,
): string[] | undefined {
  const type = checker.getTypeAtLocation(expression);
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral()) values.push(member.value);
    else if (member.isNumberLiteral()) values.push(String(member.value));
    else return undefined;
  }
  return values.length > 0 ? values : undefined;
}

/**
 * Every CSS part the panel sets, in source order: the element's own (`setAttribute('part', …)`)
 * and the view's JSX (`part=…`).
 */
export function cssParts(ts: TypeScript, program: TS.Program): string[] {
  const checker = program.getTypeChecker();
  const parts = new Set<string>();
  for (const path of bundleSources(['.ts', '.tsx'])) {
    // A module nothing imports does not ship, nor do its parts.
    const source = program.getSourceFile(path);
    if (!source) continue;
    const visit = (node: TS.Node): void => {
      if (ts.isJsxAttribute(node) && node.name.getText() === 'part' && node.initializer) {
        const initializer = node.initializer;
        const expression = ts.isJsxExpression(initializer) ? initializer.expression : initializer;
        if (!expression || !ts.isExpression(expression))
          throw new Error(`An empty part in ${relative(ROOT, path)}.`);
        for (const value of partValues(ts, checker, expression)) {
          for (const part of value.split(/\s+/)) if (part !== '') parts.add(part);
        }
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'setAttribute' &&
        node.arguments.length === 2 &&
        ts.isStringLiteral(node.arguments[0] as TS.Expression) &&
        (node.arguments[0] as TS.StringLiteral).text === 'part'
      ) {
        for (const value of partValues(ts, checker, node.arguments[1] as TS.Expression)) {
          for (const part of value.split(/\s+/)) if (part !== '') parts.add(part);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...parts];
}

/** The declaration of a name the public types module exports. */
function publicDeclaration(
  ts: TypeScript,
  checker: TS.TypeChecker,
  entry: TS.SourceFile,
  name: string,
): TS.Declaration {
  const module = checker.getSymbolAtLocation(entry);
  const exported = module && checker.getExportsOfModule(module).find((symbol) => symbol.name === name);
  if (!exported) throw new Error(`src/types/payment-panel.ts does not export ${name}.`);
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const [declaration] = symbol.declarations ?? [];
  if (!declaration) throw new Error(`${name} has no declaration.`);
  return declaration;
}

/** A top-level declaration of a module by name. */
function moduleValue(
  ts: TypeScript,
  program: TS.Program,
  file: string,
  name: string,
): TS.VariableDeclaration {
  const source = program.getSourceFile(resolve(ROOT, file));
  for (const statement of source?.statements ?? []) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
    }
  }
  throw new Error(`${file} declares no ${name}.`);
}

/** The string literal properties of a constant object, e.g. `OPTION_ATTRIBUTES`. */
function literalRecord(checker: TS.TypeChecker, declaration: TS.VariableDeclaration): Map<string, string> {
  const record = new Map<string, string>();
  for (const property of checker.getTypeAtLocation(declaration).getProperties()) {
    const type = checker.getTypeOfSymbolAtLocation(property, declaration);
    if (!type.isStringLiteral()) throw new Error(`${property.name} is not a string literal.`);
    record.set(property.name, type.value);
  }
  return record;
}

/** Attributes the element's code reads with `getAttribute('…')` (src/element). */
function attributesRead(): string[] {
  const names = new Set<string>();
  for (const path of bundleSources(['.ts'])) {
    if (!relative(ROOT, path).startsWith('src/element/')) continue;
    for (const match of readFileSync(path, 'utf8').matchAll(/getAttribute\(\s*'([a-z-]+)'\s*\)/g)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return [...names].sort();
}

function isInternal(ts: TypeScript, node: TS.Node): boolean {
  return tags(ts, node).some((tag) => tag.name === 'internal');
}

/** The manifest of `<payment-panel>`, from a program over the sources. */
export function buildManifest(
  ts: TypeScript,
  program: TS.Program,
  entry = PUBLIC_TYPES_ENTRY,
): CustomElementsManifest {
  const checker = program.getTypeChecker();
  const entryFile = program.getSourceFile(entry);
  if (!entryFile) throw new Error('The public types module is not part of the program.');
  const flags = (ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope) as TS.TypeFormatFlags;
  const typeText = (type: TS.Type): ManifestType => ({ text: checker.typeToString(type, undefined, flags) });

  const element = publicDeclaration(ts, checker, entryFile, 'PaymentPanelElement');
  if (!ts.isClassDeclaration(element) || !element.name)
    throw new Error('PaymentPanelElement is not a class.');
  const tagNameType = checker.getTypeAtLocation(
    moduleValue(ts, program, 'src/element/payment-panel-element.ts', 'TAG_NAME'),
  );
  if (!tagNameType.isStringLiteral()) throw new Error('TAG_NAME is not a string literal.');
  const optionAttributes = literalRecord(
    checker,
    moduleValue(ts, program, 'src/element/options.ts', 'OPTION_ATTRIBUTES'),
  );

  const attributes: ManifestAttribute[] = [];
  const members: ManifestMember[] = [];
  for (const member of element.members) {
    const isStatic = (ts.getModifiers(member as TS.HasModifiers) ?? []).some(
      (m) => m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.PrivateKeyword,
    );
    if (isStatic || !member.name || !ts.isIdentifier(member.name) || isInternal(ts, member)) continue;
    const name = member.name.text;
    const description = summary(ts, member);
    // A property is a field, a get accessor too (its set accessor adds nothing to say).
    if (ts.isPropertyDeclaration(member) || ts.isGetAccessorDeclaration(member)) {
      const documented = description ? /Attribute: `([a-z-]+)`/.exec(description)?.[1] : undefined;
      const attribute = optionAttributes.get(name) ?? documented;
      if (documented && attribute !== documented) {
        throw new Error(
          `The documentation of ${name} names the attribute ${documented}, the element uses ${attribute ?? 'none'}.`,
        );
      }
      members.push({
        kind: 'field',
        name,
        type: typeText(checker.getTypeAtLocation(member)),
        ...(description ? { description } : {}),
        ...(attribute ? { attribute } : {}),
      });
      if (attribute) {
        attributes.push({
          name: attribute,
          type: { text: 'string' },
          ...(description ? { description } : {}),
          fieldName: name,
        });
      }
    } else if (ts.isMethodDeclaration(member) && !name.endsWith('Callback')) {
      const signature = checker.getSignatureFromDeclaration(member);
      if (!signature) continue;
      const params = new Map(
        tags(ts, member)
          .filter((tag) => tag.name === 'param')
          .map((tag) => {
            const [first = '', ...rest] = tag.text.split(/\s+-\s+/);
            return [first.trim(), rest.join(' - ')] as const;
          }),
      );
      members.push({
        kind: 'method',
        name,
        ...(description ? { description } : {}),
        parameters: member.parameters.map((parameter) => {
          const parameterName = parameter.name.getText();
          const parameterDescription = params.get(parameterName);
          return {
            name: parameterName,
            type: typeText(checker.getTypeAtLocation(parameter)),
            ...(parameter.questionToken || parameter.initializer ? { optional: true } : {}),
            ...(parameterDescription ? { description: parameterDescription } : {}),
          };
        }),
        return: { type: typeText(checker.getReturnTypeOfSignature(signature)) },
      });
    }
  }
  for (const name of optionAttributes.keys()) {
    if (!members.some((member) => member.name === name))
      throw new Error(`The element declares no property ${name}.`);
  }
  for (const name of attributesRead()) {
    if (attributes.some((attribute) => attribute.name === name)) continue;
    const description = ATTRIBUTE_ONLY[name];
    if (!description)
      throw new Error(`The element reads the attribute ${name}: describe it in ATTRIBUTE_ONLY.`);
    attributes.push({ name, type: { text: 'string' }, description });
  }

  const eventDetails = publicDeclaration(ts, checker, entryFile, 'PaymentPanelEventDetails');
  if (!ts.isInterfaceDeclaration(eventDetails))
    throw new Error('PaymentPanelEventDetails is not an interface.');
  const events = eventDetails.members.map((member) => {
    if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) {
      throw new Error('PaymentPanelEventDetails has a member that is not an event.');
    }
    const description = summary(ts, member);
    return {
      name: member.name.text,
      type: { text: `CustomEvent<${typeText(checker.getTypeAtLocation(member)).text}>` },
      ...(description ? { description } : {}),
    };
  });

  const partDocs = namedTags(ts, element, 'csspart');
  const cssPartList = cssParts(ts, program).map((name) => {
    const description = describedBy(name, partDocs);
    return { name, ...(description ? { description } : {}) };
  });
  const propertyDocs = namedTags(ts, element, 'cssprop', 'cssproperty');
  const cssPropertyList = [...customProperties()].map(([name, fallback]) => {
    const description = describedBy(name, propertyDocs);
    return { name, ...(description ? { description } : {}), ...(fallback ? { default: fallback } : {}) };
  });

  const name = element.name.text;
  const tagName = tagNameType.value;
  return {
    schemaVersion: '2.1.0',
    modules: [
      {
        kind: 'javascript-module',
        path: BUNDLE,
        declarations: [
          {
            kind: 'class',
            customElement: true,
            name,
            tagName,
            description: summary(ts, element) ?? '',
            superclass: { name: 'HTMLElement', package: 'global:' },
            attributes,
            members,
            events,
            cssParts: cssPartList,
            cssProperties: cssPropertyList,
          },
        ],
        exports: [
          { kind: 'custom-element-definition', name: tagName, declaration: { name, module: BUNDLE } },
        ],
      },
    ],
  };
}
