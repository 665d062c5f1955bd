/**
 * Isolation: a shopper types a card into the hosted fields and pays (and, a second time, pays with
 * a card the bank challenges with 3D Secure). The card number and the security code then appear
 * nowhere the merchant origin can look: not in its documents (every open shadow root, attribute,
 * input value, text, storage, URL), not in any message its window receives, not in any key event,
 * console line, payload or event, and not in any request its frames make or answer they read. The
 * only requests that carry them go from the hosted-field frames, on the assets origin, to the
 * gateway; the test proves it sees those too.
 */
import type { Page } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import type { CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import type { Sandbox } from './models/sandbox';
import { expect, guardedTest as test } from './support/fixtures';
import { cardNumberPattern, MerchantExposure, securityCodePattern } from './support/merchant-exposure';
import { cardSheetReady, openMinimal, panelEvent, PATIENCE_MS, receivedMessages } from './support/recorder';

const { merchant, assets, gateway } = localOrigins();
/** American Express: a 4-digit code, which cannot hide among other digits by chance. */
const CARD = { number: '378282246310005', expirationDate: '1230', cvv: '7373', postalCode: '12345' };
/**
 * American Express, challenged by the bank: a 3D Secure 1 test card that
 * authenticates (docs/protocol.md).
 */
const CHALLENGED = { ...CARD, number: '340000000006022' };

// Every test is guarded: nothing thrown or left unhandled, and no console error, in any frame.

/** Opens the panel with the merchant's view recorded from the first script. */
async function open(
  panel: PanelPage,
  authorization: string,
  attributes: Record<string, string> = {},
): Promise<MerchantExposure> {
  const { page } = panel;
  const exposure = await MerchantExposure.watch(page);
  await openMinimal(page, authorization, attributes, { messages: true });
  await panelEvent(panel, 'ready');
  await cardSheetReady(page);
  return exposure;
}

/** Types the card into the frames and waits until the panel can request it. */
async function typeCard(fields: CardFields, panel: PanelPage, card: typeof CARD): Promise<void> {
  await fields.fill(card);
  await expect.poll(() => panel.isRequestable(), { timeout: PATIENCE_MS }).toBe(true);
}

/**
 * Asserts that nothing the merchant origin saw holds the card's number or code, and that the
 * card did travel: from a hosted-field frame to the gateway, once, with both.
 */
async function expectIsolated(
  page: Page,
  sandbox: Sandbox,
  panel: PanelPage,
  exposure: MerchantExposure,
  card: typeof CARD,
  payload: unknown,
): Promise<void> {
  await exposure.settle();
  const number = cardNumberPattern(card.number);
  const code = securityCodePattern(card.cvv);
  const secretFree = (where: string, text: string): void => {
    expect(number.test(text), `${where} holds the card number`).toBe(false);
    expect(code.test(text), `${where} holds the security code`).toBe(false);
  };

  // Bodies are read where they arrive, in the gateway's log of what it received and from where: the
  // one detector that works in every engine (Firefox over WebDriver BiDi gives Playwright no request
  // bodies). It sees every body the page sent, as every request that can carry one went to the gateway.
  for (const request of exposure.requests.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method))) {
    expect(new URL(request.url).origin, `${request.method} ${request.url} from ${request.from}`).toBe(
      gateway,
    );
  }
  // The detector finds both where they belong: the frames' tokenize request to the gateway.
  const logged = await sandbox.requests();
  const carryingLogged = logged.filter((entry) => {
    const text = JSON.stringify(entry);
    return number.test(text) || code.test(text);
  });
  expect(carryingLogged).toHaveLength(1);
  expect(carryingLogged[0]).toMatchObject({ origin: assets, method: 'POST' });
  expect(carryingLogged[0]?.path).toMatch(/\/v1\/payment_methods\/credit_cards$/);
  const carriedText = JSON.stringify(carryingLogged[0]);
  expect(number.test(carriedText) && code.test(carriedText)).toBe(true);
  // And only there: no other request the gateway received.
  for (const entry of logged.filter((e) => e !== carryingLogged[0])) {
    secretFree(
      `the gateway's log of ${entry.method} ${entry.path} from ${entry.origin ?? 'no origin'}`,
      JSON.stringify(entry),
    );
  }
  // On the wire too, where the engine gives Playwright the bodies (Chromium): the one request the
  // gateway logged, as the browser sent it.
  const carrying = exposure.requests.filter(
    (request) => number.test(request.body ?? '') || code.test(request.body ?? ''),
  );
  if (exposure.readsBodies) {
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toMatchObject({ from: assets, method: 'POST' });
    expect(carrying[0]?.url).toMatch(new RegExp(`^${gateway}/.*/v1/payment_methods/credit_cards$`));
    expect(number.test(carrying[0]?.body ?? '') && code.test(carrying[0]?.body ?? '')).toBe(true);
  }
  // No request of any origin carries them in its URL or headers (nor, where readable, its body).
  for (const request of exposure.requests.filter((r) => r !== carrying[0])) {
    secretFree(
      `${request.method} ${request.url} from ${request.from}`,
      `${request.url}\n${request.headers}\n${request.body ?? ''}`,
    );
  }

  // What the merchant's frames sent and read.
  const fromMerchant = exposure.merchantRequests();
  expect(fromMerchant.length).toBeGreaterThan(0);
  for (const request of fromMerchant) {
    secretFree(
      `${request.method} ${request.url}`,
      `${request.url}\n${request.headers}\n${request.body ?? ''}`,
    );
    secretFree(`the answer to ${request.method} ${request.url}`, request.answer);
  }
  // The gateway's record of who sent what agrees.
  expect(logged.some((entry) => entry.origin === merchant)).toBe(true);

  // The merchant's documents, shadow roots and storage.
  const documents = await exposure.documents();
  expect(documents).toContain('payment-panel-hosted-field-number');
  secretFree('the merchant documents', documents);

  // Every message the merchant window received: the recorder hears the frames.
  const messages = await receivedMessages(page);
  expect(messages.some((message) => message.origin === assets)).toBe(true);
  for (const message of messages) secretFree(`a message from ${message.origin}`, message.data);

  // Keys, console, events and the payload.
  const keys = await exposure.keys();
  secretFree('the merchant window’s key and input events', keys.join('\n'));
  secretFree('the merchant console', (await exposure.consoleLines()).join('\n'));
  secretFree('the panel events', JSON.stringify(await panel.events()));
  secretFree('the payload', JSON.stringify(payload));
}

test('a card paid in the hosted fields reaches the merchant origin only as a nonce', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const exposure = await open(panel, sandbox.key('demo_merchant'));
  await typeCard(card, panel, CARD);
  const { payload, error } = await panel.requestPaymentMethod();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({
    type: 'CreditCard',
    nonce: expect.stringMatching(/^tokencc_/),
    details: { cardType: 'American Express', lastFour: '0005' },
  });
  await expectIsolated(page, sandbox, panel, exposure, CARD, payload);
});

test('a card the bank challenges with 3D Secure stays isolated through the bank frame too', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const token = await sandbox.clientToken('three_d_secure_v1_merchant');
  const exposure = await open(panel, token, {
    'three-d-secure': JSON.stringify({ amount: '10.00' }),
  });
  await typeCard(card, panel, CHALLENGED);
  const request = panel.requestPaymentMethod();
  const bank = page.frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame-"]');
  await bank.locator('#approve').click({ timeout: PATIENCE_MS });
  const { payload, error } = await request;
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({
    type: 'CreditCard',
    liabilityShifted: true,
    liabilityShiftPossible: true,
    details: { lastFour: '6022' },
  });
  // The 3D Secure lookup went from the merchant origin; the complete page answered the merchant window.
  await exposure.settle();
  expect(exposure.merchantRequests().some((r) => r.url.includes('/three_d_secure/lookup'))).toBe(true);
  expect((await receivedMessages(page)).some((m) => m.data.includes('"authenticationComplete"'))).toBe(true);
  await expectIsolated(page, sandbox, panel, exposure, CHALLENGED, payload);
});
