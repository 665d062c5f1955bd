/**
 * The page's clock in the tests that move it past a time-out instead of waiting for it. Playwright's installed clock
 * runs on in real time until it is paused, so the seconds a busy machine, or tests side by side, spend before the test
 * moves the clock count towards the time-out. So a test pauses the clock once it has seen what starts the time-out,
 * and moves it across a window around the time-out: to just before it, counted from the earliest moment it can have
 * started, where nothing may have happened yet; then past it, counted from the latest, where it must have.
 * @packageDocumentation
 */
import type { Page } from '@playwright/test';

/** Installs the page's clock at the time now and answers that time: no time-out of the page can start earlier. */
export async function installClock(page: Page): Promise<number> {
  const time = Date.now();
  await page.clock.install({ time });
  return time;
}

/** The page's time now. */
export function pageTime(page: Page): Promise<number> {
  return page.evaluate(() => Date.now());
}

/**
 * Pauses the page's clock a second ahead of where it is (the clock runs on while the call travels) and answers that
 * time: from here time moves only when the test moves it, and a time-out the test has seen start started no later.
 */
export async function pauseClock(page: Page): Promise<number> {
  const at = (await pageTime(page)) + 1_000;
  await page.clock.pauseAt(at);
  return at;
}

/** When a time-out can have started, and how long it is. */
export interface TimeoutWindow {
  /** The earliest the time-out can have started: the page's time before anything could start it. */
  earliest: number;
  /** Where {@link pauseClock} paused the clock, after the time-out started. */
  pausedAt: number;
  timeout: number;
  /** How far before and after the time-out the clock stops; 500 ms unless given. */
  margin?: number;
}

/**
 * Moves a paused clock to just before the time-out, counted from the earliest it can have started, and answers the
 * move that then takes the clock just past it, counted from the latest.
 */
export async function toJustBeforeTimeout(
  page: Page,
  { earliest, pausedAt, timeout, margin = 500 }: TimeoutWindow,
): Promise<() => Promise<void>> {
  const before = earliest + timeout - margin;
  if (before < pausedAt) {
    throw new Error(
      `${pausedAt - earliest} ms went by before the test paused the clock: the ${timeout} ms time-out may be over`,
    );
  }
  await page.clock.runFor(before - pausedAt);
  return () => page.clock.runFor(pausedAt + timeout + margin - before);
}
