/**
 * The browser tests' fixtures: what a test names among its arguments, it gets, set up before it
 * and checked or released after it.
 *
 * - `sandbox`: the sandbox gateway's controls and request log ({@link Sandbox}), in a partition of the
 *   sandbox of the test's own (docs/sandbox.md, "Partitions"): fresh (no faults, an empty log, the seeded
 *   vaults), and deleted after the test, whether it names it or not. Its keys (`sandbox.key()`) and client
 *   tokens are the test's; the test's `context` carries its cookie.
 * - `guard`: a {@link PageGuard} on the test's browser context. A test that names it fails when any
 *   page or frame of the context threw, left a promise rejection unhandled or logged a console
 *   error (Content Security Policy refusals included) that the test did not allow.
 *   {@link guardedTest} guards every test of a spec, whether it names `guard` or not.
 * - `panel`, `card`: the page objects of the test's page ({@link PanelPage}, {@link CardFields}).
 *
 * Every test runs in each engine of playwright.config.ts. A test that can only observe what it checks in Chromium
 * says so with {@link chromiumOnly}; {@link onSystem} gives a shopper's system preferences (dark mode, less motion)
 * in each engine.
 */
import { test as base, type TestDetails } from '@playwright/test';
import { CardFields } from '../models/card-fields';
import { PanelPage } from '../models/panel';
import { Sandbox } from '../models/sandbox';
import { PageGuard } from './page-guard';

export { expect } from '@playwright/test';

/** The fixtures of {@link test}. */
export interface PanelFixtures {
  sandbox: Sandbox;
  guard: PageGuard;
  panel: PanelPage;
  card: CardFields;
}

/** The tag of a test that runs in Chromium only (see {@link chromiumOnly}). */
export const CHROMIUM_ONLY = '@chromium-only';

/**
 * The details of a test that can only observe what it checks in Chromium: through an API only Chromium has (the
 * DevTools protocol, media emulation of an open page), or with a tool another engine does not survive. Other engines
 * skip it, and the report shows the tag and the reason. Never for what a shopper does, which runs in every engine.
 */
export function chromiumOnly(reason: string): TestDetails {
  return { tag: CHROMIUM_ONLY, annotation: { type: 'chromium-only', description: reason } };
}

/** Playwright's `test` with the panel's fixtures. */
export const test = base.extend<PanelFixtures & { engineGate: undefined }>({
  // Skips a {@link chromiumOnly} test in other engines, with its reason.
  engineGate: [
    async ({ browserName }, use, testInfo) => {
      if (browserName !== 'chromium' && testInfo.tags.includes(CHROMIUM_ONLY)) {
        const reason = testInfo.annotations.find((a) => a.type === 'chromium-only')?.description;
        testInfo.skip(true, `Chromium only: ${reason ?? 'no reason given'}`);
      }
      await use(undefined);
    },
    { auto: true },
  ],
  sandbox: [
    // Playwright reads a fixture's dependencies from this pattern: the sandbox has none, so it is set up before the
    // browser context and deleted after it closed, when no page can ask it for anything any more.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sandbox = await Sandbox.open();
      await use(sandbox);
      await sandbox.dispose();
    },
    { auto: true },
  ],
  // The test's browser names the test's partition by its cookie.
  context: async ({ context, sandbox }, use) => {
    await sandbox.enter(context);
    await use(context);
  },
  guard: async ({ context }, use) => {
    const guard = new PageGuard(context);
    await use(guard);
    guard.expectClean();
  },
  panel: async ({ page }, use) => {
    await use(new PanelPage(page));
  },
  card: async ({ page }, use) => {
    await use(new CardFields(page));
  },
});

/** {@link test} for a spec whose every test is guarded: the `guard` fixture is set up for each one. */
export const guardedTest = test.extend<{ everyTestGuarded: PageGuard }>({
  everyTestGuarded: [
    async ({ guard }, use) => {
      await use(guard);
    },
    { auto: true },
  ],
});

/** What a shopper's system may prefer, as CSS media features read it. */
export interface SystemMedia {
  colorScheme?: 'dark';
  reducedMotion?: 'reduce';
}

/**
 * {@link test} on a shopper's system with these preferences, in every engine. Chromium emulates them per context;
 * Firefox over WebDriver BiDi has no command for them, so its browser is launched with the preferences such a
 * system sets (`layout.css.prefers-color-scheme.content-override` 0 for dark, `ui.prefersReducedMotion` 1), in a
 * worker of its own.
 */
export function onSystem(media: SystemMedia) {
  const firefoxPrefs: Record<string, number> = {};
  if (media.colorScheme === 'dark') firefoxPrefs['layout.css.prefers-color-scheme.content-override'] = 0;
  if (media.reducedMotion === 'reduce') firefoxPrefs['ui.prefersReducedMotion'] = 1;
  return test.extend({
    colorScheme: media.colorScheme ?? 'light',
    reducedMotion: media.reducedMotion ?? 'no-preference',
    launchOptions: [
      async ({ launchOptions, browserName }, use) => {
        const firefoxUserPrefs = { ...launchOptions.firefoxUserPrefs, ...firefoxPrefs };
        await use(browserName === 'firefox' ? { ...launchOptions, firefoxUserPrefs } : launchOptions);
      },
      { scope: 'worker' },
    ],
  });
}

/** {@link test} on a shopper's system in dark mode (`prefers-color-scheme: dark`). */
export const darkTest = onSystem({ colorScheme: 'dark' });

/** {@link test} on a shopper's system that asks for less motion (`prefers-reduced-motion: reduce`). */
export const reducedMotionTest = onSystem({ reducedMotion: 'reduce' });
