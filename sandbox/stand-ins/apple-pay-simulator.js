/*
 * Apple Pay simulator: a stand-in for Safari's `ApplePaySession` (Apple Pay JS) so the whole Apple
 * Pay flow runs in browsers that have none, e.g. Chromium in the browser tests. Load it as a classic
 * script on the merchant page, before the panel looks for Apple Pay:
 *
 *   <script src="/apple-pay-simulator.js"></script>
 *
 * It installs `window.ApplePaySession` unless the browser has one, and `window.applePaySimulator`:
 *   installed        true once the stand-in is in place (false when the browser had its own)
 *   canMakePayments  set to false to make canMakePayments() answer false
 *   card             the card the payment sheet pays with: {network, lastDigits, type}
 *   lastRequest      a copy of the payment request of the latest session
 *   lastPayment      the payment handed to the latest onpaymentauthorized
 *   lastStatus       the status of the latest completePayment
 *   faults           {missingValidationURL, missingToken}: set either to true to make the session
 *                    misbehave in that way, for testing what a page does with a broken event
 * A page may set `window.applePaySimulator` to some of these before loading the script.
 *
 * It behaves as Safari does where the panel can tell: the same checks and exceptions, events
 * fired after the call that causes them, one active session per page. What Safari shows is
 * replaced by a plain dialog with the total, a Pay button and a Cancel button. The payment data is
 * not encrypted: its `data` is base64 of the JSON a decryption would give, which the sandbox
 * gateway reads in place of decrypting.
 */
(() => {
  'use strict';

  if ('ApplePaySession' in window) {
    if (!window.applePaySimulator) window.applePaySimulator = { installed: false };
    return;
  }

  const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
  const HIGHEST_VERSION = 14;
  const STATUS_CODES = {
    STATUS_SUCCESS: 0,
    STATUS_FAILURE: 1,
    STATUS_INVALID_BILLING_POSTAL_ADDRESS: 2,
    STATUS_INVALID_SHIPPING_POSTAL_ADDRESS: 3,
    STATUS_INVALID_SHIPPING_CONTACT: 4,
    STATUS_PIN_REQUIRED: 5,
    STATUS_PIN_INCORRECT: 6,
    STATUS_PIN_LOCKOUT: 7,
  };
  const MERCHANT_CAPABILITIES = ['supports3DS', 'supportsEMV', 'supportsCredit', 'supportsDebit'];
  // Network names Apple Pay JS accepts in supportedNetworks, by the version that brought them.
  const NETWORKS_SINCE_VERSION = [
    [1, ['amex', 'chinaUnionPay', 'discover', 'interac', 'masterCard', 'privateLabel', 'visa']],
    [2, ['jcb', 'carteBancaire']],
    [3, ['carteBancaires']],
    [4, ['cartesBancaires', 'eftpos', 'electron', 'maestro', 'vPay']],
    [5, ['elo', 'mada']],
  ];
  // Apple's required members of a payment request, in the order the bindings check them.
  const REQUIRED_MEMBERS = [
    ['countryCode', 'DOMString'],
    ['currencyCode', 'DOMString'],
    ['merchantCapabilities', 'sequence'],
    ['supportedNetworks', 'sequence'],
    ['total', 'ApplePayLineItem'],
  ];
  const MERCHANT_SESSION_MEMBERS = [
    'merchantIdentifier',
    'merchantSessionIdentifier',
    'nonce',
    'domainName',
    'epochTimestamp',
    'signature',
  ];
  const HANDLERS = [
    'onvalidatemerchant',
    'onpaymentmethodselected',
    'onshippingcontactselected',
    'onshippingmethodselected',
    'onpaymentauthorized',
    'oncancel',
  ];
  const DPAN_PREFIXES = { visa: '4', mastercard: '5', amex: '37', discover: '6011' };
  const NUMERIC_CURRENCIES = { USD: '840', EUR: '978', GBP: '826', CAD: '124', AUD: '036', JPY: '392' };
  const CONTACT = {
    givenName: 'Ada',
    familyName: 'Lovelace',
    addressLines: ['1 Infinite Loop'],
    locality: 'Cupertino',
    administrativeArea: 'CA',
    postalCode: '95014',
    country: 'United States',
    countryCode: 'US',
  };

  const preset = window.applePaySimulator;
  const simulator = Object.assign(
    {
      canMakePayments: true,
      card: { network: 'Visa', lastDigits: '8181', type: 'debit' },
      lastRequest: null,
      lastPayment: null,
      lastStatus: null,
      faults: { missingValidationURL: false, missingToken: false },
    },
    preset && typeof preset === 'object' ? preset : {},
    { installed: true },
  );
  window.applePaySimulator = simulator;

  /** Per-session state, out of the page's reach as Safari's is. */
  const internals = new WeakMap();
  // The state of the session whose sheet is open: a page has at most one.
  let activeState = null;

  function invalidAccess(message) {
    return new DOMException(message, 'InvalidAccessError');
  }

  function copy(value) {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }

  function randomBytes(length) {
    return crypto.getRandomValues(new Uint8Array(length));
  }

  function base64(bytes) {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }

  function hex(bytes) {
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }

  function assertSecureDocument() {
    if (window.location.protocol !== 'https:') {
      throw invalidAccess('Trying to call an ApplePaySession API from an insecure document.');
    }
    let sameOriginAsTop;
    try {
      sameOriginAsTop = window.top === window || window.top.location.origin === window.location.origin;
    } catch {
      sameOriginAsTop = false;
    }
    if (!sameOriginAsTop) {
      throw invalidAccess(
        'Trying to call an ApplePaySession API from a document with an different security origin than its top-level frame.',
      );
    }
  }

  /** WebIDL `unsigned long` conversion, as the bindings apply it to `version`. */
  function toUnsignedLong(value) {
    const number = Math.trunc(Number(value));
    return Number.isFinite(number) ? ((number % 2 ** 32) + 2 ** 32) % 2 ** 32 : 0;
  }

  function networksOf(version) {
    return NETWORKS_SINCE_VERSION.filter(([since]) => version >= since).flatMap(([, names]) => names);
  }

  function toSequence(value, member) {
    if (value === null || typeof value !== 'object' || typeof value[Symbol.iterator] !== 'function') {
      throw new TypeError(`Value of member ApplePayPaymentRequest.${member} is not a sequence.`);
    }
    return Array.from(value, String);
  }

  /** The dictionary conversion of the bindings: required members present and of the right kind. */
  function convertPaymentRequest(input) {
    if (input !== undefined && input !== null && typeof input !== 'object') {
      throw new TypeError('The payment request must be an object.');
    }
    const source = input ?? {};
    for (const [member, type] of REQUIRED_MEMBERS) {
      if (source[member] === undefined) {
        throw new TypeError(
          `Member ApplePayPaymentRequest.${member} is required and must be an instance of ${type}`,
        );
      }
    }
    const total = source.total;
    if (total === null || typeof total !== 'object') {
      throw new TypeError('Member ApplePayPaymentRequest.total must be an instance of ApplePayLineItem');
    }
    const totalType = total.type === undefined ? 'final' : String(total.type);
    if (totalType !== 'final' && totalType !== 'pending') {
      throw new TypeError(
        `The provided value '${totalType}' is not a valid enum value of type ApplePayLineItemType.`,
      );
    }
    const merchantCapabilities = toSequence(source.merchantCapabilities, 'merchantCapabilities');
    for (const capability of merchantCapabilities) {
      if (!MERCHANT_CAPABILITIES.includes(capability)) {
        throw new TypeError(
          `The provided value '${capability}' is not a valid enum value of type ApplePayMerchantCapability.`,
        );
      }
    }
    return {
      countryCode: String(source.countryCode),
      currencyCode: String(source.currencyCode),
      merchantCapabilities,
      supportedNetworks: toSequence(source.supportedNetworks, 'supportedNetworks'),
      total: {
        type: totalType,
        label: total.label === undefined ? undefined : String(total.label),
        amount: total.amount === undefined ? undefined : String(total.amount),
      },
    };
  }

  /** Safari's checks of a converted request, after the version check. */
  function validatePaymentRequest(version, request) {
    if (request.merchantCapabilities.length === 0) {
      throw new TypeError('At least one merchant capability must be provided.');
    }
    if (request.supportedNetworks.length === 0) {
      throw new TypeError('At least one supported network must be provided.');
    }
    const networks = networksOf(version);
    for (const network of request.supportedNetworks) {
      if (!networks.includes(network)) throw new TypeError(`"${network}" is not a valid payment network.`);
    }
    const { label, amount } = request.total;
    if (amount === undefined || !/^-?\d+(\.\d{1,2})?$/.test(amount)) {
      throw new TypeError(`"${amount ?? ''}" is not a valid amount.`);
    }
    if (label === undefined) throw new TypeError('Missing total label.');
    if (Number(amount) < 0) throw new TypeError('Total amount must not be negative.');
    if (Number(amount) > 100000000) throw new TypeError('Total amount is too big.');
    if (!/^[A-Z]{2}$/.test(request.countryCode)) {
      throw new TypeError(`"${request.countryCode}" is not a valid country code.`);
    }
    if (!/^[A-Z]{3}$/.test(request.currencyCode)) {
      throw new TypeError(`"${request.currencyCode}" is not a valid currency code.`);
    }
  }

  /** Calls the `on<type>` handler, then the listeners, with an event carrying `details`. */
  function fire(session, type, details) {
    const event = new Event(type);
    for (const key of Object.keys(details)) {
      Object.defineProperty(event, key, { value: details[key], enumerable: true });
    }
    const handler = session[`on${type}`];
    if (typeof handler === 'function') {
      try {
        handler.call(session, event);
      } catch (error) {
        // As with any event handler, an exception is reported, not thrown at the dispatcher.
        setTimeout(() => {
          throw error;
        });
      }
    }
    session.dispatchEvent(event);
  }

  function later(action) {
    setTimeout(action, 0);
  }

  function dpanFor(card) {
    const network = String(card.network ?? 'Visa');
    const key = network.toLowerCase();
    const last =
      String(card.lastDigits ?? '')
        .replace(/\D/g, '')
        .slice(-4) || '8181';
    const prefix = DPAN_PREFIXES[key] ?? '4';
    const length = key === 'amex' ? 15 : 16;
    return prefix + '1'.repeat(Math.max(0, length - prefix.length - last.length)) + last;
  }

  function expirationDate() {
    const year = (new Date().getFullYear() + 3) % 100;
    return `${String(year).padStart(2, '0')}1231`;
  }

  /** The payment of an authorization: Apple's token for the simulator's card, and the contacts. */
  function paymentFor(request) {
    const card = simulator.card ?? {};
    const network = String(card.network ?? 'Visa');
    const dpan = dpanFor(card);
    const transactionId = hex(randomBytes(32));
    const decrypted = {
      applicationPrimaryAccountNumber: dpan,
      applicationExpirationDate: expirationDate(),
      currencyCode: NUMERIC_CURRENCIES[request.currencyCode] ?? '000',
      transactionAmount: Math.round(Number(request.total.amount) * 100),
      deviceManufacturerIdentifier: hex(randomBytes(6)).toUpperCase(),
      paymentDataType: '3DSecure',
      paymentData: { onlinePaymentCryptogram: base64(randomBytes(20)), eciIndicator: '7' },
    };
    return {
      token: {
        paymentData: {
          version: 'EC_v1',
          data: base64(new TextEncoder().encode(JSON.stringify(decrypted))),
          signature: base64(randomBytes(128)),
          header: {
            ephemeralPublicKey: base64(randomBytes(91)),
            publicKeyHash: base64(randomBytes(32)),
            transactionId,
          },
        },
        paymentMethod: {
          displayName: `${network} ${dpan.slice(-4)}`,
          network,
          type: String(card.type ?? 'debit'),
        },
        transactionIdentifier: transactionId.toUpperCase(),
      },
      billingContact: { ...CONTACT },
      shippingContact: { ...CONTACT, emailAddress: 'ada@example.com', phoneNumber: '+1 408 555 0100' },
    };
  }

  /** The focused element, looking into shadow roots (the panel lives in one). */
  function deepActiveElement() {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) {
      element = element.shadowRoot.activeElement;
    }
    return element;
  }

  function styled(tag, style, text) {
    const element = document.createElement(tag);
    Object.assign(element.style, style);
    if (text !== undefined) element.textContent = text;
    return element;
  }

  const BUTTON_STYLE = {
    display: 'block',
    width: '100%',
    marginTop: '8px',
    padding: '12px',
    borderRadius: '8px',
    font: 'inherit',
    fontWeight: '600',
    cursor: 'pointer',
  };

  /** The simulated payment sheet of a session. */
  function openSheet(session, state) {
    const returnFocus = deepActiveElement();
    const dialog = styled('div', {
      position: 'fixed',
      left: '50%',
      bottom: '0',
      transform: 'translateX(-50%)',
      width: 'min(360px, 100vw)',
      boxSizing: 'border-box',
      padding: '16px',
      background: '#fff',
      color: '#000',
      borderRadius: '12px 12px 0 0',
      boxShadow: '0 -4px 24px rgba(0, 0, 0, 0.3)',
      font: '16px/1.4 -apple-system, system-ui, sans-serif',
      zIndex: '2147483647',
    });
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    // The sheet holds the focus itself while none of its buttons can (see show()).
    dialog.tabIndex = -1;
    dialog.style.outline = 'none';
    dialog.setAttribute('aria-label', 'Apple Pay (simulated)');
    dialog.dataset.applePaySimulator = 'validating';

    const card = simulator.card ?? {};
    const heading = styled('p', { margin: '0 0 12px', fontWeight: '700' }, 'Apple Pay (simulated)');
    const cardLine = styled(
      'p',
      { margin: '0 0 4px' },
      `Card: ${card.network ?? 'Visa'} ${dpanFor(card).slice(-4)}`,
    );
    const totalLine = styled('p', { margin: '0 0 4px', display: 'flex', justifyContent: 'space-between' });
    totalLine.append(
      styled('span', {}, state.request.total.label),
      styled('strong', {}, `${state.request.currencyCode} ${state.request.total.amount}`),
    );
    const status = styled(
      'p',
      { margin: '8px 0', fontSize: '14px', color: '#555' },
      'Contacting the merchant…',
    );
    status.setAttribute('role', 'status');
    const pay = styled(
      'button',
      { ...BUTTON_STYLE, background: '#000', color: '#fff', border: '1px solid #000' },
      'Pay with Apple Pay (simulated)',
    );
    pay.type = 'button';
    pay.disabled = true;
    const cancel = styled(
      'button',
      { ...BUTTON_STYLE, background: '#fff', color: '#000', border: '1px solid #767676' },
      'Cancel',
    );
    cancel.type = 'button';
    dialog.append(heading, cardLine, totalLine, status, pay, cancel);

    pay.addEventListener('click', () => {
      authorize(session);
    });
    cancel.addEventListener('click', () => {
      cancelByShopper(session);
    });
    const onKeyDown = (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        cancelByShopper(session);
      } else if (event.key === 'Tab') {
        // A modal sheet keeps the focus on its own buttons, or on itself while they are disabled.
        const buttons = [pay, cancel].filter((button) => !button.disabled);
        const current = buttons.indexOf(deepActiveElement());
        const next = buttons[(current + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
        event.preventDefault();
        if (next) next.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.body.append(dialog);
    cancel.focus();

    return {
      show(phase, text) {
        dialog.dataset.applePaySimulator = phase;
        status.textContent = text;
        // Safari's sheet never takes the page's focus away. A button disabled while it has the focus
        // would drop it to the page's body, and the sheet would have nothing to give back on closing:
        // the sheet keeps it instead.
        const focused = deepActiveElement();
        pay.disabled = phase !== 'ready';
        cancel.disabled = phase === 'authorizing';
        if ((focused === pay || focused === cancel) && focused.disabled) dialog.focus();
        if (phase === 'ready' && dialog.contains(deepActiveElement())) pay.focus();
      },
      close() {
        document.removeEventListener('keydown', onKeyDown, true);
        const hadFocus = dialog.contains(deepActiveElement());
        dialog.remove();
        if (hadFocus && returnFocus && returnFocus.isConnected && typeof returnFocus.focus === 'function') {
          returnFocus.focus();
        }
      },
    };
  }

  function finish(session, phase) {
    const state = internals.get(session);
    state.phase = phase;
    if (state.sheet) state.sheet.close();
    state.sheet = null;
    if (activeState === state) activeState = null;
  }

  function cancelByShopper(session) {
    const state = internals.get(session);
    if (state.phase !== 'validating' && state.phase !== 'ready') return;
    finish(session, 'canceled');
    later(() => {
      fire(session, 'cancel', {});
    });
  }

  function authorize(session) {
    const state = internals.get(session);
    if (state.phase !== 'ready') return;
    state.phase = 'authorizing';
    state.sheet.show('authorizing', 'Processing…');
    const payment = paymentFor(state.request);
    if (simulator.faults?.missingToken) delete payment.token;
    simulator.lastPayment = copy(payment);
    later(() => {
      fire(session, 'paymentauthorized', { payment });
    });
  }

  class ApplePaySession extends EventTarget {
    /**
     * @param {number} version - the Apple Pay JS version, 1 to 14
     * @param {object} paymentRequest - countryCode, currencyCode, merchantCapabilities,
     *   supportedNetworks and total are required
     */
    constructor(version, paymentRequest) {
      if (arguments.length < 2) throw new TypeError('Not enough arguments');
      const unsignedVersion = toUnsignedLong(version);
      const request = convertPaymentRequest(paymentRequest);
      assertSecureDocument();
      if (navigator.userActivation?.isActive !== true) {
        throw invalidAccess('Must create a new ApplePaySession from a user gesture handler.');
      }
      if (unsignedVersion === 0 || unsignedVersion > HIGHEST_VERSION) {
        throw invalidAccess(`"${unsignedVersion}" is not a supported version.`);
      }
      validatePaymentRequest(unsignedVersion, request);
      super();
      for (const handler of HANDLERS) this[handler] = null;
      internals.set(this, { version: unsignedVersion, request, phase: 'idle', sheet: null });
      simulator.lastRequest = copy(paymentRequest);
    }

    static supportsVersion(version) {
      if (arguments.length < 1) throw new TypeError('Not enough arguments');
      const unsignedVersion = toUnsignedLong(version);
      if (unsignedVersion === 0) throw invalidAccess('"0" is not a supported version.');
      assertSecureDocument();
      return unsignedVersion <= HIGHEST_VERSION;
    }

    static canMakePayments() {
      assertSecureDocument();
      return simulator.canMakePayments !== false;
    }

    // The merchant identifier only matters to Apple's servers, which the simulator stands in for.
    static canMakePaymentsWithActiveCard(merchantIdentifier) {
      if (arguments.length < 1 || merchantIdentifier === undefined)
        return Promise.reject(new TypeError('Not enough arguments'));
      try {
        assertSecureDocument();
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise((resolve) => {
        later(() => {
          resolve(simulator.canMakePayments !== false);
        });
      });
    }

    begin() {
      const state = internals.get(this);
      if (state.phase !== 'idle') throw invalidAccess('Payment session is already active.');
      if (activeState) throw invalidAccess('Page already has an active payment session.');
      activeState = state;
      state.phase = 'validating';
      state.sheet = openSheet(this, state);
      later(() => {
        if (state.phase === 'validating') {
          const validationURL = simulator.faults?.missingValidationURL ? undefined : VALIDATION_URL;
          fire(this, 'validatemerchant', { validationURL });
        }
      });
    }

    abort() {
      const state = internals.get(this);
      if (!['validating', 'ready', 'authorizing'].includes(state.phase)) {
        throw invalidAccess('The session is not active.');
      }
      finish(this, 'aborted');
    }

    completeMerchantValidation(merchantSession) {
      const state = internals.get(this);
      if (state.phase !== 'validating') throw invalidAccess('The session is not validating the merchant.');
      const missing =
        merchantSession === null || typeof merchantSession !== 'object'
          ? 'merchant session'
          : MERCHANT_SESSION_MEMBERS.find((member) => merchantSession[member] === undefined);
      if (missing) {
        // Safari refuses the session on the sheet and ends it; the page hears of it as a cancel.
        console.error(`Apple Pay (simulated): missing ${missing}; the session is cancelled.`);
        finish(this, 'canceled');
        later(() => {
          fire(this, 'cancel', {});
        });
        return;
      }
      state.phase = 'ready';
      state.sheet.show('ready', 'Ready to pay.');
    }

    completePayment(result) {
      const state = internals.get(this);
      if (state.phase !== 'authorizing') throw invalidAccess('The session is not authorizing a payment.');
      const status = typeof result === 'object' && result !== null ? result.status : result;
      if (!Object.values(STATUS_CODES).includes(status)) {
        throw invalidAccess(`"${String(status)}" is not a valid status.`);
      }
      simulator.lastStatus = status;
      finish(this, 'completed');
    }
  }

  for (const [name, value] of Object.entries(STATUS_CODES)) {
    const constant = { value, enumerable: true, writable: false, configurable: false };
    Object.defineProperty(ApplePaySession, name, constant);
    Object.defineProperty(ApplePaySession.prototype, name, constant);
  }

  Object.defineProperty(window, 'ApplePaySession', {
    value: ApplePaySession,
    writable: true,
    configurable: true,
    enumerable: false,
  });
})();
