/**
 * The element's DOM events: one typed map from event name to `detail`, and one `emit()` that
 * dispatches on the host so events bubble out of the shadow root (docs/element.md, "Events").
 * @packageDocumentation
 */
import type { PaymentMethodType, PaymentOption } from '../model';
import type { PanelError } from '../shared/errors';
import type { CardCandidate, FieldKey, FieldState } from '../shared/hosted-fields';

/** `detail` of the `ready` event. */
export interface ReadyDetail {
  /** Version of the panel. */
  version: string;
}

/** `detail` of the `paymentMethodRequestable` event. */
export interface PaymentMethodRequestableDetail {
  /** Type of the method `requestPaymentMethod()` would hand over. */
  type: PaymentMethodType;
  /** Whether the shopper picked an existing method (a saved one) rather than completing a form. */
  paymentMethodIsSelected: boolean;
}

/** `detail` of the `paymentOptionSelected` event. */
export interface PaymentOptionSelectedDetail {
  /** The option the shopper picked from the list. */
  paymentOption: PaymentOption;
}

/**
 * Id of a view of the panel, as the drop-in named its views: a payment option's sheet (`card`,
 * `paypal`, `paypalCredit`, `paypalPayLater`, `venmo`, `applePay`, `googlePay`), the saved methods (`methods`), the
 * option list (`options`) or the question before a saved method is deleted (`delete-confirmation`).
 */
export type PanelViewId =
  | 'card'
  | 'paypal'
  | 'paypalCredit'
  | 'paypalPayLater'
  | 'venmo'
  | 'applePay'
  | 'googlePay'
  | 'methods'
  | 'options'
  | 'delete-confirmation';

/** `detail` of the `changeActiveView` event. */
export interface ChangeActiveViewDetail {
  /** The view shown until now; `undefined` when the panel shows its first view. */
  previousViewId: PanelViewId | undefined;
  /** The view shown now. */
  newViewId: PanelViewId;
}

/** One card field's state in a card event's `detail`. */
export interface CardFieldEventState extends FieldState {
  /** The element of the page that holds the field's frame. */
  container: Element;
}

/**
 * `detail` of the card events (`cardFocus`, `cardBlur`, `cardEmpty`, `cardNotEmpty`,
 * `cardValidityChange`, `cardCardTypeChange`, `cardInputSubmitRequest`): the state of the card
 * fields, as the drop-in's `card:*` events carried it. Never a value the shopper typed.
 */
export interface CardEventDetail {
  /** The brands the number may still be (one once it is known; empty before the number reports). */
  cards: CardCandidate[];
  /** The field whose change fired the event. */
  emittedBy: FieldKey;
  /** The state of every field of the card sheet, by its key. */
  fields: Partial<Record<FieldKey, CardFieldEventState>>;
}

/** `detail` of the `cardBinAvailable` event. */
export interface CardBinAvailableDetail {
  /** The number's first six digits. */
  bin: string;
}

/** Every event `<payment-panel>` fires, by name, with its `detail` type. */
export interface PaymentPanelEventDetails {
  /**
   * Every asynchronous dependency has finished (the configuration, the card fields, the saved
   * methods and, with `data-collector`, the device data) and the panel shows; `detail` is
   * `{version}`.
   */
  ready: ReadyDetail;
  /**
   * Something failed; `detail` is the catalogue error, `{type, code, message, details}`: the
   * authorization is missing or malformed, the configuration call failed, a gateway URL is on a
   * foreign domain, an option is malformed (`INVALID_OPTION`), the payment options are refused
   * (`PAYMENT_OPTION_PRIORITY_NOT_ARRAY`, `PAYMENT_OPTION_PRIORITY_INVALID`,
   * `NO_VALID_PAYMENT_OPTIONS`), the card fields cannot be created, `apple-pay` is set but the
   * configuration has no Apple Pay (`APPLE_PAY_NOT_ENABLED`), `three-d-secure` is set but 3D Secure
   * cannot be used (`THREEDS_CAN_NOT_USE_TOKENIZATION_KEY`, `THREEDS_NOT_ENABLED`,
   * `THREEDS_HTTPS_REQUIRED`), PayPal cannot start (`PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED`),
   * `google-pay` is set but Google Pay cannot be offered (`GOOGLE_PAYMENT_…`), `venmo`'s keys do not
   * fit (`VENMO_INVALID_…`), or a PayPal, Venmo, Apple Pay or Google Pay flow the shopper started
   * fails or is cancelled where the merchant hears of it (`PAYPAL_…`, `VENMO_…`, `APPLE_PAY_…`,
   * `GOOGLE_PAYMENT_…`).
   */
  errorOccurred: PanelError;
  /**
   * `requestPaymentMethod()` can now succeed; `detail` is `{type, paymentMethodIsSelected}`: the
   * card form became complete and valid (`{type: 'CreditCard', paymentMethodIsSelected: false}`), or
   * a method of the list is selected (`paymentMethodIsSelected: true`, 200 ms after the selection),
   * such as the PayPal or Venmo account or Apple Pay card the shopper just approved (`type`
   * `PayPalAccount`, `VenmoAccount`, `ApplePayCard` or `AndroidPayCard`). Fired only when this or its type changes, and once more
   * when 3D Secure verified the card a request handed over, which then goes under a new nonce
   * (`paymentMethodIsSelected: true`).
   */
  paymentMethodRequestable: PaymentMethodRequestableDetail;
  /** `requestPaymentMethod()` can no longer succeed without the shopper's help; `detail` is `null`. */
  noPaymentMethodRequestable: null;
  /**
   * The shopper picked an option from the list: `card`, `paypal`, `paypalCredit`, `paypalPayLater`,
   * `applePay` or `googlePay`; `detail` is `{paymentOption}`.
   */
  paymentOptionSelected: PaymentOptionSelectedDetail;
  /** The error the panel showed is gone (the shopper moved to another view); `detail` is `null`. */
  errorCleared: null;
  /**
   * The panel cannot be used and shows its error instead of a sheet: a refused authorization or
   * configuration, no option left to pay with, a file of the panel that did not load; `detail` is
   * the catalogue error. Fired once per failed start, after its `errorOccurred`;
   * `paymentPanel.create()` rejects with it.
   */
  cancelInitialization: PanelError;
  /**
   * The panel shows another view; `detail` is `{previousViewId, newViewId}` with the drop-in's view
   * ids (`card`, `paypal`, `paypalCredit`, `venmo`, `applePay`, `googlePay`, `methods`, `options`,
   * `delete-confirmation`; `paypalPayLater` for the panel's Pay Later sheet); `previousViewId` is `undefined` for the first view, which shows just
   * before `ready`.
   */
  changeActiveView: ChangeActiveViewDetail;
  /** A card field took the focus; `detail` is the card fields' state `{cards, emittedBy, fields}`. */
  cardFocus: CardEventDetail;
  /** A card field lost the focus; `detail` is the card fields' state. */
  cardBlur: CardEventDetail;
  /** A card field became empty; `detail` is the card fields' state. */
  cardEmpty: CardEventDetail;
  /** A card field that was empty is not any more; `detail` is the card fields' state. */
  cardNotEmpty: CardEventDetail;
  /**
   * A card field's `isValid` or `isPotentiallyValid` changed; `detail` is the card fields' state.
   */
  cardValidityChange: CardEventDetail;
  /**
   * The brands the card number may be changed (`cards`); `detail` is the card fields' state, fired
   * by the number field.
   */
  cardCardTypeChange: CardEventDetail;
  /** The shopper pressed Enter in a card field; `detail` is the card fields' state. */
  cardInputSubmitRequest: CardEventDetail;
  /**
   * The card number has six digits: `detail` is `{bin}`, its first six. Fired again only when
   * those six change (the shopper typed another number, or typed it again after deleting it).
   */
  cardBinAvailable: CardBinAvailableDetail;
  /** The shopper cancelled the 3D Secure challenge (the modal's close button, Escape, or the issuer's Cancel); `detail` is `null`. */
  threeDSecureCustomerCanceled: null;
  /** The 3D Secure challenge shows in the panel's modal; `detail` is `null`. */
  threeDSecureAuthenticationModalRender: null;
  /** The 3D Secure challenge's modal closed, however the challenge ended; `detail` is `null`. */
  threeDSecureAuthenticationModalClose: null;
}

/**
 * The drop-in's name of each event whose name on the element differs: the name under which the
 * instance of `paymentPanel.create()` hands it to `on`, `off` and `hasListener` (every other event
 * has the same name on both).
 */
export interface DropinEventNames {
  cardFocus: 'card:focus';
  cardBlur: 'card:blur';
  cardEmpty: 'card:empty';
  cardNotEmpty: 'card:notEmpty';
  cardValidityChange: 'card:validityChange';
  cardCardTypeChange: 'card:cardTypeChange';
  cardInputSubmitRequest: 'card:inputSubmitRequest';
  cardBinAvailable: 'card:binAvailable';
  threeDSecureCustomerCanceled: '3ds:customer-canceled';
  threeDSecureAuthenticationModalRender: '3ds:authentication-modal-render';
  threeDSecureAuthenticationModalClose: '3ds:authentication-modal-close';
}

/** An element event's name as the instance of `paymentPanel.create()` knows it. */
export type InstanceEventName<K extends PaymentPanelEventName> = K extends keyof DropinEventNames
  ? DropinEventNames[K]
  : K;

/** Every event of the instance of `paymentPanel.create()`, by its drop-in name, with its `detail` type. */
export type PaymentPanelInstanceEventDetails = {
  [K in PaymentPanelEventName as InstanceEventName<K>]: PaymentPanelEventDetails[K];
};

/** Name of an event of the instance of `paymentPanel.create()`, e.g. `card:focus`. */
export type PaymentPanelInstanceEventName = keyof PaymentPanelInstanceEventDetails;

/** Name of an event of `<payment-panel>`. */
export type PaymentPanelEventName = keyof PaymentPanelEventDetails;

/** The element's events as `addEventListener` sees them. */
export type PaymentPanelEventMap = {
  [K in PaymentPanelEventName]: CustomEvent<PaymentPanelEventDetails[K]>;
};

declare global {
  // Lets `panel.addEventListener('errorOccurred', (e) => e.detail.code)` type-check for merchants.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface HTMLElementEventMap extends PaymentPanelEventMap {}
}

/** Dispatches a panel event on the host element, bubbling and crossing the shadow boundary. */
export function emit<K extends PaymentPanelEventName>(
  host: EventTarget,
  name: K,
  detail: PaymentPanelEventDetails[K],
): void {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
