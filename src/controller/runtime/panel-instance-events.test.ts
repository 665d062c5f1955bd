/**
 * The instance's `on`, `off` and `hasListener` (docs/drop-in.md, "The instance"): the element's
 * events under the drop-in's names, each handler called with the event's `detail`.
 */
import { describe, expect, it, vi } from 'vitest';
import { PANEL_EVENT_NAMES } from '../../shared/event-names';
import { emit, type DropinEventNames } from '../events';
import { elementEventName, instanceOf, type InstanceElement } from './panel-instance';

/** A `<payment-panel>` as far as the instance's events go: an element the panel's events fire on. */
function element(): InstanceElement {
  return document.createElement('div') as unknown as InstanceElement;
}

/** Every drop-in name that differs from the element's: the compiler holds it to `DropinEventNames`. */
const DROPIN_NAMES: DropinEventNames = {
  cardFocus: 'card:focus',
  cardBlur: 'card:blur',
  cardEmpty: 'card:empty',
  cardNotEmpty: 'card:notEmpty',
  cardValidityChange: 'card:validityChange',
  cardCardTypeChange: 'card:cardTypeChange',
  cardInputSubmitRequest: 'card:inputSubmitRequest',
  cardBinAvailable: 'card:binAvailable',
  threeDSecureCustomerCanceled: '3ds:customer-canceled',
  threeDSecureAuthenticationModalRender: '3ds:authentication-modal-render',
  threeDSecureAuthenticationModalClose: '3ds:authentication-modal-close',
};

describe("the instance's events", () => {
  it.each(Object.entries(DROPIN_NAMES) as [string, string][])(
    '%s on the element is %s on the instance',
    (name, dropin) => {
      expect(elementEventName(dropin)).toBe(name);
    },
  );

  it.each(PANEL_EVENT_NAMES.filter((name) => !Object.hasOwn(DROPIN_NAMES, name)))(
    '%s has the same name on both',
    (name) => {
      expect(elementEventName(name)).toBe(name);
    },
  );

  it.each([
    ['card:focus', 'cardFocus'],
    ['card:blur', 'cardBlur'],
    ['card:empty', 'cardEmpty'],
    ['card:notEmpty', 'cardNotEmpty'],
    ['card:validityChange', 'cardValidityChange'],
    ['card:cardTypeChange', 'cardCardTypeChange'],
    ['card:inputSubmitRequest', 'cardInputSubmitRequest'],
    ['card:binAvailable', 'cardBinAvailable'],
    ['3ds:customer-canceled', 'threeDSecureCustomerCanceled'],
    ['3ds:authentication-modal-render', 'threeDSecureAuthenticationModalRender'],
    ['3ds:authentication-modal-close', 'threeDSecureAuthenticationModalClose'],
    ['changeActiveView', 'changeActiveView'],
    ['paymentMethodRequestable', 'paymentMethodRequestable'],
  ])('%s is the element event %s', (dropin, name) => {
    expect(elementEventName(dropin)).toBe(name);
  });

  it('hands each handler the detail of the element event, under its drop-in name', () => {
    const host = element();
    const instance = instanceOf(host);
    const handler = vi.fn();
    instance.on('card:binAvailable', handler);
    emit(host, 'cardBinAvailable', { bin: '411111' });
    expect(handler).toHaveBeenCalledExactlyOnceWith({ bin: '411111' });
  });

  it('tells whether a handler listens, per event', () => {
    const instance = instanceOf(element());
    const handler = vi.fn();
    expect(instance.hasListener('card:focus')).toBe(false);
    instance.on('card:focus', handler);
    expect(instance.hasListener('card:focus')).toBe(true);
    expect(instance.hasListener('card:blur')).toBe(false);
    instance.off('card:focus', handler);
    expect(instance.hasListener('card:focus')).toBe(false);
  });

  it('off with a handler never added removes nothing (the drop-in removed the last one added)', () => {
    const host = element();
    const instance = instanceOf(host);
    const added = vi.fn();
    instance.on('changeActiveView', added);
    instance.off('changeActiveView', vi.fn());
    // Nor does a handler added for another event.
    instance.on('card:focus', added);
    instance.off('card:blur', added);
    expect(instance.hasListener('changeActiveView')).toBe(true);
    emit(host, 'changeActiveView', { previousViewId: 'options', newViewId: 'card' });
    emit(host, 'cardBlur', { cards: [], emittedBy: 'number', fields: {} });
    expect(added).toHaveBeenCalledOnce();
  });

  it('calls a handler added twice twice, and off removes one of the two', () => {
    const host = element();
    const instance = instanceOf(host);
    const handler = vi.fn();
    instance.on('3ds:customer-canceled', handler);
    instance.on('3ds:customer-canceled', handler);
    emit(host, 'threeDSecureCustomerCanceled', null);
    expect(handler).toHaveBeenCalledTimes(2);
    instance.off('3ds:customer-canceled', handler);
    expect(instance.hasListener('3ds:customer-canceled')).toBe(true);
    emit(host, 'threeDSecureCustomerCanceled', null);
    expect(handler).toHaveBeenCalledTimes(3);
    instance.off('3ds:customer-canceled', handler);
    expect(instance.hasListener('3ds:customer-canceled')).toBe(false);
    emit(host, 'threeDSecureCustomerCanceled', null);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it('lets the same handler listen to two events and removes it from one alone', () => {
    const host = element();
    const instance = instanceOf(host);
    const handler = vi.fn();
    instance.on('card:focus', handler);
    instance.on('card:blur', handler);
    instance.off('card:focus', handler);
    emit(host, 'cardFocus', { cards: [], emittedBy: 'number', fields: {} });
    emit(host, 'cardBlur', { cards: [], emittedBy: 'cvv', fields: {} });
    expect(handler).toHaveBeenCalledExactlyOnceWith({ cards: [], emittedBy: 'cvv', fields: {} });
  });
});
