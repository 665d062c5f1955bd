/**
 * A card pays end to end through the hosted fields: formatting, requestability, tokenization, the
 * errors a shopper and a merchant meet, and card data that never reaches the merchant page.
 */
import type { Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { VISA, type CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { expect, test } from './support/fixtures';

const CREDIT_CARDS = '/v1/payment_methods/credit_cards';

/** Opens the minimal checkout with an authorization and waits for the card fields. */
async function openCheckout(panel: PanelPage, card: CardFields, authorization: string): Promise<void> {
  await panel.openBare(authorization);
  await card.ready();
}

/** Every place card data could leak to on the merchant side: its DOM, its shadow root, its messages. */
async function merchantSideText(page: Page, panel: PanelPage): Promise<string> {
  const dom = await page.evaluate(() => {
    const element = document.querySelector('payment-panel');
    return `${document.documentElement.outerHTML}\n${element?.shadowRoot?.innerHTML ?? ''}`;
  });
  return `${dom}\n${(await panel.messages()).join('\n')}`;
}

for (const where of ['demo', 'minimal'] as const) {
  test(`a Visa card pays end to end on the ${where} checkout`, async ({ page, panel, card, sandbox }) => {
    if (where === 'demo') {
      // The demo offers every option; the shopper picks the card.
      await panel.openDemo();
      await panel.waitForEvent('ready');
      await panel.chooseOption('card');
    } else {
      await panel.openBare(sandbox.key('demo_merchant'));
    }
    await card.ready();
    expect(await panel.isRequestable()).toBe(false);

    await card.type('number', VISA.number);
    await expect(card.input('number')).toHaveValue('4111 1111 1111 1111');
    await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });

    const requestable = await panel.waitForEvent('paymentMethodRequestable');
    expect(requestable.detail).toEqual({ type: 'CreditCard', paymentMethodIsSelected: false });
    expect(await panel.isRequestable()).toBe(true);

    let payload: Record<string, unknown> | undefined;
    if (where === 'demo') {
      // As a shopper does: the demo's pay button, enabled by the requestable event.
      await page.getByRole('button', { name: 'Pay $10.00' }).click();
      await expect(page.locator('#result')).toContainText('Nonce for your server: tokencc_');
      const logged = page.locator('#event-log li[data-event="requestPaymentMethod"]');
      payload = JSON.parse(
        (await logged.textContent())?.replace(/^\S+ requestPaymentMethod /, '') ?? '{}',
      ) as Record<string, unknown>;
    } else {
      const requested = await panel.requestPaymentMethod();
      expect(requested.error).toBeUndefined();
      payload = requested.payload;
    }
    expect(payload).toMatchObject({
      nonce: expect.stringMatching(/^tokencc_/),
      type: 'CreditCard',
      description: 'ending in 11',
      details: { cardType: 'Visa', lastTwo: '11' },
      binData: expect.any(Object),
    });
    expect(payload).not.toHaveProperty('vaulted');

    // The frame sent the card to the gateway, in the protocol's shape, from the assets origin.
    const [request] = await sandbox.requests(CREDIT_CARDS);
    expect(request?.origin).toBe(localOrigins().assets);
    expect(request?.body).toMatchObject({
      creditCard: {
        number: VISA.number,
        cvv: '123',
        expiration_month: '12',
        expiration_year: '2030',
        billing_address: { postal_code: '12345' },
        options: { validate: false },
      },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      tokenizationKey: sandbox.key('demo_merchant'),
      _meta: { source: 'hosted-fields' },
    });

    // The card number is nowhere on the merchant side.
    const merchantSide = await merchantSideText(page, panel);
    expect(merchantSide).not.toContain(VISA.number);
    expect(merchantSide).not.toContain('4111 1111 1111 1111');
  });
}

test('a second request hands over the same payment method and tokenizes once', async ({
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await card.fill(VISA);
  await panel.waitForEvent('paymentMethodRequestable');
  const [first, second, later] = await panel.element.evaluate(async (el) => {
    const element = el as PaymentPanelElement;
    const both = await Promise.all([element.requestPaymentMethod(), element.requestPaymentMethod()]);
    return [...both, await element.requestPaymentMethod()];
  });
  expect(second.nonce).toBe(first.nonce);
  expect(later.nonce).toBe(first.nonce);
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(1);
});

test('a card for a customer is vaulted', async ({ panel, card, sandbox }) => {
  await openCheckout(panel, card, await sandbox.clientToken('demo_merchant', 'new_shopper_1'));
  await card.fill(VISA);
  await panel.waitForEvent('paymentMethodRequestable');
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'CreditCard', vaulted: true });
  const [request] = await sandbox.requests(CREDIT_CARDS);
  expect(request?.body).toMatchObject({ creditCard: { options: { validate: true } } });
});

test('American Express formats 4-6-5 and asks for a 4-digit code on the front', async ({
  sandbox,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await card.type('number', '378282246310005');
  await expect(card.input('number')).toHaveValue('3782 822463 10005');
  await expect(card.field('cvv')).toContainText('(4 digits)');
  await expect(card.field('cvv').locator('.cvv-icon')).toHaveAttribute('data-side', 'front');
  await expect(card.field('number').locator('[role="img"]')).toHaveAccessibleName('American Express');
  await card.type('cvv', '12345');
  await expect(card.input('cvv')).toHaveValue('1234');
});

test('the CVV takes 3 digits with a Visa and 4 with an American Express; back to Visa, 4 are invalid', async ({
  sandbox,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  const cvv = card.input('cvv');
  // No brand yet: the default 3.
  await expect(cvv).toHaveAttribute('maxlength', '3');
  await card.type('number', VISA.number);
  await card.type('cvv', '1234');
  await expect(cvv).toHaveValue('123');
  await expect(cvv).toHaveAttribute('maxlength', '3');

  await card.input('number').fill('');
  await card.type('number', '378282246310005');
  await expect(cvv).toHaveAttribute('maxlength', '4');
  // Three digits are not enough for American Express; the fourth goes in.
  await expect(cvv).not.toHaveClass(/(^|\s)valid(\s|$)/);
  await card.type('cvv', '45');
  await expect(cvv).toHaveValue('1234');
  await expect(cvv).toHaveClass(/(^|\s)valid(\s|$)/);

  // A Visa after all: the code is not cut to 3 digits that look right, it stays and is invalid.
  await card.input('number').fill('');
  await card.type('number', VISA.number);
  await expect(cvv).toHaveAttribute('maxlength', '3');
  await expect(cvv).toHaveValue('1234');
  await expect(cvv).toHaveClass(/(^|\s)invalid(\s|$)/);
  await card.fill({ expirationDate: VISA.expirationDate, postalCode: VISA.postalCode });
  await expect(card.error('cvv')).toHaveText('This security code is not valid.');
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FIELDS_INVALID');
  // One digit less and it pays.
  await cvv.press('End');
  await cvv.press('Backspace');
  await expect(cvv).toHaveValue('123');
  await expect(cvv).toHaveClass(/(^|\s)valid(\s|$)/);
  expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
});

test('the expiration date fits its 7 characters as MM / YY, and as MM/YYYY for a four-digit year', async ({
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  const date = card.input('expirationDate');
  await expect(date).toHaveAttribute('maxlength', '7');
  await card.type('expirationDate', '1230');
  await expect(date).toHaveValue('12 / 30');
  await date.fill('');
  await card.type('expirationDate', '12 / 2030');
  await expect(date).toHaveValue('12/2030');
  await expect(date).toHaveAttribute('maxlength', '7');
  await card.fill({ number: VISA.number, cvv: VISA.cvv, postalCode: VISA.postalCode });
  expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
  const [request] = await sandbox.requests(CREDIT_CARDS);
  expect(request?.body).toMatchObject({ creditCard: { expiration_month: '12', expiration_year: '2030' } });
});

test('an empty form is FIELDS_EMPTY and each field says what is missing', async ({
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  const { error } = await panel.requestPaymentMethod();
  expect(error).toMatchObject({
    code: 'HOSTED_FIELDS_FIELDS_EMPTY',
    type: 'CUSTOMER',
    message: 'All fields are empty. Cannot tokenize empty card fields.',
  });
  await expect(card.error('number')).toHaveText('Please fill out a card number.');
  await expect(card.error('expirationDate')).toHaveText('Please fill out an expiration date.');
  await expect(card.error('cvv')).toHaveText('Please fill out a CVV.');
  await expect(card.error('postalCode')).toHaveText('Please fill out a postal code.');
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(0);
});

test('an invalid number is FIELDS_INVALID and shown at the field when the shopper leaves it', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await card.fill({ ...VISA, number: '4111111111111112' });
  await expect(card.error('number')).toHaveText('This card number is not valid.');
  await expect(card.input('number')).toHaveAttribute('aria-invalid', 'true');
  const { error } = await panel.requestPaymentMethod();
  expect(error).toMatchObject({
    code: 'HOSTED_FIELDS_FIELDS_INVALID',
    message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
  });
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(0);

  // Fixing the field clears its error and makes the form requestable.
  await card.input('number').fill('');
  await card.type('number', VISA.number);
  await page.keyboard.press('Tab');
  await expect(card.error('number')).toHaveText('');
  await panel.waitForEvent('paymentMethodRequestable');
});

test('a card type the merchant does not accept is named at the field', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('card_only_merchant'));
  await expect(page.locator('payment-panel .accepted-cards li')).toHaveCount(3);
  await card.fill({ number: '6011111111111117', expirationDate: '1230' });
  await expect(card.error('number')).toHaveText('This card type is not supported. Please try another card.');
  expect(await panel.isRequestable()).toBe(false);
});

test('a duplicate card shows its shopper text and FAIL_ON_DUPLICATE', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const token = await sandbox.clientToken('demo_merchant', 'returning_shopper', {
    failOnDuplicatePaymentMethod: true,
  });
  await openCheckout(panel, card, token);
  // The returning shopper starts from the saved cards; a new card is another way to pay.
  await panel.chooseOption('card');
  await card.fill(VISA);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const { error } = await panel.requestPaymentMethod();
  expect(error).toMatchObject({
    code: 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
    type: 'CUSTOMER',
    message: "This credit card already exists in the merchant's vault.",
  });
  await expect(page.locator('payment-panel [part="sheet-error"]')).toHaveText(
    'This credit card already exists as a saved payment method.',
  );
});

test('a failed CVV verification shows its shopper text and CVV_VERIFICATION_FAILED', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const token = await sandbox.clientToken('demo_merchant', 'new_shopper_2', { verifyCard: true });
  await openCheckout(panel, card, token);
  await card.fill({ ...VISA, cvv: '200' });
  await panel.waitForEvent('paymentMethodRequestable');
  const { error } = await panel.requestPaymentMethod();
  expect(error).toMatchObject({
    code: 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
    message: 'CVV verification failed during tokenization.',
  });
  await expect(page.locator('payment-panel [part="sheet-error"]')).toHaveText(
    'Credit card verification failed. Check your information and try again.',
  );
});

const gatewayFaults = [
  {
    kind: '422',
    code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
    message: 'The supplied card data failed tokenization.',
  },
  {
    kind: '500',
    code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    message: 'A tokenization network error occurred.',
  },
] as const;

for (const fault of gatewayFaults) {
  test(`a ${fault.kind} from the gateway is ${fault.code}, and a retry pays once`, async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    await openCheckout(panel, card, sandbox.key('demo_merchant'));
    await card.fill(VISA);
    await panel.waitForEvent('paymentMethodRequestable');
    await sandbox.inject({ match: CREDIT_CARDS, kind: fault.kind });
    const { error } = await panel.requestPaymentMethod();
    expect(error).toMatchObject({ code: fault.code, message: fault.message });
    await expect(page.locator('payment-panel [part="sheet-error"]')).not.toBeEmpty();

    const retry = await panel.requestPaymentMethod();
    expect(retry.payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
    const succeeded = (await sandbox.requests(CREDIT_CARDS)).filter((r) => r.status === 201);
    expect(succeeded).toHaveLength(1);
  });
}

test('the card frame reports each tokenization it sent to analytics, from the assets origin', async ({
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  const ANALYTICS = '/analytics/demo_merchant';
  /** The tokenization events the sandbox's analytics sink received, with the origin of each batch. */
  const tokenizations = async () =>
    (await sandbox.requests(ANALYTICS)).flatMap((request) => {
      const body = request.body as {
        analytics: { kind: string; timestamp: number }[];
        _meta: Record<string, string>;
        braintreeLibraryVersion: string;
        tokenizationKey?: string;
      };
      return body.analytics
        .filter(({ kind }) => kind.includes('.tokenization.'))
        .map(({ kind, timestamp }) => ({
          kind,
          timestamp,
          origin: request.origin,
          braintreeLibraryVersion: body.braintreeLibraryVersion,
          tokenizationKey: body.tokenizationKey,
          sessionId: body._meta.sessionId,
        }));
    });

  // Refused in the frame before anything was sent: nothing to report.
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
  await card.fill(VISA);
  await panel.waitForEvent('paymentMethodRequestable');
  await sandbox.inject({ match: CREDIT_CARDS, kind: '422' });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
  expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });

  const reported = {
    origin: localOrigins().assets,
    braintreeLibraryVersion: 'braintree/web/3.26.0',
    tokenizationKey: sandbox.key('demo_merchant'),
    sessionId: expect.any(String) as unknown,
  };
  await expect
    .poll(async () => (await tokenizations()).map(({ kind }) => kind))
    .toEqual([
      'web.custom.hosted-fields.tokenization.failed',
      'web.custom.hosted-fields.tokenization.succeeded',
    ]);
  const events = await tokenizations();
  expect(events).toEqual([
    { kind: 'web.custom.hosted-fields.tokenization.failed', timestamp: expect.any(Number), ...reported },
    { kind: 'web.custom.hosted-fields.tokenization.succeeded', timestamp: expect.any(Number), ...reported },
  ]);
  // Unix seconds, as the panel's own events.
  for (const { timestamp } of events) expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(120);
});

test.describe('cardholder name', () => {
  async function openWithCardOption(
    panel: PanelPage,
    card: CardFields,
    authorization: string,
    option: string,
  ): Promise<void> {
    await panel.openBare(authorization, 'local', { card: option });
    await card.ready();
  }

  test('is optional by default and sent as the protocol says when given', async ({
    panel,
    card,
    sandbox,
  }) => {
    await openWithCardOption(panel, card, sandbox.key('demo_merchant'), '{"cardholderName":true}');
    await expect(card.field('cardholderName')).toContainText('Cardholder Name');
    await card.fill({ cardholderName: 'Ada Lovelace', ...VISA });
    await panel.waitForEvent('paymentMethodRequestable');
    const { payload } = await panel.requestPaymentMethod();
    expect(payload).toMatchObject({ details: { cardholderName: 'Ada Lovelace' } });
    const [request] = await sandbox.requests(CREDIT_CARDS);
    expect(request?.body).toMatchObject({ creditCard: { cardholderName: 'Ada Lovelace' } });
  });

  test('may be left out when optional', async ({ sandbox, panel, card }) => {
    await openWithCardOption(panel, card, sandbox.key('demo_merchant'), '{"cardholderName":true}');
    await card.fill(VISA);
    await panel.waitForEvent('paymentMethodRequestable');
    expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
  });

  test('must be filled in when required', async ({ page, panel, card, sandbox }) => {
    await openWithCardOption(
      panel,
      card,
      sandbox.key('demo_merchant'),
      '{"cardholderName":{"required":true}}',
    );
    await card.fill(VISA);
    expect(await panel.isRequestable()).toBe(false);
    const { error } = await panel.requestPaymentMethod();
    expect(error).toMatchObject({ code: 'HOSTED_FIELDS_FIELDS_INVALID' });
    await expect(card.error('cardholderName')).toHaveText('Please fill out a cardholder name.');
    expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(0);

    await card.type('cardholderName', 'Ada Lovelace');
    await page.keyboard.press('Tab');
    await panel.waitForEvent('paymentMethodRequestable');
  });

  test('stays under 256 characters', async ({ sandbox, panel, card }) => {
    await openWithCardOption(panel, card, sandbox.key('demo_merchant'), '{"cardholderName":true}');
    await card.input('cardholderName').fill('x'.repeat(300));
    await expect(card.input('cardholderName')).toHaveValue('x'.repeat(255));
  });

  test('a malformed card option is INVALID_OPTION and the sheet stays usable', async ({
    sandbox,
    panel,
    card,
  }) => {
    await panel.openBare(sandbox.key('demo_merchant'), 'local', { card: '{cardholderName: true' });
    expect(await panel.waitForError()).toMatchObject({
      code: 'INVALID_OPTION',
      type: 'MERCHANT',
      message: 'The card option is invalid.',
    });
    await card.ready();
    await expect(card.field('cardholderName')).toHaveCount(0);
  });
});

test('each input carries its autofill token, keyboard and accessible name', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  const expected = [
    ['number', 'cc-number', 'numeric', 'Card Number'],
    ['expirationDate', 'cc-exp', 'numeric', 'Expiration Date'],
    ['cvv', 'cc-csc', 'numeric', 'CVV'],
    ['postalCode', 'postal-code', 'text', 'Postal Code'],
  ] as const;
  for (const [field, autocomplete, inputMode, name] of expected) {
    await expect(card.input(field)).toHaveAttribute('autocomplete', autocomplete);
    await expect(card.input(field)).toHaveAttribute('inputmode', inputMode);
    await expect(card.input(field)).toHaveAccessibleName(name);
    await expect(
      page.locator(`payment-panel iframe[name^="payment-panel-hosted-field-${field}-"]`),
    ).toHaveAttribute('title', `Secure ${name} input frame`);
  }
  await expect(card.input('number')).toHaveAttribute('maxlength', /^(19|2[0-9])$/);
});

test('deleting in the middle of the number keeps the caret where it was', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await card.type('number', '4111111111111111');
  // Caret after "4111 11|11 1111 1111": seven characters in.
  await card.input('number').evaluate((input: HTMLInputElement) => {
    input.setSelectionRange(7, 7);
  });
  await page.keyboard.press('Backspace');
  await expect(card.input('number')).toHaveValue('4111 1111 1111 111');
  expect(await card.input('number').evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);
  await page.keyboard.type('2');
  await expect(card.input('number')).toHaveValue('4111 1211 1111 1111');
});

test('a shopper pays with the keyboard alone, tabbing from frame to frame', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await card.input('number').focus();
  await page.keyboard.type(VISA.number);
  for (const value of [VISA.expirationDate, VISA.cvv, VISA.postalCode]) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await expect(card.input('postalCode')).toHaveValue(VISA.postalCode);
  await expect(card.input('cvv')).toHaveValue(VISA.cvv);
  await panel.waitForEvent('paymentMethodRequestable');
});

test('a merchant without card types shows that no payment method is available', async ({
  sandbox,
  panel,
}) => {
  await panel.openBare(sandbox.key('wallets_only_merchant'));
  expect(await panel.waitForError()).toMatchObject({
    code: 'NO_VALID_PAYMENT_OPTIONS',
    type: 'MERCHANT',
    message: 'No valid payment options available.',
  });
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('No payment method is available.');
  expect((await panel.events()).some((event) => event.name === 'ready')).toBe(false);
  await expect(panel.element.locator('[part~="card-sheet"]')).toHaveCount(0);
});

test.describe("the drop-in's card options", () => {
  /** Opens the minimal checkout with the `card` option as its attribute and waits for the card fields. */
  async function openWithCard(
    panel: PanelPage,
    card: CardFields,
    authorization: string,
    option: Record<string, unknown>,
  ): Promise<void> {
    await panel.openBare(authorization, 'local', { card: JSON.stringify(option) });
    await card.ready();
  }

  test('cvv: null removes the CVV field the gateway asks for: the card goes without one', async ({
    panel,
    card,
    sandbox,
  }) => {
    await openWithCard(panel, card, sandbox.key('demo_merchant'), { overrides: { fields: { cvv: null } } });
    await expect(card.input('postalCode')).toBeVisible();
    await expect(card.input('cvv')).toHaveCount(0);
    await expect(panel.element.locator('[part~="field-cvv"]')).toHaveCount(0);
    await card.fill({
      number: VISA.number,
      expirationDate: VISA.expirationDate,
      postalCode: VISA.postalCode,
    });
    await expect.poll(() => panel.isRequestable()).toBe(true);
    // demo_merchant's gateway rules require a CVV, as a real merchant's may: the gateway, not the
    // panel, refuses the card then ("CVV is required.").
    await panel.requestPaymentMethod();
    const [request] = await sandbox.requests(CREDIT_CARDS);
    const sent = (request?.body as { creditCard: Record<string, unknown> }).creditCard;
    expect(sent).toMatchObject({ number: VISA.number });
    expect(sent).not.toHaveProperty('cvv');
  });

  test('a brand the merchant refuses is refused, its icon hidden, and never sent', async ({
    panel,
    card,
    sandbox,
  }) => {
    await openWithCard(panel, card, sandbox.key('demo_merchant'), {
      overrides: { fields: { number: { supportedCardBrands: { visa: false } } } },
    });
    const icons = panel.element.locator('.accepted-cards li');
    await expect(icons.first()).toBeVisible();
    await expect(panel.element.locator('.accepted-cards li[data-brand="visa"]')).toHaveCount(0);
    await expect(panel.element.locator('.accepted-cards li[data-brand="master-card"]')).toHaveCount(1);
    await card.fill(VISA);
    await expect(card.error('number')).toHaveText(
      'This card type is not supported. Please try another card.',
    );
    const { error } = await panel.requestPaymentMethod();
    expect(error).toMatchObject({ code: 'HOSTED_FIELDS_FIELDS_INVALID' });
    expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(0);
  });

  test("the merchant's placeholder and styles reach the field's frame", async ({ panel, card, sandbox }) => {
    await openWithCard(panel, card, sandbox.key('demo_merchant'), {
      overrides: {
        fields: { number: { placeholder: 'Your card number' } },
        styles: { input: { 'font-size': '23px', fontStyle: 'italic', 'background-image': 'url(x.png)' } },
      },
    });
    const number = card.input('number');
    await expect(number).toHaveAttribute('placeholder', 'Your card number');
    await expect(number).toHaveCSS('font-size', '23px');
    await expect(number).toHaveCSS('font-style', 'italic');
    // Outside the whitelist: never in the frame.
    await expect(number).toHaveCSS('background-image', 'none');
    // The panel's own placeholder where the merchant sets none.
    await expect(card.input('expirationDate')).toHaveAttribute('placeholder', 'MM/YY');
  });

  test('the fields are emptied after a tokenization, unless clearFieldsAfterTokenization is false', async ({
    panel,
    card,
    sandbox,
  }) => {
    for (const [option, kept] of [
      [{}, false],
      [{ clearFieldsAfterTokenization: false }, true],
    ] as const) {
      await openWithCard(panel, card, sandbox.key('demo_merchant'), option);
      await card.fill(VISA);
      const { payload } = await panel.requestPaymentMethod();
      expect(payload).toMatchObject({ type: 'CreditCard' });
      await panel.chooseOption('card');
      await expect(card.input('number')).toHaveValue(kept ? '4111 1111 1111 1111' : '');
      await expect(card.input('cvv')).toHaveValue(kept ? VISA.cvv : '');
    }
  });

  for (const save of [true, false]) {
    test(`"Save card" ${save ? 'checked saves' : 'unchecked does not save'} the customer's card`, async ({
      page,
      panel,
      card,
      sandbox,
    }) => {
      const customer = `card_options_${save ? 'saver' : 'guest_like'}`;
      const token = await sandbox.clientToken('demo_merchant', customer);
      await openWithCard(panel, card, token, { vault: { allowVaultCardOverride: true } });
      const box = panel.element.getByRole('checkbox', { name: 'Save card' });
      await expect(box).toBeChecked();
      if (!save) {
        // From the keyboard, as the rest of the panel.
        await box.focus();
        await page.keyboard.press('Space');
        await expect(box).not.toBeChecked();
      }
      await card.fill(VISA);
      const { payload } = await panel.requestPaymentMethod();
      expect(payload).toMatchObject({ type: 'CreditCard', details: { lastFour: '1111' } });
      if (save) expect(payload?.vaulted).toBe(true);
      else expect(payload?.vaulted ?? false).toBe(false);

      // The next visit lists the card only when it was saved.
      await openWithCard(panel, card, await sandbox.clientToken('demo_merchant', customer), {});
      await panel.waitForEvent('ready');
      await expect(panel.savedMethods()).toHaveCount(save ? 1 : 0);
    });
  }
});
