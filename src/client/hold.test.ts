import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createError } from '../shared/errors';
import { clearClientCache, createClient } from './client';
import { madeOnHold } from './hold';
import { clientToken, stubFetch, watchPagehideListeners } from './test-support';

const { gateway, assets } = inject('localOrigins');
const CONFIG_URL = `${gateway}/merchants/merchant1/client_api/v1/configuration`;
const TOKEN = clientToken({ authorizationFingerprint: 'fp', configUrl: CONFIG_URL });

beforeEach(() => {
  clearClientCache();
  stubFetch(() => ({
    body: {
      environment: 'sandbox',
      clientApiUrl: `${gateway}/merchants/merchant1/client_api`,
      assetsUrl: assets,
      analytics: { url: `${gateway}/analytics/merchant1` },
    },
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A component as the files make them: its teardown may return a promise or nothing. */
function component() {
  return { teardown: vi.fn(() => Promise.resolve()) };
}

describe('madeOnHold', () => {
  it('keeps the client while the component lives, and lets go of it after the component’s teardown', async () => {
    const pagehide = watchPagehideListeners();
    const made = component();
    const inner = made.teardown;
    const live = await madeOnHold(createClient(TOKEN), () => made);
    expect(live).toBe(made);
    expect(pagehide.live()).toBe(1);
    inner.mockImplementation(() => {
      // The component's own teardown still has the client.
      expect(pagehide.live()).toBe(1);
      return Promise.resolve();
    });
    await live.teardown();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(pagehide.live()).toBe(0);
  });

  it('lets go of the hold once however often the component is torn down', async () => {
    const pagehide = watchPagehideListeners();
    const other = await createClient(TOKEN);
    const live = await madeOnHold(createClient(TOKEN), component);
    await live.teardown();
    await live.teardown();
    // The other hold still has its client.
    expect(pagehide.live()).toBe(1);
    await expect(other.request({ method: 'GET', endpoint: 'x' })).resolves.toMatchObject({ status: 200 });
    other.release();
    expect(pagehide.live()).toBe(0);
  });

  it.each([
    [
      'throws',
      () => {
        throw createError('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY');
      },
    ],
    ['rejects', () => Promise.reject(createError('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY'))],
  ])('lets go of the hold when making the component %s', async (_, make) => {
    const pagehide = watchPagehideListeners();
    await expect(madeOnHold(createClient(TOKEN), make)).rejects.toMatchObject({
      code: 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
    });
    expect(pagehide.live()).toBe(0);
  });

  it('makes nothing when the client cannot be made', async () => {
    const make = vi.fn(component);
    await expect(madeOnHold(createClient('nonsense'), make)).rejects.toMatchObject({
      code: 'CLIENT_INVALID_AUTHORIZATION',
    });
    expect(make).not.toHaveBeenCalled();
  });
});
