/**
 * The instance `paymentPanel.create()` resolves with (docs/drop-in.md, "The instance"): the
 * drop-in's methods over a `<payment-panel>`, with the drop-in's calling convention, plus `on`,
 * `off` and `hasListener` for its events under the drop-in's names (`card:focus`…). It is made once the panel is `ready`, when the panel's runtime file is there, so it
 * travels in that file rather than in the first script.
 * @packageDocumentation
 */
import type { PaymentMethodPayload, PaymentOption } from '../../model';
import type { RequestPaymentMethodOptions } from '../../model/options';
import { answer, type Callback } from '../../shared/callback';
import { createError, isPanelError } from '../../shared/errors';
import type { PaymentPanelInstanceEventDetails, PaymentPanelInstanceEventName } from '../events';
import { coordinatorOf } from './coordinator';

/** What the instance calls on the element. */
export interface InstanceElement extends HTMLElement {
  requestPaymentMethod(options?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
  getAvailablePaymentOptions(): PaymentOption[];
  clearSelectedPaymentMethod(): void;
  updateConfiguration(property: string, key: string, value: unknown): void;
  teardown(): Promise<void>;
}

/**
 * A panel made by `paymentPanel.create()`, over its element. Every method takes an optional
 * Node-style callback last, as the drop-in's did: with one, the method returns `undefined` and calls
 * `callback(error, result)` once, asynchronously (an error it would throw included); without one it
 * returns its value. The public type is `PaymentPanelInstance` (src/element/create-panel.ts).
 */
export interface PanelInstance<E extends InstanceElement = InstanceElement> {
  /** The `<payment-panel>` element in the page. */
  readonly element: E;
  /**
   * The element's `requestPaymentMethod()`; `options.threeDSecure` carries the amount and the other
   * verify options of this request (docs/three-d-secure.md). When a card's 3D Secure verification
   * fails, the selection is cleared, the saved methods are fetched again, and the request rejects
   * with `THREEDS_AUTHENTICATION_FAILED` (`details.originalError` is why). The options may be left
   * out before a callback: `requestPaymentMethod(callback)`.
   */
  requestPaymentMethod(options?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload>;
  requestPaymentMethod(callback: Callback<PaymentMethodPayload>): void;
  requestPaymentMethod(
    options: RequestPaymentMethodOptions | undefined,
    callback: Callback<PaymentMethodPayload>,
  ): void;
  /** Whether `requestPaymentMethod()` would succeed without the shopper doing more. */
  isPaymentMethodRequestable(): boolean;
  isPaymentMethodRequestable(callback: Callback<boolean>): void;
  /**
   * The payment options on offer (those that passed their checks), in the priority order, e.g.
   * `['card', 'paypal']`.
   */
  getAvailablePaymentOptions(): PaymentOption[];
  getAvailablePaymentOptions(callback: Callback<PaymentOption[]>): void;
  /**
   * Deselects the chosen method, empties the card fields, drops the methods not saved to the vault,
   * shows the first view again, and fetches the saved methods again with fresh nonces.
   */
  clearSelectedPaymentMethod(callback?: Callback<void>): void;
  /**
   * Changes one key of the `paypal`, `paypalCredit`, `paypalPayLater`, `applePay`, `googlePay` or
   * `threeDSecure` option, e.g. `updateConfiguration('threeDSecure', 'amount', '12.00')`; for a wallet, its methods
   * not saved to the vault are dropped. Another property fires `errorOccurred` with
   * `INVALID_OPTION`.
   */
  updateConfiguration(property: string, key: string, value: unknown, callback?: Callback<void>): void;
  /**
   * Tears the panel down and removes its element; calls still pending reject with
   * `METHOD_CALLED_AFTER_TEARDOWN`.
   */
  teardown(): Promise<void>;
  teardown(callback: Callback<void>): void;
  /**
   * Calls `handler` with the event's `detail` each time the panel fires it. Events go by the
   * drop-in's names: `card:focus` for the element's `cardFocus`, `3ds:customer-canceled` for
   * `threeDSecureCustomerCanceled` (docs/element.md, "Events"); a handler added twice is called twice.
   */
  on<K extends PaymentPanelInstanceEventName>(
    event: K,
    handler: (detail: PaymentPanelInstanceEventDetails[K]) => void,
  ): void;
  /**
   * Removes a handler added with `on` for that event (once, if it was added twice); a handler never
   * added removes nothing.
   */
  off<K extends PaymentPanelInstanceEventName>(
    event: K,
    handler: (detail: PaymentPanelInstanceEventDetails[K]) => void,
  ): void;
  /** Whether a handler added with `on` listens to the event. */
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

/**
 * Runs a method the drop-in's way: without a callback, returns what `work` returns (or throws);
 * with one, returns `undefined` and answers through it once, asynchronously.
 */
function respond<T>(callback: unknown, work: () => T): T | undefined {
  if (typeof callback !== 'function') return work();
  // The executor runs `work` now; what it throws becomes the rejection the callback hears.
  void answer(
    new Promise<Awaited<T>>((resolve) => {
      resolve(work() as Awaited<T>);
    }),
    callback as Callback<Awaited<T>>,
  ).catch(() => undefined);
  return undefined;
}

/**
 * 3D Secure's codes that are no failed verification (the merchant's mistake, or 3D Secure refused
 * before its file came): the request rejects with them as they are.
 */
const NOT_A_VERIFICATION = [
  'THREEDS_MISSING_VERIFY_CARD_OPTION',
  'THREEDS_AUTHENTICATION_IN_PROGRESS',
  'THREEDS_NOT_ENABLED',
  'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
];

/**
 * The instance of a created panel's element, once 3D Secure is set up when the merchant asks for
 * it and a saved method chosen as the panel became ready is requestable, as in the drop-in: a
 * set-up that failed (3D Secure refused, its file or Songbird not loaded or set up) removes the
 * panel and rejects with `THREEDS_SETUP_FAILED`, as the drop-in's `create()` did.
 */
export async function panelInstance<E extends InstanceElement>(element: E): Promise<PanelInstance<E>> {
  const coordinator = coordinatorOf(element);
  const failure = await coordinator?.threeDSecureSetUp();
  if (failure) {
    await element.teardown().catch(() => undefined);
    element.remove();
    throw failure;
  }
  await coordinator?.activeMethodSettled();
  return instanceOf(element);
}

/** The instance over an element. */
export function instanceOf<E extends InstanceElement>(element: E): PanelInstance<E> {
  /**
   * The handlers `on` added, by the instance's event name, in order, each with the element's
   * listener that calls it. A handler added twice is called twice, and `off` removes one of them;
   * `off` with a handler never added removes nothing.
   */
  const listeners = new Map<string, [handler: (detail: never) => void, listener: EventListener][]>();

  const request = (options?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload> =>
    element.requestPaymentMethod(options).catch(async (error: unknown) => {
      if (
        !isPanelError(error) ||
        !error.code.startsWith('THREEDS_') ||
        NOT_A_VERIFICATION.includes(error.code)
      ) {
        throw error;
      }
      // As the drop-in: the card that failed is let go, and the saved methods come with new nonces.
      const coordinator = coordinatorOf(element);
      element.clearSelectedPaymentMethod();
      await coordinator?.refreshed;
      throw createError('THREEDS_AUTHENTICATION_FAILED', undefined, { originalError: error });
    });

  const instance = {
    element,
    requestPaymentMethod: (options?: unknown, callback?: unknown) =>
      typeof options === 'function'
        ? respond(options, () => request())
        : respond(callback, () => request(options as RequestPaymentMethodOptions | undefined)),
    isPaymentMethodRequestable: (callback?: unknown) =>
      respond(callback, () => element.isPaymentMethodRequestable()),
    getAvailablePaymentOptions: (callback?: unknown) =>
      respond(callback, () => element.getAvailablePaymentOptions()),
    clearSelectedPaymentMethod: (callback?: unknown) =>
      respond(callback, () => {
        element.clearSelectedPaymentMethod();
      }),
    updateConfiguration: (property: string, key: string, value: unknown, callback?: unknown) =>
      respond(callback, () => {
        element.updateConfiguration(property, key, value);
      }),
    teardown: (callback?: unknown) =>
      respond(callback, () =>
        element.teardown().then(() => {
          element.remove();
        }),
      ),
    on(event: PaymentPanelInstanceEventName, handler: (detail: never) => void) {
      const listener = (e: Event): void => {
        handler((e as CustomEvent).detail as never);
      };
      listeners.set(event, [...(listeners.get(event) ?? []), [handler, listener]]);
      element.addEventListener(elementEventName(event), listener);
    },
    off(event: PaymentPanelInstanceEventName, handler: (detail: never) => void) {
      const added = listeners.get(event) ?? [];
      const index = added.findIndex(([known]) => known === handler);
      if (index < 0) return;
      for (const [, listener] of added.splice(index, 1)) {
        element.removeEventListener(elementEventName(event), listener);
      }
    },
    hasListener: (event: PaymentPanelInstanceEventName) => (listeners.get(event)?.length ?? 0) > 0,
  };
  return instance as unknown as PanelInstance<E>;
}
