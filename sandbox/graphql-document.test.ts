// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { argumentValue, project, readOperation } from './graphql-document';
import { graphQLOperationOf } from './graphql';
import { CONTEXT_STATUS, CREATE_CONTEXT, UPDATE_STATUS } from './venmo-test-support';

describe('readOperation', () => {
  it('reads braintree-web’s documents: their kind, root field, arguments and selection', () => {
    const create = readOperation(CREATE_CONTEXT);
    expect(create?.kind).toBe('mutation');
    expect(create?.root.key).toBe('createVenmoPaymentContext');
    expect(create?.root.field.args).toEqual({ input: { variable: 'input' } });
    expect([...(create?.root.field.selection?.fields.keys() ?? [])]).toEqual([
      'clientMutationId',
      'venmoPaymentContext',
    ]);
    const status = readOperation(CONTEXT_STATUS);
    expect(status?.kind).toBe('query');
    expect(status?.root.field.name).toBe('node');
    expect(status?.root.field.selection?.fragments.map((fragment) => fragment.typeCondition)).toEqual([
      'VenmoPaymentContext',
    ]);
  });

  it('reads an anonymous query, aliases, literal arguments and comments', () => {
    const operation = readOperation('# status\n{ context: node(id: "abc") { status } }');
    expect(operation?.kind).toBe('query');
    expect(operation?.root.key).toBe('context');
    if (!operation) throw new Error('Not read');
    expect(argumentValue(operation.root.field, 'id', {})).toBe('abc');
  });

  it.each([
    ['no GraphQL', 'hello'],
    ['two root fields', '{ a b }'],
    ['a fragment spread by name', 'query { node(id: $id) { ...Fields } }'],
    ['a directive', 'query { node(id: $id) @include(if: true) { id } }'],
    ['two operations', 'query { a } query { b }'],
    ['an unclosed selection', 'mutation { a {'],
    ['an object literal', 'mutation { a(input: {id: 1}) { b } }'],
  ])('refuses %s', (_name, document) => {
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
});

describe('project', () => {
  it('answers only what is selected, null for what is missing, fragments of the value’s type alone', () => {
    const operation = readOperation(
      'query { node(id: $id) { __typename ... on VenmoPaymentContext { status payerInfo { userName } missing } ... on CreditCard { last4 } } }',
    );
    const value = { status: 'APPROVED', secret: 'x', payerInfo: { userName: 'venmojoe', email: 'e' } };
    expect(project(value, operation?.root.field.selection ?? null, 'VenmoPaymentContext')).toEqual({
      __typename: 'VenmoPaymentContext',
      status: 'APPROVED',
      payerInfo: { userName: 'venmojoe' },
      missing: null,
    });
  });
});
