// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PARTITION_HEADER } from './partition-keys';
import { GRAPHQL_MESSAGES } from './graphql';
import { like, record, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

const MUTATION =
  'mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }';

/** A fingerprint of a client token of the demo merchant, for a customer or a guest. */
async function fingerprint(customerId?: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await sandbox.request('/sandbox/client_token', {
    body: { merchantId: 'demo_merchant', ...(customerId ? { customerId } : {}) },
    headers,
  });
  const token = String(record(response.body).clientToken);
  return String(record(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).authorizationFingerprint);
}

/** The customer's saved methods as the client API lists them, each with its nonce. */
async function listed(bearer: string, headers: Record<string, string> = {}) {
  const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
    auth: { authorizationFingerprint: bearer },
    query: { defaultFirst: '1' },
    headers,
  });
  return (record(response.body).paymentMethods as Record<string, unknown>[]).map((method) => ({
    nonce: String(method.nonce),
    description: method.description,
    default: method.default,
  }));
}

function remove(
  bearer: string | null,
  singleUseTokenId: unknown,
  options: { version?: string | null; body?: unknown } = {},
): Promise<TestResponse> {
  const { version = '2018-05-10' } = options;
  return sandbox.request('/graphql', {
    headers: {
      ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      ...(version === null ? {} : { 'braintree-version': version }),
    },
    body: options.body ?? {
      clientSdkMetadata: {
        platform: 'web',
        source: 'client',
        integration: 'custom',
        sessionId: 's',
        version: '3.26.0',
      },
      query: MUTATION,
      variables: { input: { singleUseTokenId } },
      operationName: 'DeletePaymentMethodFromSingleUseToken',
    },
  });
}

function expectError(response: TestResponse, status: number, errorClass: string, message: string) {
  expect(response.status).toBe(status);
  const body = record(response.body);
  expect(body.errors).toEqual([
    like.objectContaining({ message, extensions: { errorClass, errorType: 'user_error' } }),
  ]);
  expect(record(body.extensions).requestId).toEqual(like.any(String));
}

describe('POST /graphql DeletePaymentMethodFromSingleUseToken', () => {
  it("deletes the saved method the list's nonce stands for; the next list leaves it out and the next method is the default", async () => {
    const bearer = await fingerprint('returning_shopper');
    const before = await listed(bearer);
    expect(before[0]).toMatchObject({ description: 'ending in 11', default: true });
    const response = await remove(bearer, before[0]?.nonce);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: { deletePaymentMethodFromSingleUseToken: { clientMutationId: null } },
      extensions: { requestId: like.any(String) },
    });
    const after = await listed(bearer);
    expect(after.map((method) => method.description)).toEqual(
      before.slice(1).map((method) => method.description),
    );
    expect(after[0]?.default).toBe(true);
    // The nonce's method is gone: deleting it again finds nothing.
    expectError(await remove(bearer, before[0]?.nonce), 200, 'NOT_FOUND', GRAPHQL_MESSAGES.notFound);
  });

  it('NOT_FOUND for an unknown nonce, with the field null and its path', async () => {
    const response = await remove(await fingerprint('returning_shopper'), 'tokencc_sb_unknown');
    expectError(response, 200, 'NOT_FOUND', GRAPHQL_MESSAGES.notFound);
    expect(record(response.body).data).toEqual({ deletePaymentMethodFromSingleUseToken: null });
    expect(record((record(response.body).errors as unknown[])[0]).path).toEqual([
      'deletePaymentMethodFromSingleUseToken',
    ]);
  });

  it("NOT_FOUND for another customer's nonce, which stays saved", async () => {
    const owner = await fingerprint('returning_shopper');
    const [method] = await listed(owner);
    const other = await fingerprint('someone_else');
    expectError(await remove(other, method?.nonce), 200, 'NOT_FOUND', GRAPHQL_MESSAGES.notFound);
    expect((await listed(owner))[0]?.description).toBe('ending in 11');
  });

  it('AUTHENTICATION (401) without a bearer, or with one that is no credential', async () => {
    expectError(await remove(null, 'x'), 401, 'AUTHENTICATION', GRAPHQL_MESSAGES.unauthenticated);
    expectError(await remove('nonsense', 'x'), 401, 'AUTHENTICATION', GRAPHQL_MESSAGES.unauthenticated);
    const tampered = (await fingerprint('returning_shopper')).replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expectError(await remove(tampered, 'x'), 401, 'AUTHENTICATION', GRAPHQL_MESSAGES.unauthenticated);
  });

  it('AUTHORIZATION (403) for a tokenization key, a guest token and a merchant without client API access', async () => {
    const key = await remove('sandbox_k9x2m4p7_demo_merchant', 'x');
    expectError(key, 403, 'AUTHORIZATION', GRAPHQL_MESSAGES.notAuthorized);
    expectError(await remove(await fingerprint(), 'x'), 403, 'AUTHORIZATION', GRAPHQL_MESSAGES.notAuthorized);
    expectError(
      await remove('sandbox_r3str1ct_restricted_merchant', 'x'),
      403,
      'AUTHORIZATION',
      GRAPHQL_MESSAGES.noClientApi,
    );
  });

  it('VALIDATION (400) without a Braintree-Version or with a body it cannot read', async () => {
    const bearer = await fingerprint('returning_shopper');
    expectError(await remove(bearer, 'x', { version: null }), 400, 'VALIDATION', GRAPHQL_MESSAGES.version);
    expectError(
      await remove(bearer, 'x', { version: 'latest' }),
      400,
      'VALIDATION',
      GRAPHQL_MESSAGES.version,
    );
    expectError(await remove(bearer, 'x', { body: [1] }), 400, 'VALIDATION', GRAPHQL_MESSAGES.unreadable);
    expectError(
      await remove(bearer, 'x', { body: { query: 3 } }),
      400,
      'VALIDATION',
      GRAPHQL_MESSAGES.unreadable,
    );
  });

  it('VALIDATION (200) for another operation, or an input without a single-use token', async () => {
    const bearer = await fingerprint('returning_shopper');
    expectError(
      await remove(bearer, 'x', { body: { query: 'query { ping }' } }),
      200,
      'VALIDATION',
      GRAPHQL_MESSAGES.operation,
    );
    for (const token of [undefined, '', 3]) {
      expectError(await remove(bearer, token), 200, 'VALIDATION', GRAPHQL_MESSAGES.input);
    }
  });

  it('VALIDATION (200) for a document with a syntax error, as for another operation', async () => {
    const bearer = await fingerprint('returning_shopper');
    for (const query of ['mutation { deletePaymentMethodFromSingleUseToken(input: $input) {', 'hello']) {
      const response = await remove(bearer, 'x', { body: { query, variables: { input: {} } } });
      expectError(response, 200, 'VALIDATION', GRAPHQL_MESSAGES.operation);
      expect(record(response.body).data).toBeUndefined();
    }
  });

  it("VALIDATION (200) with a server's message for an operationName the document does not choose by", async () => {
    const bearer = await fingerprint('returning_shopper');
    const query = `${MUTATION}\nquery Ping { ping }`;
    expectError(
      await remove(bearer, 'x', { body: { query, variables: { input: { singleUseTokenId: 'x' } } } }),
      200,
      'VALIDATION',
      'Must provide operation name if query contains multiple operations.',
    );
    expectError(
      await remove(bearer, 'x', { body: { query: MUTATION, operationName: 'Delete' } }),
      200,
      'VALIDATION',
      'Unknown operation named "Delete".',
    );
  });

  it('deletes with a literal input, an alias, a named fragment and the operation operationName chooses', async () => {
    const bearer = await fingerprint('returning_shopper');
    const [method] = await listed(bearer);
    const query = `query Ping { ping }
      mutation Delete($keep: Boolean = true) {
        deleted: deletePaymentMethodFromSingleUseToken(input: {singleUseTokenId: "${String(method?.nonce)}", clientMutationId: "m1"}) {
          ...Payload @include(if: $keep)
        }
      }
      fragment Payload on DeletePaymentMethodFromSingleUseTokenPayload { id: clientMutationId }`;
    const response = await remove(bearer, 'x', { body: { query, operationName: 'Delete' } });
    expect(response.status).toBe(200);
    expect(record(response.body).data).toEqual({ deleted: { id: 'm1' } });
    expect((await listed(bearer))[0]?.description).not.toBe('ending in 11');
  });

  it("deletes in the bearer token's partition alone", async () => {
    const made = record((await sandbox.request('/sandbox/partitions', { method: 'POST' })).body);
    const partition = { [PARTITION_HEADER]: String(made.partition) };
    const inPartition = await fingerprint('returning_shopper', partition);
    const [method] = await listed(inPartition);
    expect((await remove(inPartition, method?.nonce)).status).toBe(200);
    expect((await listed(inPartition))[0]?.description).not.toBe('ending in 11');
    // The default partition's vault keeps the card.
    expect((await listed(await fingerprint('returning_shopper')))[0]?.description).toBe('ending in 11');
    // A token of the partition is unknown in the default partition's terms once the partition is gone.
    await sandbox.request(`/sandbox/partitions/${String(made.partition)}`, { method: 'DELETE' });
    expect((await remove(inPartition, method?.nonce)).status).toBe(404);
  });

  it('takes the faults of the graphQL call', async () => {
    const bearer = await fingerprint('returning_shopper');
    const [method] = await listed(bearer);
    await sandbox.request('/sandbox/faults', { body: { call: 'graphQL', kind: '500' } });
    expect((await remove(bearer, method?.nonce)).status).toBe(500);
    // The fault took the call: the method is still saved, and the next call deletes it.
    expect((await listed(bearer))[0]?.nonce).toBeDefined();
    const [again] = await listed(bearer);
    expect((await remove(bearer, again?.nonce)).status).toBe(200);
  });

  it('answers the preflight of a merchant page for its headers', async () => {
    const response = await sandbox.request('/graphql', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,braintree-version,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('braintree-version');
  });
});
