/**
 * The drop-in's events of a panel made by `paymentPanel.create()` (docs/element.md, "Events";
 * docs/drop-in.md, "The instance"), typed into the real card frames against the local servers:
 * every `card:*` event and `card:binAvailable` through `instance.on` and as the element's DOM
 * events, `changeActiveView` from the option list to the card and to the saved methods, and the
 * three `3ds:*` events of a challenged card.
 */
import type { Page } from '@playwright/test';
import { PANEL_EVENT_NAMES } from '../../src/shared/event-names';
import type { PaymentPanelInstance } from '../../src/element/create-panel';
import { recordPanelEvents } from './models/page-scripts';
import { expect, test } from './support/fixtures';

/** Every event name of the instance. */
const INSTANCE_EVENTS = [
  'card:focus',
  'card:blur',
  'card:empty',
  'card:notEmpty',
  'card:validityChange',
  'card:cardTypeChange',
  'card:inputSubmitRequest',
  'card:binAvailable',
  'changeActiveView',
  'paymentMethodRequestable',
  '3ds:customer-canceled',
  '3ds:authentication-modal-render',
  '3ds:authentication-modal-close',
] as const;

interface Recorded {
  name: string;
  detail: Record<string, unknown> | null;
}

declare global {
  interface Window {
    instance?: PaymentPanelInstance;
    instanceEvents?: Recorded[];
    pending?: Promise<unknown>;
  }
}

/**
 * Opens an empty merchant page (the minimal page's own panel removed) that records the element's
 * DOM events, creates a panel there with the drop-in's options and listens to every instance event.
 * A field's container is recorded as the slot it is in, the rest of a detail as JSON.
 */
async function create(page: Page, options: Record<string, unknown>): Promise<void> {
  await page.addInitScript(recordPanelEvents, PANEL_EVENT_NAMES);
  await page.goto('/minimal.html');
  await page.waitForFunction(() => 'paymentPanel' in window && document.querySelector('payment-panel'));
  await page.evaluate(
    async ({ options, names }) => {
      document.querySelector('payment-panel')?.remove();
      const container = document.createElement('div');
      document.body.append(container);
      const instance = await window.paymentPanel.create({ ...options, container } as never);
      window.instance = instance;
      const recorded: Recorded[] = [];
      window.instanceEvents = recorded;
      for (const name of names) {
        instance.on(name, (detail: unknown) => {
          const plain = JSON.parse(
            JSON.stringify(detail ?? null, (key, value: unknown) =>
              key === 'container' && value instanceof Element ? `slot:${value.slot}` : value,
            ),
          ) as Recorded['detail'];
          recorded.push({ name, detail: plain });
        });
      }
    },
    { options, names: INSTANCE_EVENTS },
  );
}

/** The instance events so far. */
function instanceEvents(page: Page): Promise<Recorded[]> {
  return page.evaluate(() => window.instanceEvents ?? []);
}

/** The element's DOM events so far, of the given names. */
async function domEvents(page: Page, names: readonly string[]): Promise<Recorded[]> {
  const all = await page.evaluate(() => (window as unknown as { panelEvents: Recorded[] }).panelEvents);
  return all.filter((event) => names.includes(event.name));
}

function issuer(page: Page) {
  return page.frameLocator('payment-panel iframe[src*="/sandbox/three_d_secure/v2/challenge"]');
}

test('the card fields fire every card:* event and card:binAvailable, to instance.on and as DOM events', async ({
  page,
  card,
  sandbox,
}) => {
  await create(page, { authorization: sandbox.key('demo_merchant'), paymentOptionPriority: ['card'] });
  await card.ready();
  expect(await page.evaluate(() => window.instance?.hasListener('card:focus'))).toBe(true);

  await card.type('number', '41111');
  await expect.poll(() => instanceEvents(page)).not.toEqual([]);
  expect((await instanceEvents(page)).some((event) => event.name === 'card:binAvailable')).toBe(false);
  await card.input('number').pressSequentially('11111111111');
  await card.input('number').press('Enter');
  await card.input('number').press('Backspace');
  await card.input('number').press('Tab');
  await expect
    .poll(async () => (await instanceEvents(page)).map((event) => event.name).includes('card:blur'))
    .toBe(true);
  // Emptied, then the first six typed again: announced again.
  await card.input('number').fill('');
  await card.input('number').pressSequentially('411111');

  await expect
    .poll(async () => (await instanceEvents(page)).filter((e) => e.name === 'card:binAvailable'))
    .toEqual([
      { name: 'card:binAvailable', detail: { bin: '411111' } },
      { name: 'card:binAvailable', detail: { bin: '411111' } },
    ]);
  const events = await instanceEvents(page);
  const names = events.map((event) => event.name);
  for (const name of INSTANCE_EVENTS.filter((n) => n.startsWith('card:')))
    expect(names, name).toContain(name);
  // The order the shopper's keys gave them.
  expect(names.slice(0, 5)).toEqual([
    'card:focus',
    'card:notEmpty',
    'card:cardTypeChange',
    'card:cardTypeChange',
    'card:binAvailable',
  ]);
  const field = (state: Record<string, unknown>) => ({
    isEmpty: expect.any(Boolean) as unknown,
    isValid: expect.any(Boolean) as unknown,
    isPotentiallyValid: expect.any(Boolean) as unknown,
    isFocused: expect.any(Boolean) as unknown,
    ...state,
  });
  expect(events[0]?.detail).toEqual({
    cards: expect.any(Array) as unknown[],
    emittedBy: 'number',
    fields: {
      number: field({ isEmpty: true, isFocused: true, container: 'slot:field-number' }),
      expirationDate: field({ isFocused: false, container: 'slot:field-expirationDate' }),
      ...Object.fromEntries(
        Object.keys((events[0]?.detail as { fields: object }).fields)
          .filter((key) => key !== 'number' && key !== 'expirationDate')
          .map((key) => [key, field({ container: `slot:field-${key}` })]),
      ),
    },
  });
  const validity = events.find((event) => event.name === 'card:validityChange');
  expect(validity?.detail).toMatchObject({
    cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
    emittedBy: 'number',
    fields: { number: { isValid: true, isPotentiallyValid: true, isFocused: true } },
  });
  expect(events.find((event) => event.name === 'card:inputSubmitRequest')?.detail).toMatchObject({
    emittedBy: 'number',
    fields: { number: { isValid: true } },
  });
  expect(events.find((event) => event.name === 'card:blur')?.detail).toMatchObject({
    emittedBy: 'number',
    fields: { number: { isFocused: false } },
  });
  expect(events.find((event) => event.name === 'card:empty')?.detail).toMatchObject({
    fields: { number: { isEmpty: true } },
  });
  // Nothing of the number but its BIN reached the page.
  expect(JSON.stringify(events)).not.toContain('4111111');

  // The element fired each as a DOM event under its own name, with the same detail.
  const dom = await domEvents(page, [
    'cardFocus',
    'cardBlur',
    'cardEmpty',
    'cardNotEmpty',
    'cardValidityChange',
    'cardCardTypeChange',
    'cardInputSubmitRequest',
    'cardBinAvailable',
  ]);
  const dropinName = (name: string) =>
    `card:${name.slice('card'.length, 'card'.length + 1).toLowerCase()}${name.slice('card'.length + 1)}`;
  expect(dom.map((event) => dropinName(event.name))).toEqual(names);
  expect(dom.find((event) => event.name === 'cardBinAvailable')?.detail).toEqual({ bin: '411111' });
  expect(dom.find((event) => event.name === 'cardValidityChange')?.detail).toMatchObject({
    emittedBy: 'number',
    fields: { number: { isValid: true } },
  });

  // off() stops a handler; hasListener follows.
  const after = await page.evaluate(() => {
    const instance = window.instance;
    if (!instance) throw new Error('No instance.');
    const handler = () => undefined;
    instance.on('card:notEmpty', handler);
    instance.off('card:notEmpty', handler);
    const other = instance.hasListener('card:notEmpty');
    instance.off('3ds:customer-canceled', handler);
    return [other, instance.hasListener('3ds:customer-canceled')];
  });
  expect(after).toEqual([true, true]);
});

test('changeActiveView names every view from the option list to the card and to the saved methods', async ({
  page,
  card,
  sandbox,
}) => {
  await create(page, {
    authorization: sandbox.key('demo_merchant'),
    paymentOptionPriority: ['card', 'paypal'],
    paypal: { flow: 'vault' },
  });
  await page.locator('payment-panel [part="option"][data-option="card"]').click();
  await card.ready();
  await card.fill({ number: '4111111111111111', expirationDate: '1230', cvv: '123', postalCode: '12345' });
  const outcome = await page.evaluate(async () => {
    const payload = (await window.instance?.requestPaymentMethod()) as { type: string } | undefined;
    return payload?.type;
  });
  expect(outcome).toBe('CreditCard');
  await expect
    .poll(async () => (await instanceEvents(page)).filter((event) => event.name === 'changeActiveView'))
    .toEqual([
      { name: 'changeActiveView', detail: { previousViewId: 'options', newViewId: 'card' } },
      { name: 'changeActiveView', detail: { previousViewId: 'card', newViewId: 'methods' } },
    ]);
  // The element's DOM events also show the first view, before `ready` (and so before the instance).
  expect(await domEvents(page, ['changeActiveView', 'ready'])).toEqual([
    { name: 'changeActiveView', detail: { newViewId: 'options' } },
    { name: 'ready', detail: { version: expect.any(String) as unknown } },
    { name: 'changeActiveView', detail: { previousViewId: 'options', newViewId: 'card' } },
    { name: 'changeActiveView', detail: { previousViewId: 'card', newViewId: 'methods' } },
  ]);
});

for (const how of ['the close button', "the issuer's Cancel", 'passing the challenge'] as const) {
  test(`a challenged card fires the 3ds:* events: ${how}`, async ({ page, card, sandbox }) => {
    await create(page, {
      authorization: await sandbox.clientToken('demo_merchant'),
      paymentOptionPriority: ['card'],
      threeDSecure: { amount: '10.00' },
    });
    await card.ready();
    await card.fill({ number: '4000000000001091', expirationDate: '0130', cvv: '123', postalCode: '12345' });
    await page.evaluate(() => {
      window.pending = window.instance?.requestPaymentMethod();
    });
    await expect(issuer(page).locator('#submit')).toBeVisible();
    await expect
      .poll(async () => (await instanceEvents(page)).map((event) => event.name))
      .toContain('3ds:authentication-modal-render');
    if (how === 'the close button') {
      await page
        .locator('payment-panel')
        .getByRole('dialog', { name: 'Card Verification' })
        .getByRole('button', { name: 'Close card verification' })
        .click();
    } else if (how === "the issuer's Cancel") {
      await issuer(page).locator('#cancel').click();
    } else {
      await issuer(page).getByLabel('Password').fill('1234');
      await issuer(page).locator('#submit').click();
    }
    const nonce = await page.evaluate(async () => ((await window.pending) as { nonce: string }).nonce);
    // From the challenge on: the card form was requestable before it.
    const threeDS = (events: Recorded[]) =>
      events
        .slice(events.findIndex((event) => event.name === '3ds:authentication-modal-render'))
        .filter((event) => event.name.startsWith('3ds:') || event.name === 'paymentMethodRequestable');
    await expect
      .poll(async () => threeDS(await instanceEvents(page)).map((event) => event.name))
      .toEqual([
        '3ds:authentication-modal-render',
        ...(how === 'passing the challenge' ? [] : ['3ds:customer-canceled']),
        '3ds:authentication-modal-close',
        'paymentMethodRequestable',
      ]);
    // Requestable again, the card selected under its new nonce.
    const requestable = (await instanceEvents(page)).filter((e) => e.name === 'paymentMethodRequestable');
    expect(requestable.at(-1)?.detail).toEqual({ type: 'CreditCard', paymentMethodIsSelected: true });
    expect(nonce).toEqual(expect.any(String));
    expect(
      threeDS(await instanceEvents(page)).every((e) =>
        e.name.startsWith('3ds:') ? e.detail === null : true,
      ),
    ).toBe(true);
    // And as DOM events, under the element's names.
    expect(
      (
        await domEvents(page, [
          'threeDSecureAuthenticationModalRender',
          'threeDSecureCustomerCanceled',
          'threeDSecureAuthenticationModalClose',
        ])
      ).map((event) => event.name),
    ).toEqual([
      'threeDSecureAuthenticationModalRender',
      ...(how === 'passing the challenge' ? [] : ['threeDSecureCustomerCanceled']),
      'threeDSecureAuthenticationModalClose',
    ]);
  });
}
