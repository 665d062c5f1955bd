/**
 * The panel on plain merchant pages: the option list and sheets, the merchant's options and their
 * errors, events once per change, saved methods, device data, clearing, updating and teardown.
 */
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS } from '../../src/shared/constants';
import { VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { expect, test } from './support/fixtures';

const PAYPAL = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });

async function open(panel: PanelPage, authorization: string, attributes: Record<string, string> = {}) {
  await panel.openBare(authorization, 'local', attributes);
}

/** The events of one name recorded so far, by detail. */
async function details(panel: PanelPage, name: string): Promise<unknown[]> {
  return (await panel.events()).filter((event) => event.name === name).map((event) => event.detail);
}

test.describe('views', () => {
  test('the option list and the sheets switch, with one paymentOptionSelected per choice', async ({
    panel,
    card,
    sandbox,
  }) => {
    await open(panel, sandbox.key('demo_merchant'), { paypal: PAYPAL });
    await panel.waitForEvent('ready');
    await expect(panel.element.locator('[part="options"] h2')).toHaveText('Choose a way to pay');
    await expect(panel.element.locator('[part="option"]')).toHaveText(['Card', 'PayPal']);
    // PayPal's mark comes with PayPal's file, not with the view.
    await expect(panel.option('paypal').locator('svg.paypal-icon path')).toHaveCount(2);
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeHidden();

    await panel.option('card').click();
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    await expect(panel.element.locator('[part="options"]')).toHaveCount(0);
    await card.ready();

    await panel.toggle().click();
    await expect(panel.toggle()).toHaveCount(0);
    await panel.option('paypal').click();
    const paypalSheet = panel.element.locator('[part~="paypal-sheet"]');
    await expect(paypalSheet).toBeVisible();
    await expect(paypalSheet.locator('[part="sheet-header"]')).toHaveText('PayPal');
    await expect(paypalSheet.locator('[part="sheet-header"] svg.paypal-icon')).toBeVisible();
    await expect(paypalSheet.locator('[part="button-area"]')).toHaveCount(1);
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeHidden();

    expect(await details(panel, 'paymentOptionSelected')).toEqual([
      { paymentOption: 'card' },
      { paymentOption: 'paypal' },
    ]);
    const analytics = await sandbox.waitForRequest('/analytics/');
    expect(analytics).toBeDefined();
    await expect
      .poll(async () =>
        (await sandbox.requests('/analytics/')).flatMap((request) =>
          ((request.body as { analytics?: { kind: string }[] }).analytics ?? []).map((entry) => entry.kind),
        ),
      )
      .toEqual(
        expect.arrayContaining([
          'web.dropin.started.tokenization-key',
          'web.dropin.appeared',
          'web.dropin.selected.card',
          'web.dropin.selected.paypal',
        ]),
      );
  });

  test('the options are keyboard operable, and focus moves to the sheet chosen', async ({
    sandbox,
    page,
    panel,
  }) => {
    await open(panel, sandbox.key('demo_merchant'), { paypal: PAYPAL });
    await panel.waitForEvent('ready');
    await panel.option('card').focus();
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#card-sheet-label')).toBeFocused();
    await panel.toggle().focus();
    await page.keyboard.press('Space');
    await expect(panel.element.locator('#payment-options-label')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.option('card')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.option('paypal')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#paypal-sheet-label')).toBeFocused();
  });

  test('a single available option opens its sheet directly, with no list and no toggle', async ({
    sandbox,
    panel,
    card,
  }) => {
    await open(panel, sandbox.key('card_only_merchant'));
    await panel.waitForEvent('ready');
    await card.ready();
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    await expect(panel.element.locator('[part="options"]')).toHaveCount(0);
    await expect(panel.toggle()).toHaveCount(0);
  });

  test('translations replace any text, error texts included', async ({ sandbox, panel }) => {
    await open(panel, sandbox.key('demo_merchant'), {
      paypal: PAYPAL,
      translations: JSON.stringify({
        chooseAWayToPay: 'Wählen Sie eine Zahlungsart',
        card: 'Karte',
        NO_PAYMENT_METHOD_AVAILABLE: 'Bitte wählen Sie eine Zahlungsart.',
      }),
    });
    await panel.waitForEvent('ready');
    await expect(panel.element.locator('[part="options"] h2')).toHaveText('Wählen Sie eine Zahlungsart');
    await expect(panel.element.locator('[part="option"]')).toHaveText(['Karte', 'PayPal']);
    expect((await panel.requestPaymentMethod()).error?.code).toBe('NO_PAYMENT_METHOD_AVAILABLE');
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'Bitte wählen Sie eine Zahlungsart.',
    );
  });

  test('the merchant priority orders the list', async ({ sandbox, panel }) => {
    await open(panel, sandbox.key('demo_merchant'), {
      paypal: PAYPAL,
      'paypal-credit': PAYPAL,
      'payment-option-priority': 'paypalCredit card paypal',
    });
    await panel.waitForEvent('ready');
    await expect(panel.element.locator('[part="option"]')).toHaveText(['PayPal Credit', 'Card', 'PayPal']);
  });
});

test.describe('configuration errors', () => {
  for (const [priority, code, message, shown] of [
    [
      '"card"',
      'PAYMENT_OPTION_PRIORITY_NOT_ARRAY',
      'paymentOptionPriority must be an array.',
      'Something went wrong on our end.',
    ],
    [
      'card localPayment',
      'PAYMENT_OPTION_PRIORITY_INVALID',
      'paymentOptionPriority: Invalid payment option specified.',
      'Something went wrong on our end.',
    ],
    [
      'applePay',
      'NO_VALID_PAYMENT_OPTIONS',
      'No valid payment options available.',
      'No payment method is available.',
    ],
  ] as const) {
    test(`payment-option-priority ${priority} gives ${code}`, async ({ sandbox, panel }) => {
      await open(panel, sandbox.key('demo_merchant'), { 'payment-option-priority': priority });
      expect(await panel.waitForError()).toMatchObject({ code, type: 'MERCHANT', message });
      await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(shown);
      // requestPaymentMethod fails with the same error, and the panel recovers from a better value.
      expect((await panel.requestPaymentMethod()).error).toMatchObject({ code });
      await panel.element.evaluate((el) => {
        el.setAttribute('payment-option-priority', '["card"]');
      });
      await panel.waitForEvent('ready');
      await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    });
  }

  for (const priority of ['card', 'card paypal', '["card"]']) {
    test(`the paymentOptionPriority property ${JSON.stringify(priority)}, not an array, is PAYMENT_OPTION_PRIORITY_NOT_ARRAY`, async ({
      sandbox,
      panel,
      card,
    }) => {
      await open(panel, sandbox.key('card_only_merchant'));
      await panel.waitForEvent('ready');
      await panel.clearEvents();
      const kept = await panel.element.evaluate((el, value) => {
        const panelElement = el as PaymentPanelElement;
        (panelElement as unknown as { paymentOptionPriority: unknown }).paymentOptionPriority = value;
        return panelElement.paymentOptionPriority;
      }, priority);
      // The text is what the merchant gave, not a list read from it: only the attribute reads lists.
      expect(kept).toBe(priority);
      expect(await panel.waitForError()).toMatchObject({
        code: 'PAYMENT_OPTION_PRIORITY_NOT_ARRAY',
        type: 'MERCHANT',
        message: 'paymentOptionPriority must be an array.',
      });
      await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
        'Something went wrong on our end.',
      );
      expect((await panel.requestPaymentMethod()).error).toMatchObject({
        code: 'PAYMENT_OPTION_PRIORITY_NOT_ARRAY',
      });
      // An array recovers, and the card pays.
      await panel.clearEvents();
      await panel.element.evaluate((el) => {
        (el as PaymentPanelElement).paymentOptionPriority = ['card'];
      });
      await panel.waitForEvent('ready');
      await card.fill(VISA);
      expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
    });
  }

  test('paymentPanel.create() with a paymentOptionPriority that is not an array rejects with PAYMENT_OPTION_PRIORITY_NOT_ARRAY', async ({
    sandbox,
    page,
  }) => {
    await page.goto(`/dropin.html?authorization=${sandbox.key('demo_merchant')}`);
    const outcome = await page.evaluate(async (authorization) => {
      const container = document.createElement('div');
      container.id = 'created-panels';
      document.body.append(container);
      const results: string[] = [];
      for (const paymentOptionPriority of ['card', 'card paypal', '["card"]', ['card']]) {
        try {
          const instance = await window.paymentPanel.create({
            authorization,
            container,
            paymentOptionPriority,
          });
          results.push('created');
          await instance.teardown();
        } catch (error) {
          const { code, message } = error as { code: string; message: string };
          results.push(`${code}: ${message}`);
        }
      }
      return results;
    }, sandbox.key('card_only_merchant'));
    const notArray = 'PAYMENT_OPTION_PRIORITY_NOT_ARRAY: paymentOptionPriority must be an array.';
    expect(outcome).toEqual([notArray, notArray, notArray, 'created']);
    // A refused panel is torn down and removed, as the created one was by its teardown().
    await expect(page.locator('#created-panels payment-panel')).toHaveCount(0);
  });

  const malformed: [string, string][] = [
    ['card', '{"cardholderName":"yes"}'],
    ['paypal', '{"flow":"later"}'],
    ['paypal-credit', 'not json'],
    ['apple-pay', '[1]'],
    ['three-d-secure', '"yes"'],
    ['data-collector', '{"kount":"yes"}'],
    ['show-default-payment-method-first', 'maybe'],
    ['hidden-vaulted-payment-method-types', '[1]'],
    ['translations', '{"payWithCard":1}'],
    ['locale', 'not a locale'],
    ['preselect-vaulted-payment-method', 'maybe'],
  ];
  for (const [attribute, value] of malformed) {
    test(`a malformed ${attribute} is INVALID_OPTION and the panel stays usable`, async ({
      sandbox,
      panel,
      card,
    }) => {
      await open(panel, sandbox.key('card_only_merchant'), { [attribute]: value });
      const error = await panel.waitForError();
      expect(error.code).toBe('INVALID_OPTION');
      expect(error.message).toMatch(/^The \w+ option is invalid\.$/);
      expect(error.message).toContain(attribute.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
      await panel.waitForEvent('ready');
      await card.fill(VISA);
      expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
    });
  }

  test('a property given a wrong value is INVALID_OPTION and keeps its value', async ({ sandbox, panel }) => {
    await open(panel, sandbox.key('card_only_merchant'), { card: '{"cardholderName":true}' });
    await panel.waitForEvent('ready');
    const kept = await panel.element.evaluate((el) => {
      const panelElement = el as PaymentPanelElement;
      (panelElement as unknown as { card: unknown }).card = { cardholderName: 42 };
      return panelElement.card;
    });
    expect(kept).toEqual({ cardholderName: true });
    expect((await panel.waitForError()).message).toBe('The card option is invalid.');
  });
});

test.describe('events', () => {
  test('requestability events fire once per change with their documented detail', async ({
    sandbox,
    panel,
    card,
  }) => {
    await open(panel, sandbox.key('demo_merchant'));
    await panel.waitForEvent('ready');
    await card.fill(VISA);
    await panel.waitForEvent('paymentMethodRequestable');
    // A change that keeps the form complete fires nothing; one that breaks it fires once.
    await card.type('postalCode', '6');
    await card.input('postalCode').press('Backspace');
    await card.input('number').press('End');
    await card.input('number').press('Backspace');
    await panel.waitForEvent('noPaymentMethodRequestable');
    await card.input('number').press('1');
    await expect.poll(async () => (await details(panel, 'paymentMethodRequestable')).length).toBe(2);
    expect(await details(panel, 'paymentMethodRequestable')).toEqual([
      { type: 'CreditCard', paymentMethodIsSelected: false },
      { type: 'CreditCard', paymentMethodIsSelected: false },
    ]);
    expect(await details(panel, 'noPaymentMethodRequestable')).toEqual([null]);
    expect(await details(panel, 'ready')).toHaveLength(1);
  });
});

test.describe('saved payment methods', () => {
  test('a returning shopper pays with the preselected saved card: vaulted, with device data', async ({
    page,
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    const beacons: string[] = [];
    page.on('request', (request) => beacons.push(new URL(request.url()).hostname));
    await open(panel, token, {
      paypal: PAYPAL,
      'data-collector': '{"kount":true,"paypal":true}',
    });
    await panel.waitForEvent('ready');
    const saved = panel.savedMethods();
    await expect(saved).toHaveCount(3);
    await expect(saved.nth(0)).toHaveText(/Visa.*Ending in ••11/);
    await expect(saved.nth(1)).toHaveText(/MasterCard.*Ending in ••44/);
    await expect(saved.nth(2)).toHaveText(/PayPal.*robin\.returning@example\.com/);
    await expect(saved.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Card');
    expect((await panel.waitForEvent('paymentMethodRequestable')).detail).toEqual({
      type: 'CreditCard',
      paymentMethodIsSelected: true,
    });

    const { payload } = await panel.requestPaymentMethod();
    expect(payload).toMatchObject({
      type: 'CreditCard',
      vaulted: true,
      details: { cardType: 'Visa', lastTwo: '11' },
      description: 'ending in 11',
    });
    expect(payload?.nonce).toMatch(/^tokencc_/);
    const deviceData = JSON.parse(String(payload?.deviceData)) as Record<string, unknown>;
    expect(Object.keys(deviceData)).toEqual(['device_session_id', 'fraud_merchant_id', 'correlation_id']);
    expect(deviceData.device_session_id).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceData.fraud_merchant_id).toBe('600000');
    expect(deviceData.correlation_id).toMatch(/^[0-9a-f]{32}$/);
    // Kount and PayPal's fraud script (locally the assets origin and the sandbox's stand-in) got
    // the same sessions; the gateway has no device data endpoint.
    const kount = await sandbox.waitForDeviceSessions(['logo.htm', 'logo.gif'], { collector: 'kount' });
    expect(kount.map((record) => record.params)).toEqual([
      { m: '600000', s: deviceData.device_session_id },
      { m: '600000', s: deviceData.device_session_id },
    ]);
    const fraudnet = await sandbox.waitForDeviceSessions(['parameters', 'beacon'], {
      sessionId: String(deviceData.correlation_id),
    });
    expect(fraudnet.find((record) => record.resource === 'parameters')?.params).toMatchObject({
      f: deviceData.correlation_id,
      s: 'BRAINTREE_SIGNIN',
    });
    expect(await sandbox.requests('device_data')).toEqual([]);
    // Only the local origins were ever contacted.
    expect(new Set(beacons)).toEqual(new Set(['localhost']));

    // Choosing another saved method hands that one over.
    await saved.nth(2).click();
    await expect(saved.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with PayPal');
    await expect
      .poll(async () => (await details(panel, 'paymentMethodRequestable')).at(-1))
      .toEqual({ type: 'PayPalAccount', paymentMethodIsSelected: true });
    expect((await panel.requestPaymentMethod()).payload).toMatchObject({
      type: 'PayPalAccount',
      vaulted: true,
      details: { email: 'robin.returning@example.com' },
    });
    const kinds = (await sandbox.requests('/analytics/')).flatMap((request) =>
      ((request.body as { analytics?: { kind: string }[] }).analytics ?? []).map((entry) => entry.kind),
    );
    expect(kinds).toEqual(
      expect.arrayContaining(['web.dropin.started.client-token', 'web.dropin.request-payment-method.card']),
    );
  });

  test('preselect-vaulted-payment-method="false" leaves the saved methods unselected', async ({
    page,
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    // The page's clock, which the test moves past the delay after which a selected method is
    // announced requestable, instead of waiting for it.
    await page.clock.install();
    await open(panel, token, { 'preselect-vaulted-payment-method': 'false' });
    await panel.waitForEvent('ready');
    await expect(panel.savedMethods()).toHaveCount(2);
    await expect(panel.element.locator('[part="saved-method"][aria-pressed="true"]')).toHaveCount(0);
    await page.clock.runFor(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
    expect(await panel.isRequestable()).toBe(false);
    expect((await panel.requestPaymentMethod()).error).toMatchObject({
      code: 'NO_PAYMENT_METHOD_AVAILABLE',
      message: 'No payment method is available.',
    });
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('Please choose a way to pay.');
    await panel.savedMethods().nth(1).click();
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveCount(0);
    await expect.poll(() => panel.isRequestable()).toBe(true);
    expect((await panel.requestPaymentMethod()).payload).toMatchObject({
      vaulted: true,
      details: { lastTwo: '44' },
    });
  });

  test('while clearSelectedPaymentMethod fetches the saved methods anew, the listed ones cannot be chosen: their nonces may be spent', async ({
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token, { 'preselect-vaulted-payment-method': 'false' });
    await panel.waitForEvent('ready');
    await expect(panel.savedMethods()).toHaveCount(2);
    await panel.savedMethods().nth(1).click();
    await expect.poll(() => panel.isRequestable()).toBe(true);
    const first = (await panel.requestPaymentMethod()).payload;
    expect(first).toMatchObject({ vaulted: true, details: { lastTwo: '44' } });

    await sandbox.inject({ call: 'paymentMethods', kind: 'slow', delayMs: 4000, count: 1 });
    await panel.element.evaluate((el) => {
      (el as PaymentPanelElement).clearSelectedPaymentMethod();
    });
    const list = panel.element.locator('[part="saved-methods"]');
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(panel.savedMethods().nth(1)).toHaveAttribute('aria-disabled', 'true');
    // The shopper clicks the old entry anyway (a pointer ignores aria-disabled).
    await panel.savedMethods().nth(1).click({ force: true });
    expect((await panel.requestPaymentMethod()).error).toMatchObject({ code: 'NO_PAYMENT_METHOD_AVAILABLE' });
    await expect(list, 'the request came before the fresh list').toHaveAttribute('aria-busy', 'true');
    await expect(list).not.toHaveAttribute('aria-busy', /.*/, { timeout: 15_000 });
    await expect(panel.savedMethods().nth(1)).not.toHaveAttribute('aria-disabled');
    expect((await panel.requestPaymentMethod()).error).toMatchObject({ code: 'NO_PAYMENT_METHOD_AVAILABLE' });

    await panel.savedMethods().nth(1).click();
    await expect.poll(() => panel.isRequestable()).toBe(true);
    const fresh = (await panel.requestPaymentMethod()).payload;
    expect(fresh).toMatchObject({ vaulted: true, details: { lastTwo: '44' } });
    expect(fresh?.nonce).not.toBe(first?.nonce);
  });

  test('a guest sees no saved methods and the sandbox is not asked for them', async ({
    panel,
    card,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant');
    await open(panel, token);
    await panel.waitForEvent('ready');
    await card.ready();
    await expect(panel.savedMethods()).toHaveCount(0);
    const listed = (await sandbox.requests('/v1/payment_methods')).filter(
      (request) => request.method === 'GET',
    );
    expect(listed).toEqual([]);
  });
});

test.describe('merchant methods', () => {
  test('after paying, the card shows selected; clearSelectedPaymentMethod empties it', async ({
    panel,
    card,
    sandbox,
  }) => {
    await open(panel, sandbox.key('card_only_merchant'));
    await panel.waitForEvent('ready');
    await card.fill(VISA);
    const first = await panel.requestPaymentMethod();
    expect(first.payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
    expect(first.payload).not.toHaveProperty('vaulted');
    await expect(panel.savedMethods()).toHaveText([/Visa.*Ending in ••11/]);
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Card');
    // The same payment method again, without a second tokenization.
    expect((await panel.requestPaymentMethod()).payload?.nonce).toBe(first.payload?.nonce);
    expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toHaveLength(1);

    await panel.element.evaluate((el) => {
      (el as PaymentPanelElement).clearSelectedPaymentMethod();
    });
    await panel.waitForEvent('noPaymentMethodRequestable');
    await expect(panel.savedMethods()).toHaveCount(0);
    await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
    await expect(card.input('number')).toHaveValue('');
    expect((await panel.requestPaymentMethod()).error).toMatchObject({ code: 'HOSTED_FIELDS_FIELDS_EMPTY' });
  });

  test('updateConfiguration changes a wallet option and refuses another property', async ({
    sandbox,
    panel,
  }) => {
    await open(panel, sandbox.key('demo_merchant'), { paypal: PAYPAL });
    await panel.waitForEvent('ready');
    const paypal = await panel.element.evaluate((el) => {
      const element = el as PaymentPanelElement;
      element.updateConfiguration('paypal', 'amount', '12.50');
      return element.paypal;
    });
    expect(paypal).toEqual({ flow: 'checkout', amount: '12.50', currency: 'USD' });
    await panel.element.evaluate((el) => {
      (el as PaymentPanelElement).updateConfiguration('card', 'cardholderName', true);
    });
    expect(await panel.waitForError()).toMatchObject({
      code: 'INVALID_OPTION',
      message: 'The card option is invalid.',
    });
  });

  test('calls made before the panel is ready wait for it', async ({ sandbox, page, panel }) => {
    await panel.openBare(undefined);
    const payload = await page.evaluate(async (key) => {
      const element = document.createElement('payment-panel');
      const pending = element.requestPaymentMethod();
      element.setAttribute('authorization', key);
      document.body.append(element);
      const result = await pending.then(
        () => 'resolved',
        (error: unknown) => (error as { code: string }).code,
      );
      return result;
    }, sandbox.key('card_only_merchant'));
    expect(payload).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
  });
});

test.describe('teardown', () => {
  test('leaves no frame, listener or timer behind, and every method then fails', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    // Counts message listeners and pending timers of the merchant window from before any script.
    await page.addInitScript(() => {
      const listeners = new Set<unknown>();
      const timers = new Set<number>();
      const add = window.addEventListener.bind(window);
      const remove = window.removeEventListener.bind(window);
      window.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
        if (type === 'message') listeners.add(listener);
        add(type, listener as EventListener, options as AddEventListenerOptions);
      }) as typeof window.addEventListener;
      window.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
        if (type === 'message') listeners.delete(listener);
        remove(type, listener as EventListener, options as EventListenerOptions);
      }) as typeof window.removeEventListener;
      const set = window.setTimeout.bind(window);
      const clear = window.clearTimeout.bind(window);
      window.setTimeout = ((handler: () => void, delay?: number, ...rest: unknown[]) => {
        const id: number = set(
          () => {
            timers.delete(id);
            handler();
          },
          delay,
          ...rest,
        );
        timers.add(id);
        return id;
      }) as typeof window.setTimeout;
      window.clearTimeout = ((id?: number) => {
        if (id !== undefined) timers.delete(id);
        clear(id);
      }) as typeof window.clearTimeout;
      (window as unknown as { leaks: () => unknown }).leaks = () => ({
        messageListeners: listeners.size,
        timers: timers.size,
      });
    });
    await open(panel, sandbox.key('demo_merchant'), {
      paypal: PAYPAL,
      'data-collector': '{"kount":true}',
    });
    await panel.waitForEvent('ready');
    await panel.option('card').click();
    await card.fill(VISA);
    const before = (await page.evaluate(() => (window as unknown as { leaks: () => unknown }).leaks())) as {
      messageListeners: number;
      timers: number;
    };
    expect(before.messageListeners).toBeGreaterThan(1);

    await panel.element.evaluate((element) => (element as PaymentPanelElement).teardown());
    // Timers already due are allowed to run out: teardown sends the last analytics batch, whose
    // request has a time-out of its own until it is answered.
    await sandbox.settledRequests('/analytics/');
    const after = await page.evaluate(async () => {
      const element = document.querySelector('payment-panel') as PaymentPanelElement;
      const fails = async (call: () => unknown): Promise<string> => {
        try {
          await call();
          return 'succeeded';
        } catch (error) {
          return (error as Error).message;
        }
      };
      return {
        frames:
          document.querySelectorAll('iframe').length +
          (element.shadowRoot?.querySelectorAll('iframe').length ?? 0),
        shadow: element.shadowRoot?.childElementCount,
        leaks: (window as unknown as { leaks: () => { messageListeners: number; timers: number } }).leaks(),
        errors: [
          await fails(() => element.requestPaymentMethod()),
          await fails(() => element.isPaymentMethodRequestable()),
          await fails(() => {
            element.clearSelectedPaymentMethod();
          }),
          await fails(() => {
            element.updateConfiguration('paypal', 'amount', '1');
          }),
          await fails(() => element.teardown()),
        ],
      };
    });
    expect(after.frames).toBe(0);
    expect(after.shadow).toBe(0);
    // The panel page's own event recorder keeps its one listener.
    expect(after.leaks).toEqual({ messageListeners: 1, timers: 0 });
    expect(after.errors).toEqual([
      'requestPaymentMethod cannot be called after teardown.',
      'isPaymentMethodRequestable cannot be called after teardown.',
      'clearSelectedPaymentMethod cannot be called after teardown.',
      'updateConfiguration cannot be called after teardown.',
      'teardown cannot be called after teardown.',
    ]);
  });
});

test.describe("the drop-in's options and instance", () => {
  test('hidden-vaulted-payment-method-types leaves those saved methods out; show-default-payment-method-first="false" asks for defaultFirst=0', async ({
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token, {
      paypal: PAYPAL,
      'hidden-vaulted-payment-method-types': 'paypal venmo',
      'show-default-payment-method-first': 'false',
    });
    await panel.waitForEvent('ready');
    await expect(panel.savedMethods()).toHaveText([/Visa.*Ending in ••11/, /MasterCard.*Ending in ••44/]);
    const [list] = await sandbox.requests('/v1/payment_methods');
    expect(list?.method).toBe('GET');
    expect(list?.query.defaultFirst).toBe('0');
  });

  test('create(): getAvailablePaymentOptions() in priority order, on the element too, and the methods called back once, asynchronously, returning undefined', async ({
    page,
    panel,
    sandbox,
  }) => {
    await panel.openBare(undefined);
    const outcome = await page.evaluate(async (authorization) => {
      document.querySelector('payment-panel')?.remove();
      type Callback = (error: { code: string } | null, result?: unknown) => void;
      const instance = (await (
        window as unknown as { paymentPanel: { create(options: unknown): Promise<unknown> } }
      ).paymentPanel.create({
        authorization,
        container: 'main',
        paymentOptionPriority: ['paypal', 'applePay', 'card'],
        paypal: { flow: 'checkout', amount: '10.00', currency: 'USD' },
      })) as Record<string, (...args: unknown[]) => unknown>;
      const available = instance.getAvailablePaymentOptions?.();
      // The element has the method too.
      const element = document.querySelector('main payment-panel') as unknown as {
        getAvailablePaymentOptions?(): unknown;
      } | null;
      const onElement = element?.getAvailablePaymentOptions?.();
      const calls: string[] = [];
      const called = (name: string) =>
        new Promise<unknown>((resolve) => {
          const callback: Callback = (error, result) => {
            calls.push(name);
            resolve(error ? error.code : result);
          };
          calls.push(`${name} returned ${String(instance[name]?.(callback))}`);
        });
      const [options, requestable, request] = await Promise.all([
        called('getAvailablePaymentOptions'),
        called('isPaymentMethodRequestable'),
        called('requestPaymentMethod'),
      ]);
      const torn = await called('teardown');
      let afterTeardown: string;
      try {
        afterTeardown = String(element?.getAvailablePaymentOptions?.());
      } catch (error) {
        afterTeardown = (error as { code: string }).code;
      }
      return {
        available,
        onElement,
        afterTeardown,
        options,
        requestable,
        request,
        torn,
        calls,
        left: document.querySelectorAll('payment-panel').length,
      };
    }, sandbox.key('demo_merchant'));
    expect(outcome).toEqual({
      available: ['paypal', 'card'],
      onElement: ['paypal', 'card'],
      afterTeardown: 'METHOD_CALLED_AFTER_TEARDOWN',
      options: ['paypal', 'card'],
      requestable: false,
      request: 'NO_PAYMENT_METHOD_AVAILABLE',
      torn: undefined,
      calls: [
        'getAvailablePaymentOptions returned undefined',
        'isPaymentMethodRequestable returned undefined',
        'requestPaymentMethod returned undefined',
        'getAvailablePaymentOptions',
        'isPaymentMethodRequestable',
        'requestPaymentMethod',
        'teardown returned undefined',
        'teardown',
      ],
      left: 0,
    });
  });

  test('create(): clearSelectedPaymentMethod() fetches the saved methods again, with fresh nonces', async ({
    page,
    panel,
    sandbox,
  }) => {
    await panel.openBare(undefined);
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    const nonces = await page.evaluate(async (authorization) => {
      document.querySelector('payment-panel')?.remove();
      type Instance = {
        requestPaymentMethod(): Promise<{ nonce: string }>;
        clearSelectedPaymentMethod(callback: () => void): void;
      };
      const instance = (await (
        window as unknown as { paymentPanel: { create(options: unknown): Promise<unknown> } }
      ).paymentPanel.create({ authorization, container: 'main' })) as Instance;
      const first = (await instance.requestPaymentMethod()).nonce;
      await new Promise<void>((resolve) => {
        instance.clearSelectedPaymentMethod(resolve);
      });
      return { first };
    }, token);
    // The callback comes once the selection is cleared; the list is fetched again after it.
    await expect.poll(async () => (await sandbox.requests('/v1/payment_methods')).length).toBe(2);
    await expect(panel.savedMethods()).toHaveCount(2);
    await panel.savedMethods().nth(0).click();
    await expect.poll(() => panel.isRequestable()).toBe(true);
    const { payload } = await panel.requestPaymentMethod();
    expect(payload).toMatchObject({ vaulted: true, details: { lastTwo: '11' } });
    expect(payload?.nonce).not.toBe(nonces.first);
  });
});
