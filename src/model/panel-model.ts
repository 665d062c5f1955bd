/**
 * The panel model (docs/architecture.md, "The panel model"): what the panel holds (payment methods, the
 * active method and view, requestability, asynchronous dependencies, errors) and the events it emits.
 * Framework-free; React reads it through `useSyncExternalStore(model.subscribe, model.getSnapshot)`.
 * @packageDocumentation
 */
import { ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS } from '../shared/constants';
import type { PanelError } from '../shared/errors';
import type { PaymentOption } from './configuration';
import type { PaymentMethodType, RawPaymentMethod } from './payload';

/** Counts of asynchronous dependencies (a view's component, a wallet script…). */
export interface AsyncDependencyCounts {
  /** Started and not yet finished. */
  readonly starting: number;
  /** Finished successfully. */
  readonly ready: number;
  /** Finished with a failure (counted once per view). */
  readonly failed: number;
}

/** An immutable snapshot of the model; a new object only when something changed. */
export interface PanelModelState {
  /** The methods listed: saved ones and those added this session. */
  readonly paymentMethods: readonly RawPaymentMethod[];
  /** The method `requestPaymentMethod()` would hand over, if one is chosen. */
  readonly activePaymentMethod: RawPaymentMethod | null;
  /** Id of the view shown (a sheet, the option list, the saved methods). */
  readonly activeView: string | null;
  /** Whether `requestPaymentMethod()` can succeed now. */
  readonly isPaymentMethodRequestable: boolean;
  /** Type of the requestable method; `null` when nothing is requestable. */
  readonly requestableType: PaymentMethodType | null;
  readonly asyncDependencies: AsyncDependencyCounts;
  /** The first failure of each view, by view id. */
  readonly failedViews: Readonly<Record<string, PanelError>>;
  /** The error the sheet-level error area shows. */
  readonly error: PanelError | null;
  /** Whether initialization was cancelled. */
  readonly initializationCancelled: boolean;
}

/** Options of {@link PanelModel.setPaymentMethodRequestable}. */
export type RequestableOptions =
  | {
      isRequestable: true;
      type: PaymentMethodType;
      /** The chosen existing method, if requestability comes from one rather than from a form. */
      selectedPaymentMethod?: RawPaymentMethod | null;
      /**
       * Announce it even when neither the flag nor the type changes: the method is requestable
       * under a new nonce (3D Secure verified it).
       */
      announce?: boolean;
    }
  | {
      isRequestable: false;
      type?: PaymentMethodType | null;
      selectedPaymentMethod?: RawPaymentMethod | null;
    };

/** Every event of the model, by name, with its payload. */
export interface PanelModelEvents {
  /** The requestable flag became true, or its type changed while true. */
  paymentMethodRequestable: { type: PaymentMethodType; paymentMethodIsSelected: boolean };
  /** The requestable flag became false. */
  noPaymentMethodRequestable: undefined;
  /** Every started asynchronous dependency has finished, by success or failure. */
  asyncDependenciesReady: undefined;
  /** The active method changed and stayed for {@link ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS}. */
  changeActivePaymentMethod: { paymentMethod: RawPaymentMethod };
  paymentOptionSelected: { paymentOption: PaymentOption };
  errorOccurred: PanelError;
  errorCleared: undefined;
  cancelInitialization: PanelError;
}

/** Name of a model event. */
export type PanelModelEventName = keyof PanelModelEvents;

/** A handler of a model event. */
export type PanelModelHandler<K extends PanelModelEventName> = (payload: PanelModelEvents[K]) => void;

/**
 * The panel's state and events. State changes are visible in the snapshot before the
 * events that announce them fire.
 */
export class PanelModel {
  #state: PanelModelState;
  #storeListeners = new Set<() => void>();
  #handlers = new Map<PanelModelEventName, Set<(payload: never) => void>>();
  #changeTimer: ReturnType<typeof setTimeout> | undefined;
  #tornDown = false;

  /** @param paymentMethods the methods listed at start, e.g. the customer's saved ones. */
  constructor(paymentMethods: readonly RawPaymentMethod[] = []) {
    this.#state = {
      paymentMethods,
      activePaymentMethod: null,
      activeView: null,
      isPaymentMethodRequestable: false,
      requestableType: null,
      asyncDependencies: { starting: 0, ready: 0, failed: 0 },
      failedViews: {},
      error: null,
      initializationCancelled: false,
    };
  }

  /** Registers a listener called after every snapshot change; returns its removal. For `useSyncExternalStore`. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#storeListeners.add(listener);
    return () => this.#storeListeners.delete(listener);
  };

  /** The current snapshot; the same object until something changes. For `useSyncExternalStore`. */
  readonly getSnapshot = (): PanelModelState => this.#state;

  /** Registers an event handler; returns its removal. */
  on<K extends PanelModelEventName>(event: K, handler: PanelModelHandler<K>): () => void {
    let handlers = this.#handlers.get(event);
    if (!handlers) this.#handlers.set(event, (handlers = new Set()));
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  /** Lists a method and makes it the active one. */
  addPaymentMethod(method: RawPaymentMethod): void {
    this.#update({ paymentMethods: [...this.#state.paymentMethods, method] });
    this.changeActivePaymentMethod(method);
  }

  /**
   * Replaces the listed methods, e.g. with the customer's saved ones once they are fetched. The
   * active method stays active when it is still listed; otherwise it is cleared as by a removal.
   */
  setPaymentMethods(methods: readonly RawPaymentMethod[]): void {
    const active = this.#state.activePaymentMethod;
    this.#update({ paymentMethods: [...methods] });
    if (active && !methods.includes(active)) this.removeActivePaymentMethod();
  }

  /**
   * Clears the active method without removing it from the list (the shopper or the merchant
   * deselected it); cancels any pending change notification and makes the model not requestable.
   */
  removeActivePaymentMethod(): void {
    clearTimeout(this.#changeTimer);
    this.#changeTimer = undefined;
    this.#update({ activePaymentMethod: null });
    this.setPaymentMethodRequestable({ isRequestable: false });
  }

  /**
   * Removes a method, found by reference. Removing the active method clears it (and any pending
   * change notification) and makes the model not requestable.
   */
  removePaymentMethod(method: RawPaymentMethod): void {
    const { paymentMethods, activePaymentMethod } = this.#state;
    if (!paymentMethods.includes(method)) return;
    const wasActive = activePaymentMethod === method;
    if (wasActive) clearTimeout(this.#changeTimer);
    this.#update({
      paymentMethods: paymentMethods.filter((listed) => listed !== method),
      activePaymentMethod: wasActive ? null : activePaymentMethod,
    });
    if (wasActive) this.setPaymentMethodRequestable({ isRequestable: false });
  }

  /**
   * Makes a method the active one at once, and after {@link ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS}
   * emits `changeActivePaymentMethod` and reports the method requestable as a selected one. The
   * delay lets the view switching to the method finish its transition before the merchant hears the
   * panel is requestable. A newer change or a removal of the method within the delay cancels it.
   */
  changeActivePaymentMethod(method: RawPaymentMethod): void {
    clearTimeout(this.#changeTimer);
    this.#update({ activePaymentMethod: method });
    if (this.#tornDown) return;
    this.#changeTimer = setTimeout(() => {
      this.#changeTimer = undefined;
      this.#emit('changeActivePaymentMethod', { paymentMethod: method });
      this.setPaymentMethodRequestable({
        isRequestable: true,
        type: method.type,
        selectedPaymentMethod: method,
      });
    }, ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
  }

  /**
   * Whether the active method changed less than {@link ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS} ago:
   * its requestability is still to be announced.
   */
  isActivePaymentMethodChanging(): boolean {
    return this.#changeTimer !== undefined;
  }

  /** Shows another view. */
  changeActiveView(id: string): void {
    this.#update({ activeView: id });
  }

  /** Announces the shopper picked a payment option. */
  selectPaymentOption(paymentOption: PaymentOption): void {
    this.#emit('paymentOptionSelected', { paymentOption });
  }

  /**
   * Sets whether a payment method can be requested, and of which type. `paymentMethodRequestable`
   * fires only when the flag or the type changes, or when asked to `announce` it;
   * `noPaymentMethodRequestable` when the flag turns false.
   */
  setPaymentMethodRequestable(options: RequestableOptions): void {
    const { isRequestable } = options;
    const type = isRequestable ? options.type : null;
    const wasRequestable = this.#state.isPaymentMethodRequestable;
    const announce = options.isRequestable && options.announce === true;
    if (!announce && isRequestable === wasRequestable && type === this.#state.requestableType) return;
    this.#update({ isPaymentMethodRequestable: isRequestable, requestableType: type });
    if (options.isRequestable) {
      this.#emit('paymentMethodRequestable', {
        type: options.type,
        paymentMethodIsSelected: Boolean(options.selectedPaymentMethod),
      });
    } else if (wasRequestable) {
      this.#emit('noPaymentMethodRequestable', undefined);
    }
  }

  /** Counts an asynchronous dependency as started. */
  asyncDependencyStarting(): void {
    const counts = this.#state.asyncDependencies;
    this.#update({ asyncDependencies: { ...counts, starting: counts.starting + 1 } });
  }

  /** Counts a started dependency as ready. Ignored when none is pending. */
  asyncDependencyReady(): void {
    this.#finishDependency('ready');
  }

  /**
   * Counts a started dependency as failed and records the view's error. A view's second failure is
   * ignored: it is neither recorded nor counted again.
   */
  asyncDependencyFailed({ view, error }: { view: string; error: PanelError }): void {
    const { failedViews, asyncDependencies } = this.#state;
    if (Object.hasOwn(failedViews, view) || asyncDependencies.starting === 0) return;
    this.#update({ failedViews: { ...failedViews, [view]: error } });
    this.#finishDependency('failed');
  }

  /** Shows an error and emits `errorOccurred`. */
  reportError(error: PanelError): void {
    this.#update({ error });
    this.#emit('errorOccurred', error);
  }

  /** Clears the shown error and emits `errorCleared`. */
  clearError(): void {
    this.#update({ error: null });
    this.#emit('errorCleared', undefined);
  }

  /** Marks initialization as cancelled and emits `cancelInitialization` with the reason. */
  cancelInitialization(error: PanelError): void {
    this.#update({ initializationCancelled: true });
    this.#emit('cancelInitialization', error);
  }

  /** Clears the pending timer, every event handler and every store listener. */
  teardown(): void {
    this.#tornDown = true;
    clearTimeout(this.#changeTimer);
    this.#changeTimer = undefined;
    this.#handlers.clear();
    this.#storeListeners.clear();
  }

  /** Moves one pending dependency to `kind`; emits `asyncDependenciesReady` when none is left. */
  #finishDependency(kind: 'ready' | 'failed'): void {
    const counts = this.#state.asyncDependencies;
    if (counts.starting === 0) return;
    const starting = counts.starting - 1;
    this.#update({ asyncDependencies: { ...counts, starting, [kind]: counts[kind] + 1 } });
    if (starting === 0) this.#emit('asyncDependenciesReady', undefined);
  }

  #update(patch: Partial<PanelModelState>): void {
    const state = this.#state;
    const changed = (Object.keys(patch) as (keyof PanelModelState)[]).some(
      (key) => !Object.is(patch[key], state[key]),
    );
    if (!changed) return;
    this.#state = { ...state, ...patch };
    for (const listener of [...this.#storeListeners]) listener();
  }

  #emit<K extends PanelModelEventName>(event: K, payload: PanelModelEvents[K]): void {
    const handlers = this.#handlers.get(event) as Set<PanelModelHandler<K>> | undefined;
    if (handlers) for (const handler of [...handlers]) handler(payload);
  }
}
