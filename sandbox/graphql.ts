/**
 * `POST /graphql`: the provider's GraphQL API as far as the panel uses it (docs/sandbox.md,
 * "GraphQL in the sandbox"): the one mutation `DeletePaymentMethodFromSingleUseToken`, which deletes the saved
 * method a nonce of the customer's list stands for. Authorized as the real API is, by a bearer
 * token and a `Braintree-Version`; its errors are GraphQL errors, shaped and with the statuses of
 * the real API: 200 for errors of the operation, 400 for a request it cannot read, 401 and 403 for
 * authentication and authorization.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { GRAPHQL_STAND_IN_PATH } from '../src/shared/flavours';
import { bearerCredential, merchantOfKey, verifyFingerprint } from './auth';
import { isRecord, jsonReply, type Reply } from './http';
import { findMerchant } from './merchants';
import type { Route, RouteContext } from './route';

/** The GraphQL API's class of an error, `extensions.errorClass`. */
export type GraphQLErrorClass = 'VALIDATION' | 'NOT_FOUND' | 'AUTHENTICATION' | 'AUTHORIZATION';

/** The mutation's field, which the document must select. */
const DELETE_FIELD = 'deletePaymentMethodFromSingleUseToken';

/** Status of the real API for each class of error. */
const STATUS: Readonly<Record<GraphQLErrorClass, number>> = {
  VALIDATION: 200,
  NOT_FOUND: 200,
  AUTHENTICATION: 401,
  AUTHORIZATION: 403,
};

/** Messages of the sandbox's errors, by what went wrong. */
export const GRAPHQL_MESSAGES = {
  unauthenticated: 'Invalid or missing authorization credentials.',
  notAuthorized: 'A client token with a customer id must be used to delete a payment method.',
  noClientApi: 'This merchant has no client API privileges.',
  version: 'A Braintree-Version header of the form YYYY-MM-DD is required.',
  unreadable: 'The request body must be a JSON object with a query.',
  operation: `The sandbox answers only the ${DELETE_FIELD} mutation.`,
  input: 'Variable "input" must be an object with a non-empty singleUseTokenId.',
  notFound: 'Cannot find a payment method for this single-use token.',
} as const;

/** A GraphQL error answer, at the real API's status; `path` names the field of an operation's error. */
export function graphQLErrorReply(
  errorClass: GraphQLErrorClass,
  message: string,
  options: { path?: boolean; status?: number } = {},
): Reply {
  return jsonReply(options.status ?? STATUS[errorClass], {
    ...(options.path ? { data: { [DELETE_FIELD]: null } } : {}),
    errors: [
      {
        message,
        ...(options.path ? { locations: [{ line: 1, column: 1 }], path: [DELETE_FIELD] } : {}),
        extensions: { errorClass, errorType: 'user_error' },
      },
    ],
    extensions: { requestId: randomUUID() },
  });
}

function header(context: RouteContext, name: string): string {
  const value = context.headers[name];
  return typeof value === 'string' ? value : '';
}

/** The GraphQL API's endpoint (the provider's `https://payments.sandbox.braintree-api.com/graphql`). */
export const graphQLRoute: Route = {
  method: 'POST',
  path: GRAPHQL_STAND_IN_PATH,
  handle(context) {
    const { state, body } = context;
    const credential = bearerCredential(context.headers);
    let merchant;
    let customerId: string | null = null;
    if (credential && 'authorizationFingerprint' in credential) {
      const claims = verifyFingerprint(credential.authorizationFingerprint);
      merchant = claims && findMerchant(claims.merchantId);
      // A token of another partition is not known here, as the client API's check has it.
      if (!claims || merchant?.publicKey !== claims.publicKey || claims.partition !== state.partition) {
        merchant = undefined;
      }
      customerId = claims?.customerId ?? null;
    } else if (credential) {
      merchant = merchantOfKey(credential.tokenizationKey, state.partition);
    }
    if (!merchant) return graphQLErrorReply('AUTHENTICATION', GRAPHQL_MESSAGES.unauthenticated);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(header(context, 'braintree-version'))) {
      return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.version, { status: 400 });
    }
    if (!isRecord(body) || typeof body.query !== 'string') {
      return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.unreadable, { status: 400 });
    }
    if (!new RegExp(`^\\s*mutation\\b[^{]*\\{\\s*${DELETE_FIELD}\\s*\\(`).test(body.query)) {
      return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.operation);
    }
    if (!merchant.clientApiAccess) return graphQLErrorReply('AUTHORIZATION', GRAPHQL_MESSAGES.noClientApi);
    if (customerId === null) {
      return graphQLErrorReply('AUTHORIZATION', GRAPHQL_MESSAGES.notAuthorized, { path: true });
    }
    const input = isRecord(body.variables) ? body.variables.input : undefined;
    const token = isRecord(input) ? input.singleUseTokenId : undefined;
    if (!isRecord(input) || typeof token !== 'string' || token === '') {
      return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.input, { path: true });
    }
    // Only a nonce the customer's own list minted, for a method still saved, is found.
    const stored = state.nonces.get(token);
    const customer = state.vault.findCustomer(merchant.merchantId, customerId);
    const found =
      stored &&
      customer &&
      stored.merchantId === merchant.merchantId &&
      stored.customerId === customerId &&
      stored.vaultToken !== null &&
      state.vault.remove(customer, stored.vaultToken);
    if (!found) return graphQLErrorReply('NOT_FOUND', GRAPHQL_MESSAGES.notFound, { path: true });
    const clientMutationId = typeof input.clientMutationId === 'string' ? input.clientMutationId : null;
    return jsonReply(200, {
      data: { [DELETE_FIELD]: { clientMutationId } },
      extensions: { requestId: randomUUID() },
    });
  },
};
