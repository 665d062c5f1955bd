import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGooglePayWallet } from '../methods/google-pay/google-pay-wallet';
import type { PaymentsClientConstructorLike } from '../methods/google-pay/pay-api';
import { walletModule } from '../methods/wallet';
import { createError } from '../shared/errors';
import { deferred } from '../shared/lifetime';
import {
  ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS,
  GOOGLE_PAY_READY_TIMEOUT_MS,
  HOSTED_FIELDS_SETUP_TIMEOUT_MS,
  HOSTED_FIELDS_SILENT_FRAME_MS,
} from '../shared/constants';
import {
  BUNDLE_URL,
  configuration,
  controllerHarness,
  customerWithSavedCard,
  FakeModules,
  fakeClient,
  GOOGLE_PAY_CARD,
  PAYPAL_ACCOUNT,
  settle,
  VENMO_ACCOUNT,
} from './test-support';
import { fieldSlot } from './view-contract';
import { coordinatorOf } from './runtime/coordinator';
import type { PanelOptions } from '../model/options';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

const BUNDLE_FOLDER = new URL('./', BUNDLE_URL).href;

describe('the start', () => {
  it('starts the configuration call, the card frames and the view and runtime files at once', async () => {
    const panel = controllerHarness();
    panel.controller.setAuthorization('sandbox_abc_merchant');
    panel.controller.connect();
    // Nothing starts within the task that connected the element: its options may still come.
    expect(panel.createClient).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(panel.createClient).toHaveBeenCalledWith('sandbox_abc_merchant');
    expect(panel.frames.opened).toHaveLength(1);
    expect(panel.frames.opened[0]?.options.frameFolder).toBe(BUNDLE_FOLDER);
    expect(panel.frames.opened[0]?.fields).toEqual(['number', 'expirationDate']);
    expect(panel.modules.requested).toEqual(['view', 'panel']);
    // Each frame sits in its own slot of the view's element.
    expect([...panel.frameHost.children].map((child) => child.getAttribute('slot'))).toEqual([
      fieldSlot('number'),
      fieldSlot('expirationDate'),
    ]);
  });

  it('starts a cardholder name frame too when the merchant asks for one', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ card: { cardholderName: true } });
    await panel.start();
    expect(panel.frames.opened[0]?.fields).toEqual(['cardholderName', 'number', 'expirationDate']);
  });

  it('starts no card frame when the merchant offers no card', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paymentOptionPriority: ['paypal'], paypal: { flow: 'vault' } });
    await panel.start();
    expect(panel.frames.opened).toHaveLength(0);
  });

  it('adds the fields the configuration challenges and gives the frames the client', async () => {
    const client = fakeClient(configuration({ challenges: ['cvv', 'postal_code'] }));
    const panel = controllerHarness({ client });
    await panel.start();
    const [opened] = panel.frames.opened;
    expect(opened?.fields).toEqual(['number', 'expirationDate', 'cvv', 'postalCode']);
    expect(opened?.client).toBe(client);
  });

  it('replaces frames started from another folder than the configuration names', async () => {
    const client = fakeClient(configuration({ assetsUrl: 'https://cdn.other.test' }));
    const panel = controllerHarness({ client });
    await panel.start();
    expect(panel.frames.opened).toHaveLength(2);
    expect(panel.frames.opened[0]?.abandoned).toMatchObject({ code: 'METHOD_CALLED_AFTER_TEARDOWN' });
    expect(panel.frames.opened[1]?.options.frameFolder).toBe('https://cdn.other.test/payment-panel/1.9.2/');
    expect(panel.frames.opened[1]?.client).toBe(client);
  });

  it('waits for the configuration when the first script has no URL of its own', async () => {
    const panel = controllerHarness({ dependencies: { bundleUrl: '' } });
    panel.controller.setAuthorization('sandbox_abc_merchant');
    panel.controller.connect();
    await Promise.resolve();
    expect(panel.frames.opened).toHaveLength(0);
    await settle();
    expect(panel.frames.opened[0]?.options.frameFolder).toBe('https://assets.test/payment-panel/1.9.2/');
  });
});

describe('ready', () => {
  it('comes once the card frames, the saved methods and the view are there, and the view showed it', async () => {
    const panel = controllerHarness();
    await panel.start();
    expect(panel.controller.getState().phase).toBe('loading');
    expect(panel.names()).toEqual([]);
    panel.frames.ready();
    await settle();
    expect(panel.controller.getState().phase).toBe('ready');
    expect(panel.names()).toEqual(['ready']);
    expect(panel.events[0]?.detail).toEqual({ version: '1.9.2' });
    expect(panel.client.events).toEqual(
      expect.arrayContaining(['started.tokenization-key', 'integration-type.script-tag', 'appeared']),
    );
  });

  it('waits for the view to mount', async () => {
    const panel = controllerHarness();
    panel.controller.setAuthorization('sandbox_abc_merchant');
    panel.controller.connect();
    await settle();
    panel.frames.ready();
    await settle();
    expect(panel.controller.getState().phase).toBe('loading');
    panel.controller.viewMounted();
    await settle();
    expect(panel.names()).toEqual(['ready']);
  });

  it("waits for the locale's texts, so the shopper never sees them change language", async () => {
    let loaded!: (texts: Record<string, string>) => void;
    const file = new Promise<Record<string, string>>((resolve) => (loaded = resolve));
    const panel = controllerHarness({ localeTexts: (locale) => (locale === 'de_DE' ? file : {}) });
    panel.controller.setOptions({ locale: 'de_DE' });
    await panel.startReady();
    expect(panel.controller.getState().phase).toBe('loading');
    // The views are not drawn at all before the texts: no text of another language is on the page, hidden or not.
    expect(panel.controller.getState().sheets).toBeNull();
    panel.frames.relabel.mockClear();
    loaded({ payWithCard: 'Mit Karte zahlen' });
    await settle();
    const state = panel.controller.getState();
    expect(state.sheets).not.toBeNull();
    expect(state.phase).toBe('ready');
    expect(state.lang).toBe('de-DE');
    expect(state.texts.text('payWithCard')).toBe('Mit Karte zahlen');
    // The frames were relabelled in German before anything showed, and again once the views were drawn
    // (their direction is that of where they show).
    expect(panel.frames.relabel).toHaveBeenCalled();
    const calls = panel.frames.relabel.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve));
    expect(panel.frames.relabel.mock.calls.length).toBeGreaterThan(calls);
  });

  it('opens the only option at once, and the option list when there are more', async () => {
    const single = controllerHarness();
    await single.startReady();
    expect(single.controller.getState().sheets?.activeView).toBe('card');

    const several = controllerHarness();
    several.controller.setOptions({ paypal: { flow: 'vault' } });
    await several.startReady();
    expect(several.controller.getState().sheets?.activeView).toBe('options');
    expect(several.controller.getState().sheets?.offered).toEqual(['card', 'paypal']);
    expect(several.modules.requested).toContain('paypal');
  });

  it("shows each wallet's mark from the wallet's own file, and none for a wallet not offered", async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    expect(panel.controller.getState().sheets?.icons).toEqual({
      paypal: panel.modules.icons.paypal,
    });
  });
});

describe('files loaded on demand', () => {
  it('loads no wallet, 3D Secure or data collector file for a card-only merchant', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    expect(panel.modules.requested).toEqual(['panel']);
  });

  it("loads a wallet's file only when both the merchant and the configuration enable it", async () => {
    const panel = controllerHarness({ client: fakeClient(configuration({ paypalEnabled: false })) });
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.start();
    expect(panel.modules.requested).not.toContain('paypal');
  });

  it('fetches no 3D Secure file when the configuration does not enable it, and says why', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration({ threeDSecureEnabled: false })) });
    panel.controller.setOptions({ threeDSecure: { amount: '10.00' } });
    await panel.startReady();
    expect(panel.modules.requested).not.toContain('three-d-secure');
    expect(panel.events[0]).toMatchObject({
      name: 'errorOccurred',
      // A tokenization key is refused first, as the 3D Secure file itself would.
      detail: { code: 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY' },
    });
    expect(panel.names()).toContain('ready');
  });

  it('fetches the files the merchant asks for as soon as the configuration enables them', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({
      paypal: { flow: 'vault' },
      dataCollector: { kount: true },
      threeDSecure: { amount: '10.00' },
    });
    await panel.start();
    expect(panel.modules.requested).toEqual(
      expect.arrayContaining(['paypal', 'data-collector', 'three-d-secure']),
    );
  });

  it('drops a wallet whose file fails, says why, and still pays by card', async () => {
    const panel = controllerHarness();
    panel.modules.failures.set('paypal', createError('MODULE_LOAD_FAILED', { module: 'paypal' }));
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    expect(panel.events.find((event) => event.name === 'errorOccurred')?.detail).toMatchObject({
      code: 'MODULE_LOAD_FAILED',
      message: 'The paypal file of the panel could not be loaded.',
    });
    expect(panel.names()).toContain('ready');
    expect(panel.names()).not.toContain('cancelInitialization');
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
    expect(panel.controller.getState().sheets?.activeView).toBe('card');
    panel.frames.fillVisa();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'tokencc_one' });
  });

  it('fails the panel with a named error, never hanging, when the view cannot load', async () => {
    const panel = controllerHarness();
    panel.modules.failures.set('view', createError('MODULE_LOAD_TIMEOUT', { module: 'view', seconds: 30 }));
    panel.controller.setAuthorization('sandbox_abc_merchant');
    panel.controller.connect();
    await settle();
    panel.frames.ready();
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.events[1]?.detail).toMatchObject({ code: 'MODULE_LOAD_TIMEOUT' });
    expect(panel.controller.getState().phase).toBe('failed');
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'MODULE_LOAD_TIMEOUT',
    });
    // The frames went with the panel.
    expect(panel.frameHost.children).toHaveLength(0);
  });

  it("fails the panel with a named error when the panel's runtime cannot load", async () => {
    const panel = controllerHarness();
    panel.modules.failures.set('panel', createError('MODULE_LOAD_FAILED', { module: 'panel' }));
    await panel.start();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.controller.getState().failure).toMatchObject({ code: 'MODULE_LOAD_FAILED' });
  });
});

describe('failures at the start', () => {
  it('raise cancelInitialization after errorOccurred: a refused authorization', async () => {
    const panel = controllerHarness({ clientError: createError('CLIENT_INVALID_AUTHORIZATION') });
    await panel.start();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.controller.getState()).toMatchObject({ phase: 'failed', sheets: null });
    expect(panel.frameHost.children).toHaveLength(0);
  });

  it('raise cancelInitialization: no authorization at all', async () => {
    const panel = controllerHarness();
    panel.controller.connect();
    await settle();
    expect(panel.events.map((event) => [event.name, (event.detail as { code: string }).code])).toEqual([
      ['errorOccurred', 'INSTANTIATION_OPTION_REQUIRED'],
      ['cancelInitialization', 'INSTANTIATION_OPTION_REQUIRED'],
    ]);
  });

  it('raise cancelInitialization: a refused panel configuration, which a valid one then mends', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paymentOptionPriority: ['card', 'bitcoin'] });
    await panel.start();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.events[0]?.detail).toMatchObject({ code: 'PAYMENT_OPTION_PRIORITY_INVALID' });
    expect(panel.client.events).toContain('configuration-error');
    panel.controller.setOptions({ paymentOptionPriority: ['card'] });
    await settle();
    panel.frames.ready();
    await settle();
    expect(panel.names().at(-1)).toBe('ready');
  });

  it('raise cancelInitialization when nothing is left to pay with', async () => {
    const panel = controllerHarness();
    await panel.start();
    panel.frames.opened[0]?.reject(
      createError('INCOMPATIBLE_VERSIONS', {
        clientVersion: '1.9.2',
        component: 'hosted-fields',
        componentVersion: '1.9.1',
      }),
    );
    await settle();
    expect(panel.names()).toContain('cancelInitialization');
    expect(panel.controller.getState().failure).toMatchObject({ code: 'INCOMPATIBLE_VERSIONS' });
  });

  it('leave the panel usable for what is not fatal: Apple Pay the gateway does not offer', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ applePay: { displayName: 'Shop' } });
    await panel.startReady();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({ code: 'APPLE_PAY_NOT_ENABLED' });
  });
});

describe('card frames that cannot load', () => {
  /** Starts a panel whose card frames never say ready; what a request made meanwhile settles with. */
  async function stuckCard(options: PanelOptions = {}) {
    vi.useFakeTimers();
    const panel = controllerHarness();
    panel.controller.setOptions(options);
    await panel.start();
    let outcome: { payload?: unknown; error?: unknown } | undefined;
    panel.controller.requestPaymentMethod().then(
      (payload) => (outcome = { payload }),
      (error: unknown) => (outcome = { error }),
    );
    return { panel, outcome: () => outcome };
  }

  it('give up after 20 s with HOSTED_FIELDS_TIMEOUT: the card drops out, PayPal still pays, a waiting request settles', async () => {
    const { panel, outcome } = await stuckCard({ paypal: { flow: 'vault' } });
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS - 1);
    await settle();
    expect(panel.names()).toEqual([]);
    expect(outcome()).toBeUndefined();
    vi.advanceTimersByTime(1);
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({
      code: 'HOSTED_FIELDS_TIMEOUT',
      type: 'UNKNOWN',
      message: 'Hosted Fields timed out when attempting to set up.',
    });
    expect(panel.frames.opened[0]?.abandoned).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' });
    expect(panel.controller.getState().sheets?.offered).toEqual(['paypal']);
    // The request made while the panel loaded settles: nothing was chosen on the PayPal sheet.
    expect(outcome()?.error).toMatchObject({ code: 'NO_PAYMENT_METHOD_AVAILABLE' });
    panel.controller.payWith('paypal');
    panel.modules.paypal.handlers[0]?.paid(PAYPAL_ACCOUNT);
    vi.advanceTimersByTime(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'paypal-nonce' });
  });

  it('card only: the panel fails with cancelInitialization and the waiting request rejects with the error', async () => {
    const { panel, outcome } = await stuckCard();
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS);
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.events[1]?.detail).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' });
    expect(panel.controller.getState()).toMatchObject({
      phase: 'failed',
      failure: { code: 'HOSTED_FIELDS_TIMEOUT' },
    });
    expect(outcome()?.error).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' });
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_TIMEOUT',
    });
  });

  it('a frame whose document loaded without saying ready is given up within seconds with HOSTED_FIELDS_FRAME_LOAD_FAILED', async () => {
    const { panel, outcome } = await stuckCard({ paypal: { flow: 'vault' } });
    panel.frames.loadSilently(['number']);
    vi.advanceTimersByTime(HOSTED_FIELDS_SILENT_FRAME_MS);
    await settle();
    expect(panel.names()).toEqual([]);
    vi.advanceTimersByTime(HOSTED_FIELDS_SILENT_FRAME_MS);
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
      details: { reason: 'no-answer', fields: ['number'] },
    });
    expect(panel.controller.getState().sheets?.offered).toEqual(['paypal']);
    expect(outcome()).toBeDefined();
  });

  it('frames made anew while the panel loads are the ones waited for', async () => {
    vi.useFakeTimers();
    const panel = controllerHarness();
    await panel.start();
    panel.controller.setOptions({ card: { cardholderName: true } });
    await settle();
    expect(panel.frames.opened).toHaveLength(2);
    panel.frames.ready();
    await settle();
    expect(panel.names()).toEqual(['ready']);
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS);
    await settle();
    expect(panel.names()).toEqual(['ready']);
  });

  it('frames made anew once the panel shows that cannot load are reported and leave the other options', async () => {
    vi.useFakeTimers();
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    panel.controller.selectOption('card');
    panel.controller.setOptions({ paypal: { flow: 'vault' }, card: { cardholderName: true } });
    await settle();
    expect(panel.frames.opened).toHaveLength(2);
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS);
    await settle();
    expect(panel.names()).toEqual(['ready', 'paymentOptionSelected', 'errorOccurred']);
    expect(panel.events[2]?.detail).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' });
    const views = panel.controller.getState().sheets;
    expect(views?.offered).toEqual(['paypal']);
    expect(views?.activeView).toBe('paypal');
    // The shopper is told on the sheet that takes over.
    expect(views?.message).toBe('Something went wrong on our end.');
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'NO_PAYMENT_METHOD_AVAILABLE',
    });
  });
});

describe('requestability', () => {
  it('announces a preselected saved method only after the active-method change time-out', async () => {
    vi.useFakeTimers();
    const client = customerWithSavedCard();
    const panel = controllerHarness({ client });
    await panel.startReady();
    expect(panel.controller.getState().sheets?.activeView).toBe('methods');
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(false);
    vi.advanceTimersByTime(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS - 1);
    expect(panel.names()).toEqual(['ready']);
    vi.advanceTimersByTime(1);
    expect(panel.names()).toEqual(['ready', 'paymentMethodRequestable']);
    expect(panel.events[1]?.detail).toEqual({ type: 'CreditCard', paymentMethodIsSelected: true });
  });

  it("settles create()'s wait once the preselected saved method is requestable, and at once without one", async () => {
    vi.useFakeTimers();
    const client = customerWithSavedCard();
    const panel = controllerHarness({ client });
    await panel.startReady();
    const coordinator = coordinatorOf(panel.frameHost);
    expect(coordinator).toBeDefined();
    let settled = false;
    void coordinator?.activeMethodSettled().then(() => {
      settled = panel.controller.isPaymentMethodRequestable();
    });
    await vi.advanceTimersByTimeAsync(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(coordinator?.activeMethodSettled()).resolves.toBeUndefined();
  });

  it('lists the options on offer once ready, in priority order, without one the gateway does not offer', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration({ applePayEnabled: false })) });
    panel.controller.setOptions({
      paymentOptionPriority: ['paypal', 'applePay', 'card'],
      paypal: { flow: 'vault' },
      applePay: { displayName: 'Shop' },
    });
    expect(panel.controller.availablePaymentOptions()).toEqual([]);
    await panel.startReady();
    const offered = panel.controller.availablePaymentOptions();
    expect(offered).toEqual(['paypal', 'card']);
    // A copy: what the merchant does with it changes nothing.
    offered.pop();
    expect(panel.controller.availablePaymentOptions()).toEqual(['paypal', 'card']);
  });

  it('announces a method the shopper just approved only after the time-out too', async () => {
    vi.useFakeTimers();
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    panel.controller.selectOption('paypal');
    panel.controller.payWith('paypal');
    panel.modules.paypal.handlers[0]?.paid(PAYPAL_ACCOUNT);
    expect(panel.controller.getState().sheets?.activeView).toBe('methods');
    expect(panel.controller.isPaymentMethodRequestable()).toBe(false);
    vi.advanceTimersByTime(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(true);
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({
      nonce: 'paypal-nonce',
      type: 'PayPalAccount',
    });
  });

  it('follows the card form at once', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    panel.frames.fillVisa();
    expect(panel.names()).toEqual(['ready', 'paymentMethodRequestable']);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(true);
  });
});

describe('requestPaymentMethod', () => {
  it('waits for ready, then tokenizes once for concurrent calls', async () => {
    const panel = controllerHarness();
    await panel.start();
    const first = panel.controller.requestPaymentMethod();
    const second = panel.controller.requestPaymentMethod();
    // The frames hold a card (say, prefilled) by the time they are ready.
    panel.frames.fillVisa();
    panel.frames.ready();
    await settle();
    const payloads = await Promise.all([first, second]);
    expect(payloads[0]).toEqual({
      nonce: 'tokencc_one',
      type: 'CreditCard',
      description: 'ending in 11',
      details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111' },
    });
    expect(payloads[1]).toEqual(payloads[0]);
    expect(panel.frames.tokenize).toHaveBeenCalledTimes(1);
    expect(panel.frames.gateway).toHaveBeenCalledTimes(1);
    expect(panel.client.events).toContain('request-payment-method.card');
  });

  it('rejects with what the shopper must fix, and tells the shopper', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_FIELDS_EMPTY',
    });
    expect(panel.controller.getState().sheets?.card?.errors).toEqual({
      number: 'Please fill out a card number.',
      expirationDate: 'Please fill out an expiration date.',
    });
    expect(panel.client.events).toContain('request-payment-method.error');
  });

  it('tells the shopper when the gateway refuses a card for a reason the card sheet does not show', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    panel.frames.fillVisa();
    panel.frames.gateway.mockRejectedValueOnce(createError('CLIENT_AUTHORIZATION_INSUFFICIENT'));
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'CLIENT_AUTHORIZATION_INSUFFICIENT',
    });
    expect(panel.controller.getState().sheets?.message).toBe('Something went wrong on our end.');
  });

  it('hands over nothing when no method is chosen, and says so', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'NO_PAYMENT_METHOD_AVAILABLE',
    });
    expect(panel.controller.getState().sheets?.message).toBe('Please choose a way to pay.');
  });

  it('is rejected by the failure of the panel', async () => {
    const panel = controllerHarness({ clientError: createError('CLIENT_GATEWAY_NETWORK') });
    await panel.start();
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'CLIENT_GATEWAY_NETWORK',
    });
  });

  it('goes on with the new connection when the authorization changes while it waits', async () => {
    const panel = controllerHarness();
    await panel.start();
    const request = panel.controller.requestPaymentMethod();
    panel.controller.setAuthorization('sandbox_other_merchant');
    await settle();
    expect(panel.frames.opened).toHaveLength(2);
    panel.frames.fillVisa();
    panel.frames.ready();
    await settle();
    await expect(request).resolves.toMatchObject({ nonce: 'tokencc_one' });
  });
});

describe('wallets', () => {
  it("start in the shopper's click and list what the shopper approved, for guests only the last one", async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    panel.controller.payWith('paypal');
    expect(panel.modules.paypal.pays).toBe(1);
    panel.modules.paypal.handlers[0]?.busy(true);
    expect(panel.controller.getState().sheets?.wallets.paypal?.busy).toBe(true);
    panel.modules.paypal.handlers[0]?.busy(false);
    panel.modules.paypal.handlers[0]?.paid(PAYPAL_ACCOUNT);
    panel.modules.paypal.handlers[0]?.paid({ ...PAYPAL_ACCOUNT, nonce: 'second' });
    expect(panel.controller.getState().sheets?.methods.map((method) => method.nonce)).toEqual(['second']);
  });

  it('are offered when their file is the last thing the panel waits for', async () => {
    const file = deferred();
    const modules = new FakeModules();
    const panel = controllerHarness({
      dependencies: {
        loadModule: (name) =>
          name === 'paypal' ? file.promise.then(() => modules.load(name)) : modules.load(name),
      },
    });
    panel.controller.setOptions({ paymentOptionPriority: ['paypal'], paypal: { flow: 'vault' } });
    await panel.start();
    expect(panel.names()).toEqual([]);
    file.resolve();
    await settle();
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['paypal']);
  });

  it('report a failed payment to the merchant and the shopper', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    panel.controller.selectOption('paypal');
    panel.controller.payWith('paypal');
    panel.modules.paypal.handlers[0]?.failed(createError('PAYPAL_POPUP_OPEN_FAILED'));
    expect(panel.events.at(-1)).toMatchObject({
      name: 'errorOccurred',
      detail: { code: 'PAYPAL_POPUP_OPEN_FAILED' },
    });
  });

  it('say why PayPal cannot be used, once, and keep the panel usable', async () => {
    const panel = controllerHarness();
    panel.modules.exports.paypal = walletModule({
      icon: ['svg', {}],
      createWallet: () => {
        throw createError('PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED');
      },
    });
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    await panel.startReady();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.controller.getState().sheets?.wallets.paypal).toEqual({
      available: false,
      note: 'A linked sandbox account is required to use PayPal Checkout in sandbox. Link one in the provider control panel.',
      busy: false,
    });
  });
});

describe('Venmo', () => {
  const PAY_WITH_VENMO = {
    payWithVenmo: {
      merchantId: 'venmo-merchant-id',
      accessToken: 'access_token$sandbox$venmo-merchant-id',
      environment: 'sandbox',
    },
  };

  async function venmoPanel(options: PanelOptions = { venmo: true }, gateway: object = PAY_WITH_VENMO) {
    const panel = controllerHarness({ client: fakeClient(configuration(gateway)) });
    panel.controller.setOptions(options);
    await panel.start();
    panel.frames.ready();
    await settle();
    return panel;
  }

  it("is offered in the drop-in's place, and its sheet asks for its button when a payment is requested", async () => {
    const panel = await venmoPanel({ venmo: true, paypal: { flow: 'vault' } });
    expect(panel.modules.requested).toContain('venmo');
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['card', 'paypal', 'venmo']);
    panel.controller.selectOption('venmo');
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'NO_PAYMENT_METHOD_AVAILABLE',
    });
    expect(panel.controller.getState().sheets?.message).toBe(
      'Use the Venmo button to continue with your payment.',
    );
  });

  it("pays through its button: the account is listed, selected, and handed over as the merchant's VenmoAccount", async () => {
    vi.useFakeTimers();
    const panel = await venmoPanel();
    panel.controller.selectOption('venmo');
    panel.controller.payWith('venmo');
    expect(panel.modules.venmo.pays).toBe(1);
    panel.modules.venmo.handlers[0]?.paid(VENMO_ACCOUNT);
    vi.advanceTimersByTime(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
    await settle();
    expect(panel.events.find((event) => event.name === 'paymentMethodRequestable')?.detail).toEqual({
      type: 'VenmoAccount',
      paymentMethodIsSelected: true,
    });
    await expect(panel.controller.requestPaymentMethod()).resolves.toEqual({
      nonce: 'tokenvm_one',
      type: 'VenmoAccount',
      details: { username: '@venmojoe' },
    });
    expect(panel.client.events).toContain('request-payment-method.venmo');
  });

  it('finishes the result the page came back with as it starts, and shows the account selected', async () => {
    const panel = await venmoPanel();
    expect(panel.modules.venmo.resumed).toHaveLength(1);
    panel.modules.venmo.resumed[0]?.paid(VENMO_ACCOUNT);
    await settle();
    const sheets = panel.controller.getState().sheets;
    expect(sheets?.activeView).toBe('methods');
    expect(sheets?.activeMethod).toEqual(VENMO_ACCOUNT);
  });

  it("tells the merchant of a cancel without showing it, and carries the wallet's dialog to the view", async () => {
    const panel = await venmoPanel();
    panel.controller.selectOption('venmo');
    panel.controller.payWith('venmo');
    const handlers = panel.modules.venmo.handlers[0];
    const close = vi.fn();
    handlers?.dialog({ qr: { size: 29, path: 'M4 4h1v1h-1z' }, authorizing: false, close });
    expect(panel.controller.getState().sheets?.wallets.venmo?.dialog).toMatchObject({
      qr: { size: 29 },
      authorizing: false,
    });
    panel.controller.getState().sheets?.wallets.venmo?.dialog?.close();
    expect(close).toHaveBeenCalledTimes(1);
    handlers?.dialog(null);
    handlers?.report(createError('VENMO_DESKTOP_CANCELED'));
    await settle();
    expect(panel.controller.getState().sheets?.wallets.venmo?.dialog).toBeUndefined();
    expect(panel.events.find((event) => event.name === 'errorOccurred')?.detail).toMatchObject({
      code: 'VENMO_DESKTOP_CANCELED',
    });
    expect(panel.controller.getState().sheets?.message).toBeNull();
  });

  it('is left out without a word when the configuration has no payWithVenmo, and its file is never fetched', async () => {
    const panel = await venmoPanel({ venmo: true }, {});
    expect(panel.modules.requested).not.toContain('venmo');
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
  });
});

describe('Google Pay', () => {
  /** The slot and the part of Google's own button. */
  const GOOGLE_PAY_BUTTON_SLOT = 'google-pay-button';
  const GOOGLE_PAY = {
    transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL' as const, totalPrice: '10.00' },
  };
  const ANDROID_PAY = {
    androidPay: {
      enabled: true,
      googleAuthorizationFingerprint: 'fingerprint',
      supportedNetworks: ['visa', 'mastercard'],
    },
  };

  async function googlePayPanel(ready: boolean) {
    const panel = controllerHarness({ client: fakeClient(configuration(ANDROID_PAY)) });
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    await settle();
    panel.modules.googlePay.answer(ready);
    await settle();
    return panel;
  }

  it('is offered last by default once Google says the browser can pay; its button pays in the click', async () => {
    const panel = await googlePayPanel(true);
    expect(panel.modules.requested).toContain('google-pay');
    expect(panel.modules.googlePay.created?.option).toBe(GOOGLE_PAY);
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['card', 'googlePay']);
    const slotted = panel.frameHost.querySelector(`[slot="${GOOGLE_PAY_BUTTON_SLOT}"]`);
    expect(slotted?.getAttribute('part')).toBe('google-pay-button');
    expect(slotted?.firstElementChild).toBe(panel.modules.googlePay.button);
    panel.controller.selectOption('googlePay');
    panel.modules.googlePay.button?.click();
    expect(panel.modules.googlePay.pays).toBe(1);
    panel.modules.googlePay.handlers[0]?.paid(GOOGLE_PAY_CARD);
    const payload = await panel.controller.requestPaymentMethod();
    expect(payload).toEqual({
      nonce: 'tokenan_one',
      type: 'AndroidPayCard',
      description: 'Android Pay',
      details: GOOGLE_PAY_CARD.details,
    });
    expect(panel.client.events).toContain('request-payment-method.googlepay');
  });

  it('waits for isReadyToPay before ready, and is left out without a word when it answers false', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration(ANDROID_PAY)) });
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    await settle();
    expect(panel.names()).toEqual([]);
    panel.modules.googlePay.answer(false);
    await settle();
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
    expect(panel.modules.googlePay.torn).toBe(true);
    expect(panel.frameHost.querySelector(`[slot="${GOOGLE_PAY_BUTTON_SLOT}"]`)).toBeNull();
    panel.controller.payWith('googlePay');
    expect(panel.modules.googlePay.pays).toBe(0);
  });

  it('is no longer waited for when the merchant takes the option away while Google answers', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration(ANDROID_PAY)) });
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    await settle();
    panel.controller.setOptions({});
    panel.modules.googlePay.answer(true);
    await settle();
    expect(panel.names()).toEqual(['ready']);
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
    expect(panel.modules.googlePay.torn).toBe(true);
    expect(panel.frameHost.querySelector(`[slot="${GOOGLE_PAY_BUTTON_SLOT}"]`)).toBeNull();
  });

  it('is dropped with the reason when Google cannot say, and the card still pays', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration(ANDROID_PAY)) });
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    panel.modules.googlePay.answer(createError('GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED'));
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({ code: 'GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED' });
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
  });

  it('is dropped with GOOGLE_PAYMENT_READY_TIMEOUT when isReadyToPay never answers; a waiting request settles', async () => {
    vi.useFakeTimers();
    const panel = controllerHarness({ client: fakeClient(configuration(ANDROID_PAY)) });
    // Google Pay's own file over a Google whose isReadyToPay never answers.
    const silentGoogle = vi.fn(function () {
      return {
        isReadyToPay: () => new Promise<never>(() => undefined),
        loadPaymentData: () => new Promise<never>(() => undefined),
        createButton: () => document.createElement('button'),
      };
    }) as unknown as PaymentsClientConstructorLike;
    panel.modules.exports['google-pay'] = walletModule({
      icon: ['svg', {}],
      createWallet: (client, context) =>
        createGooglePayWallet(client, { ...context, loadPayApi: () => Promise.resolve(silentGoogle) }),
    });
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    const request = panel.controller.requestPaymentMethod();
    request.catch(() => undefined);
    await settle();
    vi.advanceTimersByTime(GOOGLE_PAY_READY_TIMEOUT_MS - 1);
    await settle();
    expect(panel.names()).toEqual([]);
    // The request made while Google is asked settles once it is left out: the card form is empty.
    panel.frames.tokenize.mockRejectedValueOnce(createError('HOSTED_FIELDS_FIELDS_EMPTY'));
    vi.advanceTimersByTime(1);
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({ code: 'GOOGLE_PAYMENT_READY_TIMEOUT' });
    expect(panel.controller.getState().sheets?.offered).toEqual(['card']);
    await expect(request).rejects.toMatchObject({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' });
    panel.frames.fillVisa();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'tokencc_one' });
  });

  it('without androidPay in the configuration says GOOGLE_PAYMENT_NOT_ENABLED once, loads nothing of it', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await panel.start();
    panel.frames.ready();
    await settle();
    panel.controller.setOptions({ googlePay: GOOGLE_PAY, locale: 'de_DE' });
    await settle();
    expect(panel.names()).toEqual(['errorOccurred', 'ready']);
    expect(panel.events[0]?.detail).toMatchObject({
      code: 'GOOGLE_PAYMENT_NOT_ENABLED',
      type: 'MERCHANT',
      message: 'Google Pay is not enabled for this merchant.',
    });
    expect(panel.modules.requested).not.toContain('google-pay');
    // Asked for again after the option went, the merchant hears it again.
    panel.controller.setOptions({});
    panel.controller.setOptions({ googlePay: GOOGLE_PAY });
    await settle();
    expect(panel.names().filter((name) => name === 'errorOccurred')).toHaveLength(2);
  });
});

describe('teardown', () => {
  it('removes the frames and rejects what still waits', async () => {
    const panel = controllerHarness();
    await panel.start();
    const request = panel.controller.requestPaymentMethod();
    const reason = createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' });
    await panel.controller.teardown(reason);
    expect(panel.frameHost.children).toHaveLength(0);
    expect(panel.frames.opened[0]?.abandoned).toBeTruthy();
    await expect(request).rejects.toBe(reason);
    // Nothing is heard from a torn-down panel.
    panel.frames.ready();
    await settle();
    expect(panel.names()).toEqual([]);
  });

  it('ends the connection when the element leaves the page, and starts anew when it comes back', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    panel.controller.disconnect();
    expect(panel.frames.teardowns).toHaveLength(1);
    expect(panel.frameHost.children).toHaveLength(0);
    panel.controller.connect();
    await settle();
    expect(panel.frames.opened).toHaveLength(2);
  });
});

describe('the gateway client', () => {
  it('is let go of when the element leaves the page, after the frames, and taken again when it comes back', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    expect(panel.held()).toBe(1);
    panel.release.mockImplementation(() => {
      // The frames' own teardown still reached the client before it went.
      expect(panel.frames.teardowns).toHaveLength(1);
    });
    panel.controller.disconnect();
    expect(panel.release).toHaveBeenCalledTimes(1);
    expect(panel.held()).toBe(0);
    panel.controller.connect();
    await settle();
    expect(panel.createClient).toHaveBeenCalledTimes(2);
    expect(panel.held()).toBe(1);
  });

  it('is let go of once when the panel is torn down, even when the panel failed', async () => {
    const refused = controllerHarness();
    refused.controller.setOptions({ paymentOptionPriority: ['paypal'], paypal: undefined });
    await refused.start();
    expect(refused.names()).toContain('cancelInitialization');
    expect(refused.held()).toBe(1);
    await refused.controller.teardown(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'teardown' }));
    refused.controller.disconnect();
    expect(refused.release).toHaveBeenCalledTimes(1);
    expect(refused.held()).toBe(0);
  });

  it('of the old authorization is let go of when the authorization changes', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    panel.release.mockImplementationOnce(() => {
      // The new authorization's client is asked for after the old one is let go of.
      expect(panel.createClient).toHaveBeenCalledTimes(1);
    });
    panel.controller.setAuthorization('sandbox_other_merchant');
    await settle();
    expect(panel.createClient.mock.calls.map(([authorization]) => authorization)).toEqual([
      'sandbox_abc_merchant',
      'sandbox_other_merchant',
    ]);
    expect(panel.release).toHaveBeenCalledTimes(1);
    expect(panel.held()).toBe(1);
  });

  it('that arrives after the element left is let go of at once, and reports nothing', async () => {
    let arrive = (): void => undefined;
    const panel = controllerHarness();
    const createClient = panel.createClient.getMockImplementation();
    panel.createClient.mockImplementation(
      (authorization) =>
        new Promise((resolve, reject) => {
          arrive = () => {
            createClient?.(authorization).then(resolve, reject);
          };
        }),
    );
    panel.controller.setAuthorization('sandbox_abc_merchant');
    panel.controller.connect();
    await settle();
    panel.controller.disconnect();
    arrive();
    await settle();
    expect(panel.release).toHaveBeenCalledTimes(1);
    expect(panel.held()).toBe(0);
    expect(panel.client.events).toEqual([]);
  });
});

describe('3D Secure', () => {
  /** A customer's panel with 3D Secure, the card sheet complete; its BIN comes with the tokenized card. */
  async function verifyingPanel(
    threeDSecure: PanelOptions['threeDSecure'] = { amount: '10.00', email: 'a@b.c' },
    localeTexts?: NonNullable<Parameters<typeof controllerHarness>[0]>['localeTexts'],
  ) {
    const panel = controllerHarness({
      client: fakeClient(configuration(), { guest: false }),
      ...(localeTexts ? { localeTexts } : {}),
    });
    panel.controller.setOptions({ threeDSecure });
    await panel.start('token');
    panel.frames.ready();
    await settle();
    panel.frames.fill({ number: '4000000000001091' });
    await settle();
    return panel;
  }

  it('verifies with version 2 when the gateway offers it: the BIN, and the request’s options over the option’s', async () => {
    const panel = await verifyingPanel();
    const payload = await panel.controller.requestPaymentMethod({
      threeDSecure: { amount: '12.00', challengeRequested: true },
    });
    const fake = panel.modules.threeDSecure;
    expect(fake.created).toEqual([{ frameTitle: 'Card Verification', version: 2 }]);
    expect(fake.verified).toHaveLength(1);
    expect(fake.verified[0]).toMatchObject({
      nonce: 'tokencc_one',
      bin: '400000',
      amount: '12.00',
      email: 'a@b.c',
      challengeRequested: true,
    });
    expect(payload).toMatchObject({
      nonce: 'tokencc_one_verified',
      liabilityShifted: true,
      liabilityShiftPossible: true,
      threeDSecureInfo: { status: 'authenticate_successful' },
    });
    // Verified once: the same card is handed over again without a second verification.
    await expect(panel.controller.requestPaymentMethod()).resolves.toEqual(payload);
    expect(fake.verified).toHaveLength(1);
  });

  it('refuses an option whose keys do not fit when it makes 3D Secure, and pays once the merchant fixes it', async () => {
    // The element only checks that the option is `true` or an object: the keys are read here.
    const panel = await verifyingPanel({ amount: '10.00', accountType: 'savings' } as never);
    const refused = panel.events.find((event) => event.name === 'errorOccurred');
    expect(refused?.detail).toMatchObject({
      code: 'INVALID_OPTION',
      message: 'The threeDSecure option is invalid.',
    });
    expect(JSON.stringify(refused?.detail)).toMatch(/"accountType\\"\?: \\"credit\\" \| \\"debit\\"/);
    expect(panel.modules.threeDSecure.created).toEqual([]);
    // Never paid unverified.
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    panel.controller.setOptions({ threeDSecure: { amount: '10.00', accountType: 'debit' } });
    await settle();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({
      nonce: 'tokencc_one_verified',
    });
  });

  it('rejects a request whose 3D Secure options do not fit, and verifies the next one', async () => {
    const panel = await verifyingPanel();
    await expect(
      panel.controller.requestPaymentMethod({ threeDSecure: { amount: -1 } }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { reason: expect.stringMatching(/^"amount"/) as unknown },
    });
    expect(panel.modules.threeDSecure.verified).toEqual([]);
    await expect(
      panel.controller.requestPaymentMethod({ threeDSecure: { amount: '1.00' } }),
    ).resolves.toMatchObject({
      nonce: 'tokencc_one_verified',
    });
  });

  it("names the bank frame in the panel's language when it shows, and again when the locale changes", async () => {
    let loaded!: (texts: Record<string, string>) => void;
    const german = new Promise<Record<string, string>>((resolve) => (loaded = resolve));
    const panel = await verifyingPanel(undefined, (locale) => (locale === 'de_DE' ? german : {}));
    // The file named the frame when 3D Secure was created, maybe before the locale's texts. (An
    // element of another tag stands in for the frame: the test's DOM loads no frame pages.)
    const frame = document.createElement('div') as unknown as HTMLIFrameElement;
    frame.title = 'cardVerification';
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    const verified = panel.modules.threeDSecure.answer;
    panel.modules.threeDSecure.answer = async (options) => {
      options.addFrame(null, frame);
      await answered;
      options.removeFrame();
      return verified(options);
    };
    const request = panel.controller.requestPaymentMethod();
    await vi.waitFor(() => {
      expect(frame.isConnected).toBe(true);
    });
    expect(frame.title).toBe('Card Verification');
    panel.controller.setOptions({ threeDSecure: { amount: '10.00', email: 'a@b.c' }, locale: 'de_DE' });
    loaded({ cardVerification: 'Kartenprüfung' });
    await settle();
    expect(frame.title).toBe('Kartenprüfung');
    finish();
    await expect(request).resolves.toMatchObject({ nonce: 'tokencc_one_verified' });
    expect(frame.isConnected).toBe(false);
  });

  it('creates version 1 when the gateway offers no more', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration(), { guest: false }) });
    panel.modules.threeDSecure.offered = 1;
    panel.controller.setOptions({ threeDSecure: { amount: '10.00' } });
    await panel.start('token');
    await settle();
    expect(panel.modules.threeDSecure.created).toEqual([{ frameTitle: 'Card Verification', version: 1 }]);
  });

  it('a call with other 3D Secure options than the request in flight is refused; one without any joins it', async () => {
    const panel = await verifyingPanel();
    let finish!: () => void;
    panel.modules.threeDSecure.answer = (options) =>
      new Promise((resolve) => {
        finish = () => {
          resolve({
            nonce: `${options.nonce}_verified`,
            details: {},
            liabilityShifted: false,
            liabilityShiftPossible: true,
            verificationDetails: { liabilityShifted: false, liabilityShiftPossible: true },
          });
        };
      });
    const first = panel.controller.requestPaymentMethod({ threeDSecure: { amount: '12.00' } });
    const same = panel.controller.requestPaymentMethod({ threeDSecure: { amount: '12.00' } });
    const plain = panel.controller.requestPaymentMethod();
    await expect(
      panel.controller.requestPaymentMethod({ threeDSecure: { amount: '13.00' } }),
    ).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_IN_PROGRESS',
    });
    await vi.waitFor(() => {
      expect(panel.modules.threeDSecure.verified).toHaveLength(1);
    });
    finish();
    const payloads = await Promise.all([first, same, plain]);
    expect(new Set(payloads.map((payload) => payload.nonce))).toEqual(new Set(['tokencc_one_verified']));
  });

  it('a version 2 failure tells the shopper the 3D Secure text, unless the merchant words the code', async () => {
    const panel = await verifyingPanel();
    panel.modules.threeDSecure.answer = () => Promise.reject(createError('THREEDS_LOOKUP_ERROR' as never));
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'THREEDS_LOOKUP_ERROR',
    });
    await settle();
    expect(panel.controller.getState().sheets?.message).toBe(
      'Something went wrong during 3D Secure authentication. Please try again.',
    );
    panel.controller.setOptions({
      threeDSecure: { amount: '10.00' },
      translations: { THREEDS_LOOKUP_ERROR: 'Try another card.' },
    });
    await settle();
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'THREEDS_LOOKUP_ERROR',
    });
    await settle();
    expect(panel.controller.getState().sheets?.message).toBe('Try another card.');
  });
});

describe('a look that arrives late (the stylesheet linked in an older engine)', () => {
  it('is read again where the card fields show once the panel shows ready', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    expect(panel.names()).toContain('ready');
    expect(panel.frames.relabel).not.toHaveBeenCalled();

    const late = controllerHarness();
    await late.start();
    late.controller.restyle();
    late.frames.ready();
    await settle();
    expect(late.names()).toContain('ready');
    // Once when the frames were ready, once when the panel showed them.
    expect(late.frames.relabel).toHaveBeenCalledTimes(2);
  });
});
