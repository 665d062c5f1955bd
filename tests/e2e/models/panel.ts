/** A merchant page with `<payment-panel>`, and the events it fired. */
import { expect, type Locator, type Page } from '@playwright/test';
import type { PaymentPanelElement } from '../../../src/element/payment-panel-element';
import { PANEL_EVENT_NAMES, type PanelEventName } from '../../../src/shared/event-names';
import { recordPanelEvents, requestPaymentMethodOf, type RequestOutcome } from './page-scripts';

/** An event as the page recorded it; errors keep their catalogue fields. */
export interface RecordedEvent {
  name: PanelEventName;
  detail: { code?: string; type?: string; message?: string; details?: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

/** Records every panel event that reaches the document, from before any script runs. */
async function recordEvents(page: Page): Promise<void> {
  await page.addInitScript(recordPanelEvents, PANEL_EVENT_NAMES);
}

/** Which bundle a bare merchant page loads. */
export type Flavour = 'local' | 'release';

/** The panel on a merchant page. */
export class PanelPage {
  readonly element: Locator;

  constructor(readonly page: Page) {
    this.element = page.locator('payment-panel');
  }

  /** Opens the demo checkout with its default authorization. */
  async openDemo(): Promise<void> {
    await recordEvents(this.page);
    await this.page.goto('/');
  }

  /**
   * Opens the minimal merchant page, which loads the bundle of a flavour and holds one
   * `<payment-panel>` with the given authorization (none when `undefined`) and attributes.
   * `waitUntil: 'domcontentloaded'` for a page whose load event a held file keeps from coming.
   */
  async openBare(
    authorization: string | undefined,
    flavour: Flavour = 'local',
    attributes: Record<string, string> = {},
    { waitUntil = 'load' }: { waitUntil?: 'load' | 'domcontentloaded' } = {},
  ): Promise<void> {
    const query = new URLSearchParams({
      ...attributes,
      ...(flavour === 'release' ? { bundle: 'release' } : {}),
    });
    if (authorization !== undefined) query.set('authorization', authorization);
    await recordEvents(this.page);
    await this.page.goto(`/minimal.html?${query}`, { waitUntil });
  }

  /** Whether the element says a payment method is requestable. */
  async isRequestable(): Promise<boolean> {
    return this.element.evaluate((el) => (el as PaymentPanelElement).isPaymentMethodRequestable());
  }

  /** Every message the merchant window received, as JSON text. */
  async messages(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { panelMessages: string[] }).panelMessages);
  }

  /** Calls `requestPaymentMethod()` and returns its payload, or the rejection's catalogue error. */
  async requestPaymentMethod(): Promise<RequestOutcome> {
    return this.element.evaluate(requestPaymentMethodOf);
  }

  /** Every event recorded so far. */
  async events(): Promise<RecordedEvent[]> {
    return this.page.evaluate(() => (window as unknown as { panelEvents: RecordedEvent[] }).panelEvents);
  }

  /** Waits for the first event of a name and returns it. */
  async waitForEvent(name: PanelEventName): Promise<RecordedEvent> {
    await expect.poll(async () => (await this.events()).some((e) => e.name === name)).toBe(true);
    const event = (await this.events()).find((e) => e.name === name);
    if (!event) throw new Error(`no ${name} event`);
    return event;
  }

  /** Waits for an `errorOccurred` and returns its catalogue error. */
  async waitForError(): Promise<RecordedEvent['detail']> {
    return (await this.waitForEvent('errorOccurred')).detail;
  }

  /** Sets the element's authorization attribute. */
  async setAuthorization(authorization: string): Promise<void> {
    await this.element.evaluate((el, value) => {
      el.setAttribute('authorization', value);
    }, authorization);
  }

  /** Forgets the events recorded so far. */
  async clearEvents(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { panelEvents: unknown[] }).panelEvents.length = 0;
    });
  }

  /** The button of a payment option in the option list. */
  option(option: string): Locator {
    return this.element.locator(`[part="option"][data-option="${option}"]`);
  }

  /** The entries of the saved methods list. */
  savedMethods(): Locator {
    return this.element.locator('[part="saved-method"]');
  }

  /** The "Choose another way to pay" toggle. */
  toggle(): Locator {
    return this.element.locator('[part="toggle"]');
  }

  /** Opens a payment option's sheet from wherever the panel is, as a shopper would. */
  async chooseOption(option: string): Promise<void> {
    const target = this.option(option);
    // Right after a sheet changed, the view may still be between the two: the option list on its way out, the toggle
    // not there yet. Whichever shows is used, again, until the option's button takes the click.
    await expect(async () => {
      if (!(await target.isVisible())) await this.toggle().click({ timeout: 2000 });
      await target.click({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  }

  /** The panel's state as its shadow DOM shows it: loading, ready or failed. */
  state(): Locator {
    return this.element.locator('[part="panel"]');
  }
}
