// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CardinalSandbox, integrityOf, songbirdStandInScript } from './stand-ins/cardinal';
import { findMerchant } from './merchants';
import { THREE_D_SECURE_2_CARD_NUMBERS } from './test-values';
import { record, useSandbox, type TestResponse } from './test-server';
import { cardNonce, lookup, tokenAuth } from './three-d-secure-test-support';
import { ISSUER_CHALLENGE_PATH, issuer2KindOf } from './three-d-secure-2';

const sandbox = useSandbox();

const BROWSER = {
  browserColorDepth: 24,
  browserJavaEnabled: false,
  browserJavascriptEnabled: true,
  browserLanguage: 'en-US',
  browserScreenHeight: 800,
  browserScreenWidth: 1280,
  browserTimeZone: 0,
  deviceChannel: 'Browser',
};

function message(response: TestResponse): unknown {
  return record(record(response.body).error).message;
}

/** Songbird's set-up with the JWT of a merchant's configuration: its session id. */
async function songbirdSession(merchantId = 'demo_merchant'): Promise<string> {
  const configuration = await sandbox.clientApi(merchantId, 'configuration');
  const jwt = record(record(configuration.body).threeDSecure).cardinalAuthenticationJWT;
  const init = await sandbox.request('/sandbox/cardinal/init', { body: { jwt } });
  expect(init.status).toBe(200);
  return String(record(init.body).sessionId);
}

/** A version 2 lookup of a test card, as the panel sends it. */
async function lookup2(number: string, extra: Record<string, unknown> = {}) {
  const auth = await tokenAuth(sandbox);
  const nonce = await cardNonce(sandbox, number, auth);
  const dfReferenceId = await songbirdSession();
  const response = await lookup(sandbox, nonce, auth, {
    amount: '10.00',
    bin: number.slice(0, 6),
    dfReferenceId,
    clientMetadata: { requestedThreeDSecureVersion: '2' },
    ...BROWSER,
    ...extra,
  });
  return { auth, nonce, response, body: record(response.body) };
}

/** Answers the issuer's challenge page of a lookup; its verdict and JWT. */
async function challenge(body: Record<string, unknown>, fields: Record<string, string>) {
  const part = record(body.lookup);
  const page = await sandbox.request(ISSUER_CHALLENGE_PATH, {
    query: { creq: String(part.pareq), parentOrigin: 'https://shop.test' },
  });
  expect(page.status).toBe(200);
  expect(String(page.body)).toContain('<label for="password">Password</label>');
  const posted = await sandbox.request(ISSUER_CHALLENGE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      creq: String(part.pareq),
      parentOrigin: 'https://shop.test',
      ...fields,
    }).toString(),
  });
  return posted;
}

/** The verdict the issuer's last page hands the merchant's page. */
function verdictOf(page: TestResponse): { parentOrigin: string; message: Record<string, unknown> } {
  const json = /<script type="application\/json" id="verdict">(.*?)<\/script>/s.exec(String(page.body))?.[1];
  if (!json) throw new Error(`no verdict in ${String(page.body)}`);
  return JSON.parse(json) as { parentOrigin: string; message: Record<string, unknown> };
}

function authenticate(auth: Record<string, string>, nonce: string, jwt: unknown) {
  return sandbox.clientApi('demo_merchant', 'threeDSecureAuthenticateFromJwt', {
    params: { nonce },
    body: { jwt, paymentMethodNonce: nonce },
    auth,
  });
}

describe("the sandbox's Cardinal", () => {
  it('signs JWTs it verifies, and refuses tampered, expired or foreign ones', () => {
    const cardinal = new CardinalSandbox();
    const token = cardinal.sign({ merchantId: 'demo_merchant' });
    expect(cardinal.verify(token)).toMatchObject({
      merchantId: 'demo_merchant',
      iss: expect.any(String) as unknown,
    });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ merchantId: 'x', exp: 9e9 })).toString('base64url');
    expect(cardinal.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(cardinal.verify(`${header}.${payload}`)).toBeNull();
    expect(cardinal.verify(new CardinalSandbox().sign({}))).toBeNull();
    expect(cardinal.verify(cardinal.sign({ exp: 1 }))).toBeNull();
    expect(cardinal.verify(42)).toBeNull();
  });

  it('is in the configuration of a merchant with 3D Secure 2: the JWT, the stand-in and its hash', async () => {
    const demo = record((await sandbox.clientApi('demo_merchant', 'configuration')).body);
    expect(demo.threeDSecure).toEqual({
      cardinalAuthenticationJWT: expect.any(String) as unknown,
      cardinalSongbirdUrl: `${sandbox.origin}/sandbox/cardinal/songbird.js`,
      cardinalSongbirdIdentityHash: integrityOf(songbirdStandInScript(sandbox.origin)),
    });
    const v1 = record((await sandbox.clientApi('three_d_secure_v1_merchant', 'configuration')).body);
    expect(v1).toMatchObject({ threeDSecureEnabled: true, threeDSecure: null });
    expect(findMerchant('three_d_secure_v1_merchant')?.threeDSecure2).toBe(false);
  });

  it('serves the stand-in script with CORS, whose hash the configuration gives', async () => {
    const script = await sandbox.request('/sandbox/cardinal/songbird.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(integrityOf(String(script.body))).toBe(integrityOf(songbirdStandInScript(sandbox.origin)));
    expect(String(script.body)).toContain('window.Cardinal');
  });

  it('sets Songbird up for a JWT it signed, and answers a bad one with the bad-JWT error number', async () => {
    expect(await songbirdSession()).toMatch(/^[\w-]{36}$/);
    const refused = await sandbox.request('/sandbox/cardinal/init', { body: { jwt: 'a.b.c' } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ErrorNumber: 10008 });
  });

  it('processes a BIN for a session, and refuses anything else', async () => {
    const sessionId = await songbirdSession();
    expect(
      (await sandbox.request('/sandbox/cardinal/bin', { body: { sessionId, bin: '400000' } })).status,
    ).toBe(200);
    expect(
      (await sandbox.request('/sandbox/cardinal/bin', { body: { sessionId, bin: '4000000000001000' } }))
        .status,
    ).toBe(400);
    expect(
      (await sandbox.request('/sandbox/cardinal/bin', { body: { sessionId: 'x', bin: '400000' } })).status,
    ).toBe(400);
  });
});

describe('the version 2 lookup', () => {
  it('refuses a lookup without the browser fields or dfReferenceId with a 422 naming them', async () => {
    const { response } = await lookup2('4000000000001000', {
      dfReferenceId: undefined,
      browserLanguage: undefined,
      deviceChannel: 'App',
    });
    expect(response.status).toBe(422);
    expect(message(response)).toBe(
      'A 3D Secure 2 lookup needs the browser fields and the dfReferenceId of a Songbird session: dfReferenceId, browserLanguage, deviceChannel.',
    );
    expect(record(response.body).fieldErrors).toEqual([
      {
        field: 'threeDSecureLookup',
        fieldErrors: ['dfReferenceId', 'browserLanguage', 'deviceChannel'].map((field) => ({
          field,
          message: `${field} is required.`,
        })),
      },
    ]);
  });

  it('refuses a BIN that is not the card’s, and a merchant without version 2', async () => {
    const { response } = await lookup2('4000000000001000', { bin: '411111' });
    expect(response.status).toBe(422);
    expect(message(response)).toBe('The bin is not the BIN of the card behind the nonce.');
    const auth = await tokenAuth(sandbox, 'three_d_secure_v1_merchant');
    const nonce = await cardNonce(sandbox, '4000000000001000', auth, 'three_d_secure_v1_merchant');
    const v1 = await lookup(
      sandbox,
      nonce,
      auth,
      { amount: '1.00', clientMetadata: { requestedThreeDSecureVersion: '2' }, ...BROWSER },
      'three_d_secure_v1_merchant',
    );
    expect(v1.status).toBe(422);
    expect(message(v1)).toBe('3D Secure 2 is not enabled for this merchant.');
  });

  it.each([
    ['frictionless_success', 'authenticate_successful', true, true, '05'],
    ['frictionless_failure', 'authenticate_frictionless_failed', false, false, '07'],
    ['attempt', 'authenticate_attempt_successful', true, true, '06'],
    ['bypassed', 'lookup_bypassed', false, false, null],
    ['unavailable', 'authenticate_unable_to_authenticate', false, false, '07'],
    ['lookup_error', 'lookup_error', false, false, null],
    ['lookup_timeout', 'lookup_error', false, false, null],
  ] as const)('answers %s cards at once: %s', async (kind, status, shifted, possible, eci) => {
    for (const number of THREE_D_SECURE_2_CARD_NUMBERS[kind]) {
      const { response, body, nonce } = await lookup2(number);
      expect(response.status).toBe(201);
      expect(record(body.lookup)).toMatchObject({ acsUrl: null, threeDSecureVersion: '2.2.0' });
      expect(body.threeDSecureInfo).toEqual({ liabilityShifted: shifted, liabilityShiftPossible: possible });
      const card = record(body.paymentMethod);
      expect(card.nonce).not.toBe(nonce);
      expect(card.threeDSecureInfo).toMatchObject({
        status,
        liabilityShifted: shifted,
        liabilityShiftPossible: possible,
        eciFlag: number.startsWith('5') && eci ? { '05': '02', '06': '01', '07': '00' }[eci] : eci,
      });
      expect(typeof record(card.threeDSecureInfo).cavv === 'string').toBe(shifted);
    }
  });

  it('answers every other card as not enrolled', async () => {
    expect(issuer2KindOf('4111111111111111')).toBe('not_enrolled');
    const { body } = await lookup2('4111111111111111');
    expect(record(record(body.paymentMethod).threeDSecureInfo).status).toBe('lookup_not_enrolled');
  });

  it('answers a challenged card with the issuer’s page, a challenge request and a transaction', async () => {
    const { body } = await lookup2('4000000000001091');
    expect(record(body.lookup)).toMatchObject({
      acsUrl: `${sandbox.origin}${ISSUER_CHALLENGE_PATH}`,
      pareq: expect.stringMatching(/^sandbox-creq-/) as unknown,
      transactionId: expect.any(String) as unknown,
    });
    expect(body.threeDSecureInfo).toEqual({ liabilityShifted: false, liabilityShiftPossible: true });
    expect(record(record(body.paymentMethod).threeDSecureInfo)).toMatchObject({
      status: 'challenge_required',
      lookup: { transStatus: 'C' },
    });
  });
});

describe("the issuer's challenge and authenticate_from_jwt", () => {
  it('a wrong password shows the page again; the right one hands a signed verdict to the merchant’s page', async () => {
    const { body, auth } = await lookup2('4000000000001091');
    const wrong = await challenge(body, { action: 'submit', password: '0000' });
    expect(String(wrong.body)).toContain('The password is not right. Try again.');
    const right = await challenge(body, { action: 'submit', password: '1234' });
    expect(right.headers.get('content-security-policy')).toContain("script-src 'self'");
    const verdict = verdictOf(right);
    expect(verdict.parentOrigin).toBe('https://shop.test');
    expect(verdict.message).toMatchObject({
      type: 'sandbox-cardinal:challenge-complete',
      transactionId: record(body.lookup).transactionId,
      validated: { ActionCode: 'SUCCESS', Payment: { ExtendedData: { PAResStatus: 'Y' } } },
    });
    const lookupNonce = String(record(body.paymentMethod).nonce);
    const answer = await authenticate(auth, lookupNonce, verdict.message.jwt);
    expect(answer.status).toBe(201);
    expect(record(answer.body).threeDSecureInfo).toEqual({
      liabilityShifted: true,
      liabilityShiftPossible: true,
    });
    const card = record(record(answer.body).paymentMethod);
    expect(card.nonce).not.toBe(lookupNonce);
    expect(card.threeDSecureInfo).toMatchObject({
      status: 'authenticate_successful',
      eciFlag: '05',
      authentication: { transStatus: 'Y' },
    });
    // A verdict is used once.
    expect((await authenticate(auth, lookupNonce, verdict.message.jwt)).status).toBe(422);
  });

  it.each([
    ['4000000000001091', 'fail', 'authenticate_failed', false, true],
    ['4000000000001109', 'submit', 'authenticate_failed', false, true],
    ['4000000000001091', 'cancel', 'authenticate_failed', false, true],
  ] as const)(
    '%s answered with %s authenticates as %s',
    async (number, action, status, shifted, possible) => {
      const { body, auth } = await lookup2(number);
      const page = await challenge(body, { action, password: '1234' });
      const verdict = verdictOf(page);
      if (action === 'cancel') {
        expect(verdict.message).toMatchObject({
          validated: { Payment: { ExtendedData: { ChallengeCancel: '01' } } },
        });
      }
      const answer = await authenticate(auth, String(record(body.paymentMethod).nonce), verdict.message.jwt);
      expect(record(answer.body).threeDSecureInfo).toEqual({
        liabilityShifted: shifted,
        liabilityShiftPossible: possible,
      });
      expect(record(record(record(answer.body).paymentMethod).threeDSecureInfo).status).toBe(status);
    },
  );

  it('4000000000001125 passes the challenge, then the authentication errs: the provider’s errors', async () => {
    const { body, auth } = await lookup2('4000000000001125');
    const verdict = verdictOf(await challenge(body, { action: 'submit', password: '1234' }));
    const answer = await authenticate(auth, String(record(body.paymentMethod).nonce), verdict.message.jwt);
    expect(answer.body).toEqual({
      errors: [
        {
          attribute: 'three_d_secure_token',
          message: 'Failed to authenticate, please try a different form of payment.',
          code: '81571',
        },
      ],
      threeDSecureInfo: {
        liabilityShifted: false,
        liabilityShiftPossible: false,
        status: 'authenticate_error',
      },
    });
  });

  it('refuses a JWT it did not sign, one of another nonce, and a challenge page without its merchant page', async () => {
    const { body, auth } = await lookup2('4000000000001091');
    const lookupNonce = String(record(body.paymentMethod).nonce);
    expect((await authenticate(auth, lookupNonce, 'a.b.c')).status).toBe(422);
    const verdict = verdictOf(await challenge(body, { action: 'submit', password: '1234' }));
    const other = await lookup2('4000000000001091');
    const foreign = await authenticate(
      other.auth,
      String(record(other.body.paymentMethod).nonce),
      verdict.message.jwt,
    );
    expect(foreign.status).toBe(422);
    const page = await sandbox.request(ISSUER_CHALLENGE_PATH, {
      query: { creq: String(record(other.body.lookup).pareq), parentOrigin: 'http://evil.test' },
    });
    expect(page.status).toBe(400);
  });
});
