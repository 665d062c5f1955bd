// @vitest-environment node
import { resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../build/program';
import { docComment, publicTypeNames, TypeWriter } from '../../build/type-text';

/** Shapes declared as the panel declares them: readers, types derived from them, a public name. */
const SOURCE = `
import { array, boolean, looseObject, nullable, object, oneOf, optional, record, string, union, unknownValue, type Infer } from '../../src/shared/strict-readers';

/** Reads an address. */
const address = object({
  /** First line. */
  line1: string(),
  city: optional(string()),
});
/** An address. */
export type Address = Infer<typeof address>;

const order = looseObject({
  /**
   * What the shopper buys.
   * @deprecated Use \`items\`.
   */
  item: nullable(string()),
  shipTo: optional(address),
  billTo: optional(object({ zip: string() })),
  gift: optional(boolean),
  mode: oneOf(['fast', 'slow']),
  lines: optional(union(string(), object({ sku: string() }))),
  notes: record(unknownValue),
});
export type Order = Infer<typeof order>;
const stops = object({ all: array(address), some: array(nullable(address)) });
export type Stops = Infer<typeof stops>;
`;

const FILE = resolve(ROOT, 'tests/unit/virtual-shapes.ts');
let checker: ts.TypeChecker;
let writer: TypeWriter;
let order: ts.Type;
let virtual: ts.SourceFile;

beforeAll(() => {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => resolve(name) === FILE || fileExists(name);
  host.readFile = (name) => (resolve(name) === FILE ? SOURCE : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    resolve(name) === FILE
      ? ts.createSourceFile(name, SOURCE, language)
      : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([FILE], options, host);
  checker = program.getTypeChecker();
  const entry = program.getSourceFile(FILE);
  if (!entry) throw new Error('no virtual file');
  virtual = entry;
  // `Order` is left unnamed, to be written out; `Address` keeps its name.
  const names = publicTypeNames(checker, entry);
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(entry) as ts.Symbol);
  order = checker.getDeclaredTypeOfSymbol(symbol.find((s) => s.name === 'Order') as ts.Symbol);
  names.delete(order);
  writer = new TypeWriter(checker, names, ROOT);
}, 60_000);

describe('TypeWriter', () => {
  it('writes a derived object as plain TypeScript, in the order of its declaration, a public type by name, an optional key taking undefined', () => {
    expect(writer.members(order, '', true)).toBe(
      [
        '{',
        '\t/**',
        '\t * What the shopper buys.',
        '\t * @deprecated Use `items`.',
        '\t */',
        '\titem: string | null;',
        '\tshipTo?: Address | undefined;',
        '\tbillTo?: {',
        '\t\tzip: string;',
        '\t} | undefined;',
        '\tgift?: boolean | undefined;',
        '\tmode: "fast" | "slow";',
        '\tlines?: string | {',
        '\t\tsku: string;',
        '\t} | undefined;',
        '\tnotes: Record<string, unknown>;',
        '\t[key: string]: unknown;',
        '}',
      ].join('\n'),
    );
  });

  it("writes on one line where a table needs it, and never names the readers' helper types", () => {
    const text = writer.text(order);
    expect(text).toBe(
      '{ item: string | null; shipTo?: Address; billTo?: { zip: string; }; gift?: boolean; mode: "fast" | "slow"; lines?: string | { sku: string; }; notes: Record<string, unknown>; [key: string]: unknown; }',
    );
    expect(text).not.toMatch(/Infer|ObjectOf|Loose|Flat|Reader/);
  });

  it('names the public type of a member of an array, in brackets when it is a union', () => {
    const entry = checker.getExportsOfModule(checker.getSymbolAtLocation(virtual) as ts.Symbol);
    const stops = checker.getDeclaredTypeOfSymbol(entry.find((s) => s.name === 'Stops') as ts.Symbol);
    expect(writer.members(stops, '', false)).toBe('{ all: Address[]; some: (Address | null)[]; }');
  });
});

describe('docComment', () => {
  it('writes one line when it can, and a block with the tags when it cannot', () => {
    expect(docComment('One line.', [], '\t')).toBe('\t/** One line. */\n');
    expect(docComment('', [], '')).toBe('');
    expect(docComment('First.\n\nSecond.', [{ name: 'internal', text: [] }], '')).toBe(
      '/**\n * First.\n *\n * Second.\n * @internal\n */\n',
    );
  });
});
