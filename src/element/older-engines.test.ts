/**
 * The element in a browser without `ElementInternals` or constructable stylesheets (Safari before
 * 16.4; happy-dom has no `attachInternals` either): it is made, styled through the published
 * stylesheet, and takes part in its form through the `formdata` event.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentMethodPayload } from '../model';
import { without } from '../shared/test-without';
import { attachFormAssociation, fallbackInternals, type FormAssociatedPanel } from './form-association';
import { definePaymentPanel } from './payment-panel-element';

const BUNDLE = 'https://assets.example/payment-panel/1.9.2/payment-panel.min.js';

vi.mock('../shared/bundle-location', async (original) => {
  const actual = await original<typeof import('../shared/bundle-location')>();
  return { ...actual, bundleFileUrl: (path: string) => actual.bundleFileUrl(path, BUNDLE) };
});

beforeAll(() => {
  definePaymentPanel();
});

afterEach(() => {
  document.body.replaceChildren();
});

/** A `formdata` event as the browser fires it when the form is submitted. */
function formData(form: HTMLFormElement): [string, FormDataEntryValue][] {
  const event = Object.assign(new Event('formdata'), { formData: new FormData() });
  form.dispatchEvent(event);
  return [...event.formData.entries()];
}

const PAYLOAD = { nonce: 'tokencc_abc', deviceData: '{"id":1}' } as PaymentMethodPayload;

/** A named panel stand-in inside a form, with the fallback's form association. */
function formPanel(): {
  form: HTMLFormElement;
  element: FormAssociatedPanel & { formResetCallback: () => void };
  resets: () => number;
} {
  const form = document.createElement('form');
  let resets = 0;
  const element = Object.assign(document.createElement('div'), {
    requestPaymentMethod: () => Promise.resolve(PAYLOAD),
    formResetCallback: () => {
      resets += 1;
    },
  });
  element.setAttribute('name', 'payment_method_nonce');
  form.append(element);
  document.body.append(form);
  return { form, element, resets: () => resets };
}

describe('an element without ElementInternals or constructable stylesheets', () => {
  it('is made, with its look linked from the folder of the first script', async () => {
    expect('attachInternals' in HTMLElement.prototype).toBe(false);
    const root = await without(ShadowRoot.prototype, 'adoptedStyleSheets', () => {
      const element = document.createElement('payment-panel');
      document.body.append(element);
      return element.shadowRoot;
    });
    const link = root?.querySelector('link');
    expect(link?.href).toMatch(
      /^https:\/\/assets\.example\/payment-panel\/1\.9\.2\/assets\/host\.(min\.)?css$/,
    );
    expect(link?.integrity).toMatch(/^sha384-/);
    // The loading indicator is drawn, as in any browser.
    expect(root?.querySelector('[part="panel"]')?.getAttribute('data-state')).toBe('loading');
  });
});

describe('form association without ElementInternals', () => {
  it('adds the nonce and the device data to the submission of its form', async () => {
    const { form, element } = formPanel();
    const association = attachFormAssociation(element, fallbackInternals(element));
    association.connect();
    const resubmitted = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await vi.waitFor(() => {
      expect(resubmitted).toHaveBeenCalledTimes(1);
    });
    expect(formData(form)).toEqual([
      ['payment_method_nonce', 'tokencc_abc'],
      ['device_data', '{"id":1}'],
    ]);
    association.clear();
    expect(formData(form)).toEqual([]);
  });

  it('gives a form it has left nothing, and follows it into another', () => {
    const { form, element } = formPanel();
    const internals = fallbackInternals(element);
    expect(internals.form).toBe(form);
    const values = new FormData();
    values.append('payment_method_nonce', 'tokencc_abc');
    internals.setFormValue(values);
    const other = document.createElement('form');
    document.body.append(other);
    other.append(element);
    expect(formData(form)).toEqual([]);
    expect(internals.form).toBe(other);
    expect(formData(other)).toEqual([['payment_method_nonce', 'tokencc_abc']]);
  });

  it('resets the panel when its form is reset', () => {
    const { form, element, resets } = formPanel();
    expect(fallbackInternals(element).form).toBe(form);
    form.dispatchEvent(new Event('reset'));
    expect(resets()).toBe(1);
  });
});
