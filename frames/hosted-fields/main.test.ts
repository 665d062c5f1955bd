import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PANEL_VERSION } from '../../src/shared/build-constants';

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const parent = { postMessage: vi.fn() };

function hash(field: string): string {
  return `#${new URLSearchParams({ channel: CHANNEL, origin: 'https://merchant.example', version: PANEL_VERSION, field })}`;
}

beforeEach(() => {
  vi.resetModules();
  parent.postMessage.mockReset();
  document.body.replaceChildren();
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
});

describe('the frame page', () => {
  it('builds its field and reports ready with it', async () => {
    location.hash = hash('cvv');
    await import('./main');
    expect(document.querySelector('input')?.name).toBe('cvv');
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        message: expect.objectContaining({ type: 'frameReady', field: 'cvv' }) as unknown,
      }),
      'https://merchant.example',
    );
  });

  it('stays inert for an unknown field', async () => {
    location.hash = hash('pin');
    await import('./main');
    expect(document.querySelector('input')).toBeNull();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
