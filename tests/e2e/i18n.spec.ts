/**
 * Locales in the browser: the panel and its card frames in German and in Arabic (right to left),
 * the fallback by language and to US English, the merchant's translations over a locale, a locale
 * file that is broken or missing, and a card paid in Arabic.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { EN_US, type TextKey } from '../../src/i18n/en-US';
import { type CardFields, VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { expect, test } from './support/fixtures';

const PAYPAL = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });
const LOCALE_FILES = '**/payment-panel/*/assets/locales/*.json';

/** The texts of a published locale file, as the translators wrote them. */
function localeFile(locale: string): Record<TextKey, string> {
  const path = resolve(import.meta.dirname, `../../src/i18n/locales/${locale}.json`);
  return JSON.parse(readFileSync(path, 'utf8')) as Record<TextKey, string>;
}

const DE = localeFile('de_DE');
const AR = localeFile('ar_EG');

/** Records the locale files the page asks for. */
function localeRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/assets/locales/')) urls.push(request.url());
  });
  return urls;
}

/**
 * Records every text that appears in the panel outside its loading indicator, from before the
 * bundle runs: what the shopper could ever have seen.
 */
async function recordShownTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown = new Set<string>();
    (window as unknown as { shownTexts: Set<string> }).shownTexts = shown;
    const record = (node: Node): void => {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = node instanceof Text ? node : walker.nextNode(); text; text = walker.nextNode()) {
        const value = text.textContent?.trim();
        if (value && !text.parentElement?.closest('.loading-indicator')) shown.add(value);
      }
    };
    const watch = (root: ShadowRoot): void => {
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          if (mutation.type === 'characterData') record(mutation.target);
          for (const node of mutation.addedNodes) record(node);
        }
      }).observe(root, { subtree: true, childList: true, characterData: true });
    };
    // The element's shadow root, then its view's, as each appears.
    const watched = new Set<ShadowRoot>();
    const waiting = setInterval(() => {
      const root = document.querySelector('payment-panel')?.shadowRoot;
      const view = root?.querySelector('payment-panel-view')?.shadowRoot;
      for (const found of [root, view]) {
        if (found && !watched.has(found)) {
          watched.add(found);
          watch(found);
          record(found);
        }
      }
      if (watched.size === 2) clearInterval(waiting);
    });
  });
}

async function open(panel: PanelPage, authorization: string, attributes: Record<string, string>) {
  await panel.openBare(authorization, 'local', attributes);
}

/** A locale file is one more request before `ready`; a busy machine may need more than the usual wait. */
const LOAD_TIMEOUT = { timeout: 15_000 };

/** Waits for `ready`. */
async function ready(panel: PanelPage): Promise<void> {
  await expect
    .poll(async () => (await panel.events()).some((e) => e.name === 'ready'), LOAD_TIMEOUT)
    .toBe(true);
}

/** Waits until every card frame of the sheet is ready. */
async function cardReady(page: Page): Promise<void> {
  await expect(page.locator('payment-panel [part~="card-sheet"]')).toHaveAttribute(
    'data-ready',
    'true',
    LOAD_TIMEOUT,
  );
}

/** What a field's frame shows and says: label, placeholder, title, language and direction. */
async function frameFacts(card: CardFields, field: 'number' | 'expirationDate') {
  return card
    .frame(field)
    .locator('html')
    .evaluate((html) => {
      const input = html.querySelector('input');
      return {
        lang: html.getAttribute('lang'),
        direction: getComputedStyle(html).direction,
        title: document.title,
        label: html.querySelector('label')?.textContent,
        placeholder: input?.placeholder,
        inputDirection: input ? getComputedStyle(input).direction : null,
        textAlign: input ? getComputedStyle(input).textAlign : null,
      };
    });
}

test('de_DE: the panel and its card frames speak German, with no English shown first', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  const requests = localeRequests(page);
  await recordShownTexts(page);
  await open(panel, sandbox.key('demo_merchant'), { locale: 'de_DE', paypal: PAYPAL });
  await ready(panel);
  const root = panel.element.locator('[part="panel"]');
  await expect(root).toHaveAttribute('lang', 'de-DE');
  await expect(root).toHaveAttribute('dir', 'ltr');
  await expect(panel.element.locator('[part="options"] h2')).toHaveText(DE.chooseAWayToPay);
  await expect(panel.element.locator('[part="option"]')).toHaveText([DE.card, DE.PayPal]);

  await panel.option('card').click();
  await cardReady(page);
  await expect(panel.element.locator('#card-sheet-label')).toHaveText(DE.payWithCard);
  await expect(card.field('number').locator('.field-label-text')).toHaveText(DE.cardNumberLabel);
  await expect(card.field('expirationDate').locator('.field-subheading')).toHaveText(
    DE.expirationDateLabelSubheading,
  );
  await expect(panel.toggle()).toHaveText(DE.chooseAnotherWayToPay);
  const frameTitle = DE.frameTitle.replace('{label}', DE.expirationDateLabel);
  await expect(panel.element.locator('iframe[name*="-expirationDate-"]')).toHaveAttribute(
    'title',
    frameTitle,
  );
  expect(await frameFacts(card, 'expirationDate')).toMatchObject({
    lang: 'de-DE',
    direction: 'ltr',
    title: DE.expirationDateLabel,
    label: DE.expirationDateLabel,
    placeholder: DE.expirationDatePlaceholder,
  });

  // Inline errors reach the frame's screen-reader text in German too.
  await card.input('number').click();
  await card.input('number').pressSequentially('4111');
  await page.keyboard.press('Tab');
  await expect(card.error('number')).toHaveText(DE.fieldInvalidForNumber);
  await expect(card.frame('number').locator('#field-message')).toHaveText(DE.fieldInvalidForNumber);

  // One request for the one file, from the bundle's versioned folder on the assets origin.
  expect(requests).toEqual([
    expect.stringMatching(/^https:\/\/localhost:\d+\/payment-panel\/[^/]+\/assets\/locales\/de_DE\.json$/),
  ]);
  const shown = await page.evaluate(() => [...(window as unknown as { shownTexts: Set<string> }).shownTexts]);
  for (const key of [
    'chooseAWayToPay',
    'card',
    'payWithCard',
    'cardNumberLabel',
    'chooseAnotherWayToPay',
  ] as const) {
    expect(shown, key).not.toContain(EN_US[key]);
  }
  expect(shown).toContain(DE.chooseAWayToPay);
});

test('ar_EG: the panel and its card frames speak Arabic, right to left', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await open(panel, sandbox.key('card_only_merchant'), { locale: 'ar_EG' });
  await ready(panel);
  await cardReady(page);
  const root = panel.element.locator('[part="panel"]');
  await expect(root).toHaveAttribute('lang', 'ar-EG');
  await expect(root).toHaveAttribute('dir', 'rtl');
  expect(await root.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  await expect(panel.element.locator('#card-sheet-label')).toHaveText(AR.payWithCard);
  await expect(card.field('number').locator('.field-label-text')).toHaveText(AR.cardNumberLabel);

  // The layout mirrors: the sheet's logo is on the right, the brand icon left of the number.
  const box = async (selector: string) => {
    const found = await panel.element.locator(selector).first().boundingBox();
    if (!found) throw new Error(`${selector} is not shown`);
    return found;
  };
  const header = await box('[part="sheet-header"]');
  const logo = await box('.sheet-logo');
  expect(logo.x + logo.width).toBeGreaterThan(header.x + header.width - 40);
  const numberFrame = await box('[part~="field-number"] [part="field-container"]');
  const brandIcon = await box('[part~="field-number"] .field-icon');
  expect(brandIcon.x).toBeLessThan(numberFrame.x);

  expect(await frameFacts(card, 'number')).toMatchObject({
    lang: 'ar-EG',
    direction: 'rtl',
    title: AR.cardNumberLabel,
    label: AR.cardNumberLabel,
    // A card number reads left to right in Arabic too, aligned to the right like the text around it.
    inputDirection: 'ltr',
    textAlign: 'right',
  });
  expect(await frameFacts(card, 'expirationDate')).toMatchObject({
    lang: 'ar-EG',
    direction: 'rtl',
    label: AR.expirationDateLabel,
    placeholder: AR.expirationDatePlaceholder,
  });
});

test('ar_EG: a card pays', async ({ sandbox, page, panel, card }) => {
  await open(panel, sandbox.key('card_only_merchant'), { locale: 'ar_EG' });
  await ready(panel);
  await cardReady(page);
  await card.type('number', VISA.number);
  // The digits keep their order in a right-to-left page.
  await expect(card.input('number')).toHaveValue('4111 1111 1111 1111');
  await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });
  await panel.waitForEvent('paymentMethodRequestable');
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({ type: 'CreditCard', nonce: expect.stringMatching(/^tokencc_/) });
  await expect(panel.element.locator('[part="saved-methods"] .list-heading')).toHaveText(
    AR.payingWith.replace('{paymentSource}', AR.card),
  );
});

test('a locale changed after the card frames loaded relabels them and keeps what the shopper typed', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await open(panel, sandbox.key('card_only_merchant'), {});
  await ready(panel);
  await cardReady(page);
  await card.type('number', VISA.number);
  await card.fill({ expirationDate: VISA.expirationDate });
  expect(await frameFacts(card, 'number')).toMatchObject({ lang: 'en-US', label: EN_US.cardNumberLabel });
  await expect.poll(() => panel.isRequestable(), LOAD_TIMEOUT).toBe(true);

  await panel.element.evaluate((element) => {
    (element as PaymentPanelElement).locale = 'ar_EG';
  });
  await expect(card.field('number').locator('.field-label-text')).toHaveText(
    AR.cardNumberLabel,
    LOAD_TIMEOUT,
  );
  await expect
    .poll(() => frameFacts(card, 'number'), LOAD_TIMEOUT)
    .toMatchObject({ lang: 'ar-EG', direction: 'rtl', title: AR.cardNumberLabel, label: AR.cardNumberLabel });
  await expect
    .poll(() => frameFacts(card, 'expirationDate'))
    .toMatchObject({
      lang: 'ar-EG',
      direction: 'rtl',
      label: AR.expirationDateLabel,
      placeholder: AR.expirationDatePlaceholder,
    });
  await expect(panel.element.locator('iframe[name*="-number-"]')).toHaveAttribute(
    'title',
    AR.frameTitle.replace('{label}', AR.cardNumberLabel),
  );
  // Nothing typed is lost, and the card still pays.
  await expect(card.input('number')).toHaveValue('4111 1111 1111 1111');
  await expect(card.input('expirationDate')).not.toHaveValue('');
  expect(await panel.isRequestable()).toBe(true);
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({ type: 'CreditCard', nonce: expect.stringMatching(/^tokencc_/) });
});

for (const requested of ['de', 'de_AT', 'DE-ch']) {
  test(`${requested} falls back to de_DE`, async ({ sandbox, page, panel }) => {
    const requests = localeRequests(page);
    await open(panel, sandbox.key('demo_merchant'), { locale: requested, paypal: PAYPAL });
    await ready(panel);
    await expect(panel.element.locator('[part="panel"]')).toHaveAttribute('lang', 'de-DE');
    await expect(panel.element.locator('[part="options"] h2')).toHaveText(DE.chooseAWayToPay);
    expect(requests).toEqual([expect.stringMatching(/\/de_DE\.json$/)]);
  });
}

for (const requested of ['xx_YY', 'fi_FI', 'en_US']) {
  test(`${requested} shows US English with no file to load`, async ({ sandbox, page, panel }) => {
    const requests = localeRequests(page);
    await open(panel, sandbox.key('demo_merchant'), { locale: requested, paypal: PAYPAL });
    await ready(panel);
    await expect(panel.element.locator('[part="panel"]')).toHaveAttribute('lang', 'en-US');
    await expect(panel.element.locator('[part="panel"]')).toHaveAttribute('dir', 'ltr');
    await expect(panel.element.locator('[part="options"] h2')).toHaveText(EN_US.chooseAWayToPay);
    expect(requests).toEqual([]);
    expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
  });
}

test("the merchant's translations override any key of de_DE, error codes included", async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  await open(panel, sandbox.key('demo_merchant'), {
    locale: 'de_DE',
    paypal: PAYPAL,
    translations: JSON.stringify({
      chooseAWayToPay: 'Wie möchten Sie zahlen?',
      NO_PAYMENT_METHOD_AVAILABLE: 'Bitte erst eine Zahlungsart auswählen.',
      fieldEmptyForNumber: 'Die Kartennummer fehlt noch.',
    }),
  });
  await ready(panel);
  await expect(panel.element.locator('[part="options"] h2')).toHaveText('Wie möchten Sie zahlen?');
  // The keys the merchant left alone stay German.
  await expect(panel.element.locator('[part="option"]')).toHaveText([DE.card, DE.PayPal]);
  expect((await panel.requestPaymentMethod()).error?.code).toBe('NO_PAYMENT_METHOD_AVAILABLE');
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
    'Bitte erst eine Zahlungsart auswählen.',
  );

  await panel.option('card').click();
  await cardReady(page);
  await card.type('expirationDate', VISA.expirationDate);
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FIELDS_INVALID');
  await expect(card.error('number')).toHaveText('Die Kartennummer fehlt noch.');
  await expect(card.error('cvv')).toHaveText(DE.fieldEmptyForCvv);
});

const BROKEN_FILES: [string, (route: Route) => Promise<void>][] = [
  ['missing (404)', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })],
  [
    'not JSON',
    (route) => route.fulfill({ contentType: 'application/json', body: '{"payWithCard": "Mit Ka' }),
  ],
  ['unreachable', (route) => route.abort('connectionrefused')],
  [
    'a JSON array',
    (route) => route.fulfill({ contentType: 'application/json', body: '["Mit Karte bezahlen"]' }),
  ],
];

for (const [broken, answer] of BROKEN_FILES) {
  test(`a locale file that is ${broken} leaves a working English panel`, async ({
    sandbox,
    page,
    panel,
    card,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route(LOCALE_FILES, answer);
    await open(panel, sandbox.key('card_only_merchant'), { locale: 'de_DE' });
    await ready(panel);
    await cardReady(page);
    await expect(panel.element.locator('[part="panel"]')).toHaveAttribute('lang', 'de-DE');
    await expect(panel.element.locator('#card-sheet-label')).toHaveText(EN_US.payWithCard);
    await expect(card.field('number').locator('.field-label-text')).toHaveText(EN_US.cardNumberLabel);
    expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
    if (broken !== 'a JSON array') expect(warnings.join('\n')).toContain('/assets/locales/de_DE.json');

    await card.type('number', VISA.number);
    await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });
    await panel.waitForEvent('paymentMethodRequestable');
    expect((await panel.requestPaymentMethod()).payload?.nonce).toMatch(/^tokencc_/);
  });
}

/** The SRI hash of a text, as the build's locale index writes it. */
function sri(text: string): string {
  return `sha384-${createHash('sha384').update(text).digest('base64')}`;
}

test('a locale file whose bytes are not the published ones is refused: the panel stays in US English', async ({
  sandbox,
  page,
  panel,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // Well-formed German texts, one of them changed on the way: the browser checks the file's hash.
  const forged = JSON.stringify({ ...DE, chooseAWayToPay: 'Hier zahlen, bitte' });
  await page.route(LOCALE_FILES, (route) => route.fulfill({ contentType: 'application/json', body: forged }));
  await open(panel, sandbox.key('demo_merchant'), { locale: 'de_DE', paypal: PAYPAL });
  await ready(panel);
  await expect(panel.element.locator('[part="options"] h2')).toHaveText(EN_US.chooseAWayToPay);
  await expect(panel.element.locator('[part="option"]')).toHaveText([EN_US.card, EN_US.PayPal]);
  expect(warnings.join('\n')).toContain('/assets/locales/de_DE.json');
});

test('a locale index naming other hashes is refused too: its own hash is in the panel’s file', async ({
  sandbox,
  page,
  panel,
}) => {
  const forged = JSON.stringify({ ...DE, chooseAWayToPay: 'Hier zahlen, bitte' });
  await page.route(LOCALE_FILES, (route) => route.fulfill({ contentType: 'application/json', body: forged }));
  await page.route('**/payment-panel/*/assets/locale-integrity.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ 'assets/locales/de_DE.json': sri(forged) }),
    }),
  );
  await open(panel, sandbox.key('demo_merchant'), { locale: 'de_DE', paypal: PAYPAL });
  await ready(panel);
  await expect(panel.element.locator('[part="options"] h2')).toHaveText(EN_US.chooseAWayToPay);
});
