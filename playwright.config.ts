import { defineConfig, devices } from '@playwright/test';
import { localOrigins } from './server/origins';
import { binaryOf } from './tests/tools/browsers';

const origins = localOrigins();

export default defineConfig({
  testDir: 'tests/e2e',
  // Every test has a sandbox partition of its own (docs/sandbox.md, "Partitions"), so tests run side by side, file
  // by file and within a file; cases that share a page run in order in a serial describe. Two workers were the
  // fastest on the two cores CI has (docs/building.md, "Workers"); `--workers` gives another count.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: origins.merchant,
    ignoreHTTPSErrors: true,
    // A failure keeps its trace: the actions, console, network and sources, but no screenshots or DOM snapshots,
    // which took a quarter of Chromium's time and over half of Firefox's, where each is a round trip per action and
    // frame over WebDriver BiDi (docs/building.md, "Chromium and Firefox"). `--trace on` records them all.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: binaryOf('chromium'),
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
    {
      // Debian's ESR over WebDriver BiDi, the `moz-firefox` channel (docs/building.md, "Firefox over WebDriver
      // BiDi"). Its own user agent, not the device list's: what the panel sees is what an ESR shopper sends. A page
      // may take the focus back from the browser's toolbar, as a real click into it does (focusPage in
      // tests/e2e/models).
      name: 'firefox',
      use: {
        ...devices['Desktop Firefox'],
        userAgent: undefined,
        channel: 'moz-firefox',
        launchOptions: {
          executablePath: binaryOf('firefox-esr'),
          firefoxUserPrefs: { 'dom.disable_window_flip': false },
        },
      },
    },
  ],
  webServer: {
    // The real servers of `npm start`, never a stale one left on the ports.
    command: 'node --import tsx server/start.ts',
    url: `${origins.merchant}/`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
