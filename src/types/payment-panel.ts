/**
 * The public surface of the bundle, as merchants' TypeScript sees it. The build rolls this module's
 * exports, everything they refer to and the source's global declarations (`<payment-panel>` in
 * `HTMLElementTagNameMap`, its events in `HTMLElementEventMap`, `window.paymentPanel`) into
 * `payment-panel.d.ts` in the versioned folder (see `build/declarations.ts`), so the published types
 * are the code's own. Nothing here ships in the bundle: the module holds types only.
 * @packageDocumentation
 */

// The element and its options.
export type { PaymentPanelElement } from '../element/payment-panel-element';
export type {
  AcsWindowSize,
  ApplePayOptions,
  CardFieldStyles,
  CardOptions,
  DataCollectorOptions,
  FieldStyle,
  FieldStyleSelector,
  GooglePayButtonOptions,
  GooglePayOptions,
  PanelOptionName,
  PanelOptions,
  PayPalOptions,
  PayPalAddress,
  RequestPaymentMethodOptions,
  ThreeDSecure2Options,
  ThreeDSecureAdditionalInformation,
  ThreeDSecureAddress,
  ThreeDSecureOptions,
  ThreeDSecureRequestOptions,
  SupportedCardBrands,
  ThreeDSecureSettings,
  Translations,
  VaultedPaymentMethodTypeId,
  VenmoLineItem,
  VenmoOptions,
} from '../model/options';
export type { TextKey } from '../i18n/en-US';

// What requestPaymentMethod() hands over.
export type {
  PaymentMethodPayload,
  PaymentMethodType,
  PaymentOption,
  ThreeDSecureDetails,
  ThreeDSecureTransStatus,
} from '../model';

// Events.
export type {
  CardBinAvailableDetail,
  CardEventDetail,
  CardFieldEventState,
  ChangeActiveViewDetail,
  DropinEventNames,
  PanelViewId,
  PaymentMethodRequestableDetail,
  PaymentOptionSelectedDetail,
  PaymentPanelEventDetails,
  PaymentPanelEventMap,
  PaymentPanelEventName,
  PaymentPanelInstanceEventDetails,
  PaymentPanelInstanceEventName,
  ReadyDetail,
} from '../controller/events';

// Errors.
export type { ErrorCode, ErrorDetails, ErrorType, PanelError, SerializedPanelError } from '../shared/errors';

// window.paymentPanel and what its functions take and give.
export type {
  PaymentPanelGlobal,
  StandaloneHostedFieldsOptions,
  StandaloneThreeDSecureOptions,
} from '../index';
export type { Callback, CreateOptions, PaymentPanelInstance } from '../element/create-panel';
export type {
  FieldOptions,
  FieldStateWithContainer,
  HostedFields,
  HostedFieldsEvent,
  HostedFieldsState,
} from '../methods/hosted-fields';
export type { CardCandidate, FieldKey, FieldState } from '../shared/hosted-fields';
export type { CardPayload } from '../shared/frame-messages';
export type {
  ThreeDSecure,
  ThreeDSecureInfo,
  // The element's `threeDSecure` option already has the name; these are createThreeDSecure()'s.
  ThreeDSecureOptions as ThreeDSecureComponentOptions,
  VerifyCardOptions,
  VerifyCardResult,
} from '../methods/three-d-secure';

import type { PaymentMethodPayload } from '../model';
import type { cardDetails } from '../shared/frame-message-parts';
import type { Infer } from '../shared/strict-readers';
import type { PayPalPayerInfo } from '../methods/paypal/paypal-checkout';

/**
 * A card's `details` as the gateway sends them: saved cards carry `cardType` and
 * `lastTwo` at least, new cards also the other fields when known.
 */
export interface CardDetails extends Infer<typeof cardDetails> {
  /** Any other field the gateway sent. */
  [field: string]: unknown;
}

/** A PayPal account's `details`: the payer's information the gateway sent, `{}` when none. */
export type PayPalAccountDetails = PayPalPayerInfo;

/** An Apple Pay card's `details` as the gateway sends them: `dpanLastTwo`, or `lastTwo` when saved. */
export interface ApplePayCardDetails {
  /** E.g. `Apple Pay - Visa`. */
  cardType: string;
  cardHolderName?: string;
  dpanLastTwo?: string;
  lastTwo?: string;
  /** Any other field the gateway sent. */
  [field: string]: unknown;
}

/** BIN data of a card: each flag `Yes`, `No` or `Unknown`. */
export interface BinData {
  prepaid?: string;
  healthcare?: string;
  debit?: string;
  durbinRegulated?: string;
  commercial?: string;
  payroll?: string;
  issuingBank?: string;
  countryOfIssuance?: string;
  productId?: string;
  /** Any other field the gateway sent. */
  [field: string]: unknown;
}

/**
 * A card's payload: a new card from the card sheet or a saved one (`vaulted`). With
 * `threeDSecure`, `liabilityShifted` and `liabilityShiftPossible` appear when a shift was possible,
 * and 3D Secure 2 adds `threeDSecureInfo`.
 */
export interface CardPaymentMethodPayload extends PaymentMethodPayload {
  type: 'CreditCard';
  details: CardDetails;
  /** E.g. `ending in 11`. */
  description: string;
  binData?: BinData;
}

/** A PayPal or PayPal Credit account's payload; `vaulted` after the vault flow or when saved. */
export interface PayPalPaymentMethodPayload extends PaymentMethodPayload {
  type: 'PayPalAccount';
  details: PayPalAccountDetails;
  description?: never;
  liabilityShifted?: never;
  liabilityShiftPossible?: never;
  threeDSecureInfo?: never;
}

/** An Apple Pay card's payload. */
export interface ApplePayPaymentMethodPayload extends PaymentMethodPayload {
  type: 'ApplePayCard';
  details: ApplePayCardDetails;
  description?: never;
  liabilityShifted?: never;
  liabilityShiftPossible?: never;
  threeDSecureInfo?: never;
  binData?: BinData;
}

/** A Google Pay card's `details`, as the token Google hands back carries them. */
export interface GooglePayCardDetails {
  /** E.g. `Visa`. */
  cardType: string;
  lastFour: string;
  lastTwo: string;
  /** Whether Google handed over a device token (a cryptogram) rather than the card number. */
  isNetworkTokenized: boolean;
  /** The first six digits. */
  bin: string;
  /** Any other field the gateway sent. */
  [field: string]: unknown;
}

/** A Google Pay card's payload: paid in the Google Pay sheet, or saved (`vaulted`). */
export interface GooglePayPaymentMethodPayload extends PaymentMethodPayload {
  type: 'AndroidPayCard';
  details: GooglePayCardDetails;
  /** E.g. `Android Pay`, as the gateway names it. */
  description?: string;
  liabilityShifted?: never;
  liabilityShiftPossible?: never;
  binData?: BinData;
}

/** A Venmo account's `details` (docs/venmo.md, "The payload"). */
export interface VenmoAccountDetails {
  /** The shopper's Venmo user name, with its `@`, e.g. `@venmojoe`. */
  username: string;
  /** The payment context the nonce came from, when it came from one. */
  paymentContextId?: string;
  /** What the shopper shared through the payment context (with `enrichedCustomerDataEnabled`). */
  payerInfo?: Record<string, unknown>;
  /** Any other field Venmo sent. */
  [field: string]: unknown;
}

/** A Venmo account's payload: never saved by the panel (`vaulted`), never verified with 3D Secure. */
export interface VenmoPaymentMethodPayload extends PaymentMethodPayload {
  type: 'VenmoAccount';
  details: VenmoAccountDetails;
  description?: never;
  vaulted?: never;
  liabilityShifted?: never;
  liabilityShiftPossible?: never;
  threeDSecureInfo?: never;
  binData?: never;
}

/**
 * {@link PaymentMethodPayload} told apart by `type`: what `requestPaymentMethod()` resolves with,
 * e.g. `const payload = (await panel.requestPaymentMethod()) as TypedPaymentMethodPayload;`, then
 * `if (payload.type === 'CreditCard') payload.details.lastTwo`.
 */
export type TypedPaymentMethodPayload =
  | CardPaymentMethodPayload
  | PayPalPaymentMethodPayload
  | VenmoPaymentMethodPayload
  | ApplePayPaymentMethodPayload
  | GooglePayPaymentMethodPayload;
