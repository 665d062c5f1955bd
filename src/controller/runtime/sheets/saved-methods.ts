/**
 * The saved methods' sheet: the customer's saved payment methods, fetched as the panel loads and
 * listed first, and the method chosen in the list, which a request hands over. The option list
 * shows the same methods, so it is this sheet too.
 * @packageDocumentation
 */
import { fetchVaultedPaymentMethods } from '../../../methods/vault/vault';
import type { PaymentMethodType, PaymentOption } from '../../../model';
import type { Sheet, SheetContext } from '../sheet';

/** The method types whose saved methods can be listed, given the options on offer. */
function enabledMethodTypes(options: readonly PaymentOption[]): PaymentMethodType[] {
  const types: PaymentMethodType[] = [];
  if (options.includes('card')) types.push('CreditCard');
  if (options.includes('paypal') || options.includes('paypalCredit')) types.push('PayPalAccount');
  if (options.includes('applePay')) types.push('ApplePayCard');
  if (options.includes('googlePay')) types.push('AndroidPayCard');
  return types;
}

/** The saved methods' sheet. */
export function createSavedMethodsSheet(context: SheetContext): Sheet {
  const { client, model } = context;
  return {
    /** Fetches the customer's saved methods; the loading phase waits for them. */
    start() {
      void fetchVaultedPaymentMethods(client, {
        enabledTypes: enabledMethodTypes(context.paymentOptions()),
      }).then((methods) => {
        if (context.signal.aborted) return;
        const added = model.getSnapshot().paymentMethods.filter((method) => !method.vaulted);
        model.setPaymentMethods([...methods, ...added]);
        context.ready();
      });
    },

    /** On the list (or the option list below it), hands over the chosen method. */
    request(draft) {
      const active = model.getSnapshot().activePaymentMethod;
      if ((draft.on === 'methods' || draft.on === 'options') && active) draft.method = active;
      return Promise.resolve();
    },

    /** Nothing of its own to let go of: the methods are the model's, which ends with the coordinator. */
    teardown: () => undefined,

    /** The chosen method, once the model's active-method change time-out has passed. */
    requestable() {
      const active = model.getSnapshot().activePaymentMethod;
      if (!active) return { isRequestable: false };
      if (model.isActivePaymentMethodChanging()) return null;
      return { isRequestable: true, type: active.type, selectedPaymentMethod: active };
    },
  };
}
