/**
 * The sandbox's merchants: a typed table with their tokenization keys, public keys and features.
 * @packageDocumentation
 */
import { VENMO_TEST_VALUES } from './test-values';

/** Card display names a merchant can accept (docs/card.md, "Card brands"). */
export const CARD_DISPLAY_NAMES = [
  'Visa',
  'MasterCard',
  'American Express',
  'Discover',
  'JCB',
  'UnionPay',
  'Maestro',
  'Diners Club',
] as const;

/** A card display name. */
export type CardDisplayName = (typeof CARD_DISPLAY_NAMES)[number];

/** A challenge the panel shows a field for. */
export type Challenge = 'cvv' | 'postal_code';

/** The `paypal` block of the configuration. */
export interface PayPalSettings {
  /** `null` makes PayPal fail with PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED. */
  clientId: string | null;
  displayName: string;
  unvettedMerchant: boolean;
}

/** The `applePayWeb` block of the configuration. */
export interface ApplePayWebSettings {
  merchantIdentifier: string;
  countryCode: string;
  currencyCode: string;
  supportedNetworks: readonly string[];
  merchantCapabilities: readonly string[];
}

/** The `androidPay` block of the configuration: the merchant's Google Pay. */
export interface AndroidPaySettings {
  enabled: boolean;
  displayName: string;
  environment: 'TEST' | 'PRODUCTION';
  /** What Google's servers hand the gateway with the card; the sandbox checks it when it mints a token. */
  googleAuthorizationFingerprint: string;
  /** The gateway's network names, lower case. */
  supportedNetworks: readonly string[];
}

/** The `payWithVenmo` block of the configuration: the merchant's Venmo (docs/sandbox.md, "Venmo in the sandbox"). */
export interface VenmoSettings {
  /** The merchant's id at Venmo, which the Venmo pages are opened with (`braintree_merchant_id`). */
  merchantId: string;
  /** The merchant's Venmo access token (`braintree_access_token`). */
  accessToken: string;
  environment: 'sandbox' | 'production';
  /** Whether Venmo may hand over the shopper's addresses; without it a payment context collects none. */
  enrichedCustomerDataEnabled: boolean;
}

/** A sandbox merchant. */
export interface Merchant {
  merchantId: string;
  /** What the merchant is for, as the demo and `npm start` list it. */
  description: string;
  /** `sandbox_<random>_<merchantId>` (docs/protocol.md, "Tokenization keys"). */
  tokenizationKey: string;
  /** Written into client-token fingerprints and checked when one comes back. */
  publicKey: string;
  /** False: every client API call answers 403, whatever the authorization. */
  clientApiAccess: boolean;
  supportedCardTypes: readonly CardDisplayName[];
  challenges: readonly Challenge[];
  paypalEnabled: boolean;
  paypal: PayPalSettings;
  /** `null`: Apple Pay off (the block is left out of the configuration). */
  applePayWeb: ApplePayWebSettings | null;
  /** `null`: Google Pay off (the block is left out of the configuration). */
  androidPay: AndroidPaySettings | null;
  /** `null`: Venmo off (the block is left out of the configuration). */
  payWithVenmo: VenmoSettings | null;
  threeDSecureEnabled: boolean;
  /**
   * 3D Secure 2: the configuration's `threeDSecure` carries Cardinal's JWT and the Songbird
   * stand-in's URL. Without it, 3D Secure (when enabled) is version 1, the bank frame.
   */
  threeDSecure2: boolean;
  /** `null`: Kount off (the block is left out of the configuration). */
  kount: { kountMerchantId: string | null } | null;
}

const APPLE_PAY_DEFAULTS = {
  countryCode: 'US',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'],
  merchantCapabilities: ['supports3DS'],
} as const;

/** Google Pay as the sandbox's merchants have it, but for its fingerprint and name. */
const ANDROID_PAY_DEFAULTS = {
  enabled: true,
  environment: 'TEST',
  supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'],
} as const;

/** Every sandbox merchant, by merchant id. */
export const MERCHANTS = {
  demo_merchant: {
    merchantId: 'demo_merchant',
    description: 'every feature on',
    tokenizationKey: 'sandbox_k9x2m4p7_demo_merchant',
    publicKey: 'pk_demo_3f8q2z',
    clientApiAccess: true,
    supportedCardTypes: CARD_DISPLAY_NAMES,
    challenges: ['cvv', 'postal_code'],
    paypalEnabled: true,
    paypal: {
      clientId: 'sandbox-paypal-client-demo-merchant',
      displayName: 'Demo Merchant',
      unvettedMerchant: false,
    },
    applePayWeb: { merchantIdentifier: 'merchant.com.example.sandbox.demo', ...APPLE_PAY_DEFAULTS },
    androidPay: {
      ...ANDROID_PAY_DEFAULTS,
      displayName: 'Demo Merchant',
      googleAuthorizationFingerprint: 'sandbox-google-fingerprint-demo-merchant',
    },
    payWithVenmo: { ...VENMO_TEST_VALUES.settings },
    threeDSecureEnabled: true,
    threeDSecure2: true,
    kount: { kountMerchantId: '600000' },
  },
  three_d_secure_v1_merchant: {
    merchantId: 'three_d_secure_v1_merchant',
    description: 'every feature on, 3D Secure version 1 only (the bank frame)',
    tokenizationKey: 'sandbox_b4nkfr4m_three_d_secure_v1_merchant',
    publicKey: 'pk_three_d_secure_v1_6r3w9t',
    clientApiAccess: true,
    supportedCardTypes: CARD_DISPLAY_NAMES,
    challenges: ['cvv', 'postal_code'],
    paypalEnabled: true,
    paypal: {
      clientId: 'sandbox-paypal-client-three-d-secure-v1-merchant',
      displayName: 'Bank Frame Merchant',
      unvettedMerchant: false,
    },
    applePayWeb: { merchantIdentifier: 'merchant.com.example.sandbox.bankframe', ...APPLE_PAY_DEFAULTS },
    androidPay: {
      ...ANDROID_PAY_DEFAULTS,
      displayName: 'Bank Frame Merchant',
      googleAuthorizationFingerprint: 'sandbox-google-fingerprint-three-d-secure-v1-merchant',
    },
    payWithVenmo: { ...VENMO_TEST_VALUES.settings },
    threeDSecureEnabled: true,
    threeDSecure2: false,
    kount: { kountMerchantId: '600000' },
  },
  card_only_merchant: {
    merchantId: 'card_only_merchant',
    description: 'cards only (Visa, MasterCard, Amex), no challenges',
    tokenizationKey: 'sandbox_c4rd0n1y_card_only_merchant',
    publicKey: 'pk_card_only_7m1d4x',
    clientApiAccess: true,
    supportedCardTypes: ['Visa', 'MasterCard', 'American Express'],
    challenges: [],
    paypalEnabled: false,
    paypal: { clientId: null, displayName: 'Card Only Merchant', unvettedMerchant: false },
    applePayWeb: null,
    androidPay: null,
    payWithVenmo: null,
    threeDSecureEnabled: false,
    threeDSecure2: false,
    kount: null,
  },
  wallets_only_merchant: {
    merchantId: 'wallets_only_merchant',
    description: 'no cards, PayPal, Apple Pay and Google Pay',
    tokenizationKey: 'sandbox_w4ll3t5x_wallets_only_merchant',
    publicKey: 'pk_wallets_only_9c2k5v',
    clientApiAccess: true,
    supportedCardTypes: [],
    challenges: [],
    paypalEnabled: true,
    paypal: {
      clientId: 'sandbox-paypal-client-wallets-only-merchant',
      displayName: 'Wallets Only Merchant',
      unvettedMerchant: false,
    },
    applePayWeb: { merchantIdentifier: 'merchant.com.example.sandbox.wallets', ...APPLE_PAY_DEFAULTS },
    androidPay: {
      ...ANDROID_PAY_DEFAULTS,
      displayName: 'Wallets Only Merchant',
      googleAuthorizationFingerprint: 'sandbox-google-fingerprint-wallets-only-merchant',
    },
    payWithVenmo: null,
    threeDSecureEnabled: false,
    threeDSecure2: false,
    kount: null,
  },
  unlinked_paypal_merchant: {
    merchantId: 'unlinked_paypal_merchant',
    description: 'PayPal without a linked sandbox account',
    tokenizationKey: 'sandbox_p4yp4l0x_unlinked_paypal_merchant',
    publicKey: 'pk_unlinked_paypal_2h6w8r',
    clientApiAccess: true,
    supportedCardTypes: ['Visa', 'MasterCard', 'American Express', 'Discover'],
    challenges: [],
    paypalEnabled: true,
    paypal: { clientId: null, displayName: 'Unlinked PayPal Merchant', unvettedMerchant: false },
    applePayWeb: null,
    androidPay: null,
    payWithVenmo: null,
    threeDSecureEnabled: false,
    threeDSecure2: false,
    kount: null,
  },
  restricted_merchant: {
    merchantId: 'restricted_merchant',
    description: 'no client API privileges (403)',
    tokenizationKey: 'sandbox_r3str1ct_restricted_merchant',
    publicKey: 'pk_restricted_5t0n3q',
    clientApiAccess: false,
    supportedCardTypes: ['Visa', 'MasterCard'],
    challenges: [],
    paypalEnabled: false,
    paypal: { clientId: null, displayName: 'Restricted Merchant', unvettedMerchant: false },
    applePayWeb: null,
    androidPay: null,
    payWithVenmo: null,
    threeDSecureEnabled: false,
    threeDSecure2: false,
    kount: null,
  },
} as const satisfies Record<string, Merchant>;

/** Id of a sandbox merchant. */
export type MerchantId = keyof typeof MERCHANTS;

const ALL_MERCHANTS: readonly Merchant[] = Object.values(MERCHANTS);

/** The merchant with this id, if any. */
export function findMerchant(merchantId: string): Merchant | undefined {
  return ALL_MERCHANTS.find((merchant) => merchant.merchantId === merchantId);
}

/** The merchant owning this tokenization key, if any. */
export function findMerchantByTokenizationKey(key: string): Merchant | undefined {
  return ALL_MERCHANTS.find((merchant) => merchant.tokenizationKey === key);
}

/** Every merchant, in table order. */
export function listMerchants(): readonly Merchant[] {
  return ALL_MERCHANTS;
}
