/**
 * Input latency: keystroke in a hosted card field → the field event the merchant page receives.
 *
 * The keystroke time is the `keydown` event's timestamp inside the field's frame, read by a listener
 * injected into that frame (capture phase, before the frame's own scripts); the event time is
 * `performance.now()` in the page's `hostedFields.on(…)` handler. Both become wall time through their
 * document's `performance.timeOrigin`, so they compare across documents.
 */
import type { Browser, Frame } from '@playwright/test';
import type { HostedFieldsEvent } from '../../src/methods/hosted-fields';
import { freshContext } from './browser.ts';
import { CARD_ONLY_KEY } from './merchant-kinds.ts';
import type { BenchServers } from './servers.ts';
import { summarise, type Summary } from './stats.ts';

/** Results of the input latency measurement. */
export interface InputResult {
  keystrokes: number;
  all: Summary;
  cardTypeChange: Summary;
  validityChange: Summary;
  /** Whether the field's frame ran in a process of its own (then clocks could differ slightly). */
  frameOutOfProcess: boolean;
  method: string;
}

interface BenchWindow {
  benchKeys?: number[];
  benchEvents?: { name: string; at: number }[];
}

type TimedEvent = Extract<HostedFieldsEvent, 'cardTypeChange' | 'validityChange'>;

interface Step {
  key: string;
  /** The event the keystroke must cause; `null` for untimed set-up keys. */
  expect: TimedEvent | null;
}

/** 15 digits of a Visa number: one more makes it valid, Backspace makes it incomplete again. */
const VISA_PREFIX = '411111111111111';

function steps(pairsPerKind: number): Step[] {
  const list: Step[] = [];
  // An empty number field and a "4": the possible card types change both ways.
  for (let i = 0; i < pairsPerKind; i++) {
    list.push({ key: '4', expect: 'cardTypeChange' }, { key: 'Backspace', expect: 'cardTypeChange' });
  }
  for (const digit of VISA_PREFIX) list.push({ key: digit, expect: null });
  for (let i = 0; i < pairsPerKind; i++) {
    list.push({ key: '1', expect: 'validityChange' }, { key: 'Backspace', expect: 'validityChange' });
  }
  return list;
}

function fieldFrame(frames: Frame[], frameUrl: string): Frame {
  const frame = frames.find((f) => f.url().startsWith(frameUrl));
  if (!frame) throw new Error('The hosted field frame is missing.');
  return frame;
}

/** Types `2 × pairsPerKind` keystrokes per event kind and times each. */
export async function measureInput(
  browser: Browser,
  servers: BenchServers,
  pairsPerKind: number,
): Promise<InputResult> {
  const context = await freshContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript((assetsOrigin) => {
      if (location.origin !== assetsOrigin) return;
      const keys: number[] = [];
      (window as unknown as BenchWindow).benchKeys = keys;
      window.addEventListener(
        'keydown',
        (event) => {
          keys.push(performance.timeOrigin + event.timeStamp);
        },
        true,
      );
    }, servers.origins.assets);
    await page.goto(`${servers.origins.bench}/bundle.html`);
    await page.evaluate(async (authorization) => {
      const events: { name: string; at: number }[] = [];
      (window as unknown as BenchWindow).benchEvents = events;
      const fields = await window.paymentPanel.createHostedFields({
        authorization,
        fields: { number: { container: '#container' } },
      });
      for (const name of ['cardTypeChange', 'validityChange', 'empty', 'notEmpty'] as const) {
        fields.on(name, () => {
          events.push({ name, at: performance.timeOrigin + performance.now() });
        });
      }
    }, CARD_ONLY_KEY);
    await page.frameLocator('#container iframe').locator('input').click();

    const timed: { kind: TimedEvent; keyIndex: number; eventAt: number }[] = [];
    const plan = steps(pairsPerKind);
    for (const [keyIndex, step] of plan.entries()) {
      const before = await page.evaluate(() => (window as unknown as BenchWindow).benchEvents?.length ?? 0);
      await page.keyboard.press(step.key);
      if (step.expect === null) {
        // Set-up keys may cause events too; let them arrive before the next timed key.
        if (plan[keyIndex + 1]?.expect !== null) await page.waitForTimeout(100);
        continue;
      }
      const eventAt = await page
        .waitForFunction(
          ({ from, name }) =>
            (window as unknown as BenchWindow).benchEvents?.slice(from).find((e) => e.name === name)?.at,
          { from: before, name: step.expect },
          { timeout: 5_000 },
        )
        .then((handle) => handle.jsonValue());
      if (typeof eventAt !== 'number') throw new Error(`No ${step.expect} after key ${step.key}.`);
      timed.push({ kind: step.expect, keyIndex, eventAt });
    }
    await page.waitForTimeout(100);

    const keys = await fieldFrame(page.frames(), servers.hostedFieldFrameUrl).evaluate(
      () => (window as unknown as BenchWindow).benchKeys ?? [],
    );
    if (keys.length !== plan.length) {
      throw new Error(`The frame saw ${keys.length} keydowns for ${plan.length} keystrokes.`);
    }
    const latency = (kind?: TimedEvent): number[] =>
      timed
        .filter((t) => kind === undefined || t.kind === kind)
        .map((t) => t.eventAt - (keys[t.keyIndex] ?? NaN));

    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    const frameOutOfProcess = targetInfos.some(
      (t) => t.type === 'iframe' && t.url.startsWith(servers.origins.assets),
    );

    return {
      keystrokes: timed.length,
      all: summarise(latency()),
      cardTypeChange: summarise(latency('cardTypeChange')),
      validityChange: summarise(latency('validityChange')),
      frameOutOfProcess,
      method:
        'paymentPanel.createHostedFields({authorization, fields: {number}}) on a bench page; Playwright ' +
        'keyboard.press into the number frame, one key at a time, each waiting for its event. Start: the keydown ' +
        "event's timeStamp inside the frame (listener injected by the benchmark, capture phase). End: " +
        'performance.now() in the page\'s on("cardTypeChange" | "validityChange") handler. Both as ' +
        'performance.timeOrigin + time, so they compare across documents' +
        (frameOutOfProcess
          ? ' (the frame ran in another process)'
          : ' (frame and page share a renderer process)') +
        `. Keys: "4"/Backspace on an empty field (card type changes each time), then "1"/Backspace after ` +
        `"${VISA_PREFIX}" (validity changes each time).`,
    };
  } finally {
    await context.close();
  }
}
