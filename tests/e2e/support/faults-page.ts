/**
 * Page helpers of the fault and concurrency specs: a merchant page whose errors nobody handled are
 * collected in every frame, panels mounted and removed by script, and the texts the shopper sees.
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { PaymentPanelElement } from '../../../src/element/payment-panel-element';
import { localOrigins } from '../../../server/origins';
import { focusPage } from '../models/card-fields';
import type { Sandbox } from '../models/sandbox';
import { browserReport } from './page-guard';

/** A catalogue error as the page hands it over. */
export interface PlainError {
  name?: string;
  code?: string;
  type?: string;
  message?: string;
  details?: Record<string, unknown>;
}

/** How a `requestPaymentMethod()` ended. */
export interface RequestOutcome {
  payload?: Record<string, unknown>;
  error?: PlainError;
}

declare global {
  interface Window {
    /** Errors and rejections nobody handled in this frame, as text. */
    faultsUncaught?: string[];
  }
}

/** Records, in every frame of a page, the errors and promise rejections nobody handled. */
export async function watchUncaught(page: Page): Promise<() => Promise<string[]>> {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => {
    // A browser's report is no error of the page's (Chromium's go to the console, unwatched here).
    if (browserReport(error) === null) pageErrors.push(`pageerror: ${error.message}`);
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.faultsUncaught = seen;
    const describe = (value: unknown): string => {
      if (value && typeof value === 'object') {
        const { code, message } = value as { code?: unknown; message?: unknown };
        return `${typeof code === 'string' ? `${code}: ` : ''}${String(message)}`;
      }
      return String(value);
    };
    window.addEventListener('unhandledrejection', (event) => {
      seen.push(`unhandledrejection in ${location.pathname}: ${describe(event.reason)}`);
    });
    window.addEventListener('error', (event) => {
      seen.push(`error in ${location.pathname}: ${event.message}`);
    });
  });
  return async () => {
    const inFrames = await Promise.all(
      page
        .frames()
        .map((frame) => frame.evaluate(() => window.faultsUncaught ?? []).catch(() => [] as string[])),
    );
    return [...pageErrors, ...inFrames.flat()];
  };
}

/**
 * A merchant page of its own, as the specs that share one page across their cases need, in a browser context that
 * names the sandbox partition of those cases (docs/sandbox.md, "Partitions").
 */
export async function newMerchantPage(
  browser: Browser,
  sandbox: Sandbox,
  { clock = false }: { clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; uncaught: () => Promise<string[]> }> {
  const context = await browser.newContext({ baseURL: localOrigins().merchant, ignoreHTTPSErrors: true });
  await sandbox.enter(context);
  const page = await context.newPage();
  // A fake clock that runs on its own: a test moves it past a time-out instead of waiting for it.
  if (clock) await page.clock.install();
  const uncaught = await watchUncaught(page);
  return { context, page, uncaught };
}

/**
 * Opens the minimal checkout with the bundle and no panel (its element without authorization is
 * removed again), so the spec mounts its own panels.
 */
export async function openEmptyCheckout(page: Page): Promise<void> {
  await page.goto('/minimal.html');
  await page.waitForFunction(() => customElements.get('payment-panel') !== undefined);
  await page.evaluate(async () => {
    for (const element of document.querySelectorAll('payment-panel')) {
      await element.teardown();
      element.remove();
    }
  });
}

/**
 * Tears down and removes every panel of the page, then mounts a new one with these attributes.
 * Resolves with its first `ready` or `errorOccurred` (the panel stays in the page).
 */
export async function mountPanel(
  page: Page,
  attributes: Record<string, string>,
): Promise<{ event: 'ready' | 'errorOccurred'; error?: PlainError }> {
  return page.evaluate(async (attrs) => {
    for (const element of document.querySelectorAll('payment-panel')) {
      await element.teardown();
      element.remove();
    }
    const element = document.createElement('payment-panel');
    const settled = new Promise<{ event: 'ready' | 'errorOccurred'; error?: PlainError }>((resolve) => {
      element.addEventListener('ready', () => {
        resolve({ event: 'ready' });
      });
      element.addEventListener('errorOccurred', (event) => {
        const e = event.detail as unknown as Record<string, unknown>;
        resolve({
          event: 'errorOccurred',
          error: {
            name: String(e.name),
            code: String(e.code),
            type: String(e.type),
            message: String(e.message),
          },
        });
      });
    });
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    document.querySelector('main')?.append(element);
    return settled;
  }, attributes);
}

/** Starts `requestPaymentMethod()` on the page's panel; its outcome, with the error as plain data. */
export function requestPaymentMethod(page: Page): Promise<RequestOutcome> {
  return page.locator('payment-panel').evaluate(async (el) => {
    try {
      return { payload: (await (el as PaymentPanelElement).requestPaymentMethod()) as never };
    } catch (error) {
      const e = error as Error & Record<string, unknown>;
      return { error: { name: e.name, code: e.code, type: e.type, message: e.message } as never };
    }
  });
}

/**
 * Fills the card sheet's fields at once (each frame's input gets its value and an `input` event),
 * then leaves the last field (and comes back to the page, {@link focusPage}), and waits until the panel
 * says the card is requestable. Faster than typing key by key, for the specs that enter many cards.
 */
export async function enterCard(page: Page, card: Partial<Record<string, string>>): Promise<void> {
  for (const [field, value] of Object.entries(card)) {
    const input = page
      .frameLocator(`payment-panel iframe[name^="payment-panel-hosted-field-${field}-"]`)
      .locator('input');
    if ((await input.count()) === 0 || value === undefined) continue;
    await input.fill(value);
  }
  await page.keyboard.press('Tab');
  await focusPage(page);
  await expect.poll(() => isRequestable(page)).toBe(true);
}

/** Whether the page's panel says a payment method is requestable. */
export function isRequestable(page: Page): Promise<boolean> {
  return page
    .locator('payment-panel')
    .evaluate((el) => (el as PaymentPanelElement).isPaymentMethodRequestable());
}

/** Calls the page's panel's `clearSelectedPaymentMethod()`. */
export async function clearSelectedPaymentMethod(page: Page): Promise<void> {
  await page.locator('payment-panel').evaluate((el) => {
    (el as PaymentPanelElement).clearSelectedPaymentMethod();
  });
}

/** The panel's outer box, whose `data-state` is `loading`, `ready` or `failed`. */
export function panelState(page: Page): Locator {
  return page.locator('payment-panel [part="panel"]');
}

/** The panel's sheet-level error area. */
export function sheetError(page: Page): Locator {
  return page.locator('payment-panel [part="sheet-error"]');
}

/** Every `errorOccurred` the page's panels fired since the page loaded (needs {@link recordErrors}). */
export async function recordedErrors(page: Page): Promise<PlainError[]> {
  return page.evaluate(() => (window as unknown as { faultsErrors?: PlainError[] }).faultsErrors ?? []);
}

/** Records every `errorOccurred` that reaches the document, from before any script runs. */
export async function recordErrors(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const errors: unknown[] = [];
    (window as unknown as { faultsErrors: unknown[] }).faultsErrors = errors;
    document.addEventListener('errorOccurred', (event) => {
      const e = (event as CustomEvent<Record<string, unknown>>).detail;
      errors.push({ code: e.code, type: e.type, message: e.message });
    });
  });
}

/** Forgets the recorded `errorOccurred` events. */
export async function clearRecordedErrors(page: Page): Promise<void> {
  await page.evaluate(() => {
    const errors = (window as unknown as { faultsErrors?: unknown[] }).faultsErrors;
    if (errors) errors.length = 0;
  });
}

/** Asserts that nothing went uncaught in any frame. */
export async function expectNothingUncaught(uncaught: () => Promise<string[]>): Promise<void> {
  expect(await uncaught()).toEqual([]);
}
