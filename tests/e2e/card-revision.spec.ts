/**
 * The card paid is the card the fields hold when the merchant asks (docs/card.md, "When the panel
 * tokenizes"): after a request that failed once the card was tokenized, or back on the card sheet
 * after paying, a new value that leaves every field's state as it was (a whole number autofilled or
 * pasted over a valid one, a corrected postal code, a letter added to the name) is what the next
 * request pays with, and shows in its payload and in the gateway's request log.
 */
import type { Page } from '@playwright/test';
import type { FieldKey } from '../../src/shared/hosted-fields';
import type { CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, guardedTest as test } from './support/fixtures';
import type { PageGuard } from './support/page-guard';

const CREDIT_CARDS = '/v1/payment_methods/credit_cards';
const LOOKUP = '/three_d_secure/lookup';
/** Frictionless 3D Secure 2 successes of the sandbox (docs/three-d-secure.md, "In the sandbox"). */
const FRICTIONLESS = '4000000000001000';
const FRICTIONLESS_TOO = '4000000000002701';

/** Sets a field's whole value at once and fires `input` in its frame, as a browser's autofill does. */
async function autofill(card: CardFields, field: FieldKey, value: string): Promise<void> {
  await card.input(field).evaluate((input: HTMLInputElement, text) => {
    input.value = text;
    input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
  }, value);
}

/**
 * Copies `value` from a text box of the merchant page and pastes it over a field's whole value, all
 * with the keyboard, as a shopper does.
 */
async function paste(page: Page, card: CardFields, field: FieldKey, value: string): Promise<void> {
  const source = page.locator('#copied-text');
  await page.evaluate((text) => {
    const box = document.createElement('textarea');
    box.id = 'copied-text';
    box.value = text;
    document.body.append(box);
  }, value);
  await source.focus();
  await source.press('ControlOrMeta+A');
  await source.press('ControlOrMeta+C');
  const input = card.input(field);
  await input.click();
  await input.press('ControlOrMeta+A');
  await input.press('ControlOrMeta+V');
}

/** The nonce a 3D Secure lookup was made for, read from its path. */
function lookedUp(path: string): string {
  return /payment_methods\/([^/]+)\/three_d_secure/.exec(path)?.[1] ?? '';
}

/**
 * A guest checkout with 3D Secure whose first request fails after the card was tokenized: its
 * lookup answers 500. The shopper is left on the card sheet with the card still typed in.
 */
async function afterFailedLookup(
  { panel, card, sandbox, guard }: { panel: PanelPage; card: CardFields; sandbox: Sandbox; guard: PageGuard },
  typed: Partial<Record<FieldKey, string>> = {},
  attributes: Record<string, string> = {},
): Promise<void> {
  await panel.openBare(await sandbox.clientToken('demo_merchant'), 'local', {
    'three-d-secure': JSON.stringify({ amount: '10.00' }),
    ...attributes,
  });
  await panel.waitForEvent('ready');
  await card.ready();
  await card.fill({
    number: '4111111111111111',
    expirationDate: '0130',
    cvv: '123',
    postalCode: '12345',
    ...typed,
  });
  await expect.poll(() => panel.isRequestable()).toBe(true);
  // The browser reports the failed answer on the console.
  guard.allowedConsole.push(/status of 500 .*\/three_d_secure\/lookup/);
  await sandbox.inject({ call: 'threeDSecureLookup', kind: '500' });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('THREEDS_LOOKUP_ERROR');
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(1);
}

test('a whole number autofilled over a valid one after a failed lookup is the card paid', async ({
  panel,
  card,
  sandbox,
  guard,
}) => {
  await afterFailedLookup({ panel, card, sandbox, guard });
  await autofill(card, 'number', FRICTIONLESS);
  await expect(card.input('number')).toHaveValue('4000 0000 0000 1000');
  // Still a valid Visa: the sheet shows no error and the card is still requestable.
  await expect(card.error('number')).toHaveText('');
  expect(await panel.isRequestable()).toBe(true);

  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({
    details: { cardType: 'Visa', lastTwo: '00', lastFour: '1000' },
    liabilityShifted: true,
  });
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(posts.map((post) => (post.body as { creditCard: { number: string } }).creditCard.number)).toEqual([
    '4111111111111111',
    FRICTIONLESS,
  ]);
});

test('a whole number pasted over a valid one after a failed lookup is the card paid', async ({
  page,
  panel,
  card,
  sandbox,
  guard,
}) => {
  await afterFailedLookup({ panel, card, sandbox, guard });
  await paste(page, card, 'number', FRICTIONLESS_TOO);
  await expect(card.input('number')).toHaveValue('4000 0000 0000 2701');

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ details: { lastTwo: '01', lastFour: '2701' }, liabilityShifted: true });
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(posts).toHaveLength(2);
  expect(posts[1]?.body).toMatchObject({ creditCard: { number: FRICTIONLESS_TOO } });
});

test('a corrected postal code is sent with the card paid', async ({ panel, card, sandbox, guard }) => {
  await afterFailedLookup({ panel, card, sandbox, guard }, { number: FRICTIONLESS });
  const postal = card.input('postalCode');
  await postal.click();
  await postal.press('End');
  await postal.press('Backspace');
  await postal.pressSequentially('6');
  await expect(postal).toHaveValue('12346');

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ details: { lastTwo: '00' }, liabilityShifted: true });
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(posts.map((post) => post.body)).toMatchObject([
    { creditCard: { billing_address: { postal_code: '12345' } } },
    { creditCard: { billing_address: { postal_code: '12346' } } },
  ]);
  // The card verified and handed over is the one tokenized with the corrected code.
  const lookups = await sandbox.requests(LOOKUP);
  expect(lookups).toHaveLength(2);
  expect(lookedUp(lookups[1]?.path ?? '')).not.toBe(lookedUp(lookups[0]?.path ?? ''));
});

test('a letter added to the cardholder name is in the card paid', async ({ panel, card, sandbox, guard }) => {
  await afterFailedLookup(
    { panel, card, sandbox, guard },
    { cardholderName: 'Ada Lovelac', number: FRICTIONLESS },
    { card: JSON.stringify({ cardholderName: true }) },
  );
  const name = card.input('cardholderName');
  await name.click();
  await name.press('End');
  await name.pressSequentially('e');
  await expect(name).toHaveValue('Ada Lovelace');

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ details: { cardholderName: 'Ada Lovelace', lastTwo: '00' } });
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(posts.map((post) => post.body)).toMatchObject([
    { creditCard: { cardholderName: 'Ada Lovelac' } },
    { creditCard: { cardholderName: 'Ada Lovelace' } },
  ]);
});

test('after failed lookups, the same card while nothing changed, then the new one', async ({
  panel,
  card,
  sandbox,
  guard,
}) => {
  await afterFailedLookup({ panel, card, sandbox, guard });
  // Nothing changed: the card is looked up again, under the same nonce, without a new tokenization.
  await sandbox.inject({ call: 'threeDSecureLookup', kind: '500' });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('THREEDS_LOOKUP_ERROR');
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(1);
  const [first, second] = await sandbox.requests(LOOKUP);
  expect(lookedUp(second?.path ?? '')).toBe(lookedUp(first?.path ?? ''));

  await autofill(card, 'number', FRICTIONLESS);
  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ details: { lastTwo: '00' }, liabilityShifted: true });
  expect(await sandbox.requests(CREDIT_CARDS)).toHaveLength(2);
  const lookups = await sandbox.requests(LOOKUP);
  expect(lookups).toHaveLength(3);
  expect(lookedUp(lookups[2]?.path ?? '')).not.toBe(lookedUp(first?.path ?? ''));
});

test('after a tokenization error, the card the fields hold is the card paid', async ({
  panel,
  card,
  sandbox,
  guard,
}) => {
  await afterFailedLookup({ panel, card, sandbox, guard });
  await autofill(card, 'number', FRICTIONLESS);
  guard.allowedConsole.push(/status of 500 .*\/payment_methods\/credit_cards/);
  await sandbox.inject({ call: 'creditCards', kind: '500' });
  expect((await panel.requestPaymentMethod()).error?.code).toBe('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
  await expect(panel.element.locator('[part~="card-sheet"]')).toContainText('Network error');

  const { payload } = await panel.requestPaymentMethod();
  expect(payload).toMatchObject({ details: { lastTwo: '00', lastFour: '1000' }, liabilityShifted: true });
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(
    posts.map((post) => [post.status, (post.body as { creditCard: { number: string } }).creditCard.number]),
  ).toEqual([
    [201, '4111111111111111'],
    [500, FRICTIONLESS],
    [201, FRICTIONLESS],
  ]);
});

test('back on the card sheet from the saved methods, the card the fields hold is the card paid', async ({
  panel,
  card,
  sandbox,
}) => {
  // The fields keep the card paid with (the drop-in empties them by default).
  await panel.openBare(await sandbox.clientToken('demo_merchant', 'returning_shopper'), 'local', {
    card: JSON.stringify({ clearFieldsAfterTokenization: false }),
  });
  await panel.waitForEvent('ready');
  await expect(panel.savedMethods().first()).toBeVisible();
  await panel.chooseOption('card');
  await card.ready();
  await card.fill({ number: '4012888888881881', expirationDate: '1230', cvv: '123', postalCode: '12345' });
  const first = await panel.requestPaymentMethod();
  expect(first.payload).toMatchObject({ details: { lastFour: '1881' }, vaulted: true });
  // The card paid with shows selected in the list, beside the saved ones.
  await expect(panel.savedMethods().filter({ hasText: '81' }).first()).toBeVisible();

  await panel.chooseOption('card');
  await autofill(card, 'number', '4500600000000061');
  await expect(card.input('number')).toHaveValue('4500 6000 0000 0061');
  const second = await panel.requestPaymentMethod();
  expect(second.payload).toMatchObject({ details: { lastTwo: '61', lastFour: '0061' }, vaulted: true });
  expect(second.payload?.nonce).not.toBe(first.payload?.nonce);
  const posts = await sandbox.requests(CREDIT_CARDS);
  expect(posts.map((post) => (post.body as { creditCard: { number: string } }).creditCard.number)).toEqual([
    '4012888888881881',
    '4500600000000061',
  ]);
});
