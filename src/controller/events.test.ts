import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { PANEL_EVENT_NAMES, type PanelEventName } from '../shared/event-names';
import { createError } from '../shared/errors';
import { emit, type PaymentPanelEventName } from './events';

describe('emit', () => {
  it('names the same events as the shared list', () => {
    expectTypeOf<PaymentPanelEventName>().toEqualTypeOf<PanelEventName>();
    expect(PANEL_EVENT_NAMES).toContain('paymentMethodRequestable');
  });

  it('dispatches a camelCase event that bubbles out of the shadow root', () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('span');
    root.append(inner);
    document.body.append(host);
    const listener = vi.fn();
    document.addEventListener('errorOccurred', listener);

    const error = createError('CLIENT_GATEWAY_NETWORK');
    emit(inner, 'errorOccurred', error);

    expect(listener).toHaveBeenCalledOnce();
    const event = listener.mock.calls[0]?.[0] as CustomEvent;
    expect(event.type).toBe('errorOccurred');
    expect(event.detail).toBe(error);
    expect(event.bubbles).toBe(true);
    expect(event.composed).toBe(true);
    document.removeEventListener('errorOccurred', listener);
    host.remove();
  });
});
