/**
 * Hosted fields on their own (`paymentPanel.createHostedFields`), in a real browser with real frames:
 * the checks the fields make, with their messages, styles, state classes, attributes, a
 * selector into a shadow root, and teardown, which lets go of the gateway client too.
 */
import type { Page } from '@playwright/test';
import { VISA } from './models/card-fields';
import { expect, test } from './support/fixtures';
import { pageTime, pauseClock, toJustBeforeTimeout } from './support/clock';
import { installLeakProbe, openResources } from './support/leak-probe';

interface PageError {
  code?: string;
  message?: string;
}

/** Opens a merchant page holding empty containers for the card fields. */
async function openPage(page: Page): Promise<void> {
  await page.goto('/minimal.html');
  await page.waitForFunction(() => 'paymentPanel' in window);
  await page.evaluate(() => {
    document.querySelector('payment-panel')?.remove();
    for (const id of ['number', 'expirationDate', 'cvv', 'postalCode']) {
      const div = document.createElement('div');
      div.id = id;
      document.body.append(div);
    }
  });
}

/** Runs `paymentPanel.createHostedFields(options)` in the page; the instance is kept as `window.fields`. */
async function create(page: Page, options: Record<string, unknown>): Promise<PageError | null> {
  return page.evaluate(async (opts) => {
    try {
      (window as unknown as { fields: unknown }).fields = await window.paymentPanel.createHostedFields(
        opts as never,
      );
      return null;
    } catch (error) {
      const { code, message } = error as PageError;
      return { code, message };
    }
  }, options);
}

/** Calls a method of the created instance and returns its error, if any. */
async function call(page: Page, method: string, ...args: unknown[]): Promise<PageError | null> {
  return page.evaluate(
    async ({ method, args }) => {
      const fields = (window as unknown as { fields: Record<string, (...a: unknown[]) => unknown> }).fields;
      try {
        await fields[method]?.(...args);
        return null;
      } catch (error) {
        const { code, message } = error as PageError;
        return { code, message };
      }
    },
    { method, args },
  );
}

const allFields = {
  number: { container: '#number' },
  expirationDate: { container: '#expirationDate' },
  cvv: { container: '#cvv' },
  postalCode: { container: '#postalCode' },
};

// Every test starts on a merchant page with empty containers for the fields.
test.beforeEach(async ({ page }) => {
  await openPage(page);
});

test('standalone fields take a card, style their inputs safely and tokenize', async ({ page, sandbox }) => {
  expect(
    await create(page, {
      authorization: sandbox.key('demo_merchant'),
      fields: { ...allFields, number: { container: '#number', placeholder: '4111 1111 1111 1111' } },
      styles: {
        input: { color: 'rgb(200, 0, 0)', 'font-family': 'url(https://evil.example/font)' },
        '.invalid': { color: 'rgb(0, 0, 200)' },
      },
    }),
  ).toBeNull();
  const number = page.frameLocator('#number iframe').locator('input');
  await expect(number).toHaveAttribute('placeholder', '4111 1111 1111 1111');
  await expect(number).toHaveCSS('color', 'rgb(200, 0, 0)');
  // The whitelist kept the colour and dropped the url(): nothing in the frame's styles names it.
  const frameStyles = await number.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'),
  );
  expect(frameStyles).toContain('rgb(200, 0, 0)');
  expect(frameStyles).not.toContain('evil');

  await number.click();
  await expect(page.locator('#number')).toHaveClass(/focused/);
  await number.pressSequentially(VISA.number);
  await expect(page.locator('#number')).toHaveClass(/valid/);
  for (const [field, value] of [
    ['expirationDate', VISA.expirationDate],
    ['cvv', VISA.cvv],
    ['postalCode', VISA.postalCode],
  ] as const) {
    await page.frameLocator(`#${field} iframe`).locator('input').click();
    await page.frameLocator(`#${field} iframe`).locator('input').pressSequentially(value);
  }

  // The frames post their state after the keystrokes: on a busy machine the last may still be on its way.
  const state = () =>
    page.evaluate(() =>
      (
        window as unknown as { fields: { getState(): { cards: { type: string }[]; fields: object } } }
      ).fields.getState(),
    );
  await expect
    .poll(async () => (await state()).fields)
    .toMatchObject({
      number: { isValid: true, isEmpty: false },
      cvv: { isValid: true },
      expirationDate: { isValid: true },
      postalCode: { isValid: true },
    });
  expect((await state()).cards.map((c) => c.type)).toEqual(['visa']);

  const payload = await page.evaluate(() =>
    (window as unknown as { fields: { tokenize(): Promise<unknown> } }).fields.tokenize(),
  );
  expect(payload).toMatchObject({ type: 'CreditCard', details: { cardType: 'Visa', lastTwo: '11' } });
  expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toHaveLength(1);
});

test('a selector may point into a shadow root', async ({ sandbox, page }) => {
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'shadow-host';
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = '<div id="inner-number"></div>';
    document.body.append(host);
  });
  const error = await page.evaluate(async (authorization) => {
    const root = document.getElementById('shadow-host')?.shadowRoot ?? undefined;
    try {
      await window.paymentPanel.createHostedFields({
        authorization,
        fields: { number: { container: '#inner-number' } },
        root,
      });
      return null;
    } catch (e) {
      return (e as Error).message;
    }
  }, sandbox.key('demo_merchant'));
  expect(error).toBeNull();
  await expect(page.locator('#shadow-host iframe')).toHaveCount(1);
});

/** Each case's options, made of the test's authorization. */
const creationErrors: [string, (authorization: string) => Record<string, unknown>, string, string][] = [
  [
    'no fields',
    (authorization) => ({ authorization }),
    'INSTANTIATION_OPTION_REQUIRED',
    'options.fields is required when instantiating Hosted Fields.',
  ],
  [
    'an unknown field key',
    (authorization) => ({ authorization, fields: { cardNumber: { container: '#number' } } }),
    'HOSTED_FIELDS_INVALID_FIELD_KEY',
    'cardNumber is not a valid field.',
  ],
  [
    // The six field keys of the provider's hosted fields: the cardholder name is the panel's own.
    "the panel's cardholder name field",
    (authorization) => ({
      authorization,
      fields: { number: { container: '#number' }, cardholderName: { container: '#cvv' } },
    }),
    'HOSTED_FIELDS_INVALID_FIELD_KEY',
    'cardholderName is not a valid field.',
  ],
  [
    'a selector that matches nothing',
    (authorization) => ({ authorization, fields: { number: { container: '#nowhere' } } }),
    'HOSTED_FIELDS_INVALID_FIELD_SELECTOR',
    'Selector does not reference a valid DOM node.',
  ],
  [
    'a maxlength that is not a number',
    (authorization) => ({ authorization, fields: { number: { container: '#number', maxlength: '19' } } }),
    'HOSTED_FIELDS_FIELD_PROPERTY_INVALID',
    'The value for maxlength must be a number.',
  ],
  [
    'a minlength that is not a number',
    (authorization) => ({ authorization, fields: { number: { container: '#number', minlength: 'x' } } }),
    'HOSTED_FIELDS_FIELD_PROPERTY_INVALID',
    'The value for minlength must be a number.',
  ],
  [
    'a malformed authorization',
    () => ({ authorization: 'nope', fields: { number: { container: '#number' } } }),
    'CLIENT_INVALID_AUTHORIZATION',
    'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  ],
];

for (const [what, options, code, message] of creationErrors) {
  test(`creation with ${what} fails with ${code}`, async ({ page, sandbox }) => {
    expect(await create(page, options(sandbox.key('demo_merchant')))).toEqual({ code, message });
    await expect(page.locator('iframe')).toHaveCount(0);
  });
}

test('a container that already holds a hosted field is refused', async ({ sandbox, page }) => {
  expect(
    await create(page, {
      authorization: sandbox.key('demo_merchant'),
      fields: { number: { container: '#number' } },
    }),
  ).toBeNull();
  expect(
    await create(page, {
      authorization: sandbox.key('demo_merchant'),
      fields: { number: { container: '#number' } },
    }),
  ).toEqual({
    code: 'HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME',
    message: 'Element already contains a hosted-fields frame.',
  });
  await expect(page.locator('#number iframe')).toHaveCount(1);
});

test('attributes: the allowed ones reach the input, others are refused with their message', async ({
  sandbox,
  page,
}) => {
  expect(await create(page, { authorization: sandbox.key('demo_merchant'), fields: allFields })).toBeNull();
  const cvv = page.frameLocator('#cvv iframe').locator('input');

  expect(await call(page, 'setAttribute', { field: 'cvv', attribute: 'disabled', value: true })).toBeNull();
  await expect(cvv).toBeDisabled();
  expect(await call(page, 'removeAttribute', { field: 'cvv', attribute: 'disabled' })).toBeNull();
  await expect(cvv).toBeEnabled();
  expect(await call(page, 'setAttribute', { field: 'cvv', attribute: 'placeholder', value: 123 })).toBeNull();
  await expect(cvv).toHaveAttribute('placeholder', '123');

  expect(await call(page, 'setAttribute', { field: 'cvv', attribute: 'onclick', value: 'alert(1)' })).toEqual(
    {
      code: 'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED',
      message: 'The onclick attribute is not supported in Hosted Fields.',
    },
  );
  expect(await call(page, 'setAttribute', { field: 'cvv', attribute: 'disabled', value: 'maybe' })).toEqual({
    code: 'HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED',
    message: 'Value maybe is not allowed for disabled attribute.',
  });
  await expect(cvv).not.toHaveAttribute('onclick');
});

test('tokenizing empty fields is FIELDS_EMPTY, from the frame', async ({ sandbox, page }) => {
  expect(await create(page, { authorization: sandbox.key('demo_merchant'), fields: allFields })).toBeNull();
  expect(await call(page, 'tokenize')).toEqual({
    code: 'HOSTED_FIELDS_FIELDS_EMPTY',
    message: 'All fields are empty. Cannot tokenize empty card fields.',
  });
});

test('a billingAddress that is not text is INVALID_OPTION at once; a good one then pays', async ({
  page,
  sandbox,
}) => {
  expect(await create(page, { authorization: sandbox.key('demo_merchant'), fields: allFields })).toBeNull();
  for (const [field, value] of [
    ['number', VISA.number],
    ['expirationDate', VISA.expirationDate],
    ['cvv', VISA.cvv],
    ['postalCode', VISA.postalCode],
  ] as const) {
    await page.frameLocator(`#${field} iframe`).locator('input').click();
    await page.frameLocator(`#${field} iframe`).locator('input').pressSequentially(value);
  }
  // Answered by the page, before any frame is asked: the frame would drop the request.
  const refused = await page.evaluate(async () => {
    const fields = (window as unknown as { fields: { tokenize(options: unknown): Promise<unknown> } }).fields;
    try {
      await fields.tokenize({ billingAddress: { streetAddress: '1 Main St', postalCode: 12345 } });
      return null;
    } catch (error) {
      const { code, message, details } = error as PageError & { details?: unknown };
      return { code, message, details };
    }
  });
  expect(refused).toEqual({
    code: 'INVALID_OPTION',
    message: 'The billingAddress option is invalid.',
    details: { reason: '"postalCode" does not fit; expected {"key": string}' },
  });
  expect(await sandbox.requests('/v1/payment_methods/credit_cards')).toHaveLength(0);

  const payload = await page.evaluate(() =>
    (window as unknown as { fields: { tokenize(options: unknown): Promise<unknown> } }).fields.tokenize({
      billingAddress: { streetAddress: '1 Main St', countryCodeAlpha2: 'US' },
    }),
  );
  expect(payload).toMatchObject({ type: 'CreditCard', details: { cardType: 'Visa', lastTwo: '11' } });
  const [request] = await sandbox.requests('/v1/payment_methods/credit_cards');
  expect(request?.body).toMatchObject({
    creditCard: {
      billing_address: { street_address: '1 Main St', country_code_alpha2: 'US', postal_code: '12345' },
    },
  });
});

test('after teardown the frames are gone and every method says so', async ({ sandbox, page }) => {
  expect(await create(page, { authorization: sandbox.key('demo_merchant'), fields: allFields })).toBeNull();
  await expect(page.locator('iframe')).toHaveCount(4);
  expect(await call(page, 'teardown')).toBeNull();
  await expect(page.locator('iframe')).toHaveCount(0);
  for (const method of ['tokenize', 'getState', 'teardown', 'clear', 'focus', 'setAttribute']) {
    expect(
      await call(
        page,
        method,
        method === 'setAttribute' ? { field: 'cvv', attribute: 'disabled', value: true } : 'cvv',
      ),
    ).toEqual({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: `${method} cannot be called after teardown.`,
    });
  }
});

test('fields torn down let go of their gateway client, with a client token of their own each time', async ({
  page,
  sandbox,
}) => {
  await installLeakProbe(page);
  await openPage(page);
  // Each client listens for pagehide while something holds it.
  const clients = async (): Promise<number> => (await openResources(page)).listeners.pagehide ?? 0;
  const before = await clients();
  for (let checkout = 0; checkout < 3; checkout += 1) {
    const token = await sandbox.clientToken('demo_merchant');
    expect(await create(page, { authorization: token, fields: allFields })).toBeNull();
    expect(await clients()).toBe(before + 1);
    expect(await call(page, 'teardown')).toBeNull();
    expect(await clients()).toBe(before);
  }
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('clear, focus, classes and screen-reader messages reach the frames', async ({ sandbox, page }) => {
  expect(await create(page, { authorization: sandbox.key('demo_merchant'), fields: allFields })).toBeNull();
  const number = page.frameLocator('#number iframe').locator('input');
  await number.click();
  await number.pressSequentially('4111');
  expect(await call(page, 'clear', 'number')).toBeNull();
  await expect(number).toHaveValue('');

  expect(await call(page, 'focus', 'cvv')).toBeNull();
  await expect(page.frameLocator('#cvv iframe').locator('input')).toBeFocused();

  expect(await call(page, 'addClass', 'number', 'highlighted')).toBeNull();
  await expect(number).toHaveClass(/highlighted/);
  expect(await call(page, 'removeClass', 'number', 'highlighted')).toBeNull();
  await expect(number).not.toHaveClass(/highlighted/);

  expect(await call(page, 'setMessage', { field: 'number', message: 'Check the number' })).toBeNull();
  const describedBy = await number.getAttribute('aria-describedby');
  await expect(page.frameLocator('#number iframe').locator(`[id="${describedBy ?? ''}"]`)).toHaveText(
    'Check the number',
  );
});

test('frames that have not loaded after 20 s: creation rejects with HOSTED_FIELDS_TIMEOUT and the frames go', async ({
  sandbox,
  page,
}) => {
  await page.clock.install();
  await openPage(page);
  // Hold every hosted-field frame page: the frames never load.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/html/hosted-fields-frame.min.html*', (route) => {
    held.push(() => route.continue());
  });
  const earliest = await pageTime(page);
  const created = create(page, {
    authorization: sandbox.key('demo_merchant'),
    fields: { number: { container: '#number' } },
  });
  await expect.poll(() => held.length).toBe(1);
  const pausedAt = await pauseClock(page);

  const past = await toJustBeforeTimeout(page, { earliest, pausedAt, timeout: 20_000, margin: 1_000 });
  await expect(page.locator('#number iframe')).toHaveCount(1);
  await past();
  expect(await created).toEqual({
    code: 'HOSTED_FIELDS_TIMEOUT',
    message: 'Hosted Fields timed out when attempting to set up.',
  });
  await expect(page.locator('#number iframe')).toHaveCount(0);
  for (const release of held) await release().catch(() => undefined);
});
