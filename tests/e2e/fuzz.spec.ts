/**
 * Hostile messages: a seeded generator posts 10 000 malformed or spoofed messages at each target —
 * the merchant page (the panel), every hosted-field frame, the 3D Secure bank frame and
 * authentication-complete page, the PayPal return page, and the page while a PayPal approval or a
 * 3D Secure challenge waits on its popup or frame — from other origins, other windows, the
 * trusted window itself on a wrong channel or in a wrong shape, and the frames' sibling channel.
 * None is acted on (no state change, no event, no request), no exception escapes on any origin,
 * no prototype is polluted, and afterwards the panel still pays.
 *
 * `npm test` posts a seeded tenth of them (the first 1 000 of each target's sequence), `npm run test:e2e:full` all
 * 10 000 (docs/building.md, "The whole fuzz and fault matrix"). `PANEL_FUZZ_SEED` replays a run; the seed in use is
 * printed, and a failed test's report says how to replay it.
 */
import type { Frame, Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { openMessage, PROTOCOL_NAME, wrap } from '../../src/shared/frame-channel';
import { parsePageToFrameMessage } from '../../src/shared/frame-messages';
import { parseFrameToPageMessage } from '../../src/shared/frame-to-page-schema';
import { parsePayPalReturnMessage } from '../../src/shared/paypal-messages';
import {
  parseThreeDSecureFrameMessage,
  parseThreeDSecurePageMessage,
} from '../../src/shared/three-d-secure-messages';
import { parseSiblingMessage } from '../../frames/hosted-fields/siblings';
import { CardFields, VISA } from './models/card-fields';
import { PanelPage } from './models/panel';
import { approvalShown, type Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';
import {
  createHostileMessages,
  hostileExpression,
  type HostileReport,
  type HostileSpec,
  type HostileTarget,
  type MessageTemplate,
} from './support/hostile-messages';
import {
  hostedFieldsToPage,
  pageToBankFrame,
  pageToHostedField,
  paypalReturnToPage,
  siblingMessages,
  threeDSecureToPage,
} from './support/message-templates';
import { pollutionEverywhere, type PageGuard } from './support/page-guard';
import {
  cardSheetReady,
  openMinimal,
  panelEvent,
  PATIENCE_MS,
  receivedMessages,
  withoutMerchantPolicy,
} from './support/recorder';
import { FULL_RUN, FUZZ_SEED, replayOnFailure } from './support/seeded';

// The attacker frames stand for a merchant page without a policy of its own: the demo's strict
// policy would refuse them before any message could be posted.
withoutMerchantPolicy(test);

const SEED = FUZZ_SEED;
/** Messages posted at each target: all 10 000 in a full run, else the first tenth of each sender's sequence. */
const PER_TARGET = FULL_RUN ? 10_000 : 1_000;
/** The messages of a sender that posts `n` of a target's 10 000 in a full run. */
const share = (n: number): number => (n * PER_TARGET) / 10_000;
/** {@link PER_TARGET} as the tests' titles say it. */
const MESSAGES = FULL_RUN ? '10 000' : '1 000';
/** One message in this many is about 1 MB. */
const HUGE_EVERY = 250;

const { version } = pkg;
const { merchant, assets, gateway } = localOrigins();
const PAYPAL = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });
const CARD_FIELDS = ['number', 'expirationDate', 'cvv', 'postalCode', 'cardholderName'] as const;
const FRAME_BASE = `${assets}/payment-panel/${version}/html`;
/** A document on the assets origin that runs none of the panel's code. */
const INERT_ASSETS_PAGE = `${assets}/payment-panel/${version}/integrity.json`;

/** Every real message name, so each target also hears the names meant for the others. */
function allTemplates(field = 'number'): MessageTemplate[] {
  return [
    ...hostedFieldsToPage(version),
    ...pageToHostedField(field),
    ...pageToBankFrame(),
    ...threeDSecureToPage(version),
    ...paypalReturnToPage(version),
  ];
}

/** A generator spec; each target and sender gets a seed of its own, derived from the run's. */
function spec(
  salt: number,
  channel: string,
  trusted: boolean,
  templates: MessageTemplate[],
  bare = false,
): HostileSpec {
  return {
    seed: (SEED * 31 + salt) >>> 0,
    channel,
    protocol: PROTOCOL_NAME,
    trusted,
    templates,
    hugeEvery: HUGE_EVERY,
    bare,
  };
}

/** Posts hostile messages from inside `from` to `target`. */
async function fuzz(
  from: Frame,
  hostile: HostileSpec,
  count: number,
  target: HostileTarget,
): Promise<HostileReport> {
  const report = await from.evaluate<HostileReport>(hostileExpression(hostile, count, target));
  expect(report.posted + report.refused).toBe(count);
  return report;
}

/** Frames of other origins and windows in the merchant page: the gateway's, an opaque one, a same-origin one. */
async function addAttackers(page: Page): Promise<{ foreign: Frame; opaque: Frame; sameOrigin: Frame }> {
  await page.evaluate(async (gatewayOrigin) => {
    const frames: [string, (frame: HTMLIFrameElement) => void][] = [
      ['attacker-foreign', (frame) => (frame.src = `${gatewayOrigin}/sandbox/merchants`)],
      ['attacker-opaque', (frame) => (frame.src = 'data:text/html,<p>attacker</p>')],
      ['attacker-same-origin', (frame) => (frame.srcdoc = '<p>attacker</p>')],
    ];
    await Promise.all(
      frames.map(
        ([name, load]) =>
          new Promise<void>((resolve) => {
            const frame = document.createElement('iframe');
            frame.name = name;
            frame.title = name;
            frame.addEventListener('load', () => {
              resolve();
            });
            load(frame);
            document.body.append(frame);
          }),
      ),
    );
  }, gateway);
  // Each by its element: Firefox over WebDriver BiDi gives a frame no name whose document was not fetched
  // (`data:`, `srcdoc`).
  const frame = async (name: string): Promise<Frame> => {
    const found = await (await page.locator(`iframe[name="${name}"]`).elementHandle()).contentFrame();
    if (!found) throw new Error(`no frame ${name}`);
    return found;
  };
  return {
    foreign: await frame('attacker-foreign'),
    opaque: await frame('attacker-opaque'),
    sameOrigin: await frame('attacker-same-origin'),
  };
}

/** What the merchant sees of the panel: its shadow DOM and requestability. */
async function panelState(page: Page): Promise<{ shadow: string; requestable: boolean }> {
  return page.locator('payment-panel').evaluate((element) => {
    const el = element as PaymentPanelElement;
    return { shadow: el.shadowRoot?.innerHTML ?? '', requestable: el.isPaymentMethodRequestable() };
  });
}

/** Everything a hosted field shows or holds. */
async function fieldState(frame: Frame): Promise<Record<string, unknown>> {
  return frame.evaluate(() => {
    const input = document.querySelector('input');
    return {
      value: input?.value,
      attributes: input
        ? [...input.attributes].map((attribute) => `${attribute.name}=${attribute.value}`)
        : [],
      disabled: input?.disabled,
      body: document.body.innerHTML,
      title: document.title,
      focused: document.activeElement?.id,
      styles: [...document.styleSheets].map((sheet) =>
        [...sheet.cssRules].map((rule) => rule.cssText).join('\n'),
      ),
      url: location.href,
    };
  });
}

/** The frame of each card field, by the channel in its name. */
function cardFrames(page: Page): { channel: string; frames: Map<string, Frame>; names: Map<string, string> } {
  const frames = new Map<string, Frame>();
  const names = new Map<string, string>();
  let channel = '';
  for (const frame of page.frames()) {
    const match = /^payment-panel-hosted-field-(\w+)-([0-9a-f-]{36})$/.exec(frame.name());
    if (!match?.[1] || !match[2]) continue;
    frames.set(match[1], frame);
    names.set(match[1], frame.name());
    channel = match[2];
  }
  return { channel, frames, names };
}

// The test's own sandbox and guard (support/fixtures.ts), which the helpers below share.
let sandbox: Sandbox;
let guard: PageGuard;

test.beforeAll(() => {
  console.log(
    `Hostile messages: ${MESSAGES} at each target, seed ${SEED} (PANEL_FUZZ_SEED=${SEED} replays this run).`,
  );
});
test.beforeEach(({ sandbox: testSandbox, guard: testGuard }) => {
  sandbox = testSandbox;
  guard = testGuard;
});
// The guard fixture expects no uncaught error and no console error.
test.afterEach(async ({ context }) => {
  expect(await pollutionEverywhere(context), 'polluted prototypes').toEqual([]);
});
replayOnFailure(test, 'tests/e2e/fuzz.spec.ts');

test.describe('the generator', () => {
  /** Runs the generator in Node and delivers what it makes as a browser would, to one reader. */
  function refusedByReader(hostile: HostileSpec, read: (data: unknown) => unknown, count: number): number {
    const generator = createHostileMessages(hostile);
    let acted = 0;
    for (let i = 0; i < count; i += 1) {
      const { data, transfer } = generator.next();
      let delivered: unknown = data;
      try {
        delivered = structuredClone(data, { transfer });
      } catch {
        // Node clones less than a browser (Blobs); the reader then sees the original.
      }
      if (read(delivered) !== null) acted += 1;
    }
    return acted;
  }

  const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
  const source = {} as MessageEventSource;
  const opened =
    <M>(parse: (data: unknown) => M | null) =>
    (data: unknown): M | null =>
      openMessage({ origin: merchant, source, data } as MessageEvent, {
        origin: merchant,
        source: () => source,
        channel: CHANNEL,
        parse,
      });

  test('makes, for trusted senders, only messages the real readers refuse', () => {
    const receivers: [string, (data: unknown) => unknown, MessageTemplate[], boolean][] = [
      ['hosted field', opened(parsePageToFrameMessage), allTemplates(), false],
      ['page, from a hosted field', opened(parseFrameToPageMessage), allTemplates(), false],
      ['bank frame', opened(parseThreeDSecurePageMessage), allTemplates(), false],
      ['page, from the bank frame', opened(parseThreeDSecureFrameMessage), allTemplates(), false],
      ['page, from the PayPal popup', opened(parsePayPalReturnMessage), allTemplates(), false],
      ['sibling frame', parseSiblingMessage, siblingMessages(), true],
    ];
    for (const [name, read, templates, bare] of receivers) {
      expect(refusedByReader(spec(1, CHANNEL, true, templates, bare), read, 3000), name).toBe(0);
    }
  });

  test('makes, for untrusted senders, valid spoofs too, and the same sequence for the same seed', () => {
    const hostile = spec(2, CHANNEL, false, hostedFieldsToPage(version));
    const read = opened(parseFrameToPageMessage);
    expect(refusedByReader(hostile, read, 3000)).toBeGreaterThan(300);
    const kinds = (seed: number): string[] => {
      const generator = createHostileMessages({ ...hostile, seed });
      return Array.from({ length: 200 }, () => generator.next().kind);
    };
    expect(kinds(7)).toEqual(kinds(7));
    expect(kinds(7)).not.toEqual(kinds(8));
    // A valid message on the real channel is what the readers act on.
    const submit = hostedFieldsToPage(version).find(({ message }) => message.type === 'submitRequest');
    expect(read(wrap(CHANNEL, submit?.message))).toEqual({
      type: 'submitRequest',
      field: 'number',
    });
  });
});

/** Counts, in every window and frame of the page, the messages it receives (from before any script). */
async function countMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { hostileReceived: number };
    counter.hostileReceived = 0;
    window.addEventListener('message', () => {
      counter.hostileReceived += 1;
    });
  });
}

/** How many messages a frame's window has received. */
async function receivedBy(frame: Frame): Promise<number> {
  return frame.evaluate(() => (window as unknown as { hostileReceived: number }).hostileReceived);
}

/**
 * Waits until a frame has received `total` messages: every listener of the window has then run
 * for each of them (listeners of one message run before the next message is dispatched).
 */
async function allDelivered(frame: Frame, total: number): Promise<void> {
  await expect.poll(() => receivedBy(frame), { timeout: 60_000 }).toBeGreaterThanOrEqual(total);
}

/** The valid field event the number frame sends for the Visa test card (or for an emptied field). */
function numberEvent(channel: string, event: 'empty' | 'validityChange', isEmpty: boolean) {
  return wrap(channel, {
    type: 'fieldEvent',
    event,
    field: 'number',
    state: { isEmpty, isValid: !isEmpty, isPotentiallyValid: true, isFocused: false },
    cards: isEmpty ? [] : [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
  });
}

/** Posts a message to the page from inside a frame, at the page's origin. */
async function postToParent(frame: Frame, message: unknown): Promise<void> {
  await frame.evaluate(
    ([data, target]) => {
      window.parent.postMessage(data, target);
    },
    [message, merchant] as const,
  );
}

/** Opens the card sheet of the demo merchant with every field (cardholder name too) and fills it. */
async function filledCardPage(page: Page): Promise<PanelPage> {
  await countMessages(page);
  await openMinimal(page, sandbox.key('demo_merchant'), { card: '{"cardholderName": true}' });
  const panel = new PanelPage(page);
  const card = new CardFields(page);
  await panelEvent(panel, 'ready');
  await cardSheetReady(page);
  await card.fill({ ...VISA, cardholderName: 'Pat Shopper' });
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
  return panel;
}

test(`the merchant page: ${MESSAGES} hostile messages change nothing, a real one does, and the card pays`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  const panel = await filledCardPage(page);
  const attackers = await addAttackers(page);
  const { channel, frames } = cardFrames(page);
  expect([...frames.keys()].sort()).toEqual([...CARD_FIELDS].sort());

  const before = await panelState(page);
  const events = (await panel.events()).length;
  const requests = guard.requests.length;
  const logged = (await sandbox.requests()).length;
  const received = await receivedBy(page.mainFrame());

  const untrusted = (salt: number) => spec(salt, channel, false, allTemplates());
  const trusted = (salt: number) => spec(salt, channel, true, allTemplates());
  const parent: HostileTarget = { kind: 'window', window: 'parent' };
  let posted = 0;
  posted += (await fuzz(attackers.foreign, untrusted(10), share(1500), parent)).posted;
  posted += (await fuzz(attackers.opaque, untrusted(11), share(1000), parent)).posted;
  posted += (await fuzz(attackers.sameOrigin, untrusted(12), share(1000), parent)).posted;
  posted += (await fuzz(page.mainFrame(), untrusted(13), share(1000), { kind: 'window', window: 'self' }))
    .posted;
  // The card frames themselves: the right origin and window, on a wrong channel or in a wrong shape.
  for (const [index, field] of CARD_FIELDS.entries()) {
    const frame = frames.get(field);
    if (!frame) throw new Error(`no ${field} frame`);
    posted += (await fuzz(frame, trusted(20 + index), share(1100), parent)).posted;
  }
  expect(posted).toBe(PER_TARGET);
  await allDelivered(page.mainFrame(), received + PER_TARGET);

  expect(await panelState(page)).toEqual(before);
  expect((await panel.events()).slice(events)).toEqual([]);
  expect(guard.requestsSince(requests)).toEqual([]);
  expect(await sandbox.requests()).toHaveLength(logged);

  // The detector works: a real message of the number frame is acted on at once.
  const number = frames.get('number');
  if (!number) throw new Error('no number frame');
  await postToParent(number, numberEvent(channel, 'empty', true));
  await expect.poll(() => panel.isRequestable()).toBe(false);
  // The panel's requestability follows it (the card events carry it to the merchant as well).
  expect(
    (await panel.events())
      .slice(events)
      .map((event) => event.name)
      .filter((name) => !name.startsWith('card')),
  ).toEqual(['noPaymentMethodRequestable']);
  // What the frame really holds comes back, and the card pays.
  await postToParent(number, numberEvent(channel, 'validityChange', false));
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'CreditCard', details: { lastFour: '1111' } });
});

test(`every card frame: ${MESSAGES} hostile messages each change nothing, a real one does, and the card pays`, async ({
  page,
}) => {
  test.setTimeout(300_000);
  const panel = await filledCardPage(page);
  const attackers = await addAttackers(page);
  const { channel, frames, names } = cardFrames(page);
  const sibling = `payment-panel:${channel}`;

  const fieldsBefore = new Map<string, Record<string, unknown>>();
  const receivedBefore = new Map<string, number>();
  for (const [field, frame] of frames) {
    fieldsBefore.set(field, await fieldState(frame));
    receivedBefore.set(field, await receivedBy(frame));
    // A listener of the test on the sibling channel, opened after the frame's own: it hears each
    // message after the frame has.
    await frame.evaluate((name) => {
      const counter = window as unknown as { siblingReceived: number };
      counter.siblingReceived = 0;
      new BroadcastChannel(name).addEventListener('message', () => {
        counter.siblingReceived += 1;
      });
    }, sibling);
  }
  const before = await panelState(page);
  const events = (await panel.events()).length;
  const requests = guard.requests.length;

  // The sibling channel, from each frame: only documents of the assets origin can use it, and each
  // frame (the sender's too) hears every message of it.
  let broadcast = 0;
  for (const [index, field] of CARD_FIELDS.entries()) {
    const frame = frames.get(field);
    if (!frame) throw new Error(`no ${field} frame`);
    const hostile = spec(40 + index, channel, true, siblingMessages(), true);
    broadcast += (await fuzz(frame, hostile, share(800), { kind: 'broadcast', name: sibling })).posted;
  }
  const windowed = new Map<string, number>();
  for (const [index, field] of CARD_FIELDS.entries()) {
    const name = names.get(field) ?? '';
    const templates = allTemplates(field);
    // The parent: the right origin and window, on a wrong channel or in a wrong shape.
    const fromParent = await fuzz(page.mainFrame(), spec(50 + index, channel, true, templates), share(4100), {
      kind: 'iframe',
      name,
      document: 'self',
    });
    // Another window of the merchant origin: anything, valid messages on the real channel included.
    const fromOther = await fuzz(
      attackers.sameOrigin,
      spec(60 + index, channel, false, templates),
      share(2000),
      {
        kind: 'iframe',
        name,
        document: 'parent',
      },
    );
    windowed.set(field, fromParent.posted + fromOther.posted);
  }
  for (const [field, frame] of frames) {
    // Ports cannot cross the sibling channel: the few such messages count as refused, not posted.
    expect((windowed.get(field) ?? 0) + broadcast, field).toBeGreaterThanOrEqual(PER_TARGET);
    await allDelivered(frame, (receivedBefore.get(field) ?? 0) + (windowed.get(field) ?? 0));
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { siblingReceived: number }).siblingReceived), {
        timeout: 60_000,
      })
      .toBe(broadcast);
  }

  for (const [field, frame] of frames)
    expect(await fieldState(frame), field).toEqual(fieldsBefore.get(field));
  expect(await panelState(page)).toEqual(before);
  expect((await panel.events()).slice(events)).toEqual([]);
  expect(guard.requestsSince(requests)).toEqual([]);

  // The detector works: the parent's real message is acted on, and undone.
  const number = frames.get('number');
  if (!number) throw new Error('no number frame');
  const className = () => number.evaluate(() => document.querySelector('input')?.className ?? '');
  const command = async (type: 'addClass' | 'removeClass') => {
    await page.evaluate(
      ([name, message, target]) => {
        const host = document.querySelector('payment-panel');
        const frame = [...(host?.shadowRoot?.querySelectorAll('iframe') ?? [])].find((f) => f.name === name);
        frame?.contentWindow?.postMessage(message, target);
      },
      [
        names.get('number') ?? '',
        wrap(channel, { type, field: 'number', className: 'fuzz-marker' }),
        assets,
      ] as const,
    );
  };
  await command('addClass');
  await expect.poll(className).toContain('fuzz-marker');
  await command('removeClass');
  await expect.poll(className).not.toContain('fuzz-marker');
  expect(await fieldState(number)).toEqual(fieldsBefore.get('number'));

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'CreditCard', details: { lastFour: '1111' } });
});

/** Embeds a frame page of the assets origin in the merchant page, under a name. */
async function embedFrame(page: Page, name: string, src: string): Promise<Frame> {
  await page.evaluate(
    ([frameName, url]) => {
      const frame = document.createElement('iframe');
      frame.name = frameName;
      frame.title = frameName;
      frame.src = url;
      document.body.append(frame);
    },
    [name, src] as const,
  );
  await expect.poll(() => page.frame({ name })?.url() ?? '', { timeout: PATIENCE_MS }).toBe(src);
  const frame = page.frame({ name });
  if (!frame) throw new Error(`no frame ${name}`);
  await frame.waitForLoadState('load');
  return frame;
}

/** The query (or hash) that joins a frame page to a channel of the merchant page. */
function joinQuery(channel: string): string {
  return new URLSearchParams({ channel, origin: merchant, version }).toString();
}

/** What a frame page shows and where it is. */
async function documentState(frame: Frame): Promise<{ url: string; body: string; forms: number }> {
  return frame.evaluate(() => ({
    url: location.href,
    body: document.body.innerHTML,
    forms: document.forms.length,
  }));
}

/** Messages the merchant window received whose data names a message type. */
async function messagesOfType(page: Page, type: string): Promise<string[]> {
  return (await receivedMessages(page))
    .filter((message) => message.data.includes(`"type":${JSON.stringify(type)}`))
    .map((message) => message.data);
}

test(`the 3D Secure bank frame: ${MESSAGES} hostile messages change nothing, a real one does`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  await countMessages(page);
  await openMinimal(page, undefined, {}, { messages: true });
  const channel = crypto.randomUUID();
  const bank = await embedFrame(
    page,
    'bank-under-test',
    `${FRAME_BASE}/three-d-secure-bank-frame.min.html#${joinQuery(channel)}`,
  );
  await expect
    .poll(() => messagesOfType(page, 'bankFrameConfigurationRequest'), { timeout: PATIENCE_MS })
    .toHaveLength(1);
  const attackers = await addAttackers(page);
  const before = await documentState(bank);
  const messages = (await receivedMessages(page)).length;
  const requests = guard.requests.length;
  const received = await receivedBy(bank);

  const templates = [...pageToBankFrame(), ...allTemplates()];
  // The parent: the right origin and window, on a wrong channel or in a wrong shape.
  const fromParent = await fuzz(page.mainFrame(), spec(70, channel, true, templates), share(6000), {
    kind: 'iframe',
    name: 'bank-under-test',
    document: 'self',
  });
  // Another window of the merchant origin, spoofing valid configurations (an attacker's bank) too.
  const fromOther = await fuzz(attackers.sameOrigin, spec(71, channel, false, templates), share(4000), {
    kind: 'iframe',
    name: 'bank-under-test',
    document: 'parent',
  });
  expect(fromParent.posted + fromOther.posted).toBe(PER_TARGET);
  await allDelivered(bank, received + PER_TARGET);

  expect(await documentState(bank)).toEqual(before);
  expect((await receivedMessages(page)).slice(messages)).toEqual([]);
  expect(guard.requestsSince(requests)).toEqual([]);

  // The detector works: the parent's real configuration is acted on (here refused for its term URL).
  await page.evaluate(
    ([message, target]) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[name="bank-under-test"]');
      frame?.contentWindow?.postMessage(message, target);
    },
    [
      wrap(channel, {
        type: 'bankFrameConfiguration',
        acsUrl: `${gateway}/sandbox/three_d_secure/acs`,
        pareq: 'pareq',
        md: 'md',
        termUrl: 'https://attacker.example/term?x=1',
      }),
      assets,
    ] as const,
  );
  await expect
    .poll(() => messagesOfType(page, 'frameError'), { timeout: PATIENCE_MS })
    .toEqual([expect.stringContaining('THREEDS_TERM_URL_REQUIRES_DOMAIN')]);
});

test(`the 3D Secure authentication-complete page: ${MESSAGES} hostile messages change nothing`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  await countMessages(page);
  await openMinimal(page, undefined, {}, { messages: true });
  const channel = crypto.randomUUID();
  const complete = await embedFrame(
    page,
    'complete-under-test',
    `${FRAME_BASE}/three-d-secure-authentication-complete-frame.html?${joinQuery(channel)}`,
  );
  // It reports once, on load: the recorder hears it.
  await expect
    .poll(() => messagesOfType(page, 'authenticationComplete'), { timeout: PATIENCE_MS })
    .toHaveLength(1);
  const attackers = await addAttackers(page);
  const before = await documentState(complete);
  const messages = (await receivedMessages(page)).length;
  const requests = guard.requests.length;
  const received = await receivedBy(complete);

  const templates = allTemplates();
  const fromParent = await fuzz(page.mainFrame(), spec(80, channel, false, templates), share(6000), {
    kind: 'iframe',
    name: 'complete-under-test',
    document: 'self',
  });
  const fromOther = await fuzz(attackers.sameOrigin, spec(81, channel, false, templates), share(4000), {
    kind: 'iframe',
    name: 'complete-under-test',
    document: 'parent',
  });
  expect(fromParent.posted + fromOther.posted).toBe(PER_TARGET);
  await allDelivered(complete, received + PER_TARGET);

  expect(await documentState(complete)).toEqual(before);
  expect((await receivedMessages(page)).slice(messages)).toEqual([]);
  expect(guard.requestsSince(requests)).toEqual([]);
});

test(`the PayPal return page: ${MESSAGES} hostile messages from its opener change nothing`, async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await openMinimal(page, undefined, {}, { messages: true });
  const channel = crypto.randomUUID();
  // A return the page cannot read (PayPal's parameters missing): it says so and stays open.
  const opened = context.waitForEvent('page');
  await page.evaluate(
    (url) => {
      (window as unknown as { returned: Window | null }).returned = window.open(url, 'return-under-test');
    },
    `${FRAME_BASE}/paypal-redirect-frame.html?${joinQuery(channel)}&unexpected=1`,
  );
  const popup = await opened;
  await popup.waitForLoadState('load');
  await expect(popup.locator('p')).toHaveText(/did not send a usable answer/);
  await popup.evaluate(() => {
    const counter = window as unknown as { hostileReceived: number };
    counter.hostileReceived = 0;
    window.addEventListener('message', () => {
      counter.hostileReceived += 1;
    });
  });
  const before = await documentState(popup.mainFrame());
  const requests = guard.requests.length;

  const report = await fuzz(page.mainFrame(), spec(90, channel, false, allTemplates()), PER_TARGET, {
    kind: 'global',
    name: 'returned',
  });
  expect(report.posted).toBe(PER_TARGET);
  await allDelivered(popup.mainFrame(), PER_TARGET);

  expect(popup.isClosed()).toBe(false);
  expect(await documentState(popup.mainFrame())).toEqual(before);
  expect(await receivedMessages(page)).toEqual([]);
  expect(guard.requestsSince(requests)).toEqual([]);

  // The recorder hears the cancel page when it does answer: a cancellation, posted to its opener.
  const cancelled = context.waitForEvent('page');
  await page.evaluate(
    (url) => {
      window.open(url, 'return-cancelled');
    },
    `${FRAME_BASE}/paypal-cancel-frame.html?${joinQuery(channel)}&token=EC-FUZZ`,
  );
  // The cancel page posts and closes at once, maybe before a `close` listener could be added: wait for it to be closed.
  const cancelPage = await cancelled;
  await expect.poll(() => cancelPage.isClosed()).toBe(true);
  expect(await messagesOfType(page, 'paypalCancelled')).toHaveLength(1);
});

test(`a PayPal approval: ${MESSAGES} hostile messages from its popup change nothing, and the shopper pays`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await countMessages(page);
  await openMinimal(page, sandbox.key('demo_merchant'), { paypal: PAYPAL });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  await panel.chooseOption('paypal');
  const opened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }).click();
  const popup = await opened;
  await approvalShown(popup, PATIENCE_MS);
  const approvalUrl = popup.url();
  // The channel is in the return URL the panel gave the gateway, never in the approval URL.
  const [created] = await sandbox.requests('/v1/paypal_hermes/create_payment_resource');
  const returnUrl = new URL(String((created?.body as { returnUrl?: unknown } | undefined)?.returnUrl));
  const channel = returnUrl.searchParams.get('channel') ?? '';
  expect(channel).toMatch(/^[0-9a-f-]{36}$/);
  expect(approvalUrl).not.toContain(channel);

  const before = await panelState(page);
  const events = (await panel.events()).length;
  let received = await receivedBy(page.mainFrame());
  const templates = [...paypalReturnToPage(version), ...allTemplates()];
  const opener: HostileTarget = { kind: 'window', window: 'opener' };

  // The approval page (the gateway's origin, the popup's window): anything, valid answers too.
  let requests = guard.requests.length;
  const fromApproval = await fuzz(
    popup.mainFrame(),
    spec(100, channel, false, templates),
    share(4000),
    opener,
  );
  await allDelivered(page.mainFrame(), (received += fromApproval.posted));
  expect(guard.requestsSince(requests)).toEqual([]);

  // A page of the assets origin in the popup's window: on a wrong channel or in a wrong shape.
  await popup.goto(INERT_ASSETS_PAGE);
  requests = guard.requests.length;
  const fromAssets = await fuzz(popup.mainFrame(), spec(101, channel, true, templates), share(6000), opener);
  await allDelivered(page.mainFrame(), (received += fromAssets.posted));
  expect(guard.requestsSince(requests)).toEqual([]);
  expect(fromApproval.posted + fromAssets.posted).toBe(PER_TARGET);

  expect(popup.isClosed()).toBe(false);
  expect(await panelState(page)).toEqual(before);
  expect((await panel.events()).slice(events)).toEqual([]);

  // The real answer is acted on: the shopper approves, the return page answers, the panel pays.
  await popup.goto(approvalUrl);
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
  await expect(panel.savedMethods()).toHaveText([/pat\.payer@example\.com/], { timeout: PATIENCE_MS });
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount', details: { email: 'pat.payer@example.com' } });
});

test(`a 3D Secure challenge: ${MESSAGES} hostile messages from its frame change nothing, and the card pays`, async ({
  page,
}) => {
  test.setTimeout(240_000);
  await countMessages(page);
  await openMinimal(page, await sandbox.clientToken('three_d_secure_v1_merchant'), {
    'three-d-secure': JSON.stringify({ amount: '10.00' }),
  });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  await cardSheetReady(page);
  await new CardFields(page).fill({ ...VISA, number: '4000000000000002' });
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
  let settled = false;
  const request = panel.requestPaymentMethod().finally(() => {
    settled = true;
  });
  const bankPage = page.frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame-"]');
  await expect(bankPage.locator('#approve')).toBeVisible({ timeout: PATIENCE_MS });
  const bank = page.frames().find((frame) => frame.name().startsWith('payment-panel-three-d-secure-frame-'));
  if (!bank) throw new Error('no bank frame');
  const channel = bank.name().slice('payment-panel-three-d-secure-frame-'.length);
  // The bank's answer, as its Authenticate button would post it.
  const answer = await bank.evaluate(() => {
    const form = document.querySelector<HTMLButtonElement>('#approve')?.form;
    return {
      action: form?.action ?? '',
      fields: Object.fromEntries(
        [...new FormData(form ?? undefined)].map(([key, value]) => [
          key,
          typeof value === 'string' ? value : '',
        ]),
      ),
    };
  });

  const before = await panelState(page);
  const events = (await panel.events()).length;
  let received = await receivedBy(page.mainFrame());
  const templates = [...threeDSecureToPage(version), ...allTemplates()];
  const parent: HostileTarget = { kind: 'window', window: 'parent' };

  // The bank's page (another origin, the bank frame's window): anything, valid answers too.
  let requests = guard.requests.length;
  const fromBank = await fuzz(bank, spec(110, channel, false, templates), share(4000), parent);
  await allDelivered(page.mainFrame(), (received += fromBank.posted));
  expect(guard.requestsSince(requests)).toEqual([]);

  // A page of the assets origin in the bank frame: on a wrong channel or in a wrong shape.
  await bank.goto(INERT_ASSETS_PAGE);
  requests = guard.requests.length;
  const fromAssets = await fuzz(bank, spec(111, channel, true, templates), share(6000), parent);
  await allDelivered(page.mainFrame(), (received += fromAssets.posted));
  expect(guard.requestsSince(requests)).toEqual([]);
  expect(fromBank.posted + fromAssets.posted).toBe(PER_TARGET);

  expect(settled).toBe(false);
  expect(await panelState(page)).toEqual(before);
  expect((await panel.events()).slice(events)).toEqual([]);

  // The bank's real answer reaches the term URL, the complete page reports it, the card pays.
  await bank.evaluate(({ action, fields }) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, answer);
  const { payload } = await request;
  expect(payload).toMatchObject({ type: 'CreditCard', liabilityShifted: true, liabilityShiftPossible: true });
});
