/**
 * The panel on a merchant page, in WebKit over WebDriver: the Playwright suite's `PanelPage`
 * (tests/e2e/models/panel.ts) with the same verbs. WebDriver's selectors stop at shadow roots, so
 * the panel's nested roots (the element's, then its view's) are searched by a script.
 */
import { expect } from '@playwright/test';
import type { WebElement } from 'selenium-webdriver';
import { PANEL_EVENT_NAMES, type PanelEventName } from '../../../src/shared/event-names';
import {
  describeFocus,
  recordPanelEvents,
  requestPaymentMethodOf,
  type RequestOutcome,
} from '../../e2e/models/page-scripts';
import type { Flavour, RecordedEvent } from '../../e2e/models/panel';
import type { WebKitPage } from './page';

/**
 * The first element matching `selector` in the first `<payment-panel>`'s shadow root or any shadow
 * root nested in it, in document order of the roots. Runs in the page.
 */
function queryPanel(selector: string): Element | null {
  const host = document.querySelector('payment-panel');
  const roots: ShadowRoot[] = [];
  const walk = (root: ShadowRoot): void => {
    roots.push(root);
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
  };
  if (host?.shadowRoot) walk(host.shadowRoot);
  for (const root of roots) {
    const found = root.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/** The text of every element matching `selector` in the panel's shadow roots. Runs in the page. */
function panelTexts(selector: string): string[] {
  const host = document.querySelector('payment-panel');
  const texts: string[] = [];
  const walk = (root: ShadowRoot): void => {
    for (const element of root.querySelectorAll(selector)) texts.push(element.textContent.trim());
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) walk(element.shadowRoot);
  };
  if (host?.shadowRoot) walk(host.shadowRoot);
  return texts;
}

/** A `requestPaymentMethod()` under way in the page. */
export interface PendingRequest {
  /** Waits until it settles and returns its payload or its catalogue error. */
  outcome(): Promise<RequestOutcome>;
}

/**
 * Counts the documents each frame of the panel has loaded, by the frame's name (or, for a frame
 * without one, as the issuer's, the path of its address), as
 * `window.panelFrameLoads`: what WebDriver cannot see of a cross-origin frame without switching to
 * it, which in WebKit moves the focus there. Runs in the page, once the element is defined.
 */
function recordFrameLoads(): void {
  const loads: Record<string, number> = {};
  (window as unknown as { panelFrameLoads: Record<string, number> }).panelFrameLoads = loads;
  // A frame's load event does not leave the shadow root it is in: listen there, capturing.
  document.querySelector('payment-panel')?.shadowRoot?.addEventListener(
    'load',
    (event) => {
      if (!(event.target instanceof HTMLIFrameElement)) return;
      const key = event.target.name || new URL(event.target.src).pathname;
      loads[key] = (loads[key] ?? 0) + 1;
    },
    true,
  );
}

/**
 * Records, as `window.pageErrors`, what goes wrong in the merchant page: uncaught exceptions,
 * unhandled rejections and what its Content Security Policy refuses. Runs in the page.
 */
function recordPageErrors(): void {
  const errors: string[] = [];
  (window as unknown as { pageErrors: string[] }).pageErrors = errors;
  window.addEventListener('error', (event) => {
    errors.push(`uncaught: ${event.message}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    errors.push(`unhandled rejection: ${String(event.reason)}`);
  });
  document.addEventListener('securitypolicyviolation', (event) => {
    errors.push(`refused by ${event.effectiveDirective}: ${event.blockedURI}`);
  });
}

/** The panel on the test's page. */
export class WebKitPanel {
  constructor(readonly page: WebKitPage) {}

  /**
   * Opens the demo checkout with its default authorization. WebDriver runs no script before the
   * page's own, so events are recorded from the page's load on: wait for the panel's first view
   * with {@link WebKitPanel.waitForReady}, not for its `ready` event.
   */
  async openDemo(): Promise<void> {
    await this.page.goto('/');
    await this.record();
  }

  /**
   * Opens the minimal merchant page, which loads the bundle of a flavour and holds one
   * `<payment-panel>` with the given authorization and attributes (as {@link WebKitPanel.openDemo}).
   */
  async openBare(
    authorization: string | undefined,
    flavour: Flavour = 'local',
    attributes: Record<string, string> = {},
  ): Promise<void> {
    const query = new URLSearchParams({
      ...attributes,
      ...(flavour === 'release' ? { bundle: 'release' } : {}),
    });
    if (authorization !== undefined) query.set('authorization', authorization);
    await this.page.goto(`/minimal.html?${query}`);
    await this.record();
  }

  /** Starts recording the panel's events and its frames' loads, e.g. again after the page reloaded. */
  async record(): Promise<void> {
    await this.page.evaluate(recordPanelEvents, PANEL_EVENT_NAMES);
    await this.page.evaluate(recordFrameLoads);
    await this.page.evaluate(recordPageErrors);
  }

  /**
   * What went wrong in the merchant page since {@link WebKitPanel.record} (none when the page
   * records nothing: another page, or one that has not been recorded). The site icon WebKit asks for is
   * served and allowed on every page, so nothing is expected.
   */
  async pageErrors(): Promise<string[]> {
    await this.page.driver.switchTo().defaultContent();
    return this.page.evaluate(() => (window as unknown as { pageErrors?: string[] }).pageErrors ?? []);
  }

  /** Waits until the panel's frame whose name (or path) starts with `name` has loaded `count` documents. */
  async waitForFrameLoads(name: string, count: number): Promise<void> {
    await expect
      .poll(
        async () => {
          await this.page.driver.switchTo().defaultContent();
          return this.page.evaluate((prefix: string) => {
            const loads = (window as unknown as { panelFrameLoads: Record<string, number> }).panelFrameLoads;
            return Object.entries(loads).find(([frame]) => frame.startsWith(prefix))?.[1] ?? 0;
          }, name);
        },
        { message: `${name} loaded ${count} documents` },
      )
      .toBeGreaterThanOrEqual(count);
  }

  /** Waits until the panel shows its first view: what its `ready` event announces. */
  async waitForReady(): Promise<void> {
    await expect.poll(() => this.state()).toBe('ready');
  }

  /** The panel's state as its shadow DOM shows it: loading, ready or failed. */
  async state(): Promise<string | null> {
    const element = await this.find('[part="panel"]');
    return element ? element.getAttribute('data-state') : null;
  }

  /** Whether the element says a payment method is requestable. */
  async isRequestable(): Promise<boolean> {
    return this.page.evaluate(() =>
      (
        document.querySelector('payment-panel') as Element & { isPaymentMethodRequestable(): boolean }
      ).isPaymentMethodRequestable(),
    );
  }

  /** Calls `requestPaymentMethod()` and returns its payload, or the rejection's catalogue error. */
  async requestPaymentMethod(): Promise<RequestOutcome> {
    return (await this.startRequest()).outcome();
  }

  /**
   * Calls `requestPaymentMethod()` and returns at once, for a request the shopper has to answer
   * first (3D Secure). WebDriver runs one command at a time and would wait for the promise, so the
   * page keeps the outcome until the test asks for it, after the shopper's part.
   */
  async startRequest(): Promise<PendingRequest> {
    const element = await this.page.locate('payment-panel');
    // The shared page function goes in as source text: a script's arguments cannot carry a function.
    const index = await this.page.driver.executeScript<number>(
      `const request = ${requestPaymentMethodOf.toString()};
      const outcomes = (window.panelRequests ??= []);
      const at = outcomes.push(null) - 1;
      request(arguments[0]).then((outcome) => { outcomes[at] = outcome; });
      return at;`,
      element,
    );
    const outcome = async (): Promise<RequestOutcome> => {
      const found: { settled?: RequestOutcome | null } = {};
      await expect
        .poll(
          async () => {
            await this.page.driver.switchTo().defaultContent();
            found.settled = await this.page.evaluate(
              (at: number) =>
                (window as unknown as { panelRequests: (RequestOutcome | null)[] }).panelRequests[at] ?? null,
              index,
            );
            return found.settled !== null;
          },
          { message: 'requestPaymentMethod() settles' },
        )
        .toBe(true);
      return found.settled ?? {};
    };
    return { outcome };
  }

  /** Every event recorded since the page loaded. */
  async events(): Promise<RecordedEvent[]> {
    await this.page.driver.switchTo().defaultContent();
    return this.page.evaluate(() => (window as unknown as { panelEvents: RecordedEvent[] }).panelEvents);
  }

  /** Waits for the first event of a name since the page loaded, and returns it. */
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

  /** Forgets the events recorded so far. */
  async clearEvents(): Promise<void> {
    await this.page.driver.switchTo().defaultContent();
    await this.page.evaluate(() => {
      (window as unknown as { panelEvents: unknown[] }).panelEvents.length = 0;
    });
  }

  /** The first element in the panel's shadow roots that matches, or `null`. */
  async find(selector: string): Promise<WebElement | null> {
    await this.page.driver.switchTo().defaultContent();
    return this.page.driver.executeScript<WebElement | null>(queryPanel, selector);
  }

  /** The first element in the panel's shadow roots that matches, once there is one. */
  async locate(selector: string): Promise<WebElement> {
    const found: { element?: WebElement | null } = {};
    await expect
      .poll(
        async () => {
          found.element = await this.find(selector);
          return found.element !== null;
        },
        { message: `${selector} in the panel` },
      )
      .toBe(true);
    if (!found.element) throw new Error(`no ${selector} in the panel`);
    return found.element;
  }

  /** The texts of every element in the panel's shadow roots that matches. */
  async texts(selector: string): Promise<string[]> {
    await this.page.driver.switchTo().defaultContent();
    return this.page.driver.executeScript<string[]>(panelTexts, selector);
  }

  /** The text of the first element in the panel that matches, or `null` when there is none. */
  async text(selector: string): Promise<string | null> {
    return (await this.texts(selector))[0] ?? null;
  }

  /** Clicks an element of the panel, as a shopper's pointer does, once it is shown. */
  async click(selector: string): Promise<void> {
    const element = await this.locate(selector);
    await expect.poll(() => element.isDisplayed(), { message: `${selector} shown` }).toBe(true);
    await element.click();
  }

  /** The button of a payment option in the option list. */
  option(option: string): Promise<WebElement> {
    return this.locate(`[part="option"][data-option="${option}"]`);
  }

  /** The texts of the entries of the saved methods list. */
  savedMethods(): Promise<string[]> {
    return this.texts('[part="saved-method"]');
  }

  /** Opens a payment option's sheet from wherever the panel is, as a shopper would. */
  async chooseOption(option: string): Promise<void> {
    const toggle = await this.find('[part="toggle"]');
    if (toggle && (await toggle.isDisplayed())) await toggle.click();
    await this.click(`[part="option"][data-option="${option}"]`);
  }

  /**
   * What has focus, followed into shadow roots: `frame:<field>` for a card field's frame, else the
   * element's tag and id or name (tests/e2e/models/page-scripts.ts).
   */
  async focused(): Promise<string> {
    await this.page.driver.switchTo().defaultContent();
    return this.page.evaluate(describeFocus);
  }
}
