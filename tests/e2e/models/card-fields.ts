/** The card sheet's hosted fields, typed into as a shopper would. */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { FieldKey } from '../../../src/shared/hosted-fields';

/** A complete, valid Visa card. */
export const VISA = { number: '4111111111111111', expirationDate: '1230', cvv: '123', postalCode: '12345' };

/**
 * Gives the page back the focus Tab from its last control took to the browser's own toolbar, as a shopper's click
 * into the page does. Firefox's click synthesized over WebDriver BiDi does not (keys would then reach the frame
 * focused before, and no element of the page counts as focused), so the page asks for it: Firefox lets it
 * (`dom.disable_window_flip` off, playwright.config.ts). Nothing happens while the page has the focus.
 */
export async function focusPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    if (!document.hasFocus()) window.focus();
  });
}

/** The card fields of the (first) panel on a page. */
export class CardFields {
  constructor(private readonly page: Page) {}

  /** The frame of a field. */
  frame(field: FieldKey): FrameLocator {
    return this.page.frameLocator(`payment-panel iframe[name^="payment-panel-hosted-field-${field}-"]`);
  }

  /** The input inside a field's frame. */
  input(field: FieldKey): Locator {
    return this.frame(field).locator('input');
  }

  /** The sheet-side box of a field (label, frame, inline error). */
  field(field: FieldKey): Locator {
    return this.page.locator(`payment-panel [part~="field-${field}"]`);
  }

  /** A field's inline error text. */
  error(field: FieldKey): Locator {
    return this.field(field).locator('[part="field-error"]');
  }

  /** Waits until every frame of the sheet is ready. */
  async ready(): Promise<void> {
    await expect(this.page.locator('payment-panel [part~="card-sheet"]')).toHaveAttribute(
      'data-ready',
      'true',
    );
  }

  /** Types into a field key by key. */
  async type(field: FieldKey, value: string): Promise<void> {
    await this.input(field).click();
    await this.input(field).pressSequentially(value);
  }

  /**
   * Fills the whole card form key by key, leaving the last field with Tab. Where that field is the page's last
   * control, Tab takes the shopper out of the page; they come back to it to pay ({@link focusPage}).
   */
  async fill(card: Partial<Record<FieldKey, string>>): Promise<void> {
    for (const [field, value] of Object.entries(card) as [FieldKey, string][]) {
      if ((await this.input(field).count()) > 0) await this.type(field, value);
    }
    await this.page.keyboard.press('Tab');
    await focusPage(this.page);
  }
}
