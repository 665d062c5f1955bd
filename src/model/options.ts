/**
 * The merchant's options of the panel, each declared once, as the reader that checks it: the
 * TypeScript types merchants see are derived from the readers (docs/architecture.md, "Reading what
 * comes in"), and so is the text of what a refused value should have been. Names follow the drop-in
 * the panel replaces, so its options carry over unchanged.
 *
 * Where the file of a payment method reads an option further, with errors of its own, the reader
 * here checks what the first script needs and the type adds what that file reads: the PayPal flow's
 * details, Google Pay's API version and the values of Google's button, Venmo's keys.
 * @packageDocumentation
 */
import {
  array,
  boolean,
  looseObject,
  nullable,
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
import type { TextKey } from '../i18n/en-US';
import type { CardBrandType } from '../shared/card-brand-names';
import type { ErrorCode } from '../shared/errors';
import type { StyleProperty } from '../shared/field-styles';
import { SHORT_TEXT_MAX_LENGTH } from '../shared/frame-channel';
import type { PayPalAddress } from '../shared/paypal-messages';
import type { GooglePayButtonOptions } from './google-pay-button';
import type { ThreeDSecureOptions } from './three-d-secure-options';

export type {
  AcsWindowSize,
  RequestPaymentMethodOptions,
  ThreeDSecure2Options,
  ThreeDSecureAdditionalInformation,
  ThreeDSecureAddress,
  ThreeDSecureOptions,
  ThreeDSecureRequestOptions,
  ThreeDSecureSettings,
} from './three-d-secure-options';

export type { PayPalAddress } from '../shared/paypal-messages';
export type { GooglePayButtonOptions } from './google-pay-button';

/** An amount: a decimal string such as `"10.00"`, or a number of at least 0. */
const amount = union(nonEmptyString, nonNegativeNumber);

/** Reads {@link CardNumberOverride}: every field's override, which the card number's extends. */
const cardFieldOverride = object({
  /** The input's placeholder; the panel's own (e.g. the expiration date's `MM/YY`) when left out. */
  placeholder: optional(string(SHORT_TEXT_MAX_LENGTH)),
  /** Longest value the input takes; it never lengthens what the field's brand allows. */
  maxlength: optional(nonNegativeNumber),
  /**
   * The card number's only: brands by type (`visa`, `master-card`, `american-express`,
   * `diners-club`, `discover`, `jcb`, `unionpay`, `maestro`); `false` refuses the brand and hides
   * its icon, `true` cannot add a brand the gateway does not accept.
   */
  supportedCardBrands: optional(record(boolean) as Reader<SupportedCardBrands>),
});

/**
 * Card brands by type, `false` refusing one: the panel's brand types, and the names braintree-web
 * and the drop-in 1.4x give two of them (`mastercard`, `union-pay`), read as the panel's. Any other
 * key is ignored.
 */
export type SupportedCardBrands = {
  readonly [brand in CardBrandType | 'mastercard' | 'union-pay']?: boolean | undefined;
};

/** A selector of the card fields' styles: the input, its states and the state classes. */
export type FieldStyleSelector =
  | 'input'
  | ':focus'
  | '::placeholder'
  | ':hover'
  | '.focused'
  | '.valid'
  | '.invalid'
  | 'input.focused'
  | 'input.valid'
  | 'input.invalid'
  | 'input:focus'
  | 'input::placeholder'
  | 'input:hover';

/** The CSS properties of one selector that reach the card fields, by name. */
export type FieldStyle = { readonly [property in StyleProperty]?: string | undefined };

/**
 * The card fields' styles by selector; `null` removes the panel's style of a selector. Keys or
 * properties outside these are dropped before they reach the frames (docs/hosted-fields.md, "Options").
 */
export type CardFieldStyles = { readonly [selector in FieldStyleSelector]?: FieldStyle | null | undefined };

/** What the card number field takes over its defaults: `card.overrides.fields.number`. */
export type CardNumberOverride = Infer<typeof cardFieldOverride>;

/** What a card field takes over its defaults: `card.overrides.fields.<field>`. */
export type CardFieldOverride = Omit<CardNumberOverride, 'supportedCardBrands'>;

/**
 * Each card field's settings over its defaults. `cvv: null` and `postalCode: null` remove those
 * fields; a field the gateway's configuration does not ask for is not added.
 */
export interface CardFieldOverrides {
  number?: CardNumberOverride | undefined;
  cvv?: CardFieldOverride | null | undefined;
  expirationDate?: CardFieldOverride | undefined;
  postalCode?: CardFieldOverride | null | undefined;
  cardholderName?: CardFieldOverride | undefined;
}

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
  /** The card fields' settings and looks laid over the panel's (docs/card.md, "Overrides"). */
  overrides: optional(
    object({
      /**
       * Each field's settings over its defaults. `cvv: null` and `postalCode: null` remove those
       * fields; a field the gateway's configuration does not ask for is not added.
       */
      fields: optional(
        object({
          number: optional(cardFieldOverride),
          cvv: optional(nullable(cardFieldOverride)),
          expirationDate: optional(cardFieldOverride),
          postalCode: optional(nullable(cardFieldOverride)),
          cardholderName: optional(cardFieldOverride),
        }) as Reader<CardFieldOverrides>,
      ),
      /**
       * The fields' styles over the panel's, by selector (`input`, `:focus`, `.invalid`…), then by
       * CSS property; `null` removes the panel's style of a selector. Only the hosted fields'
       * whitelisted properties reach the fields (docs/hosted-fields.md, "Options").
       */
      styles: optional(record(nullable(record(string()))) as Reader<CardFieldStyles>),
    }),
  ),
  /** `false` keeps the card fields' values after a tokenization. Default `true`. */
  clearFieldsAfterTokenization: optional(boolean),
  /** Saving the card for a customer (a client token with a customer id). */
  vault: optional(
    object({
      /** Shows a "Save card" checkbox, checked as `vaultCard` says. Default `false`. */
      allowVaultCardOverride: optional(boolean),
      /** Saves the card (or checks the box). Default `true`. */
      vaultCard: optional(boolean),
    }),
  ),
});

/** The card sheet's options, the `card` option's object form. */
export type CardOptions = Infer<typeof cardOptions>;

/** The readers of what the first script checks of a PayPal, PayPal Credit or Pay Later option, by key. */
const payPalFields = {
  /** `checkout` (one payment) or `vault` (a billing agreement that saves the account). */
  flow: optional(oneOf(['checkout', 'vault'])),
  /** Amount of a checkout, e.g. `"10.00"`; required for `checkout`. */
  amount: optional(amount),
  /** ISO currency of a checkout, e.g. `"USD"`; required for `checkout`. */
  currency: optional(string()),
};

/** Reads what the first script checks of a PayPal, PayPal Credit or Pay Later option; every other key is kept. */
export const payPalOptions = looseObject(payPalFields);

/**
 * A PayPal, PayPal Credit or Pay Later sheet's options (Pay Later takes `flow: 'checkout'` only). The
 * panel checks `flow`, `amount` and `currency` when the option is set; the PayPal file reads the rest, and what does not fit there is refused with
 * PayPal's own errors or left out. Any other PayPal payment option a checkout passes is sent to the
 * create-payment request as it is.
 */
export interface PayPalOptions extends ObjectOf<typeof payPalFields> {
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
  /**
   * The drop-in's name for `useraction: 'commit'`: `true` makes a checkout one the shopper pays on
   * PayPal's page ("Pay Now").
   */
  commit?: boolean;
  /**
   * Saving the account: `{vaultPayPal: false}` keeps a `vault` flow's account from being saved to
   * the customer (the billing agreement is made, the payload has no `vaulted`).
   */
  vault?: {
    /** `false`: the account is not saved. Default `true` (saved when the client token has a customer). */
    vaultPayPal?: boolean;
  };
  /** The look of the PayPal button, as PayPal's button takes it. */
  buttonStyle?: PayPalButtonStyle;
  /** The order's items, passed to the create-payment request as they are. */
  lineItems?: readonly object[];
  /** The shipping options the shopper picks from, passed to the create-payment request as they are. */
  shippingOptions?: readonly object[];
}

/** The look of the PayPal button, as PayPal's button takes it. */
export interface PayPalButtonStyle {
  /** e.g. `gold`, `blue`, `silver`, `white` or `black`. */
  color?: string | undefined;
  /** `rect` or `pill`. */
  shape?: string | undefined;
  /** e.g. `small`, `medium`, `large` or `responsive`. */
  size?: string | undefined;
  /** What the button says, e.g. `paypal`, `checkout`, `pay` or `buynow`. */
  label?: string | undefined;
  /** Shows PayPal's tagline under the button. */
  tagline?: boolean | undefined;
  /** Height in pixels. */
  height?: number | undefined;
  /** `horizontal` or `vertical`. */
  layout?: string | undefined;
}

/** An amount on Apple's payment sheet: the total or one of the line items. */
export interface ApplePayLineItem {
  /** What the sheet shows beside the amount. */
  label: string;
  /** The amount as a decimal string, e.g. `"10.00"`. */
  amount: string;
  /** `final`, or `pending` for an amount not known yet. */
  type?: 'final' | 'pending' | undefined;
}

/**
 * Fields of Apple's payment request (`ApplePayPaymentRequest`) laid over the gateway's defaults,
 * given to Apple as they are.
 */
export interface ApplePayPaymentRequestFields {
  /** The total the shopper pays. */
  total?: ApplePayLineItem | undefined;
  lineItems?: readonly ApplePayLineItem[] | undefined;
  /** ISO 3166-1 alpha-2 country of the merchant; the gateway's when left out. */
  countryCode?: string | undefined;
  /** ISO 4217 currency; the gateway's when left out. */
  currencyCode?: string | undefined;
  /** The card networks, as Apple names them; the gateway's when left out. */
  supportedNetworks?: readonly string[] | undefined;
  /** e.g. `supports3DS`; the gateway's when left out. */
  merchantCapabilities?: readonly string[] | undefined;
  requiredBillingContactFields?: readonly string[] | undefined;
  requiredShippingContactFields?: readonly string[] | undefined;
  billingContact?: object | undefined;
  shippingContact?: object | undefined;
  shippingMethods?: readonly object[] | undefined;
  shippingType?: string | undefined;
  supportedCountries?: readonly string[] | undefined;
  applicationData?: string | undefined;
}

/** The readers of {@link ApplePayOptions}, by key. */
const applePayFields = {
  /** Name shown on the payment sheet. */
  displayName: optional(string()),
  /** Fields of Apple's payment request laid over the gateway's defaults (total, labels…). */
  paymentRequest: optional(record(unknownValue) as Reader<ApplePayPaymentRequestFields>),
  /**
   * The domain the merchant registered for Apple Pay, sent in the merchant validation; for a
   * checkout inside a cross-origin frame. The page's host name when left out.
   */
  domainName: optional(string()),
};

/** Reads {@link ApplePayOptions}; every other key is kept. */
export const applePayOptions = looseObject(applePayFields);

/** The Apple Pay sheet's options. */
export type ApplePayOptions = ObjectOf<typeof applePayFields>;

/** The readers of what the panel checks of Google's `TransactionInfo`, by key. */
const googlePayTransactionFields = {
  /** ISO 4217 currency, e.g. `USD`. */
  currencyCode: nonEmptyString,
  /** `FINAL`, `ESTIMATED` or `NOT_CURRENTLY_KNOWN`. */
  totalPriceStatus: oneOf(['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN']),
  /** The total as a decimal string, e.g. `"10.00"`. */
  totalPrice: string(),
  /** ISO 3166-1 alpha-2 country of the merchant, e.g. `US`. */
  countryCode: optional(string()),
};

/**
 * The payment's amount, as Google's `TransactionInfo` takes it: the panel checks the currency, the
 * status and the total, and gives every member to Google.
 */
export interface GooglePayTransactionInfo extends ObjectOf<typeof googlePayTransactionFields> {
  transactionId?: string;
  /** The label of the total on Google's sheet. */
  totalPriceLabel?: string;
  /** `DEFAULT`, `COMPLETE_IMMEDIATE_PURCHASE` or `CONTINUE_TO_REVIEW`. */
  checkoutOption?: 'DEFAULT' | 'COMPLETE_IMMEDIATE_PURCHASE' | 'CONTINUE_TO_REVIEW';
  transactionNote?: string;
  /** The lines of the order Google's sheet shows. */
  displayItems?: readonly object[];
}

/** The readers of what the first script checks of the `googlePay` option, by key. */
const googlePayFields = {
  /** The merchant's Google merchant id (`merchantInfo.merchantId`); required by Google in production. */
  merchantId: optional(string()),
  /** The payment's amount, in Google's `TransactionInfo`. */
  transactionInfo: looseObject(googlePayTransactionFields) as Reader<GooglePayTransactionInfo>,
  /** Google's button. */
  button: optional(record(unknownValue) as Reader<GooglePayButtonOptions>),
};

/**
 * Reads what the first script checks of the `googlePay` option; every other key is kept. The Google
 * Pay file checks the API version, and the button's values with `googlePayButtonOptions`.
 */
export const googlePayOptions = looseObject(googlePayFields);

/**
 * The Google Pay sheet's options: the drop-in's `googlePay` option. The other members are Google's
 * payment data request's, laid over the panel's (`allowedPaymentMethods` per `type`).
 */
export interface GooglePayOptions extends ObjectOf<typeof googlePayFields> {
  /**
   * Google Pay API version; the panel speaks 2, and any other is refused with
   * `GOOGLE_PAYMENT_UNSUPPORTED_VERSION`.
   */
  googlePayVersion?: number;
  /** Laid per `type` over the panel's (`CARD`, and `PAYPAL` when the gateway offers it). */
  allowedPaymentMethods?: readonly object[];
  emailRequired?: boolean;
  shippingAddressRequired?: boolean;
  shippingAddressParameters?: object;
  shippingOptionRequired?: boolean;
  shippingOptionParameters?: object;
  callbackIntents?: readonly string[];
  offerInfo?: object;
}

/** One line of the order Venmo's paysheet shows. */
export interface VenmoLineItem {
  /** What the line is. */
  name: string;
  /** How many. */
  quantity: number;
  /** The amount of one, as a decimal string, e.g. `"5.00"`. */
  unitAmount: string;
  /** `DEBIT` (a charge) or `CREDIT` (a discount). */
  type: 'DEBIT' | 'CREDIT';
  /** The tax on one, as a decimal string. */
  unitTaxAmount?: string | undefined;
  description?: string | undefined;
  /** The merchant's code of the product. */
  productCode?: string | undefined;
  url?: string | undefined;
}

/**
 * The Venmo sheet's options: the drop-in's `venmo` object (docs/venmo.md, "Options"). The first
 * script checks only that the option is `true` or an object; Venmo's file checks each key, and
 * refuses a value that does not fit with `INVALID_OPTION` (`VENMO_INVALID_PROFILE_ID`,
 * `VENMO_INVALID_DEEP_LINK_RETURN_URL` for those two), leaving Venmo out.
 */
export interface VenmoOptions {
  /** `false` switches to Venmo in the same tab rather than a new one. Default `true`. */
  allowNewBrowserTab?: boolean | undefined;
  /** `false` leaves Venmo out in a mobile app's web view. Default `true`. */
  allowWebviews?: boolean | undefined;
  /** Offers Venmo on a desktop browser: the shopper scans a QR code with the phone. */
  allowDesktop?: boolean | undefined;
  /** Offers Venmo on a desktop browser through Venmo's web login, in a popup. */
  allowDesktopWebLogin?: boolean | undefined;
  /** Sends a phone without the Venmo app to Venmo's web page, in the same tab. */
  mobileWebFallBack?: boolean | undefined;
  /** `single_use` (a payment) or `multi_use` (an account the merchant may vault); starts a payment context. */
  paymentMethodUsage?: 'single_use' | 'multi_use' | undefined;
  /** The Venmo profile to pay, rather than the configuration's merchant. */
  profileId?: string | undefined;
  /** Where Venmo returns the shopper (an `https:` URL); the page's URL without its hash when left out. */
  deepLinkReturnUrl?: string | undefined;
  /** The shopper comes back by hand: the panel waits for the payment context (up to 5 minutes). */
  requireManualReturn?: boolean | undefined;
  /** On iOS, switches in the same tab rather than a new one. */
  useRedirectForIOS?: boolean | undefined;
  /** The merchant's name on Venmo's paysheet (with a payment context). */
  displayName?: string | undefined;
  /** Asks the shopper for a billing address on Venmo's paysheet. */
  collectCustomerBillingAddress?: boolean | undefined;
  /** Asks the shopper for a shipping address on Venmo's paysheet. */
  collectCustomerShippingAddress?: boolean | undefined;
  /** Whether the amounts are final. */
  isFinalAmount?: boolean | undefined;
  /** The order's lines on Venmo's paysheet. */
  lineItems?: readonly VenmoLineItem[] | undefined;
  /** Amounts as decimal strings, e.g. `"10.00"`. */
  subTotalAmount?: string | undefined;
  discountAmount?: string | undefined;
  shippingAmount?: string | undefined;
  taxAmount?: string | undefined;
  totalAmount?: string | undefined;
  /** `true` leaves the page's history alone: the return's hash is not removed. */
  ignoreHistoryChanges?: boolean | undefined;
}

/**
 * A boolean or an object: the first script's reading of an option whose keys a file loaded on demand
 * reads (3D Secure's, Venmo's).
 */
const booleanOrObject = refine(union(boolean, record(unknownValue)), 'a boolean or an object');

/** The readers of {@link DataCollectorSettings}, by key. */
const dataCollectorFields = {
  /** Collect Kount device data: `device_session_id` and `fraud_merchant_id`. */
  kount: optional(boolean),
  /** Collect PayPal device data: `correlation_id`; `false` leaves it out. */
  paypal: optional(boolean),
};

/** The object form of the `data-collector` option; other keys pass through. */
export type DataCollectorSettings = ObjectOf<typeof dataCollectorFields>;

/** Reads {@link DataCollectorOptions}; every other key is kept. */
export const dataCollectorOptions = union(
  boolean,
  looseObject(dataCollectorFields) as Reader<DataCollectorSettings>,
);

/**
 * Device data for fraud tools in every payload: `true` or an object (`false` collects none, as in
 * the drop-in). An object with `kount` or
 * `paypal` `true` collects those; `true`, or an object with neither, collects PayPal's
 * (`correlation_id`) unless `paypal` is `false`. Other keys pass through.
 */
export type DataCollectorOptions = Infer<typeof dataCollectorOptions>;

/** The option ids whose saved methods `hiddenVaultedPaymentMethodTypes` may hide. */
export type VaultedPaymentMethodTypeId = 'card' | 'paypal' | 'paypalCredit';

/**
 * Texts that replace the panel's own, by text key or error code (docs/texts-and-locales.md, "Texts and
 * translations"); each is plain text. A key the panel does not know is ignored.
 */
export type Translations = { readonly [key in TextKey | ErrorCode]?: string };

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
  translations: refine(record(string()), 'an object of texts by key') as Reader<Translations>,
  /** The card sheet: `false` removes it, `true` is `{}`. */
  card: union(boolean, cardOptions),
  /** PayPal. */
  paypal: payPalOptions as Reader<PayPalOptions>,
  /** PayPal Credit. */
  paypalCredit: payPalOptions as Reader<PayPalOptions>,
  /** PayPal Pay Later: PayPal's options, with `flow: 'checkout'` only (docs/paypal.md, "Pay Later"). */
  paypalPayLater: payPalOptions as Reader<PayPalOptions>,
  /** Apple Pay. */
  applePay: applePayOptions as Reader<ApplePayOptions>,
  /** Google Pay. */
  googlePay: googlePayOptions as Reader<GooglePayOptions>,
  /** Venmo: `true`, or its options, whose keys Venmo's file reads (`false` leaves it out). */
  venmo: booleanOrObject as Reader<boolean | VenmoOptions>,
  /**
   * 3D Secure verification of cards: a boolean or an object, whose keys the panel's runtime reads
   * when it makes 3D Secure (src/model/three-d-secure-options.ts), refusing one that does not fit.
   */
  threeDSecure: booleanOrObject as Reader<ThreeDSecureOptions>,
  /** Device data collection. */
  dataCollector: dataCollectorOptions,
  /** `false` leaves the first saved payment method unselected. Default `true`. */
  preselectVaultedPaymentMethod: refine(boolean, 'true or false'),
  /** `false` lists the saved methods without the customer's default first. Default `true`. */
  showDefaultPaymentMethodFirst: refine(boolean, 'true or false'),
  /**
   * Option ids (`card`, `paypal`, `paypalCredit`) whose saved methods are not listed; other ids are
   * ignored.
   */
  hiddenVaultedPaymentMethodTypes: array(string()) as Reader<(VaultedPaymentMethodTypeId | (string & {}))[]>,
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
