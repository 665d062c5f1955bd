/**
 * The styling contract: the `--pp-*` custom properties and the parts change the panel's look and
 * its card fields' frames (the themed demo checkout proves it), the light and dark defaults, the
 * merchant's properties over the dark defaults, a part for every region of the panel, and the frames'
 * refusal of a font family that is not a plain list of families.
 */
import { expect as baseExpect, type Locator } from '@playwright/test';
import { type CardFields, VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { chromiumOnly, darkTest, test } from './support/fixtures';

const CHECKOUT = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/** Computed style properties of an element (camelCase names). */
async function computed(locator: Locator, ...names: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (el, keys) =>
      Object.fromEntries(
        keys.map((key) => [key, getComputedStyle(el).getPropertyValue(key.replace(/[A-Z]/g, '-$&'))]),
      ),
    names,
  );
}

/**
 * The look of the input inside a card field's frame; the placeholder colour as the frame's own
 * stylesheets set it (the browser computes no style for ::placeholder).
 */
async function inputLook(card: CardFields, field: 'number' | 'cardholderName') {
  return card.input(field).evaluate((input) => {
    const style = getComputedStyle(input);
    const rules = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule);
    return {
      color: style.color,
      backgroundColor: style.backgroundColor,
      fontFamily: style.fontFamily,
      fontSize: style.fontSize,
      placeholder: rules.findLast((rule) => rule.selectorText === 'input::placeholder')?.style.color,
    };
  });
}

async function openMinimal(panel: PanelPage, authorization: string, attributes: Record<string, string> = {}) {
  await panel.openBare(authorization, 'local', attributes);
  await expect(panel.element.locator('[part="wrapper"]')).toBeVisible();
}

test('the themed checkout changes the look through custom properties and parts alone', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  await page.goto('/themed.html');
  await expect(panel.element.locator('[part="wrapper"]')).toBeVisible();

  // Its stylesheet touches the element only through --pp-* properties and ::part() rules.
  const rules = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSMediaRule ? [...rule.cssRules] : [rule]))
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule)
      .filter((rule) => rule.selectorText.includes('payment-panel'))
      .map((rule) => ({
        selector: rule.selectorText,
        properties: [...rule.style].filter((name) => !name.startsWith('--pp-')),
      })),
  );
  expect(rules.length).toBeGreaterThan(0);
  for (const { selector, properties } of rules) {
    if (!selector.includes('::part(')) expect(properties, selector).toEqual([]);
  }

  // Colours, font, radius and spacing from the properties.
  expect(await computed(panel.element, 'color', 'backgroundColor', 'fontFamily', 'fontSize')).toEqual({
    color: 'rgb(43, 33, 24)',
    backgroundColor: 'rgb(251, 246, 238)',
    fontFamily: 'Georgia, "Times New Roman", serif',
    fontSize: '17px',
  });
  const option = panel.option('card');
  expect(
    await computed(
      option,
      'color',
      'backgroundColor',
      'borderTopColor',
      'borderTopLeftRadius',
      'paddingLeft',
    ),
  ).toEqual({
    color: 'rgb(43, 33, 24)',
    backgroundColor: 'rgb(243, 231, 214)',
    borderTopColor: 'rgb(138, 111, 85)',
    borderTopLeftRadius: '14px',
    paddingLeft: '20px',
  });
  // The parts' rules apply.
  expect(await computed(option, 'boxShadow')).toEqual({ boxShadow: 'rgb(138, 111, 85) 0px 2px 0px 0px' });
  expect(await computed(panel.element.locator('#payment-options-label'), 'fontVariantCaps')).toEqual({
    fontVariantCaps: 'small-caps',
  });

  await option.click();
  await card.ready();
  expect(await computed(panel.element.locator('[part~="card-sheet"]'), 'borderTopLeftRadius')).toEqual({
    borderTopLeftRadius: '14px',
  });
  expect(await computed(card.field('number').locator('[part="field-label"]'), 'textTransform')).toEqual({
    textTransform: 'uppercase',
  });
  expect(await computed(card.field('number').locator('[part="field-input"]'), 'backgroundColor')).toEqual({
    backgroundColor: 'rgb(255, 253, 248)',
  });

  // The frames follow: font family and size, text, background and placeholder colours.
  for (const field of ['cardholderName', 'number'] as const) {
    expect(await inputLook(card, field)).toEqual({
      color: 'rgb(43, 33, 24)',
      backgroundColor: 'rgb(255, 253, 248)',
      fontFamily: 'Georgia, "Times New Roman", serif',
      fontSize: '17px',
      placeholder: 'rgb(107, 84, 67)',
    });
  }
  // An invalid expiration date shows in the error colour.
  await card.type('expirationDate', '13');
  await expect(card.input('expirationDate')).toHaveClass(/invalid/);
  await expect(card.input('expirationDate')).toHaveCSS('color', 'rgb(161, 20, 10)');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  // And the sheet-level error area takes its part's rule.
  await card.fill({ cardholderName: 'Robin Returning', ...VISA });
  await sandbox.inject({ match: '/v1/payment_methods/credit_cards', kind: '500' });
  await page.locator('#pay').click();
  const sheetError = panel.element.locator('[part="sheet-error"]');
  await expect(sheetError).toHaveText('Network error. Please try again.');
  expect(await computed(sheetError, 'color', 'borderLeftWidth')).toEqual({
    color: 'rgb(161, 20, 10)',
    borderLeftWidth: '4px',
  });
});

test('the default light theme, its frames included', async ({ sandbox, panel, card }) => {
  await openMinimal(panel, sandbox.key('demo_merchant'));
  expect(await computed(panel.element, 'color', 'backgroundColor')).toEqual({
    color: 'rgb(31, 35, 40)',
    backgroundColor: 'rgb(255, 255, 255)',
  });
  await card.ready();
  expect(await inputLook(card, 'number')).toMatchObject({
    color: 'rgb(31, 35, 40)',
    backgroundColor: 'rgb(255, 255, 255)',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    placeholder: 'rgb(87, 96, 106)',
  });
});

test(
  'a theme that changes while the card is typed restyles the frames and keeps the card',
  chromiumOnly(
    'switches the colour scheme of an open page, which Firefox over WebDriver BiDi cannot emulate',
  ),
  async ({ sandbox, page, panel, card }) => {
    await openMinimal(panel, sandbox.key('demo_merchant'));
    await card.ready();
    await card.type('number', VISA.number);
    expect(await inputLook(card, 'number')).toMatchObject({ color: 'rgb(31, 35, 40)' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => inputLook(card, 'number'))
      .toMatchObject({
        color: 'rgb(230, 237, 243)',
        backgroundColor: 'rgb(13, 17, 23)',
        placeholder: 'rgb(145, 152, 161)',
      });
    await expect(card.input('number')).toHaveValue('4111 1111 1111 1111');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => inputLook(card, 'number')).toMatchObject({ color: 'rgb(31, 35, 40)' });
    await expect(card.input('number')).toHaveValue('4111 1111 1111 1111');
    expect(await computed(panel.element, 'color')).toEqual({ color: 'rgb(31, 35, 40)' });
  },
);

darkTest.describe('prefers-color-scheme: dark', () => {
  darkTest('the dark default palette, its frames included', async ({ sandbox, panel, card }) => {
    await openMinimal(panel, sandbox.key('demo_merchant'), { paypal: CHECKOUT });
    expect(await computed(panel.element, 'color', 'backgroundColor')).toEqual({
      color: 'rgb(230, 237, 243)',
      backgroundColor: 'rgb(22, 27, 34)',
    });
    expect(await computed(panel.option('paypal'), 'borderTopColor', 'backgroundColor')).toEqual({
      borderTopColor: 'rgb(110, 118, 129)',
      backgroundColor: 'rgb(22, 27, 34)',
    });
    await panel.chooseOption('card');
    await card.ready();
    expect(await computed(card.field('number').locator('[part="field-input"]'), 'backgroundColor')).toEqual({
      backgroundColor: 'rgb(13, 17, 23)',
    });
    expect(await inputLook(card, 'number')).toMatchObject({
      color: 'rgb(230, 237, 243)',
      backgroundColor: 'rgb(13, 17, 23)',
      placeholder: 'rgb(145, 152, 161)',
    });
  });

  darkTest(
    "the merchant's properties win over the dark defaults, set on the element or an ancestor",
    async ({ sandbox, page, panel, card }) => {
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(
            ':root { --pp-color-text: rgb(1, 2, 3); } payment-panel { --pp-color-background: rgb(250, 250, 250); }',
          );
          document.adoptedStyleSheets = [sheet];
        });
      });
      await openMinimal(panel, sandbox.key('demo_merchant'));
      expect(await computed(panel.element, 'color', 'backgroundColor')).toEqual({
        color: 'rgb(1, 2, 3)',
        backgroundColor: 'rgb(250, 250, 250)',
      });
      await card.ready();
      expect(await inputLook(card, 'number')).toMatchObject({ color: 'rgb(1, 2, 3)' });
    },
  );

  darkTest('the themed checkout has its own dark theme', async ({ page, panel, card }) => {
    await page.goto('/themed.html');
    await expect(panel.element.locator('[part="wrapper"]')).toBeVisible();
    expect(await computed(panel.element, 'color', 'backgroundColor')).toEqual({
      color: 'rgb(244, 233, 220)',
      backgroundColor: 'rgb(33, 26, 20)',
    });
    await panel.option('card').click();
    await card.ready();
    expect(await inputLook(card, 'number')).toMatchObject({
      color: 'rgb(244, 233, 220)',
      backgroundColor: 'rgb(26, 20, 15)',
      fontFamily: 'Georgia, "Times New Roman", serif',
    });
  });
});

test('every region of the panel has its part, and ::part() rules reach each', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  // A probe rule per part: a property the panel never sets.
  const parts = [
    'loading-indicator',
    'panel',
    'wrapper',
    'saved-methods',
    'saved-method',
    'heading',
    'options',
    'option',
    'other-ways',
    'toggle',
    'sheet',
    'sheet-header',
    'button-area',
    'paypal-sheet',
    'paypalCredit-sheet',
    'paypalPayLater-sheet',
    'paypal-button',
    'card-sheet',
    'field',
    'field-number',
    'field-label',
    'field-input',
    'field-container',
    'field-error',
    'sheet-error',
    'three-d-secure-modal',
    'bank-frame',
    'close-button',
  ];
  await page.addInitScript((names: string[]) => {
    document.addEventListener('DOMContentLoaded', () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        names.map((name) => `payment-panel::part(${name}) { scroll-margin-top: 7px; }`).join('\n'),
      );
      document.adoptedStyleSheets = [sheet];
    });
  }, parts);
  const probe = async (part: string): Promise<string[]> =>
    page.locator('payment-panel').evaluate((el, name) => {
      // The element's own parts, and its view's, which it forwards (exportparts).
      const view = el.shadowRoot?.querySelector('payment-panel-view')?.shadowRoot;
      return [el.shadowRoot, view].flatMap((root) =>
        [...(root?.querySelectorAll(`[part~="${name}"]`) ?? [])].map(
          (node) => getComputedStyle(node).scrollMarginTop,
        ),
      );
    }, part);
  const seen = new Set<string>();
  const check = async (): Promise<void> => {
    for (const part of parts) {
      const values = await probe(part);
      for (const value of values) expect(value, part).toBe('7px');
      if (values.length > 0) seen.add(part);
    }
  };

  // The loading indicator, while the configuration is slow.
  await sandbox.inject({ match: 'client_api/v1/configuration', kind: 'slow', delayMs: 5000, count: 1 });
  const token = await sandbox.clientToken('three_d_secure_v1_merchant', 'returning_shopper');
  await panel.openBare(token, 'local', {
    paypal: CHECKOUT,
    'paypal-credit': CHECKOUT,
    'paypal-pay-later': CHECKOUT,
    'three-d-secure': JSON.stringify({ amount: '10.00' }),
  });
  await expect(panel.element.locator('[part="loading-indicator"]')).toBeVisible();
  expect(await probe('loading-indicator')).toEqual(['7px']);
  seen.add('loading-indicator');
  await expect(panel.element.locator('[part="wrapper"]')).toBeVisible();
  await check();
  await panel.toggle().click();
  await check();
  await panel.option('card').click();
  await card.ready();
  await check();
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
  await card.fill({ ...VISA, number: '4000000000000002' });
  void panel.requestPaymentMethod().catch(() => undefined);
  await expect(panel.element.getByRole('dialog', { name: 'Card Verification' })).toBeVisible();
  await check();
  await panel.element.getByRole('button', { name: 'Close card verification' }).click();
  await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Card');
  await panel.toggle().click();
  await panel.option('paypal').click();
  await check();
  expect([...parts].filter((part) => !seen.has(part) && part !== 'sheet-error')).toEqual([]);
});

test('the sheet-level error part takes its rule too', async ({ sandbox, page, panel }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('payment-panel::part(sheet-error) { scroll-margin-top: 7px; }');
      document.adoptedStyleSheets = [sheet];
    });
  });
  await openMinimal(panel, sandbox.key('demo_merchant'), { paypal: CHECKOUT });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('NO_PAYMENT_METHOD_AVAILABLE');
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveCSS('scroll-margin-top', '7px');
});

test('the frames refuse a font family that is not a plain list of families', async ({ sandbox, page }) => {
  await page.goto('/minimal.html');
  await page.waitForFunction(() => 'paymentPanel' in window);
  await page.evaluate(async (authorization) => {
    for (const id of ['number', 'cvv']) {
      const div = document.createElement('div');
      div.id = id;
      document.body.append(div);
    }
    await window.paymentPanel.createHostedFields({
      authorization,
      fields: { number: { container: '#number' }, cvv: { container: '#cvv' } },
      styles: {
        // Past the page's filter (no url(), no ;), refused by the frame's own check.
        input: { 'font-family': 'Georgia !important', color: 'rgb(1, 2, 3)' },
        '.valid': { 'font-family': 'attr(data-font)' },
      },
    });
  }, sandbox.key('demo_merchant'));
  const input = page.frameLocator('#number iframe').locator('input');
  await expect(input).toHaveCSS('color', 'rgb(1, 2, 3)');
  await expect(input).toHaveCSS('font-family', 'system-ui, sans-serif');
  const cvv = page.frameLocator('#cvv iframe').locator('input');
  await cvv.pressSequentially('123');
  await expect(cvv).toHaveClass(/valid/);
  await expect(cvv).toHaveCSS('font-family', 'system-ui, sans-serif');
});
