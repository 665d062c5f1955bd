/**
 * The frame pages on the assets origin load, join the channel named in their URL and report ready
 * to their parent only; a page of another version is refused.
 */
import type { Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import { expect, test } from './support/fixtures';

const { version } = pkg;

const { assets, merchant } = localOrigins();
const base = `${assets}/payment-panel/${version}/html`;

/** Each page, and what it says after `frameReady` when nothing answers it. */
const PAGES: {
  file: string;
  frame: string;
  params: 'hash' | 'query';
  field?: string;
  then?: Record<string, unknown>;
}[] = [
  { file: 'hosted-fields-frame.min.html', frame: 'hosted-fields', params: 'hash', field: 'number' },
  { file: 'hosted-fields-frame.html', frame: 'hosted-fields', params: 'hash', field: 'cvv' },
  // The bank frame asks for its configuration; the complete page reports an absent answer.
  {
    file: 'three-d-secure-bank-frame.min.html',
    frame: 'three-d-secure-bank',
    params: 'hash',
    then: { type: 'bankFrameConfigurationRequest', version },
  },
  {
    file: 'three-d-secure-bank-frame.html',
    frame: 'three-d-secure-bank',
    params: 'hash',
    then: { type: 'bankFrameConfigurationRequest', version },
  },
  {
    file: 'three-d-secure-authentication-complete-frame.html',
    frame: 'three-d-secure-complete',
    params: 'query',
    then: { type: 'authenticationComplete', authResponse: null },
  },
];

interface Received {
  origin: string;
  fromFrame: boolean;
  data: { protocol?: string; channel?: string; message?: Record<string, unknown> };
}

/** Embeds a frame page in the merchant page and collects what reaches the merchant window. */
async function embed(page: Page, src: string): Promise<void> {
  await page.evaluate((url) => {
    const received: unknown[] = [];
    (window as unknown as { received: unknown[] }).received = received;
    const frame = document.createElement('iframe');
    frame.title = 'frame under test';
    window.addEventListener('message', (event) => {
      received.push({
        origin: event.origin,
        fromFrame: event.source === frame.contentWindow,
        data: event.data as unknown,
      });
    });
    frame.src = url;
    document.body.append(frame);
  }, src);
}

async function received(page: Page): Promise<Received[]> {
  return page.evaluate(() => (window as unknown as { received: Received[] }).received);
}

test.beforeEach(async ({ page }) => {
  // A page on the merchant origin without a panel of its own.
  await page.goto('/minimal.html');
});

for (const { file, frame, params, field, then } of PAGES) {
  test(`${file} joins its channel and reports ready to its parent`, async ({ page }) => {
    const channel = crypto.randomUUID();
    const query = new URLSearchParams({
      channel,
      origin: merchant,
      version,
      ...(field ? { field } : {}),
    }).toString();
    await embed(page, params === 'hash' ? `${base}/${file}#${query}` : `${base}/${file}?${query}`);

    await expect.poll(async () => (await received(page)).length).toBe(then ? 2 : 1);
    const [message, next] = await received(page);
    expect(message).toEqual({
      origin: assets,
      fromFrame: true,
      data: {
        protocol: 'payment-panel',
        channel,
        message: { type: 'frameReady', frame, version, ...(field ? { field } : {}) },
      },
    });
    if (then) {
      expect(next).toEqual({
        origin: assets,
        fromFrame: true,
        data: { protocol: 'payment-panel', channel, message: then },
      });
    }
  });
}

test('a frame refuses a page of another version with INCOMPATIBLE_VERSIONS', async ({ page }) => {
  const channel = crypto.randomUUID();
  const query = new URLSearchParams({
    channel,
    origin: merchant,
    version: '0.0.1',
    field: 'number',
  }).toString();
  await embed(page, `${base}/hosted-fields-frame.min.html#${query}`);
  await expect.poll(async () => (await received(page)).length).toBe(1);
  const [message] = await received(page);
  expect(message?.data.message).toEqual({
    type: 'frameError',
    frame: 'hosted-fields',
    error: {
      name: 'PanelError',
      code: 'INCOMPATIBLE_VERSIONS',
      type: 'MERCHANT',
      message: `Client (version 0.0.1) and hosted-fields (version ${version}) components must be from the same SDK version.`,
    },
  });
});

test('a frame told a parent origin other than its real one stays silent', async ({ page }) => {
  const channel = crypto.randomUUID();
  const forged = new URLSearchParams({ channel, origin: 'https://attacker.example', version }).toString();
  await embed(page, `${base}/hosted-fields-frame.min.html#${forged}`);
  await page.locator('iframe').contentFrame().locator('body').waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  expect(await received(page)).toEqual([]);
});

test('a hosted-fields frame without a known field stays silent', async ({ page }) => {
  const channel = crypto.randomUUID();
  const query = new URLSearchParams({ channel, origin: merchant, version, field: 'pin' }).toString();
  await embed(page, `${base}/hosted-fields-frame.min.html#${query}`);
  await page.locator('iframe').contentFrame().locator('body').waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  expect(await received(page)).toEqual([]);
});

test('a frame without a channel stays silent and says why on its console', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await embed(page, `${base}/three-d-secure-bank-frame.min.html`);
  await expect.poll(() => logged).toContain('MISSING_CHANNEL_ID: Channel ID must be specified.');
  expect(await received(page)).toEqual([]);
});
