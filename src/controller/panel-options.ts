/**
 * The merchant's options of the panel, as the element hands them to React once it has checked
 * them. Names follow the drop-in the panel replaces, so its options carry over unchanged.
 * @packageDocumentation
 */
import type { ThreeDSecure2Options } from '../methods/three-d-secure/verify-options';
import type { CardOptions } from './card-frames';

export type {
  AcsWindowSize,
  ThreeDSecure2Options,
  ThreeDSecureAdditionalInformation,
  ThreeDSecureAddress,
} from '../methods/three-d-secure/verify-options';

/** A PayPal or PayPal Credit sheet's options (the flow's details are the PayPal sheet's to check). */
export interface PayPalOptions {
  /** `checkout` (one payment) or `vault` (a billing agreement). */
  flow?: 'checkout' | 'vault';
  /** Amount of a checkout, e.g. `"10.00"`. */
  amount?: string | number;
  /** ISO currency of a checkout, e.g. `"USD"`. */
  currency?: string;
  /** Any other option of the PayPal flow (intent, displayName, locale, shipping…). */
  [option: string]: unknown;
}

/** The Apple Pay sheet's options. */
export interface ApplePayOptions {
  /** Name shown on the payment sheet. */
  displayName?: string;
  /** Fields of Apple's payment request laid over the gateway's defaults (total, labels…). */
  paymentRequest?: Record<string, unknown>;
  [option: string]: unknown;
}

/** Google's button options (`ButtonOptions` of Google's Pay API), without its click handler. */
export interface GooglePayButtonOptions {
  /** `default`, `black` or `white`. */
  buttonColor?: 'default' | 'black' | 'white';
  /** What the button says, e.g. `buy`, `checkout`, `pay` or `plain`. */
  buttonType?: 'book' | 'buy' | 'checkout' | 'donate' | 'order' | 'pay' | 'plain' | 'subscribe';
  /** `static` (Google's size) or `fill` (the button area's width). */
  buttonSizeMode?: 'static' | 'fill';
}

/** The Google Pay sheet's options: the drop-in's `googlePay` option. */
export interface GooglePayOptions {
  /** The merchant's Google merchant id (`merchantInfo.merchantId`); required by Google in production. */
  merchantId?: string;
  /** Google Pay API version; the panel speaks 2 (any other is refused). */
  googlePayVersion?: number;
  /** The payment's amount, in Google's `TransactionInfo`. */
  transactionInfo: {
    /** ISO 4217 currency, e.g. `USD`. */
    currencyCode: string;
    /** `FINAL`, `ESTIMATED` or `NOT_CURRENTLY_KNOWN`. */
    totalPriceStatus: 'FINAL' | 'ESTIMATED' | 'NOT_CURRENTLY_KNOWN';
    /** The total as a decimal string, e.g. `"10.00"`. */
    totalPrice: string;
    /** ISO 3166-1 alpha-2 country of the merchant, e.g. `US`. */
    countryCode?: string;
    [member: string]: unknown;
  };
  button?: GooglePayButtonOptions;
  /** Any other member of Google's payment data request, laid over the panel's. */
  [member: string]: unknown;
}

/**
 * What a 3D Secure verification sends the issuer besides the card: the `three-d-secure` option, and
 * what `requestPaymentMethod({threeDSecure})` lays over it for one request. Every key but `amount`
 * is used by 3D Secure 2 only.
 */
export interface ThreeDSecureRequestOptions extends ThreeDSecure2Options {
  /** Amount of the transaction the card is verified for, e.g. `"10.00"`. */
  amount?: string | number;
}

/** 3D Secure verification of cards. */
export interface ThreeDSecureOptions extends ThreeDSecureRequestOptions {
  /** Amount of the transaction the card is verified for, e.g. `"10.00"`. */
  amount: string | number;
}

/** Options of one `requestPaymentMethod()` call. */
export interface RequestPaymentMethodOptions {
  /**
   * 3D Secure options for this request, laid key by key over the `three-d-secure` option (a key
   * given here replaces the option's whole value, `billingAddress` included).
   */
  threeDSecure?: ThreeDSecureRequestOptions;
}

/** Device data collection for fraud tools; at least one must be `true`. */
export interface DataCollectorOptions {
  kount?: boolean;
  paypal?: boolean;
}

/** Every merchant option of the panel, by property name. */
export interface PanelOptions {
  /** Locale of the panel's texts, e.g. `de_DE`. */
  locale?: string;
  /** Replacements of the panel's texts, by text key or error code. */
  translations?: Readonly<Record<string, string>>;
  /**
   * Order of the payment options; checked when the panel connects (docs/element.md, "Attributes and
   * properties").
   */
  paymentOptionPriority?: unknown;
  card?: CardOptions;
  paypal?: PayPalOptions;
  paypalCredit?: PayPalOptions;
  applePay?: ApplePayOptions;
  googlePay?: GooglePayOptions;
  threeDSecure?: ThreeDSecureOptions;
  dataCollector?: DataCollectorOptions;
  /** `false` leaves the first saved payment method unselected. Default `true`. */
  preselectVaultedPaymentMethod?: boolean;
}

/** Name of a merchant option. */
export type PanelOptionName = keyof PanelOptions;
