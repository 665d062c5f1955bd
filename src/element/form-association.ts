/**
 * Form association: a `<payment-panel name="payment_method_nonce">` inside a `<form>` takes part in
 * it without any merchant script. On submit it asks the panel for the payment method, sets the form
 * values (`name` → the nonce, `device_data` → the device data) and submits again with the same
 * submitter; while the panel is incomplete the submission stays blocked and the panel shows what is
 * missing.
 * @packageDocumentation
 */
import type { PaymentMethodPayload } from '../model';

/** Name of the form value holding the device data. */
export const DEVICE_DATA_FIELD = 'device_data';

/** The element as form association needs it. */
export interface FormAssociatedPanel extends HTMLElement {
  requestPaymentMethod(): Promise<PaymentMethodPayload>;
}

/** What the element calls as its form owner and lifecycle change. */
export interface FormAssociation {
  /** Follows the element's current form owner. */
  connect(): void;
  /** Lets go of the form. */
  disconnect(): void;
  /** Removes the form values (the method was deselected). */
  clear(): void;
  /** Lets go of the form and the element for good. */
  teardown(): void;
}

/** What form association uses of `ElementInternals`. */
export type FormInternals = Pick<ElementInternals, 'form' | 'setFormValue'>;

/**
 * Stands in for `ElementInternals` where the browser has none (Safari before 16.4; docs/forms.md,
 * "Browsers without form association"): the form is the closest `<form>` around the element (a
 * `form` attribute naming another is not followed), the values join its submissions through the
 * `formdata` event, and resetting the form resets the panel as `formResetCallback` would.
 */
export function fallbackInternals(
  element: FormAssociatedPanel & { formResetCallback(): void },
): FormInternals {
  let values: FormData | null = null;
  let form: HTMLFormElement | null = null;
  const owner = (): HTMLFormElement | null => (element.isConnected ? element.closest('form') : null);
  const onFormData = (event: FormDataEvent): void => {
    // A panel that has since left the form gives it nothing.
    if (values && owner() === event.target)
      for (const [name, value] of values) event.formData.append(name, value);
  };
  const onReset = (): void => {
    element.formResetCallback();
  };
  return {
    get form() {
      const current = owner();
      if (current !== form) {
        form?.removeEventListener('formdata', onFormData);
        form?.removeEventListener('reset', onReset);
        form = current;
        form?.addEventListener('formdata', onFormData);
        form?.addEventListener('reset', onReset);
      }
      return form;
    },
    setFormValue(value) {
      values = value instanceof FormData ? value : null;
    },
  };
}

/** Connects an element's form behaviour through its `ElementInternals` (or {@link fallbackInternals}). */
export function attachFormAssociation(
  element: FormAssociatedPanel,
  internals: FormInternals,
): FormAssociation {
  let form: HTMLFormElement | null = null;
  // The resubmission after the payment method is in passes untouched.
  let passing = false;
  let requesting = false;

  const clear = (): void => {
    internals.setFormValue(null);
  };

  const onSubmit = (event: SubmitEvent): void => {
    const name = element.getAttribute('name');
    if (!name || passing) return;
    // Handlers of the merchant see only the submission that carries the payment method.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (requesting) return;
    requesting = true;
    const target = form;
    const submitter = event.submitter;
    element
      .requestPaymentMethod()
      .then(
        (payload) => {
          const values = new FormData();
          values.append(name, payload.nonce);
          if (payload.deviceData !== undefined) values.append(DEVICE_DATA_FIELD, payload.deviceData);
          internals.setFormValue(values);
          if (!target || target !== form) return;
          passing = true;
          try {
            const own = submitter && 'form' in submitter && submitter.form === target ? submitter : null;
            target.requestSubmit(own);
          } finally {
            passing = false;
          }
        },
        () => {
          // The panel shows the shopper what to fix; the form stays where it is.
          clear();
        },
      )
      .finally(() => {
        requesting = false;
      });
  };

  const disconnect = (): void => {
    form?.removeEventListener('submit', onSubmit, { capture: true });
    form = null;
  };

  element.addEventListener('noPaymentMethodRequestable', clear);

  return {
    connect() {
      const owner = internals.form;
      if (owner === form) return;
      disconnect();
      form = owner;
      form?.addEventListener('submit', onSubmit, { capture: true });
    },
    disconnect,
    clear,
    teardown() {
      disconnect();
      clear();
      element.removeEventListener('noPaymentMethodRequestable', clear);
    },
  };
}
