// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  argumentValue,
  project,
  readOperation,
  type GraphQLOperation,
  type GraphQLRequestParts,
} from './graphql-document';
import { graphQLOperationOf } from './graphql';
import { CONTEXT_STATUS, CREATE_CONTEXT, UPDATE_STATUS } from './venmo-test-support';

/** The operation a document is read as; fails the test for a document refused or not read. */
function read(document: string, request?: GraphQLRequestParts): GraphQLOperation {
  const operation = readOperation(document, request);
  if (operation === null || 'error' in operation) throw new Error(`Not read: ${JSON.stringify(operation)}`);
  return operation;
}

/** The root field's value cut to its selection. */
function answer(operation: GraphQLOperation, value: unknown, typeName?: string): unknown {
  return project(value, operation.root.field.selection, typeName);
}

const CONTEXT = {
  __typename: 'VenmoPaymentContext',
  id: 'ctx',
  status: 'APPROVED',
  secret: 'x',
  payerInfo: { userName: 'venmojoe', email: 'e', phoneNumber: '1' },
};

describe('readOperation', () => {
  it('reads braintree-web’s documents: their kind, root field, arguments and selection', () => {
    const create = read(CREATE_CONTEXT, { variables: { input: { paymentMethodUsage: 'SINGLE_USE' } } });
    expect(create.kind).toBe('mutation');
    expect(create.root.key).toBe('createVenmoPaymentContext');
    expect(argumentValue(create.root.field, 'input', create.variables)).toEqual({
      paymentMethodUsage: 'SINGLE_USE',
    });
    expect([...(create.root.field.selection?.fields.keys() ?? [])]).toEqual([
      'clientMutationId',
      'venmoPaymentContext',
    ]);
    const status = read(CONTEXT_STATUS);
    expect(status.kind).toBe('query');
    expect(status.root.field.name).toBe('node');
    expect(status.root.field.selection?.fragments.map((fragment) => fragment.typeCondition)).toEqual([
      'VenmoPaymentContext',
    ]);
  });

  it('reads an anonymous query, aliases, literal arguments and comments', () => {
    const operation = read('# status\n{ context: node(id: "abc") { status } }');
    expect(operation.kind).toBe('query');
    expect(operation.root.key).toBe('context');
    expect(argumentValue(operation.root.field, 'id', {})).toBe('abc');
  });

  it('reads literal objects and lists, variables inside them, and the operation’s defaults', () => {
    const operation = read(
      'mutation ($id: ID!, $usage: Usage = SINGLE_USE) { a(input: {id: $id, usage: $usage, n: 1, f: 1.5, ok: true, none: null, items: [{name: "x"}, "y"]}) { b } }',
      { variables: { id: 'ctx' } },
    );
    expect(argumentValue(operation.root.field, 'input', operation.variables)).toEqual({
      id: 'ctx',
      usage: 'SINGLE_USE',
      n: 1,
      f: 1.5,
      ok: true,
      none: null,
      items: [{ name: 'x' }, 'y'],
    });
    expect(argumentValue(operation.root.field, 'missing', operation.variables)).toBeUndefined();
  });

  it('chooses the operation by operationName from a document of several', () => {
    const document =
      'query Status($id: ID!) { node(id: $id) { id } } mutation Update($input: In!) { updateVenmoPaymentContextStatus(input: $input) { clientMutationId } }';
    expect(read(document, { operationName: 'Update' }).root.key).toBe('updateVenmoPaymentContextStatus');
    expect(read(document, { operationName: 'Status' }).root.key).toBe('node');
    expect(read('query Status { node(id: "a") { id } }', { operationName: null }).root.key).toBe('node');
  });

  it.each([
    [
      'several operations and no name',
      'query A { a } query B { b }',
      undefined,
      'Must provide operation name if query contains multiple operations.',
    ],
    ['a name no operation has', 'query A { a } query B { b }', 'C', 'Unknown operation named "C".'],
    ['a name the one operation does not have', 'query A { a }', 'C', 'Unknown operation named "C".'],
    ['no operation', 'fragment F on Query { a }', undefined, 'Must provide an operation.'],
  ])('answers a server’s error for %s', (_name, document, operationName, error) => {
    expect(readOperation(document, { operationName })).toEqual({ error });
  });

  it('resolves named fragments, nested and on the root, with the type they are on', () => {
    const operation = read(
      `query PaymentContext($id: ID!) { ...Root }
       fragment Root on Query { node(id: $id) { ...Context ... on CreditCard { last4 } } }
       fragment Context on VenmoPaymentContext { status payerInfo { ...Payer } }
       fragment Payer on VenmoPayerInfo { userName }`,
    );
    expect(operation.root.key).toBe('node');
    expect(operation.root.field.selection?.fragments.map((fragment) => fragment.typeCondition)).toEqual([
      'VenmoPaymentContext',
      'CreditCard',
    ]);
    expect(answer(operation, CONTEXT)).toEqual({ status: 'APPROVED', payerInfo: { userName: 'venmojoe' } });
  });

  it.each([
    ['an unknown fragment', 'query { node(id: "a") { ...Fields } }', 'Unknown fragment "Fields".'],
    [
      'a fragment spread within itself',
      'query { node(id: "a") { ...A } } fragment A on Node { id ...A }',
      'Cannot spread fragment "A" within itself.',
    ],
  ])('answers a server’s error for %s', (_name, document, error) => {
    expect(readOperation(document)).toEqual({ error });
  });

  it('applies @include and @skip, literal or by variable, to fields, inline fragments and spreads', () => {
    const document = `query ($withPayer: Boolean!, $noStatus: Boolean = true) {
      node(id: "ctx") @include(if: true) {
        id @skip(if: false)
        status @skip(if: $noStatus)
        secret @include(if: false)
        ... on VenmoPaymentContext @include(if: $withPayer) { payerInfo { userName } }
        ...Email @skip(if: $withPayer)
      }
    }
    fragment Email on VenmoPaymentContext { payerInfo { email } }`;
    expect(answer(read(document, { variables: { withPayer: true } }), CONTEXT)).toEqual({
      id: 'ctx',
      payerInfo: { userName: 'venmojoe' },
    });
    expect(answer(read(document, { variables: { withPayer: false, noStatus: false } }), CONTEXT)).toEqual({
      id: 'ctx',
      status: 'APPROVED',
      payerInfo: { email: 'e' },
    });
  });

  it('reads the one root field the directives leave', () => {
    const operation = read('query ($v: Boolean!) { a @include(if: $v) { id } b @skip(if: $v) { id } }', {
      variables: { v: false },
    });
    expect(operation.root.key).toBe('b');
  });

  it.each([
    [
      'a missing variable',
      'query ($v: Boolean!) { a @include(if: $v) }',
      'Variable "$v" of required type "Boolean!" was not provided.',
    ],
    [
      'a literal that is not a Boolean',
      'query { a @skip(if: "yes") }',
      'Boolean cannot represent a non boolean value: "yes"',
    ],
  ])('answers a server’s error for a directive’s condition of %s', (_name, document, error) => {
    expect(readOperation(document)).toEqual({ error });
  });

  it.each([
    ['no GraphQL', 'hello'],
    ['an empty document', ''],
    ['two root fields', '{ a b }'],
    ['an unclosed selection', 'mutation { a {'],
    ['an unterminated string', 'query { node(id: "abc) { id } }'],
    ['a variable without a name', 'query { node(id: $) { id } }'],
    ['a subscription', 'subscription { a }'],
  ])('reads nothing of %s', (_name, document) => {
    expect(readOperation(document)).toBeNull();
  });
});

describe('graphQLOperationOf', () => {
  it('names the operations by their fault names, and nothing else', () => {
    expect(graphQLOperationOf({ query: CREATE_CONTEXT })).toBe('createVenmoPaymentContext');
    expect(graphQLOperationOf({ query: CONTEXT_STATUS })).toBe('venmoPaymentContext');
    expect(graphQLOperationOf({ query: UPDATE_STATUS })).toBe('updateVenmoPaymentContextStatus');
    expect(graphQLOperationOf({ query: 'query { node(id: $id) { ... on CreditCard { id } } }' })).toBeNull();
    expect(graphQLOperationOf({ query: 'query { createVenmoPaymentContext { id } }' })).toBeNull();
    expect(graphQLOperationOf(null)).toBeNull();
  });

  it('names the operation operationName chooses, and that of a named fragment', () => {
    const document = `${CONTEXT_STATUS}\n${UPDATE_STATUS}`;
    expect(graphQLOperationOf({ query: document, operationName: 'PaymentContext' })).toBe(
      'venmoPaymentContext',
    );
    expect(graphQLOperationOf({ query: document })).toBeNull();
    expect(
      graphQLOperationOf({
        query: 'query ($id: ID!) { node(id: $id) { ...C } } fragment C on VenmoPaymentContext { status }',
      }),
    ).toBe('venmoPaymentContext');
  });
});

describe('project', () => {
  it('answers only what is selected, null for what is missing, fragments of the value’s type alone', () => {
    const operation = read(
      'query { node(id: $id) { __typename ... on VenmoPaymentContext { status payerInfo { userName } missing } ... on CreditCard { last4 } } }',
    );
    const value = { status: 'APPROVED', secret: 'x', payerInfo: { userName: 'venmojoe', email: 'e' } };
    expect(answer(operation, value, 'VenmoPaymentContext')).toEqual({
      __typename: 'VenmoPaymentContext',
      status: 'APPROVED',
      payerInfo: { userName: 'venmojoe' },
      missing: null,
    });
  });

  it('answers a field under each of its aliases, and merges the selections of a key selected twice', () => {
    const operation = read(
      'query { node(id: "ctx") { state: status status payerInfo { userName } ... on VenmoPaymentContext { payerInfo { email } } payerInfo { phone: phoneNumber } } }',
    );
    expect(answer(operation, CONTEXT)).toEqual({
      state: 'APPROVED',
      status: 'APPROVED',
      payerInfo: { userName: 'venmojoe', email: 'e', phone: '1' },
    });
  });
});
