/**
 * When the card frames have answered the page. A test that moves Playwright's clock while the panel
 * loads waits for this first: the panel gives up on card frames that have not said ready 20 s into
 * its loading (docs/card.md, "When the card fields cannot load"), and a jump of the clock would
 * outrun frames that, in real time, are only a moment from ready.
 * @packageDocumentation
 */
import { expect, type Page } from '@playwright/test';
import { PATIENCE_MS } from './recorder';

/** The title of a card frame the page has not configured yet. */
const UNCONFIGURED_TITLE = 'Card field';

/**
 * Waits until the page shows `count` card frames and has configured each: the page configures a
 * frame once it has heard its ready, and the frame then takes its field's label as its title.
 */
export async function cardFramesAnswered(page: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const frames = page.frames().filter((frame) => frame.url().includes('/html/hosted-fields-frame'));
        const titles = await Promise.all(
          frames.map((frame) => frame.title().catch(() => UNCONFIGURED_TITLE)),
        );
        return titles.filter((title) => title !== '' && title !== UNCONFIGURED_TITLE).length;
      },
      { timeout: PATIENCE_MS },
    )
    .toBe(count);
}
