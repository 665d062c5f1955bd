/**
 * The PayPal popup as a shopper drives it: the sheet's button opens it, the sandbox's approval page
 * shows in it (docs/sandbox.md, "PayPal in the sandbox"), and Approve (with the payer's choice of
 * paying in full or Pay in 4 when the page offers it) sends it back to the panel.
 */
import { expect, type Page } from '@playwright/test';
import type { PanelPage } from './panel';
import { approvalShown } from './sandbox';

/** Clicks the sheet's button and returns the approval popup once the sandbox page is in it. */
export async function openPopup(page: Page, panel: PanelPage, label = 'Pay with PayPal'): Promise<Page> {
  const popupOpened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: label, exact: true }).click();
  const popup = await popupOpened;
  await approvalShown(popup);
  return popup;
}

/**
 * Approves in the popup and waits until it has closed and the panel holds the account: the return
 * page closes the popup as soon as it has posted PayPal's answer, before the panel has tokenized it.
 * `payIn4` first chooses Pay in 4, which the page offers an eligible Pay Later checkout.
 */
export async function approve(popup: Page, panel: PanelPage, { payIn4 = false } = {}): Promise<void> {
  if (payIn4) await popup.getByRole('radio', { name: /^Pay in 4:/ }).check();
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
  await expect.poll(() => panel.isRequestable()).toBe(true);
}
