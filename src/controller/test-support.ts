/**
 * Helpers for the controller's unit tests: a gateway client, hosted fields and the files loaded on
 * demand, all fake and under the test's control, and a controller wired to them. Not part of the
 * bundle.
 * @packageDocumentation
 */
import { vi } from 'vitest';
import type { GatewayClient } from '../client';
import { fakeClient as fakeGatewayClient } from '../client/test-support';
import type { GatewayConfiguration } from '../client/configuration';
// The view's file registers the US English texts; these tests have no view.
import '../i18n/en-US';
import type { LocaleTexts } from '../i18n/en-US';
import type { Locale } from '../i18n/locales';
import type {
  HostedFields,
  HostedFieldsEvent,
  HostedFieldsState,
  OpenedHostedFields,
  OpenHostedFieldsOptions,
} from '../methods/hosted-fields';
import type { ThreeDSecureOptions, VerifyCardOptions, VerifyCardResult } from '../methods/three-d-secure';
import type { WalletHandlers, WalletIntegration } from '../methods/wallet';
import type { RawPaymentMethod } from '../model';
import { createError, type PanelError } from '../shared/errors';
import type { FieldKey, FieldState } from '../shared/hosted-fields';
import type { ModuleName, PanelModules } from '../shared/module-registry';
import { nextTask } from '../shared/next-task';
import { PanelController, type ControllerDependencies } from './panel-controller';
import { PanelViews } from './panel-views';
import type { PaymentPanelEventName } from './events';

/** Where the fake first script comes from, and so the frame pages before the configuration. */
export const BUNDLE_URL = 'https://assets.test/payment-panel/1.9.2/payment-panel.min.js';

/** The gateway configuration of the fake merchant: cards (Visa, MasterCard), PayPal, no challenges. */
export function configuration(overrides: Partial<GatewayConfiguration> = {}): GatewayConfiguration {
  return {
    environment: 'sandbox',
    merchantId: 'merchant',
    assetsUrl: 'https://assets.test',
    clientApiUrl: 'https://gateway.test/merchants/merchant/client_api',
    analytics: { url: 'https://gateway.test/analytics' },
    challenges: [],
    creditCards: { supportedCardTypes: ['Visa', 'MasterCard'], supportedGateways: [{ name: 'clientApi' }] },
    threeDSecureEnabled: true,
    paypalEnabled: true,
    paypal: { clientId: 'client', displayName: 'Shop' },
    ...overrides,
  };
}

/** A client with that configuration whose analytics events are recorded; it answers the saved-methods call. */
export function fakeClient(
  gateway: GatewayConfiguration = configuration(),
  { guest = true, savedMethods = [] as unknown[] } = {},
): GatewayClient & { events: string[] } {
  return fakeGatewayClient({
    gatewayConfiguration: gateway,
    guest,
    request: vi.fn(() => Promise.resolve({ status: 200, data: { paymentMethods: savedMethods } })) as never,
  });
}

const COMPLETE: FieldState = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };
const EMPTY: FieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };

/** Hosted fields whose frames the test makes ready, fill and tokenize. */
export class FakeFrames {
  readonly opened: {
    options: OpenHostedFieldsOptions;
    fields: FieldKey[];
    client: GatewayClient | null;
    abandoned: Error | null;
    resolve: (instance: HostedFields) => void;
    reject: (error: Error) => void;
  }[] = [];
  readonly state: HostedFieldsState = { cards: [], fields: {} };
  readonly tokenize = vi.fn<HostedFields['tokenize']>(() =>
    Promise.resolve({
      nonce: 'tokencc_one',
      type: 'CreditCard',
      description: 'ending in 11',
      details: { cardType: 'Visa', lastTwo: '11' },
    }),
  );
  readonly relabel = vi.fn<HostedFields['relabel']>();
  readonly teardowns: number[] = [];
  #handlers = new Map<HostedFieldsEvent, Set<(state: HostedFieldsState) => void>>();

  /** The `openHostedFields` the controller uses. */
  open = (options: OpenHostedFieldsOptions): OpenedHostedFields => {
    let resolve!: (instance: HostedFields) => void;
    let reject!: (error: Error) => void;
    const ready = new Promise<HostedFields>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    ready.catch(() => undefined);
    const entry = {
      options,
      fields: Object.keys(options.fields) as FieldKey[],
      client: null as GatewayClient | null,
      abandoned: null as Error | null,
      resolve,
      reject,
    };
    this.opened.push(entry);
    for (const field of entry.fields) this.state.fields[field] = { ...EMPTY, container: document.body };
    return {
      ready,
      get fields() {
        return entry.fields;
      },
      frameOrigin: new URL(options.frameFolder).origin,
      addFields: (added) => {
        for (const field of Object.keys(added) as FieldKey[]) {
          entry.fields.push(field);
          this.state.fields[field] = { ...EMPTY, container: document.body };
        }
      },
      connect: (client) => {
        entry.client = client;
      },
      abandon: (reason) => {
        entry.abandoned = reason;
        reject(reason);
      },
    };
  };

  /** Every frame of the last opened fields reports ready (after the client is connected). */
  ready(): HostedFields {
    const entry = this.opened.at(-1);
    if (!entry) throw new Error('No hosted fields were opened.');
    const instance = this.instance(entry.fields);
    entry.resolve(instance);
    return instance;
  }

  /** The shopper filled in a valid Visa. */
  fillVisa(): void {
    this.state.cards = [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }];
    for (const field of Object.keys(this.state.fields) as FieldKey[]) {
      this.state.fields[field] = { ...COMPLETE, container: document.body };
    }
    this.emit('validityChange');
  }

  emit(event: HostedFieldsEvent): void {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) handler(this.snapshot());
  }

  snapshot(): HostedFieldsState {
    return { cards: [...this.state.cards], fields: { ...this.state.fields } };
  }

  instance(fields: FieldKey[]): HostedFields {
    return {
      on: (event, handler) => {
        let set = this.#handlers.get(event);
        if (!set) this.#handlers.set(event, (set = new Set()));
        set.add(handler);
        return () => set.delete(handler);
      },
      getState: () => this.snapshot(),
      tokenize: this.tokenize,
      setAttribute: vi.fn(),
      removeAttribute: vi.fn(),
      setMessage: vi.fn(),
      clear: vi.fn(),
      focus: vi.fn(),
      addClass: vi.fn(),
      removeClass: vi.fn(),
      relabel: this.relabel,
      teardown: () => {
        this.teardowns.push(fields.length);
        return Promise.resolve();
      },
    };
  }
}

/** A wallet integration whose payments the test answers. */
export function fakeWallet(): WalletIntegration & {
  handlers: WalletHandlers[];
  pays: number;
  torn: boolean;
} {
  const wallet = {
    handlers: [] as WalletHandlers[],
    pays: 0,
    torn: false,
    pay(_options: unknown, _locale: unknown, handlers: WalletHandlers) {
      wallet.pays += 1;
      wallet.handlers.push(handlers);
    },
    teardown() {
      wallet.torn = true;
    },
  };
  return wallet;
}

/**
 * A Google Pay integration: its readiness is the test's to answer (`answer`), and once ready it has
 * Google's button, whose click goes where the panel asked.
 */
export function fakeGooglePay(): WalletIntegration & {
  handlers: WalletHandlers[];
  pays: number;
  torn: boolean;
  /** Settles `ready()`: true, false, or a rejection. */
  answer: (ready: boolean | PanelError) => void;
  /** What the panel gave the integration when it made it. */
  created: { option: unknown; onButtonClick: () => void } | null;
  button: HTMLElement | null;
} {
  let settle: (ready: boolean | PanelError) => void = () => undefined;
  const readiness = new Promise<boolean>((resolve, reject) => {
    settle = (ready) => {
      if (typeof ready === 'boolean') resolve(ready);
      else reject(ready);
    };
  });
  const wallet = {
    ...fakeWallet(),
    created: null as { option: unknown; onButtonClick: () => void } | null,
    button: null as HTMLElement | null,
    answer: (ready: boolean | PanelError) => {
      if (ready === true) {
        const button = document.createElement('button');
        button.textContent = 'Buy with Google Pay';
        button.addEventListener('click', () => wallet.created?.onButtonClick());
        wallet.button = button;
      }
      settle(ready);
    },
    ready: () => readiness,
  };
  // The pays and teardown of the plain fake, counted on this object.
  wallet.pay = (_options, _locale, handlers) => {
    wallet.pays += 1;
    wallet.handlers.push(handlers);
  };
  wallet.teardown = () => {
    wallet.torn = true;
  };
  return wallet;
}

/** A Google Pay card the fake Google Pay hands over. */
export const GOOGLE_PAY_CARD: RawPaymentMethod = {
  nonce: 'tokenan_one',
  type: 'AndroidPayCard',
  description: 'Android Pay',
  details: { cardType: 'Visa', lastFour: '1111', lastTwo: '11', isNetworkTokenized: false, bin: '411111' },
};

/** A PayPal account the fake wallet hands over. */
export const PAYPAL_ACCOUNT: RawPaymentMethod = {
  nonce: 'paypal-nonce',
  type: 'PayPalAccount',
  details: { email: 'shopper@example.com' },
};

/** 3D Secure as the fake file makes it: what it was created with and asked, answered by the test. */
export class FakeThreeDSecure {
  /** The version the configuration offers, as the real file reads it. */
  offered: 1 | 2 = 2;
  readonly created: ThreeDSecureOptions[] = [];
  readonly verified: VerifyCardOptions[] = [];
  /** How the next verifications end; a verified card with a version 2 status by default. */
  answer: (options: VerifyCardOptions) => Promise<VerifyCardResult> = (options) =>
    Promise.resolve({
      nonce: `${options.nonce}_verified`,
      details: {},
      liabilityShifted: true,
      liabilityShiftPossible: true,
      verificationDetails: { liabilityShifted: true, liabilityShiftPossible: true },
      threeDSecureInfo: {
        liabilityShifted: true,
        liabilityShiftPossible: true,
        status: 'authenticate_successful',
      },
    });

  readonly module: PanelModules['three-d-secure'] = {
    offeredVersion: () => this.offered,
    createThreeDSecure: (_client, options) => {
      this.created.push(options ?? {});
      return {
        verifyCard: (verifyOptions) => {
          this.verified.push(verifyOptions);
          return this.answer(verifyOptions);
        },
        cancelVerifyCard: () => Promise.reject(createError('THREEDS_NO_VERIFICATION_PAYLOAD')),
        teardown: () => undefined,
      };
    },
    // paymentPanel.createThreeDSecure() only: the panel never calls it.
    standalone: () => Promise.reject(new Error('not in these tests')),
  };
}

/** Files loaded on demand, each answered by the test (the panel's runtime is the real one). */
export class FakeModules {
  readonly requested: ModuleName[] = [];
  readonly failures = new Map<ModuleName, PanelError>();
  readonly paypal = fakeWallet();
  readonly applePay = fakeWallet();
  readonly threeDSecure = new FakeThreeDSecure();
  readonly googlePay = fakeGooglePay();
  readonly exports: Partial<{ [N in ModuleName]: PanelModules[N] }> = {
    panel: { PanelViews },
    view: { tagName: 'payment-panel-view' },
    paypal: { createPayPalWallet: () => this.paypal },
    'apple-pay': { createApplePayWallet: () => this.applePay },
    'three-d-secure': this.threeDSecure.module,
    'google-pay': {
      createGooglePayWallet: (_client, options) => {
        this.googlePay.created = options;
        return this.googlePay;
      },
    },
  };

  load = <N extends ModuleName>(name: N): Promise<PanelModules[N]> => {
    this.requested.push(name);
    const failure = this.failures.get(name);
    if (failure) return Promise.reject(failure);
    const found = this.exports[name];
    return found
      ? Promise.resolve(found as PanelModules[N])
      : Promise.reject(createError('MODULE_LOAD_FAILED', { module: name }));
  };
}

/** A controller over fakes, connected to a host element in the document, with its events recorded. */
export function controllerHarness(
  options: {
    client?: GatewayClient & { events: string[] };
    clientError?: PanelError;
    localeTexts?: (locale: Locale) => LocaleTexts | Promise<LocaleTexts>;
    dependencies?: Partial<ControllerDependencies>;
  } = {},
) {
  const host = document.createElement('div');
  const frameHost = document.createElement('div');
  host.append(frameHost);
  document.body.append(host);
  const frames = new FakeFrames();
  const modules = new FakeModules();
  const client = options.client ?? fakeClient();
  const events: { name: PaymentPanelEventName; detail: unknown }[] = [];
  const names: PaymentPanelEventName[] = [
    'ready',
    'errorOccurred',
    'errorCleared',
    'paymentMethodRequestable',
    'noPaymentMethodRequestable',
    'paymentOptionSelected',
    'cancelInitialization',
  ];
  for (const name of names) {
    host.addEventListener(name, (event) => {
      events.push({ name, detail: (event as CustomEvent).detail });
    });
  }
  // As the real client does, every call that resolves is a hold on the one client, which its
  // release ends.
  const release = vi.fn();
  client.release = release;
  let taken = 0;
  const createClient = vi.fn((authorization: string) => {
    if (options.clientError) return Promise.reject(options.clientError);
    if (!authorization) return Promise.reject(createError('CLIENT_INVALID_AUTHORIZATION'));
    taken++;
    return Promise.resolve(client);
  });
  const controller = new PanelController(host, frameHost, {
    createClient,
    loadModule: modules.load,
    openHostedFields: frames.open,
    localeTexts: options.localeTexts ?? (() => ({})),
    bundleUrl: BUNDLE_URL,
    applePayEnvironment: () => ({
      applePaySessionExists: false,
      isHttps: true,
      canMakePayments: () => false,
    }),
    ...options.dependencies,
  });
  // The view: it mounts at once and shows what it is given, as the React view does.
  controller.subscribe(() => {
    if (controller.getState().phase === 'ready') controller.viewShown();
  });
  return {
    host,
    frameHost,
    frames,
    modules,
    client,
    controller,
    events,
    createClient,
    /** The client's release, called once for each hold that ends. */
    release,
    /** How many holds on the client the controller took and has not released. */
    held: () => taken - release.mock.calls.length,
    /** The names of the events so far. */
    names: () => events.map((event) => event.name),
    /** Connects the element and lets the start run. */
    async start(authorization = 'sandbox_abc_merchant'): Promise<void> {
      controller.setAuthorization(authorization);
      controller.connect();
      controller.viewMounted();
      await settle();
    },
    /** Connects the element, lets the start run and makes the card frames ready. */
    async startReady(authorization = 'sandbox_abc_merchant'): Promise<void> {
      await this.start(authorization);
      frames.ready();
      await settle();
    },
  };
}

/** Lets pending promise callbacks and the controller's next-task notifications run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await new Promise<void>((resolve) => {
      nextTask(resolve);
    });
  }
}
