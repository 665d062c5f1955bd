/**
 * A right-to-left locale in WebKit: the panel and its card frames in Arabic, mirrored, with the card's
 * digits still read left to right, and a card paid with the keyboard.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MERCHANTS } from '../../sandbox/merchants';
import type { TextKey } from '../../src/i18n/en-US';
import { CALL_PATHS } from '../e2e/models/sandbox';
import { VISA } from './models/card-fields';
import { expect, test } from './support/fixtures';

const AR = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../src/i18n/locales/ar_EG.json'), 'utf8'),
) as Record<TextKey, string>;

test('ar_EG: the panel and its frames read right to left, the digits left to right, and a card pays', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await panel.openBare(MERCHANTS.demo_merchant.tokenizationKey, 'local', { locale: 'ar_EG' });
  await panel.waitForReady();
  await card.ready();
  const root = await panel.locate('[part="panel"]');
  expect(await root.getAttribute('lang')).toBe('ar-EG');
  expect(await root.getAttribute('dir')).toBe('rtl');
  expect(await panel.text('#card-sheet-label')).toBe(AR.payWithCard);
  expect(await panel.text('[part~="field-number"] .field-label-text')).toBe(AR.cardNumberLabel);

  // The layout mirrors: the sheet's logo on the right, the brand icon left of the number.
  const box = async (selector: string) => (await panel.locate(selector)).getRect();
  const header = await box('[part="sheet-header"]');
  const logo = await box('.sheet-logo');
  expect(logo.x + logo.width).toBeGreaterThan(header.x + header.width - 40);
  const numberBox = await box('[part~="field-number"] [part="field-container"]');
  const brandIcon = await box('[part~="field-number"] .field-icon');
  expect(brandIcon.x).toBeLessThan(numberBox.x);

  // The shopper types with the keyboard: one click, then Tab; the frames follow the page's order.
  await card.click('number');
  for (const [field, value] of [
    ['number', VISA.number],
    ['expirationDate', VISA.expirationDate],
    ['cvv', VISA.cvv],
    ['postalCode', VISA.postalCode],
  ] as const) {
    if (field !== 'number') await page.keyboard.press('Tab');
    await expect.poll(() => card.focused()).toBe(field);
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Tab');
  await panel.waitForEvent('paymentMethodRequestable');

  // Read after typing: reading a frame moves WebKit's focus into it.
  expect(await card.value('number')).toBe('4111 1111 1111 1111');
  expect(
    await card.inInput('number', (input) =>
      page.driver.executeScript<Record<string, string | null>>((element: HTMLInputElement) => {
        const html = document.documentElement;
        return {
          lang: html.getAttribute('lang'),
          direction: getComputedStyle(html).direction,
          label: document.querySelector('label')?.textContent ?? null,
          inputDirection: getComputedStyle(element).direction,
          textAlign: getComputedStyle(element).textAlign,
        };
      }, input),
    ),
  ).toEqual({
    lang: 'ar-EG',
    direction: 'rtl',
    label: AR.cardNumberLabel,
    inputDirection: 'ltr',
    textAlign: 'right',
  });

  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
  const [request] = await sandbox.requests(CALL_PATHS.creditCards);
  expect(request?.body).toMatchObject({ creditCard: { number: VISA.number, cvv: VISA.cvv } });
  await expect
    .poll(() => panel.text('[part="saved-methods"] .list-heading'))
    .toBe(AR.payingWith.replace('{paymentSource}', AR.card));
});
