// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidInput, VENMO_GRAPHQL_MESSAGES } from './venmo-graphql';
import { like, record, useSandbox, type TestResponse } from './test-server';
import {
  CONTEXT_STATUS,
  contextStatus,
  CREATE_CONTEXT,
  createContext,
  graphQL,
  LEGACY,
  MOBILE_INPUT,
  UPDATE_STATUS,
} from './venmo-test-support';

const sandbox = useSandbox();

afterEach(() => {
  vi.useRealTimers();
});

function expectError(
  response: TestResponse,
  errorClass: string,
  message: string,
  field: string | null,
  status = 200,
): void {
  expect(response.status).toBe(status);
  const body = record(response.body);
  const [error] = body.errors as unknown[];
  expect(error).toMatchObject({ message, extensions: { errorClass, errorType: 'user_error' } });
  if (field === null) {
    expect(body).not.toHaveProperty('data');
    expect(record(error)).not.toHaveProperty('path');
  } else {
    expect(body.data).toEqual({ [field]: null });
    expect(record(error).path).toEqual([field]);
  }
}

describe('CreateVenmoPaymentContext', () => {
  it('makes a context of the merchant’s Venmo id that lives five minutes, answering what is selected', async () => {
    const before = Date.now();
    const response = await graphQL(sandbox, CREATE_CONTEXT, {
      input: { ...MOBILE_INPUT, clientMutationId: 'm-1' },
    });
    expect(response.status).toBe(200);
    const body = record(response.body);
    expect(body).toEqual({
      data: {
        createVenmoPaymentContext: {
          clientMutationId: 'm-1',
          venmoPaymentContext: {
            id: like.stringMatching(/^[\w-]+$/),
            merchantId: 'venmo-merchant-id',
            createdAt: like.any(String),
            expiresAt: like.any(String),
          },
        },
      },
      extensions: { requestId: like.any(String) },
    });
    const context = record(record(record(body.data).createVenmoPaymentContext).venmoPaymentContext);
    const createdAt = Date.parse(String(context.createdAt));
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(String(context.createdAt)).toBe(new Date(createdAt).toISOString());
    expect(Date.parse(String(context.expiresAt)) - createdAt).toBe(5 * 60_000);
    expect(await contextStatus(sandbox, context.id)).toEqual({
      status: 'CREATED',
      paymentMethodId: null,
      userName: null,
      payerInfo: null,
    });
  });

  it('takes every input braintree-web sends: the QR code’s, the web login’s, amounts and line items', async () => {
    const desktop = await createContext(sandbox, {
      paymentMethodUsage: 'MULTI_USE',
      intent: 'PAY_FROM_APP',
      customerClient: 'DESKTOP',
      venmoRiskCorrelationId: 'risk-1',
      merchantProfileId: 'profile-7',
      displayName: 'Shop',
    });
    expect(desktop.merchantId).toBe('profile-7');
    const webLogin = await createContext(sandbox, {
      ...MOBILE_INPUT,
      customerClient: 'NATIVE_WEB',
      isFinalAmount: true,
      displayName: 'Shop',
      paysheetDetails: {
        collectCustomerBillingAddress: false,
        collectCustomerShippingAddress: false,
        transactionDetails: {
          subTotalAmount: '9.00',
          taxAmount: '1.00',
          totalAmount: '10.00',
          lineItems: [{ name: 'Tea', quantity: 2, unitAmount: '4.50', type: 'DEBIT', unitTaxAmount: '0' }],
        },
      },
    });
    expect(webLogin.merchantId).toBe('venmo-merchant-id');
  });

  it.each([
    ['no input', undefined, `Expected a non-null value of type 'CreateVenmoPaymentContextInput!'.`],
    ['a field the type lacks', { ...MOBILE_INPUT, amount: '1' }, "Field 'amount' is not defined"],
    ['no usage', { ...MOBILE_INPUT, paymentMethodUsage: undefined }, "Field 'paymentMethodUsage'"],
    ['another usage', { ...MOBILE_INPUT, paymentMethodUsage: 'ONCE' }, "Field 'paymentMethodUsage'"],
    ['no intent', { ...MOBILE_INPUT, intent: undefined }, "Field 'intent'"],
    ['another client', { ...MOBILE_INPUT, customerClient: 'APP' }, "Field 'customerClient'"],
    ['a desktop that continues', { ...MOBILE_INPUT, customerClient: 'DESKTOP' }, "Field 'intent' must be"],
    ['a phone that pays from the app', { ...MOBILE_INPUT, intent: 'PAY_FROM_APP' }, "Field 'intent' must be"],
    ['a final amount that is no boolean', { ...MOBILE_INPUT, isFinalAmount: 'yes' }, "Field 'isFinalAmount'"],
    ['an empty display name', { ...MOBILE_INPUT, displayName: ' ' }, "Field 'displayName'"],
    ['a paysheet that is no object', { ...MOBILE_INPUT, paysheetDetails: [] }, "Field 'paysheetDetails'"],
    [
      'an amount that is no amount',
      { ...MOBILE_INPUT, paysheetDetails: { transactionDetails: { totalAmount: '10.001' } } },
      "Field 'paysheetDetails.transactionDetails.totalAmount'",
    ],
    [
      'a line item without a type',
      {
        ...MOBILE_INPUT,
        paysheetDetails: {
          transactionDetails: { lineItems: [{ name: 'Tea', quantity: 1, unitAmount: '1.00' }] },
        },
      },
      "Field 'paysheetDetails.transactionDetails.lineItems[0].type'",
    ],
    [
      'a line item of no quantity',
      {
        ...MOBILE_INPUT,
        paysheetDetails: {
          transactionDetails: {
            lineItems: [{ name: 'Tea', quantity: 0, unitAmount: '1.00', type: 'DEBIT' }],
          },
        },
      },
      "Field 'paysheetDetails.transactionDetails.lineItems[0].quantity'",
    ],
  ])('is a VALIDATION error of the request for %s, and makes nothing', async (_name, input, problem) => {
    const response = await graphQL(sandbox, CREATE_CONTEXT, { input });
    const [error] = record(response.body).errors as unknown[];
    expectError(response, 'VALIDATION', String(record(error).message), null);
    expect(String(record(error).message).startsWith(invalidInput(problem))).toBe(true);
  });

  it('refuses to collect addresses without enriched customer data, as an error of the field', async () => {
    const response = await graphQL(sandbox, CREATE_CONTEXT, {
      input: { ...MOBILE_INPUT, paysheetDetails: { collectCustomerShippingAddress: true } },
    });
    expectError(response, 'VALIDATION', VENMO_GRAPHQL_MESSAGES.addresses, 'createVenmoPaymentContext');
  });

  it('is an AUTHORIZATION error for a merchant without Venmo', async () => {
    const response = await graphQL(
      sandbox,
      CREATE_CONTEXT,
      { input: MOBILE_INPUT },
      {
        bearer: 'sandbox_c4rd0n1y_card_only_merchant',
      },
    );
    expectError(
      response,
      'AUTHORIZATION',
      VENMO_GRAPHQL_MESSAGES.notEnabled,
      'createVenmoPaymentContext',
      403,
    );
  });

  it('authorizes a client token as a tokenization key', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant' });
    const context = await createContext(sandbox, MOBILE_INPUT, { bearer: token.authorizationFingerprint });
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
  });
});

describe('the PaymentContext query', () => {
  it('is a NOT_FOUND error of the field for an unknown id, or another merchant’s context', async () => {
    expectError(
      await graphQL(sandbox, CONTEXT_STATUS, { id: 'nope' }),
      'NOT_FOUND',
      VENMO_GRAPHQL_MESSAGES.notFound,
      'node',
    );
    const context = await createContext(sandbox);
    const other = await graphQL(
      sandbox,
      CONTEXT_STATUS,
      { id: context.id },
      {
        bearer: 'sandbox_b4nkfr4m_three_d_secure_v1_merchant',
      },
    );
    expectError(other, 'NOT_FOUND', VENMO_GRAPHQL_MESSAGES.notFound, 'node');
  });

  it('is a VALIDATION error without an id', async () => {
    const response = await graphQL(sandbox, CONTEXT_STATUS, {});
    expectError(
      response,
      'VALIDATION',
      "Variable 'id' has an invalid value: Expected a non-null value of type 'ID!'.",
      null,
    );
  });

  it('reads EXPIRED once expiresAt is past', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const context = await createContext(sandbox);
    vi.setSystemTime(Date.parse(String(context.expiresAt)) - 1);
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
    vi.setSystemTime(Date.parse(String(context.expiresAt)) + 1);
    expect((await contextStatus(sandbox, context.id)).status).toBe('EXPIRED');
  });

  it('answers the fields an alias or __typename asks for, and nothing of another type’s fragment', async () => {
    const context = await createContext(sandbox);
    const response = await graphQL(
      sandbox,
      'query ($id: ID!) { context: node(id: $id) { __typename ... on CreditCard { last4 } ... on VenmoPaymentContext { state: status expiresAt } } }',
      { id: context.id },
    );
    expect(record(response.body).data).toEqual({
      context: { __typename: 'VenmoPaymentContext', state: 'CREATED', expiresAt: context.expiresAt },
    });
  });
});

describe('UpdateVenmoPaymentContextStatus', () => {
  it('cancels a waiting context, again without harm, and refuses to cancel an answered one', async () => {
    const context = await createContext(sandbox);
    const cancel = () => graphQL(sandbox, UPDATE_STATUS, { input: { id: context.id, status: 'CANCELED' } });
    const response = await cancel();
    expect(response.status).toBe(200);
    expect(record(response.body).data).toEqual({
      updateVenmoPaymentContextStatus: { clientMutationId: null },
    });
    expect((await contextStatus(sandbox, context.id)).status).toBe('CANCELED');
    expect((await cancel()).status).toBe(200);
    const expire = await graphQL(sandbox, UPDATE_STATUS, { input: { id: context.id, status: 'EXPIRED' } });
    expectError(
      expire,
      'VALIDATION',
      VENMO_GRAPHQL_MESSAGES.answered('CANCELED'),
      'updateVenmoPaymentContextStatus',
    );
  });

  it('lets the client give up on a context: EXPIRED', async () => {
    const context = await createContext(sandbox);
    await graphQL(sandbox, UPDATE_STATUS, { input: { id: context.id, status: 'EXPIRED' } });
    expect((await contextStatus(sandbox, context.id)).status).toBe('EXPIRED');
  });

  it.each([
    ['no input', undefined],
    ['no id', { status: 'CANCELED' }],
    ['a status only Venmo sets', { status: 'APPROVED' }],
    ['an unknown status', { status: 'DONE' }],
    ['a field the type lacks', { status: 'CANCELED', reason: 'x' }],
  ])('is a VALIDATION error for %s, and changes nothing', async (_name, input) => {
    const context = await createContext(sandbox);
    const withId = input && 'status' in input && _name !== 'no id' ? { id: context.id, ...input } : input;
    const response = await graphQL(sandbox, UPDATE_STATUS, { input: withId });
    expect(response.status).toBe(200);
    expect(record((record(response.body).errors as unknown[])[0]).extensions).toMatchObject({
      errorClass: 'VALIDATION',
    });
    expect((await contextStatus(sandbox, context.id)).status).toBe('CREATED');
  });

  it('is a NOT_FOUND error for an unknown context', async () => {
    const response = await graphQL(sandbox, UPDATE_STATUS, { input: { id: 'nope', status: 'CANCELED' } });
    expectError(response, 'NOT_FOUND', VENMO_GRAPHQL_MESSAGES.notFound, 'updateVenmoPaymentContextStatus');
  });
});

describe('the older QR code operations', () => {
  it('make, read and cancel a VenmoQRCodePaymentContext, which the newer fragment does not read', async () => {
    const created = await graphQL(sandbox, LEGACY.create, {
      input: { environment: 'SANDBOX', intent: 'PAY_FROM_APP' },
    });
    const context = record(
      record(record(record(created.body).data).createVenmoQRCodePaymentContext).venmoQRCodePaymentContext,
    );
    expect(context).toEqual({
      id: like.any(String),
      merchantId: 'venmo-merchant-id',
      createdAt: like.any(String),
      expiresAt: like.any(String),
    });
    const status = async () =>
      record(record((await graphQL(sandbox, LEGACY.status, { id: context.id })).body).data);
    expect(await status()).toEqual({ node: { status: 'CREATED', paymentMethodId: null, userName: null } });
    expect(await contextStatus(sandbox, context.id)).toEqual({});
    const cancel = await graphQL(sandbox, LEGACY.update, { input: { id: context.id, status: 'CANCELED' } });
    expect(record(cancel.body).data).toEqual({ updateVenmoQRCodePaymentContext: { clientMutationId: null } });
    expect(record((await status()).node).status).toBe('CANCELED');
  });

  it.each([
    ['another environment', { environment: 'PRODUCTION', intent: 'PAY_FROM_APP' }],
    ['no intent', { environment: 'SANDBOX' }],
    [
      'a field the type lacks',
      { environment: 'SANDBOX', intent: 'CONTINUE', paymentMethodUsage: 'SINGLE_USE' },
    ],
  ])('refuse %s as a VALIDATION error of the request', async (_name, input) => {
    const response = await graphQL(sandbox, LEGACY.create, { input });
    const [error] = record(response.body).errors as unknown[];
    expectError(response, 'VALIDATION', String(record(error).message), null);
  });

  it('take the faults of their newer spellings', async () => {
    await sandbox.request('/sandbox/faults', { body: { call: 'createVenmoPaymentContext', kind: '500' } });
    const input = { environment: 'SANDBOX', intent: 'CONTINUE' };
    expect((await graphQL(sandbox, LEGACY.create, { input })).status).toBe(500);
    expect((await graphQL(sandbox, LEGACY.create, { input })).status).toBe(200);
  });
});

describe('Venmo payment contexts in the sandbox', () => {
  it('belong to the request’s partition, and a reset forgets them', async () => {
    const made = record((await sandbox.request('/sandbox/partitions', { method: 'POST' })).body);
    const key = String(record(made.tokenizationKeys).demo_merchant);
    const context = await createContext(sandbox, MOBILE_INPUT, { bearer: key });
    expect((await contextStatus(sandbox, context.id, { bearer: key })).status).toBe('CREATED');
    expectError(
      await graphQL(sandbox, CONTEXT_STATUS, { id: context.id }),
      'NOT_FOUND',
      VENMO_GRAPHQL_MESSAGES.notFound,
      'node',
    );
    const mine = await createContext(sandbox);
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expectError(
      await graphQL(sandbox, CONTEXT_STATUS, { id: mine.id }),
      'NOT_FOUND',
      VENMO_GRAPHQL_MESSAGES.notFound,
      'node',
    );
    expect((await contextStatus(sandbox, context.id, { bearer: key })).status).toBe('CREATED');
    await sandbox.request(`/sandbox/partitions/${String(made.partition)}`, { method: 'DELETE' });
  });

  it.each([
    ['createVenmoPaymentContext', 'create'],
    ['venmoPaymentContext', 'status'],
    ['updateVenmoPaymentContextStatus', 'cancel'],
  ] as const)('fails %s, and no other operation, by its fault; the log records it', async (call, target) => {
    const operations = {
      create: async () => graphQL(sandbox, CREATE_CONTEXT, { input: MOBILE_INPUT }),
      status: async () => graphQL(sandbox, CONTEXT_STATUS, { id: (await createContext(sandbox)).id }),
      cancel: async () =>
        graphQL(sandbox, UPDATE_STATUS, {
          input: { id: (await createContext(sandbox)).id, status: 'CANCELED' },
        }),
    };
    await sandbox.request('/sandbox/faults', { body: { call, kind: '500' } });
    for (const [name, run] of Object.entries(operations)) {
      if (name !== target && !(target === 'create' && name !== 'create'))
        expect((await run()).status).toBe(200);
    }
    const faulted = await operations[target]();
    expect(faulted.status).toBe(500);
    const log = (await sandbox.request('/sandbox/requests', { query: { match: '/graphql' } }))
      .body as unknown[];
    expect(record(log.at(-1))).toMatchObject({ method: 'POST', path: '/graphql', fault: '500', status: 500 });
    // The fault is spent: the operation answers again.
    expect((await operations[target]()).status).toBe(200);
  });
});
