/**
 * The panel in an older WebKit (WPE WebKit 2.38, like Safari 16.0–16.3: no constructable
 * stylesheets, no `ElementInternals`), driven through WebDriver on the real local servers
 * (docs/browsers.md). The minimal page pays by card, styled through the published stylesheets;
 * a form submits the nonce without form-associated custom elements; and a capability the panel
 * cannot do without is named through `errorOccurred` while the element shows its error.
 * Run: node --import tsx --test tests/webdriver/older-webkit.spec.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WebDriver } from 'selenium-webdriver';
import pkg from '../../package.json' with { type: 'json' };
import { findByScript, startWpe, waitForScript, type WpeSession } from './wpe.ts';

const CARD_ONLY = 'sandbox_c4rd0n1y_card_only_merchant';
const VISA = { number: '4111111111111111', expirationDate: '1230', cvv: '123', postalCode: '12345' } as const;

/** Whether the page's panel is ready and its card sheet's frames too. */
const CARD_READY = `const root = document.querySelector('payment-panel')?.shadowRoot;
  const view = root?.querySelector('payment-panel-view')?.shadowRoot;
  return root?.querySelector('[part="panel"]')?.dataset.state === 'ready' &&
    view?.querySelector('[part~="card-sheet"]')?.dataset.ready === 'true';`;

/**
 * Types the card into the fields the sheet has (the postal code only where the merchant's
 * configuration asks for it), one field at a time, as a shopper's keys would.
 */
async function typeCard(driver: WebDriver, card: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(card)) {
    // The frames sit in the panel's shadow root, which WebDriver's locators do not pierce here.
    const frame = await findByScript(
      driver,
      `return document.querySelector('payment-panel').shadowRoot
        .querySelector('iframe[name^="payment-panel-hosted-field-${field}-"]');`,
    );
    if (!frame) continue;
    await driver.switchTo().frame(frame);
    await driver.findElement({ css: 'input' }).sendKeys(value);
    await driver.switchTo().defaultContent();
  }
}

void describe('an older WebKit (WPE WebKit 2.38)', () => {
  // Set by `before`, which fails the suite when it cannot start.
  let session = undefined as unknown as WpeSession;

  before(async () => {
    session = await startWpe();
  });

  after(async () => {
    await (session as WpeSession | undefined)?.close();
  });

  void it('is the engine these fallbacks are for', async () => {
    const { driver, origins } = session;
    await driver.get(`${origins.merchant}/minimal.html`);
    const lacks = await driver.executeScript<Record<string, boolean>>(
      `return {
        adoptedStyleSheets: !('adoptedStyleSheets' in document),
        attachInternals: !('attachInternals' in HTMLElement.prototype),
      };`,
    );
    assert.deepEqual(lacks, { adoptedStyleSheets: true, attachInternals: true }, session.browserVersion);
  });

  void it('pays by card on the minimal page, styled by the published stylesheets', async () => {
    const { driver, origins } = session;
    await driver.get(`${origins.merchant}/minimal.html?authorization=${CARD_ONLY}`);
    await waitForScript(driver, CARD_READY, 'the panel and its card fields are ready');

    // The element's and the view's looks came through <link>s with their hashes, the frame's too.
    const looks = await driver.executeScript<Record<string, unknown>>(
      `const root = document.querySelector('payment-panel').shadowRoot;
      const view = root.querySelector('payment-panel-view').shadowRoot;
      const link = (r) => { const l = r.querySelector('link[rel=stylesheet]');
        return l && { href: l.href, integrity: /^sha384-/.test(l.integrity), loaded: !!l.sheet }; };
      return {
        element: link(root),
        view: link(view),
        // host.css makes the element a block.
        display: getComputedStyle(root.host).display,
      };`,
    );
    const folder = `${origins.assets}/payment-panel/${pkg.version}/`;
    assert.deepEqual(looks, {
      element: { href: `${folder}assets/host.min.css`, integrity: true, loaded: true },
      view: { href: `${folder}assets/view.min.css`, integrity: true, loaded: true },
      display: 'block',
    });
    const frame = await findByScript(
      driver,
      `return document.querySelector('payment-panel').shadowRoot
        .querySelector('iframe[name^="payment-panel-hosted-field-number-"]');`,
    );
    assert.ok(frame);
    await driver.switchTo().frame(frame);
    // The frame's default look (no border) and the panel's text colour inserted after it, once the
    // element's own stylesheet has arrived and the frames took the panel's look again.
    const field = await waitForScript<Record<string, unknown>>(
      driver,
      `const input = document.querySelector('input');
      const look = getComputedStyle(input);
      const field = { href: document.querySelector('link[rel=stylesheet]')?.href ?? null, border: look.borderTopWidth, color: look.color };
      return field.color === 'rgb(31, 35, 40)' ? field : null;`,
      "the card field takes on the panel's text colour",
    );
    await driver.switchTo().defaultContent();
    assert.deepEqual(field, {
      href: `${folder}assets/hosted-fields-frame.min.css`,
      border: '0px',
      color: 'rgb(31, 35, 40)',
    });

    await typeCard(driver, VISA);
    const payload = await driver.executeAsyncScript<Record<string, unknown>>(
      `const done = arguments[arguments.length - 1];
      document.querySelector('payment-panel').requestPaymentMethod().then(
        (p) => done({ nonce: p.nonce, type: p.type, lastTwo: p.details.lastTwo }),
        (e) => done({ error: e.code }),
      );`,
    );
    assert.match(String(payload.nonce), /^tokencc_/);
    assert.deepEqual({ ...payload, nonce: 'nonce' }, { nonce: 'nonce', type: 'CreditCard', lastTwo: '11' });
  });

  void it('submits the nonce with its form, without form-associated custom elements', async () => {
    const { driver, origins } = session;
    // The demo's checkout form: a named panel, no script of the merchant's; the sandbox shows what arrives.
    await driver.get(`${origins.merchant}/form.html`);
    // The form's panel asks for no wallet, so the card sheet is its only option and shows at once.
    await waitForScript(driver, CARD_READY, 'the panel and its card fields are ready');
    await typeCard(driver, VISA);
    await driver.findElement({ css: '#pay' }).click();
    const received = await waitForScript<Record<string, string>>(
      driver,
      `const check = document.getElementById('nonce-check');
      return check && { known: check.dataset.known, type: check.dataset.type, fields: document.getElementById('fields')?.textContent ?? '' };`,
      'the form posted to the checkout receiver',
    );
    assert.equal(received.known, 'yes');
    assert.equal(received.type, 'CreditCard');
    assert.match(received.fields ?? '', /device_data/);
  });

  void it('names a capability it cannot do without through errorOccurred, and shows its error', async () => {
    const { driver, origins } = session;
    await driver.get(`${origins.merchant}/minimal.html`);
    // The same engine without BroadcastChannel, as Safari before 15.4 was: the card frames could
    // not share the card. The panel is made after the page's own script has defined it.
    await driver.executeScript(
      `delete window.BroadcastChannel;
      const panel = document.createElement('payment-panel');
      panel.id = 'without-broadcast-channel';
      panel.addEventListener('errorOccurred', (event) => {
        panel.dataset.error = JSON.stringify({ code: event.detail.code, message: event.detail.message });
      });
      panel.setAttribute('authorization', ${JSON.stringify(CARD_ONLY)});
      document.querySelector('main').append(panel);`,
    );
    const outcome = await waitForScript<Record<string, unknown>>(
      driver,
      `const panel = document.getElementById('without-broadcast-channel');
      const phase = panel.shadowRoot.querySelector('[part="panel"]').dataset.state;
      return panel.dataset.error && phase !== 'loading' ? {
        ...JSON.parse(panel.dataset.error),
        shown: panel.shadowRoot.querySelector('[role=alert]').textContent,
        phase,
      } : null;`,
      'the panel names what the browser lacks',
    );
    assert.deepEqual(outcome, {
      code: 'BROWSER_NOT_SUPPORTED',
      message: 'This browser lacks BroadcastChannel, which the panel needs.',
      shown: 'Something went wrong on our end.',
      phase: 'failed',
    });
  });
});
