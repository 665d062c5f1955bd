import { afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { clearClientCache } from '../client';
import { clientToken, stubFetch, watchPagehideListeners, type FetchCall } from '../client/test-support';
// The 3D Secure file, as if it had run: loadModule finds it defined. The hosted fields' file has
// not: without a bundle URL it fails to load.
import '../methods/three-d-secure/module';
import { API_BASES } from '../shared/build-constants';
import { createPanel } from './create-panel';
import { definePaymentPanel } from './payment-panel-element';
import { standalone } from './standalone';

const { gateway, assets } = inject('localOrigins');
const API = `${gateway}/merchants/demo_merchant/client_api`;
const CONFIG_URL = `${API}/v1/configuration`;
const KEY = 'sandbox_k9x2m4p7_demo_merchant';

/** A customer's client token of its own: each one is a client of its own. */
function token(index: number): string {
  return clientToken({ authorizationFingerprint: `fp${String(index)}`, configUrl: CONFIG_URL });
}

let calls: FetchCall[];

/** The configuration calls so far. */
const configurationCalls = (): FetchCall[] => calls.filter((call) => call.url.startsWith(CONFIG_URL));

beforeAll(() => {
  // happy-dom has no form-associated custom elements: the form side is not under test here.
  if (!('attachInternals' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'attachInternals', {
      configurable: true,
      value: () => ({ form: null, setFormValue: () => undefined }),
    });
  }
  definePaymentPanel();
});

beforeEach(() => {
  clearClientCache();
  ({ calls } = stubFetch((call) =>
    call.url.startsWith(CONFIG_URL) || call.url.startsWith(API_BASES.sandbox)
      ? {
          body: {
            environment: 'sandbox',
            clientApiUrl: API,
            assetsUrl: assets,
            analytics: { url: `${gateway}/analytics/demo_merchant` },
            threeDSecureEnabled: true,
          },
        }
      : { body: {} },
  ));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('panels', () => {
  it('leave no client behind: 50 elements with a client token of their own, each added and removed', async () => {
    const pagehide = watchPagehideListeners();
    for (let i = 0; i < 50; i++) {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', token(i));
      document.body.append(element);
      await vi.waitFor(() => {
        expect(pagehide.live()).toBe(1);
      });
      element.remove();
      expect(pagehide.live()).toBe(0);
    }
    expect(configurationCalls()).toHaveLength(50);
  });

  it('share one client and one configuration call per authorization, kept until the last goes', async () => {
    const pagehide = watchPagehideListeners();
    const [first, second] = [token(1), token(1)].map((authorization) => {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', authorization);
      document.body.append(element);
      return element;
    });
    await vi.waitFor(() => {
      expect(pagehide.live()).toBe(1);
    });
    const third = await standalone('three-d-secure', token(1), {});
    first?.remove();
    third.teardown();
    expect(pagehide.live()).toBe(1);
    second?.remove();
    expect(pagehide.live()).toBe(0);
    expect(configurationCalls()).toHaveLength(1);
  });

  it('let go of the client of the authorization they no longer use', async () => {
    const pagehide = watchPagehideListeners();
    const element = document.createElement('payment-panel');
    element.setAttribute('authorization', token(1));
    document.body.append(element);
    await vi.waitFor(() => {
      expect(pagehide.added()).toBe(1);
    });
    element.setAttribute('authorization', token(2));
    await vi.waitFor(() => {
      expect(pagehide.added()).toBe(2);
    });
    expect(pagehide.live()).toBe(1);
  });

  it('made by paymentPanel.create() that cannot be used let go of their client with their element', async () => {
    const pagehide = watchPagehideListeners();
    const container = document.createElement('div');
    document.body.append(container);
    // The configuration accepts no card and the merchant asks for nothing else.
    await expect(createPanel({ container, authorization: token(3) })).rejects.toMatchObject({
      code: 'NO_VALID_PAYMENT_OPTIONS',
    });
    await vi.waitFor(() => {
      expect(container.querySelector('payment-panel')).toBeNull();
    });
    expect(pagehide.added()).toBe(1);
    expect(pagehide.live()).toBe(0);
  });
});

describe('components without a panel', () => {
  it('leave no client behind: 50 times 3D Secure with a client token of its own, made and torn down', async () => {
    const pagehide = watchPagehideListeners();
    for (let i = 0; i < 50; i++) {
      const threeDSecure = await standalone('three-d-secure', token(i), {});
      expect(pagehide.live()).toBe(1);
      threeDSecure.teardown();
      expect(pagehide.live()).toBe(0);
    }
    expect(configurationCalls()).toHaveLength(50);
  });

  it('share the client of one authorization with whatever else holds it', async () => {
    const pagehide = watchPagehideListeners();
    const [first, second] = await Promise.all([
      standalone('three-d-secure', token(1), {}),
      standalone('three-d-secure', token(1), {}),
    ]);
    expect(configurationCalls()).toHaveLength(1);
    first.teardown();
    first.teardown();
    expect(pagehide.live()).toBe(1);
    second.teardown();
    expect(pagehide.live()).toBe(0);
  });

  it('let go of the client when the component refuses its authorization', async () => {
    const pagehide = watchPagehideListeners();
    await expect(standalone('three-d-secure', KEY, {})).rejects.toMatchObject({
      code: 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
    });
    expect(pagehide.live()).toBe(0);
  });

  it("let go of the client when the component's file fails to load", async () => {
    const pagehide = watchPagehideListeners();
    await expect(
      standalone('hosted-fields', token(2), { fields: { number: { container: '#number' } } }),
    ).rejects.toMatchObject({ code: 'MODULE_LOAD_FAILED' });
    // The configuration call was under way: its client comes, and goes at once.
    await vi.waitFor(() => {
      expect(pagehide.added()).toBe(1);
    });
    await vi.waitFor(() => {
      expect(pagehide.live()).toBe(0);
    });
  });
});
