import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { failure, fakeClient, stubFetch, type StubAnswer } from '../../client/test-support';
import { DELETE_PAYMENT_METHOD_MUTATION, deletePaymentMethod } from './delete';

const { gateway, assets } = inject('localOrigins');

const NONCE = 'tokencc_sb_123';
const customer = (environment: string | undefined = 'sandbox') =>
  fakeClient({
    gatewayConfiguration: { clientApiUrl: `${gateway}/api`, assetsUrl: assets, environment },
    guest: false,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOT_FOUND = {
  data: { deletePaymentMethodFromSingleUseToken: null },
  errors: [
    {
      message: 'Cannot find single-use token.',
      extensions: { errorClass: 'NOT_FOUND', errorType: 'user_error' },
    },
  ],
};

describe('deletePaymentMethod', () => {
  it("posts the provider's mutation to the local flavour's sandbox GraphQL API, with the fingerprint as bearer", async () => {
    const { calls } = stubFetch(() => ({
      body: { data: { deletePaymentMethodFromSingleUseToken: { clientMutationId: null } } },
    }));
    await deletePaymentMethod(customer(), NONCE);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`${gateway}/graphql`);
    expect(call?.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer fingerprint&customer_id=1',
        'Braintree-Version': '2018-05-10',
      },
    });
    expect(JSON.parse(call?.init.body as string)).toEqual({
      clientSdkMetadata: {
        platform: 'web',
        source: 'client',
        integration: 'custom',
        sessionId: 'session-1',
        version: '3.26.0',
      },
      query: DELETE_PAYMENT_METHOD_MUTATION,
      variables: { input: { singleUseTokenId: NONCE } },
      operationName: 'DeletePaymentMethodFromSingleUseToken',
    });
    expect(DELETE_PAYMENT_METHOD_MUTATION).toBe(
      'mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }',
    );
  });

  it('production goes to the provider’s production API', async () => {
    const { calls } = stubFetch(() => ({ body: { data: {} } }));
    await deletePaymentMethod(customer('production'), NONCE);
    expect(calls[0]?.url).toBe('https://payments.braintree-api.com/graphql');
  });

  it('refuses a tokenization key without a request', async () => {
    const { calls } = stubFetch();
    const client = fakeClient({
      gatewayConfiguration: { clientApiUrl: `${gateway}/api`, assetsUrl: assets, environment: 'sandbox' },
    });
    const error = await failure(deletePaymentMethod(client, NONCE));
    expect(error).toMatchObject({
      code: 'VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN',
      type: 'MERCHANT',
      message: 'A client token with a customer id must be used to delete a payment method nonce.',
    });
    expect(calls).toHaveLength(0);
  });

  it('NOT_FOUND is VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND, naming the nonce', async () => {
    stubFetch(() => ({ body: NOT_FOUND }));
    const error = await failure(deletePaymentMethod(customer(), NONCE));
    expect(error).toMatchObject({
      code: 'VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND',
      type: 'MERCHANT',
      message: `A payment method for payment method nonce \`${NONCE}\` could not be found.`,
      details: { originalError: NOT_FOUND.errors },
    });
  });

  it.each<[string, StubAnswer | 'throw']>([
    [
      'another GraphQL error',
      { body: { errors: [{ message: 'x', extensions: { errorClass: 'VALIDATION' } }] } },
    ],
    [
      'an authentication error with its 401',
      { status: 401, body: { errors: [{ message: 'x', extensions: { errorClass: 'AUTHENTICATION' } }] } },
    ],
    ['a GraphQL error without extensions', { body: { errors: [{ message: 'x' }] } }],
    ['a 500', { status: 500, body: 'oops' }],
    ['a 403 without GraphQL errors', { status: 403, body: {} }],
    ['a body that is not JSON', { body: '{"data":' }],
    ['a body of another shape', { body: { errors: 'none' } }],
    ['a transport failure', 'throw'],
  ])('%s is VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR', async (_, answer) => {
    stubFetch(() => {
      if (answer === 'throw') throw new TypeError('Failed to fetch');
      return answer;
    });
    const error = await failure(deletePaymentMethod(customer(), NONCE));
    expect(error).toMatchObject({
      code: 'VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR',
      type: 'UNKNOWN',
      message: `An unknown error occurred when attempting to delete the payment method associated with the payment method nonce \`${NONCE}\`.`,
    });
    expect(error.details?.originalError).toBeDefined();
  });

  it('an environment without a GraphQL API is VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR, without a request', async () => {
    const { calls } = stubFetch();
    const error = await failure(deletePaymentMethod(customer('qa'), NONCE));
    expect(error.code).toBe('VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR');
    expect(calls).toHaveLength(0);
  });

  it('an aborted request rejects with the signal’s reason', async () => {
    stubFetch(() => 'hang');
    const controller = new AbortController();
    const pending = deletePaymentMethod(customer(), NONCE, controller.signal);
    const reason = new Error('ended');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
