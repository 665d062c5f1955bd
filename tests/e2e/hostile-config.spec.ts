/**
 * Hostile configuration: seeded authorization strings of every malformed shape, hostile values
 * for every option attribute and property (and for `paymentPanel.create()`), gateway answers whose
 * URLs are on a foreign domain or over plain http (the configuration, the 3D Secure lookup, the
 * PayPal approval), and tampered frame URLs (another version, another origin, another channel).
 * Each gives its named catalogue error with the exact message of its catalogue (docs/protocol.md),
 * contacts nothing it should not, throws nothing uncaught, and the panel still pays afterwards.
 * The option values are made from the options' declarations (`OPTION_READERS`).
 */
import type { Locator, Page } from '@playwright/test';
import pkg from '../../package.json' with { type: 'json' };
import { APPROVE_PATH } from '../../sandbox/stand-ins/paypal-approval';
import { localOrigins } from '../../server/origins';
import { OPTION_ATTRIBUTES } from '../../src/element/options';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { HOSTED_FIELDS_SILENT_FRAME_MS } from '../../src/shared/constants';
import { ERROR_CATALOGUE } from '../../src/shared/errors';
import { CardFields, VISA } from './models/card-fields';
import { PanelPage } from './models/panel';
import { approvalShown, type Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';
import {
  ATTRIBUTE_CASES,
  authorizationCases,
  expected,
  foreignUrls,
  type ExpectedError,
} from './support/hostile-config';
import { pollutionEverywhere, type PageGuard } from './support/page-guard';
import {
  cardSheetReady,
  openMinimal,
  panelEvent,
  PATIENCE_MS,
  withoutMerchantPolicy,
} from './support/recorder';
import { FUZZ_SEED, seeded } from './support/seeded';

const { version } = pkg;
const { merchant, assets, gateway } = localOrigins();
const CONFIGURATION = '/client_api/v1/configuration';
const PAYPAL = JSON.stringify({ flow: 'checkout', amount: '10.00', currency: 'USD' });
const THREE_D_SECURE = JSON.stringify({ amount: '10.00' });

// The test's own sandbox and guard (support/fixtures.ts), which the helpers below share.
let sandbox: Sandbox;
let guard: PageGuard;

test.beforeAll(() => {
  console.log(`Hostile configuration: seed ${FUZZ_SEED} (PANEL_FUZZ_SEED=${FUZZ_SEED} replays this run).`);
});
test.beforeEach(({ sandbox: testSandbox, guard: testGuard }) => {
  sandbox = testSandbox;
  guard = testGuard;
});
// The guard fixture expects no uncaught error and no console error but the allowed ones.
test.afterEach(async ({ context }) => {
  expect(await pollutionEverywhere(context), 'polluted prototypes').toEqual([]);
  // Nothing was ever asked of a host other than the three local origins.
  const local = new Set([merchant, assets, gateway, assets.replace('localhost', '127.0.0.1')]);
  expect(guard.requests.filter((request) => !local.has(new URL(request.url).origin))).toEqual([]);
});

/** A catalogue error as the merchant receives it. */
type ReceivedError = ExpectedError & { type: string } & Record<string, unknown>;

/** The error a code gives, with its type from the catalogue. */
function withType({ code, message }: ExpectedError): ReceivedError {
  return { code, message, type: ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].type };
}

/** A value short enough to name a case. */
function preview(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}… (${value.length} characters)` : value);
}

/**
 * Sets (or, with `null`, removes) an attribute of the page's panel and returns the next
 * `errorOccurred` it fires, or `null` when none comes in time.
 */
async function errorOnAttribute(
  page: Page,
  attribute: string,
  value: string | null,
): Promise<ReceivedError | null> {
  return page.locator('payment-panel').evaluate(
    (element, [name, text, patience]) =>
      new Promise<ReceivedError | null>((resolve) => {
        const done = (result: ReceivedError | null): void => {
          clearTimeout(timer);
          element.removeEventListener('errorOccurred', onError);
          resolve(result);
        };
        const onError = (event: Event): void => {
          const { code, message, type } = (event as CustomEvent<ReceivedError>).detail;
          done({ code, message, type });
        };
        const timer = setTimeout(() => {
          done(null);
        }, patience);
        element.addEventListener('errorOccurred', onError);
        if (text === null) element.removeAttribute(name);
        else element.setAttribute(name, text);
      }),
    [attribute, value, PATIENCE_MS] as const,
  );
}

/** Starts listening for the panel's next `errorOccurred`; the returned function waits for it. */
async function nextError(page: Page): Promise<() => Promise<ReceivedError | null>> {
  await page.evaluate((patience) => {
    const element = document.querySelector('payment-panel');
    (window as unknown as { nextPanelError: Promise<unknown> }).nextPanelError = new Promise((resolve) => {
      const timer = setTimeout(() => {
        resolve(null);
      }, patience);
      element?.addEventListener(
        'errorOccurred',
        (event) => {
          clearTimeout(timer);
          const { code, message, type } = event.detail;
          resolve({ code, message, type });
        },
        { once: true },
      );
    });
  }, PATIENCE_MS);
  return () =>
    page.evaluate(
      () => (window as unknown as { nextPanelError: Promise<ReceivedError | null> }).nextPanelError,
    );
}

/** Frames anywhere in the merchant page, open shadow roots included. */
async function frameCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const count = (root: Document | ShadowRoot): number =>
      [...root.querySelectorAll('*')].reduce(
        (sum, element) =>
          sum +
          (element instanceof HTMLIFrameElement ? 1 : 0) +
          (element.shadowRoot ? count(element.shadowRoot) : 0),
        0,
      );
    return count(document);
  });
}

/** Opens the card sheet if needed, fills the Visa test card, pays, and checks the payload. */
async function paysByCard(
  page: Page,
  panel: PanelPage,
  number = VISA.number,
): Promise<Record<string, unknown>> {
  if (await panel.toggle().isVisible()) await panel.chooseOption('card');
  else if (await panel.option('card').isVisible()) await panel.option('card').click();
  await cardSheetReady(page);
  await new CardFields(page).fill({ ...VISA, number });
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({ type: 'CreditCard', nonce: expect.stringMatching(/^tokencc_/) });
  return payload ?? {};
}

/** A client token of the demo merchant (each one a different string, so the panel connects anew). */
async function freshToken(): Promise<string> {
  return sandbox.clientToken('demo_merchant');
}

/** The gateway's own approval page opens from `button`; the shopper approves and the panel pays. */
async function approvesAndPays(page: Page, panel: PanelPage, button: Locator): Promise<void> {
  const opened = page.waitForEvent('popup');
  await button.click();
  const popup = await opened;
  await approvalShown(popup, PATIENCE_MS);
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
  await expect(panel.savedMethods()).toHaveText([/pat\.payer@example\.com/], { timeout: PATIENCE_MS });
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ type: 'PayPalAccount' });
}

/** A minimal checkout with a fresh client token, once the panel is ready. */
async function readyWithFreshToken(page: Page): Promise<{ token: string; panel: PanelPage }> {
  const token = await freshToken();
  await openMinimal(page, token);
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  return { token, panel };
}

test('fuzzed authorizations each give their named error and contact nothing they should not; a valid one pays', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const token = await freshToken();
  const { authorizationFingerprint } = JSON.parse(Buffer.from(token, 'base64').toString()) as {
    authorizationFingerprint: string;
  };
  const cases = authorizationCases(seeded(1), authorizationFingerprint, (merchantId) =>
    sandbox.key(merchantId),
  );
  expect(cases.length).toBeGreaterThan(50);
  await openMinimal(page, sandbox.key('demo_merchant'));
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  const asked = (await sandbox.requests(CONFIGURATION)).length;
  // The browser reports the gateway's refusal of the unknown merchants' keys.
  guard.allowedConsole.push(/status of 401 .*\/client_api\/v1\/configuration\?tokenizationKey=sandbox_/);

  for (const hostile of cases) {
    const error = await errorOnAttribute(page, 'authorization', hostile.value);
    expect(error, `${hostile.name}: ${preview(hostile.value)}`).toEqual(withType(hostile));
    await expect(panel.state()).toHaveAttribute('data-state', 'failed');
    expect(await frameCount(page)).toBe(0);
  }
  // Exactly one error each, and only the unknown merchants' keys went to the gateway to be refused.
  expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toHaveLength(cases.length);
  expect((await sandbox.requests(CONFIGURATION)).length - asked).toBe(
    cases.filter((hostile) => hostile.asksGateway).length,
  );

  // The panel stays usable: a valid authorization connects, and the card pays.
  await panel.clearEvents();
  await panel.setAuthorization(token);
  await panelEvent(panel, 'ready');
  await paysByCard(page, panel);
});

test('fuzzed values of every option attribute each give their named error and keep the option; the panel still pays', async ({
  page,
}) => {
  test.setTimeout(300_000);
  expect(Object.keys(ATTRIBUTE_CASES).sort()).toEqual(Object.keys(OPTION_ATTRIBUTES).sort());
  const valid: Record<string, string> = {
    locale: 'en_US',
    translations: JSON.stringify({ card: 'Pay by card' }),
    'payment-option-priority': '["card", "paypal"]',
    card: JSON.stringify({ cardholderName: true }),
    paypal: PAYPAL,
    'paypal-credit': PAYPAL,
    'paypal-pay-later': PAYPAL,
    venmo: JSON.stringify({ allowDesktop: true }),
    'apple-pay': JSON.stringify({ displayName: 'Demo store' }),
    'google-pay': JSON.stringify({
      transactionInfo: { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' },
    }),
    'three-d-secure': THREE_D_SECURE,
    'data-collector': JSON.stringify({ kount: true }),
    'preselect-vaulted-payment-method': 'false',
    'show-default-payment-method-first': 'false',
    'hidden-vaulted-payment-method-types': '["paypal"]',
    'vault-manager': 'false',
  };
  await openMinimal(page, await freshToken(), valid);
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  const option = (property: string): Promise<unknown> =>
    panel.element.evaluate(
      (element, name) => (element as unknown as Record<string, unknown>)[name],
      property,
    );

  // The priority last: its refusals take the views down, the others leave them as they are.
  const entries = Object.entries(OPTION_ATTRIBUTES).sort(([a], [b]) =>
    a === 'paymentOptionPriority' ? 1 : b === 'paymentOptionPriority' ? -1 : 0,
  );
  let total = 0;
  for (const [index, [property, attribute]] of entries.entries()) {
    const cases = ATTRIBUTE_CASES[property]?.(seeded(10 + index)) ?? [];
    expect(cases.length, property).toBeGreaterThan(5);
    for (const hostile of cases) {
      const before = await option(property);
      const error = await errorOnAttribute(page, attribute, hostile.value);
      expect(error, `${attribute}="${preview(hostile.value)}" (${hostile.name})`).toEqual(withType(hostile));
      // A refused value leaves the option as it was.
      if (hostile.code === 'INVALID_OPTION') expect(await option(property), attribute).toEqual(before);
    }
    total += cases.length;
  }
  expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toHaveLength(total);

  // Valid values again: the panel loads anew, and the card pays with 3D Secure and device data.
  await panel.clearEvents();
  for (const [attribute, value] of Object.entries(valid)) {
    await panel.element.evaluate(
      (element, [name, text]) => {
        element.setAttribute(name, text);
      },
      [attribute, value] as const,
    );
  }
  await panelEvent(panel, 'ready');
  expect((await panel.events()).filter((event) => event.name === 'errorOccurred')).toEqual([]);
  await expect(panel.option('card')).toHaveText('Pay by card');
  const payload = await paysByCard(page, panel);
  expect(payload.deviceData).toEqual(expect.any(String));
});

test('option properties and create() options that cannot be read give catalogue errors, never exceptions', async ({
  page,
}) => {
  const { token, panel } = await readyWithFreshToken(page);
  const outcome = await page.evaluate(
    async ({ properties, authorization }) => {
      const throwing = (): never => {
        throw new Error('hostile getter');
      };
      const proxy = new Proxy(
        {},
        { get: throwing, getOwnPropertyDescriptor: throwing, ownKeys: throwing, has: throwing },
      );
      // The key each option's reader reads first, so that a throwing getter on it is read.
      const keys: Record<string, string> = {
        card: 'cardholderName',
        translations: 'payWithCard',
        paypal: 'flow',
        paypalCredit: 'flow',
        paypalPayLater: 'flow',
        applePay: 'displayName',
        threeDSecure: 'amount',
        dataCollector: 'kount',
      };
      const hostile = (property: string): unknown[] => [
        proxy,
        new Proxy(['card'], { get: throwing }),
        Object.defineProperty({}, keys[property] ?? 'value', { enumerable: true, get: throwing }),
        Symbol('hostile'),
        () => 'hostile',
        10n,
      ];
      const element = document.querySelector('payment-panel') as unknown as Record<string, unknown> & Element;
      const results: { property: string; threw: string | null; errors: string[] }[] = [];
      for (const property of properties) {
        for (const value of hostile(property)) {
          const errors: string[] = [];
          const listener = (event: Event): void => {
            const { code, message } = (event as CustomEvent<{ code: string; message: string }>).detail;
            errors.push(`${code}: ${message}`);
          };
          element.addEventListener('errorOccurred', listener);
          let threw: string | null = null;
          try {
            element[property] = value;
          } catch (error) {
            threw = String(error);
          }
          await new Promise((resolve) => {
            setTimeout(resolve, 50);
          });
          element.removeEventListener('errorOccurred', listener);
          results.push({ property, threw, errors });
        }
      }
      const created: string[] = [];
      const cases: unknown[] = [
        new Proxy({}, { get: throwing }),
        Object.defineProperty({ container: 'main' }, 'authorization', { get: throwing }),
        {
          container: 'main',
          authorization,
          card: Object.defineProperty({}, 'cardholderName', { enumerable: true, get: throwing }),
        },
        Object.defineProperty({ container: 'main', authorization }, 'threeDSecure', {
          enumerable: true,
          get: throwing,
        }),
      ];
      for (const options of cases) {
        try {
          await window.paymentPanel.create(options as never).then(
            (instance) => {
              created.push('resolved');
              return instance.teardown();
            },
            (error: unknown) => {
              const { code, message } = error as { code?: string; message?: string };
              created.push(`${String(code)}: ${String(message)}`);
            },
          );
        } catch (error) {
          created.push(`threw ${String(error)}`);
        }
      }
      return { results, created, panels: document.querySelectorAll('payment-panel').length };
    },
    { properties: Object.keys(OPTION_ATTRIBUTES), authorization: token },
  );
  for (const { property, threw, errors } of outcome.results) {
    expect(threw, property).toBeNull();
    const message = ERROR_CATALOGUE.INVALID_OPTION.message.replace('{option}', property);
    const allowed = [
      [`INVALID_OPTION: ${message}`],
      // The priority's own refusal of what is not an array.
      [`PAYMENT_OPTION_PRIORITY_NOT_ARRAY: ${ERROR_CATALOGUE.PAYMENT_OPTION_PRIORITY_NOT_ARRAY.message}`],
    ];
    expect(allowed, `${property}: ${errors.join(', ')}`).toContainEqual(errors);
  }
  expect(outcome.created).toEqual([
    'INSTANTIATION_OPTION_REQUIRED: options.container is required when instantiating a panel.',
    'INSTANTIATION_OPTION_REQUIRED: options.authorization is required when instantiating a client.',
    'INVALID_OPTION: The card option is invalid.',
    'INVALID_OPTION: The threeDSecure option is invalid.',
  ]);
  expect(outcome.panels).toBe(1);

  // Valid options again: the panel loads anew and pays.
  await panel.clearEvents();
  await panel.element.evaluate((element) => {
    const panelElement = element as PaymentPanelElement;
    panelElement.paymentOptionPriority = ['card'];
    panelElement.locale = 'en_US';
  });
  await panelEvent(panel, 'ready');
  await paysByCard(page, panel);
});

test('an authorization property that is not text counts as none, never throws, and a valid one pays', async ({
  page,
}) => {
  const { token, panel } = await readyWithFreshToken(page);
  await panel.clearEvents();
  const outcome = await panel.element.evaluate(async (element) => {
    const throwing = (): never => {
      throw new Error('hostile conversion');
    };
    const values: unknown[] = [
      Symbol('hostile'),
      { toString: throwing },
      new Proxy({}, { get: throwing }),
      Object.create(null),
      42,
      10n,
      ['sandbox_k9x2m4p7_demo_merchant'],
      () => 'sandbox_k9x2m4p7_demo_merchant',
      '',
      null,
    ];
    const results: { threw: string | null; property: unknown; attribute: string | null }[] = [];
    const target = element as unknown as Record<string, unknown>;
    for (const value of values) {
      let threw: string | null = null;
      try {
        target.authorization = value;
      } catch (error) {
        threw = String(error);
      }
      await new Promise((resolve) => {
        setTimeout(resolve, 20);
      });
      results.push({
        threw,
        property: target.authorization,
        attribute: element.getAttribute('authorization'),
      });
    }
    return results;
  });
  for (const result of outcome) expect(result).toEqual({ threw: null, property: undefined, attribute: null });
  const errors = (await panel.events()).filter((event) => event.name === 'errorOccurred');
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error.detail).toMatchObject(
      withType(expected('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization', component: 'a client' })),
    );
  }
  await panel.clearEvents();
  await panel.element.evaluate((element, value) => {
    (element as PaymentPanelElement).authorization = value;
  }, token);
  await panelEvent(panel, 'ready');
  await paysByCard(page, panel);
});

test('a gateway configuration with URLs on a foreign domain or over http gives its named error and contacts nothing', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const random = seeded(20);
  const urlCases: { property: string; value: unknown; error: ExpectedError }[] = [];
  for (const property of ['assetsUrl', 'clientApiUrl', 'configUrl', 'analytics.url', 'braintreeApi.url']) {
    const urls = foreignUrls('/payment-panel');
    for (let i = 0; i < 4; i += 1) {
      urlCases.push({
        property,
        value: urls.splice(random.int(urls.length), 1)[0],
        error: expected('CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN', { property }),
      });
    }
  }
  urlCases.push(
    { property: 'assetsUrl', value: null, error: expected('CLIENT_MISSING_GATEWAY_CONFIGURATION') },
    { property: 'clientApiUrl', value: 5, error: expected('CLIENT_MISSING_GATEWAY_CONFIGURATION') },
    { property: 'configUrl', value: 5, error: expected('CLIENT_GATEWAY_NETWORK') },
    { property: 'analytics', value: 'https://attacker.example', error: expected('CLIENT_GATEWAY_NETWORK') },
  );
  await openMinimal(page, await freshToken(), { paypal: PAYPAL, 'data-collector': '{"kount": true}' });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');

  for (const { property, value, error } of urlCases) {
    await sandbox.overrideAnswers(CONFIGURATION, { [property]: value });
    const token = await freshToken();
    const asked = (await sandbox.requests()).length;
    const received = await errorOnAttribute(page, 'authorization', token);
    expect(received, `${property}: ${JSON.stringify(value)}`).toEqual(withType(error));
    await expect(panel.state()).toHaveAttribute('data-state', 'failed');
    // No frame from a foreign assets URL (Kount's included), and nothing asked after the
    // configuration: no vault call to a foreign client API (the guard sees any request to a foreign host).
    expect(await frameCount(page)).toBe(0);
    expect(
      (await sandbox.requests())
        .slice(asked)
        .map((request) => request.path)
        .filter((path) => !path.startsWith('/analytics/')),
    ).toEqual([expect.stringContaining(CONFIGURATION)]);
  }

  // A configuration of the gateway's own URLs connects, and the card pays.
  await panel.clearEvents();
  await panel.setAuthorization(await freshToken());
  await panelEvent(panel, 'ready');
  await paysByCard(page, panel);
});

test('a 3D Secure lookup with a foreign or http term URL, or a bank URL that is not https, gives its named error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openMinimal(page, await sandbox.clientToken('three_d_secure_v1_merchant'), {
    'three-d-secure': THREE_D_SECURE,
  });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  await cardSheetReady(page);
  await new CardFields(page).fill({ ...VISA, number: '4000000000000002' });
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
  const local = new URL(gateway);
  const cases: { set: Record<string, string>; error: ExpectedError }[] = [
    ...[
      'https://attacker.example/term?session=x',
      `http://${local.host}/sandbox/three_d_secure/term?session=x`,
      `https://user:secret@${local.host}/sandbox/three_d_secure/term?session=x`,
    ].map((termUrl) => ({
      set: { 'lookup.termUrl': termUrl },
      error: expected('THREEDS_TERM_URL_REQUIRES_DOMAIN'),
    })),
    ...[
      `http://${local.host}/sandbox/three_d_secure/acs`,
      'javascript:alert(document.domain)',
      'data:text/html,bank',
    ].map((acsUrl) => ({
      set: { 'lookup.acsUrl': acsUrl },
      error: expected('THREEDS_UNKNOWN_AUTH_RESPONSE', {
        message: 'The 3D Secure lookup response could not be read.',
      }),
    })),
  ];
  for (const { set, error } of cases) {
    await sandbox.overrideAnswers('/three_d_secure/lookup', set);
    const asked = (await sandbox.requests()).length;
    const { error: received } = await panel.requestPaymentMethod();
    expect(received, JSON.stringify(set)).toMatchObject(withType(error));
    // The bank frame is made only for an https bank, and sends the shopper nowhere.
    // (The first request also tokenizes the card, once; analytics report the failure.)
    expect(
      (await sandbox.requests())
        .slice(asked)
        .map((request) => request.path)
        .filter((path) => !path.endsWith('/payment_methods/credit_cards') && !path.startsWith('/analytics/')),
      JSON.stringify(set),
    ).toEqual([expect.stringContaining('/three_d_secure/lookup')]);
    expect(guard.requests.some((request) => request.url.includes('/three_d_secure/acs'))).toBe(false);
    // The card's four frames, and no bank frame left.
    expect(await frameCount(page)).toBe(4);
    await expect(page.locator('payment-panel').getByRole('dialog')).toBeHidden();
  }

  // The gateway's own URLs again: the bank challenges, the shopper authenticates, the card pays.
  const request = panel.requestPaymentMethod();
  await page
    .frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame-"]')
    .locator('#approve')
    .click({ timeout: PATIENCE_MS });
  const { payload } = await request;
  expect(payload).toMatchObject({ type: 'CreditCard', liabilityShifted: true, liabilityShiftPossible: true });
});

test('a PayPal approval URL on a foreign domain or over http is PAYPAL_FLOW_FAILED; PayPal works after', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openMinimal(page, sandbox.key('demo_merchant'), { paypal: PAYPAL });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  await panel.chooseOption('paypal');
  const button = panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true });
  const local = new URL(gateway);
  for (const redirectUrl of [
    'https://attacker.example/checkoutnow?token=EC-1',
    `http://${local.host}/sandbox/paypal/approve?token=EC-1`,
    `https://user:secret@${local.host}/sandbox/paypal/approve?token=EC-1`,
    'javascript:alert(document.domain)',
  ]) {
    await sandbox.overrideAnswers('/paypal_hermes/create_payment_resource', {
      'paymentResource.redirectUrl': redirectUrl,
    });
    const error = await nextError(page);
    const opened = page.waitForEvent('popup');
    await button.click();
    const popup = await opened;
    expect(await error(), redirectUrl).toEqual(withType(expected('PAYPAL_FLOW_FAILED')));
    await expect.poll(() => popup.isClosed(), { timeout: PATIENCE_MS }).toBe(true);
  }
  expect(guard.requests.filter((request) => request.url.includes('/sandbox/paypal/approve'))).toEqual([]);

  // The gateway's own approval page again: the shopper approves and the panel pays.
  await approvesAndPays(page, panel, button);
});

/** Rewrites, from before any script, the URL the panel gives the frames of one page: `from` becomes `to`. */
async function tamperFrameUrls(page: Page, file: string, from: string, to: string): Promise<void> {
  await page.addInitScript(
    ([file, search, replacement]) => {
      const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'src');
      Object.defineProperty(HTMLIFrameElement.prototype, 'src', {
        ...descriptor,
        set(this: HTMLIFrameElement, value: string) {
          descriptor?.set?.call(this, value.includes(file) ? value.replace(search, replacement) : value);
        },
      });
    },
    [file, from, to] as const,
  );
}

test('a card frame URL of another version gives INCOMPATIBLE_VERSIONS and leaves no frame', async ({
  page,
}) => {
  await tamperFrameUrls(page, 'hosted-fields-frame', `version=${version}`, 'version=0.0.1');
  await openMinimal(page, sandbox.key('demo_merchant'), { paypal: PAYPAL });
  const panel = new PanelPage(page);
  const error = await panelEvent(panel, 'errorOccurred');
  expect(error.detail).toMatchObject(
    withType(
      expected('INCOMPATIBLE_VERSIONS', {
        clientVersion: '0.0.1',
        component: 'hosted-fields',
        componentVersion: version,
      }),
    ),
  );
  // The card drops out, the shopper is told something went wrong, and PayPal, the one option
  // left, opens at once.
  await panelEvent(panel, 'ready');
  expect(await frameCount(page)).toBe(0);
  await expect(panel.element.locator('[part~="paypal-sheet"]')).toBeVisible();
  await expect(panel.element.locator('[part~="card-sheet"]')).toBeHidden();
  await expect(panel.element.locator('[part="sheet-error"]:visible')).toHaveText(
    'Something went wrong on our end.',
  );
});

test.describe('on a merchant page without a policy of its own', () => {
  // The demo's strict policy refuses frames from the other origin before the panel could.
  withoutMerchantPolicy(test);

  test('card frames answering from another origin are never configured, and the panel gives up on them by name', async ({
    page,
  }) => {
    await page.clock.install();
    const swapped = assets.replace('localhost', '127.0.0.1');
    await tamperFrameUrls(page, 'hosted-fields-frame', assets, swapped);
    await openMinimal(page, sandbox.key('card_only_merchant'));
    const panel = new PanelPage(page);
    // The frames load from the other origin and report ready to the page, which does not listen.
    await expect
      .poll(() => page.frames().filter((frame) => frame.url().startsWith(`${swapped}/`)).length, {
        timeout: PATIENCE_MS,
      })
      .toBe(2);
    const frames = page.frames().filter((frame) => frame.url().startsWith(`${swapped}/`));
    for (const frame of frames) await frame.waitForLoadState('load');
    // Never configured (the page sets a frame's title when it does), never ready.
    for (const frame of frames) expect(await frame.evaluate(() => document.title)).toBe('Card field');
    await expect(panel.element.locator('[part~="card-sheet"]')).not.toHaveAttribute('data-ready', 'true');
    // Frames whose documents loaded and said nothing the page takes are given up at once
    // (docs/card.md, "When the card fields cannot load"): nothing is left, the panel fails.
    await page.clock.runFor(2 * HOSTED_FIELDS_SILENT_FRAME_MS);
    const error = await panelEvent(panel, 'errorOccurred');
    expect(error.detail).toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
      details: { reason: 'no-answer' },
    });
    expect((await panelEvent(panel, 'cancelInitialization')).detail).toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
    });
    expect(await frameCount(page)).toBe(0);
  });
});

test('a 3D Secure bank frame URL of another version gives INCOMPATIBLE_VERSIONS; the card stays', async ({
  page,
}) => {
  await tamperFrameUrls(page, 'three-d-secure-bank-frame', `version=${version}`, 'version=0.0.1');
  await openMinimal(page, await sandbox.clientToken('three_d_secure_v1_merchant'), {
    'three-d-secure': THREE_D_SECURE,
  });
  const panel = new PanelPage(page);
  await panelEvent(panel, 'ready');
  await cardSheetReady(page);
  await new CardFields(page).fill({ ...VISA, number: '4000000000000002' });
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
  const { error } = await panel.requestPaymentMethod();
  expect(error).toMatchObject(
    withType(
      expected('INCOMPATIBLE_VERSIONS', {
        clientVersion: '0.0.1',
        component: 'three-d-secure-bank',
        componentVersion: version,
      }),
    ),
  );
  await expect(page.locator('payment-panel').getByRole('dialog')).toBeHidden();
  expect(guard.requests.some((request) => request.url.includes('/three_d_secure/acs'))).toBe(false);
  expect(await panel.isRequestable()).toBe(true);
});

for (const [what, key, value] of [
  ['another channel', 'channel', crypto.randomUUID()],
  ['another origin', 'origin', 'https://attacker.example'],
] as const) {
  test(`a PayPal return URL naming ${what} never approves: POPUP_CLOSED, and PayPal works after`, async ({
    page,
  }) => {
    await openMinimal(page, sandbox.key('demo_merchant'), { paypal: PAYPAL });
    const panel = new PanelPage(page);
    await panelEvent(panel, 'ready');
    await panel.chooseOption('paypal');
    // The browser says so when the return page posts to an origin the opener is not.
    guard.allowedConsole.push(/does not match the recipient window[’']s origin/);
    const error = await nextError(page);
    const button = panel.element.getByRole('button', { name: 'Pay with PayPal', exact: true });
    const opened = page.waitForEvent('popup');
    await button.click();
    const popup = await opened;
    await approvalShown(popup, PATIENCE_MS);
    // PayPal sends the shopper back to a tampered return URL: its answer to Approve, changed on the way. The
    // approval is sent as the page's form posts it (Firefox over WebDriver BiDi gives Playwright no request bodies),
    // and only the redirect is changed. Playwright routes a redirect's first request only, hence this one.
    const token = await popup.locator('form:has(#approve) input[name="token"]').inputValue();
    await popup.route(
      (url) => url.pathname === APPROVE_PATH,
      async (route) => {
        if (route.request().method() !== 'POST') {
          await route.continue();
          return;
        }
        const response = await route.fetch({
          maxRedirects: 0,
          headers: { ...route.request().headers(), 'content-type': 'application/x-www-form-urlencoded' },
          postData: new URLSearchParams({ token }).toString(),
        });
        expect(response.status()).toBe(303);
        const returnUrl = new URL(response.headers().location ?? '');
        returnUrl.searchParams.set(key, value);
        await route.fulfill({ response, headers: { ...response.headers(), location: returnUrl.href } });
      },
    );
    await popup.locator('#approve').click();
    expect(await error()).toEqual(withType(expected('PAYPAL_POPUP_CLOSED')));
    expect(await panel.savedMethods().count()).toBe(0);

    // An untampered approval pays.
    await approvesAndPays(page, panel, button);
  });
}
