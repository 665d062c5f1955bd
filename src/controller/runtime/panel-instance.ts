/**
 * The instance `paymentPanel.create()` resolves with (docs/drop-in.md, "The instance"): the
 * drop-in's methods over a `<payment-panel>`, promise- or callback-style, plus `on`, `off` and
 * `hasListener` for its events under the drop-in's names (`card:focus`…). It is made once the panel is `ready`, when the panel's runtime file is there, so it
 * travels in that file rather than in the first script.
 * @packageDocumentation
 */
import type { PaymentMethodPayload } from '../../model';
import type { RequestPaymentMethodOptions } from '../../model/options';
import { answer, type Callback } from '../../shared/callback';
import type {
  DropinEventNames,
  PaymentPanelInstanceEventDetails,
  PaymentPanelInstanceEventName,
} from '../events';

/** What the instance calls on the element. */
export interface InstanceElement extends HTMLElement {
  requestPaymentMethod(options?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
  clearSelectedPaymentMethod(): void;
  updateConfiguration(property: string, key: string, value: unknown): void;
  teardown(): Promise<void>;
}

/** The instance over an element; the public type is `PaymentPanelInstance` (src/element/create-panel.ts). */
export interface PanelInstance<E extends InstanceElement> {
  readonly element: E;
  requestPaymentMethod(
    options?: RequestPaymentMethodOptions | Callback<PaymentMethodPayload>,
    callback?: Callback<PaymentMethodPayload>,
  ): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
  clearSelectedPaymentMethod(): void;
  updateConfiguration(property: string, key: string, value: unknown): void;
  teardown(callback?: Callback<void>): Promise<void>;
  on<K extends PaymentPanelInstanceEventName>(
    event: K,
    handler: (detail: PaymentPanelInstanceEventDetails[K]) => void,
  ): void;
  off<K extends PaymentPanelInstanceEventName>(
    event: K,
    handler: (detail: PaymentPanelInstanceEventDetails[K]) => void,
  ): void;
  hasListener(event: PaymentPanelInstanceEventName): boolean;
}

/** The drop-in's names of the element's events that the element names otherwise. */
const DROPIN_EVENT_NAMES: DropinEventNames = {
  cardFocus: 'card:focus',
  cardBlur: 'card:blur',
  cardEmpty: 'card:empty',
  cardNotEmpty: 'card:notEmpty',
  cardValidityChange: 'card:validityChange',
  cardCardTypeChange: 'card:cardTypeChange',
  cardInputSubmitRequest: 'card:inputSubmitRequest',
  cardBinAvailable: 'card:binAvailable',
  threeDSecureCustomerCanceled: '3ds:customer-canceled',
  threeDSecureAuthenticationModalRender: '3ds:authentication-modal-render',
  threeDSecureAuthenticationModalClose: '3ds:authentication-modal-close',
};

/** The element's name of each of the instance's events that the element names otherwise. */
const ELEMENT_EVENT_NAMES = new Map<string, string>(
  Object.entries(DROPIN_EVENT_NAMES).map(([element, dropin]) => [dropin, element]),
);

/** The element's name of an instance's event: the drop-in's name, or the element's own. */
export function elementEventName(event: string): string {
  return ELEMENT_EVENT_NAMES.get(event) ?? event;
}

/** The instance of a created panel's element. */
export function panelInstance<E extends InstanceElement>(element: E): PanelInstance<E> {
  /**
   * The handlers `on` added, by the instance's event name, in order, each with the element's
   * listener that calls it. A handler added twice is called twice, and `off` removes one of them;
   * `off` with a handler never added removes nothing.
   */
  const listeners = new Map<string, { handler: (detail: never) => void; listener: EventListener }[]>();
  return {
    element,
    requestPaymentMethod: (options, callback) =>
      typeof options === 'function'
        ? answer(element.requestPaymentMethod(), options)
        : answer(element.requestPaymentMethod(options), callback),
    isPaymentMethodRequestable: () => element.isPaymentMethodRequestable(),
    clearSelectedPaymentMethod: () => {
      element.clearSelectedPaymentMethod();
    },
    updateConfiguration: (property, key, value) => {
      element.updateConfiguration(property, key, value);
    },
    teardown: (callback) =>
      answer(
        element.teardown().then(() => {
          element.remove();
        }),
        callback,
      ),
    on(event, handler) {
      const listener = (e: Event): void => {
        handler((e as CustomEvent<PaymentPanelInstanceEventDetails[typeof event]>).detail);
      };
      const added = listeners.get(event) ?? [];
      listeners.set(event, [...added, { handler, listener }]);
      element.addEventListener(elementEventName(event), listener);
    },
    off(event, handler) {
      const added = listeners.get(event) ?? [];
      const index = added.findIndex((entry) => entry.handler === handler);
      const entry = added[index];
      if (!entry) return;
      listeners.set(
        event,
        added.filter((_, at) => at !== index),
      );
      element.removeEventListener(elementEventName(event), entry.listener);
    },
    hasListener: (event) => (listeners.get(event)?.length ?? 0) > 0,
  };
}
