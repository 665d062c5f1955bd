/**
 * Accessibility (WCAG 2.2 AA): axe-core in every state of the panel, frames included, in the light
 * and dark themes and at 200 % zoom; reflow at 320 CSS pixels; keyboard-only checkout by card and
 * the wallets' sheets; the 3D Secure modal's focus trap, Escape and focus return; live regions that
 * exist before their messages; reduced motion.
 */
import AxeBuilder from '@axe-core/playwright';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { approvalShown } from './models/sandbox';
import { chromiumOnly, expect as baseExpect, darkTest, reducedMotionTest, test } from './support/fixtures';

const CHECKOUT = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });
const WALLETS = { paypal: CHECKOUT, 'paypal-credit': CHECKOUT };
const APPLE_PAY = JSON.stringify({
  displayName: 'Demo store',
  paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
});
const THREE_D_SECURE = JSON.stringify({ amount: '10.00' });
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe while the 3D Secure modal is open. axe reads each element's ARIA references through element reflection
 * (`ariaLabelledByElements`), and in Firefox ESR 153 reading it on any element of the page, the panel's or not,
 * crashes the page's content process while the modal is open. The panel never reads it; the modal's keyboard and
 * focus run in every engine (`the 3D Secure modal` below), and axe runs in Firefox in every other state.
 */
const AXE_IN_MODAL = chromiumOnly(
  "axe reads ariaLabelledByElements, and that read crashes Firefox ESR 153's content process while the 3D Secure modal is open",
);

// Each state loads frames and runs axe in every one of them: give the machine time.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });

/**
 * Runs axe on the whole page, the panel's shadow root and every frame included, and expects no
 * violation. `frames` is how many of the panel's frames must have been analysed from the inside:
 * axe names a node in a frame by the frame's selector first, so the frames analysed are counted
 * from the results. A frame that does not answer in time is left out of a run without an error, so
 * a run that misses one is repeated (twice at most) before the test fails.
 */
async function expectNoViolations(page: Page, frames = 0): Promise<void> {
  let analysed = new Set<string>();
  for (let run = 0; run < 3 && (run === 0 || analysed.size < frames); run++) {
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    const found = results.violations.map((violation) => ({
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, summary: node.failureSummary })),
    }));
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    analysed = new Set(
      [...results.passes, ...results.incomplete].flatMap((rule) =>
        rule.nodes.filter((node) => node.target.length > 1).map((node) => JSON.stringify(node.target[0])),
      ),
    );
  }
  expect(analysed.size, [...analysed].join('\n')).toBeGreaterThanOrEqual(frames);
  // The styling contract: no inline style and no <style> element anywhere in the shadow root, but
  // for Google's own button, which Google styles (the sandbox's stand-in with inline styles).
  expect(
    await page
      .locator('payment-panel')
      .first()
      .evaluate(
        (el) =>
          [...(el.shadowRoot?.querySelectorAll('[style], style') ?? [])].filter(
            (node) => !node.closest('[slot="google-pay-button"]'),
          ).length,
      ),
  ).toBe(0);
}

/** Waits until the panel shows its views (what `ready` announces). */
async function ready(panel: PanelPage): Promise<void> {
  await expect(panel.element.locator('[part="wrapper"]')).toBeVisible();
}

/** Opens the minimal page with a panel and waits until it is ready. */
async function open(panel: PanelPage, authorization: string, attributes: Record<string, string> = {}) {
  await panel.openBare(authorization, 'local', attributes);
  await ready(panel);
}

/** Installs the Apple Pay simulator before any script of the page. */
async function installApplePaySimulator(page: Page): Promise<void> {
  await page.addInitScript({ path: 'sandbox/stand-ins/apple-pay-simulator.js' });
}

/** The element that has focus, followed into the panel's shadow root. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element) return 'none';
    if (element instanceof HTMLIFrameElement) {
      const key = /^payment-panel-hosted-field-(\w+)-/.exec(element.name)?.[1];
      return `frame:${key ?? element.title}`;
    }
    // The accessible name, near enough: the label, or the text without its hidden icons.
    const visible = element.cloneNode(true) as Element;
    for (const hidden of visible.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    const label = element.getAttribute('aria-label') ?? visible.textContent.trim();
    return `${element.tagName.toLowerCase()}:${element.id || label}`;
  });
}

/** The computed outline of an element, as the focus ring shows. */
async function outline(locator: Locator): Promise<{ style: string; width: string }> {
  return locator.evaluate((el) => {
    const { outlineStyle, outlineWidth } = getComputedStyle(el);
    return { style: outlineStyle, width: outlineWidth };
  });
}

test.describe('axe finds no violation', () => {
  test('while the panel loads', async ({ page, panel, sandbox }) => {
    await sandbox.inject({ match: 'client_api/v1/configuration', kind: 'slow', delayMs: 45_000, count: 1 });
    await panel.openBare(sandbox.key('demo_merchant'));
    await expect(panel.element.locator('[part="loading-indicator"]')).toHaveText('Loading payment options…');
    await expectNoViolations(page);
    await expect(panel.element.locator('[part="loading-indicator"]')).toBeVisible();
  });

  test('in the option list', async ({ sandbox, page, panel }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    await expect(panel.option('paypalCredit')).toBeVisible();
    await expectNoViolations(page);
  });

  test('in the empty card sheet, inside the four field frames', async ({ sandbox, page, panel, card }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    await panel.chooseOption('card');
    await card.ready();
    await expectNoViolations(page, 4);
  });

  test('in the card sheet with the "Save card" checkbox', async ({ sandbox, page, panel, card }) => {
    await open(panel, await sandbox.clientToken('demo_merchant', 'a11y_saver'), {
      card: JSON.stringify({ vault: { allowVaultCardOverride: true } }),
    });
    await card.ready();
    await expect(panel.element.getByRole('checkbox', { name: 'Save card' })).toBeChecked();
    await expectNoViolations(page, 4);
  });

  test('with the inline errors of an empty card submitted', async ({ sandbox, page, panel, card }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    await panel.chooseOption('card');
    await card.ready();
    expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
    await expect(card.error('postalCode')).toHaveText('Please fill out a postal code.');
    await expectNoViolations(page, 4);
  });

  test('with a sheet-level error', async ({ page, panel, card, sandbox }) => {
    await open(panel, sandbox.key('card_only_merchant'));
    await card.ready();
    await card.fill(VISA);
    await sandbox.inject({ match: '/v1/payment_methods/credit_cards', kind: '500' });
    expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'Network error. Please try again.',
    );
    await expectNoViolations(page, 2);
  });

  test("in the returning shopper's saved methods", async ({ page, panel, sandbox }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token, WALLETS);
    await expect(panel.savedMethods()).toHaveText([/Visa/, /MasterCard/, /PayPal/]);
    await expectNoViolations(page);
  });

  test('in "Paying with Card" after a card payment', async ({ sandbox, page, panel, card }) => {
    await open(panel, sandbox.key('demo_merchant'));
    await card.fill(VISA);
    expect((await panel.requestPaymentMethod()).payload?.type).toBe('CreditCard');
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Card');
    await expectNoViolations(page);
  });

  for (const [option, heading] of [
    ['paypal', 'PayPal'],
    ['paypalCredit', 'PayPal Credit'],
    ['paypalPayLater', 'PayPal Pay Later'],
  ] as const) {
    test(`in the ${heading} sheet`, async ({ sandbox, page, panel }) => {
      await open(panel, sandbox.key('demo_merchant'), { ...WALLETS, 'paypal-pay-later': CHECKOUT });
      await panel.chooseOption(option);
      await expect(panel.element.locator(`#${option}-sheet-label`)).toHaveText(heading);
      await expectNoViolations(page);
    });
  }

  test('in the Apple Pay sheet', async ({ sandbox, page, panel }) => {
    await installApplePaySimulator(page);
    await open(panel, sandbox.key('demo_merchant'), { 'apple-pay': APPLE_PAY });
    await panel.chooseOption('applePay');
    await expect(panel.element.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
    await expectNoViolations(page);
  });

  test('in the Google Pay sheet, with Google’s button', async ({ sandbox, page, panel }) => {
    await open(panel, sandbox.key('demo_merchant'), {
      'google-pay': JSON.stringify({
        transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' },
      }),
    });
    await panel.chooseOption('googlePay');
    await expect(panel.element.locator('#googlePay-sheet-label')).toHaveText('Google Pay');
    await expect(panel.element.getByRole('button', { name: 'Buy with Google Pay' })).toBeVisible();
    await expectNoViolations(page);
  });

  test(
    "in the 3D Secure 2 modal, inside the issuer's challenge",
    AXE_IN_MODAL,
    async ({ page, panel, card, sandbox }) => {
      const token = await sandbox.clientToken('demo_merchant');
      await open(panel, token, { 'three-d-secure': THREE_D_SECURE });
      await card.fill({ ...VISA, number: '4000000000001091' });
      void panel.requestPaymentMethod().catch(() => undefined);
      await expect(panel.element.getByRole('dialog', { name: 'Card Verification' })).toBeVisible();
      await expect(
        page
          .frameLocator('payment-panel iframe[src*="/sandbox/three_d_secure/v2/challenge"]')
          .getByLabel('Password'),
      ).toBeVisible();
      await expectNoViolations(page, 1);
    },
  );

  test(
    'in the 3D Secure modal, inside the bank frame',
    AXE_IN_MODAL,
    async ({ page, panel, card, sandbox }) => {
      const token = await sandbox.clientToken('three_d_secure_v1_merchant');
      await open(panel, token, { 'three-d-secure': THREE_D_SECURE });
      await card.fill({ ...VISA, number: '4000000000000002' });
      void panel.requestPaymentMethod().catch(() => undefined);
      await expect(panel.element.getByRole('dialog', { name: 'Card Verification' })).toBeVisible();
      await expect(
        page
          .frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]')
          .locator('#approve'),
      ).toBeVisible();
      await expectNoViolations(page, 1);
    },
  );

  test('with the notice to choose a way to pay', async ({ sandbox, page, panel }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    expect((await panel.requestPaymentMethod()).error?.code).toBe('NO_PAYMENT_METHOD_AVAILABLE');
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('Please choose a way to pay.');
    await expectNoViolations(page);
  });

  test('when no payment method is available', async ({ sandbox, page, panel }) => {
    await panel.openBare(sandbox.key('card_only_merchant'), 'local', {
      'payment-option-priority': '["paypal"]',
    });
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('No payment method is available.');
    await expectNoViolations(page);
  });

  test('in the themed checkout', async ({ page, card }) => {
    await page.goto('/themed.html');
    await page.locator('payment-panel [part="option"][data-option="card"]').click();
    await card.ready();
    await card.fill({ cardholderName: 'Robin Returning', ...VISA });
    await expectNoViolations(page, 5);
  });

  darkTest.describe('in the dark theme', () => {
    darkTest('the option list and a card sheet filled in', async ({ sandbox, page, panel, card }) => {
      await open(panel, sandbox.key('demo_merchant'), WALLETS);
      await expectNoViolations(page);
      await panel.chooseOption('card');
      await card.ready();
      await card.fill(VISA);
      await expectNoViolations(page, 4);
      expect((await panel.requestPaymentMethod()).payload?.type).toBe('CreditCard');
      await expectNoViolations(page);
    });

    darkTest('the themed checkout', async ({ page, card }) => {
      await page.goto('/themed.html');
      await page.locator('payment-panel [part="option"][data-option="card"]').click();
      await card.ready();
      await card.fill({ cardholderName: 'Robin Returning', ...VISA });
      await expectNoViolations(page, 5);
    });
  });

  test.describe('at 200 % zoom', () => {
    // Browser zoom at 200 % on a 1280 × 800 window: half as many CSS pixels, twice the device pixels.
    test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

    test('the card sheet with its errors', async ({ page, panel, card, sandbox }) => {
      const token = await sandbox.clientToken('three_d_secure_v1_merchant');
      await open(panel, token, { ...WALLETS, 'three-d-secure': THREE_D_SECURE });
      await panel.chooseOption('card');
      await card.ready();
      await panel.requestPaymentMethod();
      await expectNoViolations(page, 4);
    });

    test('the 3D Secure modal', AXE_IN_MODAL, async ({ page, panel, card, sandbox }) => {
      const token = await sandbox.clientToken('three_d_secure_v1_merchant');
      await open(panel, token, { ...WALLETS, 'three-d-secure': THREE_D_SECURE });
      await panel.chooseOption('card');
      await card.fill({ ...VISA, number: '4000000000000002' });
      void panel.requestPaymentMethod().catch(() => undefined);
      await expect(panel.element.getByRole('dialog', { name: 'Card Verification' })).toBeVisible();
      await expectNoViolations(page, 1);
    });
  });
});

test.describe('reflow at 320 CSS pixels (400 % zoom of a 1280 pixel window)', () => {
  test.use({ viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 });

  /**
   * Expects no horizontal scrolling and every visible part of the panel within the viewport: the window less its
   * vertical scroll bar, which Firefox shows and headless Chromium does not.
   */
  async function expectReflow(page: Page): Promise<void> {
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const root = document.querySelector('payment-panel')?.shadowRoot;
      const clipped = [...(root?.querySelectorAll('*') ?? [])]
        .filter((el) => el.checkVisibility() && el.getClientRects().length > 0)
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < -0.5 || box.right > width + 0.5);
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
      return { scroll: document.documentElement.scrollWidth - width, clipped };
    });
    expect(overflow).toEqual({ scroll: 0, clipped: [] });
  }

  test('the option list, the card sheet with errors, the saved methods and the 3D Secure modal', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('three_d_secure_v1_merchant', 'returning_shopper');
    await open(panel, token, { ...WALLETS, 'three-d-secure': THREE_D_SECURE });
    await expectReflow(page);
    await panel.chooseOption('card');
    await card.ready();
    await panel.requestPaymentMethod();
    await expect(card.error('number')).toHaveText('Please fill out a card number.');
    await expectReflow(page);
    await card.fill({ ...VISA, number: '4000000000000002' });
    void panel.requestPaymentMethod().catch(() => undefined);
    await expect(panel.element.getByRole('dialog', { name: 'Card Verification' })).toBeVisible();
    await expectReflow(page);
  });
});

test.describe('keyboard only', () => {
  test('a shopper pays by card on the demo checkout, from page load to the pay button', async ({
    page,
    panel,
    card,
  }) => {
    await panel.openDemo();
    await ready(panel);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('select:authorization-select');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input:apple-pay-simulator');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Card');
    // The focus ring shows on the panel's controls.
    expect(await outline(panel.option('card'))).toEqual({ style: 'solid', width: '2px' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:PayPal');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('button:Card');
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#card-sheet-label')).toBeFocused();
    await card.ready();

    // Number, expiration date, CVV, postal code: one frame after the other.
    for (const [field, value] of [
      ['number', VISA.number],
      ['expirationDate', VISA.expirationDate],
      ['cvv', VISA.cvv],
      ['postalCode', VISA.postalCode],
    ] as const) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`frame:${field}`);
      await expect(card.input(field)).toBeFocused();
      // The field's box shows the ring while its frame has focus.
      await expect(card.field(field).locator('[part="field-input"]')).toHaveCSS('outline-style', 'solid');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Choose another way to pay');
    expect(await outline(panel.toggle())).toEqual({ style: 'solid', width: '2px' });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:pay');
    await expect(page.locator('#pay')).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(page.locator('#result')).toHaveText(/^Nonce for your server: tokencc_/);
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Card');
  });

  test('the focus goes name, number, expiration date, CVV, postal code; Enter on Pay posts the form', async ({
    page,
    panel,
    card,
  }) => {
    await page.goto('/themed.html');
    await expect(panel.option('card')).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Card');
    await page.keyboard.press('Space');
    await expect(panel.element.locator('#card-sheet-label')).toBeFocused();
    await card.ready();
    for (const [field, value] of [
      ['cardholderName', 'Robin Returning'],
      ['number', VISA.number],
      ['expirationDate', VISA.expirationDate],
      ['cvv', VISA.cvv],
      ['postalCode', VISA.postalCode],
    ] as const) {
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`frame:${field}`);
      await page.keyboard.type(value);
    }
    // Backwards through the frames too.
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('frame:cvv');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:pay');
    await page.keyboard.press('Enter');
    await expect(page.locator('#nonce-check')).toHaveText('Known nonce: yes (CreditCard)');
  });

  test('a shopper picks PayPal and PayPal Credit and starts each with the keyboard', async ({
    sandbox,
    page,
    panel,
  }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Card');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#paypal-sheet-label')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Pay with PayPal');
    expect(
      await outline(panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true })),
    ).toEqual({
      style: 'solid',
      width: '2px',
    });
    const popupOpened = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const popup = await popupOpened;
    await approvalShown(popup);
    const closed = popup.waitForEvent('close');
    await popup.locator('#approve').click();
    await closed;
    // The sheet went: focus moves to the heading of the list that shows the account.
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with PayPal');
    await expect(panel.element.locator('#saved-methods-label')).toBeFocused();

    // The toggle leads back to the list; PayPal Credit's button starts with Space.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Choose another way to pay');
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#payment-options-label')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:PayPal Credit');
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#paypalCredit-sheet-label')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Pay with PayPal Credit');
    const creditOpened = page.waitForEvent('popup');
    await page.keyboard.press('Space');
    const credit = await creditOpened;
    await approvalShown(credit);
    await expect(credit.locator('#credit')).toBeVisible();
  });

  test('a shopper turns the Apple Pay simulator on and pays with Apple Pay from the keyboard', async ({
    page,
    panel,
  }) => {
    await panel.openDemo();
    await ready(panel);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input:apple-pay-simulator');
    // The switch reloads the page with the simulator.
    const reloaded = page.waitForEvent('load');
    await page.keyboard.press('Space');
    await reloaded;
    await expect(panel.option('applePay')).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Apple Pay');
    await page.keyboard.press('Enter');
    await expect(panel.element.locator('#applePay-sheet-label')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Pay with Apple Pay');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Apple Pay (simulated)' });
    await expect(sheet).toHaveAttribute('data-apple-pay-simulator', 'ready');
    await sheet.getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
    await expect(panel.element.locator('#saved-methods-label')).toHaveText('Paying with Apple Pay');
  });
});

test.describe('the 3D Secure modal', () => {
  /**
   * A guest with 3D Secure and a challenged card typed in: the request runs and the modal shows the
   * bank's frame. Tests that leave the modal open end with the request pending.
   */
  const withModal = test.extend<{
    verification: {
      modal: Locator;
      bank: FrameLocator;
      request: ReturnType<PanelPage['requestPaymentMethod']>;
    };
  }>({
    verification: async ({ page, panel, card, sandbox }, use) => {
      const token = await sandbox.clientToken('three_d_secure_v1_merchant');
      await open(panel, token, { 'three-d-secure': THREE_D_SECURE });
      await card.fill({ ...VISA, number: '4000000000000002' });
      const request = panel.requestPaymentMethod();
      request.catch(() => undefined);
      const modal = panel.element.getByRole('dialog', { name: 'Card Verification' });
      await expect(modal).toBeVisible();
      const bank = page.frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]');
      await expect(bank.locator('#approve')).toBeVisible();
      await use({ modal, bank, request });
    },
  });

  withModal('is a labelled modal dialog; focus moves into it on open', async ({ page, verification }) => {
    const { modal } = verification;
    await expect(modal).toHaveAttribute('aria-modal', 'true');
    expect(await modal.evaluate((el) => el.matches(':modal'))).toBe(true);
    await expect(modal.getByRole('button', { name: 'Close card verification' })).toBeFocused();
    expect(await focused(page)).toBe('button:Close card verification');
  });

  withModal(
    'Tab and Shift+Tab cycle between the close button and the bank frame',
    async ({ page, verification }) => {
      const { bank } = verification;
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('frame:Card Verification');
      await expect(bank.locator('#approve')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(bank.locator('#fail')).toBeFocused();
      // Past the bank's last control, back to the close button.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button:Close card verification');
      // Backwards from the close button: into the bank frame at its last control, then out to the button.
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('frame:Card Verification');
      await expect(bank.locator('#fail')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(bank.locator('#approve')).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('button:Close card verification');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('button:Close card verification');
    },
  );

  withModal(
    'Escape closes it as a cancel; focus goes to the heading of the view shown then',
    async ({ page, panel, verification }) => {
      const { modal, request } = verification;
      await page.keyboard.press('Escape');
      expect((await request).payload).toMatchObject({
        liabilityShifted: false,
        liabilityShiftPossible: true,
      });
      await expect(modal).toBeHidden();
      await expect(panel.element.locator('#saved-methods-label')).toBeFocused();
    },
  );

  test('the close button cancels too, and focus returns to the control that had it', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('three_d_secure_v1_merchant');
    await open(panel, token, { ...WALLETS, 'three-d-secure': THREE_D_SECURE });
    await panel.chooseOption('card');
    await card.fill({ ...VISA, number: '4000000000000002' });
    // The shopper left the postal code with Tab: the toggle has focus when the modal opens.
    expect(await focused(page)).toBe('button:Choose another way to pay');
    const request = panel.requestPaymentMethod();
    const modal = panel.element.getByRole('dialog', { name: 'Card Verification' });
    await expect(modal.getByRole('button', { name: 'Close card verification' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect((await request).payload).toMatchObject({ liabilityShifted: false });
    await expect(modal).toBeHidden();
    await expect(panel.toggle()).toBeFocused();
  });
});

test.describe('live regions', () => {
  test('the inline errors are announced by regions that were there before', async ({
    sandbox,
    panel,
    card,
  }) => {
    await open(panel, sandbox.key('card_only_merchant'));
    await card.ready();
    const region = card.error('number');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveText('');
    const before = await region.elementHandle();
    await panel.requestPaymentMethod();
    await expect(region).toHaveText('Please fill out a card number.');
    // The same element, not a new one.
    expect(await region.evaluate((el, old) => el === old, before)).toBe(true);
  });

  test('the sheet-level error is announced by an alert region that was there before', async ({
    sandbox,
    panel,
  }) => {
    await open(panel, sandbox.key('demo_merchant'), WALLETS);
    const alert = panel.element.locator('[data-active-view] > [role="alert"]');
    await expect(alert).toHaveCount(1);
    await expect(alert).toBeEmpty();
    const before = await alert.elementHandle();
    await panel.requestPaymentMethod();
    await expect(alert).toHaveText('Please choose a way to pay.');
    expect(await alert.evaluate((el, old) => el === old, before)).toBe(true);
    // It empties again, and stays, when the shopper moves on.
    await panel.option('card').click();
    await expect(alert).toBeEmpty();
    expect(await alert.evaluate((el, old) => el === old, before)).toBe(true);
  });

  test("the card sheet's error is announced by an alert region that was there before", async ({
    panel,
    card,
    sandbox,
  }) => {
    await open(panel, sandbox.key('card_only_merchant'));
    await card.ready();
    const alert = panel.element.locator('[part~="card-sheet"] [role="alert"]');
    await expect(alert).toBeEmpty();
    const before = await alert.elementHandle();
    await card.fill(VISA);
    await sandbox.inject({ match: '/v1/payment_methods/credit_cards', kind: '500' });
    await panel.requestPaymentMethod();
    await expect(alert).toHaveText('Network error. Please try again.');
    expect(await alert.evaluate((el, old) => el === old, before)).toBe(true);
  });
});

reducedMotionTest.describe('reduced motion', () => {
  reducedMotionTest(
    'nothing animates or transitions, the loading indicator included',
    async ({ panel, sandbox }) => {
      await sandbox.inject({ match: 'client_api/v1/configuration', kind: 'slow', delayMs: 3000, count: 1 });
      await panel.openBare(sandbox.key('demo_merchant'));
      const spinner = panel.element.locator('.spinner');
      await expect(spinner).toBeVisible();
      await expect(spinner).toHaveCSS('animation-name', 'none');
      await ready(panel);
      const moving = await panel.element.evaluate(
        (el) =>
          [...(el.shadowRoot?.querySelectorAll('*') ?? [])].filter((node) => {
            const style = getComputedStyle(node);
            return (
              style.animationName !== 'none' ||
              style.transitionDuration.split(',').some((d) => parseFloat(d) > 0)
            );
          }).length,
      );
      expect(moving).toBe(0);
    },
  );
});

test.describe('without reduced motion', () => {
  test('the loading indicator spins', async ({ panel, sandbox }) => {
    await sandbox.inject({ match: 'client_api/v1/configuration', kind: 'slow', delayMs: 3000, count: 1 });
    await panel.openBare(sandbox.key('demo_merchant'));
    const spinner = panel.element.locator('.spinner');
    await expect(spinner).toBeVisible();
    await expect(spinner).toHaveCSS('animation-name', 'spin');
  });
});
