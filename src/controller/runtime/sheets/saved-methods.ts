/**
 * The saved methods' sheet: the customer's saved payment methods, fetched as the panel loads and
 * listed first, and the method chosen in the list, which a request hands over. The option list
 * shows the same methods, so it is this sheet too.
 * @packageDocumentation
 */
import { fetchVaultedPaymentMethods } from '../../../methods/vault/vault';
import type { PaymentMethodType, PaymentOption } from '../../../model';
import type { PanelOptions } from '../../../model/options';
import type { Sheet, SheetContext } from '../sheet';

/**
 * The method types whose saved methods can be listed, given the options on offer and those the
 * merchant hides (`hiddenVaultedPaymentMethodTypes`; other ids are ignored). Saved Apple Pay and
 * Google Pay cards are never listed, as in the drop-in: a wallet pays with its own sheet.
 */
export function listedMethodTypes(
  options: readonly PaymentOption[],
  hidden: PanelOptions['hiddenVaultedPaymentMethodTypes'] = [],
): PaymentMethodType[] {
  const shown = (option: PaymentOption): boolean => options.includes(option) && !hidden.includes(option);
  const types: PaymentMethodType[] = [];
  if (shown('card')) types.push('CreditCard');
  if (shown('paypal') || shown('paypalCredit')) types.push('PayPalAccount');
  return types;
}

/** The saved methods' sheet, and the fetching of them again with fresh nonces. */
export function createSavedMethodsSheet(context: SheetContext): Sheet & { refresh(): Promise<void> } {
  const { client, model } = context;
  /** Fetches the saved methods and lists them first, before the methods the shopper made. */
  const fetch = async (): Promise<void> => {
    const options = context.options();
    const methods = await fetchVaultedPaymentMethods(client, {
      enabledTypes: listedMethodTypes(context.paymentOptions(), options.hiddenVaultedPaymentMethodTypes),
      defaultFirst: options.showDefaultPaymentMethodFirst !== false,
    });
    if (context.signal.aborted) return;
    const added = model.getSnapshot().paymentMethods.filter((method) => !method.vaulted);
    model.setPaymentMethods([...methods, ...added]);
  };
  return {
    /** Fetches the customer's saved methods; the loading phase waits for them. */
    start() {
      void fetch().then(() => {
        if (!context.signal.aborted) context.ready();
      });
    },

    /** Fetches the saved methods again: their nonces are used once, so a new request needs new ones. */
    refresh: fetch,

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
