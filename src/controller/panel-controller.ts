/**
 * The panel without a UI framework: one per `<payment-panel>` element. It starts what the shopper
 * waits for at once — the configuration call, the card frames and the view's file, side by side —
 * then checks the merchant's configuration, runs the loading phase, and answers the element's
 * methods. The React view reads it through {@link ViewController} only.
 * @packageDocumentation
 */
import { createClient, type GatewayClient } from '../client';
import { createTexts, type LocaleTexts, type Texts } from '../i18n/texts';
import { localeFileUrl, localeTexts } from '../i18n/load-locale';
import { DEFAULT_LOCALE, isRightToLeft, languageTag, negotiateLocale, type Locale } from '../i18n/locales';
import { frameFolderOf, openHostedFields } from '../methods/hosted-fields';
import {
  availablePaymentOptions,
  PAYMENT_OPTIONS,
  WALLET_FILES,
  WALLET_SETTINGS,
  type ApplePayEnvironment,
  type PaymentMethodPayload,
  type PaymentMethodType,
  type PaymentOption,
  type RawPaymentMethod,
} from '../model';
import { BUNDLE_URL } from '../shared/bundle-location';
import { nextTask } from '../shared/next-task';
import { PANEL_VERSION } from '../shared/build-constants';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import { deferred, type Deferred } from '../shared/lifetime';
import { missingCapability } from './capabilities';
import { CardFrames } from './card-frames';
import { emit, type PaymentPanelEventDetails, type PaymentPanelEventName } from './events';
import type { ModuleName } from '../shared/module-registry';
import { loadModule, type ModuleLoader } from './module-loader';
import type { PanelOptions, RequestPaymentMethodOptions } from '../model/options';
import type { PanelModule } from './runtime/module';
import type { SheetCoordinator } from './runtime/coordinator';
import type {
  ViewController,
  ViewState,
  SheetField,
  VaultManagerAction,
  WalletOption,
} from './view-contract';

/** What the controller uses from the outside world; tests pass their own. */
export interface ControllerDependencies {
  createClient: (authorization: string) => Promise<GatewayClient>;
  loadModule: ModuleLoader;
  openHostedFields: typeof openHostedFields;
  /** A locale's texts: at once when the page has them, else a promise (never rejecting). */
  localeTexts: (locale: Locale) => LocaleTexts | Promise<LocaleTexts>;
  /** The first script's URL: the card frames start from its folder before the configuration is there. */
  bundleUrl: string;
  applePayEnvironment: () => ApplePayEnvironment;
}

type ApplePayWindow = { ApplePaySession?: { canMakePayments(): boolean } };

const DEFAULT_DEPENDENCIES: ControllerDependencies = {
  createClient: (authorization) => createClient(authorization),
  loadModule,
  openHostedFields,
  localeTexts: (locale) =>
    locale === DEFAULT_LOCALE || !BUNDLE_URL
      ? {}
      : localeTexts(localeFileUrl(locale, BUNDLE_URL), () =>
          // The panel's runtime file knows the file's integrity: the first script has no room for it.
          loadModule('panel').then((panel) => panel.fetchLocale(locale, BUNDLE_URL)),
        ),
  bundleUrl: BUNDLE_URL,
  applePayEnvironment: () => {
    const session = (window as ApplePayWindow).ApplePaySession;
    return {
      applePaySessionExists: session !== undefined,
      isHttps: location.protocol === 'https:',
      canMakePayments: () => session?.canMakePayments() === true,
    };
  },
};

/** The wallets whose absence from the gateway's configuration a merchant asking for them hears of, with the error. */
const NOT_ENABLED = [
  ['applePay', 'APPLE_PAY_NOT_ENABLED'],
  ['googlePay', 'GOOGLE_PAYMENT_NOT_ENABLED'],
] as const;

/** One connection of the panel: an authorization while the element is in the page. */
interface Session {
  authorization: string | undefined;
  /** The session's hold on the gateway client, released when the session ends. */
  client: GatewayClient | null;
  card: CardFrames | null;
  /** The folder the card frames come from. */
  cardFolder: string | null;
  /** The `card` option the card form was made for. */
  cardOption: string;
  /** The coordinator of the sheets, once the configuration is accepted and the runtime's file is there. */
  sheets: SheetCoordinator | null;
  /** The runtime's file is being loaded for the coordinator. */
  sheetsLoading: boolean;
  failure: PanelError | null;
  /** The refusal of the merchant's configuration the panel shows, if it shows one. */
  refusal: PanelError | null;
  /** The options the refusal was made for. */
  refusalInputs: unknown[];
  viewMounted: Deferred<undefined>;
  /** Whether the panel was ready once in this connection. */
  wasReady: boolean;
  cancelled: boolean;
  /** The wallets the merchant was told the gateway does not enable (each until its option goes). */
  warned: Set<string>;
}

/** Marks a request whose coordinator was replaced (a new authorization): it goes on with the new one. */
const SUPERSEDED = Symbol('superseded');

/** The panel's controller. */
export class PanelController implements ViewController {
  readonly #host: HTMLElement;
  readonly #frameHost: HTMLElement;
  readonly #deps: ControllerDependencies;
  #options: PanelOptions = {};
  #authorization: string | undefined;
  #connected = false;
  /** Why the panel ended, once it has. */
  #tornDown: PanelError | null = null;
  #session: Session | null = null;
  #listeners = new Set<() => void>();
  #state: ViewState | null = null;
  #pending = new Set<Promise<unknown>>();
  #waiting: Deferred<SheetCoordinator>[] = [];
  #viewIsMounted = false;
  #viewLoad: Promise<unknown> | null = null;
  #panelLoad: Promise<PanelModule> | null = null;
  #colourScheme: MediaQueryList | null = null;
  #locale: Locale = DEFAULT_LOCALE;
  #localeTexts: LocaleTexts | undefined;
  /** The locale `#localeTexts` belongs to. */
  #localeTextsFor: Locale | null = null;
  #textsWaiting: (() => void)[] = [];
  #texts: Texts;
  #shownReady: SheetCoordinator | null = null;
  #notifying = false;
  /** Whether the look changed since the panel started (see {@link PanelController.restyle}). */
  #restyled = false;

  /**
   * @param host - the element: it receives the panel's events
   * @param frameHost - the view's element: the card and bank frames go in as children in its slots
   */
  constructor(host: HTMLElement, frameHost: HTMLElement, dependencies: Partial<ControllerDependencies> = {}) {
    this.#host = host;
    this.#frameHost = frameHost;
    this.#deps = { ...DEFAULT_DEPENDENCIES, ...dependencies };
    this.#texts = createTexts();
    this.#retext();
  }

  // The element's side.

  /** The merchant's options, already checked by the element. */
  setOptions(options: PanelOptions): void {
    if (this.#tornDown) return;
    const before = this.#options;
    this.#options = options;
    if (before.locale !== options.locale || before.translations !== options.translations) this.#retext();
    const session = this.#session;
    if (!session) return;
    this.#reconcile(session);
    session.sheets?.optionsChanged();
  }

  /** The authorization (a tokenization key or a client token); a change connects anew. */
  setAuthorization(authorization: string | undefined): void {
    if (this.#tornDown || authorization === this.#authorization) return;
    this.#authorization = authorization;
    if (this.#connected) this.#restart();
  }

  /** The element entered the page: the panel starts once the current task has set its options. */
  connect(): void {
    if (this.#tornDown || this.#connected) return;
    this.#connected = true;
    this.#colourScheme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    this.#colourScheme?.addEventListener('change', this.restyle);
    queueMicrotask(() => {
      if (this.#connected && !this.#session && !this.#tornDown) this.#restart();
    });
  }

  /** The element left the page: everything the panel made goes, its options stay. */
  disconnect(): void {
    if (!this.#connected) return;
    this.#connected = false;
    this.#colourScheme?.removeEventListener('change', this.restyle);
    this.#colourScheme = null;
    this.#endSession();
    this.#changed();
  }

  /**
   * Hands over the payment method the shopper chose (see the element's method). Waits for the
   * panel to be ready; rejects with the failure when it cannot be.
   */
  async requestPaymentMethod(options: RequestPaymentMethodOptions = {}): Promise<PaymentMethodPayload> {
    for (;;) {
      const sheets = await this.#whenSheets();
      try {
        return await sheets.requestPaymentMethod(options);
      } catch (error) {
        if (error !== SUPERSEDED) throw error;
      }
    }
  }

  /** Whether `requestPaymentMethod()` would succeed without the shopper doing more. */
  isPaymentMethodRequestable(): boolean {
    return this.#session?.sheets?.isPaymentMethodRequestable() ?? false;
  }

  /** The options the shopper can choose from now (see the element's method). */
  availablePaymentOptions(): PaymentOption[] {
    return this.#session?.sheets?.offered ?? [];
  }

  /** Deselects the chosen method, empties the card fields and shows the first view again. */
  clearSelectedPaymentMethod(): void {
    this.#session?.sheets?.clearSelectedPaymentMethod();
  }

  /** Drops the listed methods of a type that are not saved to the vault. */
  removeUnvaultedMethods(type: PaymentMethodType): void {
    this.#session?.sheets?.removeUnvaultedMethods(type);
  }

  /** Ends the panel for good; resolves once its frames and collectors are gone. */
  async teardown(reason: PanelError): Promise<void> {
    if (this.#tornDown) return;
    this.#tornDown = reason;
    this.disconnect();
    for (const waiter of this.#waiting.splice(0)) waiter.reject(reason);
    this.#listeners.clear();
    await Promise.all([...this.#pending]);
  }

  // The view's side.

  getState(): ViewState {
    if (this.#state) return this.#state;
    const session = this.#session;
    const sheets = session?.sheets ?? null;
    this.#state = {
      phase: session?.failure ? 'failed' : sheets?.isReady ? 'ready' : 'loading',
      texts: this.#texts,
      lang: languageTag(this.#locale),
      dir: isRightToLeft(this.#locale) ? 'rtl' : 'ltr',
      sheets: session?.failure ? null : (sheets?.snapshot() ?? null),
      failure: session?.failure ?? null,
    };
    return this.#state;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  selectOption(option: PaymentOption): void {
    this.#session?.sheets?.selectOption(option);
  }

  selectMethod(method: RawPaymentMethod): void {
    this.#session?.sheets?.selectMethod(method);
  }

  showOptions(): void {
    this.#session?.sheets?.showOptions();
  }

  focusField(field: SheetField): void {
    this.#session?.card?.focus(field);
  }

  saveCard(checked: boolean): void {
    this.#session?.sheets?.saveCard(checked);
  }

  payWith(option: WalletOption): void {
    this.#session?.sheets?.payWith(option);
  }

  cancelVerification(): void {
    this.#session?.sheets?.cancelVerification();
  }

  vaultManager(action: VaultManagerAction): void {
    this.#session?.sheets?.vaultManager(action);
  }

  viewMounted(): void {
    this.#viewIsMounted = true;
    this.#session?.viewMounted.resolve(undefined);
  }

  viewShown(): void {
    const session = this.#session;
    const sheets = session?.sheets;
    if (!session || !sheets?.isReady || this.#shownReady === sheets) return;
    this.#shownReady = sheets;
    session.wasReady = true;
    // A look that arrived before the card's fields were drawn is read again where they show now.
    if (this.#restyled) this.restyle();
    session.client?.analytics.send('appeared');
    this.#emit('ready', { version: PANEL_VERSION });
  }

  // Texts.

  /** The locale or the translations changed: the texts follow, once the locale's file is there. */
  #retext(): void {
    const locale = negotiateLocale(this.#options.locale);
    if (locale !== this.#locale || this.#localeTextsFor === null) {
      this.#locale = locale;
      const texts = this.#deps.localeTexts(locale);
      if (texts instanceof Promise) {
        // The texts shown so far stay until the new ones are there.
        void texts.then((read) => {
          if (this.#locale !== locale || this.#tornDown) return;
          this.#localeTexts = read;
          this.#localeTextsFor = locale;
          this.#applyTexts();
        });
        this.#applyTexts();
        return;
      }
      this.#localeTexts = texts;
      this.#localeTextsFor = locale;
    }
    this.#applyTexts();
  }

  /** Resolves once the texts of the current locale are there (the sheets wait, so they never change language). */
  #whenTexts(): Promise<void> {
    if (this.#localeTextsFor === this.#locale) return Promise.resolve();
    return new Promise((resolve) => this.#textsWaiting.push(resolve));
  }

  #applyTexts(): void {
    this.#texts = createTexts(this.#options.translations, this.#localeTexts ?? {});
    if (this.#localeTextsFor === this.#locale) for (const resolve of this.#textsWaiting.splice(0)) resolve();
    this.#session?.sheets?.retext();
    if (!this.#session?.sheets) this.#session?.card?.retext();
    this.#changed();
  }

  /**
   * The panel's look changed (the colour scheme, or the element's or the view's stylesheet arrived
   * through its `<link>` in a browser without constructable stylesheets): the card frames take it on.
   */
  restyle = (): void => {
    this.#restyled = true;
    this.#session?.card?.retext();
  };

  // Sessions.

  #restart(): void {
    this.#endSession();
    this.#startSession();
  }

  #startSession(): void {
    const authorization = this.#authorization;
    const session: Session = {
      authorization,
      client: null,
      card: null,
      cardFolder: null,
      cardOption: '',
      sheets: null,
      sheetsLoading: false,
      failure: null,
      refusal: null,
      refusalInputs: [],
      viewMounted: deferred<undefined>(),
      wasReady: false,
      cancelled: false,
      warned: new Set(),
    };
    this.#session = session;
    if (this.#viewIsMounted) session.viewMounted.resolve(undefined);
    const capability = missingCapability();
    if (capability) {
      this.#fail(session, createError('BROWSER_NOT_SUPPORTED', { capability }));
      return;
    }
    if (!authorization) {
      this.#fail(
        session,
        createError('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization', component: 'a client' }),
      );
      return;
    }
    // The configuration call first: it is the longest wait; then the files and the card frames,
    // which load beside it.
    this.#deps.createClient(authorization).then(
      (client) => {
        if (this.#session !== session) {
          client.release();
          return;
        }
        client.setMetadata({
          integration: 'dropin2',
          integrationType: 'dropin2',
          dropinVersion: PANEL_VERSION,
        });
        const kind = client.authorization.kind === 'TOKENIZATION_KEY' ? 'tokenization-key' : 'client-token';
        client.analytics.send(`started.${kind}`);
        client.analytics.send('integration-type.script-tag');
        session.client = client;
        this.#reconcile(session);
      },
      (reason: unknown) => {
        if (this.#session !== session) return;
        this.#dropCard(session);
        this.#fail(
          session,
          isPanelError(reason)
            ? reason
            : createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: reason }),
        );
      },
    );
    this.#loadView(session);
    // The panel's runtime loads beside the view; a failure shows once the configuration is there.
    this.#panelModule().catch(() => undefined);
    // The card frames start now, from the first script's folder, while the configuration loads.
    const folder = this.#bundleFolder();
    if (folder && this.#cardMayBeOffered()) this.#startCard(session, folder);
    this.#changed();
  }

  #endSession(): void {
    const session = this.#session;
    if (!session) return;
    this.#session = null;
    this.#dropSheets(session, SUPERSEDED as unknown as PanelError);
    this.#dropCard(session);
    // After the sheets and the card form: their teardown still reports to the client's analytics.
    session.client?.release();
    session.viewMounted.reject(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'connect' }));
  }

  /** Loads the view's file once per page; the view's element in this panel then mounts. */
  #loadView(session: Session): void {
    if (this.#viewIsMounted) return;
    this.#viewLoad ??= this.#deps.loadModule('view').catch((error: unknown) => {
      this.#viewLoad = null;
      throw error;
    });
    this.#viewLoad.catch((error: unknown) => {
      session.viewMounted.reject(
        isPanelError(error) ? error : createError('MODULE_LOAD_FAILED', { module: 'view' }),
      );
    });
  }

  /** The first script's folder, where the frame pages are too. */
  #bundleFolder(): string | null {
    if (!this.#deps.bundleUrl) return null;
    try {
      return new URL('./', this.#deps.bundleUrl).href;
    } catch {
      return null;
    }
  }

  /** Whether the merchant's priority may offer the card (the configuration decides later). */
  #cardMayBeOffered(): boolean {
    const priority = this.#options.paymentOptionPriority ?? PAYMENT_OPTIONS;
    // With `card: false` the frames may start; the configuration's check (availablePaymentOptions)
    // then leaves the card out and they go.
    return Array.isArray(priority) && priority.includes('card');
  }

  #startCard(session: Session, folder: string): void {
    const card = new CardFrames(this.#options.card, {
      frameHost: this.#frameHost,
      texts: () => this.#texts,
      onChange: () => {
        if (session.card === card) this.#changed();
      },
      open: this.#deps.openHostedFields,
    });
    session.card = card;
    session.cardFolder = folder;
    session.cardOption = JSON.stringify(this.#options.card ?? null);
    card.start(folder);
  }

  #dropCard(session: Session): void {
    const card = session.card;
    session.card = null;
    session.cardFolder = null;
    if (card) this.#track(card.teardown());
  }

  #dropSheets(session: Session, reason: PanelError): void {
    const sheets = session.sheets;
    session.sheets = null;
    if (!sheets) return;
    // The card sheet's frames are the session's; they go with the session or on their own.
    sheets.teardown(reason);
  }

  /**
   * Brings the panel in line with the configuration and the merchant's options: refuses a
   * configuration that cannot work, or starts (or updates) the sheets and the card frames.
   */
  #reconcile(session: Session): void {
    const client = session.client;
    if (!client || this.#session !== session) return;
    const gateway = client.configuration.gatewayConfiguration;
    const options = this.#options;

    // A merchant asking for a wallet the gateway does not offer learns why it is missing, once.
    for (const [option, code] of NOT_ENABLED) {
      if (options[option] === undefined) {
        session.warned.delete(option);
      } else if (!gateway[WALLET_SETTINGS[option]] && !session.warned.has(option)) {
        session.warned.add(option);
        this.#emit('errorOccurred', createError(code));
      }
    }

    const available = this.#available(client);
    if (!available.ok) {
      const error = createError(available.code);
      this.#dropSheets(session, error);
      this.#dropCard(session);
      // Each change of the options the refusal depends on reaches the merchant; other changes
      // (a locale, the card's options) leave the refusal as it was said.
      const inputs = [
        options.paymentOptionPriority,
        ...Object.keys(WALLET_FILES).map((option) => options[option as WalletOption]),
      ];
      if (session.refusal && inputs.every((input, index) => Object.is(input, session.refusalInputs[index]))) {
        return;
      }
      session.refusal = error;
      session.refusalInputs = inputs;
      client.analytics.send('configuration-error');
      this.#fail(session, error);
      return;
    }
    if (session.refusal) {
      session.refusal = null;
      session.failure = null;
      session.cancelled = false;
    }
    // The files of what the merchant asks for and the configuration enables start loading now,
    // beside the panel's runtime, which uses them. A file whose hash only the runtime carries
    // (Venmo's) is refused here without a request, and comes with its sheet.
    const files = new Set<ModuleName>();
    for (const option of available.options) {
      if (option !== 'card') files.add(WALLET_FILES[option]);
    }
    if (options.dataCollector) files.add('data-collector');
    if (options.threeDSecure && gateway.threeDSecureEnabled) files.add('three-d-secure');
    for (const name of files) this.#deps.loadModule(name).catch(() => undefined);

    // The card form: started early from the first script's folder, kept when the configuration's
    // folder is the same and the fields have not changed; otherwise made anew.
    const wantsCard = available.options.includes('card');
    const folder = frameFolderOf(client);
    const cardOption = JSON.stringify(options.card ?? null);
    if (session.card && (!wantsCard || session.cardFolder !== folder || session.cardOption !== cardOption)) {
      this.#dropCard(session);
    }
    if (wantsCard && !session.card) this.#startCard(session, folder);
    const card = session.card;
    if (card && !card.isConnectedTo(client)) card.connect(client, folder);

    if (session.sheets) {
      session.sheets.setCard(card);
      session.sheets.setPaymentOptions(available.options);
    } else if (!session.sheetsLoading) {
      session.sheetsLoading = true;
      this.#panelModule().then(
        ({ SheetCoordinator }) => {
          session.sheetsLoading = false;
          if (this.#session === session && !session.failure) this.#startSheets(session, SheetCoordinator);
        },
        (error: unknown) => {
          session.sheetsLoading = false;
          if (this.#session !== session || session.failure) return;
          this.#dropCard(session);
          this.#fail(
            session,
            isPanelError(error) ? error : createError('MODULE_LOAD_FAILED', { module: 'panel' }),
          );
        },
      );
    }
    this.#changed();
  }

  /** The panel's runtime file: loaded once per page, from the first connection on. */
  #panelModule(): Promise<PanelModule> {
    this.#panelLoad ??= this.#deps.loadModule('panel').catch((error: unknown) => {
      this.#panelLoad = null;
      throw error;
    });
    return this.#panelLoad;
  }

  /** The configuration is accepted and the runtime's file is there: the sheets start their loading phase. */
  #startSheets(session: Session, Coordinator: PanelModule['SheetCoordinator']): void {
    const client = session.client;
    if (!client) return;
    const available = this.#available(client);
    if (!available.ok) return;
    session.sheets = new Coordinator(
      {
        emit: (name, detail) => {
          this.#emit(name, detail as never);
        },
        texts: () => this.#texts,
        options: () => this.#options,
        frameHost: this.#frameHost,
        loadModule: this.#deps.loadModule,
        textsReady: () => this.#whenTexts(),
        viewMounted: session.viewMounted.promise,
        onChange: () => {
          this.#changed();
        },
        onReady: () => {
          this.#changed();
        },
        onFatal: (error) => {
          if (this.#session !== session) return;
          this.#dropSheets(session, error);
          this.#dropCard(session);
          this.#fail(session, error);
        },
        track: (pending) => {
          this.#track(pending);
        },
      },
      client,
      available.options,
      session.card,
    );
    for (const waiter of this.#waiting.splice(0)) waiter.resolve(session.sheets);
    this.#changed();
  }

  /** The options on offer given the configuration and the merchant's options, or the refusal. */
  #available(client: GatewayClient) {
    return availablePaymentOptions(
      this.#options,
      client.configuration.gatewayConfiguration,
      this.#deps.applePayEnvironment(),
    );
  }

  /** The panel cannot be used: it says so (once per cause) and shows its error. */
  #fail(session: Session, error: PanelError): void {
    session.failure = error;
    this.#emit('errorOccurred', error);
    if (!session.wasReady && !session.cancelled) {
      session.cancelled = true;
      this.#emit('cancelInitialization', error);
    }
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
    this.#changed();
  }

  /** The current coordinator, now or once it exists; the current failure otherwise. */
  #whenSheets(): Promise<SheetCoordinator> {
    if (this.#tornDown) return Promise.reject(this.#tornDown);
    const session = this.#session;
    if (session?.sheets) return Promise.resolve(session.sheets);
    if (session?.failure) return Promise.reject(session.failure);
    const waiter = deferred<SheetCoordinator>();
    this.#waiting.push(waiter);
    return waiter.promise;
  }

  #emit<K extends PaymentPanelEventName>(name: K, detail: PaymentPanelEventDetails[K]): void {
    if (!this.#tornDown) emit(this.#host, name, detail);
  }

  #track(pending: Promise<unknown>): void {
    const settled = pending.catch(() => undefined);
    this.#pending.add(settled);
    void settled.then(() => this.#pending.delete(settled));
  }

  /**
   * The state changed: listeners (the view, the element's own rendering) hear it once per task's
   * worth of changes, in the next task. A payment changes the model several times in a row, and the
   * merchant awaiting it goes on before the panel renders what changed.
   */
  #changed(): void {
    this.#state = null;
    if (this.#notifying) return;
    this.#notifying = true;
    nextTask(() => {
      this.#notifying = false;
      for (const listener of [...this.#listeners]) listener();
    });
  }
}
