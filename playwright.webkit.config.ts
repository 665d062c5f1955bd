/**
 * The WebKit suite (tests/webkit/): what a shopper does, in WebKitGTK driven over WebDriver, since
 * Playwright cannot drive Debian's WebKit. Playwright Test runs it for its fixtures, `expect`, reporter
 * and web server, shared with the Chromium suite; no test of it opens a Playwright browser.
 * See docs/building.md, "The WebKit suite".
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  testDir: 'tests/webkit',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Every test starts its own browser: a second or two before the page is even asked for.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Beside the Chromium suite's results, which a run of its own would otherwise clear.
  outputDir: 'test-results/webkit',
  globalSetup: './tests/webkit/support/global-setup.ts',
  use: { baseURL: base.use?.baseURL },
  projects: [{ name: 'webkit' }],
  // The same servers as the Chromium suite: `server/start.ts`, which builds the local flavour when stale.
  webServer: base.webServer,
});
