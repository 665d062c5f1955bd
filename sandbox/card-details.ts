/**
 * What the gateway says about a card: its brand, `details`, `description` and `binData`,
 * shared by card tokenization and the vaulted-methods list.
 * @packageDocumentation
 */
import creditCardType from 'credit-card-type';
import type { CardDisplayName } from './merchants';
import { BIN_INDICATOR_NUMBERS, BIN_INDICATOR_VALUES } from './test-values';

/** `details.cardType`: a display name, or `Unknown` for a number of no known brand. */
export type CardTypeName = CardDisplayName | 'Unknown';

/** Brand facts used by validation. */
export interface CardBrand {
  cardType: CardTypeName;
  /** Valid number lengths; `null` for an unknown brand (any 12–19 digits). */
  lengths: readonly number[] | null;
  /** CVV length; `null` for an unknown brand (3 or 4). */
  cvvSize: number | null;
}

/** A card as the sandbox keeps it (vault and nonce store). Test numbers only, so the number is kept. */
export interface CardRecord {
  number: string;
  cardType: CardTypeName;
  /** `MM` */
  expirationMonth: string;
  /** `YYYY` */
  expirationYear: string;
  cardholderName: string | null;
}

/** `details` of a card payment method. */
export interface CreditCardDetails {
  cardType: CardTypeName;
  lastTwo: string;
  lastFour: string;
  bin: string;
  expirationMonth: string;
  expirationYear: string;
  cardholderName?: string;
}

/** A `Yes`/`No`/`Unknown` BIN flag. */
export type BinFlag = 'Yes' | 'No' | 'Unknown';

/** `binData` of a card payment method. */
export interface BinData {
  prepaid: BinFlag;
  healthcare: BinFlag;
  debit: BinFlag;
  durbinRegulated: BinFlag;
  commercial: BinFlag;
  payroll: BinFlag;
  issuingBank: string;
  countryOfIssuance: string;
  productId: string;
}

/** The card part shared by every card payload the gateway answers with. */
export interface CreditCardPayload {
  nonce: string;
  type: 'CreditCard';
  description: string;
  details: CreditCardDetails;
  binData: BinData;
}

const DISPLAY_NAME_BY_BRAND: Readonly<Record<string, CardDisplayName>> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  'american-express': 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
  'diners-club': 'Diners Club',
};

/** The brand of a full card number (digits only). Brands the provider does not list count as `Unknown`. */
export function detectCardBrand(number: string): CardBrand {
  const match = creditCardType(number)[0];
  const cardType = match ? DISPLAY_NAME_BY_BRAND[match.type] : undefined;
  if (!match || !cardType) return { cardType: 'Unknown', lengths: null, cvvSize: null };
  return { cardType, lengths: match.lengths, cvvSize: match.code.size };
}

/** `details` of a card. */
export function cardDetails(card: CardRecord): CreditCardDetails {
  return {
    cardType: card.cardType,
    lastTwo: card.number.slice(-2),
    lastFour: card.number.slice(-4),
    bin: card.number.slice(0, 6),
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    ...(card.cardholderName ? { cardholderName: card.cardholderName } : {}),
  };
}

/** `description` of a card, in the 2017 form `ending in NN`. */
export function cardDescription(card: CardRecord): string {
  return `ending in ${card.number.slice(-2)}`;
}

const ALL_FLAGS = ['prepaid', 'healthcare', 'debit', 'durbinRegulated', 'commercial', 'payroll'] as const;

/**
 * `binData` of a card number. Defaults: every flag, `issuingBank`, `countryOfIssuance` and `productId`
 * are `Unknown` (what the provider's sandbox answers for ordinary test cards). A BIN-indicator number
 * turns its one flag to `Yes` (or sets its one text field); the all-No number turns every flag to `No`.
 */
export function binDataFor(number: string): BinData {
  const data: BinData = {
    prepaid: 'Unknown',
    healthcare: 'Unknown',
    debit: 'Unknown',
    durbinRegulated: 'Unknown',
    commercial: 'Unknown',
    payroll: 'Unknown',
    issuingBank: 'Unknown',
    countryOfIssuance: 'Unknown',
    productId: 'Unknown',
  };
  if (number === BIN_INDICATOR_NUMBERS.allNo) {
    for (const flag of ALL_FLAGS) data[flag] = 'No';
  } else if (number === BIN_INDICATOR_NUMBERS.issuingBank) {
    data.issuingBank = BIN_INDICATOR_VALUES.issuingBank;
  } else if (number === BIN_INDICATOR_NUMBERS.countryOfIssuance) {
    data.countryOfIssuance = BIN_INDICATOR_VALUES.countryOfIssuance;
  } else {
    for (const flag of ALL_FLAGS) {
      if (number === BIN_INDICATOR_NUMBERS[flag]) data[flag] = 'Yes';
    }
  }
  return data;
}

/** The card payload under a nonce: `{nonce, type, description, details, binData}`. */
export function creditCardPayload(card: CardRecord, nonce: string): CreditCardPayload {
  return {
    nonce,
    type: 'CreditCard',
    description: cardDescription(card),
    details: cardDetails(card),
    binData: binDataFor(card.number),
  };
}
