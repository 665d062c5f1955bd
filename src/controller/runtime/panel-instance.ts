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
import type { PaymentPanelInstanceEventDetails, PaymentPanelInstanceEventName } from '../events';

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

/**
 * The element's name of an instance's event (the names of `DropinEventNames`, src/controller/events.ts):
 * `card:focus` is `cardFocus`, `3ds:customer-canceled` is `threeDSecureCustomerCanceled`; any other
 * name is the element's own. Derived rather than listed: the runtime file is loaded before `ready`.
 */
export function elementEventName(event: string): string {
  return event
    .replace(/^3ds:/, 'threeDSecure:')
    .replace(/[:-](.)/g, (_, letter: string) => letter.toUpperCase());
}

/** The instance of a created panel's element. */
export function panelInstance<E extends InstanceElement>(element: E): PanelInstance<E> {
  /**
   * The handlers `on` added, by the instance's event name, in order, each with the element's
   * listener that calls it. A handler added twice is called twice, and `off` removes one of them;
   * `off` with a handler never added removes nothing.
   */
  const listeners = new Map<string, [handler: (detail: never) => void, listener: EventListener][]>();
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
      listeners.set(event, [...(listeners.get(event) ?? []), [handler, listener]]);
      element.addEventListener(elementEventName(event), listener);
    },
    off(event, handler) {
      const added = listeners.get(event) ?? [];
      const index = added.findIndex(([added]) => added === handler);
      if (index < 0) return;
      for (const [, listener] of added.splice(index, 1))
        element.removeEventListener(elementEventName(event), listener);
    },
    hasListener: (event) => (listeners.get(event)?.length ?? 0) > 0,
  };
}
