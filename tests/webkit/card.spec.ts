/**
 * A shopper pays by card in WebKit: with the pointer and with the keyboard alone, through a field's
 * error and its fix, and with a saved card of a returning customer.
 */
import { MERCHANTS } from '../../sandbox/merchants';
import { SEED_CUSTOMER } from '../../sandbox/test-values';
import { CALL_PATHS } from '../e2e/models/sandbox';
import { VISA } from './models/card-fields';
import { expect, test } from './support/fixtures';

const DEMO_KEY = MERCHANTS.demo_merchant.tokenizationKey;

test('a Visa card pays end to end; the frame sends it to the gateway', async ({ panel, card, sandbox }) => {
  await panel.openBare(DEMO_KEY);
  await card.ready();
  expect(await panel.isRequestable()).toBe(false);

  await card.type('number', VISA.number);
  expect(await card.value('number')).toBe('4111 1111 1111 1111');
  await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });
  const requestable = await panel.waitForEvent('paymentMethodRequestable');
  expect(requestable.detail).toEqual({ type: 'CreditCard', paymentMethodIsSelected: false });

  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({
    nonce: expect.stringMatching(/^tokencc_/),
    type: 'CreditCard',
    description: 'ending in 11',
    details: { cardType: 'Visa', lastTwo: '11' },
  });
  const [request] = await sandbox.requests(CALL_PATHS.creditCards);
  expect(request?.body).toMatchObject({
    creditCard: { number: VISA.number, cvv: '123', expiration_month: '12', expiration_year: '2030' },
  });
});

test('keyboard only: one click in the number, then Tab from field to field, and Enter pays', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await panel.openDemo();
  await panel.waitForReady();
  await panel.chooseOption('card');
  await card.ready();

  await card.click('number');
  for (const [field, value] of [
    ['number', VISA.number],
    ['expirationDate', VISA.expirationDate],
    ['cvv', VISA.cvv],
    ['postalCode', VISA.postalCode],
  ] as const) {
    if (field !== 'number') await page.keyboard.press('Tab');
    await expect.poll(() => panel.focused()).toBe(`frame:${field}`);
    // The field's box shows the ring while its frame has focus, and only that box.
    await expect.poll(() => card.focused()).toBe(field);
    await page.keyboard.type(value);
  }
  // Backwards through the frames too.
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => panel.focused()).toBe('frame:cvv');
  await expect.poll(() => card.focused()).toBe('cvv');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => panel.focused()).toBe('button:Choose another way to pay');
  await expect.poll(() => card.focused()).toBe(null);
  await page.keyboard.press('Tab');
  await expect.poll(() => panel.focused()).toBe('button:pay');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.text('#result')).toMatch(/^Nonce for your server: tokencc_/);
  const [request] = await sandbox.requests(CALL_PATHS.creditCards);
  expect(request?.body).toMatchObject({
    creditCard: {
      number: VISA.number,
      cvv: VISA.cvv,
      expiration_month: '12',
      expiration_year: '2030',
      billing_address: { postal_code: VISA.postalCode },
    },
  });
});

test('an invalid number shows its error when the shopper leaves it; fixing it pays', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await panel.openBare(DEMO_KEY);
  await card.ready();
  await card.fill({ ...VISA, number: '4111111111111112' });
  await expect.poll(() => card.error('number')).toBe('This card number is not valid.');
  expect((await panel.requestPaymentMethod()).error).toMatchObject({ code: 'HOSTED_FIELDS_FIELDS_INVALID' });
  expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(0);
  expect(await card.attribute('number', 'aria-invalid')).toBe('true');

  await card.click('number');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await expect.poll(() => card.error('number')).toBe('');
  await panel.waitForEvent('paymentMethodRequestable');
  expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
});

test("a field's label puts the focus in its frame, where a pasted number is formatted and pays", async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await page.goto('/form.html');
  await panel.record();
  await card.ready();
  // The shopper copies a card number from somewhere: here, the checkout's own email field.
  const email = await page.locate('#email');
  await email.clear();
  await email.sendKeys('4111 1111 1111 1111');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Control+c');

  // A click on the label, on the merchant side, focuses the input in the frame of another origin.
  await panel.click('[part~="field-number"] .field-label-text');
  await expect.poll(() => panel.focused()).toBe('frame:number');
  await expect.poll(() => card.focused()).toBe('number');
  await page.keyboard.press('Control+v');
  await panel.click('[part~="field-expirationDate"] .field-label-text');
  await expect.poll(() => card.focused()).toBe('expirationDate');
  await page.keyboard.type(VISA.expirationDate);
  await card.fill({ cvv: VISA.cvv, postalCode: VISA.postalCode });
  await panel.waitForEvent('paymentMethodRequestable');

  expect(await card.value('number')).toBe('4111 1111 1111 1111');
  expect((await panel.requestPaymentMethod()).payload).toMatchObject({ details: { lastTwo: '11' } });
  const [request] = await sandbox.requests(CALL_PATHS.creditCards);
  expect(request?.body).toMatchObject({ creditCard: { number: VISA.number, expiration_month: '12' } });
});

test("a returning shopper pays with the preselected saved card of the customer's client token", async ({
  panel,
  sandbox,
}) => {
  const token = await sandbox.clientToken(SEED_CUSTOMER.merchantId, SEED_CUSTOMER.customerId);
  await panel.openBare(token);
  await panel.waitForReady();
  await expect
    .poll(() => panel.savedMethods())
    .toEqual([expect.stringMatching(/Visa.*11/), expect.stringMatching(/MasterCard.*44/)]);
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'CreditCard', vaulted: true, details: { lastTwo: '11' } });
  expect(await sandbox.requests(CALL_PATHS.creditCards)).toHaveLength(0);
});
