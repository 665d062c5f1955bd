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

/** Connects an element's form behaviour through its `ElementInternals`. */
export function attachFormAssociation(
  element: FormAssociatedPanel,
  internals: ElementInternals,
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
