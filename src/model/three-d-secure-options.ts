/**
 * The 3D Secure options, each declared once as the reader that checks it (docs/architecture.md,
 * "Reading what comes in"): the `threeDSecure` option's object form and the options of one
 * `requestPaymentMethod()` call. The first script only checks that the option is `true` or an
 * object; the panel's runtime reads the rest when it makes 3D Secure and with each request, so
 * that these readers stay out of the first script.
 * @packageDocumentation
 */
import { createError } from '../shared/errors';
import {
  INVALID,
  boolean,
  isObject,
  looseObject,
  nonEmptyString,
  nonNegativeNumber,
  object,
  oneOf,
  optional,
  record,
  refusal,
  string,
  union,
  unknownValue,
  type Infer,
  type ObjectOf,
  type Reader,
} from '../shared/strict-readers';

/** An amount: a decimal string such as `"10.00"`, or a number of at least 0. */
const amount = union(nonEmptyString, nonNegativeNumber);

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

/** The readers of what the panel checks of {@link ThreeDSecureAdditionalInformation}, by key. */
const threeDSecureAdditionalFields = {
  /** Size of the issuer's challenge window; `03` when not given. */
  acsWindowSize: optional(acsWindowSize),
  /** Where the order ships. */
  shippingAddress: optional(threeDSecureAddress),
};

/** Reads {@link ThreeDSecureAdditionalInformation}; every other field is kept for the issuer. */
export const threeDSecureAdditionalInformation = looseObject(
  threeDSecureAdditionalFields,
) as Reader<ThreeDSecureAdditionalInformation>;

/**
 * What else the issuer may weigh: the challenge window's size, shipping, and the other fields of the
 * provider's `additionalInformation`, sent to the issuer as they are.
 */
export interface ThreeDSecureAdditionalInformation extends ObjectOf<typeof threeDSecureAdditionalFields> {
  workPhoneNumber?: string;
  shippingGivenName?: string;
  shippingSurname?: string;
  shippingPhone?: string;
  shippingMethod?: string;
  shippingMethodIndicator?: string;
  productCode?: string;
  deliveryTimeframe?: string;
  deliveryEmail?: string;
  reorderindicator?: string;
  preorderIndicator?: string;
  preorderDate?: string;
  giftCardAmount?: string;
  giftCardCurrencyCode?: string;
  giftCardCount?: string;
  accountAgeIndicator?: string;
  accountCreateDate?: string;
  accountChangeIndicator?: string;
  accountChangeDate?: string;
  accountPwdChangeIndicator?: string;
  accountPwdChangeDate?: string;
  shippingAddressUsageIndicator?: string;
  shippingAddressUsageDate?: string;
  transactionCountDay?: string;
  transactionCountYear?: string;
  addCardAttempts?: string;
  accountPurchases?: string;
  fraudActivity?: string;
  shippingNameIndicator?: string;
  paymentAccountIndicator?: string;
  paymentAccountAge?: string;
  sdkMaxTimeout?: string;
  addressMatch?: string;
  accountId?: string;
  ipAddress?: string;
  orderDescription?: string;
  taxAmount?: string;
  userAgent?: string;
  authenticationIndicator?: string;
  installment?: string;
  purchaseDate?: string;
  recurringEnd?: string;
  recurringFrequency?: string;
}

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
  /** The card is being saved, and the issuer is asked to challenge the shopper. */
  cardAddChallengeRequested: optional(boolean),
  /** The merchant's name as the issuer shows it. */
  merchantName: optional(string()),
  /** Custom fields of the merchant's 3D Secure rules, by name. */
  customFields: optional(record(string())),
  /** Sends the browser's details (screen, language, time zone) the issuer weighs. */
  collectDeviceData: optional(boolean),
  /** The shopper's details, as 3D Secure 1 took them; passed to the lookup as they are. */
  customer: optional(record(unknownValue)),
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

/** Reads {@link ThreeDSecureSettings}. */
export const threeDSecureSettings = object({
  ...threeDSecureRequestFields,
  /**
   * Songbird's settings (`timeout`, `maxRequestRetries`, `logging`, `payment.displayLoading`,
   * `payment.displayExitButton`), given to its `configure()`.
   */
  cardinalSDKConfig: optional(record(unknownValue)),
});

/**
 * The object form of the `three-d-secure` option: Songbird's settings, and verify options every
 * request starts from (`amount` here is the older form, still read).
 */
export type ThreeDSecureSettings = Infer<typeof threeDSecureSettings>;

/** Reads {@link ThreeDSecureOptions}. */
export const threeDSecureOptions = union(boolean, threeDSecureSettings);

/**
 * 3D Secure verification of every card request: the `three-d-secure` option. `true` (or an object)
 * turns it on, `false` leaves it off as in the drop-in; the amount and the other verify options come with each request
 * (`requestPaymentMethod({threeDSecure: {amount, …}})`), laid over those given here (`amount` here
 * is the older form, still read).
 */
export type ThreeDSecureOptions = boolean | ThreeDSecureSettings;

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

/** Reads a value with a reader, or throws `INVALID_OPTION` naming `threeDSecure` with why it does not fit. */
function readOrRefuse<T>(reader: Reader<T>, value: unknown, reasonFor: () => string): T {
  let reason: string;
  // A value whose reading throws (a getter, a proxy) is refused like any value that does not fit.
  try {
    const read = reader(value);
    if (read !== INVALID) return read;
    reason = reasonFor();
  } catch {
    reason = 'the value cannot be read';
  }
  throw createError('INVALID_OPTION', { option: 'threeDSecure' }, { reason });
}

/**
 * The `threeDSecure` option read whole (the first script checked that it is `true` or an object):
 * throws `INVALID_OPTION` when a key does not fit.
 */
export function readThreeDSecureOption(value: unknown): ThreeDSecureOptions {
  return readOrRefuse(threeDSecureOptions, value, () => refusal(threeDSecureOptions, value));
}

/**
 * The options of one `requestPaymentMethod()` call, `{threeDSecure?}`, copied: `threeDSecure` is
 * read like the option (its keys all optional) and refused with `INVALID_OPTION` naming it.
 * Anything but an object counts as no options, as in the drop-in.
 */
export function readRequestOptions(input: unknown): RequestPaymentMethodOptions {
  if (!isObject(input)) return {};
  return readOrRefuse(requestPaymentMethodOptions, input, () =>
    refusal(threeDSecureRequestOptions, input.threeDSecure),
  );
}
