/**
 * `POST …/v1/paypal_hermes/create_payment_resource` (checkout) and `POST
 * …/v1/paypal_hermes/setup_billing_agreement` (vault): PayPal's create-payment step (docs/protocol.md,
 * "Creating the payment"). They check the body as the panel must send it, remember the flow with its
 * `returnUrl` and `cancelUrl`, and answer its token with the URL of the sandbox's approval page, spelled as
 * PayPal's: `?token=EC-…` for a checkout, `?ba_token=BA-…` for an agreement.
 * @packageDocumentation
 */
import { PAYPAL_ADDRESS_KEYS, type PayPalAddress } from '../src/shared/paypal-messages';
import { errorReply, isRecord, jsonReply, validationReply, type FieldError, type Reply } from './http';
import type { Merchant } from './merchants';
import { approvalPageUrl, readReturnTarget } from './stand-ins/paypal-approval';
import type { NewPayPalFlow, PayPalFlowKind } from './paypal-flows';
import { clientApiRoute, type ClientApiContext } from './route';

/** Field group of the validation errors. */
export const HERMES_FIELD_GROUP = 'paypal';

/** Codes of the field errors; the provider's own codes for these are not known. */
export const HERMES_ERROR_CODES = {
  returnUrl: 'sandbox_return_url_required',
  cancelUrl: 'sandbox_cancel_url_required',
  offerPaypalCredit: 'sandbox_invalid_offer_paypal_credit',
  offerPayLater: 'sandbox_invalid_offer_pay_later',
  experienceProfile: 'sandbox_invalid_experience_profile',
  amount: 'sandbox_invalid_amount',
  currencyIsoCode: 'sandbox_invalid_currency',
  intent: 'sandbox_invalid_intent',
  shippingAddress: 'sandbox_invalid_shipping_address',
  description: 'sandbox_invalid_description',
} as const;

/** Message of the 422 a merchant without PayPal gets. */
export const PAYPAL_DISABLED_MESSAGE = 'PayPal is not enabled for this merchant.';

/**
 * Message of the 422 a `returnUrl` or `cancelUrl` that is neither an `https` URL nor a placeholder of
 * PayPal's script gets: the gateway's own answer, `{error: {message: "Invalid URL"}, fieldErrors: []}`.
 */
export const INVALID_URL_MESSAGE = 'Invalid URL';

/** Message of the 422 a merchant without a linked PayPal sandbox account gets. */
export const PAYPAL_NOT_LINKED_MESSAGE =
  'A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox.';

const INTENTS = ['authorize', 'sale', 'order'] as const;
const LANDING_PAGE_TYPES = ['login', 'billing'] as const;
const AMOUNT = /^\d{1,10}(?:\.\d{1,2})?$/;
const CURRENCY = /^[A-Z]{3}$/;
const MAX_TEXT = 255;

/** The 422 of a merchant that cannot take PayPal, or `null` when it can. */
export function paypalUnavailableReply(merchant: Merchant): Reply | null {
  if (!merchant.paypalEnabled) return errorReply(422, PAYPAL_DISABLED_MESSAGE);
  if (merchant.paypal.clientId === null) return errorReply(422, PAYPAL_NOT_LINKED_MESSAGE);
  return null;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

function optionalText(value: unknown): boolean {
  return value === undefined || isText(value);
}

function oneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return values.some((known) => known === value);
}

/**
 * The address keys present in `source` (flattened onto a checkout body, nested in a vault body), or
 * a string naming what is wrong.
 */
function readAddress(source: Record<string, unknown>): PayPalAddress | string {
  const address: PayPalAddress = {};
  for (const key of PAYPAL_ADDRESS_KEYS) {
    const value = source[key];
    if (value === undefined) continue;
    if (!isText(value)) return `${key} must be a string of at most ${MAX_TEXT} characters.`;
    address[key] = value;
  }
  return address;
}

/** The checked body of create payment. */
export type HermesInput = Omit<NewPayPalFlow, 'merchantId' | 'brandName' | 'merchantOrigin'> & {
  brandName: string | null;
};

/**
 * The origin of the page that made a call, from its `Origin` header: an `http` or `https` origin as
 * browsers send it, else `null` (no header, an opaque `null` origin, anything malformed).
 */
export function readMerchantOrigin(header: string | undefined): string | null {
  if (header === undefined) return null;
  try {
    const url = new URL(header);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === header ? header : null;
  } catch {
    return null;
  }
}

/**
 * Read a create-payment body of `kind`: `returnUrl` and `cancelUrl` non-empty strings,
 * `offerPaypalCredit` and `offerPayLater` booleans when present, `experienceProfile` an object whose `noShipping` is
 * the string `"true"` or `"false"`, `addressOverride` a boolean, `landingPageType` `login` or
 * `billing` when present; a checkout needs `amount` (up to two decimals, above zero) and
 * `currencyIsoCode`, takes `intent` and the flattened address keys; a vault takes a
 * `shippingAddress` object and a `description`.
 */
export function readHermesBody(
  kind: PayPalFlowKind,
  body: unknown,
): { ok: true; input: HermesInput } | { ok: false; errors: FieldError[] } {
  const source = isRecord(body) ? body : {};
  const errors: FieldError[] = [];
  const fail = (field: keyof typeof HERMES_ERROR_CODES, message: string): void => {
    errors.push({ field, code: HERMES_ERROR_CODES[field], message });
  };

  // Required here; whether PayPal can return to them, createFlow answers as the gateway does (no field errors).
  const urls = { returnUrl: '', cancelUrl: '' };
  for (const field of ['returnUrl', 'cancelUrl'] as const) {
    const value = source[field];
    if (typeof value !== 'string' || value === '') fail(field, `${field} is required.`);
    else urls[field] = value;
  }
  const { offerPaypalCredit, offerPayLater } = source;
  if (offerPaypalCredit !== undefined && typeof offerPaypalCredit !== 'boolean') {
    fail('offerPaypalCredit', 'offerPaypalCredit must be a boolean.');
  }
  if (offerPayLater !== undefined && typeof offerPayLater !== 'boolean') {
    fail('offerPayLater', 'offerPayLater must be a boolean.');
  }

  const profile = isRecord(source.experienceProfile) ? source.experienceProfile : null;
  if (!profile) {
    fail('experienceProfile', 'experienceProfile must be an object.');
  } else if (profile.noShipping !== 'true' && profile.noShipping !== 'false') {
    fail('experienceProfile', 'experienceProfile.noShipping must be the string "true" or "false".');
  } else if (profile.addressOverride !== undefined && typeof profile.addressOverride !== 'boolean') {
    fail('experienceProfile', 'experienceProfile.addressOverride must be a boolean.');
  } else if (!optionalText(profile.brandName) || !optionalText(profile.localeCode)) {
    fail('experienceProfile', 'experienceProfile.brandName and localeCode must be strings.');
  } else if (profile.landingPageType !== undefined && !oneOf(LANDING_PAGE_TYPES, profile.landingPageType)) {
    fail('experienceProfile', 'experienceProfile.landingPageType must be login or billing.');
  }

  let amount: string | null = null;
  let currency: string | null = null;
  let intent: HermesInput['intent'] = null;
  let description: string | null = null;
  let shippingAddress: PayPalAddress | null = null;

  if (kind === 'checkout') {
    const rawAmount = typeof source.amount === 'number' ? String(source.amount) : source.amount;
    if (typeof rawAmount !== 'string' || !AMOUNT.test(rawAmount) || Number(rawAmount) <= 0) {
      fail('amount', 'amount is required: a positive amount with at most two decimals.');
    } else {
      amount = rawAmount;
    }
    if (typeof source.currencyIsoCode !== 'string' || !CURRENCY.test(source.currencyIsoCode)) {
      fail('currencyIsoCode', 'currencyIsoCode is required: three upper-case letters.');
    } else {
      currency = source.currencyIsoCode;
    }
    if (source.intent !== undefined) {
      if (oneOf(INTENTS, source.intent)) intent = source.intent;
      else fail('intent', `intent must be one of ${INTENTS.join(', ')}.`);
    }
    const address = readAddress(source);
    if (typeof address === 'string') fail('shippingAddress', address);
    else if (Object.keys(address).length > 0) shippingAddress = address;
  } else {
    if (source.shippingAddress !== undefined) {
      const address = isRecord(source.shippingAddress)
        ? readAddress(source.shippingAddress)
        : 'shippingAddress must be an object.';
      if (typeof address === 'string') fail('shippingAddress', address);
      else shippingAddress = address;
    }
    if (source.description !== undefined) {
      if (isText(source.description)) description = source.description;
      else fail('description', `description must be a string of at most ${MAX_TEXT} characters.`);
    }
  }

  if (errors.length > 0 || !profile) return { ok: false, errors };
  return {
    ok: true,
    input: {
      kind,
      brandName: typeof profile.brandName === 'string' && profile.brandName !== '' ? profile.brandName : null,
      offerPaypalCredit: offerPaypalCredit === true,
      offerPayLater: offerPayLater === true,
      noShipping: profile.noShipping === 'true',
      shippingAddress,
      amount,
      currency,
      intent: kind === 'checkout' ? (intent ?? 'sale') : null,
      description,
      ...urls,
    },
  };
}

function createFlow(kind: PayPalFlowKind, { body, headers, merchant, state }: ClientApiContext): Reply {
  const unavailable = paypalUnavailableReply(merchant);
  if (unavailable) return unavailable;
  const read = readHermesBody(kind, body);
  if (!read.ok) return validationReply(read.errors, HERMES_FIELD_GROUP);
  if (!readReturnTarget(read.input.returnUrl) || !readReturnTarget(read.input.cancelUrl)) {
    return errorReply(422, INVALID_URL_MESSAGE, { fieldErrors: [] });
  }
  const flow = state.paypal.create({
    ...read.input,
    merchantId: merchant.merchantId,
    brandName: read.input.brandName ?? merchant.paypal.displayName,
    merchantOrigin: readMerchantOrigin(headers.origin),
  });
  const url = approvalPageUrl(state.options.gatewayOrigin, flow);
  if (kind === 'checkout') {
    return jsonReply(201, {
      paymentResource: { paymentToken: flow.token, intent: flow.intent, redirectUrl: url },
    });
  }
  return jsonReply(201, { agreementSetup: { tokenId: flow.token, approvalUrl: url } });
}

/**
 * `POST …/v1/paypal_hermes/create_payment_resource`, any authorization: 201
 * `{paymentResource: {paymentToken: 'EC-…', intent, redirectUrl}}`; 422 for a merchant without
 * (linked) PayPal, an invalid body or a URL PayPal cannot return to.
 */
export const createPaymentResourceRoute = clientApiRoute('createPaymentResource', 'any', (context) =>
  createFlow('checkout', context),
);

/**
 * `POST …/v1/paypal_hermes/setup_billing_agreement`, any authorization: 201
 * `{agreementSetup: {tokenId: 'BA-…', approvalUrl}}`; 422 for a merchant without (linked) PayPal,
 * an invalid body or a URL PayPal cannot return to.
 */
export const setupBillingAgreementRoute = clientApiRoute('setupBillingAgreement', 'any', (context) =>
  createFlow('vault', context),
);
