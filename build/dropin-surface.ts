/**
 * The drop-in 1.4x surface a checkout written for it uses, and how the panel takes each part: the
 * rows of docs/drop-in.md's generated tables (`dropin-options`, `dropin-methods`, `dropin-events`).
 * The code has no list of the drop-in's names, so they are listed here; build/docs.ts holds every
 * row against the code's own lists (the public option types, the instance's interface, the
 * element's events) and fails when one no longer matches, so a row cannot outlive what it says.
 * @packageDocumentation
 */

/**
 * How the panel takes a part of the drop-in: as the drop-in 1.4x did (`same`, the text then only
 * adds what the panel's docs say of it), otherwise (`differs`, the text saying what and why), or
 * as something the drop-in did not have (`new`).
 */
export type Verdict = 'same' | 'differs' | 'new';

/** One `create()` option of the drop-in, or one key of one. */
export interface DropinOptionRow {
  /** The option as the table shows it, e.g. `card.vault.vaultCard`. */
  option: string;
  /**
   * The option paths the row stands for, checked against `CreateOptions`; `[option]` when left
   * out. Each must be a declared member of the public type, or, with `ignored`, must not be.
   */
  paths?: string[];
  /** The panel has no such option: it is accepted and ignored, and no public type declares it. */
  ignored?: true;
  verdict: Verdict;
  text?: string;
}

/** One method of the drop-in's instance, by the name `PanelInstance` gives it. */
export interface DropinMethodRow {
  method: string;
  /** Its call as the table shows it. */
  call: string;
  /** What stands for it on the element when it has no method of that name. */
  element?: string;
  verdict: Verdict;
  text?: string;
}

/** One event, by its name on the instance (`card:focus`), the element's when it is the same. */
export interface DropinEventRow {
  event: string;
  verdict: Verdict;
  text?: string;
}

/** Every `create()` option of the drop-in 1.4x and 1.9.2, with the keys a checkout sets. */
export const DROPIN_OPTIONS: readonly DropinOptionRow[] = [
  {
    option: 'authorization',
    verdict: 'same',
    text: 'without it `create()` rejects with `INSTANTIATION_OPTION_REQUIRED` ("options.authorization is required when instantiating a client.").',
  },
  {
    option: 'container',
    verdict: 'differs',
    text: 'an element or a selector, as in 1.4x; the panel appends its own element to it, so a container that is not empty, or one given beside `selector` (`container` wins), is not refused. A container that is not there rejects with `INSTANTIATION_OPTION_REQUIRED`.',
  },
  {
    option: 'selector',
    verdict: 'same',
    text: "the drop-in's older name for `container`.",
  },
  {
    option: 'locale',
    verdict: 'same',
    text: "the drop-in's 23 locales, and `ar_EG` and `he_IL` (see [Locales](docs/texts-and-locales.md#locales)).",
  },
  {
    option: 'translations',
    verdict: 'same',
    text: "every value plain text; the keys are the panel's text keys and error codes, and a key it does not know is ignored (see [Texts and translations](docs/texts-and-locales.md#texts-and-translations)).",
  },
  {
    option: 'paymentOptionPriority',
    verdict: 'same',
    text: "the drop-in's ids (`venmo` among them), order, defaults and refusals.",
  },
  { option: 'card', verdict: 'same', text: '`false` removes the card, `true` is `{}`.' },
  {
    option: 'card.cardholderName',
    paths: ['card.cardholderName', 'card.cardholderName.required'],
    verdict: 'same',
    text: '`true` or `{required}`; an optional name left empty is not sent.',
  },
  {
    option: 'card.overrides.fields',
    paths: [
      'card.overrides.fields.number.placeholder',
      'card.overrides.fields.number.maxlength',
      'card.overrides.fields.cvv',
      'card.overrides.fields.expirationDate',
      'card.overrides.fields.postalCode',
      'card.overrides.fields.cardholderName',
    ],
    verdict: 'same',
    text: '`placeholder` and `maxlength` per field; `cvv: null` and `postalCode: null` remove those fields; a field the gateway does not ask for is not added (see [Overrides](docs/card.md#overrides)).',
  },
  {
    option: 'card.overrides.fields.number.supportedCardBrands',
    verdict: 'same',
    text: "`false` refuses a brand and hides its icon; the names `mastercard` and `union-pay` are read as the panel's `master-card` and `unionpay`.",
  },
  {
    option: 'card.overrides.fields.<field>.formatting, .prefill, .minlength',
    paths: [
      'card.overrides.fields.number.formatting',
      'card.overrides.fields.number.prefill',
      'card.overrides.fields.number.minlength',
    ],
    ignored: true,
    verdict: 'differs',
    text: "dropped without an error, as any other key of the provider's hosted fields, since the fields always format as the brand asks, take their lengths from the brand (`maxlength` only shortens), and are never filled from the page, where card data must not be.",
  },
  {
    option: 'card.overrides.styles',
    verdict: 'same',
    text: "`null` removes a selector's style; only the whitelisted properties reach the fields.",
  },
  {
    option: 'card.clearFieldsAfterTokenization',
    verdict: 'same',
    text: 'the fields are emptied once a card went through `requestPaymentMethod()` (default `true`).',
  },
  {
    option: 'card.vault',
    paths: ['card.vault.allowVaultCardOverride', 'card.vault.vaultCard'],
    verdict: 'same',
    text: '`allowVaultCardOverride` (default `false`) and `vaultCard` (default `true`); a customer\'s card is saved only when the "Save card" box is (or would be) checked, and only then is the payload `vaulted` (see [Saving the card](docs/card.md#saving-the-card)).',
  },
  {
    option: 'paypal, paypalCredit',
    paths: ['paypal.flow', 'paypal.amount', 'paypal.currency', 'paypalCredit.flow'],
    verdict: 'same',
    text: "the flow's options; any other payment option goes to the create-payment request (see [PayPal](docs/paypal.md#options)).",
  },
  {
    option: 'paypal.vault.vaultPayPal',
    verdict: 'same',
    text: 'with `false` the account is not saved and the payload has no `vaulted`.',
  },
  {
    option: 'paypal.commit',
    verdict: 'same',
    text: 'with `true` the shopper pays on PayPal\'s page ("Pay Now").',
  },
  {
    option: 'paypal.buttonStyle',
    verdict: 'differs',
    text: "accepted but not applied, since the panel loads no PayPal script and draws its own PayPal button, in the panel's look.",
  },
  {
    option: 'paypalPayLater',
    paths: ['paypalPayLater.flow', 'paypalPayLater.amount', 'paypalPayLater.currency'],
    verdict: 'new',
    text: "PayPal Pay Later, which the drop-in never offered: PayPal's options, `flow: 'checkout'` only, and `offerPayLater: true` in the create-payment request; the id `paypalPayLater` is taken wherever an option id is (see [Pay Later](docs/paypal.md#pay-later)).",
  },
  {
    option: 'venmo',
    verdict: 'same',
    text: "`true` or the drop-in's object, offered in the browsers it offers Venmo in, with the app switch, the payment context, the desktop QR code and web login (see [Venmo](docs/venmo.md#options)); a key that does not fit fires `errorOccurred` and leaves Venmo out.",
  },
  {
    option: 'applePay',
    paths: ['applePay.displayName', 'applePay.paymentRequest'],
    verdict: 'same',
    text: '`displayName` and `paymentRequest` (see [Apple Pay](docs/apple-pay.md#options)).',
  },
  {
    option: 'applePay.domainName',
    verdict: 'same',
    text: 'sent in the merchant validation, for a checkout inside a cross-origin frame.',
  },
  {
    option: 'applePay.buttonStyle, .applePaySessionVersion',
    paths: ['applePay.buttonStyle', 'applePay.applePaySessionVersion'],
    ignored: true,
    verdict: 'differs',
    text: "ignored. The button is always the drop-in's default black one, and the session always speaks Apple Pay JS version 3, which every browser the panel supports has.",
  },
  {
    option: 'googlePay',
    paths: [
      'googlePay.merchantId',
      'googlePay.transactionInfo',
      'googlePay.button',
      'googlePay.googlePayVersion',
    ],
    verdict: 'differs',
    text: "as in 1.4x, except that `googlePayVersion` takes 2 only (Google's API version 1 is refused with `GOOGLE_PAYMENT_UNSUPPORTED_VERSION`; see [Google Pay](docs/google-pay.md)).",
  },
  {
    option: 'threeDSecure',
    paths: ['threeDSecure', 'threeDSecure.amount'],
    verdict: 'same',
    text: '`true` or an object; every card request is verified, the amount coming with the request (`amount` here is the older form, still read); a set-up that fails rejects `create()` with `THREEDS_SETUP_FAILED` ("3D Secure failed to set up."). The object also takes the verify options every request starts from (see [3D Secure](docs/three-d-secure.md#options)).',
  },
  {
    option: 'threeDSecure.cardinalSDKConfig',
    verdict: 'same',
    text: "given to Songbird's `configure()`.",
  },
  {
    option: 'dataCollector',
    paths: ['dataCollector', 'dataCollector.kount', 'dataCollector.paypal'],
    verdict: 'same',
    text: "`true` (PayPal's device data) or an object (`{kount: true}`…): every payload carries `deviceData`; a collector that fails leaves it out and never fails `create()` (see [Device data](docs/device-data.md)).",
  },
  { option: 'preselectVaultedPaymentMethod', verdict: 'same', text: 'default `true`.' },
  {
    option: 'showDefaultPaymentMethodFirst',
    verdict: 'same',
    text: "the gateway lists the customer's default first (default `true`).",
  },
  {
    option: 'hiddenVaultedPaymentMethodTypes',
    verdict: 'same',
    text: '`card`, `paypal`, `paypalCredit`; other ids are ignored. Saved Apple Pay, Google Pay and Venmo methods are never listed.',
  },
  {
    option: 'vaultManager',
    verdict: 'same',
    text: "default `false`; the same steps and texts, and a failed deletion also fires `errorOccurred` with the provider's `VAULT_MANAGER_…` code, which the drop-in only showed (see [The vault manager](docs/vault-manager.md)).",
  },
];

/** Every method of the drop-in's instance, and what the panel's instance adds. */
export const DROPIN_METHODS: readonly DropinMethodRow[] = [
  {
    method: 'requestPaymentMethod',
    call: 'requestPaymentMethod(options?, callback?)',
    verdict: 'differs',
    text: 'as in 1.4x (`options.threeDSecure` takes every verify option but `nonce` and `bin`; a failed verification clears the selection, fetches the saved methods again and rejects with `THREEDS_AUTHENTICATION_FAILED`, "Something went wrong during 3D Secure authentication. Please try again."), except that 3D Secure verifies cards only: a Google Pay card that is not network-tokenized goes without it. On a wallet\'s sheet it rejects with `NO_PAYMENT_METHOD_AVAILABLE` and the sheet says "Please choose a way to pay."',
  },
  {
    method: 'isPaymentMethodRequestable',
    call: 'isPaymentMethodRequestable(callback?)',
    verdict: 'same',
  },
  {
    method: 'getAvailablePaymentOptions',
    call: 'getAvailablePaymentOptions(callback?)',
    verdict: 'same',
    text: "the option ids that passed their checks, in priority order, e.g. `['card', 'paypal']`.",
  },
  {
    method: 'clearSelectedPaymentMethod',
    call: 'clearSelectedPaymentMethod(callback?)',
    verdict: 'differs',
    text: 'the methods not saved go and the saved ones are fetched again with fresh nonces, as in 1.4x; until they are there, none of the listed ones can be chosen (1.4x lets the shopper choose one whose nonce may be spent).',
  },
  {
    method: 'updateConfiguration',
    call: 'updateConfiguration(property, key, value, callback?)',
    verdict: 'differs',
    text: '`paypal`, `paypalCredit`, `applePay`, `googlePay` (their methods not saved are dropped) and `threeDSecure` (`amount`), as in 1.4x; but another property, or a value the option does not take, fires `errorOccurred` with `INVALID_OPTION` instead of being ignored, so a mistake shows.',
  },
  {
    method: 'teardown',
    call: 'teardown(callback?)',
    verdict: 'same',
    text: 'the element is removed; calls still pending (`create()` too) reject with `METHOD_CALLED_AFTER_TEARDOWN`.',
  },
  {
    method: 'on',
    call: 'on(event, handler)',
    element: '`addEventListener()`',
    verdict: 'same',
    text: "every event below, under the drop-in's name, the handler getting the event's `detail`; the panel's own events too.",
  },
  {
    method: 'off',
    call: 'off(event, handler)',
    element: '`removeEventListener()`',
    verdict: 'differs',
    text: 'a handler never added removes nothing; the drop-in 1.48 removed the last one added, a fault no checkout can rely on.',
  },
  { method: 'hasListener', call: 'hasListener(event)', element: '–', verdict: 'same' },
  {
    method: 'element',
    call: 'element',
    element: 'the element itself',
    verdict: 'new',
    text: 'the `<payment-panel>` in the page, for its attributes, parts and DOM events.',
  },
];

/** Every event of the panel, by its name on the instance. */
export const DROPIN_EVENTS: readonly DropinEventRow[] = [
  { event: 'ready', verdict: 'new', text: '`create()` resolves after it.' },
  {
    event: 'errorOccurred',
    verdict: 'new',
    text: 'the catalogue error of anything that failed without stopping the panel: a wallet the gateway does not offer, a failed vault deletion…',
  },
  {
    event: 'paymentMethodRequestable',
    verdict: 'same',
    text: '`{type, paymentMethodIsSelected}`; also after 3D Secure verified the card a request handed over, with its new nonce.',
  },
  {
    event: 'noPaymentMethodRequestable',
    verdict: 'same',
    text: "also on entering the vault manager's edit mode.",
  },
  {
    event: 'paymentOptionSelected',
    verdict: 'same',
    text: '`{paymentOption}`.',
  },
  { event: 'errorCleared', verdict: 'new', text: 'the error the panel showed is gone.' },
  {
    event: 'cancelInitialization',
    verdict: 'new',
    text: 'the panel cannot be used; `create()` rejects with its error.',
  },
  {
    event: 'changeActiveView',
    verdict: 'same',
    text: "`{previousViewId, newViewId}` with the drop-in's view ids.",
  },
  { event: 'card:focus', verdict: 'same', text: "the card fields' state `{cards, emittedBy, fields}`." },
  { event: 'card:blur', verdict: 'same' },
  { event: 'card:empty', verdict: 'same' },
  { event: 'card:notEmpty', verdict: 'same' },
  { event: 'card:validityChange', verdict: 'same' },
  { event: 'card:cardTypeChange', verdict: 'same' },
  { event: 'card:inputSubmitRequest', verdict: 'same' },
  { event: 'card:binAvailable', verdict: 'same', text: '`{bin}`, the first six digits.' },
  { event: '3ds:customer-canceled', verdict: 'same' },
  { event: '3ds:authentication-modal-render', verdict: 'same' },
  { event: '3ds:authentication-modal-close', verdict: 'same' },
];
