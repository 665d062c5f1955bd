/**
 * Venmo's payment context (docs/venmo.md, "The payment context"): what Venmo and the page share
 * about one payment, through the provider's GraphQL API. The page creates it, reads its status until
 * the shopper approves in Venmo, and cancels it when the panel no longer needs it.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { graphQLRequest, type GraphQLError } from '../../client/graphql';
import {
  isObject,
  looseObject,
  nullable,
  optional,
  parseWith,
  string,
  unknownValue,
} from '../../shared/strict-readers';
import type { VenmoSettings } from './options';

/** The provider's mutations and query, word for word as its SDK sends them. */
export const CREATE_PAYMENT_CONTEXT_MUTATION =
  'mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { clientMutationId venmoPaymentContext { id merchantId createdAt expiresAt } } }';

export const PAYMENT_CONTEXT_QUERY =
  'query PaymentContext($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { status paymentMethodId userName payerInfo { firstName lastName phoneNumber email externalId userName billingAddress { fullName addressLine1 addressLine2 adminArea1 adminArea2 postalCode countryCode } shippingAddress { fullName addressLine1 addressLine2 adminArea1 adminArea2 postalCode countryCode } } } } }';

export const UPDATE_PAYMENT_CONTEXT_STATUS_MUTATION =
  'mutation UpdateVenmoPaymentContextStatus($input: UpdateVenmoPaymentContextStatusInput!) { updateVenmoPaymentContextStatus(input: $input) { clientMutationId } }';

/** Who looks at the context: a phone's browser, the desktop web login, or a desktop showing the QR code. */
export type CustomerClient = 'MOBILE_WEB' | 'NATIVE_WEB' | 'DESKTOP';

/** A payment context the page holds. */
export interface PaymentContext {
  id: string;
  /** When it was made and when it expires, in milliseconds since the epoch. */
  createdAt: number;
  expiresAt: number;
}

/** What a context's status says, once read. */
export interface PaymentContextStatus {
  /** `CREATED`, `SCANNED`, `APPROVED`, `CANCELED`, `EXPIRED` or `FAILED`. */
  status: string;
  /** The Venmo nonce, once `APPROVED`. */
  paymentMethodId?: string | null | undefined;
  /** The shopper's Venmo user name, without its `@`. */
  userName?: string | null | undefined;
  /** What the shopper shared (with `enrichedCustomerDataEnabled`). */
  payerInfo?: Record<string, unknown> | null | undefined;
}

/** The statuses after which a context changes no more. */
export const FINAL_STATUSES: readonly string[] = ['APPROVED', 'CANCELED', 'EXPIRED', 'FAILED'];

const createdReader = looseObject({
  createVenmoPaymentContext: looseObject({
    venmoPaymentContext: looseObject({ id: string(), createdAt: string(), expiresAt: string() }),
  }),
});

const statusReader = looseObject({
  node: looseObject({
    status: string(),
    paymentMethodId: optional(nullable(string())),
    userName: optional(nullable(string())),
    payerInfo: optional(nullable(unknownValue)),
  }),
});

/** The API's errors as an error to throw: its `details.originalError` holds them, as the catalogue's do. */
function graphQLFailure(errors: GraphQLError[]): Error {
  return Object.assign(new Error(errors[0]?.message ?? 'GraphQL error'), {
    details: { originalError: errors },
  });
}

/** The create mutation's `input` for the merchant's settings. */
export function createContextInput(settings: VenmoSettings, client: CustomerClient): Record<string, unknown> {
  const transactionDetails = Object.fromEntries(
    (['subTotalAmount', 'discountAmount', 'taxAmount', 'shippingAmount', 'totalAmount', 'lineItems'] as const)
      .filter((key) => settings[key] !== undefined)
      .map((key) => [key, settings[key]]),
  );
  return {
    paymentMethodUsage: settings.paymentMethodUsage === 'multi_use' ? 'MULTI_USE' : 'SINGLE_USE',
    intent: client === 'DESKTOP' ? 'PAY_FROM_APP' : 'CONTINUE',
    customerClient: client,
    ...(settings.isFinalAmount === undefined ? {} : { isFinalAmount: settings.isFinalAmount }),
    ...(settings.displayName === undefined ? {} : { displayName: settings.displayName }),
    ...(settings.profileId === undefined ? {} : { merchantProfileId: settings.profileId }),
    paysheetDetails: {
      collectCustomerBillingAddress: settings.collectCustomerBillingAddress === true,
      collectCustomerShippingAddress: settings.collectCustomerShippingAddress === true,
      ...(Object.keys(transactionDetails).length > 0 ? { transactionDetails } : {}),
    },
  };
}

/**
 * Creates a payment context. Rejects with what went wrong (a transport failure, the API's errors,
 * an answer without a context): the caller gives it its own code.
 */
export async function createPaymentContext(
  client: GatewayClient,
  input: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<PaymentContext> {
  const answer = await graphQLRequest(client, {
    query: CREATE_PAYMENT_CONTEXT_MUTATION,
    variables: { input },
    operationName: 'CreateVenmoPaymentContext',
    signal,
  });
  if (!answer.ok) throw graphQLFailure(answer.errors);
  const context = parseWith(createdReader, answer.data)?.createVenmoPaymentContext.venmoPaymentContext;
  const createdAt = Date.parse(context?.createdAt ?? '');
  const expiresAt = Date.parse(context?.expiresAt ?? '');
  if (!context || !(expiresAt > createdAt)) throw new TypeError('The answer holds no payment context.');
  return { id: context.id, createdAt, expiresAt };
}

/** Reads a context's status; rejects as {@link createPaymentContext} does. */
export async function readPaymentContext(
  client: GatewayClient,
  id: string,
  signal?: AbortSignal,
): Promise<PaymentContextStatus> {
  const answer = await graphQLRequest(client, {
    query: PAYMENT_CONTEXT_QUERY,
    variables: { id },
    operationName: 'PaymentContext',
    signal,
  });
  if (!answer.ok) throw graphQLFailure(answer.errors);
  const node = parseWith(statusReader, answer.data)?.node;
  if (!node) throw new TypeError('The answer holds no payment context.');
  return { ...node, payerInfo: isObject(node.payerInfo) ? node.payerInfo : null };
}

/** Cancels a context; whatever becomes of the call, nothing waits for it. */
export function cancelPaymentContext(client: GatewayClient, id: string): void {
  graphQLRequest(client, {
    query: UPDATE_PAYMENT_CONTEXT_STATUS_MUTATION,
    variables: { input: { id, status: 'CANCELED' } },
    operationName: 'UpdateVenmoPaymentContextStatus',
  }).catch(() => undefined);
}

/** How {@link pollPaymentContext} ends. */
export type PollOutcome =
  { kind: 'final'; status: PaymentContextStatus } | { kind: 'timeout' } | { kind: 'failed'; error: unknown };

/** Options of {@link pollPaymentContext}. */
export interface PollOptions {
  /** Between the end of one read and the start of the next: 250 ms on a phone, 1 s on a desktop. */
  interval: number;
  /** How long to read before giving up. */
  limit: number;
  /** Hears every status read, `SCANNED` included. */
  onStatus?: (status: PaymentContextStatus) => void;
  /** Ends the polling, which then never settles. */
  signal: AbortSignal;
}

/**
 * Reads a context's status at once and then every `interval` until it is final (`APPROVED`,
 * `CANCELED`, `EXPIRED`, `FAILED`), `limit` has passed, or a read fails.
 */
export function pollPaymentContext(
  client: GatewayClient,
  id: string,
  { interval, limit, onStatus, signal }: PollOptions,
): Promise<PollOutcome> {
  const until = Date.now() + limit;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
      },
      { once: true },
    );
    const read = (): void => {
      if (signal.aborted) return;
      readPaymentContext(client, id, signal).then(
        (status) => {
          if (signal.aborted) return;
          onStatus?.(status);
          if (FINAL_STATUSES.includes(status.status)) resolve({ kind: 'final', status });
          else if (Date.now() + interval > until) resolve({ kind: 'timeout' });
          else timer = setTimeout(read, interval);
        },
        (error: unknown) => {
          if (!signal.aborted) resolve({ kind: 'failed', error });
        },
      );
    };
    read();
  });
}
