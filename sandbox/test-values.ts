/**
 * Every magic value the sandbox gateway reacts to, in one place so the docs can list them (docs/sandbox.md,
 * "Card test values"). Behaviour lives in the endpoint modules; this module holds data only.
 * @packageDocumentation
 */

/** Card numbers that tokenize, vault and verify with no special behaviour, by display name. */
export const VALID_CARD_NUMBERS = {
  Visa: ['4111111111111111', '4012888888881881', '4009348888881881', '4500600000000061', '4005519200000004'],
  MasterCard: ['5555555555554444', '2223000048400011'],
  'American Express': ['378282246310005', '371449635398431'],
  Discover: ['6011111111111117', '6011000991300009'],
  JCB: ['3530111333300000'],
  UnionPay: ['6212345678901232'],
  Maestro: ['6304000000000000'],
  'Diners Club': ['38520000023237', '36259600000004'],
} as const;

/** Card numbers whose verification is declined by the processor (response 2000, "Do Not Honor"). */
export const PROCESSOR_DECLINED_NUMBERS: readonly string[] = [
  '4000111111111115', // Visa
  '5105105105105100', // MasterCard
  '378734493671000', // American Express
  '6011000990139424', // Discover
];

/** Card numbers whose verification fails at the processor (response 3000). */
export const PROCESSOR_FAILURE_NUMBERS: readonly string[] = ['3566002020360505']; // JCB

/** Card numbers whose verification the gateway rejects as fraud. */
export const FRAUD_NUMBERS: readonly string[] = ['4000111111111511'];

/** A Luhn-valid number of no known brand: tokenizes with cardType `Unknown`. */
export const UNKNOWN_CARD_TYPE_NUMBER = '1000000000000008';

/** Processor responses of failed verifications. */
export const PROCESSOR_RESPONSES = {
  declined: { code: '2000', text: 'Do Not Honor' },
  failed: { code: '3000', text: 'Processor Network Unavailable - Try Again' },
} as const;

/** Numbers that set one BIN-data field; every other field keeps its default (see `bin-data` in card-details.ts). */
export const BIN_INDICATOR_NUMBERS = {
  prepaid: '4111111111111210',
  commercial: '4111111111131010',
  payroll: '4111111114101010',
  healthcare: '4111111510101010',
  durbinRegulated: '4111161010101010',
  debit: '4117101010101010',
  allUnknown: '4111111111112101',
  allNo: '4111111111310101',
  issuingBank: '4111111141010101',
  countryOfIssuance: '4111111111121102',
} as const;

/** Values the BIN-indicator numbers give `issuingBank` and `countryOfIssuance`. */
export const BIN_INDICATOR_VALUES = { issuingBank: 'NETWORK ONLY', countryOfIssuance: 'USA' } as const;

/** CVV values and the CVV response code they produce; any other CVV → `M`, none → `I`. */
export const CVV_RESPONSE_CODES: Readonly<Record<string, string>> = {
  '200': 'N', // does not match: rejected (field error 81736) when a verification runs
  '201': 'U', // not verified
  '301': 'S', // issuer does not participate
};

/** Postal codes and the AVS response code they produce; any other → `M`, none → `I`. */
export const POSTAL_CODE_RESPONSE_CODES: Readonly<Record<string, string>> = {
  '20000': 'N', // does not match: rejected (field error 81737) when a verification runs
  '20001': 'U', // not verified
  '30000': 'E', // AVS system error
  '30001': 'S', // not supported
};

/**
 * The seeded customer with saved payment methods, for saved-method tests (at the every-feature
 * merchant, and at its version 1 twin), in the order they were saved: two cards (the Visa is the default), a PayPal account and an Apple Pay card.
 */
export const SEED_CUSTOMER = {
  merchantId: 'demo_merchant',
  /** The merchants the same customer (with the same methods) is seeded at besides. */
  alsoAt: ['three_d_secure_v1_merchant'],
  customerId: 'returning_shopper',
  paymentMethods: [
    { type: 'CreditCard', number: '4111111111111111', cardholderName: 'Robin Returning', default: true },
    { type: 'CreditCard', number: '5555555555554444', cardholderName: 'Robin Returning', default: false },
    {
      type: 'PayPalAccount',
      email: 'robin.returning@example.com',
      firstName: 'Robin',
      lastName: 'Returning',
      payerId: 'QX7RB2LKMN4PA',
      countryCode: 'US',
      default: false,
    },
    {
      type: 'ApplePayCard',
      cardType: 'Apple Pay - Visa',
      // A Luhn-valid Visa device account number; the wallet shows only its last two digits.
      dpanNumber: '4111111111118181',
      cardholderName: 'Robin Returning',
      default: false,
    },
  ],
} as const;

/**
 * The seeded customer of Google Pay tests: one saved Google Pay card, listed when the panel offers
 * Google Pay (and left out of the list otherwise, as the provider's drop-in does).
 */
export const GOOGLE_PAY_SEED_CUSTOMER = {
  merchantId: 'demo_merchant',
  customerId: 'google_pay_shopper',
  paymentMethods: [
    { cardType: 'Visa', number: '4111111111111111', isNetworkTokenized: false, default: true },
  ],
} as const;

/**
 * The PayPal account that approves on the sandbox's approval page (the PayPal side of the flow):
 * every PayPal nonce the sandbox mints from an approval is this payer's.
 */
export const PAYPAL_SANDBOX_PAYER = {
  email: 'pat.payer@example.com',
  firstName: 'Pat',
  lastName: 'Payer',
  payerId: 'PATPAYER7QX2L',
  countryCode: 'US',
  /** The address PayPal has on file, reported when shipping is collected and the merchant sets none. */
  address: {
    recipientName: 'Pat Payer',
    line1: '1 Main St',
    city: 'San Jose',
    state: 'CA',
    postalCode: '95131',
    countryCode: 'US',
  },
} as const;

/** Term of the sandbox's PayPal Credit offer (no interest, the amount spread over the term), in months. */
export const PAYPAL_CREDIT_TERM_MONTHS = 12;

/**
 * The 3D Secure v1 test cards (docs/three-d-secure.md, "Version 1: the sandbox's bank"), by the status the
 * provider's sandbox gives them. Any other card counts as `lookup_not_enrolled`.
 */
export const THREE_D_SECURE_CARD_NUMBERS = {
  authenticate_successful: ['4000000000000002', '5200000000000007', '340000000006022'],
  authenticate_signature_verification_failed: ['4000000000000010', '5200000000000015'],
  authenticate_failed: ['4000000000000028', '5200000000000023', '340000000000033'],
  lookup_error: ['4000000000000044', '5200000000000049', '340000000008309'],
  lookup_not_enrolled: ['4000000000000051', '5200000000000056', '340000000008135'],
  authenticate_unable_to_authenticate: ['4000000000000069', '5200000000000064', '340000000007780'],
} as const;

/**
 * The 3D Secure 2 test cards (docs/three-d-secure.md, "In the sandbox"), by what the issuer does with them;
 * expiry month 01 and any later year, challenge password {@link THREE_D_SECURE_2_PASSWORD}. Any other card
 * is not enrolled.
 */
export const THREE_D_SECURE_2_CARD_NUMBERS = {
  frictionless_success: ['4000000000001000', '5200000000001005', '4000000000002701'],
  frictionless_failure: ['4000000000001018', '5200000000001013', '4000000000002925'],
  attempt: ['4000000000001026', '4000000000002719'],
  challenge_success: ['4000000000001091'],
  challenge_failure: ['4000000000001109'],
  challenge_error: ['4000000000001125'],
  bypassed: ['4000000000001083'],
  unavailable: ['4000000000002313'],
  lookup_error: ['4000000000001034'],
  lookup_timeout: ['4000000000001075'],
} as const;

/** The password the sandbox issuer's challenge page takes. */
export const THREE_D_SECURE_2_PASSWORD = '1234';

/**
 * Venmo in the sandbox (docs/sandbox.md, "Venmo in the sandbox"): the merchant's Venmo settings every
 * merchant with Venmo has, the sandbox's Venmo user who approves on the stand-in pages, how long a payment
 * context lives, what the pages' Fail answers, and the server-side test nonce.
 */
export const VENMO_TEST_VALUES = {
  /** The configuration's `payWithVenmo`, as the merchants with Venmo answer it. */
  settings: {
    merchantId: 'venmo-merchant-id',
    accessToken: 'access_token$sandbox$venmo-merchant-id',
    environment: 'sandbox',
    enrichedCustomerDataEnabled: false,
  },
  /** The Venmo user of every approval: `userName` of the payment context, `@venmojoe` on the return. */
  username: 'venmojoe',
  /** Who the Venmo user is, as an approved payment context's `payerInfo` tells it. */
  payer: {
    firstName: 'Venmo',
    lastName: 'Joe',
    email: 'venmo.joe@example.com',
    phoneNumber: '4085551234',
    externalId: 'venmo-joe-1',
  },
  /** How long a payment context lives, in milliseconds: `expiresAt` is `createdAt` plus this. */
  contextLifetimeMs: 5 * 60_000,
  /** What the stand-in pages' Fail hands back to `x-error`. */
  failure: { errorMessage: 'The sandbox Venmo user chose Fail.', errorCode: 'sandbox_venmo_failed' },
  /** The server-side test nonce of a Venmo account (a fake nonce of the provider's server SDKs). */
  fakeNonce: 'fake-venmo-account-nonce',
} as const;

/**
 * The seeded customer of Venmo tests: one saved Venmo account, which the client API lists (the panel never
 * shows it, as the provider's drop-in never did).
 */
export const VENMO_SEED_CUSTOMER = {
  merchantId: 'demo_merchant',
  customerId: 'venmo_shopper',
} as const;
