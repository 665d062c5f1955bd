/**
 * The merchant's options of the panel, each declared once, as the reader that checks it: the
 * TypeScript types merchants see are derived from the readers (docs/architecture.md, "Reading what
 * comes in"), and so is the text of what a refused value should have been. Names follow the drop-in
 * the panel replaces, so its options carry over unchanged.
 *
 * Where the file of a payment method reads an option further, with errors of its own, the reader
 * here checks what the first script needs and the type adds what that file reads: the PayPal flow's
 * details, Google Pay's API version and the values of Google's button.
 * @packageDocumentation
 */
import {
  boolean,
  looseObject,
  nonEmptyString,
  nonNegativeNumber,
  object,
  oneOf,
  optional,
  record,
  refine,
  string,
  union,
  unknownValue,
  type Infer,
  type ObjectOf,
  type Reader,
} from '../shared/strict-readers';
import type { PayPalAddress } from '../shared/paypal-messages';
import type { GooglePayButtonOptions } from './google-pay-button';

export type { PayPalAddress } from '../shared/paypal-messages';
export type { GooglePayButtonOptions } from './google-pay-button';

/** An amount: a decimal string such as `"10.00"`, or a number of at least 0. */
const amount = union(nonEmptyString, nonNegativeNumber);

/** Reads {@link CardOptions}. */
export const cardOptions = object({
  /** Shows a cardholder name field; `{ required: true }` makes it mandatory. */
  cardholderName: optional(
    union(
      boolean,
      object({
        /** The shopper must fill the field in. */
        required: optional(boolean),
      }),
    ),
  ),
});

/** The card sheet's options. */
export type CardOptions = Infer<typeof cardOptions>;

/** Reads what the first script checks of a PayPal or PayPal Credit option; every other key is kept. */
export const payPalOptions = looseObject({
  /** `checkout` (one payment) or `vault` (a billing agreement that saves the account). */
  flow: optional(oneOf(['checkout', 'vault'])),
  /** Amount of a checkout, e.g. `"10.00"`; required for `checkout`. */
  amount: optional(amount),
  /** ISO currency of a checkout, e.g. `"USD"`; required for `checkout`. */
  currency: optional(string()),
});

/**
 * A PayPal or PayPal Credit sheet's options. The panel checks `flow`, `amount` and `currency` when
 * the option is set; the PayPal file reads the rest, and what does not fit there is refused with
 * PayPal's own errors or left out.
 */
export interface PayPalOptions extends Infer<typeof payPalOptions> {
  /** Intent of a checkout payment; the gateway's default when left out. */
  intent?: 'authorize' | 'sale' | 'order';
  /** Merchant name on the approval page; the configuration's `paypal.displayName` when left out. */
  displayName?: string;
  /** Locale of the approval page, e.g. `en_US`; the panel's locale when left out. */
  locale?: string;
  /** Ask the shopper for a shipping address. */
  enableShippingAddress?: boolean;
  /** `false` keeps the shopper from changing the address the merchant sets. */
  shippingAddressEditable?: boolean;
  /** The shipping address to use. */
  shippingAddressOverride?: PayPalAddress;
  /** Description of the billing agreement (`vault`). */
  billingAgreementDescription?: string;
  /** What PayPal shows first: `login` or `billing`. */
  landingPageType?: 'login' | 'billing';
  /**
   * `commit`: a checkout the shopper pays on PayPal's page ("Pay Now"), with no review step on the
   * merchant's page; `useraction=commit` is added to the approval URL, as PayPal's SDK does.
   */
  useraction?: 'commit';
}

/** Reads {@link ApplePayOptions}; every other key is kept. */
export const applePayOptions = looseObject({
  /** Name shown on the payment sheet. */
  displayName: optional(string()),
  /** Fields of Apple's payment request laid over the gateway's defaults (total, labels…). */
  paymentRequest: optional(record(unknownValue)),
});

/** The Apple Pay sheet's options. */
export type ApplePayOptions = Infer<typeof applePayOptions>;

/**
 * Reads what the first script checks of the `googlePay` option; every other key is kept. The Google
 * Pay file checks the API version, and the button's values with `googlePayButtonOptions`.
 */
export const googlePayOptions = looseObject({
  /** The merchant's Google merchant id (`merchantInfo.merchantId`); required by Google in production. */
  merchantId: optional(string()),
  /** The payment's amount, in Google's `TransactionInfo`. */
  transactionInfo: looseObject({
    /** ISO 4217 currency, e.g. `USD`. */
    currencyCode: nonEmptyString,
    /** `FINAL`, `ESTIMATED` or `NOT_CURRENTLY_KNOWN`. */
    totalPriceStatus: oneOf(['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN']),
    /** The total as a decimal string, e.g. `"10.00"`. */
    totalPrice: string(),
    /** ISO 3166-1 alpha-2 country of the merchant, e.g. `US`. */
    countryCode: optional(string()),
  }),
  /** Google's button. */
  button: optional(record(string()) as Reader<GooglePayButtonOptions>),
});

/**
 * The Google Pay sheet's options: the drop-in's `googlePay` option. Any other member of Google's
 * payment data request is laid over the panel's.
 */
export interface GooglePayOptions extends Infer<typeof googlePayOptions> {
  /**
   * Google Pay API version; the panel speaks 2, and any other is refused with
   * `GOOGLE_PAYMENT_UNSUPPORTED_VERSION`.
   */
  googlePayVersion?: number;
}

/** Reads {@link AcsWindowSize}. */
export const acsWindowSize = oneOf(['01', '02', '03', '04', '05']);

/**
 * Size of the issuer's challenge window (EMV 3DS): `01` 250 × 400, `02` 390 × 400, `03` 500 × 600
 * (the default), `04` 600 × 400, `05` full screen.
 */
export type AcsWindowSize = Infer<typeof acsWindowSize>;

/** Reads {@link ThreeDSecureAddress}. */
export const threeDSecureAddress = object({
  givenName: optional(string()),
  surname: optional(string()),
  phoneNumber: optional(string()),
  /** First line. */
  streetAddress: optional(string()),
  /** Second line. */
  extendedAddress: optional(string()),
  line3: optional(string()),
  /** City. */
  locality: optional(string()),
  /** State or region, e.g. `CA`. */
  region: optional(string()),
  postalCode: optional(string()),
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  countryCodeAlpha2: optional(string()),
});

/** An address as 3D Secure 2 takes it (the shopper's billing address, or where the order ships). */
export type ThreeDSecureAddress = Infer<typeof threeDSecureAddress>;

/** Reads {@link ThreeDSecureAdditionalInformation}; every other field is kept for the issuer. */
export const threeDSecureAdditionalInformation = looseObject({
  /** Size of the issuer's challenge window; `03` when not given. */
  acsWindowSize: optional(acsWindowSize),
  /** Where the order ships. */
  shippingAddress: optional(threeDSecureAddress),
});

/**
 * What else the issuer may weigh: the challenge window's size, shipping, and any other field of the
 * provider's `additionalInformation` (`shippingMethod`, `workPhoneNumber`…).
 */
export type ThreeDSecureAdditionalInformation = Infer<typeof threeDSecureAdditionalInformation>;

/** The readers of {@link ThreeDSecure2Options}, by key. */
const threeDSecure2Fields = {
  /** The shopper's email address. */
  email: optional(string()),
  mobilePhoneNumber: optional(string()),
  billingAddress: optional(threeDSecureAddress),
  additionalInformation: optional(threeDSecureAdditionalInformation),
  /** Asks the issuer to challenge the shopper. */
  challengeRequested: optional(boolean),
  /** Asks for a data-only verification, without authentication. */
  dataOnlyRequested: optional(boolean),
  /** Asks the issuer to exempt the payment from strong customer authentication. */
  exemptionRequested: optional(boolean),
  requestedExemptionType: optional(oneOf(['low_value', 'transaction_risk_analysis'])),
  /** Which account of a combo card pays. */
  accountType: optional(oneOf(['credit', 'debit'])),
  /** The card is being saved, not charged. */
  cardAdd: optional(boolean),
};

/** The options of a 3D Secure 2 verification besides the card and the amount. */
export type ThreeDSecure2Options = ObjectOf<typeof threeDSecure2Fields>;

/** The readers of {@link ThreeDSecureRequestOptions}, by key. */
const threeDSecureRequestFields = {
  /** Amount of the transaction the card is verified for, e.g. `"10.00"`. */
  amount: optional(amount),
  ...threeDSecure2Fields,
};

/** Reads {@link ThreeDSecureRequestOptions}. */
export const threeDSecureRequestOptions = object(threeDSecureRequestFields);

/**
 * What a 3D Secure verification sends the issuer besides the card: the `three-d-secure` option, and
 * what `requestPaymentMethod({threeDSecure})` lays over it for one request. Every key but `amount`
 * is used by 3D Secure 2 only.
 */
export type ThreeDSecureRequestOptions = Infer<typeof threeDSecureRequestOptions>;

/** Reads {@link ThreeDSecureOptions}: the request's keys, with the amount required. */
export const threeDSecureOptions = object({
  ...threeDSecureRequestFields,
  /** Amount of the transaction the card is verified for, e.g. `"10.00"`. */
  amount,
});

/** 3D Secure verification of cards: the `three-d-secure` option. */
export type ThreeDSecureOptions = Infer<typeof threeDSecureOptions>;

/** Reads {@link RequestPaymentMethodOptions}. */
export const requestPaymentMethodOptions = object({
  /**
   * 3D Secure options for this request, laid key by key over the `three-d-secure` option (a key
   * given here replaces the option's whole value, `billingAddress` included).
   */
  threeDSecure: optional(threeDSecureRequestOptions),
});

/** Options of one `requestPaymentMethod()` call. */
export type RequestPaymentMethodOptions = Infer<typeof requestPaymentMethodOptions>;

/** Reads {@link DataCollectorOptions}. */
export const dataCollectorOptions = refine(
  object({
    /** Collect Kount device data: `device_session_id` and `fraud_merchant_id`. */
    kount: optional(boolean),
    /** Collect PayPal device data: `correlation_id`. */
    paypal: optional(boolean),
  }),
  '$ with kount or paypal true',
  (value) => value.kount === true || value.paypal === true,
);

/** Device data collection for fraud tools; at least one must be `true`. */
export type DataCollectorOptions = Infer<typeof dataCollectorOptions>;

/**
 * The reader of each option the element checks, by property name: what `details.reason` of a
 * refusal spells out. Unknown keys are kept on the wallets' options (their files read what they
 * know) and dropped elsewhere. The payment option priority is not among them: its rules, with
 * their own errors, are the panel configuration's.
 */
export const OPTION_READERS = {
  /** Locale of the panel's texts, e.g. `de_DE`. */
  locale: refine(string(), 'a locale such as "en_US" or "en-US"', (value) =>
    /^[a-zA-Z]{2,3}(?:[_-][a-zA-Z]{2})?$/.test(value),
  ),
  /** Replacements of the panel's texts, by text key or error code. */
  translations: refine(record(string()), 'an object of texts by key'),
  /** The card sheet. */
  card: cardOptions,
  /** PayPal. */
  paypal: payPalOptions as Reader<PayPalOptions>,
  /** PayPal Credit. */
  paypalCredit: payPalOptions as Reader<PayPalOptions>,
  /** Apple Pay. */
  applePay: applePayOptions,
  /** Google Pay. */
  googlePay: googlePayOptions as Reader<GooglePayOptions>,
  /** 3D Secure verification of cards. */
  threeDSecure: threeDSecureOptions,
  /** Device data collection. */
  dataCollector: dataCollectorOptions,
  /** `false` leaves the first saved payment method unselected. Default `true`. */
  preselectVaultedPaymentMethod: refine(boolean, 'true or false'),
  /**
   * `true` lets a customer delete saved payment methods: with a client token for a customer, the
   * saved methods show "Edit" (docs/vault-manager.md). Default `false`.
   */
  vaultManager: refine(boolean, 'true or false'),
};

/** Every merchant option of the panel, by property name. */
export interface PanelOptions extends Partial<ObjectOf<typeof OPTION_READERS>> {
  /**
   * Order of the payment options, e.g. `["card", "paypal"]`; checked when the panel connects
   * (docs/element.md, "Attributes and properties").
   */
  paymentOptionPriority?: unknown;
}

/** Name of a merchant option. */
export type PanelOptionName = keyof PanelOptions;
