import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingCapability } from './capabilities';
import { controllerHarness, settle } from './test-support';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('what the panel cannot do without', () => {
  it('names the first capability a browser lacks', () => {
    const modern = { Object: { hasOwn: Object.hasOwn }, BroadcastChannel };
    expect(missingCapability(modern)).toBeUndefined();
    expect(missingCapability({ ...modern, BroadcastChannel: undefined })).toBe('BroadcastChannel');
    expect(missingCapability({ Object: {}, BroadcastChannel })).toBe('Object.hasOwn');
    expect(missingCapability(globalThis)).toBeUndefined();
  });

  it('fails the panel with BROWSER_NOT_SUPPORTED naming it, before anything starts', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const panel = controllerHarness();
    await panel.start();
    expect(panel.names()).toEqual(['errorOccurred', 'cancelInitialization']);
    expect(panel.events[0]?.detail).toMatchObject({
      code: 'BROWSER_NOT_SUPPORTED',
      type: 'CUSTOMER',
      message: 'This browser lacks BroadcastChannel, which the panel needs.',
    });
    expect(panel.controller.getState().phase).toBe('failed');
    // No configuration call, no card frame, no file: the panel never breaks halfway.
    expect(panel.createClient).not.toHaveBeenCalled();
    expect(panel.frames.opened).toHaveLength(0);
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'BROWSER_NOT_SUPPORTED',
    });
    await settle();
  });
});
