/**
 * The instance `paymentPanel.create()` resolves with (docs/drop-in.md, "The instance"): the
 * drop-in's methods over a `<payment-panel>`, promise- or callback-style, plus `on`/`off` for its
 * events. It is made once the panel is `ready`, when the panel's runtime file is there, so it
 * travels in that file rather than in the first script.
 * @packageDocumentation
 */
import type { PaymentMethodPayload } from '../../model';
import type { RequestPaymentMethodOptions } from '../../model/options';
import { answer, type Callback } from '../../shared/callback';
import type { PaymentPanelEventDetails, PaymentPanelEventName } from '../events';

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
  on<K extends PaymentPanelEventName>(event: K, handler: (detail: PaymentPanelEventDetails[K]) => void): void;
  off<K extends PaymentPanelEventName>(
    event: K,
    handler: (detail: PaymentPanelEventDetails[K]) => void,
  ): void;
}

/** The instance of a created panel's element. */
export function panelInstance<E extends InstanceElement>(element: E): PanelInstance<E> {
  const listeners = new Map<(detail: never) => void, EventListener>();
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
        handler((e as CustomEvent<PaymentPanelEventDetails[typeof event]>).detail);
      };
      listeners.set(handler, listener);
      element.addEventListener(event, listener);
    },
    off(event, handler) {
      const listener = listeners.get(handler);
      if (!listener) return;
      listeners.delete(handler);
      element.removeEventListener(event, listener);
    },
  };
}
