/**
 * The first script and the files it loads on demand (docs/building.md, "Files a page loads"): a card-only page
 * fetches no wallet or 3D Secure code, a wallet's file is fetched once however many panels a page
 * holds, each file is checked by the browser against its sha384, and a file that does not arrive
 * has a name: a wallet drops out and the card still pays; a view that cannot load fails the panel.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { distDir } from '../../server/build';
import { localOrigins } from '../../server/origins';
import { type CardFields, VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { expect, test } from './support/fixtures';
import { cardFramesAnswered } from './support/card-frames';

const { version } = pkg;
const { assets } = localOrigins();
const FOLDER = `${assets}/payment-panel/${version}`;
const PAYPAL = JSON.stringify({ flow: 'vault' });

/** The integrity.json of the local flavour. */
function integrity(): Record<string, string> {
  return JSON.parse(readFileSync(resolve(distDir('local', version), 'integrity.json'), 'utf8')) as Record<
    string,
    string
  >;
}

/** Every request the page makes to the assets origin, as paths inside the versioned folder. */
function assetRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().startsWith(`${FOLDER}/`))
      paths.push(new URL(request.url()).pathname.slice(FOLDER.length - assets.length + 1));
  });
  return paths;
}

/** The minimal merchant page without its panel: a page with the first script and nothing else. */
async function openEmpty(page: Page): Promise<void> {
  await page.goto('/minimal.html');
  await page.waitForFunction(() => customElements.get('payment-panel') !== undefined);
  await page.evaluate(async () => {
    const element = document.querySelector<HTMLElement & { teardown(): Promise<void> }>('payment-panel');
    await element?.teardown();
    element?.remove();
  });
}

/** Pays by card on the first panel of the page and returns the nonce. */
async function paysByCard(panel: PanelPage, card: CardFields): Promise<string> {
  await card.ready();
  await card.fill(VISA);
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  return String(payload?.nonce);
}

test('a card-only page fetches the first script, the panel, the view and the card frame, and no other code', async ({
  sandbox,
  page,
  panel,
  card,
}) => {
  const requested = assetRequests(page);
  await panel.openBare(sandbox.key('card_only_merchant'));
  await panel.waitForEvent('ready');
  const scripts = requested.filter((path) => path.endsWith('.js'));
  // Each card frame asks for the frame's one script; the browser fetches it once.
  expect([...new Set(scripts)].sort(), requested.join(', ')).toEqual([
    'assets/hosted-fields-frame.min.js',
    'modules/panel.min.js',
    'modules/view.min.js',
    'payment-panel.min.js',
  ]);
  expect(requested.filter((path) => path.endsWith('.html'))).toEqual([
    'html/hosted-fields-frame.min.html',
    'html/hosted-fields-frame.min.html',
  ]);
  // Each file loaded on demand came through a script element with its sha384 and no credentials.
  const hashes = integrity();
  const elements = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[src*="/modules/"]')].map((script) => ({
      src: script.src,
      integrity: script.integrity,
      crossOrigin: script.crossOrigin,
    })),
  );
  expect(elements.map((element) => element.src).sort()).toEqual([
    `${FOLDER}/modules/panel.min.js`,
    `${FOLDER}/modules/view.min.js`,
  ]);
  for (const element of elements) {
    const file = element.src.slice(FOLDER.length + 1);
    expect(element.integrity, file).toBe(hashes[file]);
    expect(element.crossOrigin, file).toBe('anonymous');
  }
  expect(await paysByCard(panel, card)).toMatch(/^tokencc_/);
});

test("a page with PayPal fetches PayPal's file once, however many panels it holds", async ({
  sandbox,
  page,
}) => {
  const requested = assetRequests(page);
  await openEmpty(page);
  await page.evaluate(
    ({ key, paypal }) => {
      for (let i = 0; i < 3; i++) {
        const element = document.createElement('payment-panel');
        element.setAttribute('authorization', key);
        element.setAttribute('paypal', paypal);
        document.querySelector('main')?.append(element);
      }
    },
    { key: sandbox.key('demo_merchant'), paypal: PAYPAL },
  );
  await expect
    .poll(() => page.locator('payment-panel [part="option"][data-option="paypal"]').count())
    .toBe(3);
  expect(requested.filter((path) => path.startsWith('modules/')).sort()).toEqual([
    'modules/panel.min.js',
    'modules/paypal.min.js',
    'modules/view.min.js',
  ]);
  expect(requested.filter((path) => path === 'payment-panel.min.js')).toHaveLength(1);
});

test("a page with Google Pay fetches Google Pay's file and Google's script once, however many panels it holds", async ({
  sandbox,
  page,
}) => {
  const requested = assetRequests(page);
  const scripts: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/google-pay/pay.js')) scripts.push(request.url());
  });
  await openEmpty(page);
  await page.evaluate((key) => {
    for (let i = 0; i < 2; i++) {
      const element = document.createElement('payment-panel');
      element.setAttribute('authorization', key);
      element.setAttribute(
        'google-pay',
        '{"transactionInfo": {"currencyCode": "USD", "totalPriceStatus": "FINAL", "totalPrice": "10.00"}}',
      );
      document.querySelector('main')?.append(element);
    }
  }, sandbox.key('demo_merchant'));
  await expect
    .poll(() => page.locator('payment-panel [part="option"][data-option="googlePay"]').count())
    .toBe(2);
  expect(requested.filter((path) => path.startsWith('modules/')).sort()).toEqual([
    'modules/google-pay.min.js',
    'modules/panel.min.js',
    'modules/view.min.js',
  ]);
  expect(scripts).toEqual([`${localOrigins().gateway}/sandbox/google-pay/pay.js`]);
});

test.describe('a file that does not arrive', () => {
  for (const { name, answer } of [
    { name: 'answered 404', answer: { status: 404, body: 'Not found' } },
    { name: 'served with altered bytes', answer: { status: 200, body: 'window.altered = true;' } },
  ]) {
    test(`PayPal's file ${name} gives MODULE_LOAD_FAILED, PayPal drops out and a card still pays`, async ({
      sandbox,
      page,
      panel,
      card,
    }) => {
      if (answer.status === 200) {
        // Served with the genuine headers, only the bytes differ: the browser's integrity check refuses it.
        await page.route(`${FOLDER}/modules/paypal.min.js`, async (route) => {
          const genuine = await route.fetch();
          await route.fulfill({ response: genuine, body: answer.body });
        });
      } else {
        await page.route(`${FOLDER}/modules/paypal.min.js`, (route) =>
          route.fulfill({ ...answer, headers: { 'access-control-allow-origin': '*' } }),
        );
      }
      await panel.openBare(sandbox.key('demo_merchant'), 'local', { paypal: PAYPAL });
      const error = await panel.waitForError();
      expect(error).toMatchObject({
        code: 'MODULE_LOAD_FAILED',
        type: 'NETWORK',
        message: 'The paypal file of the panel could not be loaded.',
        details: { module: 'paypal', url: `${FOLDER}/modules/paypal.min.js` },
      });
      await panel.waitForEvent('ready');
      expect((await panel.events()).map((event) => event.name)).not.toContain('cancelInitialization');
      // The altered script never ran.
      expect(await page.evaluate(() => (window as { altered?: boolean }).altered)).toBeUndefined();
      // The card, the one option left, opens at once and pays.
      await expect(panel.element.locator('[part~="card-sheet"]')).toBeVisible();
      expect(await paysByCard(panel, card)).toMatch(/^tokencc_/);
    });
  }

  test('a view that cannot load fails the panel with MODULE_LOAD_FAILED and cancelInitialization', async ({
    sandbox,
    page,
    panel,
  }) => {
    await page.route(`${FOLDER}/modules/view.min.js`, (route) =>
      route.fulfill({ status: 404, body: 'Not found', headers: { 'access-control-allow-origin': '*' } }),
    );
    await panel.openBare(sandbox.key('card_only_merchant'));
    const cancelled = await panel.waitForEvent('cancelInitialization');
    expect(cancelled.detail).toMatchObject({ code: 'MODULE_LOAD_FAILED', details: { module: 'view' } });
    const names = (await panel.events()).map((event) => event.name);
    expect(names).toEqual(['errorOccurred', 'cancelInitialization']);
    await expect(panel.state()).toHaveAttribute('data-state', 'failed');
    await expect(panel.element.locator('[part="sheet-error"]')).toHaveText(
      'Something went wrong on our end.',
    );
    // The card frames went with it.
    await expect(page.locator('payment-panel iframe')).toHaveCount(0);
    expect(await panel.requestPaymentMethod()).toMatchObject({ error: { code: 'MODULE_LOAD_FAILED' } });
  });

  test('a view that never arrives fails the panel with MODULE_LOAD_TIMEOUT after 30 seconds', async ({
    sandbox,
    page,
    panel,
  }) => {
    // Time stands still from the start: it moves only when the test moves it.
    await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2030-01-01T00:00:01Z'));
    // The request is held and never answered (the page's load event never comes: the script is pending).
    await page.route(`${FOLDER}/modules/view.min.js`, () => undefined);
    await panel.openBare(sandbox.key('card_only_merchant'), 'local', {}, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('payment-panel iframe')).toHaveCount(2);
    await cardFramesAnswered(page, 2);
    await page.clock.runFor(29_999);
    expect((await panel.events()).map((event) => event.name)).toEqual([]);
    await page.clock.runFor(1);
    const cancelled = await panel.waitForEvent('cancelInitialization');
    expect(cancelled.detail).toMatchObject({
      code: 'MODULE_LOAD_TIMEOUT',
      message: 'The view file of the panel did not load within 30 seconds.',
      details: { module: 'view', timeout: 30_000 },
    });
  });
});

/**
 * Runs `paymentPanel.create()` into the page's `main` with the drop-in's options; tells whether it
 * resolved and the codes of the element's `errorOccurred` events until then.
 */
async function createOn(
  page: Page,
  options: Record<string, unknown>,
): Promise<{ resolved: boolean; events: string[]; error?: string }> {
  return page.evaluate(async (given) => {
    const events: string[] = [];
    document.addEventListener('errorOccurred', (event) => {
      events.push((event as CustomEvent<{ code: string }>).detail.code);
    });
    try {
      await window.paymentPanel.create({ container: 'main', ...given } as never);
      return { resolved: true, events };
    } catch (error) {
      return { resolved: false, events, error: String((error as { code?: string }).code) };
    }
  }, options);
}

test.describe("the drop-in's create()", () => {
  test('resolves for a merchant without Apple Pay given the Apple Pay option, and a card pays', async ({
    sandbox,
    page,
    panel,
    card,
  }) => {
    await openEmpty(page);
    const outcome = await createOn(page, {
      authorization: sandbox.key('card_only_merchant'),
      applePay: { displayName: 'Demo store' },
    });
    expect(outcome).toEqual({ resolved: true, events: ['APPLE_PAY_NOT_ENABLED'] });
    expect(await paysByCard(panel, card)).toMatch(/^tokencc_/);
  });

  test('resolves for a merchant without Google Pay given the Google Pay option, and a card pays', async ({
    sandbox,
    page,
    panel,
    card,
  }) => {
    await openEmpty(page);
    const outcome = await createOn(page, {
      authorization: sandbox.key('card_only_merchant'),
      googlePay: { transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '1.00' } },
    });
    expect(outcome).toEqual({ resolved: true, events: ['GOOGLE_PAYMENT_NOT_ENABLED'] });
    expect(await paysByCard(panel, card)).toMatch(/^tokencc_/);
  });

  test('resolves for a merchant whose PayPal account is not linked, and a card pays', async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    await openEmpty(page);
    const outcome = await createOn(page, {
      authorization: sandbox.key('unlinked_paypal_merchant'),
      paypal: { flow: 'vault' },
    });
    expect(outcome).toEqual({ resolved: true, events: ['PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED'] });
    await panel.chooseOption('paypal');
    await expect(panel.element.locator('[part="wallet-note"]')).toHaveText(
      'A linked sandbox account is required to use PayPal Checkout in sandbox. Link one in the provider control panel.',
    );
    await panel.chooseOption('card');
    expect(await paysByCard(panel, card)).toMatch(/^tokencc_/);
  });

  test('rejects with the error of cancelInitialization when the panel cannot be used, leaving no element', async ({
    page,
    sandbox,
  }) => {
    await openEmpty(page);
    const outcome = await page.evaluate(async (authorization) => {
      try {
        await window.paymentPanel.create({ container: 'main', authorization });
        return 'resolved';
      } catch (error) {
        return String((error as { code?: string }).code);
      }
    }, sandbox.key('unknown_merchant'));
    expect(outcome).toBe('CLIENT_GATEWAY_NETWORK');
    await expect(page.locator('payment-panel')).toHaveCount(0);
  });
});

test('a refused authorization raises cancelInitialization after its errorOccurred and shows the error', async ({
  page,
  panel,
}) => {
  await panel.openBare('not-an-authorization');
  await panel.waitForEvent('cancelInitialization');
  expect((await panel.events()).map((event) => [event.name, event.detail.code])).toEqual([
    ['errorOccurred', 'CLIENT_INVALID_AUTHORIZATION'],
    ['cancelInitialization', 'CLIENT_INVALID_AUTHORIZATION'],
  ]);
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('Something went wrong on our end.');
  await expect(page.locator('payment-panel iframe')).toHaveCount(0);
});

test('a saved method the shopper selects becomes requestable after 200 ms, not before', async ({
  page,
  panel,
  sandbox,
}) => {
  await page.clock.install();
  const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
  await panel.openBare(token, 'local', {
    'preselect-vaulted-payment-method': 'false',
  });
  await expect.poll(() => panel.savedMethods().count()).toBeGreaterThan(1);
  await panel.waitForEvent('ready');
  // From here time moves only when the test moves it.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await panel.clearEvents();
  await panel.savedMethods().nth(1).click();
  await page.clock.runFor(199);
  expect((await panel.events()).map((event) => event.name)).not.toContain('paymentMethodRequestable');
  expect(await panel.isRequestable()).toBe(false);
  await page.clock.runFor(1);
  const requestable = await panel.waitForEvent('paymentMethodRequestable');
  expect(requestable.detail).toMatchObject({ paymentMethodIsSelected: true });
  expect(await panel.isRequestable()).toBe(true);
});
