/**
 * The WebKit suite's fixtures, named as the Playwright suite's (tests/e2e/support/fixtures.ts):
 *
 * - `sandbox`: the same sandbox controls ({@link Sandbox}); every test starts with the sandbox reset.
 * - `page`: a fresh WebKitGTK browser of the test's own ({@link WebKitPage}), closed after it.
 * - `panel`, `card`: the page objects of the test's page ({@link WebKitPanel}, {@link WebKitCardFields}).
 *   A test that used `panel` fails when its merchant page threw, left a promise rejection unhandled or
 *   had its Content Security Policy refuse something, since the panel recorded the page.
 *
 * The global setup (global-setup.ts) has started the display and the driver.
 */
import {
  expect,
  test as playwrightTest,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { Sandbox } from '../../e2e/models/sandbox';
import { WebKitCardFields } from '../models/card-fields';
import { WebKitPage } from '../models/page';
import { WebKitPanel } from '../models/panel';
import { DRIVER_URL_VARIABLE, newSession } from './webkit';

export { expect };

/** The fixtures of {@link test}. */
export interface WebKitFixtures {
  sandbox: Sandbox;
  page: WebKitPage;
  panel: WebKitPanel;
  card: WebKitCardFields;
}

/**
 * Playwright's `test` without its own `page`: the WebKit suite's `page` replaces it (a fixture may be
 * overridden by name), so no Playwright browser ever starts.
 */
const base = playwrightTest as unknown as TestType<
  Omit<PlaywrightTestArgs, 'page'> & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/** Playwright's `test` with the WebKit suite's fixtures. */
export const test = base.extend<WebKitFixtures>({
  sandbox: [
    // Playwright reads a fixture's dependencies from this pattern: the sandbox has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sandbox = await Sandbox.connect();
      await use(sandbox);
      await sandbox.dispose();
    },
    { auto: true },
  ],
  page: [
    async ({ baseURL }, use) => {
      const url = process.env[DRIVER_URL_VARIABLE];
      if (!url)
        throw new Error(`${DRIVER_URL_VARIABLE} is not set: run the suite with playwright.webkit.config.ts.`);
      const driver = await newSession(url);
      try {
        await use(new WebKitPage(driver, baseURL ?? ''));
      } finally {
        await driver.quit();
      }
    },
    // Starting the browser has its own time, apart from the test's.
    { timeout: 70_000 },
  ],
  panel: async ({ page }, use) => {
    const panel = new WebKitPanel(page);
    await use(panel);
    // As the Playwright suite's guard: nothing the page threw or refused went unnoticed.
    expect(await panel.pageErrors()).toEqual([]);
  },
  card: async ({ panel }, use) => {
    await use(new WebKitCardFields(panel));
  },
});
