/**
 * `POST /graphql`: the provider's GraphQL API as far as its clients use it (docs/sandbox.md,
 * "GraphQL in the sandbox"): the mutation `DeletePaymentMethodFromSingleUseToken`, which deletes the saved
 * method a nonce of the customer's list stands for, and Venmo's payment context operations
 * (venmo-graphql.ts). Authorized as the real API is, by a bearer token and a `Braintree-Version`; its
 * errors are GraphQL errors, shaped and with the statuses of the real API: 200 for errors of the
 * operation, 400 for a request it cannot read, 401 and 403 for authentication and authorization.
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { GRAPHQL_STAND_IN_PATH } from '../src/shared/flavours';
import { bearerCredential, merchantOfKey, verifyFingerprint } from './auth';
import { isRecord, jsonReply, type Reply } from './http';
import { readOperation, type GraphQLOperation } from './graphql-document';
import { findMerchant, type Merchant } from './merchants';
import type { Route, RouteContext } from './route';
import type { SandboxState } from './state';
import {
  createVenmoPaymentContext,
  updateVenmoPaymentContextStatus,
  venmoPaymentContext,
  type VenmoOperationContext,
  type VenmoOperationError,
} from './venmo-graphql';

/** The GraphQL API's class of an error, `extensions.errorClass`. */
export type GraphQLErrorClass = 'VALIDATION' | 'NOT_FOUND' | 'AUTHENTICATION' | 'AUTHORIZATION';

/** The delete mutation's field. */
const DELETE_FIELD = 'deletePaymentMethodFromSingleUseToken';

/** An operation's spelling: its kind and root field (the status query `node` with a fragment on its type). */
interface OperationSpelling {
  kind: 'query' | 'mutation';
  field: string;
  fragment?: string;
  /** The older QR code spelling of a Venmo operation. */
  legacy?: boolean;
}

/**
 * The operations the API answers, by the name a fault gives them (docs/sandbox.md, "Test controls"), each
 * with its spellings: Venmo's have the older QR code ones too, which the provider's SDK still sends.
 */
export const GRAPHQL_OPERATIONS = {
  deletePaymentMethodFromSingleUseToken: [{ kind: 'mutation', field: DELETE_FIELD }],
  createVenmoPaymentContext: [
    { kind: 'mutation', field: 'createVenmoPaymentContext' },
    { kind: 'mutation', field: 'createVenmoQRCodePaymentContext', legacy: true },
  ],
  venmoPaymentContext: [
    { kind: 'query', field: 'node', fragment: 'VenmoPaymentContext' },
    { kind: 'query', field: 'node', fragment: 'VenmoQRCodePaymentContext', legacy: true },
  ],
  updateVenmoPaymentContextStatus: [
    { kind: 'mutation', field: 'updateVenmoPaymentContextStatus' },
    { kind: 'mutation', field: 'updateVenmoQRCodePaymentContext', legacy: true },
  ],
} as const satisfies Record<string, readonly OperationSpelling[]>;

/** The name of an operation the API answers. */
export type GraphQLOperationName = keyof typeof GRAPHQL_OPERATIONS;

/** Which of {@link GRAPHQL_OPERATIONS} a parsed operation is, and in which spelling; `null` for none. */
function operationNameOf(
  operation: GraphQLOperation,
): { name: GraphQLOperationName; legacy: boolean } | null {
  const { field } = operation.root;
  for (const [name, spellings] of Object.entries(GRAPHQL_OPERATIONS) as [
    GraphQLOperationName,
    readonly OperationSpelling[],
  ][]) {
    for (const spelling of spellings) {
      if (spelling.kind !== operation.kind || spelling.field !== field.name) continue;
      const { fragment } = spelling;
      if (fragment && !field.selection?.fragments.some((f) => f.typeCondition === fragment)) continue;
      return { name, legacy: spelling.legacy === true };
    }
  }
  return null;
}

/** The operation a GraphQL request's body asks for, by name; `null` for one the API does not answer. */
export function graphQLOperationOf(body: unknown): GraphQLOperationName | null {
  if (!isRecord(body) || typeof body.query !== 'string') return null;
  const operation = readOperation(body.query);
  return (operation && operationNameOf(operation)?.name) ?? null;
}

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
  operation: `The sandbox answers only these operations: ${Object.keys(GRAPHQL_OPERATIONS).join(', ')}.`,
  input: 'Variable "input" must be an object with a non-empty singleUseTokenId.',
  notFound: 'Cannot find a payment method for this single-use token.',
} as const;

/**
 * A GraphQL error answer, at the real API's status; `field` names the root field of an operation's
 * error, which the answer's `data` gives as `null` and the error's `path` names.
 */
export function graphQLErrorReply(
  errorClass: GraphQLErrorClass,
  message: string,
  options: { field?: string; status?: number } = {},
): Reply {
  const { field } = options;
  return jsonReply(options.status ?? STATUS[errorClass], {
    ...(field ? { data: { [field]: null } } : {}),
    errors: [
      {
        message,
        ...(field ? { locations: [{ line: 1, column: 1 }], path: [field] } : {}),
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

function isOperationError(outcome: Reply | VenmoOperationError): outcome is VenmoOperationError {
  return 'errorClass' in outcome;
}

/** An answer of the API, with the `requestId` every answer of the real API carries. */
function withRequestId(reply: Reply): Reply {
  return isRecord(reply.body)
    ? { ...reply, body: { ...reply.body, extensions: { requestId: randomUUID() } } }
    : reply;
}

/**
 * `deletePaymentMethodFromSingleUseToken(input: {singleUseTokenId})`: a customer's client token only;
 * only a nonce the customer's own list minted, for a method still saved, is found.
 */
function deletePaymentMethod(
  state: SandboxState,
  merchant: Merchant,
  customerId: string | null,
  operation: GraphQLOperation,
  variables: unknown,
): Reply {
  const field = operation.root.key;
  if (customerId === null) {
    return graphQLErrorReply('AUTHORIZATION', GRAPHQL_MESSAGES.notAuthorized, { field });
  }
  const input = isRecord(variables) ? variables.input : undefined;
  const token = isRecord(input) ? input.singleUseTokenId : undefined;
  if (!isRecord(input) || typeof token !== 'string' || token === '') {
    return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.input, { field });
  }
  const stored = state.nonces.get(token);
  const customer = state.vault.findCustomer(merchant.merchantId, customerId);
  const found =
    stored &&
    customer &&
    stored.merchantId === merchant.merchantId &&
    stored.customerId === customerId &&
    stored.vaultToken !== null &&
    state.vault.remove(customer, stored.vaultToken);
  if (!found) return graphQLErrorReply('NOT_FOUND', GRAPHQL_MESSAGES.notFound, { field });
  const clientMutationId = typeof input.clientMutationId === 'string' ? input.clientMutationId : null;
  return jsonReply(200, {
    data: { [field]: { clientMutationId } },
    extensions: { requestId: randomUUID() },
  });
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
    const operation = readOperation(body.query);
    const spelled = operation && operationNameOf(operation);
    if (!operation || !spelled) return graphQLErrorReply('VALIDATION', GRAPHQL_MESSAGES.operation);
    const { name, legacy } = spelled;
    if (!merchant.clientApiAccess) return graphQLErrorReply('AUTHORIZATION', GRAPHQL_MESSAGES.noClientApi);
    if (name === 'deletePaymentMethodFromSingleUseToken') {
      return deletePaymentMethod(state, merchant, customerId, operation, body.variables);
    }
    const venmo: VenmoOperationContext = { state, merchant, operation, variables: body.variables, legacy };
    const handlers = {
      createVenmoPaymentContext,
      venmoPaymentContext,
      updateVenmoPaymentContextStatus,
    } as const;
    const outcome = handlers[name](venmo);
    return isOperationError(outcome)
      ? graphQLErrorReply(outcome.errorClass, outcome.message, {
          ...(outcome.field ? { field: operation.root.key } : {}),
        })
      : withRequestId(outcome);
  },
};
