/**
 * What the three local origins serve: the bundle with CORS and matching integrity hashes, the
 * public types beside it, nothing outside the published folders, and a site icon for every top-level page.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { localOrigins } from '../../server/origins';
import { CHECKOUT_PATH } from '../../sandbox/checkout';
import { APPROVE_PATH } from '../../sandbox/stand-ins/paypal-approval';
import { expect, test } from './support/fixtures';

const { version } = pkg;

const { merchant, assets, gateway } = localOrigins();
const folder = `${assets}/payment-panel/${version}`;

test('the assets origin serves the bundle with CORS, and integrity.json matches every file', async ({
  request,
}) => {
  const bundle = await request.get(`${folder}/payment-panel.min.js`, { headers: { origin: merchant } });
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['access-control-allow-origin']).toBe('*');
  expect(bundle.headers()['content-type']).toContain('javascript');

  const integrity = (await (await request.get(`${folder}/integrity.json`)).json()) as Record<string, string>;
  expect(Object.keys(integrity)).toEqual(
    expect.arrayContaining([
      'payment-panel.min.js',
      'payment-panel.js',
      'html/hosted-fields-frame.min.html',
      'html/hosted-fields-frame.html',
      'html/three-d-secure-bank-frame.min.html',
      'html/three-d-secure-bank-frame.html',
      'html/three-d-secure-authentication-complete-frame.html',
      'html/paypal-landing-frame.html',
      'html/paypal-redirect-frame.html',
      'html/paypal-cancel-frame.html',
      'payment-panel.d.ts',
      'custom-elements.json',
      'vscode.html-custom-data.json',
      'web-types.json',
    ]),
  );
  for (const [file, hash] of Object.entries(integrity)) {
    const body = await (await request.get(`${folder}/${file}`)).body();
    expect(`sha384-${createHash('sha384').update(body).digest('base64')}`, file).toBe(hash);
  }
});

test("the versioned folder publishes the public types and the editors' data beside the bundle", async ({
  request,
}) => {
  const declarations = await request.get(`${folder}/payment-panel.d.ts`);
  expect(declarations.status()).toBe(200);
  expect(declarations.headers()['access-control-allow-origin']).toBe('*');
  const text = await declarations.text();
  expect(text.startsWith(`/**\n * payment-panel ${version}: `)).toBe(true);
  expect(text).toMatch(/['"]payment-panel['"]: PaymentPanelElement;/);
  expect(text).toContain('paymentPanel: PaymentPanelGlobal;');
  const manifest = await request.get(`${folder}/custom-elements.json`);
  expect(manifest.headers()['content-type']).toContain('application/json');
  expect(await manifest.json()).toMatchObject({
    schemaVersion: '2.1.0',
    modules: [{ path: 'payment-panel.min.js', declarations: [{ tagName: 'payment-panel' }] }],
  });
  // Editors complete <payment-panel> and its attributes from the same manifest.
  const attributes = ['authorization', 'name', 'card', 'three-d-secure', 'preselect-vaulted-payment-method'];
  const vsCode = (await (await request.get(`${folder}/vscode.html-custom-data.json`)).json()) as {
    tags: { name: string; attributes: { name: string; description?: string }[] }[];
  };
  const vsCodeTag = vsCode.tags.find((tag) => tag.name === 'payment-panel');
  expect(vsCodeTag?.attributes.map((attribute) => attribute.name)).toEqual(
    expect.arrayContaining(attributes),
  );
  const webTypes = (await (await request.get(`${folder}/web-types.json`)).json()) as {
    name: string;
    version: string;
    contributions: { html: { elements: { name: string; attributes: { name: string }[] }[] } };
  };
  expect(webTypes).toMatchObject({ name: 'payment-panel', version });
  const webTypesElement = webTypes.contributions.html.elements.find(
    (element) => element.name === 'payment-panel',
  );
  expect(webTypesElement?.attributes.map((attribute) => attribute.name)).toEqual(
    expect.arrayContaining(attributes),
  );
  // Both flavours publish the same types.
  const release = await request.get(`${assets}/release/payment-panel/${version}/payment-panel.d.ts`);
  expect(await release.text()).toBe(text);
});

test('the bundle is minified, production React and carries no development build', async ({ request }) => {
  const source = await (await request.get(`${folder}/payment-panel.min.js`)).text();
  expect(source).not.toContain('process.env.NODE_ENV');
  expect(source.split('\n').length).toBeLessThan(50);
  const debug = await (await request.get(`${folder}/payment-panel.js`)).text();
  expect(debug.split('\n').length).toBeGreaterThan(1000);
  expect(debug).not.toContain('process.env.NODE_ENV');
});

test('the demo page loads the bundle cross-origin with integrity', async ({ request }) => {
  const html = await (await request.get(`${merchant}/`)).text();
  const integrity = (await (await request.get(`${folder}/integrity.json`)).json()) as Record<string, string>;
  expect(html).toContain(`src="${folder}/payment-panel.min.js"`);
  expect(html).toContain('crossorigin="anonymous"');
  expect(html).toContain(`integrity="${integrity['payment-panel.min.js'] ?? 'missing'}"`);
});

test('no origin serves files outside its published folder', async ({ request }) => {
  for (const url of [
    `${merchant}/server/start.ts`,
    `${merchant}/sandbox/index.ts`,
    `${merchant}/certs/key.pem`,
    `${merchant}/%2e%2e/package.json`,
    `${merchant}/..%2fpackage.json`,
    `${assets}/payment-panel/${version}/..%2f..%2f..%2fpackage.json`,
    `${assets}/package.json`,
  ]) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});

test('the gateway answers CORS preflights for any merchant origin', async ({ request }) => {
  const response = await request.fetch(`${gateway}/merchants/demo_merchant/client_api/v1/configuration`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://shop.example',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'content-type',
    },
  });
  expect(response.status()).toBe(204);
  expect(response.headers()['access-control-allow-origin']).toBe('https://shop.example');
  expect(response.headers()['access-control-allow-headers']).toContain('content-type');
});

/**
 * The site icon of the page, loaded as the browser loads it (Firefox and WebKit on every page; headless Chromium
 * never): the page's icon link, else `/favicon.ico`, under the page's own policy. Its size, or why it did not load.
 */
function siteIcon(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((done) => {
        const url =
          document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ??
          new URL('/favicon.ico', location.href).href;
        const image = new Image();
        image.onload = () => {
          done(`${image.naturalWidth}x${image.naturalHeight}`);
        };
        image.onerror = () => {
          done(`${url} did not load`);
        };
        image.src = url;
      }),
  );
}

test('every top-level page of the three origins has a site icon its own policy allows', async ({ page }) => {
  for (const path of ['/', '/minimal.html', '/form.html', '/dropin.html', '/themed.html']) {
    await page.goto(`${merchant}${path}`);
    expect(await siteIcon(page), path).toBe('32x32');
  }
  // The PayPal popup's pages are top-level pages of the assets origin; its approval page is the gateway's.
  await page.goto(`${folder}/html/paypal-landing-frame.html`);
  expect(await siteIcon(page), 'the PayPal popup').toBe('32x32');
  await page.goto(`${gateway}${APPROVE_PATH}`);
  expect(await siteIcon(page), 'the sandbox PayPal page').toBe('32x32');
  // The sandbox's stand-in for the merchant's server answers a form post with a page.
  await page.goto(`${merchant}/minimal.html`);
  await page.evaluate((action) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = action;
    document.body.append(form);
    form.submit();
  }, `${gateway}${CHECKOUT_PATH}`);
  await expect(page).toHaveURL(`${gateway}${CHECKOUT_PATH}`);
  expect(await siteIcon(page), 'the sandbox checkout').toBe('32x32');
});
