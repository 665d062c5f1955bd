import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createError } from '../shared/errors';
import { PanelModel, type PanelModelEventName, type PanelModelEvents } from './panel-model';
import type { PaymentMethodPayload } from './payload';

const card = (): PaymentMethodPayload => ({
  nonce: 'fake-card-nonce',
  details: { cardType: 'Visa', lastTwo: '11' },
  type: 'CreditCard',
  description: 'ending in 11',
});
const paypal = (): PaymentMethodPayload => ({
  nonce: 'fake-paypal-nonce',
  details: { email: 'shopper@example.com' },
  type: 'PayPalAccount',
});

const EVENTS: PanelModelEventName[] = [
  'paymentMethodRequestable',
  'noPaymentMethodRequestable',
  'asyncDependenciesReady',
  'changeActivePaymentMethod',
  'paymentOptionSelected',
  'errorOccurred',
  'errorCleared',
  'cancelInitialization',
];

/** A model with every event recorded in order, as `[name, payload]`. */
function recorded(paymentMethods?: PaymentMethodPayload[]) {
  const model = new PanelModel(paymentMethods);
  const events: [PanelModelEventName, unknown][] = [];
  for (const name of EVENTS) model.on(name, (payload) => events.push([name, payload]));
  const named = <K extends PanelModelEventName>(name: K) =>
    events.filter(([event]) => event === name).map(([, payload]) => payload as PanelModelEvents[K]);
  return { model, events, named };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('initial state', () => {
  it('starts empty, not requestable, with no dependencies, failures, error or cancellation', () => {
    expect(new PanelModel().getSnapshot()).toEqual({
      paymentMethods: [],
      activePaymentMethod: null,
      activeView: null,
      isPaymentMethodRequestable: false,
      requestableType: null,
      asyncDependencies: { starting: 0, ready: 0, failed: 0 },
      failedViews: {},
      error: null,
      initializationCancelled: false,
    });
  });

  it('lists the methods it is given without choosing one', () => {
    const saved = [card(), paypal()];
    const state = new PanelModel(saved).getSnapshot();
    expect(state.paymentMethods).toEqual(saved);
    expect(state.activePaymentMethod).toBeNull();
  });
});

describe('payment methods', () => {
  it('adding a method lists it and makes it the active one', () => {
    const model = new PanelModel([card()]);
    const added = paypal();
    model.addPaymentMethod(added);
    const state = model.getSnapshot();
    expect(state.paymentMethods).toHaveLength(2);
    expect(state.paymentMethods[1]).toBe(added);
    expect(state.activePaymentMethod).toBe(added);
  });

  it('removes a method by reference, not by equal content', () => {
    const listed = card();
    const model = new PanelModel([listed]);
    const before = model.getSnapshot();
    model.removePaymentMethod(card());
    expect(model.getSnapshot()).toBe(before);
    model.removePaymentMethod(listed);
    expect(model.getSnapshot().paymentMethods).toEqual([]);
  });

  it('removing another method keeps the active one and requestability', () => {
    const { model, named } = recorded();
    const other = card();
    const active = paypal();
    model.addPaymentMethod(other);
    model.addPaymentMethod(active);
    vi.advanceTimersByTime(200);
    model.removePaymentMethod(other);
    const state = model.getSnapshot();
    expect(state.paymentMethods).toEqual([active]);
    expect(state.activePaymentMethod).toBe(active);
    expect(state.isPaymentMethodRequestable).toBe(true);
    expect(named('noPaymentMethodRequestable')).toHaveLength(0);
  });

  it('removing the active method clears it and makes the model not requestable', () => {
    const { model, named } = recorded();
    const method = card();
    model.addPaymentMethod(method);
    vi.advanceTimersByTime(200);
    expect(model.getSnapshot().isPaymentMethodRequestable).toBe(true);
    model.removePaymentMethod(method);
    const state = model.getSnapshot();
    expect(state.activePaymentMethod).toBeNull();
    expect(state.isPaymentMethodRequestable).toBe(false);
    expect(state.requestableType).toBeNull();
    expect(named('noPaymentMethodRequestable')).toEqual([undefined]);
  });

  it('setPaymentMethods replaces the list and keeps the active method when it stays listed', () => {
    const { model, named } = recorded();
    const active = card();
    model.addPaymentMethod(active);
    vi.advanceTimersByTime(200);
    const saved = [paypal(), active];
    model.setPaymentMethods(saved);
    expect(model.getSnapshot().paymentMethods).toEqual(saved);
    expect(model.getSnapshot().activePaymentMethod).toBe(active);
    expect(named('noPaymentMethodRequestable')).toHaveLength(0);
  });

  it('setPaymentMethods without the active method clears it and makes the model not requestable', () => {
    const { model, named } = recorded();
    model.addPaymentMethod(card());
    vi.advanceTimersByTime(200);
    model.setPaymentMethods([paypal()]);
    expect(model.getSnapshot().activePaymentMethod).toBeNull();
    expect(model.getSnapshot().isPaymentMethodRequestable).toBe(false);
    expect(named('noPaymentMethodRequestable')).toEqual([undefined]);
  });

  it('removeActivePaymentMethod keeps the method listed, clears it and cancels its pending notice', () => {
    const { model, named } = recorded();
    const method = card();
    model.addPaymentMethod(method);
    model.removeActivePaymentMethod();
    vi.advanceTimersByTime(500);
    expect(model.getSnapshot().paymentMethods).toEqual([method]);
    expect(model.getSnapshot().activePaymentMethod).toBeNull();
    expect(named('changeActivePaymentMethod')).toHaveLength(0);
    expect(named('paymentMethodRequestable')).toHaveLength(0);
  });

  it('changeActivePaymentMethod makes a method active at once', () => {
    const method = card();
    const model = new PanelModel([method]);
    model.changeActivePaymentMethod(method);
    expect(model.getSnapshot().activePaymentMethod).toBe(method);
  });
});

describe('active payment method change time-out (200 ms)', () => {
  it('announces the change and reports the method requestable only after 200 ms', () => {
    const { model, events } = recorded();
    const method = paypal();
    model.changeActivePaymentMethod(method);
    vi.advanceTimersByTime(199);
    expect(events).toEqual([]);
    expect(model.getSnapshot().isPaymentMethodRequestable).toBe(false);
    vi.advanceTimersByTime(1);
    expect(events).toEqual([
      ['changeActivePaymentMethod', { paymentMethod: method }],
      ['paymentMethodRequestable', { type: 'PayPalAccount', paymentMethodIsSelected: true }],
    ]);
    expect(model.getSnapshot()).toMatchObject({
      isPaymentMethodRequestable: true,
      requestableType: 'PayPalAccount',
    });
  });

  it('adding a method goes through the same delay', () => {
    const { model, named } = recorded();
    model.addPaymentMethod(card());
    expect(named('paymentMethodRequestable')).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(named('paymentMethodRequestable')).toEqual([
      { type: 'CreditCard', paymentMethodIsSelected: true },
    ]);
  });

  it('a newer change within the delay replaces the pending one', () => {
    const { model, events } = recorded();
    const first = card();
    const second = paypal();
    model.changeActivePaymentMethod(first);
    vi.advanceTimersByTime(150);
    model.changeActivePaymentMethod(second);
    vi.advanceTimersByTime(150);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(events).toEqual([
      ['changeActivePaymentMethod', { paymentMethod: second }],
      ['paymentMethodRequestable', { type: 'PayPalAccount', paymentMethodIsSelected: true }],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('removing the active method within the delay cancels the notification', () => {
    const { model, events } = recorded();
    const method = card();
    model.addPaymentMethod(method);
    model.removePaymentMethod(method);
    vi.advanceTimersByTime(1000);
    expect(events).toEqual([]);
    expect(model.getSnapshot().isPaymentMethodRequestable).toBe(false);
  });
});

describe('active view', () => {
  it('changeActiveView sets the active view', () => {
    const model = new PanelModel();
    model.changeActiveView('card');
    expect(model.getSnapshot().activeView).toBe('card');
    model.changeActiveView('paypal');
    expect(model.getSnapshot().activeView).toBe('paypal');
  });
});

describe('payment option selection', () => {
  it('selectPaymentOption emits paymentOptionSelected with the option', () => {
    const { model, events } = recorded();
    const before = model.getSnapshot();
    model.selectPaymentOption('paypalCredit');
    expect(events).toEqual([['paymentOptionSelected', { paymentOption: 'paypalCredit' }]]);
    expect(model.getSnapshot()).toBe(before);
  });
});

describe('requestability', () => {
  it('emits paymentMethodRequestable when the flag turns true, with the type and whether a method is selected', () => {
    const { model, named } = recorded();
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    expect(named('paymentMethodRequestable')).toEqual([
      { type: 'CreditCard', paymentMethodIsSelected: false },
    ]);
    expect(model.getSnapshot()).toMatchObject({
      isPaymentMethodRequestable: true,
      requestableType: 'CreditCard',
    });
  });

  it('says a method is selected when one is given', () => {
    const { model, named } = recorded();
    model.setPaymentMethodRequestable({
      isRequestable: true,
      type: 'CreditCard',
      selectedPaymentMethod: card(),
    });
    expect(named('paymentMethodRequestable')).toEqual([
      { type: 'CreditCard', paymentMethodIsSelected: true },
    ]);
  });

  it('emits nothing when neither the flag nor the type changes', () => {
    const { model, events } = recorded();
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    const before = model.getSnapshot();
    model.setPaymentMethodRequestable({
      isRequestable: true,
      type: 'CreditCard',
      selectedPaymentMethod: card(),
    });
    expect(events).toHaveLength(1);
    expect(model.getSnapshot()).toBe(before);
  });

  it('emits again when the type changes while requestable', () => {
    const { model, named } = recorded();
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'ApplePayCard' });
    expect(named('paymentMethodRequestable')).toEqual([
      { type: 'CreditCard', paymentMethodIsSelected: false },
      { type: 'ApplePayCard', paymentMethodIsSelected: false },
    ]);
    expect(model.getSnapshot().requestableType).toBe('ApplePayCard');
  });

  it('emits noPaymentMethodRequestable when the flag turns false, and only then', () => {
    const { model, events } = recorded();
    model.setPaymentMethodRequestable({ isRequestable: false });
    model.setPaymentMethodRequestable({ isRequestable: false, type: 'CreditCard' });
    expect(events).toEqual([]);
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    model.setPaymentMethodRequestable({ isRequestable: false, type: 'CreditCard' });
    model.setPaymentMethodRequestable({ isRequestable: false });
    expect(events.map(([name]) => name)).toEqual(['paymentMethodRequestable', 'noPaymentMethodRequestable']);
    expect(model.getSnapshot()).toMatchObject({ isPaymentMethodRequestable: false, requestableType: null });
  });

  it('emits paymentMethodRequestable again when the flag returns to true with the same type', () => {
    const { model, named } = recorded();
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    model.setPaymentMethodRequestable({ isRequestable: false });
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    expect(named('paymentMethodRequestable')).toHaveLength(2);
  });

  it('updates the snapshot before handlers run', () => {
    const model = new PanelModel();
    let seen: boolean | undefined;
    model.on('paymentMethodRequestable', () => (seen = model.getSnapshot().isPaymentMethodRequestable));
    model.setPaymentMethodRequestable({ isRequestable: true, type: 'CreditCard' });
    expect(seen).toBe(true);
  });
});

describe('asynchronous dependencies', () => {
  const failure = () => createError('HOSTED_FIELDS_FAILED_TOKENIZATION');

  it('counts started dependencies', () => {
    const model = new PanelModel();
    model.asyncDependencyStarting();
    model.asyncDependencyStarting();
    expect(model.getSnapshot().asyncDependencies).toEqual({ starting: 2, ready: 0, failed: 0 });
  });

  it('emits asyncDependenciesReady only when every started dependency has finished', () => {
    const { model, named } = recorded();
    model.asyncDependencyStarting();
    model.asyncDependencyStarting();
    model.asyncDependencyReady();
    expect(named('asyncDependenciesReady')).toHaveLength(0);
    expect(model.getSnapshot().asyncDependencies).toEqual({ starting: 1, ready: 1, failed: 0 });
    model.asyncDependencyReady();
    expect(named('asyncDependenciesReady')).toHaveLength(1);
    expect(model.getSnapshot().asyncDependencies).toEqual({ starting: 0, ready: 2, failed: 0 });
  });

  it('counts a failure as finished and records it for its view', () => {
    const { model, named } = recorded();
    const error = failure();
    model.asyncDependencyStarting();
    model.asyncDependencyStarting();
    model.asyncDependencyFailed({ view: 'paypal', error });
    expect(named('asyncDependenciesReady')).toHaveLength(0);
    model.asyncDependencyReady();
    expect(named('asyncDependenciesReady')).toHaveLength(1);
    const state = model.getSnapshot();
    expect(state.asyncDependencies).toEqual({ starting: 0, ready: 1, failed: 1 });
    expect(state.failedViews).toEqual({ paypal: error });
  });

  it('is ready when every dependency failed', () => {
    const { model, named } = recorded();
    model.asyncDependencyStarting();
    model.asyncDependencyFailed({ view: 'applePay', error: failure() });
    expect(named('asyncDependenciesReady')).toHaveLength(1);
  });

  it('records a view failure once: a second failure of the same view is not counted again', () => {
    const { model, named } = recorded();
    const first = failure();
    model.asyncDependencyStarting();
    model.asyncDependencyStarting();
    model.asyncDependencyFailed({ view: 'paypal', error: first });
    const before = model.getSnapshot();
    model.asyncDependencyFailed({ view: 'paypal', error: failure() });
    expect(model.getSnapshot()).toBe(before);
    expect(before.failedViews.paypal).toBe(first);
    expect(before.asyncDependencies).toEqual({ starting: 1, ready: 0, failed: 1 });
    expect(named('asyncDependenciesReady')).toHaveLength(0);
  });

  it('records failures of different views separately', () => {
    const model = new PanelModel();
    const paypalError = failure();
    const applePayError = failure();
    model.asyncDependencyStarting();
    model.asyncDependencyStarting();
    model.asyncDependencyFailed({ view: 'paypal', error: paypalError });
    model.asyncDependencyFailed({ view: 'applePay', error: applePayError });
    expect(model.getSnapshot().failedViews).toEqual({ paypal: paypalError, applePay: applePayError });
    expect(model.getSnapshot().asyncDependencies.failed).toBe(2);
  });

  it('emits once per completion: again after a new round of dependencies finishes', () => {
    const { model, named } = recorded();
    model.asyncDependencyStarting();
    model.asyncDependencyReady();
    model.asyncDependencyStarting();
    model.asyncDependencyReady();
    expect(named('asyncDependenciesReady')).toHaveLength(2);
  });

  it('ignores a finish with nothing pending', () => {
    const { model, events } = recorded();
    const before = model.getSnapshot();
    model.asyncDependencyReady();
    model.asyncDependencyFailed({ view: 'card', error: failure() });
    expect(events).toEqual([]);
    expect(model.getSnapshot()).toBe(before);
  });

  it('shows the failure in the snapshot when asyncDependenciesReady fires', () => {
    const model = new PanelModel();
    let failedViews: object | undefined;
    model.on('asyncDependenciesReady', () => (failedViews = model.getSnapshot().failedViews));
    model.asyncDependencyStarting();
    model.asyncDependencyFailed({ view: 'card', error: failure() });
    expect(failedViews).toHaveProperty('card');
  });
});

describe('errors and cancellation', () => {
  it('reportError shows the error and emits errorOccurred', () => {
    const { model, events } = recorded();
    const error = createError('CLIENT_GATEWAY_NETWORK');
    model.reportError(error);
    expect(model.getSnapshot().error).toBe(error);
    expect(events).toEqual([['errorOccurred', error]]);
  });

  it('clearError clears the error and emits errorCleared', () => {
    const { model, events } = recorded();
    model.reportError(createError('CLIENT_GATEWAY_NETWORK'));
    model.clearError();
    expect(model.getSnapshot().error).toBeNull();
    expect(events.map(([name]) => name)).toEqual(['errorOccurred', 'errorCleared']);
  });

  it('cancelInitialization marks initialization cancelled and emits cancelInitialization with the error', () => {
    const { model, events } = recorded();
    const error = createError('CLIENT_INVALID_AUTHORIZATION');
    model.cancelInitialization(error);
    expect(model.getSnapshot().initializationCancelled).toBe(true);
    expect(events).toEqual([['cancelInitialization', error]]);
  });
});

describe('store (useSyncExternalStore)', () => {
  it('returns the same snapshot until something changes, then a new one', () => {
    const model = new PanelModel();
    const first = model.getSnapshot();
    expect(model.getSnapshot()).toBe(first);
    model.changeActiveView('card');
    const second = model.getSnapshot();
    expect(second).not.toBe(first);
    expect(first.activeView).toBeNull();
    model.changeActiveView('card');
    model.clearError();
    model.setPaymentMethodRequestable({ isRequestable: false });
    expect(model.getSnapshot()).toBe(second);
  });

  it('calls subscribers once per change and never for no change', () => {
    const model = new PanelModel();
    const listener = vi.fn();
    model.subscribe(listener);
    model.changeActiveView('card');
    model.changeActiveView('card');
    model.selectPaymentOption('card');
    expect(listener).toHaveBeenCalledTimes(1);
    model.addPaymentMethod(card());
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('subscribe returns its removal, and works unbound', () => {
    const model = new PanelModel();
    const { subscribe, getSnapshot } = model;
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    model.changeActiveView('card');
    unsubscribe();
    model.changeActiveView('paypal');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getSnapshot().activeView).toBe('paypal');
  });

  it('on returns its removal', () => {
    const model = new PanelModel();
    const handler = vi.fn();
    const off = model.on('paymentOptionSelected', handler);
    model.selectPaymentOption('card');
    off();
    model.selectPaymentOption('paypal');
    expect(handler).toHaveBeenCalledExactlyOnceWith({ paymentOption: 'card' });
  });
});

describe('teardown', () => {
  it('clears the pending timer, event handlers and store listeners', () => {
    const { model, events } = recorded();
    const listener = vi.fn();
    model.subscribe(listener);
    model.addPaymentMethod(card());
    listener.mockClear();
    model.teardown();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    model.reportError(createError('CLIENT_GATEWAY_NETWORK'));
    expect(events).toEqual([]);
    expect(listener).not.toHaveBeenCalled();
  });

  it('schedules no timer after teardown', () => {
    const model = new PanelModel();
    model.teardown();
    model.changeActivePaymentMethod(card());
    expect(vi.getTimerCount()).toBe(0);
  });
});
