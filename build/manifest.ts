/**
 * `custom-elements.json` (Custom Elements Manifest, schema 2.1.0) for `<payment-panel>`, made by
 * `@custom-elements-manifest/analyzer` from the element's source: the class, its properties and
 * methods with their TSDoc and `@param` tags, the attributes it observes, the `@attr`, `@csspart`
 * and `@cssprop` tags of its TSDoc.
 *
 * The analyzer reads one file's syntax; {@link paymentPanelPlugin} adds what takes the compiler's
 * types or the other sources, and fails the build where the documentation and the code disagree:
 * - the tag name (`TAG_NAME`), and the types of properties and methods as the compiler sees them;
 * - the attributes our own parser reads (`OPTION_ATTRIBUTES`, each with its property) and those the
 *   element reads with `getAttribute()`, each of which must be described;
 * - the events it dispatches (`PaymentPanelEventDetails`, with their `detail` types);
 * - every `part` the panel sets (the element's own and the view's JSX, a part named after a value
 *   expanded to each value) and every `--pp-*` custom property its styles use, with its default
 *   and its dark default (`prefers-color-scheme: dark`); each must be documented by a tag;
 * - one module, the bundle, with its custom element definition.
 * @packageDocumentation
 */
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import * as analyzer from '@custom-elements-manifest/analyzer';
import type { Plugin } from '@custom-elements-manifest/analyzer';
import type * as Schema from 'custom-elements-manifest/schema';
import ts from 'typescript';
import { createSourceProgram, PUBLIC_TYPES_ENTRY, ROOT } from './program.ts';
import { publicTypeNames, TypeWriter } from './type-text.ts';

/**
 * The analyzer's run-time exports, which its typings leave out: `create()`, and the compiler it
 * parses with (its own version), in which the modules it reads must be parsed.
 */
const { create, ts: analyzerTs } = analyzer as unknown as {
  create: (options: {
    modules: ts.SourceFile[];
    plugins?: Plugin[];
    context?: Record<string, unknown>;
  }) => Schema.Package;
  ts: typeof ts;
};

/** The element's source, which the analyzer reads. */
export const ELEMENT_SOURCE = 'src/element/payment-panel-element.ts';
/** The script that defines the element, relative to the versioned folder. */
const BUNDLE = 'payment-panel.min.js';
/** Methods the browser calls, which are no API of the element. */
const LIFECYCLE = /^(connected|disconnected|adopted|attributeChanged|connectedMove|form[A-Z]\w*)Callback$/;

/** The manifest's element, with the members the plugin leaves: properties and methods. */
export type ManifestElement = Schema.CustomElementDeclaration & {
  attributes: Schema.Attribute[];
  members: (Schema.CustomElementField | Schema.ClassMethod)[];
  events: Schema.Event[];
  cssParts: Schema.CssPart[];
  cssProperties: Schema.CssCustomProperty[];
};

/** The manifest of `<payment-panel>`. */
export function buildManifest(program: ts.Program = createSourceProgram()): Schema.Package {
  const text = readFileSync(resolve(ROOT, ELEMENT_SOURCE), 'utf8');
  const source = analyzerTs.createSourceFile(ELEMENT_SOURCE, text, analyzerTs.ScriptTarget.Latest, true);
  return create({ modules: [source], plugins: [paymentPanelPlugin(program)], context: { dev: false } });
}

/** The element of a manifest. */
export function manifestElement(manifest: Schema.Package): ManifestElement {
  const [declaration] = manifest.modules.flatMap((module) => module.declarations ?? []);
  if (!declaration || declaration.kind !== 'class' || !('customElement' in declaration)) {
    throw new Error('The manifest declares no custom element.');
  }
  return declaration as ManifestElement;
}

/** Whitespace of a TSDoc text as markdown wants it: paragraphs kept, lines joined. */
function normalize(text: string | undefined): string | undefined {
  const paragraphs = (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter((paragraph) => paragraph !== '');
  return paragraphs.length > 0 ? paragraphs.join('\n\n') : undefined;
}

/** The analyzer plugin of `<payment-panel>`: see the module's documentation. */
export function paymentPanelPlugin(program: ts.Program): Plugin {
  return {
    name: 'payment-panel',
    packageLinkPhase({ customElementsManifest: manifest }) {
      const [module, ...others] = manifest.modules;
      if (!module || others.length > 0) throw new Error(`The analyzer should read ${ELEMENT_SOURCE} alone.`);
      const element = (module.declarations ?? []).find(
        (declaration): declaration is Schema.CustomElementDeclaration =>
          declaration.kind === 'class' &&
          'customElement' in declaration &&
          declaration.customElement === true,
      );
      if (!element) throw new Error(`${ELEMENT_SOURCE} declares no custom element.`);
      const linked = linkElement(program, element);
      manifest.schemaVersion = '2.1.0';
      delete manifest.readme;
      manifest.modules = [
        {
          kind: 'javascript-module',
          path: BUNDLE,
          declarations: [linked],
          exports: [
            {
              kind: 'custom-element-definition',
              name: linked.tagName ?? '',
              declaration: { name: linked.name, module: BUNDLE },
            },
          ],
        },
      ];
    },
  };
}

function linkElement(program: ts.Program, element: Schema.CustomElementDeclaration): ManifestElement {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(resolve(ROOT, ELEMENT_SOURCE));
  if (!source) throw new Error(`${ELEMENT_SOURCE} is not part of the program.`);
  const classNode = source.statements.find(
    (statement): statement is ts.ClassDeclaration =>
      ts.isClassDeclaration(statement) && statement.name?.text === element.name,
  );
  if (!classNode) throw new Error(`${ELEMENT_SOURCE} has no class ${element.name}.`);
  // Types on one line, a public type by its name (an option's type is `CardOptions`, not the
  // reader's shape it is derived from).
  const entry = program.getSourceFile(PUBLIC_TYPES_ENTRY);
  if (!entry) throw new Error('The program does not hold the public types.');
  const writer = new TypeWriter(checker, publicTypeNames(checker, entry), ROOT);
  const typeText = (type: ts.Type): Schema.Type => ({ text: writer.text(type) });

  // The tag name: `customElements.define(TAG_NAME, …)` names a constant.
  const tagName =
    element.tagName && /^[a-z][a-z0-9]*-[a-z0-9-]*$/.test(element.tagName)
      ? element.tagName
      : stringConstant(checker, source, element.tagName ?? '');

  // Properties and methods: the public instance members the class declares, typed by the compiler.
  const declared = new Map<string, ts.ClassElement>();
  for (const member of classNode.members) {
    const modifiers = ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : [];
    const hidden = modifiers.some(
      (m) =>
        m.kind === ts.SyntaxKind.StaticKeyword ||
        m.kind === ts.SyntaxKind.PrivateKeyword ||
        m.kind === ts.SyntaxKind.ProtectedKeyword,
    );
    if (hidden || !member.name || !ts.isIdentifier(member.name) || LIFECYCLE.test(member.name.text)) continue;
    if (ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal')) continue;
    if (!declared.has(member.name.text)) declared.set(member.name.text, member);
  }
  const members: ManifestElement['members'] = [];
  for (const member of element.members ?? []) {
    const node = declared.get(member.name);
    if (!node || member.static || member.privacy === 'private') continue;
    const description = normalize(member.description);
    if (
      member.kind === 'field' &&
      (ts.isPropertyDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node))
    ) {
      const { readonly, deprecated } = member;
      members.push({
        kind: 'field',
        name: member.name,
        type: typeText(checker.getTypeAtLocation(node)),
        ...(description ? { description } : {}),
        ...(readonly ? { readonly } : {}),
        ...(deprecated ? { deprecated } : {}),
      });
    } else if (member.kind === 'method' && ts.isMethodDeclaration(node)) {
      const signature = checker.getSignatureFromDeclaration(node);
      if (!signature) throw new Error(`${element.name}.${member.name} has no signature.`);
      members.push({
        kind: 'method',
        name: member.name,
        ...(description ? { description } : {}),
        parameters: node.parameters.map((parameter) => {
          const name = parameter.name.getText();
          const documented = normalize(member.parameters?.find((p) => p.name === name)?.description);
          return {
            name,
            type: typeText(checker.getTypeAtLocation(parameter)),
            ...(parameter.questionToken || parameter.initializer ? { optional: true } : {}),
            ...(documented ? { description: documented } : {}),
          };
        }),
        return: { type: typeText(checker.getReturnTypeOfSignature(signature)) },
      });
    }
  }
  for (const name of declared.keys()) {
    if (!members.some((member) => member.name === name))
      throw new Error(`The analyzer missed ${element.name}.${name}.`);
  }
  const field = (name: string) =>
    members.find(
      (member): member is Schema.CustomElementField => member.kind === 'field' && member.name === name,
    );

  // Attributes: those the analyzer found (observed literally, or documented with `@attr`), then
  // each option of our parser with its property; every attribute the element reads is among them.
  const attributes: Schema.Attribute[] = [];
  const addAttribute = (attribute: Schema.Attribute) => {
    const known = attributes.find((a) => a.name === attribute.name);
    if (known) Object.assign(known, attribute);
    else attributes.push(attribute);
  };
  for (const attribute of element.attributes ?? []) {
    const property = field(attribute.fieldName ?? attribute.name);
    const description = normalize(attribute.description) ?? property?.description;
    if (property) property.attribute = attribute.name;
    addAttribute({
      name: attribute.name,
      type: { text: 'string' },
      ...(description ? { description } : {}),
      ...(property ? { fieldName: property.name } : {}),
    });
  }
  for (const [property, attribute] of optionAttributes(checker, program)) {
    const found = field(property);
    if (!found)
      throw new Error(`The element declares no property ${property} for the attribute ${attribute}.`);
    found.attribute = attribute;
    addAttribute({
      name: attribute,
      type: { text: 'string' },
      ...(found.description ? { description: found.description } : {}),
      fieldName: property,
    });
  }
  for (const name of attributesRead()) {
    if (!attributes.some((attribute) => attribute.name === name)) {
      throw new Error(
        `The element reads the attribute ${name}: document it with an @attr tag on ${element.name}.`,
      );
    }
  }
  for (const attribute of attributes) {
    if (!attribute.description) throw new Error(`The attribute ${attribute.name} has no description.`);
  }

  // Events: the map `emit()` is bound to, with each event's TSDoc; `@fires` tags may only name them.
  const eventMap = exportedDeclaration(
    checker,
    program,
    'src/controller/events.ts',
    'PaymentPanelEventDetails',
  );
  if (!ts.isInterfaceDeclaration(eventMap)) throw new Error('PaymentPanelEventDetails is not an interface.');
  const events: Schema.Event[] = eventMap.members.map((member) => {
    if (!ts.isPropertySignature(member) || !ts.isIdentifier(member.name)) {
      throw new Error('PaymentPanelEventDetails has a member that is not an event.');
    }
    const name = member.name.text;
    const description =
      normalize(jsDocText(member)) ?? normalize(element.events?.find((e) => e.name === name)?.description);
    if (!description) throw new Error(`The event ${name} has no description.`);
    return {
      name,
      type: { text: `CustomEvent<${typeText(checker.getTypeAtLocation(member)).text}>` },
      description,
    };
  });
  for (const tagged of element.events ?? []) {
    if (!events.some((event) => event.name === tagged.name)) {
      throw new Error(`@fires ${tagged.name}: PaymentPanelEventDetails has no such event.`);
    }
  }

  // Parts: each part the sources set, in the order of the `@csspart` tags, a part named after a
  // value (`field-<key>`) after the tag that describes the pattern.
  const documentedParts = (element.cssParts ?? []).map((part) => ({
    ...part,
    description: normalize(part.description),
  }));
  const used = cssParts(checker, program);
  const cssPartList: Schema.CssPart[] = [];
  for (const part of documentedParts) {
    if (!used.includes(part.name)) throw new Error(`@csspart ${part.name}: no part of that name is set.`);
  }
  const derived = new Map<string, Schema.CssPart[]>();
  for (const name of used) {
    if (documentedParts.some((part) => part.name === name)) continue;
    const by = documentedParts.find((part) => describes(part.description, name));
    if (!by?.description) throw new Error(`The part ${name} is set but not documented: add an @csspart tag.`);
    derived.set(by.name, [
      ...(derived.get(by.name) ?? []),
      { name, description: derivedDescription(by.name, by.description) },
    ]);
  }
  for (const part of documentedParts) {
    cssPartList.push({ name: part.name, ...(part.description ? { description: part.description } : {}) });
    cssPartList.push(...(derived.get(part.name) ?? []));
  }

  // Custom properties: as the `@cssprop` tags list them, each with its defaults from the styles.
  const usedProperties = customProperties();
  const cssPropertyList: Schema.CssCustomProperty[] = (element.cssProperties ?? []).map((property) => {
    const found = usedProperties.get(property.name);
    if (!found) throw new Error(`@cssprop ${property.name}: the styles use no such property.`);
    const dark =
      found.dark !== undefined && found.dark !== found.light
        ? `by default \`${found.dark}\` under \`prefers-color-scheme: dark\``
        : undefined;
    const description = [normalize(property.description), dark].filter(Boolean).join('; ');
    return {
      name: property.name,
      ...(description ? { description } : {}),
      ...(found.light !== undefined ? { default: found.light } : {}),
    };
  });
  for (const name of usedProperties.keys()) {
    if (!cssPropertyList.some((property) => property.name === name)) {
      throw new Error(`The styles use ${name}: document it with an @cssprop tag.`);
    }
  }

  return {
    kind: 'class',
    customElement: true,
    name: element.name,
    tagName,
    ...(normalize(element.description) ? { description: normalize(element.description) } : {}),
    superclass:
      element.superclass?.name === 'HTMLElement'
        ? { name: 'HTMLElement', package: 'global:' }
        : (element.superclass ?? { name: 'HTMLElement', package: 'global:' }),
    attributes,
    members,
    events,
    cssParts: cssPartList,
    cssProperties: cssPropertyList,
  };
}

/** The description of a part named after a value (`field-number`), from the part that describes the pattern. */
function derivedDescription(part: string, description: string): string {
  return `See \`${part}\`: ${description}`;
}

/** The part whose description a part's description refers to (see {@link derivedDescription}). */
export function describedBy(part: Schema.CssPart): string | undefined {
  return /^See `([^`]+)`: /.exec(part.description ?? '')?.[1];
}

/** The main text of a node's TSDoc, without its tags. */
function jsDocText(node: ts.Node): string | undefined {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
    .join('\n\n');
}

/** The value of a string constant declared at the top of a file. */
function stringConstant(checker: ts.TypeChecker, source: ts.SourceFile, name: string): string {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      const type = checker.getTypeAtLocation(declaration);
      if (type.isStringLiteral()) return type.value;
    }
  }
  throw new Error(`${relative(ROOT, source.fileName)} declares no string constant ${name}.`);
}

/** The declaration a module exports under a name. */
function exportedDeclaration(
  checker: ts.TypeChecker,
  program: ts.Program,
  file: string,
  name: string,
): ts.Declaration {
  const source = program.getSourceFile(resolve(ROOT, file));
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  const [declaration] = symbol?.declarations ?? [];
  if (!declaration) throw new Error(`${file} exports no ${name}.`);
  return declaration;
}

/** Our parser's attributes: `OPTION_ATTRIBUTES`, property → attribute, in its order. */
function optionAttributes(checker: ts.TypeChecker, program: ts.Program): Map<string, string> {
  const declaration = exportedDeclaration(checker, program, 'src/element/options.ts', 'OPTION_ATTRIBUTES');
  const record = new Map<string, string>();
  for (const property of checker.getTypeAtLocation(declaration).getProperties()) {
    const type = checker.getTypeOfSymbolAtLocation(property, declaration);
    if (!type.isStringLiteral())
      throw new Error(`OPTION_ATTRIBUTES.${property.name} is not a string literal.`);
    record.set(property.name, type.value);
  }
  return record;
}

/** Source files of the bundle (no tests, no type declarations), absolute paths. */
function bundleSources(extensions: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) {
        if (relative(ROOT, path) !== 'src/types') walk(path);
      } else if (extensions.some((ext) => entry.name.endsWith(ext)) && !/\.test\.tsx?$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  walk(resolve(ROOT, 'src'));
  return found.sort();
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

/** A custom property's defaults: the fallbacks the styles give it, outside and inside dark mode. */
interface PropertyDefaults {
  light?: string;
  dark?: string;
}

/**
 * Every `--pp-*` custom property the panel's styles and code use, with the fallback each is given
 * (`var(--pp-x, fallback)`), outside and inside `@media (prefers-color-scheme: dark)`. A fallback
 * naming one of the styles' short private properties (`var(--b)`) names the public property that
 * one reads instead (`var(--pp-color-background)`).
 */
export function customProperties(): Map<string, PropertyDefaults> {
  const found = new Map<string, PropertyDefaults>();
  const aliases = new Map<string, string>();
  for (const path of bundleSources(['.css', '.ts', '.tsx'])) {
    const text = readFileSync(path, 'utf8');
    const dark = darkRanges(text);
    // Documentation tags (`@cssprop --pp-x - …`) describe properties; they do not use them.
    for (const match of text.matchAll(/(?<!@cssprop(?:erty)?\s+)--pp-[a-z0-9-]+/g)) {
      const name = match[0];
      const entry = found.get(name) ?? {};
      found.set(name, entry);
      const fallback = fallbackAt(text, match.index + name.length);
      if (fallback === undefined) continue;
      const key = dark.some(([start, end]) => match.index > start && match.index < end) ? 'dark' : 'light';
      entry[key] ??= fallback;
      const alias = /(--[a-z]+)\s*:\s*var\(\s*$/.exec(
        text.slice(Math.max(0, match.index - 40), match.index),
      )?.[1];
      if (alias && !alias.startsWith('--pp-')) aliases.set(alias, name);
    }
  }
  const resolveAliases = (value: string | undefined) =>
    value?.replace(/var\((--[a-z]+)\)/g, (whole, alias: string) => {
      const target = aliases.get(alias);
      return target ? `var(${target})` : whole;
    });
  for (const entry of found.values()) {
    const light = resolveAliases(entry.light);
    const dark = resolveAliases(entry.dark);
    if (light === undefined) delete entry.light;
    else entry.light = light;
    if (dark === undefined) delete entry.dark;
    else entry.dark = dark;
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

/** The spans of a style sheet's `@media (prefers-color-scheme: dark) { … }` blocks. */
function darkRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of text.matchAll(/@media\s*\(\s*prefers-color-scheme:\s*dark\s*\)\s*\{/g)) {
    let depth = 0;
    for (let i = match.index + match[0].length - 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        ranges.push([match.index, i]);
        break;
      }
    }
  }
  return ranges;
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

/**
 * Whether a part's description names another part, directly or as a pattern such as
 * `field-<key>`, in backticks.
 */
function describes(description: string | undefined, name: string): boolean {
  for (const [, quoted = ''] of (description ?? '').matchAll(/`([^`]+)`/g)) {
    const pattern = new RegExp(
      `^${quoted
        .split(/<[^>]+>/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[\\w-]+')}$`,
    );
    if (pattern.test(name)) return true;
  }
  return false;
}

/** The values an expression of a `part` attribute can take. */
function partValues(checker: ts.TypeChecker, expression: ts.Expression): string[] {
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return [expression.text];
  if (ts.isParenthesizedExpression(expression)) return partValues(checker, expression.expression);
  if (ts.isConditionalExpression(expression)) {
    return [...partValues(checker, expression.whenTrue), ...partValues(checker, expression.whenFalse)];
  }
  if (ts.isTemplateExpression(expression)) {
    let values = [expression.head.text];
    for (const span of expression.templateSpans) {
      const options = literalValues(checker, span.expression) ?? [`<${span.expression.getText()}>`];
      values = values.flatMap((value) => options.map((option) => `${value}${option}${span.literal.text}`));
    }
    return values;
  }
  const literal = literalValues(checker, expression);
  if (literal) return literal;
  throw new Error(
    `Cannot tell the parts of part={${expression.getText()}} in ${relative(ROOT, expression.getSourceFile().fileName)}.`,
  );
}

/**
 * The string values of an expression whose type is a union of literals, if it is one, in
 * alphabetical order: the compiler orders a union's members by when it met them, which any other
 * change of the sources can shift.
 */
function literalValues(checker: ts.TypeChecker, expression: ts.Expression): string[] | undefined {
  const type = checker.getTypeAtLocation(expression);
  const members = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const member of members) {
    if (member.isStringLiteral()) values.push(member.value);
    else if (member.isNumberLiteral()) values.push(String(member.value));
    else return undefined;
  }
  return values.length > 0 ? values.sort((a, b) => a.localeCompare(b)) : undefined;
}

/**
 * Every CSS part the panel sets, in source order: the element's own (`setAttribute('part', …)`)
 * and the view's JSX (`part=…`). A part whose value the types do not tell fails the build.
 */
export function cssParts(checker: ts.TypeChecker, program: ts.Program): string[] {
  const parts = new Set<string>();
  const add = (expression: ts.Expression) => {
    for (const value of partValues(checker, expression)) {
      for (const part of value.split(/\s+/)) if (part !== '') parts.add(part);
    }
  };
  for (const path of bundleSources(['.ts', '.tsx'])) {
    // A module nothing imports does not ship, nor do its parts.
    const source = program.getSourceFile(path);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isJsxAttribute(node) && node.name.getText() === 'part' && node.initializer) {
        const initializer = node.initializer;
        const expression = ts.isJsxExpression(initializer) ? initializer.expression : initializer;
        if (!expression || !ts.isExpression(expression))
          throw new Error(`An empty part in ${relative(ROOT, path)}.`);
        add(expression);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'setAttribute' &&
        node.arguments.length === 2
      ) {
        const [name, value] = node.arguments;
        if (name && value && ts.isStringLiteral(name) && name.text === 'part') add(value);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...parts];
}
