/**
 * The Venmo operations of the sandbox's GraphQL API (docs/sandbox.md, "Venmo in the sandbox"):
 * `CreateVenmoPaymentContext`, the `PaymentContext` status query (`node(id)` … `on VenmoPaymentContext`)
 * and `UpdateVenmoPaymentContextStatus`, with the inputs and answers of the provider's API; and their
 * older QR code spellings (`CreateVenmoQRCodePaymentContext`, `… on VenmoQRCodePaymentContext`,
 * `UpdateVenmoQRCodePaymentContext`), which the provider's SDK still sends without a `paymentMethodUsage`. An input the
 * API would not take is a `VALIDATION` error of the request, an unknown context a `NOT_FOUND` error of
 * the field. Contexts belong to the merchant whose credential made them, in the request's partition.
 * @packageDocumentation
 */
import { isRecord, jsonReply, type Reply } from './http';
import type { Merchant } from './merchants';
import type { SandboxState } from './state';
import { VENMO_TEST_VALUES } from './test-values';
import { argumentValue, project, type GraphQLOperation } from './graphql-document';
import type { NewVenmoContext, VenmoContext, VenmoLineItem } from './venmo-contexts';

/** What a Venmo operation's handler gets. */
export interface VenmoOperationContext {
  state: SandboxState;
  merchant: Merchant;
  operation: GraphQLOperation;
  variables: unknown;
  /** The older QR code spelling of the operation. */
  legacy: boolean;
}

/** An error the GraphQL route answers: its class, message, and whether it is the field's (with its path). */
export interface VenmoOperationError {
  errorClass: 'VALIDATION' | 'NOT_FOUND' | 'AUTHORIZATION';
  message: string;
  /** True for an error of the field (the answer's `data` names it `null`, the error has its `path`). */
  field: boolean;
}

/** Messages of the Venmo operations' errors. */
export const VENMO_GRAPHQL_MESSAGES = {
  notEnabled: 'Venmo is not enabled for this merchant.',
  notFound: 'Cannot find a Venmo payment context for this id.',
  addresses:
    'This merchant cannot collect customer addresses from Venmo: enriched customer data is not enabled.',
  answered: (status: string) => `The Venmo payment context is already ${status}.`,
} as const;

/** The input types' names, as the API's messages spell them. */
const CREATE_INPUT = 'CreateVenmoPaymentContextInput';
const UPDATE_INPUT = 'UpdateVenmoPaymentContextStatusInput';
const LEGACY_CREATE_INPUT = 'CreateVenmoQRCodePaymentContextInput';
const LEGACY_UPDATE_INPUT = 'UpdateVenmoQRCodePaymentContextInput';

/** The message of an input the API refuses: GraphQL's wording for a variable of an invalid value. */
export function invalidInput(problem: string): string {
  return `Variable 'input' has an invalid value: ${problem}`;
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const AMOUNT_FIELDS = ['subTotalAmount', 'discountAmount', 'taxAmount', 'shippingAmount', 'totalAmount'];

type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const fail = (problem: string): { ok: false; problem: string } => ({ ok: false, problem });

/** The fields of an input object not defined by its type, as GraphQL refuses them. */
function unknownField(value: Record<string, unknown>, known: readonly string[], type: string): string | null {
  const extra = Object.keys(value).find((key) => !known.includes(key));
  return extra === undefined ? null : `Field '${extra}' is not defined by type '${type}'.`;
}

/** `null` and a missing field are the same to GraphQL's nullable inputs. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function readEnum<T extends string>(value: unknown, allowed: readonly T[], path: string): Read<T> {
  const found = allowed.find((candidate) => candidate === value);
  return found === undefined
    ? fail(`Field '${path}' must be one of ${allowed.join(', ')}.`)
    : { ok: true, value: found };
}

function readOptional<T>(
  value: unknown,
  check: (value: unknown) => value is T,
  path: string,
  expected: string,
): Read<T | undefined> {
  if (!given(value)) return { ok: true, value: undefined };
  return check(value) ? { ok: true, value } : fail(`Field '${path}' must be ${expected}.`);
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isAmount = (value: unknown): value is string => typeof value === 'string' && AMOUNT.test(value);

const LINE_ITEM_FIELDS = [
  'name',
  'quantity',
  'unitAmount',
  'type',
  'description',
  'productCode',
  'unitTaxAmount',
  'url',
];

function readLineItem(value: unknown, path: string): Read<VenmoLineItem> {
  if (!isRecord(value)) return fail(`Field '${path}' must be an object.`);
  const extra = unknownField(value, LINE_ITEM_FIELDS, 'VenmoLineItem');
  if (extra) return fail(extra);
  const { name, quantity, unitAmount, type } = value;
  if (!isText(name)) return fail(`Field '${path}.name' must be a non-empty string.`);
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
    return fail(`Field '${path}.quantity' must be a positive integer.`);
  }
  if (!isAmount(unitAmount)) return fail(`Field '${path}.unitAmount' must be an amount such as "10.00".`);
  const itemType = readEnum(type, ['DEBIT', 'CREDIT'] as const, `${path}.type`);
  if (!itemType.ok) return itemType;
  const item: VenmoLineItem = { name, quantity, unitAmount, type: itemType.value };
  for (const key of ['description', 'productCode', 'url'] as const) {
    const text = readOptional(value[key], isText, `${path}.${key}`, 'a non-empty string');
    if (!text.ok) return text;
    if (text.value !== undefined) item[key] = text.value;
  }
  const tax = readOptional(
    value.unitTaxAmount,
    isAmount,
    `${path}.unitTaxAmount`,
    'an amount such as "1.00"',
  );
  if (!tax.ok) return tax;
  if (tax.value !== undefined) item.unitTaxAmount = tax.value;
  return { ok: true, value: item };
}

function readTransactionDetails(value: unknown): Read<NewVenmoContext['transactionDetails']> {
  const path = 'paysheetDetails.transactionDetails';
  if (!given(value)) return { ok: true, value: null };
  if (!isRecord(value)) return fail(`Field '${path}' must be an object.`);
  const extra = unknownField(value, [...AMOUNT_FIELDS, 'lineItems'], 'VenmoTransactionDetails');
  if (extra) return fail(extra);
  const details: NonNullable<NewVenmoContext['transactionDetails']> = {};
  for (const key of AMOUNT_FIELDS) {
    const amount = readOptional(value[key], isAmount, `${path}.${key}`, 'an amount such as "10.00"');
    if (!amount.ok) return amount;
    if (amount.value !== undefined) (details as Record<string, string>)[key] = amount.value;
  }
  if (given(value.lineItems)) {
    if (!Array.isArray(value.lineItems)) return fail(`Field '${path}.lineItems' must be a list.`);
    const items: VenmoLineItem[] = [];
    for (const [index, raw] of (value.lineItems as unknown[]).entries()) {
      const item = readLineItem(raw, `${path}.lineItems[${index}]`);
      if (!item.ok) return item;
      items.push(item.value);
    }
    details.lineItems = items;
  }
  return { ok: true, value: details };
}

const CREATE_FIELDS = [
  'paymentMethodUsage',
  'intent',
  'customerClient',
  'isFinalAmount',
  'displayName',
  'merchantProfileId',
  'venmoRiskCorrelationId',
  'paysheetDetails',
  'clientMutationId',
];

/** Reads `CreateVenmoPaymentContextInput` (docs/sandbox.md, "Venmo in the sandbox"); a string says why the API refuses it. */
export function readCreateInput(
  input: unknown,
  merchant: Merchant & { payWithVenmo: NonNullable<Merchant['payWithVenmo']> },
): Read<NewVenmoContext & { clientMutationId: string | null }> {
  if (!isRecord(input)) return fail(`Expected a non-null value of type '${CREATE_INPUT}!'.`);
  const extra = unknownField(input, CREATE_FIELDS, CREATE_INPUT);
  if (extra) return fail(extra);
  const usage = readEnum(
    input.paymentMethodUsage,
    ['SINGLE_USE', 'MULTI_USE'] as const,
    'paymentMethodUsage',
  );
  if (!usage.ok) return usage;
  const intent = readEnum(input.intent, ['CONTINUE', 'PAY_FROM_APP'] as const, 'intent');
  if (!intent.ok) return intent;
  const client = readEnum(
    input.customerClient,
    ['MOBILE_WEB', 'NATIVE_WEB', 'DESKTOP'] as const,
    'customerClient',
  );
  if (!client.ok) return client;
  // The QR code is the one flow that pays from the app: a desktop context with intent PAY_FROM_APP.
  if ((client.value === 'DESKTOP') !== (intent.value === 'PAY_FROM_APP')) {
    return fail("Field 'intent' must be PAY_FROM_APP for a DESKTOP customerClient, and CONTINUE otherwise.");
  }
  const isFinalAmount = readOptional(input.isFinalAmount, isBoolean, 'isFinalAmount', 'a boolean');
  if (!isFinalAmount.ok) return isFinalAmount;
  const texts: Record<string, string | undefined> = {};
  for (const key of ['displayName', 'merchantProfileId', 'venmoRiskCorrelationId', 'clientMutationId']) {
    const text = readOptional(input[key], isText, key, 'a non-empty string');
    if (!text.ok) return text;
    texts[key] = text.value;
  }
  const paysheet = input.paysheetDetails;
  if (given(paysheet) && !isRecord(paysheet)) return fail("Field 'paysheetDetails' must be an object.");
  const sheet = isRecord(paysheet) ? paysheet : {};
  const sheetExtra = unknownField(
    sheet,
    ['collectCustomerBillingAddress', 'collectCustomerShippingAddress', 'transactionDetails'],
    'VenmoPaysheetDetails',
  );
  if (sheetExtra) return fail(sheetExtra);
  const collect: Record<string, boolean> = {};
  for (const key of ['collectCustomerBillingAddress', 'collectCustomerShippingAddress']) {
    const flag = readOptional(sheet[key], isBoolean, `paysheetDetails.${key}`, 'a boolean');
    if (!flag.ok) return flag;
    collect[key] = flag.value ?? false;
  }
  const transactionDetails = readTransactionDetails(sheet.transactionDetails);
  if (!transactionDetails.ok) return transactionDetails;
  return {
    ok: true,
    value: {
      merchantId: merchant.merchantId,
      venmoMerchantId: texts.merchantProfileId ?? merchant.payWithVenmo.merchantId,
      legacy: false,
      paymentMethodUsage: usage.value,
      intent: intent.value,
      customerClient: client.value,
      isFinalAmount: isFinalAmount.value ?? false,
      displayName: texts.displayName ?? null,
      collectCustomerBillingAddress: collect.collectCustomerBillingAddress ?? false,
      collectCustomerShippingAddress: collect.collectCustomerShippingAddress ?? false,
      transactionDetails: transactionDetails.value,
      clientMutationId: texts.clientMutationId ?? null,
    },
  };
}

/**
 * Reads `CreateVenmoQRCodePaymentContextInput`, `{environment, intent}`: the environment the merchant's
 * Venmo is in, upper case; a string says why the API refuses it.
 */
export function readLegacyCreateInput(
  input: unknown,
  merchant: Merchant & { payWithVenmo: NonNullable<Merchant['payWithVenmo']> },
): Read<NewVenmoContext & { clientMutationId: string | null }> {
  if (!isRecord(input)) return fail(`Expected a non-null value of type '${LEGACY_CREATE_INPUT}!'.`);
  const extra = unknownField(input, ['environment', 'intent', 'clientMutationId'], LEGACY_CREATE_INPUT);
  if (extra) return fail(extra);
  const environment = merchant.payWithVenmo.environment.toUpperCase();
  if (input.environment !== environment) return fail(`Field 'environment' must be ${environment}.`);
  const intent = readEnum(input.intent, ['CONTINUE', 'PAY_FROM_APP'] as const, 'intent');
  if (!intent.ok) return intent;
  const clientMutationId = readOptional(
    input.clientMutationId,
    isText,
    'clientMutationId',
    'a non-empty string',
  );
  if (!clientMutationId.ok) return clientMutationId;
  return {
    ok: true,
    value: {
      merchantId: merchant.merchantId,
      venmoMerchantId: merchant.payWithVenmo.merchantId,
      legacy: true,
      paymentMethodUsage: null,
      intent: intent.value,
      customerClient: null,
      isFinalAmount: false,
      displayName: null,
      collectCustomerBillingAddress: false,
      collectCustomerShippingAddress: false,
      transactionDetails: null,
      clientMutationId: clientMutationId.value ?? null,
    },
  };
}

/**
 * The context as the API's node answers it, before the selection cuts it: a `VenmoPaymentContext`, or
 * a `VenmoQRCodePaymentContext` made by the older operation.
 */
export function contextNode(state: SandboxState, context: VenmoContext): Record<string, unknown> {
  const status = state.venmo.status(context);
  const approved = status === 'APPROVED';
  return {
    __typename: context.legacy ? 'VenmoQRCodePaymentContext' : 'VenmoPaymentContext',
    id: context.id,
    merchantId: context.venmoMerchantId,
    createdAt: context.createdAt,
    expiresAt: context.expiresAt,
    status,
    paymentMethodUsage: context.paymentMethodUsage,
    intent: context.intent,
    customerClient: context.customerClient,
    isFinalAmount: context.isFinalAmount,
    displayName: context.displayName,
    paymentMethodId: approved ? context.paymentMethodId : null,
    userName: approved ? context.userName : null,
    payerInfo: approved
      ? {
          ...VENMO_TEST_VALUES.payer,
          userName: context.userName,
          // The merchant has no enriched customer data, so Venmo hands over no address.
          billingAddress: null,
          shippingAddress: null,
        }
      : null,
  };
}

/** A successful answer: the root field's value cut to its selection. */
function answer(operation: GraphQLOperation, value: Record<string, unknown>): Reply {
  const { key, field } = operation.root;
  return jsonReply(200, { data: { [key]: project(value, field.selection) } });
}

/** The field under which a create or update answers the context, in the operation's spelling. */
function contextField(legacy: boolean): string {
  return legacy ? 'venmoQRCodePaymentContext' : 'venmoPaymentContext';
}

type Outcome = Reply | VenmoOperationError;

const validation = (problem: string): VenmoOperationError => ({
  errorClass: 'VALIDATION',
  message: invalidInput(problem),
  field: false,
});

const notFound: VenmoOperationError = {
  errorClass: 'NOT_FOUND',
  message: VENMO_GRAPHQL_MESSAGES.notFound,
  field: true,
};

/** The merchant's context of an id in the request's partition; another merchant's is not found. */
function ownContext(context: VenmoOperationContext, id: unknown): VenmoContext | undefined {
  const found = context.state.venmo.get(id);
  return found?.merchantId === context.merchant.merchantId ? found : undefined;
}

/** `createVenmoPaymentContext(input)`, or `createVenmoQRCodePaymentContext(input)`. */
export function createVenmoPaymentContext(context: VenmoOperationContext): Outcome {
  const { merchant, operation, state, variables, legacy } = context;
  const venmo = merchant.payWithVenmo;
  if (!venmo) return { errorClass: 'AUTHORIZATION', message: VENMO_GRAPHQL_MESSAGES.notEnabled, field: true };
  const read = legacy ? readLegacyCreateInput : readCreateInput;
  const input = read(argumentValue(operation.root.field, 'input', variables), {
    ...merchant,
    payWithVenmo: venmo,
  });
  if (!input.ok) return validation(input.problem);
  const { clientMutationId, ...wanted } = input.value;
  if (
    (wanted.collectCustomerBillingAddress || wanted.collectCustomerShippingAddress) &&
    !venmo.enrichedCustomerDataEnabled
  ) {
    return { errorClass: 'VALIDATION', message: VENMO_GRAPHQL_MESSAGES.addresses, field: true };
  }
  const created = state.venmo.create(wanted);
  return answer(operation, {
    clientMutationId,
    [contextField(legacy)]: contextNode(state, created),
  });
}

/** `node(id)`: a payment context's status. */
export function venmoPaymentContext(context: VenmoOperationContext): Outcome {
  const { operation, state, variables } = context;
  const id = argumentValue(operation.root.field, 'id', variables);
  if (typeof id !== 'string' || id === '') {
    return {
      errorClass: 'VALIDATION',
      message: "Variable 'id' has an invalid value: Expected a non-null value of type 'ID!'.",
      field: false,
    };
  }
  const found = ownContext(context, id);
  if (!found) return notFound;
  return answer(operation, contextNode(state, found));
}

/** Statuses a merchant's client may set: it cancels, or gives up on a context it stopped waiting for. */
const SETTABLE = ['CANCELED', 'EXPIRED'] as const;

/** `updateVenmoPaymentContextStatus(input: {id, status})`, or `updateVenmoQRCodePaymentContext(input)`. */
export function updateVenmoPaymentContextStatus(context: VenmoOperationContext): Outcome {
  const { operation, state, variables, legacy } = context;
  const type = legacy ? LEGACY_UPDATE_INPUT : UPDATE_INPUT;
  const input = argumentValue(operation.root.field, 'input', variables);
  if (!isRecord(input)) return validation(`Expected a non-null value of type '${type}!'.`);
  const extra = unknownField(input, ['id', 'status', 'clientMutationId'], type);
  if (extra) return validation(extra);
  if (typeof input.id !== 'string' || input.id === '') {
    return validation("Field 'id' must be a non-empty ID.");
  }
  const status = readEnum(input.status, SETTABLE, 'status');
  if (!status.ok) return validation(status.problem);
  const clientMutationId = readOptional(
    input.clientMutationId,
    isText,
    'clientMutationId',
    'a non-empty string',
  );
  if (!clientMutationId.ok) return validation(clientMutationId.problem);
  const found = ownContext(context, input.id);
  if (!found) return notFound;
  const now = state.venmo.status(found);
  if (now !== status.value) {
    if (!state.venmo.isWaiting(found)) {
      return { errorClass: 'VALIDATION', message: VENMO_GRAPHQL_MESSAGES.answered(now), field: true };
    }
    state.venmo.end(found, status.value);
  }
  return answer(operation, {
    clientMutationId: clientMutationId.value ?? null,
    [contextField(legacy)]: contextNode(state, found),
  });
}
