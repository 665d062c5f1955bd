/**
 * Records, from before any script of the merchant page runs, every panel event that reaches its
 * document (as {@link PanelPage} reads them) and, deeply serialised, every message its window
 * receives. The serialiser survives anything a hostile window can post: cycles, BigInts, Blobs,
 * ports, megabytes.
 * @packageDocumentation
 */
import {
  expect,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { localOrigins } from '../../../server/origins';
import { PANEL_EVENT_NAMES, type PanelEventName } from '../../../src/shared/event-names';
import type { Flavour, PanelPage, RecordedEvent } from '../models/panel';

/** A message the merchant window received. */
export interface ReceivedMessage {
  origin: string;
  /** The data as text, every nested value visited once. */
  data: string;
  /** How many ports came with it. */
  ports: number;
}

/** Installs the recorder in the merchant page (only its top window; frames and popups are left alone). */
export async function recordMerchantWindow(page: Page, options: { messages: boolean }): Promise<void> {
  await page.addInitScript(
    ({ names, merchant, messages }: { names: readonly string[]; merchant: string; messages: boolean }) => {
      if (window.top !== window || location.origin !== merchant) return;
      const events: unknown[] = [];
      (window as unknown as { panelEvents: unknown[] }).panelEvents = events;
      for (const name of names) {
        document.addEventListener(name, (event) => {
          const detail = (event as CustomEvent<unknown>).detail;
          const plain: unknown =
            detail instanceof Error
              ? JSON.parse(
                  JSON.stringify({ ...(detail as object), name: detail.name, message: detail.message }),
                )
              : JSON.parse(JSON.stringify(detail ?? null));
          events.push({ name, detail: plain });
        });
      }
      if (!messages) return;
      const received: { origin: string; data: string; ports: number }[] = [];
      (window as unknown as { receivedMessages: unknown[] }).receivedMessages = received;
      const serialise = (value: unknown): string => {
        const seen = new Set<unknown>();
        const parts: string[] = [];
        const visit = (item: unknown): void => {
          if (typeof item === 'string') parts.push(JSON.stringify(item));
          else if (typeof item === 'bigint') parts.push(`${item.toString()}n`);
          else if (typeof item !== 'object' || item === null) parts.push(String(item));
          else if (seen.has(item)) parts.push('[seen]');
          else {
            seen.add(item);
            if (item instanceof Blob) parts.push(`[Blob ${item.type} ${String(item.size)}]`);
            else if (ArrayBuffer.isView(item))
              parts.push(`[${Array.from(new Uint8Array(item.buffer)).join(',')}]`);
            else if (item instanceof Map) {
              for (const [key, entry] of item) {
                visit(key);
                visit(entry);
              }
            } else if (item instanceof Set) for (const entry of item) visit(entry);
            else {
              parts.push('{');
              for (const key of Object.keys(item)) {
                parts.push(JSON.stringify(key), ':');
                visit((item as Record<string, unknown>)[key]);
              }
              parts.push('}');
            }
          }
        };
        visit(value);
        return parts.join('');
      };
      window.addEventListener('message', (event) => {
        received.push({ origin: event.origin, data: serialise(event.data), ports: event.ports.length });
      });
    },
    { names: PANEL_EVENT_NAMES, merchant: localOrigins().merchant, messages: options.messages },
  );
}

/** Every message the merchant window received so far. */
export async function receivedMessages(page: Page): Promise<ReceivedMessage[]> {
  return page.evaluate(() => (window as unknown as { receivedMessages: ReceivedMessage[] }).receivedMessages);
}

/**
 * Opens the minimal merchant page with one `<payment-panel>` (see demo/minimal.js), recording its
 * events (and, with `messages`, what its window receives).
 */
export async function openMinimal(
  page: Page,
  authorization: string | undefined,
  attributes: Record<string, string> = {},
  options: { messages?: boolean; flavour?: Flavour } = {},
): Promise<void> {
  const query = new URLSearchParams({
    ...attributes,
    ...(options.flavour === 'release' ? { bundle: 'release' } : {}),
  });
  if (authorization !== undefined) query.set('authorization', authorization);
  await recordMerchantWindow(page, { messages: options.messages ?? false });
  await page.goto(`/minimal.html?${query}`);
}

/** Playwright's own `test`, whose options {@link withoutMerchantPolicy} sets. */
type PlaywrightTest = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;

/**
 * Makes the demo, for the tests of the calling scope, a merchant page without a policy of its own. Chromium bypasses
 * the page's policy (`bypassCSP`): an answer rewritten by the test would make the page one of no network address,
 * which Chromium forbids to reach the local origins (Local Network Access). Firefox over WebDriver BiDi has no
 * `bypassCSP`, so there the merchant origin's answers arrive without their `Content-Security-Policy`.
 */
export function withoutMerchantPolicy(test: PlaywrightTest): void {
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page, browserName }) => {
    if (browserName !== 'firefox') return;
    await page.route(`${localOrigins().merchant}/**`, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
  });
}

/** How long a hostile test waits for the panel: the machines these run on are often busy. */
export const PATIENCE_MS = 30_000;

/** Waits (patiently) for the first panel event of a name and returns it. */
export async function panelEvent(panel: PanelPage, name: PanelEventName): Promise<RecordedEvent> {
  await expect
    .poll(async () => (await panel.events()).some((event) => event.name === name), { timeout: PATIENCE_MS })
    .toBe(true);
  const event = (await panel.events()).find((recorded) => recorded.name === name);
  if (!event) throw new Error(`no ${name} event`);
  return event;
}

/** Waits (patiently) until every card field frame of the page's panel is ready. */
export async function cardSheetReady(page: Page): Promise<void> {
  await expect(page.locator('payment-panel [part~="card-sheet"]')).toHaveAttribute('data-ready', 'true', {
    timeout: PATIENCE_MS,
  });
}
