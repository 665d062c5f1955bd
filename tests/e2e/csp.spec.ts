/**
 * Every flow of the panel under the strict Content Security Policies the local origins send (README
 * "Content Security Policy"): the merchant pages' policy and the frame pages' own. A recorder in
 * every document of the browser context (the page, each frame, each popup) reports each
 * `securitypolicyviolation`; each flow must end with none, and with the policies really sent.
 */
import type { BrowserContext, Page, Response } from '@playwright/test';
import {
  framePageOf,
  framePolicy,
  type FramePage,
  gatewaySources,
  kountDataPolicy,
  merchantPolicy,
  serializePolicy,
} from '../../server/content-security-policy';
import { kountDataFileOf } from '../../server/kount-data';
import { localOrigins } from '../../server/origins';
import pkg from '../../package.json' with { type: 'json' };
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { VISA } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { approvalShown } from './models/sandbox';
import { expect, test as base } from './support/fixtures';

const origins = localOrigins();
const MERCHANT_POLICY = serializePolicy(merchantPolicy(origins));
const FOLDER = `/payment-panel/${pkg.version}/`;
const LOCAL_GATEWAY = gatewaySources('local', origins.gateway);

/** A path on the assets origin relative to the published folder. */
function frameFile(pathname: string): string {
  return pathname.slice(pathname.indexOf(FOLDER) + FOLDER.length);
}

/** A violation as the recorder in a document reported it. */
interface Violation {
  documentURI: string;
  violatedDirective: string;
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
}

/** A document the context loaded, with the policy it came with. */
interface LoadedDocument {
  url: string;
  policy: string | undefined;
}

/** What the recorders saw in one browser context. */
class PolicyWatch {
  readonly violations: (Violation & { frame: string })[] = [];
  readonly documents: LoadedDocument[] = [];
  /**
   * Every document that ran the recorder, by URL. A popup's first document can be missing from the
   * context's responses when the popup opens faster than the context hears of it; its scripts run
   * the recorder all the same. Firefox runs it in a frame's first, empty document before that has a
   * URL: `''`, which names no document.
   */
  readonly ran: string[] = [];

  private constructor(private readonly context: BrowserContext) {}

  static async start(context: BrowserContext): Promise<PolicyWatch> {
    const watch = new PolicyWatch(context);
    await context.exposeBinding('reportPolicyViolation', ({ frame }, violation: Violation) => {
      watch.violations.push({ ...violation, frame: frame.url() });
    });
    await context.exposeBinding('reportPolicyDocument', (_source, url: string) => {
      watch.ran.push(url);
    });
    // Runs in every document of the context before its own scripts: the page, its frames, popups.
    await context.addInitScript(() => {
      const bindings = window as unknown as {
        reportPolicyViolation: (v: unknown) => void;
        reportPolicyDocument: (url: string) => void;
      };
      const report = bindings.reportPolicyViolation;
      bindings.reportPolicyDocument(location.href);
      window.addEventListener(
        'securitypolicyviolation',
        (event) => {
          report({
            documentURI: event.documentURI,
            violatedDirective: event.violatedDirective,
            effectiveDirective: event.effectiveDirective,
            blockedURI: event.blockedURI,
            sourceFile: event.sourceFile,
            lineNumber: event.lineNumber,
            sample: event.sample,
          });
        },
        true,
      );
    });
    const onResponse = (response: Response): void => {
      // A redirect is no document: the page it leads to is.
      if (response.request().resourceType() !== 'document' || response.status() >= 300) return;
      watch.documents.push({ url: response.url(), policy: response.headers()['content-security-policy'] });
    };
    context.on('response', onResponse);
    return watch;
  }

  /**
   * Asserts that no document saw a violation, that every document came with its policy, and that
   * the listed frame pages were among them.
   */
  async expectClean(framePages: FramePage[]): Promise<void> {
    await this.flush();
    expect(this.violations).toEqual([]);
    const loaded = this.documents.map(({ url }) => new URL(url));
    expect(loaded.some(({ origin }) => origin === origins.merchant)).toBe(true);
    const seen = [...loaded, ...this.ran.filter((url) => url !== '').map((url) => new URL(url))];
    for (const page of framePages) {
      expect(seen.map(({ pathname }) => framePageOf(frameFile(pathname)))).toContain(page);
    }
    for (const { url, policy } of this.documents) {
      const { origin, pathname } = new URL(url);
      if (origin === origins.merchant) {
        expect(policy, url).toBe(MERCHANT_POLICY);
      } else if (origin === origins.assets && kountDataFileOf(pathname) !== null) {
        // Kount's data page, which the device data's frame loads.
        expect(policy, url).toBe(serializePolicy(kountDataPolicy()));
      } else if (origin === origins.assets) {
        const page = framePageOf(frameFile(pathname));
        expect(page, url).not.toBeNull();
        if (page) expect(policy, url).toBe(serializePolicy(framePolicy(page, LOCAL_GATEWAY)));
      } else {
        // The sandbox's own pages (PayPal approval, bank, checkout receiver) have policies of their own.
        expect(policy, url).toContain("default-src 'none'");
      }
    }
  }

  /**
   * A round trip through every document still open, a task later than now: a violation event queued
   * in one before has been dispatched, and its report has reached {@link violations}.
   */
  private async flush(): Promise<void> {
    const frames = this.context.pages().flatMap((page) => page.frames());
    await Promise.all(
      frames.map((frame) =>
        frame
          .evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
          // A document that went away meanwhile has nothing more to report.
          .catch(() => undefined),
      ),
    );
  }
}

/** Every test records, from its start, what the policies of its browser context's documents refused. */
const test = base.extend<{ watch: PolicyWatch }>({
  watch: [
    async ({ context }, use) => {
      await use(await PolicyWatch.start(context));
    },
    { auto: true },
  ],
});

/** Opens the demo checkout and waits for the panel. */
async function openDemo(panel: PanelPage): Promise<void> {
  await panel.openDemo();
  await panel.waitForEvent('ready');
}

/** Pays with the demo's button and returns the nonce it shows. */
async function payOnDemo(page: Page): Promise<string> {
  const pay = page.getByRole('button', { name: 'Pay $10.00' });
  await expect(pay).toBeEnabled();
  await pay.click();
  const result = page.locator('#result');
  await expect(result).toContainText('Nonce for your server: ');
  return ((await result.textContent()) ?? '').replace('Nonce for your server: ', '');
}

/**
 * Clicks a PayPal sheet's button, answers in the sandbox's popup and waits for it to close. The panel sends the popup
 * on from its landing page once the payment exists, which may cut the landing page short before its answer arrives:
 * the payment's creation waits for that answer, so the landing page is there to be checked.
 */
async function answerPayPal(
  page: Page,
  panel: PanelPage,
  label: string,
  button: '#approve' | '#cancel' = '#approve',
): Promise<void> {
  const context = page.context();
  const landed = new Promise<void>((resolve) => {
    const onResponse = (response: Response): void => {
      if (framePageOf(frameFile(new URL(response.url()).pathname)) !== 'paypal-landing-frame') return;
      context.off('response', onResponse);
      resolve();
    };
    context.on('response', onResponse);
  });
  await page.route(/\/v1\/paypal_hermes\//, async (route) => {
    await landed;
    await route.continue();
  });
  const popupOpened = page.waitForEvent('popup');
  await panel.element.getByRole('button', { name: label, exact: true }).click();
  const popup = await popupOpened;
  await approvalShown(popup);
  const closed = popup.waitForEvent('close');
  await popup.locator(button).click();
  await closed;
}

test('the merchant pages and the frame pages are served with their policies', async ({ request }) => {
  for (const path of ['/', '/minimal.html', '/form.html', '/dropin.html', '/demo.js']) {
    const response = await request.get(`${origins.merchant}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-security-policy'], path).toBe(MERCHANT_POLICY);
  }
  expect(MERCHANT_POLICY).not.toContain('unsafe-');
  for (const [file, page] of [
    ['html/hosted-fields-frame.min.html', 'hosted-fields-frame'],
    ['html/hosted-fields-frame.html', 'hosted-fields-frame'],
    ['html/three-d-secure-bank-frame.min.html', 'three-d-secure-bank-frame'],
    ['html/three-d-secure-bank-frame.html', 'three-d-secure-bank-frame'],
    [
      'html/three-d-secure-authentication-complete-frame.html',
      'three-d-secure-authentication-complete-frame',
    ],
    ['html/paypal-landing-frame.html', 'paypal-landing-frame'],
    ['html/paypal-redirect-frame.html', 'paypal-redirect-frame'],
    ['html/paypal-cancel-frame.html', 'paypal-cancel-frame'],
  ] as const) {
    const response = await request.get(`${origins.assets}${FOLDER}${file}`);
    expect(response.status(), file).toBe(200);
    const policy = response.headers()['content-security-policy'];
    expect(policy, file).toBe(serializePolicy(framePolicy(page, LOCAL_GATEWAY)));
    expect(policy, file).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self';/);
    expect(policy, file).not.toContain('unsafe-');
  }
  // Kount's data page on the assets origin loads nothing.
  const kount = await request.get(`${origins.assets}/sandbox/data/logo.htm?m=600000&s=0`);
  expect(kount.status()).toBe(200);
  expect(kount.headers()['content-security-policy']).toBe(serializePolicy(kountDataPolicy()));
  // The release flavour's frames send cards only to the provider's gateway domains.
  const release = await request.get(`${origins.assets}/release${FOLDER}html/hosted-fields-frame.min.html`);
  const connect = (release.headers()['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim().split(' '))
    .find(([name]) => name === 'connect-src');
  expect(connect).toEqual(['connect-src', ...gatewaySources('release', origins.gateway)]);
  expect(connect).toContain('https://*.braintreegateway.com');
  expect(connect?.join(' ')).not.toContain('localhost');
});

test('the recorder hears a violation in the page and in a frame, so silence means none', async ({
  page,
  panel,
  card,
  watch,
}) => {
  await openDemo(panel);
  await panel.chooseOption('card');
  await card.ready();
  const field = page.frame({ url: /hosted-fields-frame/ });
  if (!field) throw new Error('no hosted-field frame');
  for (const target of [page.mainFrame(), field]) {
    await target.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { color: red }';
      document.head.append(style);
    });
  }
  await expect.poll(() => watch.violations.length).toBe(4);
  expect(
    watch.violations.map(({ frame, effectiveDirective }) => [new URL(frame).origin, effectiveDirective]),
  ).toEqual([
    [origins.merchant, 'script-src-elem'],
    [origins.merchant, 'style-src-elem'],
    [origins.assets, 'script-src-elem'],
    [origins.assets, 'style-src-elem'],
  ]);
  expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
});

test('a card pays on the demo checkout', async ({ page, panel, card, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('card');
  await card.ready();
  await card.fill(VISA);
  expect(await payOnDemo(page)).toMatch(/^tokencc_/);
  await watch.expectClean(['hosted-fields-frame']);
});

test('device data runs under the merchant policy: Kount’s frame and image, PayPal’s fraud script, its report and beacon', async ({
  panel,
  sandbox,
  watch,
}) => {
  // The demo checkout asks for both collectors.
  await openDemo(panel);
  const records = await sandbox.waitForDeviceSessions([
    'logo.htm',
    'logo.gif',
    'script',
    'parameters',
    'beacon',
  ]);
  const kount = records.filter((record) => record.collector === 'kount');
  const fraudnet = records.filter(
    (record) => record.collector === 'fraudnet' && record.resource !== 'script',
  );
  expect(new Set(kount.map((record) => record.sessionId)).size).toBe(1);
  expect(new Set(fraudnet.map((record) => record.sessionId)).size).toBe(1);
  await watch.expectClean([]);
});

test("a returning shopper pays with a saved card, chosen through the demo's client token", async ({
  page,
  panel,
  watch,
}) => {
  await openDemo(panel);
  await panel.clearEvents();
  // demo.js fetches the client token from the sandbox, as a merchant's server would hand it over.
  await page
    .locator('#authorization-select')
    .selectOption({ label: 'Client token — demo merchant, returning shopper' });
  await panel.waitForEvent('ready');
  await expect(panel.savedMethods().first()).toHaveAttribute('aria-pressed', 'true');
  expect(await payOnDemo(page)).toMatch(/^tokencc_/);
  await watch.expectClean([]);
});

test('PayPal approves in the popup', async ({ page, panel, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('paypal');
  await answerPayPal(page, panel, 'Pay with PayPal');
  expect(await payOnDemo(page)).toMatch(/^tokenpp_/);
  await watch.expectClean(['paypal-landing-frame', 'paypal-redirect-frame']);
});

test('PayPal cancels in the popup', async ({ page, panel, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('paypal');
  await answerPayPal(page, panel, 'Pay with PayPal', '#cancel');
  await expect(
    panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true }),
  ).not.toHaveAttribute('aria-busy', 'true');
  await watch.expectClean(['paypal-landing-frame', 'paypal-cancel-frame']);
});

test('PayPal Credit approves in the popup', async ({ page, panel, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('paypalCredit');
  await answerPayPal(page, panel, 'Pay with PayPal Credit');
  expect(await payOnDemo(page)).toMatch(/^tokenpp_/);
  await watch.expectClean(['paypal-landing-frame', 'paypal-redirect-frame']);
});

test("Apple Pay pays through the demo's simulator", async ({ page, panel, watch }) => {
  await openDemo(panel);
  // The demo's switch loads sandbox/stand-ins/apple-pay-simulator.js after a reload, as a script of the page.
  await panel.clearEvents();
  await page.getByLabel('Simulate Apple Pay in this browser').check();
  await page.waitForURL('/');
  await expect(panel.option('applePay')).toBeVisible();
  await panel.option('applePay').click();
  await panel.element.getByRole('button', { name: 'Pay with Apple Pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Apple Pay (simulated)' });
  await expect(sheet).toHaveAttribute('data-apple-pay-simulator', 'ready');
  await sheet.getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
  await expect(sheet).toHaveCount(0);
  expect(await payOnDemo(page)).toMatch(/^tokenap_/);
  await watch.expectClean([]);
});

test('Google Pay pays through the sandbox’s stand-in for Google’s script', async ({ page, panel, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('googlePay');
  await panel.element.getByRole('button', { name: 'Buy with Google Pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
  await sheet.locator('[data-card="visa"]').click();
  await expect(sheet).toHaveCount(0);
  expect(await payOnDemo(page)).toMatch(/^tokenan_/);
  await watch.expectClean([]);
});

for (const { button, shifted } of [
  { button: 'approve', shifted: true },
  { button: 'fail', shifted: false },
] as const) {
  test(`3D Secure: the shopper answers the bank's challenge with ${button}`, async ({
    page,
    panel,
    card,
    sandbox,
    watch,
  }) => {
    await panel.openBare(await sandbox.clientToken('three_d_secure_v1_merchant'), 'local', {
      'three-d-secure': JSON.stringify({ amount: '10.00' }),
    });
    await panel.waitForEvent('ready');
    await card.ready();
    await card.fill({ ...VISA, number: '4000000000000002' });
    await expect.poll(() => panel.isRequestable()).toBe(true);
    const request = panel.requestPaymentMethod();
    await page
      .frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]')
      .locator(`#${button}`)
      .click();
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({ liabilityShifted: shifted, liabilityShiftPossible: true });
    await watch.expectClean([
      'hosted-fields-frame',
      'three-d-secure-bank-frame',
      'three-d-secure-authentication-complete-frame',
    ]);
  });
}

for (const { action, status } of [
  { action: 'submit', status: 'authenticate_successful' },
  { action: 'cancel', status: 'challenge_required' },
] as const) {
  test(`3D Secure 2: Songbird and the issuer's challenge, answered with ${action}`, async ({
    page,
    panel,
    card,
    sandbox,
    watch,
  }) => {
    await panel.openBare(await sandbox.clientToken('demo_merchant'), 'local', {
      'three-d-secure': JSON.stringify({ amount: '10.00' }),
    });
    await panel.waitForEvent('ready');
    await card.ready();
    await card.fill({ ...VISA, number: '4000000000001091' });
    await expect.poll(() => panel.isRequestable()).toBe(true);
    const request = panel.requestPaymentMethod();
    const issuer = page.frameLocator('payment-panel iframe[src*="/sandbox/three_d_secure/v2/challenge"]');
    if (action === 'submit') await issuer.getByLabel('Password').fill('1234');
    await issuer.locator(`#${action}`).click();
    const { payload, error } = await request;
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({ threeDSecureInfo: { status } });
    await watch.expectClean(['hosted-fields-frame']);
  });
}

test('the checkout form posts the nonce to the sandbox', async ({ page, card, watch }) => {
  await page.goto('/form.html');
  await card.ready();
  await card.fill(VISA);
  await page.getByRole('button', { name: 'Pay $10.00' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout$/);
  await expect(page.locator('#nonce-check')).toHaveText('Known nonce: yes (CreditCard)');
  await watch.expectClean(['hosted-fields-frame']);
});

test('the drop-in page pays through paymentPanel.create', async ({ sandbox, page, card, watch }) => {
  await page.goto(`/dropin.html?authorization=${sandbox.key('demo_merchant')}`);
  await card.ready();
  await card.fill(VISA);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.locator('#result')).toHaveText(/^Nonce for your server: tokencc_/);
  await watch.expectClean(['hosted-fields-frame']);
});

test('teardown removes the panel and its frames', async ({ page, panel, card, watch }) => {
  await openDemo(panel);
  await panel.chooseOption('card');
  await card.ready();
  await panel.element.evaluate((element) => (element as PaymentPanelElement).teardown());
  await expect(page.locator('payment-panel iframe')).toHaveCount(0);
  await expect(panel.element.locator('[part="panel"]')).toHaveCount(0);
  await watch.expectClean(['hosted-fields-frame']);
});
