/**
 * A checkout written for the drop-in's last line (1.4x) as the drop-in's DefinitelyTyped typings
 * (`@types/braintree-web-drop-in`) type it, its `braintree.dropin.create` replaced by
 * `paymentPanel.create`: 3D Secure per request, device data, the vault manager, a required cardholder
 * name and every event of the drop-in. It is type-checked against the repository's sources (`npm run
 * typecheck`) and against the published `payment-panel.d.ts` with the typings alone
 * (tests/unit/public-types.test.ts), and run in the browsers by tests/e2e/dropin-typings.spec.ts.
 * What the typings lack (docs/drop-in.md, "The drop-in's typings") the checkout declares itself, as a
 * merchant's does.
 */
import type {
  ChangeActiveViewPayload,
  Dropin,
  HostedFieldsStateEvents,
  Options,
} from 'braintree-web-drop-in';

/** The panel's instance type, as `window.paymentPanel.create()` resolves with it. */
type PaymentPanelInstance = Awaited<ReturnType<Window['paymentPanel']['create']>>;

declare module 'braintree-web-drop-in' {
  interface Dropin {
    on(
      event: '3ds:customer-canceled' | '3ds:authentication-modal-render' | '3ds:authentication-modal-close',
      handler: () => void,
    ): void;
    getAvailablePaymentOptions(): string[];
    hasListener(event: string): boolean;
  }
}

/**
 * The instance as the typings' `Dropin` has it, but for `requestPaymentMethod`: the typings' payloads
 * require what the drop-in sends only when known (docs/drop-in.md, "The drop-in's typings"), so
 * the checkout takes the panel's payload type there.
 */
export type CheckoutInstance = Omit<Dropin, 'requestPaymentMethod'> &
  Pick<PaymentPanelInstance, 'requestPaymentMethod'>;

/** The panel's payload, as the checkout reads it. */
type Payload = NonNullable<Parameters<Parameters<PaymentPanelInstance['requestPaymentMethod']>[1]>[1]>;

/** What the checkout heard and was handed, for whoever runs it to read. */
export interface CheckoutRecord {
  readonly events: { name: string; payload: unknown }[];
}

/** The drop-in's card events. */
const CARD_EVENTS: HostedFieldsStateEvents[] = [
  'card:focus',
  'card:blur',
  'card:empty',
  'card:notEmpty',
  'card:validityChange',
  'card:cardTypeChange',
  'card:inputSubmitRequest',
  'card:binAvailable',
];

/** Creates the checkout's panel in `#dropin-container` and listens to every event. */
export async function startCheckout(
  authorization: string,
  record: CheckoutRecord,
): Promise<CheckoutInstance> {
  const options: Options = {
    authorization,
    container: '#dropin-container',
    threeDSecure: true,
    dataCollector: true,
    vaultManager: true,
    card: { cardholderName: { required: true } },
  };
  const panel = await window.paymentPanel.create(options);
  const instance: CheckoutInstance = panel;
  const hear = (name: string) => (payload?: unknown) => {
    record.events.push({ name, payload });
  };
  instance.on('paymentMethodRequestable', hear('paymentMethodRequestable'));
  instance.on('noPaymentMethodRequestable', hear('noPaymentMethodRequestable'));
  instance.on('paymentOptionSelected', hear('paymentOptionSelected'));
  instance.on('changeActiveView', (payload: ChangeActiveViewPayload) => {
    record.events.push({ name: 'changeActiveView', payload });
  });
  for (const name of CARD_EVENTS) instance.on(name, hear(name));
  instance.on('3ds:customer-canceled', hear('3ds:customer-canceled'));
  instance.on('3ds:authentication-modal-render', hear('3ds:authentication-modal-render'));
  instance.on('3ds:authentication-modal-close', hear('3ds:authentication-modal-close'));
  return instance;
}

/** Asks for the payment method with 3D Secure for `amount`, callback-style, as the drop-in's guide does. */
export function pay(instance: CheckoutInstance, amount: string): Promise<Payload> {
  return new Promise((resolve, reject) => {
    instance.requestPaymentMethod(
      {
        threeDSecure: {
          amount,
          email: 'shopper@example.com',
          billingAddress: { givenName: 'Jill', surname: 'Doe', postalCode: '60654', countryCodeAlpha2: 'US' },
          additionalInformation: { acsWindowSize: '03' },
        },
      },
      (error, payload) => {
        if (error) reject(error);
        else if (payload) resolve(payload);
      },
    );
  });
}

/** What the checkout sends its server: the nonce, and the device data when there is some. */
export function serverFields(payload: Payload): {
  nonce: string;
  deviceData: string | undefined;
} {
  return { nonce: payload.nonce, deviceData: payload.deviceData };
}
