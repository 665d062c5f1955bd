/**
 * Reading a GraphQL request's document as far as the sandbox's GraphQL API needs it: the operation the
 * request chose, its one root field with its arguments, and the selection set its answer is cut to.
 * `graphql` (the reference implementation) parses the document; the sandbox answers a few fixed
 * operations without a schema, so it walks the syntax tree itself: named fragments are resolved from the
 * document, `@include` and `@skip` are applied with the request's variables, and aliases, inline
 * fragments and literal arguments of any kind (objects and lists included) are read as a server reads
 * them (docs/sandbox.md, "GraphQL in the sandbox").
 * @packageDocumentation
 */
import {
  Kind,
  OperationTypeNode,
  parse,
  print,
  valueFromASTUntyped,
  type DirectiveNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';

/** A field of a selection set: its name, arguments, and its own selection (`null` for a leaf). */
export interface SelectedField {
  name: string;
  /** Argument name → its value as written (a variable or a literal); {@link argumentValue} reads it. */
  args: Record<string, ValueNode>;
  selection: SelectionSet | null;
}

/**
 * A selection set: fields by the key they answer under (the alias, else the name), and fragments, inline
 * or spread by name. Fields skipped by `@include`/`@skip` are left out; a key selected twice in one set
 * keeps one field, whose selection holds both fields' selections (GraphQL merges them).
 */
export interface SelectionSet {
  fields: Map<string, SelectedField>;
  /** `... on Type { … }` and `...Name` (`typeCondition` the type), and `... { … }` (`null`). */
  fragments: { typeCondition: string | null; selection: SelectionSet }[];
}

/** The operation of a document: its kind, its one root field, and the variables it runs with. */
export interface GraphQLOperation {
  kind: 'query' | 'mutation';
  root: { key: string; field: SelectedField };
  /** The request's variables, with the operation's defaults for those it does not give. */
  variables: Record<string, unknown>;
}

/** A document the request's choice of operation fails on: the message a GraphQL server gives. */
export interface GraphQLDocumentError {
  error: string;
}

/** What the request gives beside its document. */
export interface GraphQLRequestParts {
  operationName?: unknown;
  variables?: unknown;
}

/** A document a GraphQL server refuses, with its message; thrown while walking, caught by {@link readOperation}. */
class Refused extends Error {}

/** A document that is GraphQL but beyond what the sandbox answers (a subscription, several root fields). */
class NotAnswered extends Error {}

/** The document's operation the request chose, as a GraphQL server chooses it (by `operationName`). */
function chooseOperation(document: DocumentNode, operationName: unknown): OperationDefinitionNode {
  const name = typeof operationName === 'string' ? operationName : null;
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (name === null) {
    const [only, ...others] = operations;
    if (!only) throw new Refused('Must provide an operation.');
    if (others.length > 0) {
      throw new Refused('Must provide operation name if query contains multiple operations.');
    }
    return only;
  }
  const named = operations.find((operation) => operation.name?.value === name);
  if (!named) throw new Refused(`Unknown operation named "${name}".`);
  return named;
}

/** The request's variables with the operation's defaults filled in. */
function variablesOf(operation: OperationDefinitionNode, given: unknown): Record<string, unknown> {
  const variables: Record<string, unknown> =
    typeof given === 'object' && given !== null && !Array.isArray(given) ? { ...given } : {};
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables[name] === undefined && definition.defaultValue) {
      variables[name] = valueFromASTUntyped(definition.defaultValue);
    }
  }
  return variables;
}

/** Reads a document's selection sets with its fragments and the operation's variables. */
class Reader {
  readonly #fragments = new Map<string, FragmentDefinitionNode>();
  readonly #variables: Record<string, unknown>;
  /** Named fragments being read, to refuse a spread of a fragment within itself. */
  readonly #spreading = new Set<string>();

  constructor(document: DocumentNode, variables: Record<string, unknown>) {
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue;
      const name = definition.name.value;
      if (this.#fragments.has(name)) throw new Refused(`There can be only one fragment named "${name}".`);
      this.#fragments.set(name, definition);
    }
    this.#variables = variables;
  }

  /** Whether `@skip`/`@include` leave a selection in; a condition that is not a Boolean is refused. */
  #included(directives: readonly DirectiveNode[] | undefined): boolean {
    for (const directive of directives ?? []) {
      const name = directive.name.value;
      if (name !== 'skip' && name !== 'include') continue;
      const condition = directive.arguments?.find((argument) => argument.name.value === 'if')?.value;
      if (!condition) {
        throw new Refused(
          `Directive "@${name}" argument "if" of type "Boolean!" is required, but it was not provided.`,
        );
      }
      const value = valueFromASTUntyped(condition, this.#variables);
      if (typeof value !== 'boolean') throw new Refused(notBoolean(condition, value));
      if (value === (name === 'skip')) return false;
    }
    return true;
  }

  selectionSet(node: SelectionSetNode): SelectionSet {
    const set: SelectionSet = { fields: new Map(), fragments: [] };
    for (const selection of node.selections) {
      if (!this.#included(selection.directives)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const field: SelectedField = {
          name: selection.name.value,
          args: Object.fromEntries(
            (selection.arguments ?? []).map((argument) => [argument.name.value, argument.value]),
          ),
          selection: selection.selectionSet ? this.selectionSet(selection.selectionSet) : null,
        };
        const earlier = set.fields.get(key);
        set.fields.set(key, earlier ? merged(earlier, field) : field);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        set.fragments.push({
          typeCondition: selection.typeCondition?.name.value ?? null,
          selection: this.selectionSet(selection.selectionSet),
        });
      } else {
        const name = selection.name.value;
        const fragment = this.#fragments.get(name);
        if (!fragment) throw new Refused(`Unknown fragment "${name}".`);
        if (this.#spreading.has(name)) throw new Refused(`Cannot spread fragment "${name}" within itself.`);
        this.#spreading.add(name);
        set.fragments.push({
          typeCondition: fragment.typeCondition.name.value,
          selection: this.selectionSet(fragment.selectionSet),
        });
        this.#spreading.delete(name);
      }
    }
    return set;
  }
}

/** The message of a directive's condition that is not a Boolean, as graphql-js words it. */
function notBoolean(condition: ValueNode, value: unknown): string {
  if (condition.kind !== Kind.VARIABLE) {
    return `Boolean cannot represent a non boolean value: ${print(condition)}`;
  }
  const variable = `Variable "$${condition.name.value}"`;
  if (value === undefined) return `${variable} of required type "Boolean!" was not provided.`;
  return value === null
    ? `${variable} of non-null type "Boolean!" must not be null.`
    : `${variable} got invalid value ${JSON.stringify(value)}; Boolean cannot represent a non boolean value: ${JSON.stringify(value)}`;
}

/** One field of two selected under the same key: the first's name and arguments, both selections. */
function merged(first: SelectedField, second: SelectedField): SelectedField {
  if (first.selection === null || second.selection === null) return first;
  return {
    ...first,
    selection: {
      fields: new Map(),
      fragments: [
        { typeCondition: null, selection: first.selection },
        { typeCondition: null, selection: second.selection },
      ],
    },
  };
}

/** The fields of the operation's selection set, its fragments' included (all are on the root type). */
function rootFields(set: SelectionSet, into = new Map<string, SelectedField>()): Map<string, SelectedField> {
  for (const [key, field] of set.fields) {
    const earlier = into.get(key);
    into.set(key, earlier ? merged(earlier, field) : field);
  }
  for (const fragment of set.fragments) rootFields(fragment.selection, into);
  return into;
}

/**
 * The operation a request chose from its document (by `operationName` when the document has several),
 * with the request's variables applied to its directives. `null` for a document that is not GraphQL
 * (a syntax error) or that the sandbox does not answer (a subscription, several root fields); a
 * {@link GraphQLDocumentError} for a document a GraphQL server refuses for the request (no operation of
 * that name, several and no name, an unknown fragment).
 */
export function readOperation(
  document: string,
  request: GraphQLRequestParts = {},
): GraphQLOperation | GraphQLDocumentError | null {
  let parsed: DocumentNode;
  try {
    parsed = parse(document, { noLocation: true });
  } catch {
    return null;
  }
  try {
    const operation = chooseOperation(parsed, request.operationName);
    if (operation.operation === OperationTypeNode.SUBSCRIPTION) throw new NotAnswered();
    const variables = variablesOf(operation, request.variables);
    const fields = rootFields(new Reader(parsed, variables).selectionSet(operation.selectionSet));
    const [entry, ...others] = fields;
    if (!entry || others.length > 0) throw new NotAnswered();
    return { kind: operation.operation, root: { key: entry[0], field: entry[1] }, variables };
  } catch (error) {
    if (error instanceof Refused) return { error: error.message };
    if (error instanceof NotAnswered) return null;
    throw error;
  }
}

/** Whether {@link readOperation} answered a refusal rather than an operation. */
export function isDocumentError(
  read: GraphQLOperation | GraphQLDocumentError | null,
): read is GraphQLDocumentError {
  return read !== null && 'error' in read;
}

/**
 * The value of a field's argument: its variable's value, or its literal (objects and lists as JSON values,
 * with the variables they hold); `undefined` for an argument not given.
 */
export function argumentValue(field: SelectedField, name: string, variables: unknown): unknown {
  const arg = field.args[name];
  if (!arg) return undefined;
  const given =
    typeof variables === 'object' && variables !== null && !Array.isArray(variables)
      ? (variables as Record<string, unknown>)
      : {};
  return valueFromASTUntyped(arg, given);
}

/**
 * The fields a selection set selects on a value, by key. A value of a known type (its `__typename`) takes
 * the fragments of its type alone; one without takes every fragment, since a valid document spreads on a
 * field of one concrete type only fragments of that type.
 */
function collect(set: SelectionSet, type: string | undefined, into: Map<string, SelectedField[]>): void {
  for (const [key, field] of set.fields) {
    const fields = into.get(key);
    if (fields) fields.push(field);
    else into.set(key, [field]);
  }
  for (const { typeCondition, selection } of set.fragments) {
    if (typeCondition === null || type === undefined || typeCondition === type)
      collect(selection, type, into);
  }
}

function projectAll(value: unknown, sets: SelectionSet[] | null, typeName: string | undefined): unknown {
  if (sets === null || value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return value.map((item) => projectAll(item, sets, undefined));
  if (typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const type = typeName ?? (typeof source.__typename === 'string' ? source.__typename : undefined);
  const byKey = new Map<string, SelectedField[]>();
  for (const set of sets) collect(set, type, byKey);
  const answer: Record<string, unknown> = {};
  for (const [key, [first, ...rest]] of byKey) {
    if (!first) continue;
    if (first.name === '__typename') {
      answer[key] = type ?? null;
      continue;
    }
    const selections = [first, ...rest].flatMap((field) => (field.selection ? [field.selection] : []));
    answer[key] = projectAll(source[first.name], selections.length > 0 ? selections : null, undefined);
  }
  return answer;
}

/**
 * A value cut to a selection set, as a GraphQL answer is: only the fields selected, under their keys
 * (`null` for what the value lacks), `__typename` from the value's own, fragments whose type is the
 * value's (`typeName`, else its `__typename`; every fragment for a value of neither), and the selections
 * of a key selected twice merged.
 */
export function project(value: unknown, selection: SelectionSet | null, typeName?: string): unknown {
  return projectAll(value, selection ? [selection] : null, typeName);
}
