/**
 * The element's DOM events: one typed map from event name to `detail`, and one `emit()` that
 * dispatches on the host so events bubble out of the shadow root (docs/element.md, "Events").
 * @packageDocumentation
 */
import type { PaymentMethodType, PaymentOption } from '../model';
import type { PanelError } from '../shared/errors';

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
   * `google-pay` is set but Google Pay cannot be offered (`GOOGLE_PAYMENT_…`), or a PayPal, Apple Pay
   * or Google Pay flow the shopper started fails (`PAYPAL_…`, `APPLE_PAY_…`, `GOOGLE_PAYMENT_…`).
   */
  errorOccurred: PanelError;
  /**
   * `requestPaymentMethod()` can now succeed; `detail` is `{type, paymentMethodIsSelected}`: the
   * card form became complete and valid (`{type: 'CreditCard', paymentMethodIsSelected: false}`), or
   * a method of the list is selected (`paymentMethodIsSelected: true`, 200 ms after the selection),
   * such as the PayPal account or Apple Pay card the shopper just approved (`type` `PayPalAccount`,
   * `ApplePayCard` or `AndroidPayCard`). Fired only when this or its type changes.
   */
  paymentMethodRequestable: PaymentMethodRequestableDetail;
  /** `requestPaymentMethod()` can no longer succeed without the shopper's help; `detail` is `null`. */
  noPaymentMethodRequestable: null;
  /**
   * The shopper picked an option from the list: `card`, `paypal`, `paypalCredit`, `applePay` or
   * `googlePay`; `detail` is `{paymentOption}`.
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
}

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
