// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LOOKUP_ERRORS } from './three-d-secure-lookup';
import {
  failureLiability,
  isChallenge,
  lookupLiability,
  paresFor,
  readAmount,
  readPares,
  threeDSecureStatusOf,
  type ThreeDSecureStatus,
} from './three-d-secure-sessions';
import { cardNonce, lookedUp, lookup, lookupPart, openBank, tokenAuth } from './three-d-secure-test-support';
import { THREE_D_SECURE_CARD_NUMBERS } from './test-values';
import { keyOf, like, record, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

function message(response: TestResponse): unknown {
  return record(record(response.body).error).message;
}

const CARDS = Object.entries(THREE_D_SECURE_CARD_NUMBERS).flatMap(([status, numbers]) =>
  numbers.map((number) => [number, status as ThreeDSecureStatus] as const),
);

describe('POST …/v1/payment_methods/:nonce/three_d_secure/lookup', () => {
  it('answers a challenge for an enrolled card: the bank, a session and the card under a new nonce', async () => {
    const { nonce, response, part } = await lookedUp(sandbox, '4000000000000002');
    expect(response.status).toBe(201);
    const body = record(response.body);
    expect(Object.keys(body).sort()).toEqual(['lookup', 'paymentMethod', 'threeDSecureInfo']);
    expect(part).toEqual({
      acsUrl: `${sandbox.origin}/sandbox/three_d_secure/acs`,
      pareq: like.stringMatching(/^sandbox-pareq-[0-9a-f]{32}$/),
      md: like.stringMatching(/^sandbox-md-[0-9a-f]{32}$/),
      termUrl: like.stringMatching(
        /^http:\/\/127\.0\.0\.1:\d+\/sandbox\/three_d_secure\/term\?session=[0-9a-f]{32}$/,
      ),
    });
    const session = part.pareq.slice('sandbox-pareq-'.length);
    expect(part.md).toBe(`sandbox-md-${session}`);
    expect(new URL(part.termUrl).searchParams.get('session')).toBe(session);
    const year = String(new Date().getFullYear() + 2);
    expect(body.paymentMethod).toEqual({
      nonce: like.stringMatching(/^tokencc_sb_[0-9a-f]{24}$/),
      type: 'CreditCard',
      description: 'ending in 02',
      details: {
        cardType: 'Visa',
        lastTwo: '02',
        lastFour: '0002',
        bin: '400000',
        expirationMonth: '09',
        expirationYear: year,
      },
      binData: like.objectContaining({ prepaid: 'Unknown', countryOfIssuance: 'Unknown' }),
      threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true },
    });
    expect(record(body.paymentMethod).nonce).not.toBe(nonce);
    expect(body.threeDSecureInfo).toEqual({ liabilityShifted: false, liabilityShiftPossible: true });
  });

  it.each(CARDS)('answers %s as %s', async (number, status) => {
    const { response, part } = await lookedUp(sandbox, number);
    const challenge = status.startsWith('authenticate_');
    expect(part.acsUrl).toBe(challenge ? `${sandbox.origin}/sandbox/three_d_secure/acs` : null);
    const flags = { liabilityShifted: false, liabilityShiftPossible: challenge };
    expect(record(response.body).threeDSecureInfo).toEqual(flags);
    expect(record(record(response.body).paymentMethod).threeDSecureInfo).toEqual(flags);
  });

  it('answers any other card as not enrolled: no acsUrl, no shift possible', async () => {
    for (const number of ['4111111111111111', '5555555555554444', '378282246310005']) {
      const { response, part } = await lookedUp(sandbox, number);
      expect(part.acsUrl, number).toBeNull();
      expect(part.termUrl).toContain('?session=');
      expect(record(response.body).threeDSecureInfo).toEqual({
        liabilityShifted: false,
        liabilityShiftPossible: false,
      });
    }
  });

  it('looks up the saved cards of a customer', async () => {
    const auth = await tokenAuth(sandbox, 'demo_merchant', 'returning_shopper');
    const listed = await sandbox.clientApi('demo_merchant', 'paymentMethods', { auth });
    const card = (record(listed.body).paymentMethods as unknown[])
      .map(record)
      .find((method) => method.type === 'CreditCard');
    const response = await lookup(sandbox, String(card?.nonce), auth);
    expect(response.status).toBe(201);
    expect(lookupPart(response).acsUrl).toBeNull();
    expect(record(record(response.body).paymentMethod).details).toEqual(
      like.objectContaining({ cardType: 'Visa', lastFour: '1111', cardholderName: 'Robin Returning' }),
    );
  });

  it('leaves the looked-up nonce usable and answers a new nonce each time', async () => {
    const auth = await tokenAuth(sandbox);
    const nonce = await cardNonce(sandbox, '4000000000000002', auth);
    const first = await lookup(sandbox, nonce, auth);
    const second = await lookup(sandbox, nonce, auth);
    expect(second.status).toBe(201);
    expect(record(record(second.body).paymentMethod).nonce).not.toBe(
      record(record(first.body).paymentMethod).nonce,
    );
    expect(lookupPart(second).pareq).not.toBe(lookupPart(first).pareq);
    const checkout = await sandbox.request('/sandbox/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_method_nonce=${String(record(record(second.body).paymentMethod).nonce)}`,
    });
    expect(String(checkout.body)).toContain('Known nonce: yes (CreditCard)');
  });

  it('refuses a tokenization key with 403', async () => {
    const auth = await tokenAuth(sandbox);
    const nonce = await cardNonce(sandbox, '4000000000000002', auth);
    const response = await lookup(sandbox, nonce, { tokenizationKey: keyOf('demo_merchant') });
    expect(response.status).toBe(403);
  });

  it('answers 401 without an authorization and for another merchant’s client token', async () => {
    const auth = await tokenAuth(sandbox);
    const nonce = await cardNonce(sandbox, '4000000000000002', auth);
    expect((await lookup(sandbox, nonce, {})).status).toBe(401);
    const other = await tokenAuth(sandbox, 'card_only_merchant');
    expect((await lookup(sandbox, nonce, other)).status).toBe(401);
  });

  it('answers 422 when the merchant has 3D Secure off', async () => {
    const auth = await tokenAuth(sandbox, 'card_only_merchant');
    const nonce = await cardNonce(sandbox, '4000000000000002', auth, 'card_only_merchant');
    const response = await lookup(sandbox, nonce, auth, { amount: '10.00' }, 'card_only_merchant');
    expect(response.status).toBe(422);
    expect(message(response)).toBe(LOOKUP_ERRORS.notEnabled);
    expect(record(response.body).fieldErrors).toEqual([]);
  });

  it('answers 422 for an unknown nonce and for another merchant’s, alike', async () => {
    const auth = await tokenAuth(sandbox);
    const unknown = await lookup(sandbox, 'tokencc_sb_000000000000000000000000', auth);
    expect(unknown.status).toBe(422);
    expect(message(unknown)).toBe(LOOKUP_ERRORS.unknownNonce);
    const otherAuth = await tokenAuth(sandbox, 'card_only_merchant');
    const foreign = await cardNonce(sandbox, '4000000000000002', otherAuth, 'card_only_merchant');
    const response = await lookup(sandbox, foreign, auth);
    expect(response.status).toBe(422);
    expect(message(response)).toBe(LOOKUP_ERRORS.unknownNonce);
  });

  it('answers 422 for the nonce of a PayPal account or an Apple Pay card', async () => {
    const auth = await tokenAuth(sandbox, 'demo_merchant', 'returning_shopper');
    const listed = await sandbox.clientApi('demo_merchant', 'paymentMethods', { auth });
    const wallets = (record(listed.body).paymentMethods as unknown[])
      .map(record)
      .filter((method) => method.type !== 'CreditCard');
    expect(wallets.map((method) => method.type)).toEqual(['PayPalAccount', 'ApplePayCard']);
    for (const wallet of wallets) {
      const response = await lookup(sandbox, String(wallet.nonce), auth);
      expect(response.status).toBe(422);
      expect(message(response)).toBe(LOOKUP_ERRORS.notACard);
    }
  });

  it.each([
    ['no amount', {}, LOOKUP_ERRORS.amountRequired],
    ['null', { amount: null }, LOOKUP_ERRORS.amountRequired],
    ['an empty string', { amount: '' }, LOOKUP_ERRORS.amountRequired],
    ['zero', { amount: 0 }, LOOKUP_ERRORS.amountInvalid],
    ['"0.00"', { amount: '0.00' }, LOOKUP_ERRORS.amountInvalid],
    ['a negative number', { amount: -1 }, LOOKUP_ERRORS.amountInvalid],
    ['"-1.00"', { amount: '-1.00' }, LOOKUP_ERRORS.amountInvalid],
    ['text', { amount: 'ten' }, LOOKUP_ERRORS.amountInvalid],
    ['an exponent', { amount: '1e3' }, LOOKUP_ERRORS.amountInvalid],
    ['a huge number', { amount: 1e21 }, LOOKUP_ERRORS.amountInvalid],
    ['a trailing dot', { amount: '10.' }, LOOKUP_ERRORS.amountInvalid],
    ['an object', { amount: { value: '10.00' } }, LOOKUP_ERRORS.amountInvalid],
    ['a boolean', { amount: true }, LOOKUP_ERRORS.amountInvalid],
  ])('answers 422 for %s', async (_, body, expected) => {
    const auth = await tokenAuth(sandbox);
    const nonce = await cardNonce(sandbox, '4000000000000002', auth);
    const response = await lookup(sandbox, nonce, auth, body);
    expect(response.status).toBe(422);
    expect(message(response)).toBe(expected);
  });

  it.each([
    ['10.00', '10.00'],
    [10, '10'],
    [5.5, '5.5'],
    ['0.01', '0.01'],
  ])('takes the amount %j and shows it on the bank’s page as %s', async (amount, shown) => {
    const { part } = await lookedUp(sandbox, '4000000000000002', { amount });
    const bank = await openBank(sandbox, part);
    expect(bank.text).toContain(`<dd id="amount">${shown}</dd>`);
  });

  it('goes through the fault switches and the request log', async () => {
    const auth = await tokenAuth(sandbox);
    const nonce = await cardNonce(sandbox, '4000000000000002', auth);
    await sandbox.request('/sandbox/faults', { body: { match: 'three_d_secure/lookup', kind: '500' } });
    expect((await lookup(sandbox, nonce, auth)).status).toBe(500);
    expect((await lookup(sandbox, nonce, auth)).status).toBe(201);
    const logged = await sandbox.request('/sandbox/requests', { query: { match: 'three_d_secure/lookup' } });
    expect((logged.body as unknown[]).map(record)).toEqual([
      like.objectContaining({
        method: 'POST',
        path: `/merchants/demo_merchant/client_api/v1/payment_methods/${nonce}/three_d_secure/lookup`,
        body: like.objectContaining({ amount: '10.00' }),
        fault: '500',
        status: 500,
      }),
      like.objectContaining({ fault: null, status: 201 }),
    ]);
  });

  it('forgets its sessions on reset', async () => {
    const { part } = await lookedUp(sandbox, '4000000000000002');
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await openBank(sandbox, part)).status).toBe(404);
  });
});

describe('3D Secure outcomes', () => {
  it('maps the test cards to their status, and any other card to not enrolled', () => {
    for (const [number, status] of CARDS) expect(threeDSecureStatusOf(number)).toBe(status);
    expect(threeDSecureStatusOf('4111111111111111')).toBe('lookup_not_enrolled');
    expect(CARDS.filter(([, status]) => isChallenge(status)).map(([number]) => number)).toEqual([
      '4000000000000002',
      '5200000000000007',
      '340000000006022',
      '4000000000000010',
      '5200000000000015',
      '4000000000000028',
      '5200000000000023',
      '340000000000033',
      '4000000000000069',
      '5200000000000064',
      '340000000007780',
    ]);
  });

  it('gives the liability flags of each 3D Secure test card', () => {
    expect(lookupLiability('lookup_error')).toEqual({
      liabilityShifted: false,
      liabilityShiftPossible: false,
    });
    expect(lookupLiability('authenticate_failed')).toEqual({
      liabilityShifted: false,
      liabilityShiftPossible: true,
    });
    expect(failureLiability('authenticate_failed').liabilityShiftPossible).toBe(true);
    expect(failureLiability('authenticate_signature_verification_failed').liabilityShiftPossible).toBe(true);
    expect(failureLiability('authenticate_unable_to_authenticate').liabilityShiftPossible).toBe(false);
  });

  it('reads back only the PaRes it made for the session', () => {
    const pares = paresFor('authenticate_successful', 'abc');
    expect(pares).toBe('sandbox-pares-authenticate_successful-abc');
    expect(readPares(pares, 'abc')).toBe('authenticate_successful');
    expect(readPares(pares, 'abd')).toBeNull();
    expect(readPares('sandbox-pares-lookup_error-abc', 'abc')).toBeNull();
    expect(readPares('sandbox-pares-made_up-abc', 'abc')).toBeNull();
    expect(readPares(undefined, 'abc')).toBeNull();
  });

  it('reads amounts', () => {
    expect(readAmount('10.00')).toBe('10.00');
    expect(readAmount(0.5)).toBe('0.5');
    expect(readAmount('1'.repeat(33))).toBeNull();
    expect(readAmount(Number.NaN)).toBeNull();
    expect(readAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
