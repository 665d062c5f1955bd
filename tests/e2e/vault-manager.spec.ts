/**
 * The vault manager (docs/vault-manager.md): a customer deletes a saved method after confirming,
 * cancels, meets a failed deletion, does it all by keyboard; guests see no "Edit"; axe in edit mode
 * and on the question. Each test in a sandbox partition of its own, against the local servers.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import { VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { expect, test } from './support/fixtures';

const PAYPAL = JSON.stringify({ flow: 'vault' });
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Opens the minimal page with a panel offering the vault manager, and waits until it is ready. */
async function open(panel: PanelPage, authorization: string, attributes: Record<string, string> = {}) {
  await panel.openBare(authorization, 'local', { 'vault-manager': '', paypal: PAYPAL, ...attributes });
  await panel.waitForEvent('ready');
}

/** The saved methods, in edit mode or not. */
function methods(panel: PanelPage) {
  return panel.element.locator('[part~="saved-method"]');
}

function heading(panel: PanelPage) {
  return panel.element.locator('#saved-methods-label');
}

function editButton(panel: PanelPage) {
  return panel.element.locator('[part="edit-methods"]');
}

function question(panel: PanelPage) {
  return panel.element.locator('[part="delete-confirmation"]');
}

function confirmButton(panel: PanelPage) {
  return panel.element.locator('[part="delete-confirmation-button"]');
}

function cancelButton(panel: PanelPage) {
  return panel.element.locator('[part="delete-cancel-button"]');
}

/** What has focus, followed into the panel's shadow root: its tag and text (or id). */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    if (!element) return 'none';
    // The text without the hidden icons, near enough to the accessible name.
    const visible = element.cloneNode(true) as Element;
    for (const hidden of visible.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return `${element.tagName.toLowerCase()}:${element.id || visible.textContent.trim()}`;
  });
}

/** The names of the panel's events so far. */
async function eventNames(panel: PanelPage): Promise<string[]> {
  return (await panel.events()).map((event) => event.name);
}

const SAVED = [/Visa.*Ending in ••11/, /MasterCard.*Ending in ••44/, /PayPal.*robin\.returning@example\.com/];

test.describe('the vault manager', () => {
  test('deletes a saved card after the shopper confirms; the list and a reload no longer show it', async ({
    page,
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token);
    await expect(methods(panel)).toHaveText(SAVED);
    await panel.waitForEvent('paymentMethodRequestable');
    await expect(editButton(panel)).toHaveText('Edit');

    await editButton(panel).click();
    await expect(heading(panel)).toHaveText('Edit payment methods');
    await expect(editButton(panel)).toHaveText('Cancel');
    await expect(panel.element.locator('[part~="delete-method"]')).toHaveCount(3);
    await expect(panel.toggle()).toHaveCount(0);
    // Choosing a method deletes it: nothing is requestable while the list is edited.
    await expect.poll(() => eventNames(panel)).toContain('noPaymentMethodRequestable');
    expect(await panel.isRequestable()).toBe(false);

    await methods(panel).nth(0).click();
    await expect(question(panel)).toContainText('Delete Visa card ending in 1111?');
    await expect(cancelButton(panel)).toHaveText('Cancel');
    await expect(confirmButton(panel)).toHaveText('Delete');
    await expect(confirmButton(panel)).toBeFocused();
    await confirmButton(panel).click();

    await expect(question(panel)).toHaveCount(0);
    await expect(methods(panel)).toHaveText(SAVED.slice(1));
    await expect(heading(panel)).toHaveText('Edit payment methods');
    const [deleted] = await sandbox.waitForRequests('/graphql');
    expect(deleted?.body).toMatchObject({
      operationName: 'DeletePaymentMethodFromSingleUseToken',
      variables: { input: { singleUseTokenId: expect.stringMatching(/^tokencc_sb_/) as unknown } },
      clientSdkMetadata: { platform: 'web', source: 'client' },
    });
    expect(deleted?.status).toBe(200);

    await page.reload();
    await panel.waitForEvent('ready');
    await expect(methods(panel)).toHaveText(SAVED.slice(1));
  });

  test('cancelling the question deletes nothing and goes back to edit mode', async ({
    page,
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token);
    await editButton(panel).click();
    await methods(panel).nth(2).click();
    await expect(question(panel)).toContainText('Delete PayPal account robin.returning@example.com?');
    await cancelButton(panel).click();
    await expect(question(panel)).toHaveCount(0);
    await expect(heading(panel)).toHaveText('Edit payment methods');
    await expect(methods(panel)).toHaveText(SAVED);
    // Focus is back on the method asked about.
    expect(await focused(page)).toMatch(/^button:PayPal/);
    // "Cancel" leaves edit mode: the chosen method is requestable again.
    await editButton(panel).click();
    await expect(heading(panel)).toHaveText('Paying with Card');
    await expect.poll(() => panel.isRequestable()).toBe(true);
    expect(await sandbox.requests('/graphql')).toEqual([]);
  });

  test('a deletion the gateway refuses or fails says so and stays in edit mode; trying again deletes', async ({
    page,
    panel,
    sandbox,
  }) => {
    const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    await open(panel, token);
    await editButton(panel).click();

    // A failure of the call itself.
    await sandbox.inject({ call: 'graphQL', kind: '500' });
    await methods(panel).nth(1).click();
    await confirmButton(panel).click();
    const error = panel.element.locator('[part="sheet-error"]');
    await expect(error).toHaveText('Unable to delete payment method, try again.');
    await expect(heading(panel)).toHaveText('Edit payment methods');
    await expect(methods(panel)).toHaveText(SAVED);
    expect(await panel.waitForError()).toMatchObject({
      code: 'VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR',
      type: 'UNKNOWN',
    });

    // The card is deleted elsewhere (another visit's list, the nonces of which are its own): the
    // panel's nonce now stands for nothing, and the gateway answers NOT_FOUND.
    const fingerprint = (
      JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { authorizationFingerprint: string }
    ).authorizationFingerprint;
    const gateway = localOrigins().gateway;
    const list = await page.request.get(`${gateway}/merchants/demo_merchant/client_api/v1/payment_methods`, {
      params: { authorizationFingerprint: fingerprint },
    });
    const elsewhere = ((await list.json()) as { paymentMethods: { nonce: string }[] }).paymentMethods[0]
      ?.nonce;
    const removed = await page.request.post(`${gateway}/graphql`, {
      headers: { authorization: `Bearer ${fingerprint}`, 'braintree-version': '2018-05-10' },
      data: {
        query:
          'mutation DeletePaymentMethodFromSingleUseToken($input: DeletePaymentMethodFromSingleUseTokenInput!) { deletePaymentMethodFromSingleUseToken(input: $input) { clientMutationId } }',
        variables: { input: { singleUseTokenId: elsewhere } },
      },
    });
    expect(removed.status()).toBe(200);
    await panel.clearEvents();
    await methods(panel).nth(0).click();
    await confirmButton(panel).click();
    expect(await panel.waitForError()).toMatchObject({
      code: 'VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND',
      type: 'MERCHANT',
      message: expect.stringMatching(
        /^A payment method for payment method nonce `tokencc_sb_\w+` could not be found\.$/,
      ),
    });
    await expect(error).toHaveText('Unable to delete payment method, try again.');
    await expect(heading(panel)).toHaveText('Edit payment methods');

    // Trying again with a method still saved deletes it.
    await methods(panel).nth(1).click();
    await expect(error).toHaveCount(0);
    await confirmButton(panel).click();
    await expect(methods(panel)).toHaveText([SAVED[0] as RegExp, SAVED[2] as RegExp]);
  });

  test('offers "Edit" to a customer only: not to a guest, whose list holds the card just paid with', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    const files: string[] = [];
    page.on('request', (request) => files.push(new URL(request.url()).pathname));
    const deletionFile = (): string[] => files.filter((path) => path.includes('/modules/vault-manager'));
    const customer = await sandbox.clientToken('demo_merchant', 'returning_shopper');
    // Without the option: no "Edit", and the deletion's file is not fetched.
    await panel.openBare(customer, 'local', { paypal: PAYPAL });
    await panel.waitForEvent('ready');
    await expect(methods(panel)).toHaveText(SAVED);
    await expect(editButton(panel)).toHaveCount(0);
    await open(panel, customer);
    await expect(editButton(panel)).toBeVisible();
    // The file comes once the shopper edits.
    expect(deletionFile()).toEqual([]);
    await editButton(panel).click();
    await expect.poll(deletionFile).toHaveLength(1);

    await open(panel, await sandbox.clientToken('demo_merchant'));
    await panel.chooseOption('card');
    await card.fill(VISA);
    expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
    await expect(methods(panel)).toHaveText([/Visa.*Ending in ••11/]);
    await expect(editButton(panel)).toHaveCount(0);

    await open(panel, sandbox.key('demo_merchant'));
    await panel.chooseOption('card');
    await card.fill(VISA);
    expect((await panel.requestPaymentMethod()).payload).toMatchObject({ type: 'CreditCard' });
    await expect(methods(panel)).toHaveCount(1);
    await expect(editButton(panel)).toHaveCount(0);
  });

  test('works by keyboard alone: Escape takes the question back, Enter deletes', async ({
    page,
    panel,
    sandbox,
  }) => {
    await open(panel, await sandbox.clientToken('demo_merchant', 'returning_shopper'));
    await expect(editButton(panel)).toBeVisible();
    for (let presses = 0; presses < 30 && (await focused(page)) !== 'button:Edit'; presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await focused(page)).toBe('button:Edit');
    await page.keyboard.press('Enter');
    await expect(heading(panel)).toHaveText('Edit payment methods');
    await expect.poll(() => focused(page)).toBe('h2:saved-methods-label');

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button:Cancel');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^button:.*Visa.*Ending in ••11/);
    await page.keyboard.press('Enter');
    await expect(question(panel)).toContainText('Delete Visa card ending in 1111?');
    await expect.poll(() => focused(page)).toBe('button:Delete');
    await page.keyboard.press('Escape');
    await expect(question(panel)).toHaveCount(0);
    await expect.poll(() => focused(page)).toMatch(/^button:.*Visa.*Ending in ••11/);

    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('button:Delete');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('button:Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(methods(panel)).toHaveText(SAVED.slice(1));
    await expect.poll(() => focused(page)).toBe('h2:saved-methods-label');
  });

  test('axe finds no violation in edit mode and on the question', async ({ page, panel, sandbox }) => {
    test.setTimeout(90_000);
    await open(panel, await sandbox.clientToken('demo_merchant', 'returning_shopper'));
    const expectNoViolations = async (): Promise<void> => {
      const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
      const found = results.violations.map((violation) => ({
        rule: violation.id,
        nodes: violation.nodes.map((node) => node.target),
      }));
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    };
    await editButton(panel).click();
    await expect(heading(panel)).toHaveText('Edit payment methods');
    await expectNoViolations();
    await methods(panel).nth(0).click();
    await expect(confirmButton(panel)).toBeFocused();
    await expectNoViolations();
  });
});
