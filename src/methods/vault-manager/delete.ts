/**
 * Deleting a saved payment method from the customer's vault (docs/vault-manager.md): one GraphQL
 * call, `DeletePaymentMethodFromSingleUseToken`, with the nonce the saved methods' list gave it.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { graphQLRequest } from '../../client/graphql';
import { createError, registerErrors, type PanelError } from '../../shared/errors';
import { VAULT_MANAGER_ERRORS } from '../../shared/errors/catalogues/vault-manager';

registerErrors(VAULT_MANAGER_ERRORS);

/** The provider's mutation, word for word as its drop-in sends it. */
export const DELETE_PAYMENT_METHOD_MUTATION =
  'mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }';

/**
 * Deletes the saved method a nonce of the customer's list stands for.
 *
 * Rejects, without a request, with `VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN`
 * under a tokenization key or a client token without a customer; with
 * `VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND` when the API answers `NOT_FOUND`; with
 * `VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR` for anything else (another GraphQL error, a
 * transport failure, an error status, an answer that is not GraphQL), the cause in
 * `details.originalError`. An aborted `signal` rejects with its reason.
 */
export async function deletePaymentMethod(
  client: GatewayClient,
  nonce: string,
  signal?: AbortSignal,
): Promise<void> {
  if (client.authorization.guest) {
    throw createError('VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN');
  }
  const unknown = (originalError: unknown): PanelError =>
    createError('VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR', { nonce }, { originalError });
  let answer;
  try {
    answer = await graphQLRequest(client, {
      query: DELETE_PAYMENT_METHOD_MUTATION,
      variables: { input: { singleUseTokenId: nonce } },
      operationName: 'DeletePaymentMethodFromSingleUseToken',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unknown(error);
  }
  if (answer.ok) return;
  if (answer.errors[0]?.extensions?.errorClass === 'NOT_FOUND') {
    throw createError(
      'VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND',
      { nonce },
      { originalError: answer.errors },
    );
  }
  throw unknown(answer.errors);
}
