/**
 * `POST …/v1/payment_methods/apple_payment_tokens`: Apple Pay tokenization (docs/protocol.md, "Apple Pay").
 * Takes Apple's payment token with `paymentData` as base64 JSON and answers a single-use Apple Pay card
 * nonce.
 * @packageDocumentation
 */
import { binDataFor, type BinData } from './card-details';
import { errorReply, isRecord, jsonReply, validationReply, type FieldError } from './http';
import { clientApiRoute } from './route';
import { APPLE_PAY_DISABLED_MESSAGE } from './apple-pay-sessions';
import {
  applePayCardDescription,
  type ApplePayCardDetails,
  type ApplePayCardRecord,
  type ApplePayCardType,
} from './wallet-details';

/** `details` of a tokenized Apple Pay card: the stored details plus the cardholder. */
export interface TokenizedApplePayCardDetails extends ApplePayCardDetails {
  cardHolderName: string;
}

/** The one entry of the `applePayCards` answer. */
export interface TokenizedApplePayCard {
  type: 'ApplePayCard';
  nonce: string;
  description: string;
  details: TokenizedApplePayCardDetails;
  binData: BinData;
}

/** A network Apple names in `paymentMethod.network`, as the gateway names it. */
export interface ApplePayNetwork {
  /** The display name in `details.cardType` (`Apple Pay - <name>`). */
  name: 'Visa' | 'MasterCard' | 'American Express' | 'Discover';
  /** The device account number used when the payment data names none; it ends in 81. */
  defaultDpan: string;
}

/** The networks the sandbox tokenizes, by Apple's network name in lower case. */
export const APPLE_PAY_NETWORKS: Readonly<Record<string, ApplePayNetwork>> = {
  visa: { name: 'Visa', defaultDpan: '4111111111118181' },
  mastercard: { name: 'MasterCard', defaultDpan: '5555555555558181' },
  amex: { name: 'American Express', defaultDpan: '378282246318181' },
  discover: { name: 'Discover', defaultDpan: '6011111111118181' },
};

/** `paymentMethod.type` values Apple uses. */
export const APPLE_PAY_CARD_TYPES = ['debit', 'credit', 'prepaid', 'store'] as const;

/** `paymentData.version` values Apple uses. */
export const PAYMENT_DATA_VERSIONS = ['EC_v1', 'RSA_v1'] as const;

/** Field group of the validation errors. */
export const TOKEN_FIELD_GROUP = 'applePaymentToken';

/** Codes of the field errors; the provider's own codes for these are not known. */
export const TOKEN_ERROR_CODES = {
  paymentData: 'sandbox_invalid_payment_data',
  paymentMethod: 'sandbox_invalid_payment_method',
  network: 'sandbox_unsupported_network',
  transactionIdentifier: 'sandbox_invalid_transaction_identifier',
} as const;

/** The checked token. */
export interface ApplePaymentTokenInput {
  network: ApplePayNetwork;
  /** The device account number: from the payment data when it names one, else the network's default. */
  dpanNumber: string;
  paymentMethod: { displayName: string; network: string; type: string };
  transactionIdentifier: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX = /^[0-9A-Fa-f]+$/;
const DPAN = /^\d{12,19}$/;

/** The JSON behind a base64 string, or `undefined` when it is not strict base64 of JSON. */
function decodeBase64Json(value: unknown): unknown {
  if (typeof value !== 'string' || value === '' || !BASE64.test(value)) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Apple's payment data: `{version, data, signature, header}`, `data` and `signature` base64. */
function isPaymentData(value: unknown): value is { data: string } {
  if (!isRecord(value)) return false;
  const { version, data, signature, header } = value;
  return (
    PAYMENT_DATA_VERSIONS.some((known) => known === version) &&
    typeof data === 'string' &&
    BASE64.test(data) &&
    data !== '' &&
    typeof signature === 'string' &&
    isRecord(header)
  );
}

/**
 * The device account number in the payment data. The provider decrypts `data` with the merchant's
 * Apple Pay certificate; the sandbox has none, so it reads the demo simulator's stand-in instead:
 * `data` as base64 of the JSON a decryption yields, with its `applicationPrimaryAccountNumber`.
 * Real, encrypted data names none.
 */
function dpanIn(paymentData: { data: string }): string | undefined {
  const decrypted = decodeBase64Json(paymentData.data);
  const number = isRecord(decrypted) ? decrypted.applicationPrimaryAccountNumber : undefined;
  return typeof number === 'string' && DPAN.test(number) ? number : undefined;
}

/**
 * Read `{applePaymentToken: {paymentData, paymentMethod: {displayName, network, type},
 * transactionIdentifier}}`: `paymentData` must be base64 of Apple's payment data JSON, `network`
 * one of {@link APPLE_PAY_NETWORKS} (any case), `type` one of Apple's, `transactionIdentifier` hex.
 */
export function readApplePaymentToken(
  body: unknown,
): { ok: true; token: ApplePaymentTokenInput } | { ok: false; errors: FieldError[] } {
  const input = isRecord(body) ? body.applePaymentToken : undefined;
  const token = isRecord(input) ? input : {};
  const errors: FieldError[] = [];

  const paymentData = decodeBase64Json(token.paymentData);
  if (!isPaymentData(paymentData)) {
    errors.push({
      field: 'paymentData',
      code: TOKEN_ERROR_CODES.paymentData,
      message: "paymentData must be base64 of Apple's payment data JSON (version, data, signature, header).",
    });
  }

  const method = isRecord(token.paymentMethod) ? token.paymentMethod : {};
  const { displayName, network, type } = method;
  const knownNetwork = typeof network === 'string' ? APPLE_PAY_NETWORKS[network.toLowerCase()] : undefined;
  if (
    typeof displayName !== 'string' ||
    typeof network !== 'string' ||
    !APPLE_PAY_CARD_TYPES.some((known) => known === type)
  ) {
    errors.push({
      field: 'paymentMethod',
      code: TOKEN_ERROR_CODES.paymentMethod,
      message: `paymentMethod must have a displayName, a network and a type (${APPLE_PAY_CARD_TYPES.join(', ')}).`,
    });
  } else if (!knownNetwork) {
    errors.push({
      field: 'network',
      code: TOKEN_ERROR_CODES.network,
      message: `The network ${network} is not supported; use Visa, MasterCard, AmEx or Discover.`,
    });
  }

  const { transactionIdentifier } = token;
  if (typeof transactionIdentifier !== 'string' || !HEX.test(transactionIdentifier)) {
    errors.push({
      field: 'transactionIdentifier',
      code: TOKEN_ERROR_CODES.transactionIdentifier,
      message: 'transactionIdentifier must be hexadecimal.',
    });
  }

  if (errors.length > 0 || !knownNetwork || !isPaymentData(paymentData)) return { ok: false, errors };
  return {
    ok: true,
    token: {
      network: knownNetwork,
      dpanNumber: dpanIn(paymentData) ?? knownNetwork.defaultDpan,
      paymentMethod: { displayName: displayName as string, network: network as string, type: type as string },
      transactionIdentifier: transactionIdentifier as string,
    },
  };
}

/** The Apple Pay card a checked token stands for. The provider's sandbox names its holder so too. */
export function applePayCardRecord(token: ApplePaymentTokenInput): ApplePayCardRecord {
  const cardType: ApplePayCardType = `Apple Pay - ${token.network.name}`;
  return {
    cardType,
    dpanNumber: token.dpanNumber,
    cardholderName: `${token.network.name} Apple Pay Cardholder`,
  };
}

/** The answer entry of an Apple Pay card under a nonce. */
export function tokenizedApplePayCard(card: ApplePayCardRecord, nonce: string): TokenizedApplePayCard {
  return {
    type: 'ApplePayCard',
    nonce,
    description: applePayCardDescription(card),
    details: {
      cardType: card.cardType,
      cardHolderName: card.cardholderName ?? '',
      dpanLastTwo: card.dpanNumber.slice(-2),
    },
    binData: binDataFor(card.dpanNumber),
  };
}

/**
 * `POST …/v1/payment_methods/apple_payment_tokens`, any authorization: 201 `{applePayCards: [card]}`
 * with a single-use nonce; 422 when the merchant has no Apple Pay or the token is invalid.
 */
export const applePaymentTokensRoute = clientApiRoute(
  'applePaymentTokens',
  'any',
  ({ body, merchant, auth, state }) => {
    if (!merchant.applePayWeb) return errorReply(422, APPLE_PAY_DISABLED_MESSAGE);
    const input = readApplePaymentToken(body);
    if (!input.ok) return validationReply(input.errors, TOKEN_FIELD_GROUP);
    const card = applePayCardRecord(input.token);
    const stored = state.nonces.mint({
      type: 'ApplePayCard',
      merchantId: merchant.merchantId,
      customerId: auth.kind === 'clientToken' ? auth.claims.customerId : null,
      vaultToken: null,
      card,
    });
    return jsonReply(201, { applePayCards: [tokenizedApplePayCard(card, stored.nonce)] });
  },
);
