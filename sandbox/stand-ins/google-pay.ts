/**
 * Google Pay in the sandbox: the stand-in for Google's `pay.js` (what pay.google.com serves in
 * production) and `POST /google-pay/tokens`, where the stand-in's sheet hands over the test card
 * the tester picked. That route plays Google's servers and their exchange with the gateway, which
 * is not public: it checks the tokenization parameters the panel put in its request (the merchant
 * and the `androidPay.googleAuthorizationFingerprint` of the configuration), mints a single-use
 * Google Pay card nonce and answers the token Google would hand the page.
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GOOGLE_PAY_STAND_IN_PATH } from '../../src/shared/flavours';
import { errorReply, isRecord, jsonReply, type Reply } from '../http';
import { findMerchant } from '../merchants';
import { PARTITION_PARAMETER } from '../partition-keys';
import type { Route } from '../route';
import { androidPayCardPayload, type AndroidPayCardRecord } from '../wallet-details';

/** Where the stand-in's sheet posts the picked card. A page of Google's servers in production. */
export const GOOGLE_PAY_TOKENS_PATH = '/google-pay/tokens';

/** The stand-in script's file. */
const STAND_IN_FILE = resolve(import.meta.dirname, 'google-pay-stand-in.js');

/** Where the stand-in's file holds the query that names the partition its copy is served to. */
const PARTITION_SLOT = "const PARTITION_QUERY = '';";

/**
 * The stand-in script, as served to a partition (`null`: the default one), which its token exchange names
 * (docs/sandbox.md, "Partitions").
 */
export function googlePayStandInScript(partition: string | null): string {
  const text = readFileSync(STAND_IN_FILE, 'utf8');
  if (partition === null) return text;
  const query = `?${new URLSearchParams({ [PARTITION_PARAMETER]: partition }).toString()}`;
  return text.replace(PARTITION_SLOT, `const PARTITION_QUERY = ${JSON.stringify(query)};`);
}

/** The test cards of the stand-in's sheet, by the id it posts. */
export const GOOGLE_PAY_TEST_CARDS: Readonly<Record<string, AndroidPayCardRecord>> = {
  visa: { cardType: 'Visa', number: '4111111111111111', isNetworkTokenized: false },
  mastercard: { cardType: 'MasterCard', number: '5555555555554444', isNetworkTokenized: true },
  amex: { cardType: 'American Express', number: '378282246310005', isNetworkTokenized: false },
  discover: { cardType: 'Discover', number: '6011111111111117', isNetworkTokenized: false },
};

/** The test card the gateway refuses: its token carries the gateway's `error`. */
export const GOOGLE_PAY_REFUSED_CARD = 'refused';

/** The gateway's message in the token of the refused card. */
export const GOOGLE_PAY_REFUSED_MESSAGE = 'Credit card type is not accepted by this merchant account.';

/** The gateway's message in the token when Google's parameters do not name this gateway's merchant. */
export const GOOGLE_PAY_UNKNOWN_MERCHANT_MESSAGE =
  'The tokenization parameters do not name a merchant with Google Pay on this gateway.';

/** The gateway's message in the token when the authorization fingerprint is not the merchant's. */
export const GOOGLE_PAY_FINGERPRINT_MESSAGE =
  'braintree:authorizationFingerprint is not valid for this merchant.';

/** The body the stand-in posts, checked. */
export interface GooglePayTokenRequest {
  card: string;
  parameters: Record<string, unknown>;
}

/** Reads `{card, tokenizationSpecification: {type: 'PAYMENT_GATEWAY', parameters}}`; a string says why not. */
export function readTokenRequest(body: unknown): GooglePayTokenRequest | string {
  if (!isRecord(body)) return 'The body must be a JSON object.';
  const { card, tokenizationSpecification } = body;
  if (
    typeof card !== 'string' ||
    (card !== GOOGLE_PAY_REFUSED_CARD && !Object.hasOwn(GOOGLE_PAY_TEST_CARDS, card))
  ) {
    return `"card" must be one of ${[...Object.keys(GOOGLE_PAY_TEST_CARDS), GOOGLE_PAY_REFUSED_CARD].join(', ')}.`;
  }
  if (
    !isRecord(tokenizationSpecification) ||
    tokenizationSpecification.type !== 'PAYMENT_GATEWAY' ||
    !isRecord(tokenizationSpecification.parameters)
  ) {
    return '"tokenizationSpecification" must be {"type": "PAYMENT_GATEWAY", "parameters": {…}}.';
  }
  return { card, parameters: tokenizationSpecification.parameters };
}

/**
 * The token Google would hand the page for a request: the gateway's answer as JSON text. A
 * parameter set that is not this gateway's, or the refused card, gives a token holding `error`, as
 * the gateway's refusal reaches the page through Google.
 */
function tokenFor(
  request: GooglePayTokenRequest,
  mint: (card: AndroidPayCardRecord, merchantId: string) => string,
): {
  token: string;
  lastFour?: string;
} {
  const refusal = (message: string) => ({ token: JSON.stringify({ error: { message } }) });
  const { parameters } = request;
  const merchantId = parameters['braintree:merchantId'];
  const merchant = typeof merchantId === 'string' ? findMerchant(merchantId) : undefined;
  if (parameters.gateway !== 'braintree' || !merchant?.androidPay) {
    return refusal(GOOGLE_PAY_UNKNOWN_MERCHANT_MESSAGE);
  }
  if (
    parameters['braintree:authorizationFingerprint'] !== merchant.androidPay.googleAuthorizationFingerprint
  ) {
    return refusal(GOOGLE_PAY_FINGERPRINT_MESSAGE);
  }
  const card = GOOGLE_PAY_TEST_CARDS[request.card];
  if (!card) return refusal(GOOGLE_PAY_REFUSED_MESSAGE);
  const nonce = mint(card, merchant.merchantId);
  return {
    token: JSON.stringify({ androidPayCards: [androidPayCardPayload(card, nonce)] }),
    lastFour: card.number.slice(-4),
  };
}

/** `GET` the stand-in script. */
const scriptRoute: Route = {
  method: 'GET',
  path: GOOGLE_PAY_STAND_IN_PATH,
  handle({ state }): Reply {
    return {
      status: 200,
      text: googlePayStandInScript(state.partition),
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      },
    };
  },
};

/**
 * `POST /google-pay/tokens`: 200 `{token, lastFour?}`, where `token` is the JSON text Google's
 * `tokenizationData.token` holds; 400 for a body that is not a picked card with Google's
 * tokenization specification.
 */
const tokensRoute: Route = {
  method: 'POST',
  path: GOOGLE_PAY_TOKENS_PATH,
  handle({ body, state }): Reply {
    const request = readTokenRequest(body);
    if (typeof request === 'string') return errorReply(400, request);
    return jsonReply(
      200,
      tokenFor(request, (card, merchantId) => {
        const stored = state.nonces.mint({
          type: 'AndroidPayCard',
          merchantId,
          customerId: null,
          vaultToken: null,
          card,
        });
        return stored.nonce;
      }),
    );
  },
};

/** Google Pay's routes: the stand-in script and the token route its sheet posts to. */
export const googlePayRoutes: readonly Route[] = [scriptRoute, tokensRoute];
