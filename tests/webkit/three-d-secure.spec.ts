/**
 * 3D Secure challenges in WebKit: version 1 in the sandbox bank's frame, answered from the keyboard
 * through the modal's focus trap, and version 2 in the sandbox issuer's challenge, answered with its
 * password.
 */
import { MERCHANTS } from '../../sandbox/merchants';
import {
  THREE_D_SECURE_2_CARD_NUMBERS,
  THREE_D_SECURE_2_PASSWORD,
  THREE_D_SECURE_CARD_NUMBERS,
} from '../../sandbox/test-values';
import { ISSUER_CHALLENGE_PATH } from '../../sandbox/three-d-secure-2';
import { CALL_PATHS } from '../e2e/models/sandbox';
import type { WebKitCardFields } from './models/card-fields';
import type { WebKitPanel } from './models/panel';
import { expect, test } from './support/fixtures';

const THREE_D_SECURE = JSON.stringify({ amount: '10.00' });
const MODAL = '[part="three-d-secure-modal"]';
const BANK_FRAME = 'payment-panel-three-d-secure-frame';
/** The issuer's frame, by its page's path: the panel keeps nothing of Songbird's frame but its address. */
const ISSUER_FRAME = ISSUER_CHALLENGE_PATH;

/** Opens a guest checkout with 3D Secure, types a card in and starts the request. */
async function payWith(
  panel: WebKitPanel,
  card: WebKitCardFields,
  token: string,
  number: string,
  expirationDate: string,
) {
  await panel.openBare(token, 'local', { 'three-d-secure': THREE_D_SECURE });
  await card.ready();
  await card.fill({ number, expirationDate, cvv: '123', postalCode: '12345' });
  await expect.poll(() => panel.isRequestable()).toBe(true);
  const request = await panel.startRequest();
  await expect.poll(async () => (await panel.find(MODAL))?.isDisplayed()).toBe(true);
  await expect.poll(() => panel.focused()).toBe('button:Close card verification');
  return request;
}

test('3D Secure 1: focus moves into the modal and cycles through the bank frame; Enter on its button approves', async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const [challenged] = THREE_D_SECURE_CARD_NUMBERS.authenticate_successful;
  const token = await sandbox.clientToken(MERCHANTS.three_d_secure_v1_merchant.merchantId);
  const request = await payWith(panel, card, token, challenged, '1230');
  await expect.poll(() => panel.focused()).toBe('button:Close card verification');
  // The frame loads the panel's bank page, which posts to the bank: the bank's page is the second.
  await panel.waitForFrameLoads(BANK_FRAME, 2);
  // Into the bank's frame (its Authenticate and Fail buttons), out past its end, round to the close
  // button, and in again to Authenticate.
  for (const expected of [
    'frame:Card Verification',
    'frame:Card Verification',
    'button:Close card verification',
  ]) {
    await page.keyboard.press('Tab');
    await expect.poll(() => panel.focused()).toBe(expected);
  }
  await page.keyboard.press('Tab');
  await expect.poll(() => panel.focused()).toBe('frame:Card Verification');
  await page.keyboard.press('Enter');

  const { payload, error } = await request.outcome();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({ type: 'CreditCard', liabilityShifted: true, liabilityShiftPossible: true });
  await expect.poll(async () => (await panel.find(MODAL))?.isDisplayed()).toBe(false);
  expect(await sandbox.requests(CALL_PATHS.threeDSecureLookup)).toHaveLength(1);
  expect(await sandbox.requests(CALL_PATHS.threeDSecureTerm)).toHaveLength(1);
});

test("3D Secure 2: Tab reaches the issuer's challenge, the password and Enter answer it, and the liability shifts", async ({
  page,
  panel,
  card,
  sandbox,
}) => {
  const [challenged] = THREE_D_SECURE_2_CARD_NUMBERS.challenge_success;
  const token = await sandbox.clientToken(MERCHANTS.demo_merchant.merchantId);
  const request = await payWith(panel, card, token, challenged, '0130');
  await panel.waitForFrameLoads(ISSUER_FRAME, 1);
  // From the close button into the issuer's page: its first control is the password.
  await page.keyboard.press('Tab');
  await expect.poll(() => panel.focused()).toBe('frame:Card Verification');
  await page.keyboard.type(THREE_D_SECURE_2_PASSWORD);
  await page.keyboard.press('Enter');

  const { payload, error } = await request.outcome();
  expect(error).toBeUndefined();
  expect(payload).toMatchObject({
    type: 'CreditCard',
    liabilityShifted: true,
    liabilityShiftPossible: true,
    threeDSecureInfo: { status: 'authenticate_successful', lookup: { transStatus: 'C' } },
  });
  await expect.poll(async () => (await panel.find(MODAL))?.isDisplayed()).toBe(false);
  expect(await sandbox.requests(CALL_PATHS.threeDSecureLookup)).toHaveLength(1);
});
