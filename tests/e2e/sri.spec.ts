/**
 * Subresource Integrity (docs/csp-and-sri.md): integrity.json holds the sha384 of every
 * published file, the demo pages load the bundle with it, and the browser refuses a bundle whose
 * bytes were changed on the way.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Page, Route } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { distDir } from '../../server/build';
import { localOrigins } from '../../server/origins';
import type { Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';

const { version } = pkg;
const { assets } = localOrigins();
const FLAVOURS = [
  { flavour: 'local', folder: `${assets}/payment-panel/${version}` },
  { flavour: 'release', folder: `${assets}/release/payment-panel/${version}` },
] as const;
const BUNDLE = `${assets}/payment-panel/${version}/payment-panel.min.js`;

/** Every file of a built folder, as paths relative to it. */
function filesOf(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(folder, path).split('\\').join('/'));
    }
  };
  walk(folder);
  return found.sort();
}

function sri(bytes: Buffer): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

for (const { flavour, folder } of FLAVOURS) {
  test(`integrity.json of the ${flavour} flavour holds the sha384 of every file it serves`, async ({
    request,
  }) => {
    const integrity = (await (await request.get(`${folder}/integrity.json`)).json()) as Record<
      string,
      string
    >;
    const published = filesOf(distDir(flavour, version)).filter((file) => file !== 'integrity.json');
    expect(Object.keys(integrity).sort()).toEqual(published);
    expect(published).toEqual(
      expect.arrayContaining([
        'payment-panel.min.js',
        'payment-panel.js',
        'payment-panel.d.ts',
        'custom-elements.json',
        'vscode.html-custom-data.json',
        'web-types.json',
        'html/hosted-fields-frame.min.html',
        'html/paypal-landing-frame.html',
      ]),
    );
    for (const [file, hash] of Object.entries(integrity)) {
      expect(hash, file).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
      const response = await request.get(`${folder}/${file}`);
      expect(response.status(), file).toBe(200);
      expect(sri(await response.body()), file).toBe(hash);
    }
  });
}

/** Records the page's script load failures from before its own scripts run. */
/**
 * What each engine says when a script fails its integrity check: Chromium on the console, Firefox as an error of
 * the page (over WebDriver BiDi). The first phrase's line names the script.
 */
const INTEGRITY_REFUSAL: Readonly<Record<string, readonly string[]>> = {
  chromium: ["Failed to find a valid digest in the 'integrity' attribute", 'The resource has been blocked.'],
  firefox: ['None of the “sha384” hashes in the integrity attribute match the content of the subresource'],
};

async function recordScriptErrors(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(error.message));
  await page.addInitScript(() => {
    const failed: string[] = [];
    (window as unknown as { failedScripts: string[] }).failedScripts = failed;
    document.addEventListener(
      'error',
      (event) => {
        if (event.target instanceof HTMLScriptElement) failed.push(event.target.src);
      },
      true,
    );
  });
  return messages;
}

/** What the page ended with: whether the bundle ran, and which scripts failed to load. */
async function outcome(page: Page) {
  return page.evaluate(() => ({
    defined: customElements.get('payment-panel') !== undefined,
    global: 'paymentPanel' in window,
    tampered: 'tamperedBundleRan' in window,
    failedScripts: (window as unknown as { failedScripts: string[] }).failedScripts,
  }));
}

/** The minimal page with the test's key. */
const minimalPage = (sandbox: Sandbox): string =>
  `/minimal.html?authorization=${sandbox.key('demo_merchant')}`;

for (const [page, pathOf] of [
  ['demo checkout', () => '/'],
  ['checkout form', () => '/form.html'],
  ['drop-in page', (sandbox: Sandbox) => `/dropin.html?authorization=${sandbox.key('demo_merchant')}`],
  ['minimal page', minimalPage],
] as const) {
  test(`the ${page} loads the bundle with its integrity, cross-origin`, async ({
    page: browser,
    request,
    sandbox,
  }) => {
    const path = pathOf(sandbox);
    const integrity = (await (
      await request.get(`${assets}/payment-panel/${version}/integrity.json`)
    ).json()) as Record<string, string>;
    await recordScriptErrors(browser);
    await browser.goto(path);
    await expect.poll(async () => (await outcome(browser)).defined).toBe(true);
    const script = await browser.evaluate((src) => {
      const element = [...document.scripts].find((s) => s.src === src);
      return element && { integrity: element.integrity, crossOrigin: element.crossOrigin };
    }, BUNDLE);
    expect(script).toEqual({ integrity: integrity['payment-panel.min.js'], crossOrigin: 'anonymous' });
    expect((await outcome(browser)).failedScripts).toEqual([]);
  });
}

test('the minimal page loads the release bundle with the release flavour’s integrity', async ({
  page,
  request,
}) => {
  const folder = `${assets}/release/payment-panel/${version}`;
  const integrity = (await (await request.get(`${folder}/integrity.json`)).json()) as Record<string, string>;
  await page.goto('/minimal.html?bundle=release');
  await expect.poll(() => page.evaluate(() => customElements.get('payment-panel') !== undefined)).toBe(true);
  const script = await page.evaluate(
    (src) => [...document.scripts].find((s) => s.src === src)?.integrity,
    `${folder}/payment-panel.min.js`,
  );
  expect(script).toBe(integrity['payment-panel.min.js']);
});

/** Serves the bundle's real bytes, changed by `change`, with the assets origin's own headers. */
function serveBundle(change: (source: string) => string) {
  return async (route: Route): Promise<void> => {
    const response = await route.fetch();
    await route.fulfill({ response, body: change(await response.text()) });
  };
}

for (const [page, pathOf] of [
  ['demo checkout', () => '/'],
  ['minimal page', minimalPage],
] as const) {
  test(`the ${page} refuses a tampered bundle and runs the untouched one`, async ({
    page: browser,
    browserName,
    sandbox,
  }) => {
    const path = pathOf(sandbox);
    // The same route serving the bytes unchanged: the bundle runs, so only the change refuses it.
    await browser.route(
      BUNDLE,
      serveBundle((source) => source),
    );
    await recordScriptErrors(browser);
    await browser.goto(path);
    await expect.poll(async () => (await outcome(browser)).defined).toBe(true);

    await browser.unroute(BUNDLE);
    await browser.route(
      BUNDLE,
      serveBundle((source) => `${source}\n;window.tamperedBundleRan = true;`),
    );
    const messages = await recordScriptErrors(browser);
    const [refused, ...alsoSaid] = INTEGRITY_REFUSAL[browserName] ?? [];
    if (refused === undefined) throw new Error(`no integrity refusal known for ${browserName}`);
    await browser.reload();
    // The browser says why, in its own words, naming the bundle.
    await expect.poll(() => messages.find((message) => message.includes(refused))).toContain(BUNDLE);
    for (const phrase of alsoSaid) expect(messages.join('\n')).toContain(phrase);
    await browser.waitForLoadState('load');
    expect(await outcome(browser)).toEqual({
      defined: false,
      global: false,
      tampered: false,
      failedScripts: [BUNDLE],
    });
    // The element stays an unknown element of the page: no panel, no frames.
    await expect(browser.locator('payment-panel')).toHaveCount(1);
    await expect(browser.locator('payment-panel iframe')).toHaveCount(0);
  });
}
