/**
 * What the gateway says about a wallet payment method: a PayPal account, an Apple Pay card or a Google Pay
 * card, as the sandbox keeps them (vault and nonce store) and as it answers them (docs/protocol.md, "Saved
 * payment methods").
 * @packageDocumentation
 */
import type { PayPalAddress } from '../src/shared/paypal-messages';
import { binDataFor, type BinData } from './card-details';

/** The PayPal payer, as PayPal reports it on approval. */
export interface PayerInfo {
  email: string;
  firstName: string;
  lastName: string;
  payerId: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** Present when a shipping address was collected or set by the merchant. */
  shippingAddress?: PayPalAddress;
}

/** A PayPal account as the sandbox keeps it. */
export interface PayPalAccountRecord {
  email: string;
  payerInfo: PayerInfo;
}

/** `details` of a PayPal account: the record itself, `{email, payerInfo}`. */
export type PayPalAccountDetails = PayPalAccountRecord;

/** `details.cardType` of an Apple Pay card: the network behind the device account number. */
export type ApplePayCardType =
  'Apple Pay - Visa' | 'Apple Pay - MasterCard' | 'Apple Pay - American Express' | 'Apple Pay - Discover';

/** An Apple Pay card as the sandbox keeps it. Test numbers only, so the device account number is kept. */
export interface ApplePayCardRecord {
  cardType: ApplePayCardType;
  /** The device account number (DPAN) Apple Pay hands over instead of the card number. */
  dpanNumber: string;
  cardholderName: string | null;
}

/** `details` of an Apple Pay card. */
export interface ApplePayCardDetails {
  cardType: ApplePayCardType;
  dpanLastTwo: string;
}

/** The PayPal account payload under a nonce: `{nonce, type, description, details}`. */
export interface PayPalAccountPayload {
  nonce: string;
  type: 'PayPalAccount';
  /** The account's email, which is what the saved-methods list shows. */
  description: string;
  details: PayPalAccountDetails;
}

/** The Apple Pay card payload under a nonce: `{nonce, type, description, details, binData}`. */
export interface ApplePayCardPayload {
  nonce: string;
  type: 'ApplePayCard';
  description: string;
  details: ApplePayCardDetails;
  binData: BinData;
}

/** The PayPal account payload under a nonce. */
export function payPalAccountPayload(account: PayPalAccountRecord, nonce: string): PayPalAccountPayload {
  return {
    nonce,
    type: 'PayPalAccount',
    description: account.email,
    details: { email: account.email, payerInfo: { ...account.payerInfo } },
  };
}

/** `description` of an Apple Pay card, e.g. `Apple Pay - Visa ending in 81`. */
export function applePayCardDescription(card: ApplePayCardRecord): string {
  return `${card.cardType} ending in ${card.dpanNumber.slice(-2)}`;
}

/** The Apple Pay card payload under a nonce. */
export function applePayCardPayload(card: ApplePayCardRecord, nonce: string): ApplePayCardPayload {
  return {
    nonce,
    type: 'ApplePayCard',
    description: applePayCardDescription(card),
    details: { cardType: card.cardType, dpanLastTwo: card.dpanNumber.slice(-2) },
    binData: binDataFor(card.dpanNumber),
  };
}

/** A Google Pay card as the sandbox keeps it. Test numbers only, so the number is kept. */
export interface AndroidPayCardRecord {
  /** The card's brand, e.g. `Visa`. */
  cardType: 'Visa' | 'MasterCard' | 'American Express' | 'Discover';
  /** The card number (or the device token's number, for a network-tokenized card). */
  number: string;
  /** Whether Google handed over a device token with a cryptogram instead of the card number. */
  isNetworkTokenized: boolean;
}

/** `details` of a Google Pay card. */
export interface AndroidPayCardDetails {
  cardType: AndroidPayCardRecord['cardType'];
  lastTwo: string;
  lastFour: string;
  isNetworkTokenized: boolean;
  bin: string;
}

/** The Google Pay card under a nonce: `{type, nonce, description, consumed, details, binData}`. */
export interface AndroidPayCardPayload {
  type: 'AndroidPayCard';
  nonce: string;
  description: string;
  consumed: boolean;
  details: AndroidPayCardDetails;
  binData: BinData;
}

/** `description` of a Google Pay card, as the provider names it. */
export const ANDROID_PAY_CARD_DESCRIPTION = 'Android Pay';

/** The Google Pay card payload under a nonce, as the token and the saved-methods list carry it. */
export function androidPayCardPayload(card: AndroidPayCardRecord, nonce: string): AndroidPayCardPayload {
  return {
    type: 'AndroidPayCard',
    nonce,
    description: ANDROID_PAY_CARD_DESCRIPTION,
    consumed: false,
    details: {
      cardType: card.cardType,
      lastTwo: card.number.slice(-2),
      lastFour: card.number.slice(-4),
      isNetworkTokenized: card.isNetworkTokenized,
      bin: card.number.slice(0, 6),
    },
    binData: binDataFor(card.number),
  };
}

/** A Venmo account as the sandbox keeps it. */
export interface VenmoAccountRecord {
  /** The Venmo user name, without the `@` the Venmo pages hand back with it. */
  username: string;
  /** Venmo's id of the user. */
  venmoUserId: string;
}

/** The Venmo account payload under a nonce: `{type, nonce, description, details: {username}}`. */
export interface VenmoAccountPayload {
  type: 'VenmoAccount';
  nonce: string;
  /** Always `VenmoAccount`, as the provider describes every Venmo account. */
  description: string;
  details: { username: string };
}

/** `description` of a Venmo account, as the provider names it. */
export const VENMO_ACCOUNT_DESCRIPTION = 'VenmoAccount';

/** The Venmo account payload under a nonce, as the saved-methods list carries it. */
export function venmoAccountPayload(account: VenmoAccountRecord, nonce: string): VenmoAccountPayload {
  return {
    type: 'VenmoAccount',
    nonce,
    description: VENMO_ACCOUNT_DESCRIPTION,
    details: { username: account.username },
  };
}
