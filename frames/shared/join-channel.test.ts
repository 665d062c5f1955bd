import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wrap } from '../../src/shared/frame-channel';
import type { PageToFrameMessage } from '../../src/shared/frame-messages';
import { joinChannel } from './join-channel';
import { PANEL_VERSION } from '../../src/shared/build-constants';

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const PAGE = 'https://merchant.example';

const parent = { postMessage: vi.fn() };
const stranger = { postMessage: vi.fn() };

function deliver(data: unknown, origin = PAGE, source: unknown = parent): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
}

const focus: PageToFrameMessage = { type: 'focusField', field: 'number' };

beforeEach(() => {
  parent.postMessage.mockReset();
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  location.hash = `#${new URLSearchParams({ channel: CHANNEL, origin: PAGE, version: PANEL_VERSION, field: 'number' })}`;
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('joinChannel', () => {
  it('reports ready with the field, only to the page’s origin', () => {
    const channel = joinChannel('hosted-fields', 'hash', { field: 'number' });
    expect(channel).not.toBeNull();
    expect(parent.postMessage).toHaveBeenCalledWith(
      wrap(CHANNEL, { type: 'frameReady', frame: 'hosted-fields', version: PANEL_VERSION, field: 'number' }),
      PAGE,
    );
  });

  it('acts only on well-formed messages of the page, on its channel', () => {
    const channel = joinChannel('hosted-fields', 'hash', { field: 'number' });
    const handler = vi.fn();
    const stop = channel?.listen(handler);
    deliver(wrap(CHANNEL, focus), 'https://evil.example');
    deliver(wrap(CHANNEL, focus), PAGE, stranger);
    deliver(wrap('1b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', focus));
    deliver(wrap(CHANNEL, { type: 'focusField', field: 'pin' }));
    deliver(wrap(CHANNEL, { type: 'setAttribute', field: 'number', attribute: 'onclick', value: 'x' }));
    deliver({ channel: CHANNEL, message: focus });
    deliver('not an envelope');
    expect(handler).not.toHaveBeenCalled();
    deliver(wrap(CHANNEL, focus));
    expect(handler).toHaveBeenCalledExactlyOnceWith(focus);
    stop?.();
  });

  it('stays inert without a channel, and refuses a page of another version', () => {
    location.hash = '#field=number';
    expect(joinChannel('hosted-fields')).toBeNull();
    location.hash = `#${new URLSearchParams({ channel: CHANNEL, origin: PAGE, version: '0.0.1' })}`;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(joinChannel('hosted-fields')).toBeNull();
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.objectContaining({ type: 'frameError' }) as unknown }),
      PAGE,
    );
  });
});
