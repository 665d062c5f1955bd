/**
 * The card sheet's hosted fields, typed into as a shopper would, in WebKit over WebDriver: the
 * Playwright suite's `CardFields` (tests/e2e/models/card-fields.ts) with the same verbs.
 */
import { expect } from '@playwright/test';
import { By, type WebElement } from 'selenium-webdriver';
import type { FieldKey } from '../../../src/shared/hosted-fields';
import type { WebKitPanel } from './panel';

export { VISA } from '../../e2e/models/card-fields';

/** The card fields of the (first) panel on a page. */
export class WebKitCardFields {
  constructor(private readonly panel: WebKitPanel) {}

  private get driver() {
    return this.panel.page.driver;
  }

  /** The frame element of a field, in the panel's shadow root. */
  frame(field: FieldKey): Promise<WebElement> {
    return this.panel.locate(`iframe[name^="payment-panel-hosted-field-${field}-"]`);
  }

  /**
   * Runs `action` on the input inside a field's frame, then returns to the merchant page. WebKit
   * moves the focus to a frame WebDriver switches to (and tells the frame that had it nothing), so
   * read a field after the keys meant for another, never between them.
   */
  async inInput<T>(field: FieldKey, action: (input: WebElement) => Promise<T>): Promise<T> {
    const frame = await this.frame(field);
    await this.driver.switchTo().frame(frame);
    try {
      return await action(await this.driver.findElement(By.css('input')));
    } finally {
      await this.driver.switchTo().defaultContent();
    }
  }

  /** What a field's input shows (see {@link WebKitCardFields.inInput} on focus). */
  value(field: FieldKey): Promise<string> {
    return this.inInput(field, async (input) => (await input.getAttribute('value')) ?? '');
  }

  /** An attribute of a field's input (see {@link WebKitCardFields.inInput} on focus). */
  attribute(field: FieldKey, name: string): Promise<string | null> {
    return this.inInput(field, (input) => input.getAttribute(name));
  }

  /** The field whose box shows the focus ring: the panel's view of which frame's input has focus. */
  async focused(): Promise<FieldKey | null> {
    const box = await this.panel.find('[part~="field"]:has([part="field-input"][data-focused="true"])');
    const part = box ? await box.getAttribute('part') : null;
    return (/field-(\w+)/.exec(part ?? '')?.[1] as FieldKey | undefined) ?? null;
  }

  /** Clicks a field, as a shopper's pointer does: in the middle of its frame, from the merchant page. */
  async click(field: FieldKey): Promise<void> {
    const frame = await this.frame(field);
    await this.driver.actions().move({ origin: frame }).click().perform();
  }

  /** A field's inline error text; empty when it shows none. */
  async error(field: FieldKey): Promise<string> {
    return (await this.panel.text(`[part~="field-${field}"] [part="field-error"]`)) ?? '';
  }

  /** Waits until every frame of the sheet is ready. */
  async ready(): Promise<void> {
    await expect
      .poll(async () => (await this.panel.find('[part~="card-sheet"]'))?.getAttribute('data-ready'), {
        message: 'the card sheet is ready',
      })
      .toBe('true');
  }

  /** Types into a field key by key, after clicking it as a shopper does. */
  async type(field: FieldKey, value: string): Promise<void> {
    await this.click(field);
    await this.panel.page.keyboard.type(value);
  }

  /** Fills the whole card form key by key, leaving the last field with Tab. */
  async fill(card: Partial<Record<FieldKey, string>>): Promise<void> {
    for (const [field, value] of Object.entries(card) as [FieldKey, string][]) {
      if (await this.panel.find(`iframe[name^="payment-panel-hosted-field-${field}-"]`)) {
        await this.type(field, value);
      }
    }
    await this.panel.page.keyboard.press('Tab');
  }
}
