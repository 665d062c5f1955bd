/**
 * The panel once it is connected and its configuration accepted: the panel model, the loading
 * phase and its dependencies, saved methods, device data, the card form, the wallets, 3D Secure
 * and `requestPaymentMethod()`. Framework-free: the view renders
 * {@link SheetCoordinator.snapshot} and forwards the shopper's actions here.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { Texts } from '../../i18n/en-US';
import type { DataCollector } from '../../methods/data-collector';
import type { ThreeDSecure } from '../../methods/three-d-secure';
import { watchFrames } from '../../methods/hosted-fields/frame-watch';
import { fetchVaultedPaymentMethods } from '../../methods/vault/vault';
import type { WalletIntegration } from '../../methods/wallet';
import type { IconNode } from '../../shared/icon-node';
import type { PaymentOption } from '../../model';
// The model's files themselves: the first script, which has the model's index, does not carry them.
import { PanelModel } from '../../model/panel-model';
import {
  toMerchantPayload,
  type PaymentMethodPayload,
  type PaymentMethodType,
  type RawPaymentMethod,
} from '../../model/payload';
import {
  createError,
  createLifetime,
  deferred,
  isPanelError,
  registerErrors,
  type PanelError,
} from '../../shared/errors';
import type { ModuleLoader } from '../module-loader';
import { CardForm } from './card-form';
import type { CardFrames } from '../card-frames';
import type {
  PanelOptions,
  RequestPaymentMethodOptions,
  ThreeDSecureRequestOptions,
} from '../../model/options';
// Through the controller's index: the first script carries it, and this file reads it from there.
import { BANK_FRAME_SLOT, GOOGLE_PAY_BUTTON_SLOT } from '../index';
import type { SheetId, SheetsState, WalletOption, WalletSheetState } from '../view-contract';
import { PAYPAL_FLOW_FAILED } from '../../shared/errors/catalogues/paypal';
import {
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY,
  THREEDS_NOT_ENABLED,
} from '../../shared/errors/catalogues/three-d-secure';

// The codes the sheets give themselves: a wallet or 3D Secure failing for no known reason, and 3D
// Secure that the configuration does not enable (its file is then not fetched).
registerErrors({ PAYPAL_FLOW_FAILED, THREEDS_NOT_ENABLED, THREEDS_CAN_NOT_USE_TOKENIZATION_KEY });

/** Analytics name of each method type in `request-payment-method.<kind>`. */
export const METHOD_TYPE_ANALYTICS: Readonly<Record<PaymentMethodType, string>> = {
  CreditCard: 'card',
  PayPalAccount: 'paypal',
  ApplePayCard: 'applepay',
  AndroidPayCard: 'googlepay',
};

/** The method types whose saved methods can be listed, given the options on offer. */
function enabledMethodTypes(options: readonly PaymentOption[]): PaymentMethodType[] {
  const types: PaymentMethodType[] = [];
  if (options.includes('card')) types.push('CreditCard');
  if (options.includes('paypal') || options.includes('paypalCredit')) types.push('PayPalAccount');
  if (options.includes('applePay')) types.push('ApplePayCard');
  if (options.includes('googlePay')) types.push('AndroidPayCard');
  return types;
}

/** What the coordinator needs from the panel around it. */
export interface CoordinatorContext {
  /** Dispatches one of the element's events. */
  emit: (
    name:
      | 'errorOccurred'
      | 'paymentMethodRequestable'
      | 'noPaymentMethodRequestable'
      | 'paymentOptionSelected'
      | 'errorCleared',
    detail: unknown,
  ) => void;
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

/** A wallet option's sheet and behaviour. */
interface Wallet {
  option: WalletOption;
  state: WalletSheetState;
  integration?: WalletIntegration;
  /** Why the wallet cannot pay (a catalogue code), when it cannot. */
  unavailable?: string;
  /** The slotted element holding the wallet's own button (Google's), when it draws one. */
  buttonHost?: HTMLElement;
}

/** The panel's sheets and what drives them. */
export class SheetCoordinator {
  readonly #ctx: CoordinatorContext;
  readonly #client: GatewayClient;
  readonly #model = new PanelModel();
  #paymentOptions: PaymentOption[];
  #card: CardForm | null;
  #cardComplete = false;
  /** Calls made before the panel is ready wait on it. */
  readonly #ready = deferred();
  /** Ends with the coordinator: what it subscribes to and watches is let go then. */
  readonly #lifetime = createLifetime();
  #isReady = false;
  #notice: string | null = null;
  #focusRequest = 0;
  #dependencies = new Map<string, 'pending' | 'done'>();
  #deviceData: string | undefined;
  #collector: DataCollector | null = null;
  #collectorKey = 'null';
  #wallets = new Map<WalletOption, Wallet>();
  /** Wallets whose file or readiness is awaited: a second start waits for the first. */
  #walletsStarting = new Set<WalletOption>();
  /** Each wallet's mark, from its file once loaded. */
  #icons: Readonly<Partial<Record<WalletOption, IconNode>>> = {};
  #threeDSecure: ThreeDSecure | PanelError | null = null;
  #threeDSecureLoading: Promise<ThreeDSecure | PanelError> | null = null;
  /** The 3D Secure file's test of a version 2 code, once the file is there. */
  #isVersion2Error: (code: string) => boolean = () => false;
  #bankFrame: HTMLIFrameElement | null = null;
  #verifying = false;
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
    this.#card = frames && this.#cardForm(frames);
    const model = this.#model;
    for (const off of [
      model.subscribe(() => {
        this.#changed();
      }),
      model.on('paymentMethodRequestable', (detail) => {
        ctx.emit('paymentMethodRequestable', detail);
      }),
      model.on('noPaymentMethodRequestable', () => {
        ctx.emit('noPaymentMethodRequestable', null);
      }),
      model.on('paymentOptionSelected', (detail) => {
        ctx.emit('paymentOptionSelected', detail);
      }),
      model.on('errorOccurred', (error) => {
        ctx.emit('errorOccurred', error);
      }),
      model.on('errorCleared', () => {
        ctx.emit('errorCleared', null);
      }),
    ])
      this.#lifetime.onEnd(off);
    this.#startLoading();
  }

  /** The options on offer now: the merchant's, without those whose view failed to load. */
  get offered(): PaymentOption[] {
    const { failedViews } = this.#model.getSnapshot();
    return this.#paymentOptions.filter(
      (option) => !Object.hasOwn(failedViews, option) && this.#isAvailable(option),
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
    const wallets: Partial<Record<WalletOption, WalletSheetState>> = {};
    // A note is read when shown: the texts may have arrived (or changed) since the wallet started.
    for (const [option, wallet] of this.#wallets) {
      wallets[option] = wallet.unavailable
        ? { ...wallet.state, note: this.#walletNote(wallet) }
        : wallet.state;
    }
    this.#snapshot = {
      activeView: this.#isReady ? (state.activeView as SheetId | null) : null,
      offered: this.offered,
      methods: state.paymentMethods,
      activeMethod: state.activePaymentMethod,
      message: this.#notice ?? (state.error && errorText(state.error.code)),
      card: this.#card && this.#paymentOptions.includes('card') ? this.#card.snapshot() : null,
      wallets,
      icons: this.#icons,
      verifying: this.#verifying,
      focusRequest: this.#focusRequest,
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
    this.#notice = null;
    this.#changed();
    this.#model.changeActivePaymentMethod(method);
  }

  showOptions(): void {
    if (!this.#isReady) return;
    this.#notice = null;
    this.#show('options', { focus: true });
  }

  /** The card form's completeness changed. */
  cardRequestableChanged(complete: boolean): void {
    this.#cardComplete = complete;
    if (this.#model.getSnapshot().activeView !== 'card') return;
    this.#model.setPaymentMethodRequestable(
      complete ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false },
    );
  }

  /** Pays with a wallet; called synchronously inside the shopper's click on its button. */
  payWith(option: WalletOption): void {
    const wallet = this.#wallets.get(option);
    const integration = wallet?.integration;
    if (!wallet || !integration || this.#tornDown || !this.offered.includes(option)) return;
    const locale = this.#ctx.frameHost.closest('[lang]')?.getAttribute('lang')?.replace('-', '_');
    integration.pay(this.#ctx.options()[option], locale, {
      busy: (busy) => {
        this.#setWallet(wallet, { busy });
      },
      paid: (method) => {
        if (!this.#tornDown) this.#addMethod(method);
      },
      failed: (error) => {
        if (!this.#tornDown) this.#model.reportError(error);
      },
    });
  }

  /** The shopper closed the 3D Secure modal: the verification goes on with the lookup's card. */
  cancelVerification(): void {
    const threeDSecure = this.#threeDSecure;
    if (threeDSecure && !('code' in threeDSecure))
      void threeDSecure.cancelVerifyCard().catch(() => undefined);
  }

  // The merchant's calls.

  /**
   * Waits until the panel is ready, then hands over the active method (tokenizing a card if
   * needed, verifying it with 3D Secure when the merchant asks, with the request's 3D Secure
   * options over the option's). Concurrent calls share one request; one whose 3D Secure options
   * differ from those of the request in flight is refused with `THREEDS_AUTHENTICATION_IN_PROGRESS`
   * rather than handed a card verified for others.
   */
  requestPaymentMethod(options: RequestPaymentMethodOptions = {}): Promise<PaymentMethodPayload> {
    const threeDSecure = options.threeDSecure ? JSON.stringify(options.threeDSecure) : '';
    if (this.#inflight) {
      if (threeDSecure === '' || threeDSecure === this.#inflightThreeDSecure) return this.#inflight;
      return Promise.reject(createError('THREEDS_AUTHENTICATION_IN_PROGRESS'));
    }
    this.#inflightThreeDSecure = threeDSecure;
    this.#inflight = (async () => {
      await this.#ready.promise;
      try {
        const raw = await this.#produce(options.threeDSecure);
        this.#client.analytics.send(`request-payment-method.${METHOD_TYPE_ANALYTICS[raw.type]}`);
        return toMerchantPayload(raw, { deviceData: this.#deviceData });
      } catch (error) {
        this.#client.analytics.send('request-payment-method.error');
        throw error;
      }
    })().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  /** Deselects the active method, drops methods not saved to the vault and shows the first view again. */
  clearSelectedPaymentMethod(): void {
    const model = this.#model;
    for (const method of model.getSnapshot().paymentMethods) {
      if (!method.vaulted) model.removePaymentMethod(method);
    }
    model.removeActivePaymentMethod();
    this.#card?.clear();
    this.#cardComplete = false;
    this.#notice = null;
    this.#changed();
    if (model.getSnapshot().activeView !== null) this.#show(this.#initialView());
  }

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
    for (const option of added) if (option !== 'card') void this.#startWallet(option);
    this.#changed();
    this.#leaveViewGone();
  }

  /** The texts changed: what shows in the shopper's words is read again. */
  retext(): void {
    this.#card?.retext();
    this.#titleBankFrame();
    this.#changed();
  }

  /**
   * Names the open bank (or issuer) frame in the panel's language now: the title given when 3D
   * Secure was created may predate the locale's texts, or a change of locale.
   */
  #titleBankFrame(): void {
    if (this.#bankFrame) this.#bankFrame.title = this.#ctx.texts().text('cardVerification');
  }

  /** The merchant's `threeDSecure` or `dataCollector` option changed. */
  optionsChanged(): void {
    this.#syncThreeDSecure();
    this.#syncDataCollector();
  }

  /** The card frames were made anew (the merchant changed the `card` option), or went. */
  setCard(frames: CardFrames | null): void {
    if (frames === (this.#card?.frames ?? null)) return;
    this.#card?.teardown();
    this.#card = frames && this.#cardForm(frames);
    // The loading phase waits for the card the panel has now, or for none.
    if (frames) this.#trackCard(frames);
    else this.#finishDependency('card');
    this.#cardComplete = false;
    if (this.#model.getSnapshot().activeView === 'card')
      this.#model.setPaymentMethodRequestable({ isRequestable: false });
    this.#changed();
    this.#leaveViewGone();
  }

  /**
   * Follows the card frames until they are ready. Frames that cannot load give up with a catalogue
   * error (docs/card.md, "When the card fields cannot load"): the merchant hears it, the card drops
   * out, and whatever waits for the panel goes on.
   */
  #trackCard(frames: CardFrames): void {
    const opened = frames.opened;
    if (opened) this.#lifetime.onEnd(watchFrames(opened));
    frames.ready.then(
      () => {
        if (this.#card?.frames === frames) this.#finishDependency('card');
      },
      (error: unknown) => {
        if (this.#tornDown || this.#card?.frames !== frames) return;
        const failure = isPanelError(error) ? error : createError('HOSTED_FIELDS_FAILED_TOKENIZATION');
        this.#finishDependency('card', failure);
        // A card sheet on show gives way first, so the error stays in view.
        this.#leaveViewGone();
        this.#model.reportError(failure);
        this.#changed();
      },
    );
  }

  /** The card form over the session's frames: it reports to the coordinator. */
  #cardForm(frames: CardFrames): CardForm {
    const form: CardForm = new CardForm(frames, {
      texts: this.#ctx.texts,
      onChange: () => {
        if (this.#card === form) this.#changed();
      },
      onRequestableChange: (complete) => {
        if (this.#card === form) this.cardRequestableChanged(complete);
      },
    });
    return form;
  }

  /**
   * Ends everything the coordinator made: wallets, 3D Secure, the collector, the model (the card form is
   * the caller's); pending calls reject with `reason`.
   */
  teardown(reason: PanelError): void {
    if (this.#tornDown) return;
    this.#ready.reject(reason);
    this.#lifetime.end();
    this.#model.teardown();
    for (const wallet of this.#wallets.values()) {
      wallet.integration?.teardown();
      wallet.buttonHost?.remove();
    }
    this.#card?.teardown();
    this.#wallets.clear();
    const threeDSecure = this.#threeDSecure;
    if (threeDSecure && !('code' in threeDSecure)) threeDSecure.teardown();
    this.#bankFrame?.remove();
    if (this.#collector) this.#ctx.track(this.#collector.teardown());
  }

  // The loading phase.

  #startLoading(): void {
    const options = this.#ctx.options();
    const hasCard = this.#paymentOptions.includes('card');
    const wallets = this.#paymentOptions.filter((option): option is WalletOption => option !== 'card');
    const names = [
      'texts',
      'view',
      'vault',
      ...(options.dataCollector ? ['dataCollector'] : []),
      ...(hasCard ? ['card'] : []),
      ...wallets,
    ];
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
        if (!this.#tornDown) this.#card?.retext();
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
    void fetchVaultedPaymentMethods(this.#client, {
      enabledTypes: enabledMethodTypes(this.#paymentOptions),
    }).then((methods) => {
      if (this.#tornDown) return;
      const added = this.#model.getSnapshot().paymentMethods.filter((method) => !method.vaulted);
      this.#model.setPaymentMethods([...methods, ...added]);
      this.#finishDependency('vault');
    });
    if (hasCard && this.#card) this.#trackCard(this.#card.frames);
    for (const wallet of wallets) void this.#startWallet(wallet);
    this.#syncDataCollector();
    this.#syncThreeDSecure();
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
    this.#show(this.#initialView(), { keepError: true });
    this.#ready.resolve();
    this.#ctx.onReady();
  }

  // Navigation.

  /** The sheet a shopper starts from: saved methods, the only option's sheet, or the option list. */
  #initialView(): SheetId {
    if (this.#model.getSnapshot().paymentMethods.length > 0) return 'methods';
    const offered = this.offered;
    return offered.length === 1 && offered[0] ? offered[0] : 'options';
  }

  /**
   * Shows a sheet and sets requestability to what the sheet can hand over. A listed method just made
   * active becomes requestable once the model's active-method change time-out has passed.
   */
  #show(view: SheetId, { focus = false, keepError = false } = {}): void {
    const model = this.#model;
    // A shopper back on the card sheet (from the list or another option) means to pay with what it
    // shows next: the card handed over before is not handed over again without a new tokenization.
    if (view === 'card' && model.getSnapshot().activeView !== 'card') this.#card?.forget();
    model.changeActiveView(view);
    if (model.getSnapshot().error && !keepError) model.clearError();
    if (focus) this.#focusRequest += 1;
    this.#changed();
    const active = model.getSnapshot().activePaymentMethod;
    if (view === 'card') {
      model.setPaymentMethodRequestable(
        this.#cardComplete ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false },
      );
    } else if ((view === 'methods' || view === 'options') && active) {
      if (!model.isActivePaymentMethodChanging()) {
        model.setPaymentMethodRequestable({
          isRequestable: true,
          type: active.type,
          selectedPaymentMethod: active,
        });
      }
    } else {
      model.setPaymentMethodRequestable({ isRequestable: false });
    }
  }

  /** A sheet no longer on offer gives way to the first view. */
  #leaveViewGone(): void {
    const view = this.#model.getSnapshot().activeView;
    if (!this.#isReady || view === null || view === 'methods' || view === 'options') return;
    if (!this.offered.includes(view as PaymentOption)) this.#show(this.#initialView());
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

  // Wallets.

  #isAvailable(option: PaymentOption): boolean {
    return option === 'card'
      ? this.#card !== null && !this.#card.frames.loadError
      : this.#wallets.has(option);
  }

  /** Why a wallet cannot pay, in the shopper's words. */
  #walletNote(wallet: Wallet): string | null {
    if (!wallet.unavailable) return null;
    return this.#ctx
      .texts()
      .text(
        wallet.unavailable === 'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED'
          ? 'sandboxAccountNotLinked'
          : 'genericError',
      );
  }

  /**
   * Loads a wallet's file and readies its button. A file that fails, or a wallet that cannot start
   * for a reason its file names (Google Pay without usable settings), drops the option and tells
   * the merchant; a wallet that answers it cannot pay on this page (Google's `isReadyToPay`) drops
   * it without a word.
   */
  async #startWallet(option: WalletOption): Promise<void> {
    if (this.#wallets.has(option) || this.#walletsStarting.has(option)) return;
    this.#walletsStarting.add(option);
    let integration: WalletIntegration | undefined;
    // An option the merchant took away meanwhile is no longer waited for.
    const gone = (): boolean => {
      if (this.#tornDown || this.#paymentOptions.includes(option)) return this.#tornDown;
      this.#finishDependency(option);
      return true;
    };
    try {
      const wallet: Wallet = { option, state: { available: true, note: null, busy: false } };
      if (option === 'googlePay') {
        const { createGooglePayWallet, icon } = await this.#ctx.loadModule('google-pay');
        this.#icons = { ...this.#icons, [option]: icon };
        if (gone()) return;
        const root = this.#ctx.frameHost.getRootNode();
        integration = createGooglePayWallet(this.#client, {
          option: this.#ctx.options().googlePay,
          ...(root instanceof ShadowRoot ? { buttonRootNode: root } : {}),
          onButtonClick: () => {
            this.payWith('googlePay');
          },
        });
      } else {
        const file =
          option === 'applePay'
            ? await this.#ctx.loadModule('apple-pay')
            : await this.#ctx.loadModule('paypal');
        this.#icons = { ...this.#icons, [option]: file.icon };
        const create = 'createApplePayWallet' in file ? file.createApplePayWallet : file.createPayPalWallet;
        if (gone()) return;
        try {
          integration = create(this.#client, { offerCredit: option === 'paypalCredit' });
        } catch (error) {
          // A merchant whose wallet cannot start learns why once; the sheet tells the shopper.
          const unavailable = isPanelError(error) ? error : createError('PAYPAL_FLOW_FAILED');
          wallet.unavailable = unavailable.code;
          wallet.state = { available: false, note: null, busy: false };
          this.#ctx.emit('errorOccurred', unavailable);
        }
      }
      if (integration?.ready && !(await integration.ready())) {
        // The browser cannot pay with this wallet: the option is not offered, and nothing is wrong.
        integration.teardown();
        if (this.#tornDown) return;
        this.#finishDependency(option);
        this.#changed();
        this.#leaveViewGone();
        return;
      }
      if (gone()) {
        integration?.teardown();
        return;
      }
      wallet.integration = integration;
      const button = integration?.button;
      if (button) {
        // The wallet's own button shows through the sheet's slot, as the card frames do.
        const host = this.#ctx.frameHost.ownerDocument.createElement('div');
        host.slot = GOOGLE_PAY_BUTTON_SLOT;
        host.setAttribute('part', 'google-pay-button');
        host.append(button);
        this.#ctx.frameHost.append(host);
        wallet.buttonHost = host;
      }
      this.#wallets.set(option, wallet);
      this.#finishDependency(option);
      this.#changed();
    } catch (error) {
      integration?.teardown();
      const failure = isPanelError(error) ? error : createError('MODULE_LOAD_FAILED', { module: option });
      if (this.#tornDown) return;
      this.#ctx.emit('errorOccurred', failure);
      if (this.#dependencies.get(option) === 'pending') this.#finishDependency(option, failure);
      else this.#model.asyncDependencyFailed({ view: option, error: failure });
      this.#changed();
      this.#leaveViewGone();
    } finally {
      this.#walletsStarting.delete(option);
    }
  }

  #setWallet(wallet: Wallet, patch: Partial<WalletSheetState>): void {
    wallet.state = { ...wallet.state, ...patch };
    this.#changed();
  }

  // Device data.

  #syncDataCollector(): void {
    const wanted = this.#ctx.options().dataCollector;
    const key = JSON.stringify(wanted ?? null);
    if (key === this.#collectorKey || this.#tornDown) return;
    this.#collectorKey = key;
    if (this.#collector) this.#ctx.track(this.#collector.teardown());
    this.#collector = null;
    this.#deviceData = undefined;
    if (!wanted) return;
    void (async () => {
      try {
        const { createDataCollector } = await this.#ctx.loadModule('data-collector');
        const created = await createDataCollector(this.#client, wanted);
        if (this.#tornDown || this.#collectorKey !== key) {
          this.#ctx.track(created.teardown());
          return;
        }
        this.#collector = created;
        this.#deviceData = created.deviceData;
        this.#finishDependency('dataCollector');
      } catch (reason) {
        if (this.#tornDown || this.#collectorKey !== key) return;
        const error = isPanelError(reason)
          ? reason
          : createError('INVALID_OPTION', { option: 'dataCollector' });
        this.#finishDependency('dataCollector', error);
        this.#ctx.emit('errorOccurred', error);
      }
    })();
  }

  // 3D Secure.

  /** 3D Secure when the merchant asks for it: created once per connection. */
  #syncThreeDSecure(): void {
    const wanted = this.#ctx.options().threeDSecure !== undefined;
    if (!wanted) {
      const current = this.#threeDSecure;
      if (current && !('code' in current)) current.teardown();
      this.#threeDSecure = null;
      this.#threeDSecureLoading = null;
      this.#bankFrame?.remove();
      this.#bankFrame = null;
      if (this.#verifying) {
        this.#verifying = false;
        this.#changed();
      }
      return;
    }
    this.#threeDSecureLoading ??= this.#createThreeDSecure();
  }

  async #createThreeDSecure(): Promise<ThreeDSecure | PanelError> {
    const loading = this.#threeDSecureLoading;
    let created: ThreeDSecure | PanelError;
    try {
      // A gateway without 3D Secure for the merchant: its file is not even fetched (the refusal is
      // the one the file would give, a tokenization key's first).
      if (this.#client.configuration.gatewayConfiguration.threeDSecureEnabled !== true) {
        throw createError(
          this.#client.authorization.kind === 'TOKENIZATION_KEY'
            ? 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY'
            : 'THREEDS_NOT_ENABLED',
        );
      }
      const { createThreeDSecure, offeredVersion, isVersion2Error } =
        await this.#ctx.loadModule('three-d-secure');
      this.#isVersion2Error = isVersion2Error;
      created = createThreeDSecure(this.#client, {
        frameTitle: this.#ctx.texts().text('cardVerification'),
        version: offeredVersion(this.#client),
      });
    } catch (error) {
      created = isPanelError(error) ? error : createError('THREEDS_NOT_ENABLED');
      // A refusal (a tokenization key, 3D Secure off, the file missing) reaches the merchant at once.
      if (!this.#tornDown) this.#ctx.emit('errorOccurred', created);
    }
    if (this.#tornDown || (loading !== null && this.#threeDSecureLoading !== loading)) {
      if (!('code' in created)) created.teardown();
      return created;
    }
    this.#threeDSecure = created;
    return created;
  }

  /**
   * Verifies a card with 3D Secure when the merchant asks for it, with the request's options over
   * the option's. The card's BIN goes along for 3D Secure 2; nothing else of the card does.
   */
  async #verify(raw: RawPaymentMethod, request?: ThreeDSecureRequestOptions): Promise<void> {
    const option = this.#ctx.options().threeDSecure;
    if (!option || raw.type !== 'CreditCard' || raw.liabilityShifted != null) return;
    const wanted = { ...option, ...request };
    try {
      const threeDSecure = this.#threeDSecure ?? (await this.#threeDSecureLoading) ?? null;
      if (!threeDSecure) throw createError('THREEDS_NOT_ENABLED');
      if ('code' in threeDSecure) throw threeDSecure;
      const bin = raw.details.bin;
      const result = await threeDSecure.verifyCard({
        ...wanted,
        nonce: raw.nonce,
        ...(typeof bin === 'string' ? { bin } : {}),
        addFrame: (error, iframe) => {
          if (error) throw error;
          iframe.slot = BANK_FRAME_SLOT;
          this.#bankFrame = iframe;
          this.#titleBankFrame();
          this.#ctx.frameHost.append(iframe);
          this.#verifying = true;
          this.#changed();
        },
        removeFrame: () => {
          this.#bankFrame?.remove();
          this.#bankFrame = null;
          this.#verifying = false;
          this.#changed();
        },
      });
      // The same object, listed in the model: a repeat request hands over the verified nonce.
      raw.nonce = result.nonce;
      raw.liabilityShifted = result.liabilityShifted;
      raw.liabilityShiftPossible = result.liabilityShiftPossible;
      if (result.threeDSecureInfo) raw.threeDSecureInfo = result.threeDSecureInfo;
    } catch (error) {
      // The shopper learns the card was not verified; the merchant gets the rejection.
      if (isPanelError(error)) {
        const texts = this.#ctx.texts();
        const own = texts.errorText(error.code);
        // Version 2's failures share one text; a merchant's translation of a code still wins.
        this.#notice =
          this.#isVersion2Error(error.code) && own === texts.errorText('')
            ? texts.text('threeDSecureFailed')
            : own;
        this.#changed();
      }
      throw error;
    }
  }

  // Requests.

  async #produce(threeDSecure?: ThreeDSecureRequestOptions): Promise<RawPaymentMethod> {
    const { activeView, activePaymentMethod } = this.#model.getSnapshot();
    const { errorText } = this.#ctx.texts();
    // A new request replaces what the last one told the shopper.
    this.#notice = null;
    this.#changed();
    if (activeView === 'card' && this.#card) {
      const raw = await this.#card.request(!this.#client.authorization.guest).catch((error: unknown) => {
        // The sheet shows the card's own errors; a gateway refusal (e.g. a 403) still tells the shopper.
        if (isPanelError(error) && error.code.startsWith('CLIENT_')) {
          this.#notice = errorText(error.code);
          this.#changed();
        }
        throw error;
      });
      await this.#verify(raw, threeDSecure);
      this.#addMethod(raw);
      return raw;
    }
    if ((activeView === 'methods' || activeView === 'options') && activePaymentMethod) {
      await this.#verify(activePaymentMethod, threeDSecure);
      return activePaymentMethod;
    }
    const error = createError('NO_PAYMENT_METHOD_AVAILABLE');
    this.#notice = errorText(error.code);
    this.#changed();
    throw error;
  }

  #changed(): void {
    this.#snapshot = null;
    this.#ctx.onChange();
  }
}
