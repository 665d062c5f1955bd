/**
 * The panel once it is connected and its configuration accepted: the coordinator of its sheets
 * (docs/architecture.md, "Sheets"). It owns the panel model and runs the loading phase, the
 * navigation between the sheets and `requestPaymentMethod()`; everything a payment option, 3D
 * Secure or device data does is its sheet's (sheets.ts). Framework-free: the view renders
 * {@link SheetCoordinator.snapshot} and forwards the shopper's actions here.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { Texts } from '../../i18n/en-US';
import type { PaymentOption, WalletOption } from '../../model';
// The model's own files: the first script carries the model's index, not them.
import { PanelModel } from '../../model/panel-model';
import {
  toMerchantPayload,
  type PaymentMethodPayload,
  type PaymentMethodType,
  type RawPaymentMethod,
} from '../../model/payload';
import type { PanelOptions, RequestPaymentMethodOptions } from '../../model/options';
import { readRequestOptions } from '../../model/three-d-secure-options';
import { createError, isPanelError, registerErrors, type PanelError } from '../../shared/errors';
import { createLifetime, deferred } from '../../shared/lifetime';
import {
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY,
  THREEDS_NOT_ENABLED,
} from '../../shared/errors/catalogues/three-d-secure';
import type { IconNode } from '../../shared/icon-node';
import type { CardFrames } from '../card-frames';
import type { PaymentPanelEventName } from '../events';
import type { ModuleLoader } from '../module-loader';
import type { SheetId, SheetsState, VaultManagerAction } from '../view-contract';
import type { PaymentDraft, Sheet, SheetContext, SheetName, SheetsStateParts } from './sheet';
import { changeActiveViewDetail } from './dropin-events';
import { addWalletSheet, createSheets, isWallet, type PanelSheets } from './sheets';

// The codes 3D Secure's sheet gives itself: failing for no known reason, and 3D Secure that the
// configuration does not enable (its file is then not fetched).
registerErrors({ THREEDS_NOT_ENABLED, THREEDS_CAN_NOT_USE_TOKENIZATION_KEY });

/** Analytics name of each method type in `request-payment-method.<kind>`. */
export const METHOD_TYPE_ANALYTICS: Readonly<Record<PaymentMethodType, string>> = {
  CreditCard: 'card',
  PayPalAccount: 'paypal',
  VenmoAccount: 'venmo',
  ApplePayCard: 'applepay',
  AndroidPayCard: 'googlepay',
};

/**
 * The coordinator of each panel, by the panel's element (the host of the shadow root its frames go
 * in): the instance `paymentPanel.create()` resolves with reaches it here, within this file, so the
 * first script carries nothing for it. The newest connection of an element wins.
 */
const coordinators = new WeakMap<Element, SheetCoordinator>();

/** The coordinator of the panel whose element is `element`, while it is connected. */
export function coordinatorOf(element: Element): SheetCoordinator | undefined {
  const coordinator = coordinators.get(element);
  return coordinator?.isLive ? coordinator : undefined;
}

/** The view id of the vault manager's question whether to delete a saved method. */
const DELETE_CONFIRMATION = 'delete-confirmation';

/** What the coordinator needs from the panel around it. */
export interface CoordinatorContext {
  /** Dispatches one of the element's events. */
  emit: (name: PaymentPanelEventName, detail: unknown) => void;
  /** The panel's texts now. */
  texts: () => Texts;
  /** The merchant's options now. */
  options: () => PanelOptions;
  /** The element the frames go into (slots of the view). */
  frameHost: Element;
  loadModule: ModuleLoader;
  /** Resolves once the texts of the panel's locale are there. */
  textsReady: () => Promise<void>;
  /** Resolves once the view has mounted; rejects when its file cannot load. */
  viewMounted: Promise<void>;
  /** Something the view shows changed. */
  onChange: () => void;
  /** Every dependency finished and something can pay: the panel is to show. */
  onReady: () => void;
  /** The panel cannot be used (nothing left to pay with, or the view failed). */
  onFatal: (error: PanelError) => void;
  /** Keeps a cleanup the element's `teardown()` waits for. */
  track: (pending: Promise<unknown>) => void;
}

/** The coordinator of a connected panel's sheets. */
export class SheetCoordinator {
  readonly #ctx: CoordinatorContext;
  readonly #client: GatewayClient;
  readonly #model = new PanelModel();
  #paymentOptions: PaymentOption[];
  readonly #sheets: PanelSheets;
  /** Calls made before the panel is ready wait on it. */
  readonly #ready = deferred();
  /** Ends with the coordinator: what it subscribes to is let go then, and its sheets see it ended. */
  readonly #lifetime = createLifetime();
  #isReady = false;
  #notice: string | null = null;
  #focusRequest = 0;
  /** What the loading phase waits for: the texts, the view and every sheet, by name. */
  #dependencies = new Map<string, 'pending' | 'done'>();
  /** Each wallet's mark, from its file once loaded, whatever became of its sheet. */
  #icons: Readonly<Partial<Record<WalletOption, IconNode>>> = {};
  #inflight: Promise<PaymentMethodPayload> | null = null;
  /** The 3D Secure options of the request in flight, as JSON: a call with others may not join it. */
  #inflightThreeDSecure = '';
  #snapshot: SheetsState | null = null;

  constructor(
    ctx: CoordinatorContext,
    client: GatewayClient,
    paymentOptions: PaymentOption[],
    frames: CardFrames | null,
  ) {
    this.#ctx = ctx;
    this.#client = client;
    this.#paymentOptions = paymentOptions;
    this.#sheets = createSheets(paymentOptions, frames, (name) => this.#contextOf(name));
    const model = this.#model;
    /** The view the merchant last heard of, by `changeActiveView`. */
    let announcedView: string | null = null;
    this.#lifetime.onEnd(
      model.subscribe(() => {
        this.#changed();
        // Whatever moved the panel to another view, the merchant hears it once, with its drop-in id.
        const { activeView } = model.getSnapshot();
        const detail = changeActiveViewDetail(announcedView, activeView);
        if (activeView !== null) announcedView = activeView;
        if (detail) ctx.emit('changeActiveView', detail);
      }),
    );
    // The model's events are the element's, those without a payload with `null` for detail.
    for (const name of [
      'paymentMethodRequestable',
      'noPaymentMethodRequestable',
      'paymentOptionSelected',
      'errorOccurred',
      'errorCleared',
    ] as const)
      this.#lifetime.onEnd(
        model.on(name, (detail) => {
          ctx.emit(name, detail ?? null);
        }),
      );
    const root = ctx.frameHost.getRootNode();
    coordinators.set(root instanceof ShadowRoot ? root.host : ctx.frameHost, this);
    this.#startLoading();
  }

  /** Whether the coordinator still runs. */
  get isLive(): boolean {
    return !this.#tornDown;
  }

  /**
   * How 3D Secure's set-up ended, Songbird's included: `null` when it is ready or the merchant does
   * not ask for it, else the catalogue error that keeps it from verifying.
   */
  threeDSecureSetUp(): Promise<PanelError | null> {
    return this.#sheets.threeDSecure.setUp();
  }

  /**
   * Settles once the saved method made active as the panel became ready is announced requestable
   * (the model waits its change time-out first), or the change was dropped: `paymentPanel.create()`
   * resolves then, so that a checkout asking `isPaymentMethodRequestable()` at once hears `true`, as
   * from the drop-in.
   */
  activeMethodSettled(): Promise<void> {
    const model = this.#model;
    if (!model.isActivePaymentMethodChanging()) return Promise.resolve();
    return new Promise((resolve) => {
      const stops: (() => void)[] = [];
      const settle = (): void => {
        for (const stop of stops) stop();
        resolve();
      };
      // The announcement sets the flag right after this event, before anything awaiting runs.
      stops.push(model.on('changeActivePaymentMethod', settle));
      stops.push(
        model.subscribe(() => {
          if (!model.isActivePaymentMethodChanging()) settle();
        }),
      );
    });
  }

  /** The options on offer now: the merchant's, without those whose sheet failed or cannot be offered. */
  get offered(): PaymentOption[] {
    const { failedViews } = this.#model.getSnapshot();
    return this.#paymentOptions.filter(
      (option) => !Object.hasOwn(failedViews, option) && this.#sheets.all.get(option)?.available === true,
    );
  }

  /** Whether `requestPaymentMethod()` would succeed without the shopper doing more. */
  isPaymentMethodRequestable(): boolean {
    return this.#model.getSnapshot().isPaymentMethodRequestable;
  }

  /**
   * The sheets as the view renders them: the same object until something changes. None until the
   * locale's texts are there, so no text of another language is ever put on the page, hidden or not.
   */
  snapshot(): SheetsState | null {
    if (this.#snapshot) return this.#snapshot;
    if (this.#dependencies.get('texts') === 'pending') return null;
    const state = this.#model.getSnapshot();
    const { errorText } = this.#ctx.texts();
    const parts: SheetsStateParts = { card: null, wallets: {}, verifying: false, vaultManager: null };
    for (const sheet of this.#sheets.all.values()) sheet.snapshot?.(parts);
    this.#snapshot = {
      activeView: this.#isReady ? (state.activeView as SheetId | null) : null,
      offered: this.offered,
      methods: state.paymentMethods,
      activeMethod: state.activePaymentMethod,
      message: this.#notice ?? (state.error && errorText(state.error.code)),
      ...parts,
      icons: this.#icons,
      focusRequest: this.#focusRequest,
      refreshing: this.#refreshing,
    };
    return this.#snapshot;
  }

  /** Whether the coordinator has ended. */
  get #tornDown(): boolean {
    return this.#lifetime.signal.aborted;
  }

  /** Whether every dependency has finished and the panel shows. */
  get isReady(): boolean {
    return this.#isReady;
  }

  // The shopper's actions.

  selectOption(option: PaymentOption): void {
    if (!this.#isReady || !this.offered.includes(option)) return;
    this.#notice = null;
    this.#model.selectPaymentOption(option);
    this.#client.analytics.send(`selected.${option}`);
    this.#show(option, { focus: true });
  }

  selectMethod(method: RawPaymentMethod): void {
    if (!this.#model.getSnapshot().paymentMethods.includes(method)) return;
    if (this.#refreshing && method.vaulted) return;
    this.#notice = null;
    this.#changed();
    this.#model.changeActivePaymentMethod(method);
  }

  showOptions(): void {
    if (!this.#isReady) return;
    this.#notice = null;
    this.#show('options', { focus: true });
  }

  /** Pays with a wallet; called synchronously inside the shopper's click on its button. */
  payWith(option: WalletOption): void {
    this.#sheets.wallets.get(option)?.pay();
  }

  /** The shopper closed the 3D Secure modal: the verification goes on with the lookup's card. */
  cancelVerification(): void {
    this.#sheets.threeDSecure.cancel();
  }

  /**
   * The shopper's steps in the vault manager (docs/vault-manager.md): editing the saved methods is
   * a state of the list, with nothing requestable; the question whether to delete one is a view of
   * its own, `delete-confirmation`. A deleted method leaves the list; the last one leaves edit mode.
   */
  vaultManager(action: VaultManagerAction): void {
    const manager = this.#sheets.vaultManager;
    const { activeView } = this.#model.getSnapshot();
    if (!this.#isReady || !manager.available || this.#refreshing) return;
    if (activeView !== 'methods' && activeView !== DELETE_CONFIRMATION) return;
    this.#notice = null;
    switch (action.type) {
      case 'edit':
        if (manager.editing) return;
        manager.edit();
        this.#show('methods', { focus: true });
        return;
      case 'cancelEditing':
        manager.stopEditing();
        this.#show('methods', { focus: true });
        return;
      case 'choose':
        if (manager.choose(action.method)) this.#show(DELETE_CONFIRMATION);
        return;
      case 'cancelDelete':
        if (manager.cancel()) this.#show('methods');
        return;
      case 'confirmDelete':
        void this.#deleteMethod();
    }
  }

  async #deleteMethod(): Promise<void> {
    const manager = this.#sheets.vaultManager;
    this.#changed();
    const deleted = await manager.confirm();
    if (this.#tornDown) return;
    if (deleted) this.#model.removePaymentMethod(deleted);
    if (this.#model.getSnapshot().paymentMethods.length === 0) {
      manager.stopEditing();
      this.#show(this.#initialSheet(), { focus: true });
    } else {
      this.#show('methods', { focus: true });
    }
  }

  // The merchant's calls.

  /**
   * Waits until the panel is ready, then hands over the active method (tokenizing a card if
   * needed, verifying it with 3D Secure when the merchant asks, with the request's 3D Secure
   * options over the option's). Concurrent calls share one request; one whose 3D Secure options
   * differ from those of the request in flight is refused with `THREEDS_AUTHENTICATION_IN_PROGRESS`
   * rather than handed a card verified for others.
   */
  requestPaymentMethod(given?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload> {
    let options: RequestPaymentMethodOptions;
    try {
      options = readRequestOptions(given);
    } catch (error) {
      // INVALID_OPTION: the request's options do not fit.
      if (isPanelError(error)) return Promise.reject(error);
      throw error;
    }
    const threeDSecure = options.threeDSecure ? JSON.stringify(options.threeDSecure) : '';
    if (this.#inflight) {
      if (threeDSecure === '' || threeDSecure === this.#inflightThreeDSecure) return this.#inflight;
      return Promise.reject(createError('THREEDS_AUTHENTICATION_IN_PROGRESS'));
    }
    this.#inflightThreeDSecure = threeDSecure;
    this.#inflight = (async () => {
      await this.#ready.promise;
      try {
        const draft = await this.#request(options);
        const raw = draft.method;
        this.#client.analytics.send(`request-payment-method.${METHOD_TYPE_ANALYTICS[raw.type]}`);
        return toMerchantPayload(raw, { deviceData: draft.deviceData });
      } catch (error) {
        this.#client.analytics.send('request-payment-method.error');
        throw error;
      }
    })().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  /**
   * Deselects the active method, drops methods not saved to the vault, shows the first sheet again
   * and fetches the saved methods anew (a nonce pays once: the listed ones may be spent);
   * {@link SheetCoordinator.refreshed} settles once they are listed.
   */
  clearSelectedPaymentMethod(): void {
    const model = this.#model;
    for (const method of model.getSnapshot().paymentMethods) {
      if (!method.vaulted) model.removePaymentMethod(method);
    }
    model.removeActivePaymentMethod();
    this.#sheets.card.clear();
    this.#notice = null;
    this.#changed();
    if (model.getSnapshot().activeView !== null) this.#show(this.#initialSheet());
    if (!this.#isReady || this.#client.authorization.guest) return;
    // Until the fresh list is there the listed saved methods may carry spent nonces: none can be chosen.
    this.#refreshing = true;
    this.#changed();
    this.refreshed = this.#sheets.methods
      .refresh()
      .then(() => {
        // The fresh list stands where the old one stood: the first sheet follows it.
        if (!this.#tornDown && model.getSnapshot().activeView !== null) this.#show(this.#initialSheet());
      })
      .finally(() => {
        this.#refreshing = false;
        if (!this.#tornDown) this.#changed();
      });
  }

  /** The saved methods are being fetched anew after {@link SheetCoordinator.clearSelectedPaymentMethod}. */
  #refreshing = false;

  /** The shopper checked or unchecked the card sheet's "Save card". */
  saveCard(checked: boolean): void {
    this.#sheets.card.saveCard(checked);
  }

  /** Settles once the saved methods the last {@link SheetCoordinator.clearSelectedPaymentMethod} fetched are listed. */
  refreshed: Promise<void> = Promise.resolve();

  /** Drops the listed methods of a type that are not saved to the vault. */
  removeUnvaultedMethods(type: PaymentMethodType): void {
    for (const method of this.#model.getSnapshot().paymentMethods) {
      if (method.type === type && !method.vaulted) this.#model.removePaymentMethod(method);
    }
  }

  // Changes of the merchant's options.

  /** The options on offer changed (the merchant changed the priority or a wallet's option). */
  setPaymentOptions(options: PaymentOption[]): void {
    const added = options.filter((option) => !this.#paymentOptions.includes(option));
    this.#paymentOptions = options;
    for (const option of added) if (isWallet(option)) this.#startWallet(option);
    this.#changed();
    this.#leaveSheetGone();
  }

  /** The texts changed: what shows in the shopper's words is read again. */
  retext(): void {
    for (const sheet of this.#sheets.all.values()) sheet.retext?.();
    this.#changed();
  }

  /**
   * The merchant's options changed: the sheets that follow one (3D Secure, device data) do; a vault
   * manager no longer offered stops editing.
   */
  optionsChanged(): void {
    for (const sheet of this.#sheets.all.values()) sheet.optionsChanged?.();
    const manager = this.#sheets.vaultManager;
    if (manager.editing && !manager.available) {
      manager.stopEditing();
      if (this.#isReady) this.#show('methods');
    }
  }

  /** The card frames were made anew (the merchant changed the `card` option), or went. */
  setCard(frames: CardFrames | null): void {
    this.#sheets.card.setFrames(frames);
  }

  /**
   * Ends the coordinator and every sheet (the card frames are the caller's); pending calls reject
   * with `reason`.
   */
  teardown(reason: PanelError): void {
    if (this.#tornDown) return;
    this.#ready.reject(reason);
    this.#lifetime.end();
    this.#model.teardown();
    for (const sheet of this.#sheets.all.values()) sheet.teardown();
  }

  // The sheets' side.

  /** The context of the sheet named `name`. */
  #contextOf(name: SheetName): SheetContext {
    let said = false;
    const { texts, options, frameHost, loadModule, track } = this.#ctx;
    return {
      texts,
      options,
      frameHost,
      loadModule,
      track,
      client: this.#client,
      model: this.#model,
      paymentOptions: () => this.#paymentOptions,
      isOffered: (option) => this.offered.includes(option),
      signal: this.#lifetime.signal,
      ready: (error) => {
        if (said) return;
        said = true;
        this.#sheetReady(name, error);
      },
      changed: () => {
        this.#changed();
      },
      requestableChanged: () => {
        const model = this.#model;
        const sheet = this.#sheets.all.get(name);
        if (!sheet?.requestable || model.getSnapshot().activeView !== name) return;
        const requestable = sheet.requestable();
        if (requestable) model.setPaymentMethodRequestable(requestable);
      },
      leave: () => {
        this.#leaveSheetGone();
      },
      showError: (error) => {
        this.#model.reportError(error);
      },
      report: (error) => {
        this.#ctx.emit('errorOccurred', error);
      },
      notice: (text) => {
        this.#notice = text;
        this.#changed();
      },
      add: (method) => {
        this.#addMethod(method);
      },
      icon: (icon) => {
        this.#icons = { ...this.#icons, [name]: icon };
      },
      fire: (event, detail) => {
        if (!this.#tornDown) this.#ctx.emit(event, detail);
      },
    };
  }

  /**
   * A sheet has started. Its failure is recorded with the model even when the loading phase did not
   * count the sheet (a wallet the merchant offered since), which ignores it once the phase is over.
   */
  #sheetReady(name: SheetName, error?: PanelError): void {
    if (this.#tornDown) return;
    if (this.#dependencies.get(name) === 'pending') this.#finishDependency(name, error);
    else if (error) this.#model.asyncDependencyFailed({ view: name, error });
  }

  /** Starts the sheet of a wallet offered since the panel started, unless it has one already. */
  #startWallet(option: WalletOption): void {
    const existing = this.#sheets.wallets.get(option);
    // A wallet that started, or is starting, stays; one that was left out starts again.
    if (existing && (existing.available || existing.starting)) return;
    addWalletSheet(this.#sheets, option, this.#contextOf(option)).start();
  }

  // The loading phase.

  #startLoading(): void {
    const names = ['texts', 'view', ...this.#sheets.all.keys()];
    // Every dependency is counted before any can finish.
    this.#dependencies = new Map(names.map((name) => [name, 'pending']));
    const off = this.#model.on('asyncDependenciesReady', () => {
      off();
      this.#finishLoading();
    });
    names.forEach(() => {
      this.#model.asyncDependencyStarting();
    });

    void this.#ctx.textsReady().then(() => {
      this.#finishDependency('texts');
      // The sheets appear only now (see snapshot): once the view has put them on the page, the card
      // frames take the language and direction of where they show.
      setTimeout(() => {
        if (!this.#tornDown) this.#sheets.card.retext();
      });
    });
    this.#ctx.viewMounted.then(
      () => {
        this.#finishDependency('view');
      },
      (error: unknown) => {
        if (this.#tornDown) return;
        this.#ctx.onFatal(
          isPanelError(error) ? error : createError('MODULE_LOAD_FAILED', { module: 'view' }),
        );
      },
    );
    for (const sheet of this.#sheets.all.values()) sheet.start();
  }

  #finishDependency(name: string, error?: PanelError): void {
    if (this.#tornDown || this.#dependencies.get(name) !== 'pending') return;
    this.#dependencies.set(name, 'done');
    if (error) this.#model.asyncDependencyFailed({ view: name, error });
    else this.#model.asyncDependencyReady();
  }

  #finishLoading(): void {
    if (this.#tornDown) return;
    if (this.offered.length === 0) {
      const { failedViews } = this.#model.getSnapshot();
      const error = Object.values(failedViews)[0] ?? createError('NO_VALID_PAYMENT_OPTIONS');
      this.#client.analytics.send('load-error');
      this.#ctx.onFatal(error);
      return;
    }
    const first = this.#model.getSnapshot().paymentMethods[0];
    if (first && this.#ctx.options().preselectVaultedPaymentMethod !== false) {
      this.#model.changeActivePaymentMethod(first);
    }
    this.#isReady = true;
    // What failed while the panel loaded (a card that could not load) stays in view.
    this.#show(this.#initialSheet(), { keepError: true });
    this.#ready.resolve();
    this.#ctx.onReady();
  }

  // Navigation.

  /** The sheet a shopper starts from: saved methods, the only option's sheet, or the option list. */
  #initialSheet(): SheetId {
    if (this.#model.getSnapshot().paymentMethods.length > 0) return 'methods';
    const offered = this.offered;
    return offered.length === 1 && offered[0] ? offered[0] : 'options';
  }

  /**
   * The sheet that answers for what shows: the option list shows the saved methods too, and the
   * question whether to delete one is the vault manager's.
   */
  #sheetOf(id: SheetId): Sheet | undefined {
    if (id === DELETE_CONFIRMATION) return this.#sheets.vaultManager;
    return this.#sheets.all.get(id === 'options' ? 'methods' : id);
  }

  /**
   * Shows a sheet and sets requestability to what the sheet can hand over. A listed method just made
   * active becomes requestable once the model's active-method change time-out has passed.
   */
  #show(id: SheetId, { focus = false, keepError = false } = {}): void {
    const model = this.#model;
    const manager = this.#sheets.vaultManager;
    // Edit mode is the list's: any other sheet ends it.
    if (id !== 'methods' && id !== DELETE_CONFIRMATION) manager.stopEditing();
    if (id !== model.getSnapshot().activeView) this.#sheetOf(id)?.shown?.();
    model.changeActiveView(id);
    if (model.getSnapshot().error && !keepError) model.clearError();
    if (focus) this.#focusRequest += 1;
    this.#changed();
    const sheet = this.#sheetOf(id);
    // While the saved methods are edited, choosing one deletes it: nothing can be requested.
    const requestable =
      sheet?.requestable && !manager.editing ? sheet.requestable() : { isRequestable: false as const };
    if (requestable) model.setPaymentMethodRequestable(requestable);
  }

  /** A sheet no longer on offer gives way to the first sheet. */
  #leaveSheetGone(): void {
    const id = this.#model.getSnapshot().activeView;
    if (!this.#isReady || id === null || id === 'methods' || id === 'options' || id === DELETE_CONFIRMATION)
      return;
    if (!this.offered.includes(id as PaymentOption)) this.#show(this.#initialSheet());
  }

  /** Lists a method the shopper just made (a card, a wallet's result), selected, and shows the list. */
  #addMethod(method: RawPaymentMethod): void {
    const model = this.#model;
    const listed = model.getSnapshot().paymentMethods;
    if (listed.includes(method)) {
      model.changeActivePaymentMethod(method);
    } else {
      // Guests keep only the method added last; a customer's saved methods stay.
      for (const other of listed) if (!other.vaulted) model.removePaymentMethod(other);
      model.addPaymentMethod(method);
    }
    this.#show('methods');
  }

  // Requests.

  /**
   * Passes a request through every sheet, in the registry's order: the sheet the shopper is on
   * hands over its method, then 3D Secure verifies it and device data is added.
   */
  async #request(options: RequestPaymentMethodOptions): Promise<PaymentDraft & { method: RawPaymentMethod }> {
    const { activeView } = this.#model.getSnapshot();
    const { errorText, text } = this.#ctx.texts();
    // A new request replaces what the last one told the shopper.
    this.#notice = null;
    this.#changed();
    // The saved methods being edited hand over none: choosing one there deletes it.
    const on = this.#sheets.vaultManager.editing ? null : (activeView as SheetId | null);
    const draft: PaymentDraft = { on, threeDSecure: options.threeDSecure };
    for (const sheet of [...this.#sheets.all.values()]) await sheet.request(draft);
    const { method } = draft;
    if (!method) {
      const error = createError('NO_PAYMENT_METHOD_AVAILABLE');
      // A wallet whose button is the only way on says so in its own words (Venmo's).
      const own = on ? this.#sheets.wallets.get(on as WalletOption)?.requestText : undefined;
      this.#notice = own ? text(own) : errorText(error.code);
      this.#changed();
      throw error;
    }
    if (draft.isNew) {
      this.#addMethod(method);
      if (draft.on === 'card') this.#sheets.card.delivered();
    }
    return { ...draft, method };
  }

  #changed(): void {
    this.#snapshot = null;
    this.#ctx.onChange();
  }
}
