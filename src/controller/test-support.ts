/**
 * Helpers for the controller's unit tests: a gateway client, hosted fields and the files loaded on
 * demand, all fake and under the test's control, and a controller wired to them. Not part of the
 * bundle.
 * @packageDocumentation
 */
import { fetchLocale } from '../i18n/locale-integrity';
import { afterEach, vi } from 'vitest';
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
import { walletModule, type WalletHandlers, type WalletIntegration } from '../methods/wallet';
import { deletePaymentMethod } from '../methods/vault-manager/delete';
import { readThreeDSecureOption } from '../model/three-d-secure-options';
import type { IconNode } from '../shared/icon-node';
import type { RawPaymentMethod } from '../model';
import { createError, type PanelError } from '../shared/errors';
import { THREE_D_SECURE_2_ERRORS } from '../shared/errors/catalogues/three-d-secure';
import { deferred } from '../shared/lifetime';
import { mergeStyles } from '../shared/field-styles';
import type { CardPayload } from '../shared/frame-messages';
import {
  binOf,
  fieldEventsOf,
  type CardCandidate,
  type FieldKey,
  type FieldState,
} from '../shared/hosted-fields';
import type { ModuleName, PanelModules } from '../shared/module-registry';
import { nextTask } from '../shared/next-task';
import { PanelController, type ControllerDependencies } from './panel-controller';
import { panelInstance } from './runtime/panel-instance';
import { SheetCoordinator } from './runtime/coordinator';
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

/** A customer's client whose vault holds their default card, a Visa ending in 11. */
export function customerWithSavedCard(): GatewayClient & { events: string[] } {
  return fakeClient(configuration(), {
    guest: false,
    savedMethods: [
      {
        type: 'CreditCard',
        nonce: 'saved',
        description: 'ending in 11',
        default: true,
        details: { cardType: 'Visa', lastTwo: '11' },
      },
    ],
  });
}

const EMPTY: FieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };

/** What the fake fields hold for a complete, valid Visa. */
export const VISA_CARD: Readonly<Partial<Record<FieldKey, string>>> = {
  cardholderName: 'Ada Lovelace',
  number: '4111111111111111',
  expirationDate: '1230',
  cvv: '123',
  postalCode: '12345',
};

/** Digits each field takes, for the fake's validation. */
const DIGITS: Partial<Record<FieldKey, RegExp>> = {
  number: /^\d{12,19}$/,
  expirationDate: /^\d{4}$/,
  cvv: /^\d{3,4}$/,
  expirationMonth: /^\d{2}$/,
  expirationYear: /^\d{4}$/,
};

/** The fake's validation: simpler than the frame's, but judged on the value, as the frame's is. */
function fakeValidity(field: FieldKey, value: string): Pick<FieldState, 'isValid' | 'isPotentiallyValid'> {
  if (field === 'cardholderName')
    return { isValid: value.length < 256, isPotentiallyValid: value.length < 256 };
  if (field === 'postalCode') return { isValid: value.trim().length >= 3, isPotentiallyValid: true };
  return { isValid: DIGITS[field]?.test(value) ?? false, isPotentiallyValid: /^\d*$/.test(value) };
}

/** The brands a number may still be, as the fake tells them: Visa by a 4, MasterCard by a 5. */
function fakeCandidates(number: string): CardCandidate[] {
  if (number.startsWith('4')) return [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }];
  if (number.startsWith('5')) {
    return [{ type: 'master-card', niceType: 'Mastercard', code: { name: 'CVC', size: 3 } }];
  }
  return [];
}

/** Nonces of the fake gateway's cards, in order. */
const NONCES = ['tokencc_one', 'tokencc_two', 'tokencc_three', 'tokencc_four', 'tokencc_five'];

/**
 * Hosted fields as their frames behave: each field holds a value, and every change of a value
 * gives the field a new revision; a field reports only changes of its state, by the frames' own
 * rule ({@link fieldEventsOf}), so a new value with the same state reports nothing. `tokenize` is
 * the tokenizing frame's: the card tokenized last is handed back, with no gateway call, only when
 * the request names its nonce (`reuse`) and no field's value changed since; otherwise the frame's
 * local checks, then the gateway ({@link FakeFrames.gateway}, which a test may make fail).
 */
export class FakeFrames {
  readonly opened: {
    options: OpenHostedFieldsOptions;
    fields: FieldKey[];
    client: GatewayClient | null;
    abandoned: Error | null;
    /** Fields whose frame's document loaded without saying ready. */
    silent: FieldKey[];
    /** Aborted, as the real fields' signal is, when they are given up or torn down. */
    ended: AbortController;
    resolve: (instance: HostedFields) => void;
    reject: (error: Error) => void;
  }[] = [];
  readonly state: HostedFieldsState = { cards: [], fields: {} };
  /** What each field holds. */
  readonly values: Partial<Record<FieldKey, string>> = {};
  /** The gateway's card tokenization of the values sent: a card under a new nonce each time. */
  readonly gateway = vi.fn((card: Partial<Record<FieldKey, string>>): Promise<CardPayload> => {
    const number = card.number ?? '';
    const lastTwo = number.slice(-2);
    const count = this.gateway.mock.calls.length;
    return Promise.resolve({
      nonce: NONCES[count - 1] ?? `tokencc_${String(count)}`,
      type: 'CreditCard',
      description: `ending in ${lastTwo}`,
      details: {
        cardType: number.startsWith('5') ? 'MasterCard' : 'Visa',
        lastTwo,
        lastFour: number.slice(-4),
        bin: number.slice(0, 6),
        ...(card.cardholderName ? { cardholderName: card.cardholderName } : {}),
      },
    });
  });
  /** The page's `tokenize`, answered as the tokenizing frame answers. */
  readonly tokenize = vi.fn<HostedFields['tokenize']>((options = {}) => this.#tokenize(options));
  readonly relabel = vi.fn<HostedFields['relabel']>();
  readonly teardowns: number[] = [];
  #handlers = new Map<string, Set<(payload: never) => void>>();
  /** The BIN the number's frame announced last, by the frames' rule ({@link binOf}). */
  #binSent: string | null = null;
  #edits = 0;
  #revisions = new Map<FieldKey, number>();
  #last: { revision: string; payload: CardPayload } | undefined;

  /** The `openHostedFields` the controller uses. */
  open = (options: OpenHostedFieldsOptions): OpenedHostedFields => {
    const { promise: ready, resolve, reject } = deferred<HostedFields>();
    const entry = {
      options,
      fields: Object.keys(options.fields) as FieldKey[],
      client: null as GatewayClient | null,
      abandoned: null as Error | null,
      silent: [] as FieldKey[],
      ended: new AbortController(),
      resolve,
      reject,
    };
    this.opened.push(entry);
    this.#last = undefined;
    for (const field of entry.fields) this.#reset(field);
    return {
      ready,
      get fields() {
        return entry.fields;
      },
      frameOrigin: new URL(options.frameFolder).origin,
      signal: entry.ended.signal,
      get silent() {
        return entry.silent;
      },
      addFields: (added) => {
        for (const field of Object.keys(added) as FieldKey[]) {
          entry.fields.push(field);
          this.#reset(field);
        }
      },
      connect: (client) => {
        entry.client = client;
      },
      abandon: (reason) => {
        entry.abandoned = reason;
        entry.ended.abort();
        reject(reason);
      },
    };
  };

  /**
   * The last opened fields' frames load a document that never says ready (an error page, a frame
   * the page's policy refused), as the real frames' `load` shows.
   */
  loadSilently(fields: FieldKey[]): void {
    const entry = this.opened.at(-1);
    if (!entry) throw new Error('No hosted fields were opened.');
    entry.silent.push(...fields);
  }

  /** Every frame of the last opened fields reports ready (after the client is connected). */
  ready(): HostedFields {
    const entry = this.opened.at(-1);
    if (!entry) throw new Error('No hosted fields were opened.');
    entry.silent = [];
    const instance = this.instance(entry.fields, entry.ended);
    entry.resolve(instance);
    return instance;
  }

  /**
   * The shopper gives a field a value, whichever way (typed, pasted, autofilled, deleted): the
   * field's revision changes, and the frame reports what changed in its state, if anything.
   */
  enter(field: FieldKey, value: string): void {
    const previous = this.state.fields[field];
    if (!previous) throw new Error(`No ${field} field.`);
    if ((this.values[field] ?? '') === value) return;
    this.values[field] = value;
    this.#revisions.set(field, (this.#edits += 1));
    const next = { ...previous, isEmpty: value === '', ...fakeValidity(field, value) };
    this.state.fields[field] = next;
    this.state.emittedBy = field;
    let cardsChanged = false;
    if (field === 'number') {
      const cards = fakeCandidates(value);
      cardsChanged = JSON.stringify(cards) !== JSON.stringify(this.state.cards);
      this.state.cards = cards;
    }
    for (const event of fieldEventsOf(previous, next, cardsChanged)) this.emit(event);
    const bin = field === 'number' ? binOf(value) : null;
    if (bin !== this.#binSent) {
      this.#binSent = bin;
      if (bin) this.#send('binAvailable', { bin });
    }
  }

  /** The shopper moves the focus into a field's frame (`true`) or out of it, as the frame reports it. */
  focusField(field: FieldKey, isFocused = true): void {
    const previous = this.state.fields[field];
    if (!previous) throw new Error(`No ${field} field.`);
    this.state.fields[field] = { ...previous, isFocused };
    this.state.emittedBy = field;
    this.emit(isFocused ? 'focus' : 'blur');
  }

  /** The shopper presses Enter in a field. */
  submit(field: FieldKey): void {
    this.state.emittedBy = field;
    this.emit('inputSubmitRequest');
  }

  /** The shopper fills every field of the sheet: `card` over a valid Visa. */
  fill(card: Partial<Record<FieldKey, string>> = {}): void {
    for (const field of Object.keys(this.state.fields) as FieldKey[]) {
      this.enter(field, card[field] ?? VISA_CARD[field] ?? '');
    }
  }

  /** The shopper filled in a valid Visa. */
  fillVisa(): void {
    this.fill();
  }

  emit(event: HostedFieldsEvent): void {
    this.#send(event, this.snapshot());
  }

  snapshot(): HostedFieldsState {
    const { emittedBy } = this.state;
    return {
      cards: [...this.state.cards],
      ...(emittedBy ? { emittedBy } : {}),
      fields: Object.fromEntries(
        Object.entries(this.state.fields).map(([key, state]) => [key, { ...state }]),
      ),
    };
  }

  #send(event: string, payload: object): void {
    for (const handler of [...(this.#handlers.get(event) ?? [])]) (handler as (p: object) => void)(payload);
  }

  instance(fields: FieldKey[], ended = new AbortController()): HostedFields {
    return {
      on: (event: string, handler: (payload: never) => void) => {
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
      clear: (field) => {
        this.enter(field, '');
      },
      focus: vi.fn(),
      addClass: vi.fn(),
      removeClass: vi.fn(),
      relabel: this.relabel,
      teardown: () => {
        this.teardowns.push(fields.length);
        ended.abort();
        return Promise.resolve();
      },
    };
  }

  #reset(field: FieldKey): void {
    this.state.fields[field] = { ...EMPTY, container: document.body };
    this.values[field] = '';
    if (field === 'number') this.#binSent = null;
    this.#revisions.set(field, (this.#edits += 1));
  }

  async #tokenize(options: Parameters<HostedFields['tokenize']>[0] & object): Promise<CardPayload> {
    const vault = options.vault === true;
    const fields = Object.keys(this.state.fields) as FieldKey[];
    const revision = JSON.stringify([vault, fields.map((field) => [field, this.#revisions.get(field)])]);
    const last = this.#last;
    if (last && last.payload.nonce === options.reuse && last.revision === revision) return last.payload;
    this.#last = undefined;
    const states = fields.map((field) => [field, this.state.fields[field] ?? EMPTY] as const);
    if (states.every(([, state]) => state.isEmpty)) throw createError('HOSTED_FIELDS_FIELDS_EMPTY');
    const invalidFieldKeys = states.filter(([, state]) => !state.isValid).map(([field]) => field);
    if (invalidFieldKeys.length > 0) {
      throw createError('HOSTED_FIELDS_FIELDS_INVALID', undefined, { invalidFieldKeys });
    }
    const payload = await this.gateway({ ...this.values });
    this.#last = { revision, payload };
    return payload;
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

/**
 * A Venmo integration: its payments the test answers, as the plain fake's, and what it finishes as
 * the panel starts (a page back from Venmo) through the handlers `resume` is given.
 */
export function fakeVenmo(): ReturnType<typeof fakeWallet> & { resumed: WalletHandlers[] } {
  const wallet = { ...fakeWallet(), resumed: [] as WalletHandlers[] };
  wallet.pay = (_options, _locale, handlers) => {
    wallet.pays += 1;
    wallet.handlers.push(handlers);
  };
  wallet.teardown = () => {
    wallet.torn = true;
  };
  return Object.assign(wallet, {
    resume: (handlers: WalletHandlers) => {
      wallet.resumed.push(handlers);
    },
  });
}

/** A Venmo account as Venmo's file lists it. */
export const VENMO_ACCOUNT: RawPaymentMethod = {
  nonce: 'tokenvm_one',
  type: 'VenmoAccount',
  details: { username: '@venmojoe' },
};

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
  /** How Songbird's set-up ends, and the settings each wait for it was given. */
  songbird: Promise<void> = Promise.resolve();
  readonly songbirdConfigs: (Record<string, unknown> | undefined)[] = [];
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

  /** The verification waiting for the shopper on the issuer's page, if any. */
  #challenged: { options: VerifyCardOptions; end: (result: VerifyCardResult) => void } | null = null;

  /**
   * The next verifications challenge the shopper, as the real file's do: the issuer's frame shows
   * through `addFrame`, and the verification waits for {@link FakeThreeDSecure.passChallenge}, for
   * the shopper's Cancel on the issuer's page ({@link FakeThreeDSecure.cancelOnIssuerPage}) or for
   * `cancelVerifyCard`; whichever ends it removes the frame (`removeFrame`) before it settles.
   */
  challenge(): void {
    this.answer = (options) =>
      new Promise((resolve) => {
        options.addFrame(null, document.createElement('iframe'));
        this.#challenged = {
          options,
          end: (result) => {
            this.#challenged = null;
            options.removeFrame();
            resolve(result);
          },
        };
      });
  }

  /** The shopper answers the challenge: the card is verified under a new nonce. */
  passChallenge(): void {
    const challenged = this.#challenged;
    if (!challenged) throw new Error('No challenge shows.');
    challenged.end({
      nonce: `${challenged.options.nonce}_verified`,
      details: {},
      liabilityShifted: true,
      liabilityShiftPossible: true,
      verificationDetails: { liabilityShifted: true, liabilityShiftPossible: true },
    });
  }

  /** The shopper presses Cancel on the issuer's page (version 2): the lookup's card, unauthenticated. */
  cancelOnIssuerPage(): void {
    const challenged = this.#challenged;
    if (!challenged) throw new Error('No challenge shows.');
    challenged.options.onCustomerCanceled?.();
    challenged.end(this.#lookupCard(challenged.options));
  }

  #lookupCard(options: VerifyCardOptions): VerifyCardResult {
    return {
      nonce: `${options.nonce}_looked_up`,
      details: {},
      liabilityShifted: false,
      liabilityShiftPossible: true,
      verificationDetails: { liabilityShifted: false, liabilityShiftPossible: true },
    };
  }

  readonly module: PanelModules['three-d-secure'] = {
    offeredVersion: () => this.offered,
    isVersion2Error: (code) => Object.hasOwn(THREE_D_SECURE_2_ERRORS, code),
    createThreeDSecure: (_client, options) => {
      this.created.push(options ?? {});
      return {
        verifyCard: (verifyOptions) => {
          // As the real one: an amount is required.
          if ((verifyOptions as Partial<VerifyCardOptions>).amount === undefined) {
            return Promise.reject(createError('THREEDS_MISSING_VERIFY_CARD_OPTION' as never));
          }
          this.verified.push(verifyOptions);
          return this.answer(verifyOptions);
        },
        cancelVerifyCard: () => {
          const challenged = this.#challenged;
          if (!challenged) return Promise.reject(createError('THREEDS_NO_VERIFICATION_PAYLOAD'));
          const result = this.#lookupCard(challenged.options);
          challenged.end(result);
          return Promise.resolve(result);
        },
        teardown: () => undefined,
      };
    },
    // paymentPanel.createThreeDSecure() only: the panel never calls it.
    standalone: () => Promise.reject(new Error('not in these tests')),
    songbirdReady: (_client, config) => {
      this.songbirdConfigs.push(config);
      return this.songbird;
    },
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
  readonly venmo = fakeVenmo();
  /** The wallets' marks, as their files give them. */
  readonly icons = {
    paypal: ['svg', { className: 'paypal-icon' }],
    venmo: ['svg', { className: 'venmo-icon' }],
    applePay: ['svg', { className: 'apple-pay-icon' }],
    googlePay: ['svg', { className: 'google-pay-icon' }],
  } satisfies Record<string, IconNode>;
  /** Each file's exports: the wallets' are the one wallet sheet over the fake integrations, as the real files make theirs. */
  readonly exports: Partial<{ [N in ModuleName]: PanelModules[N] }> = {
    panel: { SheetCoordinator, fetchLocale, panelInstance, readThreeDSecureOption },
    view: { tagName: 'payment-panel-view' },
    // The panel's card sheet loads this file only for the styles' whitelist; its own fields are not used.
    'hosted-fields': {
      standalone: () => Promise.reject(createError('MODULE_LOAD_FAILED', { module: 'hosted-fields' })),
      mergeStyles,
    },
    paypal: walletModule({ icon: this.icons.paypal, createWallet: () => this.paypal }),
    'apple-pay': walletModule({ icon: this.icons.applePay, createWallet: () => this.applePay }),
    venmo: walletModule({
      icon: this.icons.venmo,
      requestText: 'venmoUseButton',
      createWallet: () => this.venmo,
    }),
    'three-d-secure': this.threeDSecure.module,
    'vault-manager': { deletePaymentMethod },
    'google-pay': walletModule({
      icon: this.icons.googlePay,
      buttonPart: 'google-pay-button',
      createWallet: (_client, context) => {
        this.googlePay.created = context;
        return this.googlePay;
      },
    }),
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

/** The harnesses' controllers: each ends its session after its test, so no timer of it outlives the test. */
const harnessed = new Set<PanelController>();
afterEach(() => {
  for (const controller of harnessed) controller.disconnect();
  harnessed.clear();
});

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
  harnessed.add(controller);
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
