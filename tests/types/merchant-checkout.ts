/**
 * A merchant's checkout in plain TypeScript that uses the panel only through what the bundle puts on
 * the page: `<payment-panel>` (`HTMLElementTagNameMap`), its events (`HTMLElementEventMap`) and
 * `window.paymentPanel`. It is type-checked twice: with the repository's sources (`npm run
 * typecheck`), and against the published `payment-panel.d.ts` alone, with the DOM library and nothing
 * else (tests/unit/public-types.test.ts). Each `@ts-expect-error` is a misuse the types must refuse.
 * It is never run.
 */

/** The element, as a merchant's code names it. */
type Panel = HTMLElementTagNameMap['payment-panel'];
/** What `requestPaymentMethod()` resolves with. */
type Payload = Awaited<ReturnType<Panel['requestPaymentMethod']>>;

/** Sends the payment method to the merchant's server. */
declare function sendToServer(nonce: string, deviceData: string | undefined): Promise<void>;

/** Builds the checkout's panel with its options as properties. */
export function createPanel(container: HTMLElement): Panel {
  const panel = document.createElement('payment-panel');
  panel.authorization = 'sandbox_k9x2m4p7_demo_merchant';
  panel.card = { cardholderName: { required: true } };
  panel.card = true;
  // @ts-expect-error -- only the CVV and the postal code can be removed.
  panel.card = { overrides: { fields: { number: null } } };
  panel.paypal = { flow: 'checkout', amount: '10.00', currency: 'USD', intent: 'sale' };
  panel.paypalCredit = { flow: 'checkout', amount: 10, currency: 'USD' };
  panel.paypalPayLater = { flow: 'checkout', amount: '80.00', currency: 'USD' };
  panel.applePay = {
    displayName: 'Demo store',
    paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
  };
  panel.threeDSecure = { amount: '10.00' };
  // A checkout compiled with `exactOptionalPropertyTypes` may name an optional key it leaves unset.
  panel.threeDSecure = { amount: '10.00', email: undefined, billingAddress: undefined };
  panel.dataCollector = { kount: true, paypal: true };
  panel.dataCollector = true;
  panel.showDefaultPaymentMethodFirst = false;
  panel.hiddenVaultedPaymentMethodTypes = ['paypal', 'paypalCredit'];
  panel.paypal = {
    flow: 'vault',
    vault: { vaultPayPal: false },
    buttonStyle: { color: 'blue' },
    commit: true,
  };
  panel.applePay = { displayName: 'Demo store', domainName: 'shop.example' };
  panel.locale = 'en_US';
  panel.translations = { chooseAWayToPay: 'How would you like to pay?' };
  panel.translations = { CLIENT_GATEWAY_NETWORK: 'We could not reach the bank. Please try again.' };
  // @ts-expect-error -- a text the panel does not have: a misspelt key.
  panel.translations = { chooseAWayToPayy: 'How would you like to pay?' };
  panel.paymentOptionPriority = ['card', 'paypal'];
  panel.preselectVaultedPaymentMethod = false;
  panel.setAttribute('data-collector', '{"kount": true}');

  // @ts-expect-error -- PayPal's flow is "checkout" or "vault".
  panel.paypal = { flow: 'later' };
  // @ts-expect-error -- a checkout's intent is "authorize", "sale" or "order".
  panel.paypal = { flow: 'checkout', amount: '10.00', currency: 'USD', intent: 'capture' };
  panel.paypal = {
    flow: 'vault',
    billingAgreementDescription: 'Monthly box',
    shippingAddressOverride: {
      recipientName: 'Pat Payer',
      line1: '1 Main St',
      city: 'Austin',
      countryCode: 'US',
    },
  };
  panel.googlePay = {
    merchantId: 'merchant-1',
    googlePayVersion: 2,
    transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' },
    button: { buttonColor: 'black', buttonType: 'buy' },
  };
  panel.googlePay = {
    transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' },
    // @ts-expect-error -- Google's button is default, black or white.
    button: { buttonColor: 'pink' },
  };
  // @ts-expect-error -- Google Pay needs the transaction's amount.
  panel.googlePay = { merchantId: 'merchant-1' };
  // `false` leaves 3D Secure off, as in the drop-in.
  panel.threeDSecure = false;
  // @ts-expect-error -- 3D Secure is on with `true` or an object.
  panel.threeDSecure = 'yes';
  panel.threeDSecure = true;
  panel.threeDSecure = { cardinalSDKConfig: { timeout: 8000, logging: { level: 'off' } } };
  panel.threeDSecure = {
    amount: '10.00',
    email: 'pat@example.com',
    billingAddress: { givenName: 'Pat', surname: 'Payer', countryCodeAlpha2: 'US' },
    additionalInformation: { acsWindowSize: '02', shippingMethod: '01' },
    challengeRequested: true,
  };
  // @ts-expect-error -- the challenge window sizes are 01 to 05.
  panel.threeDSecure = { amount: '10.00', additionalInformation: { acsWindowSize: '06' } };
  // @ts-expect-error -- device data options are booleans.
  panel.dataCollector = { kount: 'yes' };
  // @ts-expect-error -- translations are texts.
  panel.translations = { chooseAWayToPay: 1 };

  container.append(panel);
  return panel;
}

/** Follows the panel's events the way a checkout page does. */
export function followEvents(panel: Panel, payButton: HTMLButtonElement, log: (line: string) => void): void {
  panel.addEventListener('ready', (event) => {
    const version: string = event.detail.version;
    log(`panel ${version} ready`);
  });
  panel.addEventListener('paymentMethodRequestable', (event) => {
    const { type, paymentMethodIsSelected } = event.detail;
    const known: 'CreditCard' | 'PayPalAccount' | 'VenmoAccount' | 'ApplePayCard' | 'AndroidPayCard' = type;
    payButton.disabled = false;
    log(`${known} requestable${paymentMethodIsSelected ? ', selected' : ''}`);
  });
  panel.addEventListener('noPaymentMethodRequestable', (event) => {
    const nothing: null = event.detail;
    payButton.disabled = true;
    log(String(nothing));
  });
  panel.addEventListener('paymentOptionSelected', (event) => {
    const option: 'card' | 'paypal' | 'paypalCredit' | 'paypalPayLater' | 'venmo' | 'applePay' | 'googlePay' =
      event.detail.paymentOption;
    log(`chose ${option}`);
    // @ts-expect-error -- the detail has no such field.
    log(String(event.detail.nonce));
  });
  panel.addEventListener('errorOccurred', (event) => {
    const { code, type, message, details } = event.detail;
    const kind: 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN' = type;
    if (code === 'HOSTED_FIELDS_FIELDS_INVALID' || code === 'PAYPAL_POPUP_CLOSED') log(message);
    // @ts-expect-error -- not a code of the catalogue.
    if (code === 'NOT_A_CATALOGUE_CODE') log(message);
    log(`${kind} ${code}: ${message} ${JSON.stringify(details ?? {})}`);
    const asError: Error = event.detail;
    log(asError.name);
  });
  panel.addEventListener('errorCleared', (event) => {
    const nothing: null = event.detail;
    log(String(nothing));
  });
  // Other events of the page keep their own types.
  panel.addEventListener('click', (event) => {
    const point: number = event.clientX;
    log(String(point));
  });
}

/** Pays with what the shopper chose. */
export async function pay(panel: Panel, log: (line: unknown) => void): Promise<Payload | null> {
  if (!panel.isPaymentMethodRequestable()) return null;
  const payload = await panel.requestPaymentMethod({
    threeDSecure: { amount: '12.00', requestedExemptionType: 'low_value' },
  });
  // @ts-expect-error -- an exemption the provider does not know.
  void panel.requestPaymentMethod({ threeDSecure: { requestedExemptionType: 'whim' } });
  const status: string | undefined = payload.threeDSecureInfo?.status;
  log(status);
  const nonce: string = payload.nonce;
  const type: 'CreditCard' | 'PayPalAccount' | 'VenmoAccount' | 'ApplePayCard' | 'AndroidPayCard' =
    payload.type;
  if (type === 'CreditCard' && payload.liabilityShiftPossible === true && payload.liabilityShifted !== true) {
    panel.clearSelectedPaymentMethod();
    return null;
  }
  const vaulted: true | undefined = payload.vaulted;
  log(vaulted);
  await sendToServer(nonce, payload.deviceData);
  // @ts-expect-error -- the payload carries no card number.
  log(payload.number);
  panel.updateConfiguration('paypal', 'amount', '12.00');
  await panel.teardown();
  return payload;
}

/** The drop-in's way: `window.paymentPanel.create()` and the instance's callbacks. */
export async function dropIn(): Promise<string> {
  const { paymentPanel } = window;
  const version: string = paymentPanel.version;
  const instance = await paymentPanel.create({
    authorization: 'sandbox_k9x2m4p7_demo_merchant',
    container: '#dropin-container',
    // A drop-in 1.4x card option, as a checkout written for it has it.
    card: {
      cardholderName: true,
      overrides: {
        fields: {
          number: { placeholder: '4111 1111 1111 1111', supportedCardBrands: { 'american-express': false } },
          cvv: null,
          postalCode: { placeholder: 'ZIP', maxlength: 5 },
        },
        styles: { input: { 'font-size': '16px', color: '#333' }, ':focus': null },
      },
      clearFieldsAfterTokenization: false,
      vault: { allowVaultCardOverride: true, vaultCard: false },
    },
    paymentOptionPriority: ['card'],
    // Other drop-in options are accepted and ignored.
    vaultManager: true,
  });
  instance.on('paymentMethodRequestable', (detail) => {
    const selected: boolean = detail.paymentMethodIsSelected;
    instance.element.hidden = !selected;
  });
  // @ts-expect-error -- not an event of the panel.
  instance.on('paymentMethodSaved', () => undefined);
  // With a callback, a method answers through it and returns nothing.
  instance.requestPaymentMethod((error, payload) => {
    if (error) throw new Error(`${error.code}: ${error.message}`);
    if (payload) instance.off('errorOccurred', () => undefined);
  });
  instance.requestPaymentMethod({ threeDSecure: { amount: '10.00' } }, (error) => {
    if (error) throw new Error(error.code);
  });
  const payload = await instance.requestPaymentMethod({
    threeDSecure: { amount: '10.00', merchantName: 'Shop' },
  });
  const available: string[] = instance.getAvailablePaymentOptions();
  instance.getAvailablePaymentOptions((error, options) => {
    if (!error && options) available.push(...options);
  });
  const requestable: boolean = instance.isPaymentMethodRequestable();
  instance.updateConfiguration('threeDSecure', 'amount', '12.00', () => undefined);
  instance.clearSelectedPaymentMethod();
  await instance.teardown();
  instance.teardown(() => undefined);
  if (!requestable) await sendToServer(payload.nonce, payload.deviceData);
  return version;
}

/** Hosted fields and 3D Secure in the merchant's own card form. */
export async function ownCardForm(clientToken: string, modal: HTMLElement): Promise<boolean> {
  const fields = await window.paymentPanel.createHostedFields({
    authorization: clientToken,
    fields: {
      number: { container: '#card-number', placeholder: '4111 1111 1111 1111' },
      expirationDate: { container: '#expiration-date' },
      cvv: { container: '#cvv', maxlength: 4 },
    },
    styles: { input: { 'font-size': '16px' } },
  });
  const unsubscribe = fields.on('validityChange', (state) => {
    modal.dataset.valid = String(state.fields.number?.isValid === true);
  });
  // @ts-expect-error -- not a field key.
  fields.focus('iban');
  const card = await fields.tokenize({ vault: false });
  unsubscribe();
  const threeDSecure = await window.paymentPanel.createThreeDSecure({ authorization: clientToken });
  const verified = await threeDSecure.verifyCard({
    nonce: card.nonce,
    amount: '10.00',
    addFrame: (error, iframe) => {
      if (!error) modal.append(iframe);
    },
    removeFrame: () => {
      modal.replaceChildren();
    },
  });
  threeDSecure.teardown();
  // Version 2: the BIN goes with the nonce, and the issuer's frame comes through addFrame.
  const threeDSecure2 = await window.paymentPanel.createThreeDSecure({
    authorization: clientToken,
    version: 2,
  });
  const verified2 = await threeDSecure2.verifyCard({
    nonce: card.nonce,
    bin: card.details.bin ?? '',
    amount: '10.00',
    email: 'pat@example.com',
    additionalInformation: { acsWindowSize: '03' },
    addFrame: (error, iframe) => {
      if (!error) modal.append(iframe);
    },
    removeFrame: () => {
      modal.replaceChildren();
    },
  });
  const eci: string | null | undefined = verified2.threeDSecureInfo?.eciFlag as string | null | undefined;
  modal.dataset.eci = String(eci);
  // @ts-expect-error -- 3D Secure is version 1 or 2.
  void window.paymentPanel.createThreeDSecure({ authorization: clientToken, version: 3 });
  threeDSecure2.teardown();
  await fields.teardown();
  return verified.liabilityShifted && verified.liabilityShiftPossible;
}
