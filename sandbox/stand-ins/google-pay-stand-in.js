/*
 * The sandbox's stand-in for Google's Pay API script (`pay.js`), served by the sandbox gateway at
 * /sandbox/google-pay/pay.js. The panel's local build loads it where the release build loads
 * Google's script from pay.google.com, which cannot be reached from the local setup.
 *
 * It defines `google.payments.api.PaymentsClient` with the four methods the panel uses:
 *   isReadyToPay(request)        checks the request; answers {result: true} (or what the page presets)
 *   prefetchPaymentData(request) checks the request; does nothing else
 *   createButton(options)        a "Buy with Google Pay" button calling options.onClick
 *   loadPaymentData(request)     checks the request as Google does (DEVELOPER_ERROR with a
 *                                statusMessage for a malformed one), then shows a sheet where the
 *                                tester picks a test card or cancels (CANCELED). The card goes to the
 *                                sandbox gateway, which plays Google's servers and the gateway's
 *                                exchange and answers the token; the sheet resolves Google's
 *                                PaymentData with it.
 *
 * A page (or a test) may set `window.googlePayStandIn` before the script runs:
 *   isReadyToPay   false makes isReadyToPay answer {result: false}; 'never' makes it never answer
 *                  (a Google that hangs: the panel gives up after its own time-out)
 *   statusCode     makes the next loadPaymentData reject with this status code (e.g.
 *                  BUYER_ACCOUNT_ERROR) without showing the sheet
 * and reads what the panel asked for there: lastIsReadyToPayRequest, lastPaymentDataRequest,
 * lastButtonOptions, environment.
 */
(() => {
  'use strict';

  const script = document.currentScript;
  const gatewayOrigin = script && script.src ? new URL(script.src).origin : location.origin;
  // The sandbox writes here the query that names the partition it serves this copy to (docs/sandbox.md,
  // "Partitions"): the token exchange goes without cookies.
  const PARTITION_QUERY = '';
  const TOKENS_URL = `${gatewayOrigin}/google-pay/tokens${PARTITION_QUERY}`;
  const standIn = (window.googlePayStandIn = window.googlePayStandIn || {});

  const AUTH_METHODS = ['PAN_ONLY', 'CRYPTOGRAM_3DS'];
  const CARD_NETWORKS = ['AMEX', 'DISCOVER', 'ELO', 'INTERAC', 'JCB', 'MASTERCARD', 'VISA'];
  const PRICE_STATUSES = ['NOT_CURRENTLY_KNOWN', 'ESTIMATED', 'FINAL'];
  const BRAINTREE_PARAMETERS = [
    'braintree:merchantId',
    'braintree:apiVersion',
    'braintree:sdkVersion',
    'braintree:metadata',
    'braintree:authorizationFingerprint',
  ];
  const BUTTON_LABELS = {
    book: 'Book with Google Pay',
    buy: 'Buy with Google Pay',
    checkout: 'Checkout with Google Pay',
    donate: 'Donate with Google Pay',
    order: 'Order with Google Pay',
    pay: 'Pay with Google Pay',
    plain: 'Google Pay',
    subscribe: 'Subscribe with Google Pay',
  };
  // The test cards of the sheet, by the id the sandbox gateway mints them for.
  const TEST_CARDS = [
    { id: 'visa', network: 'VISA', label: 'Visa •••• 1111' },
    { id: 'mastercard', network: 'MASTERCARD', label: 'Mastercard •••• 4444 (device token)' },
    { id: 'amex', network: 'AMEX', label: 'American Express •••• 0005' },
    { id: 'discover', network: 'DISCOVER', label: 'Discover •••• 1117' },
    { id: 'refused', network: 'VISA', label: 'Visa •••• 0002 (the gateway refuses it)' },
  ];

  const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const describe = (value) => (value === undefined ? 'undefined' : JSON.stringify(value));

  function developerError(statusMessage) {
    return { statusCode: 'DEVELOPER_ERROR', statusMessage };
  }

  /** What is wrong with a payment method of a request, in Google's words, or null. */
  function paymentMethodProblem(method, index) {
    const at = `allowedPaymentMethods[${index}]`;
    if (!isObject(method)) return `${at} must be an object.`;
    if (method.type === 'PAYPAL') return null;
    if (method.type !== 'CARD') return `${at}.type must be CARD or PAYPAL but was: ${describe(method.type)}`;
    const parameters = method.parameters;
    if (!isObject(parameters)) return `${at}.parameters is required for CARD.`;
    const auth = parameters.allowedAuthMethods;
    if (!Array.isArray(auth) || auth.length === 0 || !auth.every((m) => AUTH_METHODS.includes(m))) {
      return `${at}.parameters.allowedAuthMethods must be a non-empty list of ${AUTH_METHODS.join(', ')} but was: ${describe(auth)}`;
    }
    const networks = parameters.allowedCardNetworks;
    if (
      !Array.isArray(networks) ||
      networks.length === 0 ||
      !networks.every((n) => CARD_NETWORKS.includes(n))
    ) {
      return `${at}.parameters.allowedCardNetworks must be a non-empty list of ${CARD_NETWORKS.join(', ')} but was: ${describe(networks)}`;
    }
    return null;
  }

  /** What is wrong with a tokenization specification, or null (loadPaymentData needs one). */
  function tokenizationProblem(method, index) {
    const at = `allowedPaymentMethods[${index}].tokenizationSpecification`;
    const specification = method.tokenizationSpecification;
    if (!isObject(specification)) return `${at} is required.`;
    if (specification.type !== 'PAYMENT_GATEWAY') {
      return `${at}.type must be PAYMENT_GATEWAY but was: ${describe(specification.type)}`;
    }
    const parameters = specification.parameters;
    if (!isObject(parameters) || typeof parameters.gateway !== 'string' || parameters.gateway === '') {
      return `${at}.parameters.gateway is required.`;
    }
    if (parameters.gateway !== 'braintree') return null;
    for (const name of BRAINTREE_PARAMETERS) {
      if (typeof parameters[name] !== 'string' || parameters[name] === '') {
        return `${at}.parameters["${name}"] is required for gateway braintree.`;
      }
    }
    if (parameters['braintree:apiVersion'] !== 'v1') {
      return `${at}.parameters["braintree:apiVersion"] must be v1 but was: ${describe(parameters['braintree:apiVersion'])}`;
    }
    try {
      if (!isObject(JSON.parse(parameters['braintree:metadata']))) throw new Error('not an object');
    } catch {
      return `${at}.parameters["braintree:metadata"] must be a JSON object.`;
    }
    return null;
  }

  /** What is wrong with an isReadyToPay request (or the same part of a payment data request). */
  function readyRequestProblem(request) {
    if (!isObject(request)) return 'The request must be an object.';
    if (request.apiVersion !== 2) return `apiVersion must be 2 but was: ${describe(request.apiVersion)}`;
    if (request.apiVersionMinor !== 0) {
      return `apiVersionMinor must be 0 but was: ${describe(request.apiVersionMinor)}`;
    }
    const methods = request.allowedPaymentMethods;
    if (!Array.isArray(methods) || methods.length === 0) {
      return 'allowedPaymentMethods must be a non-empty list.';
    }
    for (let index = 0; index < methods.length; index++) {
      const problem = paymentMethodProblem(methods[index], index);
      if (problem) return problem;
    }
    return null;
  }

  /** What is wrong with a payment data request, or null. */
  function paymentDataRequestProblem(request) {
    const problem = readyRequestProblem(request);
    if (problem) return problem;
    for (let index = 0; index < request.allowedPaymentMethods.length; index++) {
      const tokenization = tokenizationProblem(request.allowedPaymentMethods[index], index);
      if (tokenization) return tokenization;
    }
    if (request.merchantInfo !== undefined) {
      if (!isObject(request.merchantInfo)) return 'merchantInfo must be an object.';
      const { merchantId } = request.merchantInfo;
      if (merchantId !== undefined && typeof merchantId !== 'string') {
        return `merchantInfo.merchantId must be a string but was: ${describe(merchantId)}`;
      }
    }
    const info = request.transactionInfo;
    if (!isObject(info)) return 'transactionInfo is required.';
    if (typeof info.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(info.currencyCode)) {
      return `transactionInfo.currencyCode must be an ISO 4217 code but was: ${describe(info.currencyCode)}`;
    }
    if (!PRICE_STATUSES.includes(info.totalPriceStatus)) {
      return `transactionInfo.totalPriceStatus must be one of ${PRICE_STATUSES.join(', ')} but was: ${describe(info.totalPriceStatus)}`;
    }
    const priceNeeded = info.totalPriceStatus !== 'NOT_CURRENTLY_KNOWN';
    if (
      (priceNeeded || info.totalPrice !== undefined) &&
      (typeof info.totalPrice !== 'string' || !/^[0-9]+(\.[0-9][0-9]?)?$/.test(info.totalPrice))
    ) {
      return `transactionInfo.totalPrice must be a decimal string with at most two decimals but was: ${describe(info.totalPrice)}`;
    }
    if (
      info.countryCode !== undefined &&
      (typeof info.countryCode !== 'string' || !/^[A-Z]{2}$/.test(info.countryCode))
    ) {
      return `transactionInfo.countryCode must be an ISO 3166-1 alpha-2 code but was: ${describe(info.countryCode)}`;
    }
    return null;
  }

  const copy = (value) => JSON.parse(JSON.stringify(value ?? null));

  function styled(tag, style, text) {
    const element = document.createElement(tag);
    Object.assign(element.style, style);
    if (text !== undefined) element.textContent = text;
    return element;
  }

  const SHEET_BUTTON = {
    display: 'block',
    width: '100%',
    marginTop: '8px',
    padding: '12px',
    borderRadius: '8px',
    border: '1px solid #747775',
    background: '#fff',
    color: '#1f1f1f',
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
  };

  /** The element that has focus, inside shadow roots too. */
  function deepActiveElement() {
    let element = document.activeElement;
    while (element && element.shadowRoot && element.shadowRoot.activeElement) {
      element = element.shadowRoot.activeElement;
    }
    return element;
  }

  let sheetOpen = false;

  /** Google's sheet: the cards the request allows, and Cancel. Resolves PaymentData or rejects. */
  function openSheet(request) {
    return new Promise((resolve, reject) => {
      sheetOpen = true;
      const returnFocus = deepActiveElement();
      const dialog = styled('div', {
        position: 'fixed',
        left: '50%',
        top: '50%',
        transform: 'translate(-50%, -50%)',
        width: 'min(380px, 100vw)',
        boxSizing: 'border-box',
        padding: '16px',
        background: '#fff',
        color: '#1f1f1f',
        borderRadius: '12px',
        boxShadow: '0 4px 24px rgba(0, 0, 0, 0.35)',
        font: '16px/1.4 system-ui, sans-serif',
        zIndex: '2147483647',
      });
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', 'Google Pay (sandbox)');
      // The sheet holds the focus itself while none of its buttons can (see pay()).
      dialog.tabIndex = -1;
      dialog.style.outline = 'none';
      dialog.dataset.googlePayStandIn = 'ready';
      const info = request.transactionInfo;
      const heading = styled('p', { margin: '0 0 8px', fontWeight: '700' }, 'Google Pay (sandbox)');
      const total = styled(
        'p',
        { margin: '0 0 8px' },
        `Total: ${info.currencyCode} ${info.totalPrice ?? '(not known yet)'}`,
      );
      const status = styled(
        'p',
        { margin: '0 0 8px', fontSize: '14px', color: '#444' },
        'Choose a test card.',
      );
      status.setAttribute('role', 'status');
      const card = request.allowedPaymentMethods.find((method) => method.type === 'CARD');
      const networks = card.parameters.allowedCardNetworks;
      const choices = TEST_CARDS.filter((test) => networks.includes(test.network)).map((test) => {
        const button = styled('button', SHEET_BUTTON, test.label);
        button.type = 'button';
        button.dataset.card = test.id;
        button.addEventListener('click', () => {
          pay(test);
        });
        return button;
      });
      const cancel = styled('button', { ...SHEET_BUTTON, textAlign: 'center' }, 'Cancel');
      cancel.type = 'button';
      cancel.addEventListener('click', () => {
        close();
        reject({ statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' });
      });
      const buttons = [...choices, cancel];
      const onKeyDown = (event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          cancel.click();
        } else if (event.key === 'Tab') {
          // A modal sheet keeps the focus on its own buttons, or on itself while they are disabled.
          const enabled = buttons.filter((button) => !button.disabled);
          const current = enabled.indexOf(deepActiveElement());
          const next = enabled[(current + (event.shiftKey ? -1 : 1) + enabled.length) % enabled.length];
          event.preventDefault();
          if (next) next.focus();
        }
      };
      function close() {
        sheetOpen = false;
        document.removeEventListener('keydown', onKeyDown, true);
        const hadFocus = dialog.contains(deepActiveElement());
        dialog.remove();
        if (hadFocus && returnFocus && returnFocus.isConnected && typeof returnFocus.focus === 'function') {
          returnFocus.focus();
        }
      }
      function pay(test) {
        dialog.dataset.googlePayStandIn = 'paying';
        status.textContent = 'Paying…';
        // Google's sheet never takes the page's focus away. A button disabled while it has the focus
        // would drop it to the page's body, and the sheet would have nothing to give back on closing:
        // the sheet keeps it instead.
        const hadFocus = buttons.includes(deepActiveElement());
        for (const button of buttons) button.disabled = true;
        if (hadFocus) dialog.focus();
        fetch(TOKENS_URL, {
          method: 'POST',
          credentials: 'omit',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            card: test.id,
            tokenizationSpecification: card.tokenizationSpecification,
            transactionInfo: info,
          }),
        })
          .then((response) =>
            response.json().then((body) => {
              if (!response.ok || typeof body.token !== 'string')
                throw new Error(body.error?.message ?? 'no token');
              return body;
            }),
          )
          .then((body) => {
            close();
            resolve({
              apiVersion: 2,
              apiVersionMinor: 0,
              paymentMethodData: {
                type: 'CARD',
                description: test.label,
                info: { cardNetwork: test.network, cardDetails: body.lastFour ?? '' },
                tokenizationData: { type: 'PAYMENT_GATEWAY', token: body.token },
              },
            });
          })
          .catch((error) => {
            close();
            reject({ statusCode: 'INTERNAL_ERROR', statusMessage: String(error && error.message) });
          });
      }
      dialog.append(heading, total, status, ...buttons);
      document.addEventListener('keydown', onKeyDown, true);
      document.body.append(dialog);
      (choices[0] ?? cancel).focus();
    });
  }

  class PaymentsClient {
    constructor(options) {
      const environment = isObject(options) ? options.environment : undefined;
      if (environment !== 'TEST' && environment !== 'PRODUCTION') {
        throw new Error(
          `PaymentsClient environment must be TEST or PRODUCTION but was: ${describe(environment)}`,
        );
      }
      standIn.environment = environment;
    }

    isReadyToPay(request) {
      standIn.lastIsReadyToPayRequest = copy(request);
      const problem = readyRequestProblem(request);
      if (problem) return Promise.reject(developerError(problem));
      if (standIn.isReadyToPay === 'never') return new Promise(() => undefined);
      return Promise.resolve({ result: standIn.isReadyToPay !== false });
    }

    prefetchPaymentData(request) {
      standIn.lastPrefetchRequest = copy(request);
    }

    createButton(options) {
      if (!isObject(options) || typeof options.onClick !== 'function') {
        throw new Error('createButton needs an onClick function.');
      }
      // Google appends its button's stylesheet to buttonRootNode; the stand-in styles the button
      // itself, so a strict style-src is enough for it.
      standIn.lastButtonOptions = {
        ...options,
        onClick: typeof options.onClick,
        ...(options.buttonRootNode ? { buttonRootNode: options.buttonRootNode.constructor.name } : {}),
      };
      const color = options.buttonColor === 'white' ? 'white' : 'black';
      const label = BUTTON_LABELS[options.buttonType] ?? BUTTON_LABELS.buy;
      const wrapper = styled('div', {
        display: options.buttonSizeMode === 'fill' ? 'block' : 'inline-block',
      });
      const button = styled(
        'button',
        {
          display: 'block',
          width: options.buttonSizeMode === 'fill' ? '100%' : '240px',
          minHeight: '40px',
          padding: '8px 16px',
          border: color === 'white' ? '1px solid #747775' : '1px solid #000',
          borderRadius: '4px',
          background: color === 'white' ? '#fff' : '#000',
          color: color === 'white' ? '#1f1f1f' : '#fff',
          font: '500 15px/1.2 system-ui, sans-serif',
          cursor: 'pointer',
        },
        label,
      );
      button.type = 'button';
      button.className = `gpay-button ${color}`;
      button.addEventListener('click', (event) => {
        options.onClick(event);
      });
      wrapper.append(button);
      return wrapper;
    }

    loadPaymentData(request) {
      standIn.lastPaymentDataRequest = copy(request);
      const problem = paymentDataRequestProblem(request);
      if (problem) return Promise.reject(developerError(problem));
      if (standIn.statusCode) {
        const statusCode = standIn.statusCode;
        standIn.statusCode = undefined;
        return Promise.reject({ statusCode, statusMessage: `The sandbox answered ${statusCode} as asked.` });
      }
      if (sheetOpen) {
        return Promise.reject(developerError('loadPaymentData is already showing a payment sheet.'));
      }
      return openSheet(request);
    }
  }

  window.google = window.google || {};
  window.google.payments = window.google.payments || {};
  window.google.payments.api = window.google.payments.api || {};
  window.google.payments.api.PaymentsClient = PaymentsClient;
})();
