/**
 * Reading a GraphQL request's document as far as the sandbox's GraphQL API needs it: the operation's
 * one root field with its arguments, and the selection set its answer is cut to. Clients send one
 * operation of one root field (braintree-web's and the panel's documents all do); fragments spread by
 * name, directives and literal object arguments are not read, and a document using them is refused.
 * Written here rather than taken from `graphql` (the reference implementation): the sandbox answers
 * four fixed operations and needs no schema, and this stays a few dozen lines.
 * @packageDocumentation
 */

/** A field of a selection set: its name, arguments, and its own selection (`null` for a leaf). */
export interface SelectedField {
  name: string;
  /** Argument name → `{variable}` (`$name`) or `{literal}` (a string, number or enum value as written). */
  args: Record<string, { variable: string } | { literal: string }>;
  selection: SelectionSet | null;
}

/** A selection set: fields by the key they answer under (the alias, else the name), and inline fragments. */
export interface SelectionSet {
  fields: Map<string, SelectedField>;
  /** `... on Type { … }` (`typeCondition` the type) and `... { … }` (`null`). */
  fragments: { typeCondition: string | null; selection: SelectionSet }[];
}

/** The operation of a document: its kind and its one root field. */
export interface GraphQLOperation {
  kind: 'query' | 'mutation';
  root: { key: string; field: SelectedField };
}

const TOKEN =
  /[\s,\uFEFF]+|#[^\n\r]*|"(?:[^"\\\n]|\\.)*"|\.\.\.|[A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[{}()[\]:$!=@]/y;

function tokenize(text: string): string[] | null {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const match = TOKEN.exec(text);
    if (!match) return null;
    const token = match[0];
    if (!/^[\s,\uFEFF]/.test(token) && !token.startsWith('#')) tokens.push(token);
  }
  return tokens;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A parse error: the document is not one the sandbox reads. */
class Unreadable extends Error {}

class Parser {
  #at = 0;
  readonly #tokens: string[];

  constructor(tokens: string[]) {
    this.#tokens = tokens;
  }

  peek(offset = 0): string | undefined {
    return this.#tokens[this.#at + offset];
  }

  next(): string {
    const token = this.#tokens[this.#at++];
    if (token === undefined) throw new Unreadable();
    return token;
  }

  expect(token: string): void {
    if (this.next() !== token) throw new Unreadable();
  }

  name(): string {
    const token = this.next();
    if (!NAME.test(token)) throw new Unreadable();
    return token;
  }

  get done(): boolean {
    return this.#at >= this.#tokens.length;
  }

  /** Skips a bracketed group (variable definitions), nesting included. */
  skipGroup(open: string, close: string): void {
    this.expect(open);
    for (let depth = 1; depth > 0;) {
      const token = this.next();
      if (token === open) depth += 1;
      else if (token === close) depth -= 1;
    }
  }

  args(): SelectedField['args'] {
    const args: SelectedField['args'] = {};
    if (this.peek() !== '(') return args;
    this.expect('(');
    while (this.peek() !== ')') {
      const name = this.name();
      this.expect(':');
      const value = this.next();
      if (value === '$') args[name] = { variable: this.name() };
      else if (value.startsWith('"')) args[name] = { literal: JSON.parse(value) as string };
      else if (NAME.test(value) || /^-?\d/.test(value)) args[name] = { literal: value };
      else throw new Unreadable();
    }
    this.expect(')');
    return args;
  }

  selectionSet(): SelectionSet {
    const set: SelectionSet = { fields: new Map(), fragments: [] };
    this.expect('{');
    while (this.peek() !== '}') {
      if (this.peek() === '...') {
        this.next();
        let typeCondition: string | null = null;
        if (this.peek() === 'on') {
          this.next();
          typeCondition = this.name();
        }
        if (this.peek() !== '{') throw new Unreadable();
        set.fragments.push({ typeCondition, selection: this.selectionSet() });
        continue;
      }
      let key = this.name();
      let name = key;
      if (this.peek() === ':') {
        this.next();
        name = this.name();
      }
      const args = this.args();
      if (this.peek() === '@') throw new Unreadable();
      const selection = this.peek() === '{' ? this.selectionSet() : null;
      if (set.fields.has(key)) key = `${key}\u0000${set.fields.size}`;
      set.fields.set(key, { name, args, selection });
    }
    this.expect('}');
    return set;
  }
}

/**
 * The operation of a document, or `null` for one the sandbox cannot read (not GraphQL, fragments by
 * name, directives, several operations or several root fields).
 */
export function readOperation(document: string): GraphQLOperation | null {
  const tokens = tokenize(document);
  if (!tokens || tokens.length === 0) return null;
  const parser = new Parser(tokens);
  try {
    let kind: GraphQLOperation['kind'] = 'query';
    if (parser.peek() === 'query' || parser.peek() === 'mutation') {
      kind = parser.next() as GraphQLOperation['kind'];
      if (parser.peek() !== '{' && parser.peek() !== '(') parser.name();
      if (parser.peek() === '(') parser.skipGroup('(', ')');
    }
    const selection = parser.selectionSet();
    if (!parser.done || selection.fragments.length > 0 || selection.fields.size !== 1) return null;
    const [entry] = selection.fields;
    if (!entry) return null;
    return { kind, root: { key: entry[0], field: entry[1] } };
  } catch {
    return null;
  }
}

/** The value of a field's argument: its variable's value, or its literal. */
export function argumentValue(field: SelectedField, name: string, variables: unknown): unknown {
  const arg = field.args[name];
  if (!arg) return undefined;
  if ('literal' in arg) return arg.literal;
  return typeof variables === 'object' && variables !== null && !Array.isArray(variables)
    ? (variables as Record<string, unknown>)[arg.variable]
    : undefined;
}

/**
 * A value cut to a selection set, as a GraphQL answer is: only the fields selected, under their keys
 * (`null` for what the value lacks), `__typename` from the value's own, and inline fragments whose type
 * is the value's (`typeName`, else its `__typename`).
 */
export function project(value: unknown, selection: SelectionSet | null, typeName?: string): unknown {
  if (selection === null || value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((item) => project(item, selection));
  if (typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const type = typeName ?? (typeof source.__typename === 'string' ? source.__typename : undefined);
  const answer: Record<string, unknown> = {};
  const take = (set: SelectionSet): void => {
    for (const [key, field] of set.fields) {
      const answerKey = key.split('\u0000')[0] ?? key;
      answer[answerKey] =
        field.name === '__typename' ? (type ?? null) : project(source[field.name], field.selection);
    }
    for (const fragment of set.fragments) {
      if (fragment.typeCondition === null || fragment.typeCondition === type) take(fragment.selection);
    }
  };
  take(selection);
  return answer;
}
