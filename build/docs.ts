/**
 * `npm run docs` (also run by `npm run build`): rewrites the generated tables of README.md and of
 * every docs/**\/*.md, the lines between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`:
 * - `attributes`, `methods`, `events`, `css-parts`, `css-properties`: from `custom-elements.json`
 *   (see manifest.ts), so from the element's TSDoc and the sources; the events' names on the
 *   instance of `paymentPanel.create()` from `DropinEventNames` (src/controller/events.ts);
 * - `errors`: from the error catalogue (`ERROR_CATALOGUE`), each code's TSDoc in it a note to its
 *   message;
 * - `dropin-options`, `dropin-methods`, `dropin-events`: the drop-in 1.4x surface and how the panel
 *   takes it (dropin-surface.ts), each row held against the code: an option's path against
 *   `CreateOptions`, a method against the instance's `PanelInstance`, an event against the
 *   element's; the element's attribute, method or event beside it from the manifest.
 * Links in the descriptions are written from the repository's root (`docs/three-d-secure.md`) and
 * rewritten for the page they land in. Pages are formatted with Prettier, as `npm run lint` checks
 * them. tests/unit/docs.test.ts fails while a committed page differs from what this writes.
 * @packageDocumentation
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Schema from 'custom-elements-manifest/schema';
import * as prettier from 'prettier';
import ts from 'typescript';
import { ERROR_CATALOGUE } from '../src/shared/errors/catalogue.ts';
import { DROPIN_EVENTS, DROPIN_METHODS, DROPIN_OPTIONS, type Verdict } from './dropin-surface.ts';
import { buildManifest, describedBy, manifestElement } from './manifest.ts';
import { createSourceProgram, ROOT } from './program.ts';

/** The tables the generator writes, by the name their markers carry. */
export const BLOCK_NAMES = [
  'attributes',
  'methods',
  'events',
  'css-parts',
  'css-properties',
  'errors',
  'dropin-options',
  'dropin-methods',
  'dropin-events',
] as const;
/** A generated table's name. */
export type BlockName = (typeof BLOCK_NAMES)[number];

/** A code of the error catalogue as the errors table lists it. */
export interface ErrorRow {
  code: string;
  type: string;
  message: string;
  /** The code's TSDoc in the catalogue, if any. */
  note?: string;
}

/** What the tables are made from. */
export interface DocsSources {
  manifest: Schema.Package;
  errors: ErrorRow[];
  /** The drop-in's name of each element event it names otherwise (`cardFocus` → `card:focus`). */
  dropinEventNames: Record<string, string>;
}

/** Reads the tables' sources: the manifest, the catalogue and the events' drop-in names, from one compiler program. */
export function docsSources(program: ts.Program = createSourceProgram()): DocsSources {
  const sources = {
    manifest: buildManifest(program),
    errors: errorRows(program),
    dropinEventNames: dropinEventNames(program),
  };
  checkDropinSurface(program, sources);
  return sources;
}

/** An exported interface or type alias of a source file, as the checker types it. */
function exportedType(program: ts.Program, file: string, name: string): ts.Type {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(resolve(ROOT, file));
  const module = source && checker.getSymbolAtLocation(source);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === name);
  if (!symbol) throw new Error(`${file} exports no ${name}.`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/**
 * The type of a declared member along `path` (`card.vault.vaultCard`), through `undefined`, `null`
 * and unions (`true | {…}`); `undefined` when a step is not declared. An index signature declares
 * no member: a key only it would take is one the panel does not name.
 */
function memberType(checker: ts.TypeChecker, type: ts.Type, path: string): ts.Type | undefined {
  let current: ts.Type | undefined = type;
  for (const step of path.split('.')) {
    const parts: ts.Type[] = current.isUnion() ? current.types : [current];
    const symbol: ts.Symbol | undefined = parts
      .map((part) => checker.getNonNullableType(part).getProperty(step))
      .find((found) => found !== undefined);
    if (!symbol) return undefined;
    current = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
  }
  return current;
}

/**
 * Holds the rows of dropin-surface.ts against the code, and fails on the first that no longer
 * matches: an option path the public `CreateOptions` does not declare (or does, for a row saying
 * the panel ignores it), an option of `CreateOptions` with no row, a method that is not exactly
 * `PanelInstance`'s, an event that is not exactly the element's.
 */
export function checkDropinSurface(program: ts.Program, sources: DocsSources): void {
  const checker = program.getTypeChecker();
  const options = exportedType(program, 'src/element/create-panel.ts', 'CreateOptions');
  const covered = new Set<string>();
  for (const row of DROPIN_OPTIONS) {
    for (const path of row.paths ?? [row.option]) {
      covered.add(path.split('.')[0] ?? '');
      const declared = memberType(checker, options, path) !== undefined;
      if (declared && row.ignored) {
        throw new Error(
          `CreateOptions declares ${path}: its row in build/dropin-surface.ts says the panel ignores it.`,
        );
      }
      if (!declared && !row.ignored) {
        throw new Error(`CreateOptions declares no ${path}, which build/dropin-surface.ts describes.`);
      }
    }
  }
  const uncovered = options
    .getProperties()
    .map((option) => option.name)
    .filter((name) => !covered.has(name));
  if (uncovered.length > 0) {
    throw new Error(`build/dropin-surface.ts has no row for the create() option ${uncovered.join(', ')}.`);
  }
  const sameNames = (what: string, code: string[], rows: string[]): void => {
    const missing = code.filter((name) => !rows.includes(name));
    const extra = rows.filter((name) => !code.includes(name));
    if (missing.length > 0 || extra.length > 0 || new Set(rows).size !== rows.length) {
      throw new Error(
        `build/dropin-surface.ts lists the ${what} otherwise than the code: missing ${missing.join(', ') || 'none'}, unknown ${extra.join(', ') || 'none'}.`,
      );
    }
  };
  const instance = exportedType(program, 'src/controller/runtime/panel-instance.ts', 'PanelInstance');
  sameNames(
    "instance's methods",
    instance.getProperties().map((member) => member.name),
    DROPIN_METHODS.map((row) => row.method),
  );
  sameNames(
    'events',
    manifestElement(sources.manifest).events.map(
      (event) => sources.dropinEventNames[event.name] ?? event.name,
    ),
    DROPIN_EVENTS.map((row) => row.event),
  );
}

/** `DropinEventNames` of src/controller/events.ts: each element event's drop-in name, if it differs. */
export function dropinEventNames(program: ts.Program): Record<string, string> {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(resolve(ROOT, 'src/controller/events.ts'));
  const module = file && checker.getSymbolAtLocation(file);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === 'DropinEventNames');
  const declaration = symbol?.declarations?.[0];
  if (!declaration) throw new Error('src/controller/events.ts exports no DropinEventNames.');
  const names: Record<string, string> = {};
  for (const property of checker.getDeclaredTypeOfSymbol(symbol).getProperties()) {
    const type = checker.getTypeOfSymbolAtLocation(property, declaration);
    if (!type.isStringLiteral())
      throw new Error(`DropinEventNames.${property.name} is not a string literal.`);
    names[property.name] = type.value;
  }
  return names;
}

/** The catalogue's codes in its order, with each code's note from its TSDoc. */
export function errorRows(program: ts.Program): ErrorRow[] {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(resolve(ROOT, 'src/shared/errors/catalogue.ts'));
  const module = file && checker.getSymbolAtLocation(file);
  const symbol = module && checker.getExportsOfModule(module).find((s) => s.name === 'ERROR_CATALOGUE');
  if (!file || !symbol?.valueDeclaration)
    throw new Error('src/shared/errors/catalogue.ts exports no ERROR_CATALOGUE.');
  const type = checker.getTypeOfSymbolAtLocation(symbol, symbol.valueDeclaration);
  return Object.entries(ERROR_CATALOGUE).map(([code, entry]) => {
    const declarations = type.getProperty(code)?.declarations ?? [];
    const note = declarations
      .flatMap((declaration) => ts.getJSDocCommentsAndTags(declaration))
      .filter(ts.isJSDoc)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    return { code, type: entry.type, message: entry.message, ...(note ? { note } : {}) };
  });
}

/** A table cell's text: one line, pipes escaped, links from the root made relative to the page. */
function cell(text: string | undefined, page: string): string {
  const line = (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
  return line
    .replace(/\]\(([^)\s]+)\)/g, (whole, target: string) => {
      if (/^[a-z]+:|^#|^\//i.test(target)) return whole;
      const [path = '', anchor] = target.split('#');
      const moved = relative(dirname(page), resolve(ROOT, path)).split('\\').join('/') || '.';
      return `](${moved}${anchor === undefined ? '' : `#${anchor}`})`;
    })
    .replace(/\|/g, '\\|');
}

/** `text` as inline code. */
function code(text: string): string {
  return `\`${text}\``;
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
}

/** How the panel takes a part of the drop-in, as the drop-in tables' last cell says it. */
function verdictCell(verdict: Verdict, text: string | undefined, page: string): string {
  const lead = { same: 'As in 1.4x', differs: '**Differs**', new: '**New**' }[verdict];
  return cell(text ? `${lead}: ${text}` : `${lead}.`, page);
}

/** A type as the tables show it: without the `undefined` every unset property may hold. */
function shownType(type: Schema.Type | undefined): string {
  return (type?.text ?? 'string').replace(/ \| undefined$/, '');
}

/** One generated table, for a page (relative to the root, for its links). */
export function renderBlock(name: BlockName, sources: DocsSources, page: string): string {
  const element = manifestElement(sources.manifest);
  switch (name) {
    case 'attributes':
      return table(
        ['attribute', 'property', 'type', 'meaning'],
        element.attributes.map((attribute) => {
          const field = element.members.find((member) => member.name === attribute.fieldName);
          return [
            code(attribute.name),
            attribute.fieldName ? code(attribute.fieldName) : '–',
            cell(code(shownType(field?.kind === 'field' ? field.type : attribute.type)), page),
            cell(attribute.description, page),
          ];
        }),
      );
    case 'methods':
      return table(
        ['method', 'returns', 'does'],
        element.members.flatMap((member) =>
          member.kind === 'method'
            ? [
                [
                  code(
                    `${member.name}(${(member.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`,
                  ),
                  cell(code(member.return?.type?.text ?? 'void'), page),
                  cell(member.description, page),
                ],
              ]
            : [],
        ),
      );
    case 'events':
      return table(
        ['event', '`instance.on()`', '`detail`', 'when'],
        element.events.map((event) => [
          code(event.name),
          code(sources.dropinEventNames[event.name] ?? event.name),
          cell(code(/^CustomEvent<(.*)>$/.exec(event.type.text)?.[1] ?? 'null'), page),
          cell(event.description, page),
        ]),
      );
    case 'css-parts': {
      // A part named after a value (`field-number`) is listed in the row of the part describing it.
      const named = new Set(element.cssParts.map((part) => part.name));
      const rows = element.cssParts.filter((part) => !named.has(describedBy(part) ?? ''));
      return table(
        ['part', 'what'],
        rows.map((part) => {
          const unmentioned = element.cssParts
            .filter(
              (other) => describedBy(other) === part.name && !part.description?.includes(code(other.name)),
            )
            .map((other) => code(other.name));
          const also = unmentioned.length > 0 ? ` (${unmentioned.join(', ')})` : '';
          return [code(part.name), cell(`${part.description ?? ''}${also}`, page)];
        }),
      );
    }
    case 'css-properties':
      return table(
        ['property', 'what', 'default'],
        element.cssProperties.map((property) => [
          code(property.name),
          cell(property.description, page),
          property.default === undefined ? '–' : cell(code(property.default), page),
        ]),
      );
    case 'dropin-options':
      return table(
        ['option', '`<payment-panel>`', 'in the panel'],
        DROPIN_OPTIONS.map((row) => {
          const [top = '', ...rest] = row.option.split('.');
          const names = top.split(', ');
          const attributes = names.flatMap((name) => {
            const attribute = element.attributes.find((a) => a.fieldName === name);
            return attribute ? [code(attribute.name)] : [];
          });
          const key = rest.length > 0 ? `, key ${code(rest.join('.'))}` : '';
          return [
            code(row.option),
            attributes.length > 0 && !row.ignored ? `${attributes.join(', ')}${key}` : '–',
            verdictCell(row.verdict, row.text, page),
          ];
        }),
      );
    case 'dropin-methods':
      return table(
        ['instance method', '`<payment-panel>`', 'in the panel'],
        DROPIN_METHODS.map((row) => {
          const method = element.members.find((m) => m.kind === 'method' && m.name === row.method);
          return [
            code(row.call),
            method ? code(`${row.method}()`) : cell(row.element ?? '–', page),
            verdictCell(row.verdict, row.text, page),
          ];
        }),
      );
    case 'dropin-events': {
      const elementNames = new Map(
        element.events.map((event) => [sources.dropinEventNames[event.name] ?? event.name, event.name]),
      );
      return table(
        ['`instance.on()`', '`<payment-panel>` event', 'in the panel'],
        DROPIN_EVENTS.map((row) => [
          code(row.event),
          code(elementNames.get(row.event) ?? row.event),
          verdictCell(row.verdict, row.text, page),
        ]),
      );
    }
    case 'errors':
      return table(
        ['code', 'type', 'message'],
        sources.errors.map((error) => [
          code(error.code),
          error.type,
          cell(error.note ? `${error.message} (${error.note})` : error.message, page),
        ]),
      );
  }
}

/** The markers of a generated table. */
const BLOCK = /^<!-- generated:([a-z-]+) -->\n[\s\S]*?^<!-- \/generated:\1 -->$/gm;

/**
 * A page with each generated table rewritten. A marker of an unknown table, or one left without its
 * closing marker, fails.
 */
export function replaceBlocks(text: string, sources: DocsSources, page: string): string {
  const opened = [...text.matchAll(/^<!-- generated:([a-z-]+) -->$/gm)].map((match) => match[1] ?? '');
  const closed = [...text.matchAll(/^<!-- \/generated:([a-z-]+) -->$/gm)].map((match) => match[1] ?? '');
  for (const name of opened) {
    if (!(BLOCK_NAMES as readonly string[]).includes(name)) {
      throw new Error(
        `${page}: no table is generated for <!-- generated:${name} --> (${BLOCK_NAMES.join(', ')}).`,
      );
    }
  }
  if (opened.join() !== closed.join()) {
    throw new Error(`${page}: every <!-- generated:NAME --> needs its <!-- /generated:NAME --> after it.`);
  }
  return text.replace(BLOCK, (_whole, name: BlockName) =>
    [
      `<!-- generated:${name} -->`,
      '',
      renderBlock(name, sources, page),
      '',
      `<!-- /generated:${name} -->`,
    ].join('\n'),
  );
}

/** The pages the generator writes: README.md and every Markdown file under docs/, relative paths. */
export function docPages(): string[] {
  const pages = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(resolve(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk('docs');
  return pages.sort();
}

/** A page as committed and as the generator writes it. */
export interface GeneratedPage {
  page: string;
  committed: string;
  generated: string;
}

/** Every page with its generated tables rewritten and formatted. */
export async function generatePages(sources: DocsSources = docsSources()): Promise<GeneratedPage[]> {
  const results: GeneratedPage[] = [];
  for (const page of docPages()) {
    const path = resolve(ROOT, page);
    const committed = readFileSync(path, 'utf8');
    const replaced = replaceBlocks(committed, sources, page);
    const generated =
      replaced === committed
        ? committed
        : await prettier.format(replaced, { ...(await prettier.resolveConfig(path)), filepath: path });
    results.push({ page, committed, generated });
  }
  return results;
}

/** `npm run docs`: writes the pages whose generated tables changed. */
async function main(): Promise<void> {
  for (const { page, committed, generated } of await generatePages()) {
    if (generated === committed) continue;
    writeFileSync(resolve(ROOT, page), generated);
    console.log(`docs: ${page} rewritten`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
