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
  /** Every asynchronous dependency (configuration, card fields, saved methods, device data) has finished and the panel shows. */
  ready: ReadyDetail;
  /** Something failed; `detail` is the catalogue error (`type`, `code`, `message`, `details`). */
  errorOccurred: PanelError;
  /** `requestPaymentMethod()` can now succeed; fired only when this or its type changes. */
  paymentMethodRequestable: PaymentMethodRequestableDetail;
  /** `requestPaymentMethod()` can no longer succeed without the shopper's help. */
  noPaymentMethodRequestable: null;
  /** The shopper picked a payment option from the list. */
  paymentOptionSelected: PaymentOptionSelectedDetail;
  /** The error the panel showed is gone (the shopper moved on). */
  errorCleared: null;
  /**
   * The panel cannot be used and shows its error instead of a sheet (a refused authorization or
   * configuration, no option left to pay with, a file of the panel that did not load); `detail` is
   * the catalogue error. Fired once per failed start, after its `errorOccurred`.
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
