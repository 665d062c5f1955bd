import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clearClientCache } from '../client';
import { stubFetch } from '../client/test-support';
import { createPanel } from './create-panel';
import { definePaymentPanel, type PaymentPanelElement } from './payment-panel-element';

const KEY = 'sandbox_k9x2m4p7_demo_merchant';

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

afterEach(() => {
  clearClientCache();
  document.body.replaceChildren();
});

/** A panel whose configuration request never answers: it stays loading. */
function loadingPanel(): PaymentPanelElement {
  stubFetch(() => 'hang');
  const element = document.createElement('payment-panel');
  element.setAttribute('authorization', KEY);
  document.body.append(element);
  return element;
}

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('teardown() of <payment-panel>', () => {
  it('ends a requestPaymentMethod() still waiting for the panel, naming the method', async () => {
    const element = loadingPanel();
    await tick();
    const request = element.requestPaymentMethod();
    const second = element.requestPaymentMethod();
    await tick();
    await element.teardown();
    for (const pending of [request, second]) {
      await expect(pending).rejects.toMatchObject({
        code: 'METHOD_CALLED_AFTER_TEARDOWN',
        message: 'requestPaymentMethod cannot be called after teardown.',
      });
    }
    await expect(element.requestPaymentMethod()).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
    });
  });

  it('settles paymentPanel.create() when the element is torn down before it is ready', async () => {
    stubFetch(() => 'hang');
    const container = document.createElement('div');
    document.body.append(container);
    const created = createPanel({ container, authorization: KEY });
    await tick();
    const element = container.querySelector('payment-panel');
    if (!element) throw new Error('create() appended no element');
    await element.teardown();
    await expect(created).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'create cannot be called after teardown.',
    });
  });
});
