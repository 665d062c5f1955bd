// @vitest-environment node
import { describe, expect, inject, it } from 'vitest';
import { authenticationCompleteMessage } from '../src/shared/three-d-secure-messages';
import { completeRedirect, readCompletePageUrl } from './three-d-secure-bank';
import { AUTHENTICATION_FAILED_MESSAGE } from './three-d-secure-sessions';
import {
  authenticate,
  authResponseOf,
  bankForm,
  bankFrameFields,
  bankFrameTermUrl,
  COMPLETE_BASE,
  lookedUp,
  openBank,
  postForm,
  press,
  type LookupPart,
} from './three-d-secure-test-support';
import { like, record, TEST_ASSETS_ORIGIN, useSandbox } from './test-server';

const { assets } = inject('localOrigins');
const assetsHost = new URL(assets).host;

const sandbox = useSandbox();

const ACS = '/sandbox/three_d_secure/acs';

async function challenge(number = '4000000000000002'): Promise<{ part: LookupPart; session: string }> {
  const { part } = await lookedUp(sandbox, number);
  return { part, session: part.pareq.slice('sandbox-pareq-'.length) };
}

async function bankHtml(part: LookupPart): Promise<string> {
  const bank = await openBank(sandbox, part);
  expect(bank.status).toBe(200);
  return bank.text;
}

async function logged(): Promise<Record<string, unknown>[]> {
  const response = await sandbox.request('/sandbox/requests', {
    query: { match: '/sandbox/three_d_secure/' },
  });
  return (response.body as unknown[]).map(record);
}

describe('POST /sandbox/three_d_secure/acs', () => {
  it('shows the amount, the card and the two buttons posting PaRes and MD to the TermUrl', async () => {
    const { part, session } = await challenge();
    const bank = await openBank(sandbox, part);
    expect(bank.status).toBe(200);
    expect(bank.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = bank.text;
    expect(page).toContain('<title>Sandbox bank</title>');
    expect(page).toContain('<dd id="amount">10.00</dd>');
    expect(page).toContain('<dd id="card">Visa •••• 0002</dd>');
    expect(page).toContain('<button type="submit" id="approve">Authenticate</button>');
    expect(page).toContain('<button type="submit" id="fail">Fail</button>');
    expect(page).not.toContain('<script');
    const term = bankFrameTermUrl(part.termUrl);
    expect(bankForm(page, 'approve')).toEqual({
      action: term,
      fields: { PaRes: `sandbox-pares-authenticate_successful-${session}`, MD: part.md },
    });
    expect(bankForm(page, 'fail')).toEqual({
      action: term,
      fields: { PaRes: `sandbox-pares-authenticate_failed-${session}`, MD: part.md },
    });
  });

  it('allows no script, forms to itself and the assets origin, and framing by the panel’s pages', async () => {
    const { part } = await challenge();
    const bank = await openBank(sandbox, part);
    expect(bank.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${TEST_ASSETS_ORIGIN}; frame-ancestors ${TEST_ASSETS_ORIGIN} https: http://localhost:* http://127.0.0.1:*`,
    );
    expect(bank.headers.get('x-frame-options')).toBeNull();
    expect(bank.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows an Amex card by its last four digits', async () => {
    const { part } = await challenge('340000000006022');
    expect(await bankHtml(part)).toContain('<dd id="card">American Express •••• 6022</dd>');
  });

  it('makes both buttons fail for a card that fails authentication', async () => {
    const { part, session } = await challenge('4000000000000028');
    const page = await bankHtml(part);
    expect(bankForm(page, 'approve').fields.PaRes).toBe(`sandbox-pares-authenticate_failed-${session}`);
    expect(page).toContain('fails authentication whichever button you press');
  });

  it('escapes the TermUrl into the form action', async () => {
    const { part } = await challenge();
    const page = await bankHtml(part);
    expect(page).toContain(`action="${bankFrameTermUrl(part.termUrl).replace(/&/g, '&amp;')}"`);
  });

  it('refuses missing fields, a foreign PaReq, MD or TermUrl with 400 and an unknown PaReq with 404', async () => {
    const { part, session } = await challenge();
    const fields = bankFrameFields(part);
    const cases: [Record<string, string>, number][] = [
      [{ MD: part.md, TermUrl: fields.TermUrl ?? '' }, 400],
      [{ ...fields, MD: 'sandbox-md-other' }, 400],
      [{ ...fields, TermUrl: 'https://evil.example/sandbox/three_d_secure/term?session=' + session }, 400],
      [{ ...fields, TermUrl: `${sandbox.origin}/sandbox/checkout?session=${session}` }, 400],
      [{ ...fields, TermUrl: `${sandbox.origin}/sandbox/three_d_secure/term?session=other` }, 400],
      [{ ...fields, TermUrl: 'not a url' }, 400],
      [{ ...fields, PaReq: 'sandbox-pareq-00000000000000000000000000000000' }, 404],
      [{ ...fields, PaReq: 'made-up' }, 404],
    ];
    for (const [body, status] of cases) {
      const answer = await postForm(sandbox, ACS, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.text).toContain('<p id="problem">');
    }
  });

  it('answers 409 for a card that needs no authentication', async () => {
    const { part } = await lookedUp(sandbox, '4000000000000051');
    const answer = await postForm(sandbox, ACS, bankFrameFields(part));
    expect(answer.status).toBe(409);
  });

  it('answers 415 to a body that is not a form, and 405 to a GET', async () => {
    const { part } = await challenge();
    const json = await sandbox.request(ACS, { body: bankFrameFields(part) });
    expect(json.status).toBe(415);
    expect((await sandbox.request(ACS)).status).toBe(405);
  });

  it('is never faulted', async () => {
    const { part } = await challenge();
    await sandbox.request('/sandbox/faults', { body: { match: '/sandbox/three_d_secure', kind: '500' } });
    expect((await openBank(sandbox, part)).status).toBe(200);
  });
});

describe('POST /sandbox/three_d_secure/term', () => {
  it('sends an authenticated card to the complete page with a new nonce and the liability shifted', async () => {
    const { lookupResponse, answer } = await authenticate(sandbox, '4000000000000002', 'approve');
    expect(answer.status).toBe(303);
    const lookupNonce = record(record(lookupResponse.body).paymentMethod).nonce;
    const response = authResponseOf(answer.location);
    expect(response).toEqual({
      success: true,
      paymentMethod: {
        nonce: like.stringMatching(/^tokencc_sb_[0-9a-f]{24}$/),
        type: 'CreditCard',
        description: 'ending in 02',
        details: like.objectContaining({ cardType: 'Visa', lastTwo: '02', lastFour: '0002' }),
        binData: like.objectContaining({ prepaid: 'Unknown' }),
        threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
      },
      threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
    });
    expect(record(response.paymentMethod).nonce).not.toBe(lookupNonce);
    const checkout = await sandbox.request('/sandbox/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_method_nonce=${String(record(response.paymentMethod).nonce)}`,
    });
    expect(String(checkout.body)).toContain('Known nonce: yes (CreditCard)');
  });

  it.each([
    ['5200000000000007', 'approve', true, true],
    ['340000000006022', 'approve', true, true],
    ['4000000000000002', 'fail', false, true],
    ['4000000000000028', 'approve', false, true],
    ['340000000000033', 'fail', false, true],
    ['4000000000000010', 'approve', false, true],
    ['5200000000000015', 'approve', false, true],
    ['4000000000000069', 'approve', false, false],
    ['5200000000000064', 'fail', false, false],
  ] as const)(
    'answers %s pressed %s: success %s, shift possible %s',
    async (number, button, success, possible) => {
      const { answer } = await authenticate(sandbox, number, button);
      expect(answer.status).toBe(303);
      const response = authResponseOf(answer.location);
      if (success) {
        expect(response.success).toBe(true);
        expect(response.threeDSecureInfo).toEqual({ liabilityShifted: true, liabilityShiftPossible: true });
      } else {
        expect(response).toEqual({
          success: false,
          error: { message: AUTHENTICATION_FAILED_MESSAGE },
          fieldErrors: [],
          threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: possible },
        });
      }
    },
  );

  it('encodes auth_response fully, so every query reader gets it whole', async () => {
    const { answer } = await authenticate(sandbox, '4000000000000028', 'approve');
    const location = answer.location ?? '';
    const encoded = location.slice(`${COMPLETE_BASE}auth_response=`.length);
    expect(encoded).not.toMatch(/[?&=+ #]/);
    expect(encoded).toContain('%20');
    // The reference's reader: the query after the last `?`, split at `&`, then at `=`, no `+` decoding.
    const query = location.slice(location.lastIndexOf('?') + 1);
    const pairs = new Map(
      query.split('&').map((pair): [string, string] => {
        const [name = '', value = ''] = pair.split('=');
        return [name, value];
      }),
    );
    expect(JSON.parse(decodeURIComponent(pairs.get('auth_response') ?? ''))).toEqual(
      authResponseOf(location),
    );
    // The panel's reader.
    const url = new URL(location);
    expect(authenticationCompleteMessage(url.search).authResponse).toEqual(authResponseOf(location));
    expect(url.searchParams.get('channel')).toBe('0b7c1f2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b');
  });

  it('answers a session once', async () => {
    const { part } = await challenge();
    const page = await bankHtml(part);
    expect((await press(sandbox, page, 'approve')).status).toBe(303);
    expect((await press(sandbox, page, 'approve')).status).toBe(409);
    expect((await press(sandbox, page, 'fail')).status).toBe(409);
    expect((await openBank(sandbox, part)).status).toBe(409);
  });

  it.each([
    [
      'another origin',
      'https://evil.example/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?',
    ],
    [
      'plain http',
      `http://${assetsHost}/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?`,
    ],
    ['another page', `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/hosted-fields-frame.html?`],
    [
      'a page outside the panel',
      `${TEST_ASSETS_ORIGIN}/html/three-d-secure-authentication-complete-frame.html?`,
    ],
    [
      'a longer name',
      `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html.evil?`,
    ],
    [
      'user information',
      `https://user:pw@${assetsHost}/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?`,
    ],
    [
      'no separator at the end',
      `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?channel=x`,
    ],
    [
      'a script URL',
      'javascript:alert(1)//payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?',
    ],
    ['nothing', ''],
  ])('refuses %s as the complete page with 400, leaving the session open', async (_, base) => {
    const { part } = await challenge();
    const form = bankForm(await bankHtml(part), 'approve');
    const action = new URL(form.action);
    action.searchParams.set('authentication_complete_base_url', base);
    const refused = await postForm(sandbox, action.href, form.fields);
    expect(refused.status).toBe(400);
    expect(refused.location).toBeNull();
    expect((await postForm(sandbox, form.action, form.fields)).status).toBe(303);
  });

  it('takes the complete page of the release flavour and a base URL ending with #', async () => {
    for (const base of [
      `${TEST_ASSETS_ORIGIN}/release/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html?channel=x&`,
      `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/three-d-secure-authentication-complete-frame.html#`,
    ]) {
      const { part } = await challenge();
      const page = (await openBank(sandbox, part, base)).text;
      const answer = await press(sandbox, page, 'approve');
      expect(answer.status).toBe(303);
      expect(authResponseOf(answer.location, base).success).toBe(true);
    }
  });

  it('refuses an unknown session with 404, another MD or PaRes with 400', async () => {
    const { part } = await challenge();
    const other = await challenge();
    const form = bankForm(await bankHtml(part), 'approve');
    const unknown = new URL(form.action);
    unknown.searchParams.set('session', '0'.repeat(32));
    expect((await postForm(sandbox, unknown.href, form.fields)).status).toBe(404);
    expect((await postForm(sandbox, form.action, { ...form.fields, MD: other.part.md })).status).toBe(400);
    const foreignPares = `sandbox-pares-authenticate_successful-${other.session}`;
    expect((await postForm(sandbox, form.action, { ...form.fields, PaRes: foreignPares })).status).toBe(400);
    expect((await postForm(sandbox, form.action, { MD: part.md })).status).toBe(400);
    expect((await postForm(sandbox, form.action, form.fields)).status).toBe(303);
  });

  it('lets the card decide: a PaRes claiming success for a failing card still fails', async () => {
    const { part, session } = await challenge('4000000000000028');
    const form = bankForm(await bankHtml(part), 'approve');
    const forged = { ...form.fields, PaRes: `sandbox-pares-authenticate_successful-${session}` };
    const answer = await postForm(sandbox, form.action, forged);
    expect(authResponseOf(answer.location).success).toBe(false);
  });

  it('answers 409 for the session of a card that needs no authentication', async () => {
    const { part } = await lookedUp(sandbox, '4000000000000044');
    const session = part.pareq.slice('sandbox-pareq-'.length);
    const answer = await postForm(sandbox, bankFrameTermUrl(part.termUrl), {
      PaRes: `sandbox-pares-authenticate_successful-${session}`,
      MD: part.md,
    });
    expect(answer.status).toBe(409);
  });

  it('answers 415 to a body that is not a form', async () => {
    const { part } = await challenge();
    const form = bankForm(await bankHtml(part), 'approve');
    expect((await postForm(sandbox, form.action, form.fields, 'text/plain')).status).toBe(415);
  });
});

describe('the bank’s request log', () => {
  it('logs the bank frame’s post and the bank’s PaRes post, with their fields and status', async () => {
    const { part, session } = await challenge();
    const page = await bankHtml(part);
    await press(sandbox, page, 'fail');
    expect(await logged()).toEqual([
      like.objectContaining({
        method: 'POST',
        path: ACS,
        body: { PaReq: part.pareq, MD: part.md, TermUrl: bankFrameTermUrl(part.termUrl) },
        fault: null,
        status: 200,
      }),
      like.objectContaining({
        method: 'POST',
        path: '/sandbox/three_d_secure/term',
        query: {
          session,
          three_d_secure_version: '3.26.0',
          authentication_complete_base_url: COMPLETE_BASE,
        },
        body: { PaRes: `sandbox-pares-authenticate_failed-${session}`, MD: part.md },
        status: 303,
      }),
    ]);
  });

  it('logs refused posts with their status', async () => {
    await postForm(sandbox, ACS, { PaReq: 'x' });
    await postForm(sandbox, ACS, { PaReq: 'x' }, 'text/plain');
    expect((await logged()).map((entry) => [entry.status, entry.body])).toEqual([
      [400, { PaReq: 'x' }],
      [415, 'PaReq=x'],
    ]);
  });
});

describe('readCompletePageUrl and completeRedirect', () => {
  it('keep the checked URL and append the encoded answer to it', () => {
    expect(readCompletePageUrl(COMPLETE_BASE, TEST_ASSETS_ORIGIN)).toBe(COMPLETE_BASE);
    expect(readCompletePageUrl(undefined, TEST_ASSETS_ORIGIN)).toBeNull();
    expect(readCompletePageUrl('not a url', TEST_ASSETS_ORIGIN)).toBeNull();
    const redirect = completeRedirect(COMPLETE_BASE, {
      success: false,
      error: { message: 'a & b = c? +1' },
      fieldErrors: [],
      threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true },
    });
    expect(redirect).toBe(
      `${COMPLETE_BASE}auth_response=%7B%22success%22%3Afalse%2C%22error%22%3A%7B%22message%22%3A%22a%20%26%20b%20%3D%20c%3F%20%2B1%22%7D%2C%22fieldErrors%22%3A%5B%5D%2C%22threeDSecureInfo%22%3A%7B%22liabilityShifted%22%3Afalse%2C%22liabilityShiftPossible%22%3Atrue%7D%7D`,
    );
  });
});
