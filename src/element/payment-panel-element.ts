/**
 * `<payment-panel>`: the custom element merchants place in their checkout page. It is defined by
 * the first script at once and owns the panel's controller, which starts the configuration call
 * and the card frames as soon as the element has an authorization. The React view arrives in its
 * own file and renders inside a `<payment-panel-view>` child of the element's shadow root; until
 * then (and when the panel fails) the element shows its loading indicator or its error itself.
 * @packageDocumentation
 */
import { PanelController, registerViewController, VIEW_TAG_NAME, type ViewState } from '../controller';
import type { PaymentMethodPayload, PaymentMethodType, PaymentOption } from '../model';
import { emit } from '../controller/events';
import type { PanelOptionName, PanelOptions, RequestPaymentMethodOptions } from '../model/options';
import { createError } from '../shared/errors';
import { deferred } from '../shared/lifetime';
import { attachFormAssociation, fallbackInternals, type FormAssociation } from './form-association';
import { OPTION_ATTRIBUTES, OPTION_PROPERTIES, parseOption } from './options';
import { adoptStylesheet } from '../shared/adopt-stylesheet';
import css, { stylesheet } from './styles/host.css?inline&published';
// Typed listeners (`addEventListener('errorOccurred', …)`) come from the event map in ../controller/events.
import '../controller/events';

/** Key of the element's promise that settles once it is torn down (for `paymentPanel.create()`). */
export const TORN_DOWN = Symbol.for('payment-panel.torn-down');

/** The options `updateConfiguration()` may change, and the method type each one produces. */
const UPDATABLE: Readonly<Record<string, PaymentMethodType | null>> = {
  paypal: 'PayPalAccount',
  paypalCredit: 'PayPalAccount',
  paypalPayLater: 'PayPalAccount',
  applePay: 'ApplePayCard',
  googlePay: 'AndroidPayCard',
  threeDSecure: null,
};

/** What the element shows itself: the frame of the panel, its loading indicator and its error area. */
interface Fallback {
  panel: HTMLDivElement;
  loading: HTMLDivElement;
  loadingText: HTMLSpanElement;
  alert: HTMLDivElement;
}

function buildFallback(root: ShadowRoot, view: HTMLElement): Fallback {
  const doc = root.ownerDocument;
  const panel = doc.createElement('div');
  panel.className = 'panel';
  panel.setAttribute('part', 'panel');
  const loading = doc.createElement('div');
  loading.className = 'loading-indicator';
  loading.setAttribute('part', 'loading-indicator');
  loading.setAttribute('role', 'status');
  const spinner = doc.createElement('span');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const loadingText = doc.createElement('span');
  loadingText.className = 'visually-hidden';
  loading.append(spinner, loadingText);
  const alert = doc.createElement('div');
  alert.className = 'alert';
  alert.setAttribute('role', 'alert');
  panel.append(loading, alert, view);
  root.append(panel);
  return { panel, loading, loadingText, alert };
}

/**
 * `<payment-panel>`: the checkout's payment panel. Card fields in secure frames, PayPal, PayPal
 * Credit, Apple Pay, Google Pay and 3D Secure in one element; `requestPaymentMethod()` hands over
 * the shopper's payment method as a nonce for your server.
 *
 * @attr {string} name - The name of the form value holding the nonce, e.g. `payment_method_nonce`:
 * with it, the panel takes part in a surrounding `<form>` (see [Forms](docs/forms.md)).
 * @csspart panel - the panel's outer box; `data-state` is `loading`, `ready` or `failed`
 * @csspart loading-indicator - shown while the panel loads
 * @csspart wrapper - the panel's content, hidden until ready
 * @csspart sheet-error - the sheet-level error area, while it shows a message
 * @csspart saved-methods - the list of saved payment methods
 * @csspart saved-method - an entry of the saved payment methods, a toggle button (a delete button in edit mode)
 * @csspart edit-methods - the vault manager's "Edit" button of the saved methods, "Cancel" in edit mode
 * @csspart delete-method - an entry of the saved payment methods in edit mode, which asks to delete it
 * @csspart delete-confirmation - the vault manager's question whether to delete a saved method
 * @csspart delete-cancel-button - the question's "Cancel" button
 * @csspart delete-confirmation-button - the question's "Delete" button
 * @csspart options - the list of payment options
 * @csspart option - an entry of the payment options, a button
 * @csspart heading - the heading of the saved methods, the option list, each sheet, the 3D Secure modal and Venmo's modal
 * @csspart other-ways - the "Choose another way to pay" section
 * @csspart toggle - the button of the "Choose another way to pay" section
 * @csspart sheet - a payment option's sheet; also `card-sheet`, `paypal-sheet`, `paypalCredit-sheet`,
 * `paypalPayLater-sheet`, `venmo-sheet`, `applePay-sheet` or `googlePay-sheet`, naming which
 * @csspart sheet-header - a sheet's header: logo, label, accepted cards
 * @csspart button-area - a wallet sheet's button area
 * @csspart paypal-button - the PayPal, PayPal Credit and Pay Later sheets' button
 * @csspart venmo-button - the Venmo sheet's button
 * @csspart apple-pay-button - the Apple Pay sheet's button (Safari draws Apple's own)
 * @csspart google-pay-button - where Google's own button sits in the Google Pay sheet
 * @csspart wallet-note - a wallet sheet's note in place of its button (a PayPal merchant without a
 * linked sandbox account)
 * @csspart field - a card field with its label, frame and error; also `field-<key>`, naming which
 * @csspart field-label - a card field's label, with its subheading
 * @csspart field-input - a card field's box: its frame and icon, with the border and the input background
 * @csspart field-container - where a card field's secure frame sits
 * @csspart field-error - a card field's inline error
 * @csspart save-card - the card sheet's "Save card" checkbox with its label (`card.vault.allowVaultCardOverride`)
 * @csspart three-d-secure-modal - the 3D Secure modal dialog, over the whole page while the bank verifies a card
 * @csspart close-button - the 3D Secure modal's and Venmo's modal's close button
 * @csspart bank-frame - where the bank's 400 × 400 frame sits in the modal
 * @csspart venmo-modal - Venmo's modal dialog, over the whole page while a desktop shopper scans its QR code
 * @csspart venmo-qr-code - the QR code in Venmo's modal
 * @csspart venmo-status - what Venmo's modal says: scan the code, then that Venmo is authorizing
 * @cssprop --pp-color-text - text, and the text typed in the card fields
 * @cssprop --pp-color-muted - secondary text (subheadings, descriptions) and the card fields' placeholders
 * @cssprop --pp-color-background - the panel's background
 * @cssprop --pp-color-border - borders of sheets, options, saved methods and fields
 * @cssprop --pp-color-accent - the selected method, hovered options, the toggle, the focused field's border
 * @cssprop --pp-color-focus - the focus ring
 * @cssprop --pp-color-error - inline errors, the sheet-level error, an invalid field's border and text
 * @cssprop --pp-color-input-background - the card fields' background
 * @cssprop --pp-color-button-background - the option and saved-method buttons (the background by default)
 * @cssprop --pp-color-button-text - the option and saved-method buttons' text (the text colour by default)
 * @cssprop --pp-font-family - the panel's font, the card fields' too
 * @cssprop --pp-font-size - the panel's font size (the rest scales with it), the card fields' too; the
 * default, `1em`, is the page's
 * @cssprop --pp-radius - corner radius of the panel, sheets, buttons, fields and the 3D Secure modal
 * @cssprop --pp-spacing - padding of the panel, sheets and buttons
 */
export class PaymentPanelElement extends HTMLElement {
  /** Takes part in a surrounding `<form>` when it has a `name` (see docs/forms.md). */
  static formAssociated = true;

  /**
   * A tokenization key (`sandbox_…`, `production_…`) or a client token. Changing it connects the
   * panel to the gateway anew; removing it, or setting the property to anything but non-empty text
   * (which counts as none, as in `create()`), fails with `INSTANTIATION_OPTION_REQUIRED`.
   */
  get authorization(): string | undefined {
    return this.#authorization;
  }

  set authorization(value: string | undefined) {
    if (this.#tornDown) return;
    if (typeof value === 'string' && value !== '') this.setAttribute('authorization', value);
    else if (this.hasAttribute('authorization')) this.removeAttribute('authorization');
    else this.#setAuthorization(undefined);
  }

  /**
   * The locale of the panel's texts, e.g. `de_DE` or `de-DE`; 25 locales, falling back by language,
   * then to `en_US` (see [Locales](docs/texts-and-locales.md#locales)).
   */
  declare locale: PanelOptions['locale'];
  /**
   * Text key or error code → text, replacing the panel's own (see [Texts and translations](docs/texts-and-locales.md#texts-and-translations)); JSON
   * in the attribute.
   */
  declare translations: PanelOptions['translations'];
  /**
   * The payment options and their order, e.g. `["card", "paypal"]`, from `card`, `paypal`,
   * `paypalCredit`, `paypalPayLater`, `applePay`, `googlePay` (the default, in this order). The attribute takes JSON
   * or a plain list: `card paypal` or `card, paypal`. The property and `paymentPanel.create()` take
   * an array only: any other value, text included (`'card'`), is refused with
   * `PAYMENT_OPTION_PRIORITY_NOT_ARRAY` ("paymentOptionPriority must be an array."), as a JSON
   * attribute that is not an array is. Duplicates count once; options that are not available are
   * left out. Refused with `PAYMENT_OPTION_PRIORITY_NOT_ARRAY`, `PAYMENT_OPTION_PRIORITY_INVALID` or
   * `NO_VALID_PAYMENT_OPTIONS`.
   */
  declare paymentOptionPriority: PanelOptions['paymentOptionPriority'];
  /**
   * The card sheet, with the drop-in 1.4x's keys (JSON in the attribute): `false` removes the card,
   * `true` is `{}`. `{"cardholderName": true}` shows an optional cardholder name field,
   * `{"cardholderName": {"required": true}}` a required one (under 256 characters);
   * `overrides.fields` lays a `placeholder` or `maxlength` over each field's (`cvv: null` and
   * `postalCode: null` remove those fields, `number.supportedCardBrands` refuses brands),
   * `overrides.styles` the fields' styles; `clearFieldsAfterTokenization: false` keeps the values
   * after a tokenization; `vault: {allowVaultCardOverride?, vaultCard?}` saves a customer's card
   * or shows a "Save card" checkbox (see [Cards](docs/card.md#the-card-option)).
   */
  declare card: PanelOptions['card'];
  /**
   * Offers PayPal when the merchant's configuration enables it: `{flow, amount?, currency?, …}`
   * (JSON in the attribute), `{"flow": "checkout"}` or `"vault"`, with `amount` and `currency` for a
   * checkout, and the other keys of the PayPal flow (see [PayPal and PayPal Credit](docs/paypal.md)).
   */
  declare paypal: PanelOptions['paypal'];
  /** Offers PayPal Credit, with PayPal's options (JSON in the attribute). */
  declare paypalCredit: PanelOptions['paypalCredit'];
  /**
   * Offers PayPal Pay Later when the configuration enables PayPal, with PayPal's options (JSON in the
   * attribute) and `flow: 'checkout'` only: `{"flow": "checkout", "amount": "80.00", "currency": "USD"}`.
   * PayPal's approval page offers its Pay Later plans to eligible shoppers (see
   * [Pay Later](docs/paypal.md#pay-later)).
   */
  declare paypalPayLater: PanelOptions['paypalPayLater'];
  /**
   * Offers Venmo when the configuration has `payWithVenmo` and the browser can switch to it: `true`,
   * or the drop-in's `venmo` option, `{allowDesktop?, allowNewBrowserTab?, paymentMethodUsage?, …}`
   * (JSON in the attribute; see [Venmo](docs/venmo.md)). Left out without a word otherwise, as the
   * drop-in does; an option that does not fit fires `errorOccurred` (`INVALID_OPTION`,
   * `VENMO_INVALID_PROFILE_ID`, `VENMO_INVALID_DEEP_LINK_RETURN_URL`).
   */
  declare venmo: PanelOptions['venmo'];
  /**
   * Offers Apple Pay when the configuration enables it and the browser can pay with it on an HTTPS
   * page: `{displayName?, paymentRequest?}` (JSON in the attribute; see [Apple Pay](docs/apple-pay.md)). When the
   * configuration has no Apple Pay, fires `errorOccurred` with `APPLE_PAY_NOT_ENABLED`.
   */
  declare applePay: PanelOptions['applePay'];
  /**
   * Offers Google Pay when the configuration has `androidPay` and Google says the browser can pay:
   * the drop-in's `googlePay` option, `{merchantId?, transactionInfo, button?, …}` (JSON in the
   * attribute; see [Google Pay](docs/google-pay.md)). When the configuration has no Google Pay, fires `errorOccurred`
   * with `GOOGLE_PAYMENT_NOT_ENABLED`.
   */
  declare googlePay: PanelOptions['googlePay'];
  /**
   * Verifies cards with 3D Secure: `true`, or `{cardinalSDKConfig?, amount?, …}` (JSON in the
   * attribute). The amount and the issuer's options come with each request
   * (`requestPaymentMethod({threeDSecure: {amount: '10.00', email, billingAddress, …}})`), laid over
   * those given here; a card request with no amount either way rejects with
   * `THREEDS_MISSING_VERIFY_CARD_OPTION`. Version 2 when the gateway configuration carries
   * Cardinal's JWT, else version 1 (see [docs/three-d-secure.md](docs/three-d-secure.md)). With a
   * tokenization key or a merchant without 3D Secure, fires `errorOccurred`
   * (`THREEDS_CAN_NOT_USE_TOKENIZATION_KEY`, `THREEDS_NOT_ENABLED`) and card requests fail with it.
   */
  declare threeDSecure: PanelOptions['threeDSecure'];
  /**
   * Collects device data: `true`, or an object such as `{"kount": true}` (JSON in the attribute):
   * every payload carries `deviceData` (see [Device data](docs/device-data.md)); a collector that
   * fails leaves it out.
   */
  declare dataCollector: PanelOptions['dataCollector'];
  /**
   * `false` (`"false"` in the attribute) leaves the first saved payment method unselected; `true`
   * (`"true"` or the bare attribute), the default, selects it.
   */
  declare preselectVaultedPaymentMethod: PanelOptions['preselectVaultedPaymentMethod'];
  /**
   * `false` (`"false"` in the attribute) lists the customer's saved methods without their default
   * first; `true`, the default, asks the gateway for the default first.
   */
  declare showDefaultPaymentMethodFirst: PanelOptions['showDefaultPaymentMethodFirst'];
  /**
   * Option ids whose saved methods are not listed: `card`, `paypal`, `paypalCredit` (a JSON array
   * or a plain list in the attribute, e.g. `"card paypal"`); other ids are ignored.
   */
  declare hiddenVaultedPaymentMethodTypes: PanelOptions['hiddenVaultedPaymentMethodTypes'];

  /**
   * `true` (`"true"` or the bare attribute) lets a customer delete saved payment methods: with a
   * client token for a customer, the saved methods show "Edit" (see
   * [The vault manager](docs/vault-manager.md)). Default `false`.
   */
  declare vaultManager: PanelOptions['vaultManager'];

  /** The options as checked so far. */
  #options: PanelOptions = {};
  #authorization: string | undefined;
  readonly #controller: PanelController;
  readonly #fallback: Fallback;
  /** Rejects each `requestPaymentMethod()` still running; teardown ends them all. */
  #requests = new Set<(error: Error) => void>();
  /** Settles once the element is torn down. */
  readonly #tornDownSignal = deferred();
  #tornDown = false;
  #form: FormAssociation;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    // A linked stylesheet arrives after the card frames took on the panel's look: they take it again.
    adoptStylesheet(root, css, stylesheet)?.addEventListener('load', () => {
      this.#controller.restyle();
    });
    // The view's element: the frames go in as its children at once; its file defines it later.
    const view = this.ownerDocument.createElement(VIEW_TAG_NAME);
    this.#fallback = buildFallback(root, view);
    this.#controller = new PanelController(this, view);
    registerViewController(view, this.#controller);
    this.#controller.subscribe(() => {
      this.#render(this.#controller.getState());
    });
    this.#render(this.#controller.getState());
    this.#form = attachFormAssociation(
      this,
      'attachInternals' in this ? this.attachInternals() : fallbackInternals(this),
    );
    // Values a merchant set on the element before the bundle defined it hide the accessors.
    for (const name of ['authorization', ...Object.keys(OPTION_ATTRIBUTES)] as const) {
      // Optional: a browser without it gets BROWSER_NOT_SUPPORTED once the panel starts.
      if ((Object as Partial<ObjectConstructor>).hasOwn?.(this, name)) {
        const value: unknown = (this as Record<string, unknown>)[name];
        Reflect.deleteProperty(this, name);
        (this as Record<string, unknown>)[name] = value;
      }
    }
  }

  /** @internal An option's current value. */
  getOption<K extends PanelOptionName>(name: K): PanelOptions[K] {
    return this.#options[name];
  }

  /**
   * @internal Checks and sets an option. A value that does not fit fires `errorOccurred` with
   * `INVALID_OPTION` (after the current task, so listeners added right after creating the element
   * hear it) and leaves the option as it was.
   */
  setOption(name: PanelOptionName, input: unknown, fromAttribute = false): void {
    if (this.#tornDown) return;
    const parsed = parseOption(name, input, fromAttribute);
    if (!parsed.ok) {
      queueMicrotask(() => {
        emit(this, 'errorOccurred', parsed.error);
      });
      return;
    }
    const options = Object.entries(this.#options).filter(([key]) => key !== name);
    if (parsed.value !== undefined) options.push([name, parsed.value]);
    this.#options = Object.fromEntries(options);
    this.#controller.setOptions(this.#options);
  }

  /** Fails after teardown with METHOD_CALLED_AFTER_TEARDOWN naming the method. */
  #assertLive(method: string): void {
    if (this.#tornDown) throw createError('METHOD_CALLED_AFTER_TEARDOWN', { method });
  }

  /**
   * Hands over the shopper's choice: tokenizes the card entered in the card sheet, or passes on the
   * method selected in the list (a saved one, the card paid with before, or the PayPal account or
   * Apple Pay card the shopper just approved). Resolves with the payload `{nonce, details, type,
   * description?, binData?, vaulted?, deviceData?}`, and for a card verified with 3D Secure
   * `liabilityShifted` and `liabilityShiftPossible` (when a shift was possible) and, with 3D Secure
   * 2, `threeDSecureInfo`. Rejects with the catalogue error (e.g. `HOSTED_FIELDS_FIELDS_INVALID`, or
   * `NO_PAYMENT_METHOD_AVAILABLE` when nothing is chosen) while the card sheet shows what to fix.
   * Calls made before the panel is ready wait for it. Concurrent calls share one request, and the
   * same payload is handed over again until the shopper changes their choice or a card field's value
   * (see [When the panel tokenizes](docs/card.md#when-the-panel-tokenizes)). `teardown()` rejects a
   * call still running with `METHOD_CALLED_AFTER_TEARDOWN`.
   *
   * With `three-d-secure`, cards are verified first. `options.threeDSecure` lays 3D Secure options
   * over the option's for this request (see [docs/three-d-secure.md](docs/three-d-secure.md)); one
   * that does not fit rejects with `INVALID_OPTION`. A call with other 3D Secure options than the
   * request already running rejects with `THREEDS_AUTHENTICATION_IN_PROGRESS`; one without any
   * joins it.
   * @param options - `{threeDSecure?}`: 3D Secure options for this request only
   */
  requestPaymentMethod(options?: RequestPaymentMethodOptions): Promise<PaymentMethodPayload> {
    if (this.#tornDown) {
      return Promise.reject(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' }));
    }
    // A teardown ends the request at once, whatever it waits for (the panel, a tokenization, the bank).
    return new Promise((resolve, reject) => {
      this.#requests.add(reject);
      this.#controller
        .requestPaymentMethod(options)
        .then(resolve, reject)
        .finally(() => this.#requests.delete(reject));
    });
  }

  /** @internal Settles once the element is torn down. */
  get [TORN_DOWN](): Promise<void> {
    return this.#tornDownSignal.promise;
  }

  /**
   * Whether `requestPaymentMethod()` would succeed without the shopper doing more.
   * @throws METHOD_CALLED_AFTER_TEARDOWN after `teardown()`
   */
  isPaymentMethodRequestable(): boolean {
    this.#assertLive('isPaymentMethodRequestable');
    return this.#controller.isPaymentMethodRequestable();
  }

  /**
   * The payment options the shopper can choose from now, in the order shown (`card`, `paypal`,
   * `paypalCredit`, `paypalPayLater`, `applePay`, `googlePay`): the merchant's, without those that failed to load or
   * that the gateway or the browser does not offer; empty until the panel is `ready`.
   * @throws METHOD_CALLED_AFTER_TEARDOWN after `teardown()`
   */
  getAvailablePaymentOptions(): PaymentOption[] {
    this.#assertLive('getAvailablePaymentOptions');
    return this.#controller.availablePaymentOptions();
  }

  /**
   * Deselects the chosen method, empties the card fields, drops the methods not saved to the vault,
   * removes the form value and shows the first view again, e.g. after your server declined a
   * payment; a customer's saved methods are then fetched again, with fresh nonces, and none of the listed ones can be
   * chosen until they are there.
   * @throws METHOD_CALLED_AFTER_TEARDOWN after `teardown()`
   */
  clearSelectedPaymentMethod(): void {
    this.#assertLive('clearSelectedPaymentMethod');
    this.#form.clear();
    this.#controller.clearSelectedPaymentMethod();
  }

  /**
   * Changes one key of the `paypal`, `paypalCredit`, `paypalPayLater`, `applePay`, `googlePay` or
   * `threeDSecure` option, e.g. `updateConfiguration('paypal', 'amount', '12.00')`. Methods of that wallet not
   * saved to the vault are dropped, since they were approved for the old values. Another property
   * fires `errorOccurred` with `INVALID_OPTION`.
   * @param property - the option's property name
   * @param key - the key of the option to change
   * @param value - its new value, checked as the option's is
   * @throws METHOD_CALLED_AFTER_TEARDOWN after `teardown()`
   */
  updateConfiguration(property: string, key: string, value: unknown): void {
    this.#assertLive('updateConfiguration');
    if (!Object.hasOwn(UPDATABLE, property) || typeof key !== 'string') {
      queueMicrotask(() => {
        emit(this, 'errorOccurred', createError('INVALID_OPTION', { option: property }));
      });
      return;
    }
    const name = property as
      'paypal' | 'paypalCredit' | 'paypalPayLater' | 'applePay' | 'googlePay' | 'threeDSecure';
    const given = this.#options[name];
    // `threeDSecure: true` is the object form without keys.
    const current: Record<string, unknown> = { ...(typeof given === 'object' ? given : {}) };
    current[key] = value;
    this.setOption(name, current);
    const type = UPDATABLE[property];
    if (!type) return;
    this.#form.clear();
    this.#controller.removeUnvaultedMethods(type);
  }

  /**
   * Removes the panel's frames, listeners, timers and form value, and resolves once everything is
   * gone. The element itself stays in the page; afterwards every method fails with
   * `METHOD_CALLED_AFTER_TEARDOWN`.
   */
  async teardown(): Promise<void> {
    this.#assertLive('teardown');
    this.#tornDown = true;
    const error = createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' });
    for (const reject of this.#requests) reject(error);
    this.#requests.clear();
    this.#tornDownSignal.resolve();
    this.#form.teardown();
    // The view's element leaves with the rest: r2wc unmounts the React view as it goes.
    this.#fallback.panel.remove();
    await this.#controller.teardown(error);
  }

  static get observedAttributes(): string[] {
    return ['authorization', ...Object.values(OPTION_ATTRIBUTES)];
  }

  connectedCallback(): void {
    if (this.#tornDown) return;
    this.#controller.connect();
    this.#form.connect();
  }

  disconnectedCallback(): void {
    this.#form.disconnect();
    if (this.#tornDown) return;
    this.#controller.disconnect();
  }

  attributeChangedCallback(name: string, _oldValue: string | null, value: string | null): void {
    if (this.#tornDown) return;
    const option = OPTION_PROPERTIES[name];
    if (option) {
      this.setOption(option, value, true);
      return;
    }
    if (name === 'authorization') this.#setAuthorization(value === null || value === '' ? undefined : value);
  }

  #setAuthorization(value: string | undefined): void {
    if (this.#tornDown) return;
    this.#authorization = value;
    this.#controller.setAuthorization(value);
  }

  /** What the element shows itself: the loading indicator until the panel is ready, or its error. */
  #render(state: ViewState): void {
    const { panel, loading, loadingText, alert } = this.#fallback;
    // Only what changed is written: the controller's state changes often while a payment runs.
    if (panel.lang !== state.lang) panel.lang = state.lang;
    if (panel.dir !== state.dir) panel.dir = state.dir;
    if (panel.dataset.state !== state.phase) panel.dataset.state = state.phase;
    const loadingLabel = state.texts.text('loading');
    if (loadingText.textContent !== loadingLabel) loadingText.textContent = loadingLabel;
    if (state.phase === 'loading') {
      if (!loading.isConnected) panel.prepend(loading);
    } else {
      loading.remove();
    }
    const message =
      state.phase === 'failed'
        ? state.texts.text(
            state.failure?.code === 'NO_VALID_PAYMENT_OPTIONS' ? 'noPaymentMethodAvailable' : 'genericError',
          )
        : null;
    const shown = alert.firstElementChild;
    if (!message) {
      shown?.remove();
    } else if (shown?.textContent !== message) {
      const error = this.ownerDocument.createElement('div');
      error.className = 'sheet-error';
      error.setAttribute('part', 'sheet-error');
      error.textContent = message;
      alert.replaceChildren(error);
    }
  }

  /** @internal Form association: a new form owner. */
  formAssociatedCallback(): void {
    this.#form.connect();
  }

  /** @internal Form association: the form was reset. */
  formResetCallback(): void {
    if (this.#tornDown) return;
    this.clearSelectedPaymentMethod();
  }
}

// Each option is a property that checks what it is given, as its attribute does.
for (const name of Object.keys(OPTION_ATTRIBUTES) as PanelOptionName[]) {
  Object.defineProperty(PaymentPanelElement.prototype, name, {
    configurable: true,
    enumerable: true,
    get(this: PaymentPanelElement) {
      return this.getOption(name);
    },
    set(this: PaymentPanelElement, value: unknown) {
      this.setOption(name, value);
    },
  });
}

declare global {
  interface HTMLElementTagNameMap {
    'payment-panel': PaymentPanelElement;
  }
}

/** The element's tag name. */
export const TAG_NAME = 'payment-panel';

/** Defines `<payment-panel>` unless a panel bundle has already defined it. */
export function definePaymentPanel(): void {
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, PaymentPanelElement);
}
