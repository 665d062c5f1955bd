/**
 * The provider's GraphQL API, beside the client API (docs/protocol.md, "GraphQL"): what the client
 * API v1 lacks (deleting a saved method) goes there. Not part of the first script: only the files
 * loaded on demand that call it carry it, and they reach the request layer through the client's
 * index, which the first script shares.
 * @packageDocumentation
 */
import { GRAPHQL_URLS } from '../shared/build-constants';
import { GRAPHQL_API_VERSION } from '../shared/constants';
import {
  array,
  looseObject,
  object,
  optional,
  parseWith,
  string,
  unknownValue,
  type Infer,
} from '../shared/strict-readers';
import { httpRequest, type GatewayClient } from './index';

/** Options of {@link graphQLRequest}. */
export interface GraphQLRequestOptions {
  /** The GraphQL document. */
  query: string;
  /** Its variables. */
  variables: Record<string, unknown>;
  /** The operation of the document to run. */
  operationName?: string;
  /** Aborting it rejects the request with the signal's reason. */
  signal?: AbortSignal;
}

/** One GraphQL error as the API answers it; what else it says is kept. */
const graphQLErrorReader = looseObject({
  message: optional(string()),
  extensions: optional(looseObject({ errorClass: optional(string()), errorType: optional(string()) })),
});

/** One error of a GraphQL answer. */
export type GraphQLError = Infer<typeof graphQLErrorReader>;

const answerReader = object({ data: optional(unknownValue), errors: optional(array(graphQLErrorReader)) });

/** A GraphQL answer that came through: its `data`, or its `errors` (at least one). */
export type GraphQLAnswer = { ok: true; data: unknown } | { ok: false; errors: GraphQLError[] };

/**
 * The URL of the GraphQL API for a configuration's `environment` (the provider's production or
 * sandbox API; the local flavour's sandbox is the local gateway's), `undefined` for any other.
 */
export function graphQLUrl(environment: string | undefined): string | undefined {
  return environment === 'production' || environment === 'sandbox' ? GRAPHQL_URLS[environment] : undefined;
}

/**
 * Sends one operation to the GraphQL API of the client's environment, authorized as the client
 * is (the client token's fingerprint, or the tokenization key, as a bearer token).
 *
 * Resolves with the answer's `data`, or with its `errors` when it has any (whatever the HTTP
 * status: the API answers authentication and authorization errors with a 4xx). Rejects with an
 * {@link httpRequest} error (a transport failure, a time-out, an error status without GraphQL
 * errors), or a `TypeError` when the environment has no GraphQL API or the answer is not a
 * GraphQL answer; each caller turns these into the catalogue error of what it was doing.
 */
export async function graphQLRequest(
  client: GatewayClient,
  options: GraphQLRequestOptions,
): Promise<GraphQLAnswer> {
  const { configuration, authorization } = client;
  const url = graphQLUrl(configuration.gatewayConfiguration.environment);
  if (!url) throw new TypeError('No GraphQL API for this environment.');
  const { integration, sessionId, sdkVersion } = configuration.analyticsMetadata;
  const bearer =
    authorization.kind === 'CLIENT_TOKEN' ? authorization.authorizationFingerprint : authorization.value;
  let body: unknown;
  try {
    ({ data: body } = await httpRequest({
      url,
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Braintree-Version': GRAPHQL_API_VERSION },
      data: {
        clientSdkMetadata: { platform: 'web', source: 'client', integration, sessionId, version: sdkVersion },
        query: options.query,
        variables: options.variables,
        ...(options.operationName === undefined ? {} : { operationName: options.operationName }),
      },
      signal: options.signal,
    }));
  } catch (error) {
    // An error status may still carry the API's GraphQL errors (an authentication failure).
    const errors = graphQLErrorsIn(error);
    if (errors) return { ok: false, errors };
    throw error;
  }
  const answer = parseWith(answerReader, body);
  if (!answer) throw new TypeError('The GraphQL answer is not JSON of its shape.');
  if (answer.errors?.length) return { ok: false, errors: answer.errors };
  return { ok: true, data: answer.data };
}

/** The GraphQL errors an HTTP error's body carries, if it is a GraphQL answer with errors. */
function graphQLErrorsIn(error: unknown): GraphQLError[] | undefined {
  const details = (error as { details?: { originalError?: unknown } } | null)?.details;
  const errors = parseWith(answerReader, details?.originalError)?.errors;
  return errors?.length ? errors : undefined;
}
