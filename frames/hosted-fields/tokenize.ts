/**
 * Card tokenization in the tokenizing frame (docs/protocol.md, "Card tokenization"): local checks, the
 * request body, the POST to the gateway, the error mapping, the analytics event of how it ended, and one
 * request at a time.
 * @packageDocumentation
 */
import { analyticsRequest } from '../../src/client/analytics';
import {
  clientToken,
  isEnvironment,
  TOKENIZATION_KEY,
  type AuthorizationField,
} from '../../src/client/authorization';
import { httpRequest, type HttpRequestOptions, type HttpResponse } from '../../src/client/http';
import { isAllowedGatewayUrl } from '../../src/client/domain';
import { supportedBrands } from '../../src/shared/card-brands';
import { ANALYTICS_COMPONENT_PREFIX, LIBRARY_VERSION } from '../../src/shared/constants';
import { clientApiPath, CREDIT_CARDS_ENDPOINT } from '../../src/shared/endpoints';
import { createTokenizationError, PanelError } from '../../src/shared/errors';
import { cardPayload } from '../../src/shared/frame-message-parts';
import type { CardPayload, PageToFrameMessage } from '../../src/shared/frame-messages';
import type { FieldKey } from '../../src/shared/hosted-fields';
import { parseWith } from '../../src/shared/strict-readers';
import { determinedBrand } from './card-types';
import type { CollectedField } from './siblings';

/** What `configureTokenizer` tells the tokenizing frame. */
export type TokenizerConfig = Omit<Extract<PageToFrameMessage, { type: 'configureTokenizer' }>, 'type'>;

/** A `tokenize` request of the page. */
export type TokenizeRequest = Extract<PageToFrameMessage, { type: 'tokenize' }>;

/** The end of a tokenization: the page's payload, or the error it gets. */
export type TokenizeOutcome = { payload: CardPayload } | { error: PanelError };

/** Where the tokenizing frame sends cards, and how it authorizes them. */
export interface TokenizerGateway {
  /** `<clientApiUrl>/v1/payment_methods/credit_cards`. */
  cardsUrl: string;
  /** The authorization's field for the body: the key, or the client token's fingerprint. */
  authorization: AuthorizationField;
}

/** The client API path of a merchant, as a configuration URL names it (`…/client_api/v1/configuration`). */
const CONFIGURATION_PATH = /^(\/merchants\/[^/]+\/client_api)\/v1\/configuration$/;

/**
 * What the frame needs of the authorization the page gave, read as the client reads it
 * (`src/client/authorization.ts`, whose declarations it shares): the client API path of its
 * merchant, and the field that authorizes requests. `null` for a value that is no authorization.
 */
function merchantOf(value: string): { path: string | undefined; field: AuthorizationField } | null {
  if (TOKENIZATION_KEY.test(value)) {
    const [environment = '', , ...merchantId] = value.split('_');
    return isEnvironment(environment)
      ? { path: clientApiPath(merchantId.join('_')), field: { tokenizationKey: value } }
      : null;
  }
  const token = parseWith(clientToken, JSON.parse(atob(value)));
  return (
    token && {
      path: CONFIGURATION_PATH.exec(new URL(token.configUrl).pathname)?.[1],
      field: { authorizationFingerprint: token.authorizationFingerprint },
    }
  );
}

/**
 * Where cards go, or `null` when the page's configuration does not name the client API of the
 * merchant its authorization belongs to: `clientApiUrl` must be `https:` on an allowed gateway
 * domain, and its path the `/merchants/<id>/client_api` of the
 * merchant the authorization names (a tokenization key's merchant id, the merchant of a client
 * token's `configUrl`). The authorization is the one thing the page gives that the gateway checks, so a
 * script of the page cannot send the card to another path of an allowed domain, or to another
 * merchant's client API with this one's authorization.
 */
export function tokenizerGateway(config: TokenizerConfig): TokenizerGateway | null {
  if (!isAllowedGatewayUrl(config.clientApiUrl)) return null;
  try {
    const merchant = merchantOf(config.authorization);
    const url = new URL(config.clientApiUrl);
    if (!merchant || url.pathname !== merchant.path) return null;
    // Built from the parts checked: nothing else of the page's text (a query, a fragment) is sent.
    return {
      cardsUrl: `${url.origin}${url.pathname}/v1/${CREDIT_CARDS_ENDPOINT.path}`,
      authorization: merchant.field,
    };
  } catch {
    // A client token that does not decode, or a configuration URL that does not parse.
    return null;
  }
}

/** Sends a request; {@link httpRequest} outside tests. */
export type RequestSender = (options: HttpRequestOptions) => Promise<HttpResponse>;

/** Billing address keys the gateway takes, in the snake_case it takes them. */
const BILLING_ADDRESS_KEYS = [
  'postal_code',
  'first_name',
  'last_name',
  'company',
  'street_address',
  'extended_address',
  'country_name',
  'country_code_alpha2',
  'country_code_alpha3',
  'country_code_numeric',
] as const;

/** Gateway codes of `fieldErrors[0].fieldErrors[0].code` with an error of their own. */
const DUPLICATE_CARD_CODE = '81724';
const CVV_VERIFICATION_CODE = '81736';

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function expiration(values: ReadonlyMap<FieldKey, string>): { month: string; year: string } | undefined {
  const date = values.get('expirationDate');
  const month = date === undefined ? values.get('expirationMonth') : date.slice(0, 2);
  const year = date === undefined ? values.get('expirationYear') : date.slice(2);
  if (month === undefined || year === undefined) return undefined;
  return { month: month.padStart(2, '0'), year: year.length === 2 ? `20${year}` : year };
}

/**
 * The body of `POST payment_methods/credit_cards`: snake_case card keys, the cardholder name in
 * camelCase and only when given, no empty billing address keys.
 * @param values - the raw value of every present field
 * @param authorization - the field that authorizes the request ({@link tokenizerGateway})
 */
export function creditCardBody(
  config: TokenizerConfig,
  request: TokenizeRequest,
  values: ReadonlyMap<FieldKey, string>,
  authorization: AuthorizationField,
): Record<string, unknown> {
  const creditCard: Record<string, unknown> = {};
  const number = values.get('number');
  if (number !== undefined) creditCard.number = number.replace(/[\s-]/g, '');
  const cvv = values.get('cvv');
  if (cvv !== undefined) creditCard.cvv = cvv;
  const expiry = expiration(values);
  if (expiry) {
    creditCard.expiration_month = expiry.month;
    creditCard.expiration_year = expiry.year;
  }
  const address: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.billingAddress ?? {})) {
    const name = snakeCase(key);
    if ((BILLING_ADDRESS_KEYS as readonly string[]).includes(name)) address[name] = value;
  }
  const postalCode = values.get('postalCode');
  if (postalCode !== undefined && postalCode.trim() !== '') address.postal_code = postalCode.trim();
  if (Object.keys(address).length > 0) creditCard.billing_address = address;
  const cardholderName = values.get('cardholderName')?.trim();
  if (cardholderName) creditCard.cardholderName = cardholderName;
  creditCard.options = { validate: request.vault };
  return {
    creditCard,
    _meta: { ...config.metadata, source: 'hosted-fields' },
    braintreeLibraryVersion: LIBRARY_VERSION,
    ...authorization,
  };
}

/**
 * The local checks before anything is sent: every field empty, or some invalid (an unsupported
 * brand makes the number invalid, whatever its frame reported).
 */
export function checkFields(
  fields: ReadonlyMap<FieldKey, CollectedField>,
  supportedCardTypes: readonly string[],
): PanelError | null {
  if ([...fields.values()].every((field) => field.state.isEmpty))
    return createTokenizationError('HOSTED_FIELDS_FIELDS_EMPTY');
  const invalidFieldKeys = [...fields].filter(([key, field]) => {
    if (!field.state.isValid) return true;
    const brand = key === 'number' ? determinedBrand(field.value) : undefined;
    return brand !== undefined && !supportedBrands(supportedCardTypes).includes(brand.type);
  });
  if (invalidFieldKeys.length === 0) return null;
  return createTokenizationError('HOSTED_FIELDS_FIELDS_INVALID', undefined, {
    invalidFieldKeys: invalidFieldKeys.map(([key]) => key),
  });
}

/**
 * What the page learns of a failed request: its code, type, message and HTTP status. Never the
 * gateway's body: it may echo what was sent, and the page is no party to the card.
 */
function withoutBody(error: PanelError): Record<string, unknown> {
  const status = error.details?.httpStatus;
  return { ...error.toJSON(), details: typeof status === 'number' ? { httpStatus: status } : {} };
}

/** The first field error's code of a gateway body (`fieldErrors[0].fieldErrors[0].code`), as text. */
function gatewayCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const outer: unknown = (body as { fieldErrors?: unknown }).fieldErrors;
  const first: unknown = Array.isArray(outer) ? outer[0] : undefined;
  if (typeof first !== 'object' || first === null) return undefined;
  const inner: unknown = (first as { fieldErrors?: unknown }).fieldErrors;
  const error: unknown = Array.isArray(inner) ? inner[0] : undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/**
 * Maps a failed request to the error the page gets (docs/protocol.md, "Card tokenization"): 403 as it is;
 * below 500 by the gateway code of the first field error only; 500 and above, transport failures and
 * time-outs as a network error. The page gets the request's error and HTTP status, and the gateway's
 * field error code when there is one (`details.fieldErrorCode`), never the gateway's body.
 */
export function tokenizationError(error: unknown): PanelError {
  if (!(error instanceof PanelError)) {
    return createTokenizationError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
  }
  const original = withoutBody(error);
  const status = error.details?.httpStatus;
  if (error.code === 'CLIENT_AUTHORIZATION_INSUFFICIENT') {
    return new PanelError(error.code, error.type, error.message, original.details as Record<string, unknown>);
  }
  const details: Record<string, unknown> = { originalError: original };
  if (typeof status === 'number') details.httpStatus = status;
  if (typeof status === 'number' && status > 0 && status < 500) {
    const code = gatewayCode(error.details?.originalError);
    if (code !== undefined) details.fieldErrorCode = code;
    switch (code) {
      case DUPLICATE_CARD_CODE:
        return createTokenizationError('HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE', undefined, details);
      case CVV_VERIFICATION_CODE:
        return createTokenizationError(
          'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
          undefined,
          details,
        );
      default:
        return createTokenizationError('HOSTED_FIELDS_FAILED_TOKENIZATION', undefined, details);
    }
  }
  return createTokenizationError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', undefined, details);
}

/**
 * The page's payload from the gateway's answer: only nonce, details, description, type, binData,
 * read as the page reads the payload.
 */
export function payloadFromResponse(data: unknown): CardPayload | null {
  const cards: unknown =
    typeof data === 'object' && data !== null ? (data as { creditCards?: unknown }).creditCards : undefined;
  return parseWith(cardPayload, Array.isArray(cards) ? cards[0] : undefined);
}

/** The analytics events of a tokenization the gateway was asked for, without their prefix. */
export const TOKENIZATION_ANALYTICS = {
  succeeded: 'custom.hosted-fields.tokenization.succeeded',
  failed: 'custom.hosted-fields.tokenization.failed',
} as const;

/**
 * Reports how a tokenization ended to the configuration's analytics URL, when the page gave one
 * on the gateway allow-list: the batch carries the authorization, which must go nowhere else.
 * Sent from here, the frame that talked to the gateway, so the report does not depend on the page
 * hearing the answer. Never throws and is not waited for.
 * @param authorization - the field that authorized the tokenization ({@link tokenizerGateway})
 */
export function reportTokenization(
  config: TokenizerConfig,
  authorization: AuthorizationField,
  outcome: keyof typeof TOKENIZATION_ANALYTICS,
  send: RequestSender = httpRequest,
): void {
  const url = config.analyticsUrl;
  if (url === undefined || !isAllowedGatewayUrl(url)) return;
  const event = {
    kind: `${ANALYTICS_COMPONENT_PREFIX}${TOKENIZATION_ANALYTICS[outcome]}`,
    timestamp: Math.floor(Date.now() / 1000),
  };
  try {
    send(analyticsRequest(url, [event], config.metadata, authorization)).catch(() => {});
  } catch {
    // A sender that throws at once fails as one that rejects does: silently.
  }
}

/**
 * Tokenizes the collected fields: the local checks, the gateway check ({@link tokenizerGateway}: a
 * hostile page must not send card data elsewhere), then the POST. A tokenization that reached the
 * gateway is reported to analytics as succeeded or failed; one refused before (empty or invalid
 * fields) is not, as nothing was sent.
 */
export async function tokenizeCard(
  config: TokenizerConfig,
  request: TokenizeRequest,
  fields: ReadonlyMap<FieldKey, CollectedField>,
  send: RequestSender = httpRequest,
): Promise<TokenizeOutcome> {
  const invalid = checkFields(fields, config.supportedCardTypes);
  if (invalid) return { error: invalid };
  const gateway = tokenizerGateway(config);
  if (!gateway) return { error: createTokenizationError('HOSTED_FIELDS_FAILED_TOKENIZATION') };
  const { authorization } = gateway;
  const values = new Map([...fields].map(([key, field]) => [key, field.value]));
  let response: HttpResponse;
  try {
    response = await send({
      method: CREDIT_CARDS_ENDPOINT.method,
      url: gateway.cardsUrl,
      data: creditCardBody(config, request, values, authorization),
    });
  } catch (error) {
    reportTokenization(config, authorization, 'failed', send);
    return { error: tokenizationError(error) };
  }
  const payload = payloadFromResponse(response.data);
  reportTokenization(config, authorization, payload ? 'succeeded' : 'failed', send);
  return payload ? { payload } : { error: createTokenizationError('HOSTED_FIELDS_FAILED_TOKENIZATION') };
}

/**
 * What a tokenization is made of: the request's options and the revision of every field collected,
 * in the order collected. Two tokenizations of the same card revision send the same card.
 */
export function cardRevision(
  request: TokenizeRequest,
  fields: ReadonlyMap<FieldKey, CollectedField>,
): string {
  return JSON.stringify([
    request.vault,
    request.billingAddress ?? null,
    [...fields].map(([key, field]) => [key, field.revision]),
  ]);
}

/**
 * The tokenizing frame's tokenization with its memory of the card it tokenized last
 * (docs/card.md, "When the panel tokenizes"): a request that names that card's nonce (`reuse`) gets
 * it back, without a POST, only when no field's value changed since (the same
 * {@link cardRevision}); any other request tokenizes what the fields hold now. So the page can
 * hand over a card it remembers only when the frame that holds the values confirms it.
 */
export function createCardTokenizer(
  send: RequestSender = httpRequest,
): (
  config: TokenizerConfig,
  request: TokenizeRequest,
  fields: ReadonlyMap<FieldKey, CollectedField>,
) => Promise<TokenizeOutcome> {
  let last: { revision: string; payload: CardPayload } | undefined;
  return async (config, request, fields) => {
    const revision = cardRevision(request, fields);
    const remembered = last;
    if (remembered && remembered.payload.nonce === request.reuse && remembered.revision === revision) {
      return { payload: remembered.payload };
    }
    // A new tokenization replaces the card remembered; one that fails leaves none.
    last = undefined;
    const outcome = await tokenizeCard(config, request, fields, send);
    if ('payload' in outcome) last = { revision, payload: outcome.payload };
    return outcome;
  };
}

/** Requests remembered for answering a repeated `tokenize`. */
const REMEMBERED_REQUESTS = 20;

/**
 * Runs tokenizations one at a time: a repeated request id gets the first run's outcome (never a
 * second POST); another id waits until the run before it has finished.
 */
export function createTokenizeQueue(): (
  requestId: string,
  run: () => Promise<TokenizeOutcome>,
) => Promise<TokenizeOutcome> {
  const outcomes = new Map<string, Promise<TokenizeOutcome>>();
  let tail: Promise<unknown> = Promise.resolve();
  return (requestId, run) => {
    const known = outcomes.get(requestId);
    if (known) return known;
    const outcome = tail.then(run, run);
    tail = outcome.catch(() => undefined);
    outcomes.set(requestId, outcome);
    if (outcomes.size > REMEMBERED_REQUESTS) outcomes.delete(outcomes.keys().next().value as string);
    return outcome;
  };
}
