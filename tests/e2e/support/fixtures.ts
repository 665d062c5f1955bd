/**
 * The browser tests' fixtures: what a test names among its arguments, it gets, set up before it
 * and checked or released after it.
 *
 * - `sandbox`: the sandbox gateway's controls and request log ({@link Sandbox}). Every test starts
 *   with the sandbox reset (no faults, an empty log, the seeded vaults), whether it names it or not.
 * - `guard`: a {@link PageGuard} on the test's browser context. A test that names it fails when any
 *   page or frame of the context threw, left a promise rejection unhandled or logged a console
 *   error (Content Security Policy refusals included) that the test did not allow.
 *   {@link guardedTest} guards every test of a spec, whether it names `guard` or not.
 * - `panel`, `card`: the page objects of the test's page ({@link PanelPage}, {@link CardFields}).
 */
import { test as base } from '@playwright/test';
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

/** Playwright's `test` with the panel's fixtures. */
export const test = base.extend<PanelFixtures>({
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
