/**
 * What the Venmo tests share: braintree-web's GraphQL documents for Venmo's payment contexts, a GraphQL
 * call of the test sandbox, and the query the provider's SDK opens Venmo's pages with.
 * @packageDocumentation
 */
import { PARTITION_HEADER } from './partition-keys';
import { record, type TestResponse, type TestSandbox } from './test-server';
import { VENMO_TEST_VALUES } from './test-values';

/** braintree-web's `CreateVenmoPaymentContext`. */
export const CREATE_CONTEXT = `mutation CreateVenmoPaymentContext($input: CreateVenmoPaymentContextInput!) {
  createVenmoPaymentContext(input: $input) {
    clientMutationId
    venmoPaymentContext {
      id
      merchantId
      createdAt
      expiresAt
    }
  }
}`;

/** braintree-web's status query. */
export const CONTEXT_STATUS = `query PaymentContext($id: ID!) {
  node(id: $id) {
    ... on VenmoPaymentContext {
      status
      paymentMethodId
      userName
      payerInfo {
        firstName
        lastName
        phoneNumber
        email
        externalId
        userName
      }
    }
  }
}`;

/** braintree-web's cancel. */
export const UPDATE_STATUS = `mutation UpdateVenmoPaymentContextStatus($input: UpdateVenmoPaymentContextStatusInput!) {
  updateVenmoPaymentContextStatus(input: $input) {
    clientMutationId
  }
}`;

/** The mobile web input braintree-web sends with `paymentMethodUsage`. */
export const MOBILE_INPUT = {
  paymentMethodUsage: 'SINGLE_USE',
  intent: 'CONTINUE',
  customerClient: 'MOBILE_WEB',
  isFinalAmount: false,
  paysheetDetails: { collectCustomerBillingAddress: false, collectCustomerShippingAddress: false },
};

/** A GraphQL call with a bearer (demo_merchant's built-in key unless given), as braintree-web sends it. */
export function graphQL(
  sandbox: TestSandbox,
  query: string,
  variables: unknown,
  options: { bearer?: string; partition?: string } = {},
): Promise<TestResponse> {
  return sandbox.request('/graphql', {
    headers: {
      authorization: `Bearer ${options.bearer ?? 'sandbox_k9x2m4p7_demo_merchant'}`,
      'braintree-version': '2018-05-10',
      ...(options.partition ? { [PARTITION_HEADER]: options.partition } : {}),
    },
    body: {
      clientSdkMetadata: {
        platform: 'web',
        source: 'client',
        integration: 'custom',
        sessionId: 's',
        version: '3.123.2',
      },
      query,
      variables,
    },
  });
}

/** A new payment context's answer (`venmoPaymentContext`), failing loudly when the API refused it. */
export async function createContext(
  sandbox: TestSandbox,
  input: Record<string, unknown> = MOBILE_INPUT,
  options: { bearer?: string } = {},
): Promise<Record<string, unknown>> {
  const response = await graphQL(sandbox, CREATE_CONTEXT, { input }, options);
  const data = record(record(response.body).data);
  return record(record(data.createVenmoPaymentContext).venmoPaymentContext);
}

/** A payment context's node as the status query answers it. */
export async function contextStatus(
  sandbox: TestSandbox,
  id: unknown,
  options: { bearer?: string } = {},
): Promise<Record<string, unknown>> {
  const response = await graphQL(sandbox, CONTEXT_STATUS, { id }, options);
  return record(record(record(response.body).data).node);
}

/**
 * The query braintree-web opens Venmo's pages with, in its order: `resource_id` when given, the return URLs
 * unless `returnTo` is `null`, then the merchant's Venmo parameters; `replace` changes or (with `null`) drops any.
 */
export function venmoQuery(
  options: {
    resourceId?: string;
    returnTo?: string | null;
    replace?: Record<string, string | null>;
  } = {},
): string {
  const { resourceId, returnTo = 'https://shop.example/checkout', replace = {} } = options;
  const entries: [string, string][] = [];
  if (resourceId !== undefined) entries.push(['resource_id', resourceId]);
  if (returnTo !== null) {
    entries.push(
      ['x-success', `${returnTo}#venmoSuccess=1`],
      ['x-cancel', `${returnTo}#venmoCancel=1`],
      ['x-error', `${returnTo}#venmoError=1`],
    );
  }
  entries.push(
    ['allowAndroidRecreation', '1'],
    ['ua', 'Mozilla/5.0 (iPhone)'],
    ['braintree_merchant_id', VENMO_TEST_VALUES.settings.merchantId],
    ['braintree_access_token', VENMO_TEST_VALUES.settings.accessToken],
    ['braintree_environment', 'sandbox'],
    [
      'braintree_sdk_data',
      Buffer.from(
        JSON.stringify({
          _meta: { version: '3.123.2', integration: 'custom', platform: 'web', sessionId: 's' },
        }),
      ).toString('base64'),
    ],
  );
  const params = new URLSearchParams(entries);
  for (const [name, value] of Object.entries(replace)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

/** braintree-web's older QR code spellings, which it sends without a `paymentMethodUsage`. */
export const LEGACY = {
  create: `mutation CreateVenmoQRCodePaymentContext($input: CreateVenmoQRCodePaymentContextInput!) {
  createVenmoQRCodePaymentContext(input: $input) {
    clientMutationId
    venmoQRCodePaymentContext {
      id
      merchantId
      createdAt
      expiresAt
    }
  }
}`,
  status: `query PaymentContext($id: ID!) {
  node(id: $id) {
    ... on VenmoQRCodePaymentContext {
      status
      paymentMethodId
      userName
    }
  }
}`,
  update: `mutation UpdateVenmoQRCodePaymentContext($input: UpdateVenmoQRCodePaymentContextInput!) {
  updateVenmoQRCodePaymentContext(input: $input) {
    clientMutationId
  }
}`,
} as const;
