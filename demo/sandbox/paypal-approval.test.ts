// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readReturnUrl } from './paypal-approval';
import { SANDBOX_PAYER } from './paypal-flows';
import {
  CANCEL_URL,
  PANEL_QUERY,
  RETURN_URL,
  checkoutBody,
  created,
  press,
  vaultBody,
} from './paypal-test-support';
import { TEST_ASSETS_ORIGIN, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

/** Creates a flow and answers its token and the approval URL the hermes endpoint gave. */
async function newFlow(
  kind: 'checkout' | 'vault',
  body?: Record<string, unknown>,
): Promise<{ token: string; url: string }> {
  const response = await sandbox.clientApi(
    'demo_merchant',
    kind === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement',
    { body: body ?? (kind === 'checkout' ? checkoutBody() : vaultBody()) },
  );
  return created(response);
}

/** GETs the approval page at the URL the gateway answered (the sandbox's origin is the test server's). */
function approvalPage(url: string, extra: Record<string, string> = {}): Promise<TestResponse> {
  const parsed = new URL(url);
  return sandbox.request(parsed.pathname, {
    query: { ...Object.fromEntries(parsed.searchParams), ...extra },
  });
}

function html(response: TestResponse): string {
  return String(response.body);
}

/** The query of a redirect's location, apart from the panel's own part. */
function paypalQuery(location: string | null): Record<string, string> {
  const query = new URL(location ?? '').searchParams;
  for (const key of new URLSearchParams(PANEL_QUERY).keys()) query.delete(key);
  return Object.fromEntries(query);
}

describe('GET /sandbox/paypal/approve', () => {
  it('shows the merchant, the amount, the sandbox payer and the two buttons', async () => {
    const { token, url } = await newFlow('checkout');
    expect(url).toBe(`${sandbox.origin}/sandbox/paypal/approve?token=${token}`);
    const response = await approvalPage(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = html(response);
    expect(page).toContain('Pay <strong>Demo Store</strong>');
    expect(page).toContain(
      '<p id="amount" class="amount" data-amount="10.00" data-currency="USD">10.00 USD</p>',
    );
    expect(page).toContain(`Signed in as Pat Payer, ${SANDBOX_PAYER.email}`);
    expect(page).toContain('<form method="post" action="/sandbox/paypal/approve">');
    expect(page).toContain('<form method="post" action="/sandbox/paypal/cancel">');
    expect(page).toContain('<button type="submit" id="approve">Approve</button>');
    expect(page).toContain('<button type="submit" id="cancel">Cancel</button>');
    expect(page).toContain(`<input type="hidden" name="token" value="${token}">`);
    // Nothing of the panel: where the shopper goes back is the flow's, not the page's.
    expect(page).not.toContain('landing');
    expect(page).not.toContain(TEST_ASSETS_ORIGIN);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('id="credit"');
  });

  it('reads "Pay Now" on the Approve button with useraction=commit', async () => {
    const { url } = await newFlow('checkout');
    const page = html(await approvalPage(url, { useraction: 'commit' }));
    expect(page).toContain('<button type="submit" id="approve" data-useraction="commit">Pay Now</button>');
  });

  it('allows no script, no image but its icon, forms only to itself and the return pages’ origin, and no framing', async () => {
    const response = await approvalPage((await newFlow('checkout')).url);
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'self' ${TEST_ASSETS_ORIGIN}; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('shows a billing agreement by its ba_token, its description, the credit offer and the merchant’s address', async () => {
    const { token, url } = await newFlow(
      'vault',
      vaultBody({
        offerPaypalCredit: true,
        description: 'Monthly <box>',
        shippingAddress: { recipientName: 'Sam Shopper', line1: '2 B St', city: 'Austin', state: 'TX' },
      }),
    );
    expect(url).toBe(`${sandbox.origin}/sandbox/paypal/approve?ba_token=${token}`);
    const page = html(await approvalPage(url));
    expect(page).toContain('Pay <strong>Demo Merchant</strong>');
    expect(page).toContain('<p id="agreement" class="amount">Billing agreement</p>');
    expect(page).toContain('<p id="description">Monthly &lt;box&gt;</p>');
    expect(page).toContain('<p id="credit">');
    expect(page).toContain('Sam Shopper<br>2 B St<br>Austin TX');
  });

  it.each([
    [
      'a returnUrl off the assets origin',
      { returnUrl: 'https://evil.example/payment-panel/1.9.2/html/paypal-redirect-frame.html' },
    ],
    ['a returnUrl that is the cancel page', { returnUrl: CANCEL_URL }],
    [
      'a returnUrl of another frame page',
      { returnUrl: `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/hosted-fields-frame.html` },
    ],
    [
      'a returnUrl with more after the page',
      { returnUrl: `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/paypal-redirect-frame.html.evil` },
    ],
    ['a returnUrl that is no URL', { returnUrl: 'x' }],
    ['a returnUrl with a script', { returnUrl: 'javascript:alert(1)//html/paypal-redirect-frame.html' }],
    [
      'a cancelUrl off the assets origin',
      { cancelUrl: 'https://evil.example/html/paypal-cancel-frame.html' },
    ],
    ['a cancelUrl that is the return page', { cancelUrl: RETURN_URL }],
    ['a cancelUrl with user information', { cancelUrl: CANCEL_URL.replace('https://', 'https://user:pw@') }],
  ])('refuses %s with an error page, and its buttons redirect nowhere', async (_, urls) => {
    const { token, url } = await newFlow('checkout', checkoutBody(urls));
    const response = await approvalPage(url);
    expect(response.status).toBe(400);
    expect(html(response)).toContain('<p id="problem">');
    expect(html(response)).not.toContain('<form');
    expect(response.headers.get('content-security-policy')).toContain("form-action 'none'");
    for (const button of ['approve', 'cancel'] as const) {
      const answer = await press(sandbox, button, { token });
      expect(answer.status, button).toBe(400);
      expect(answer.location, button).toBeNull();
    }
  });

  it('answers 404 for an unknown token, and 409 once the flow is answered', async () => {
    expect(
      (await sandbox.request('/sandbox/paypal/approve', { query: { token: 'EC-UNKNOWN' } })).status,
    ).toBe(404);
    expect((await sandbox.request('/sandbox/paypal/approve')).status).toBe(404);
    const { token, url } = await newFlow('checkout');
    await press(sandbox, 'cancel', { token });
    expect((await approvalPage(url)).status).toBe(409);
  });

  it('forgets its flows on reset', async () => {
    const { url } = await newFlow('checkout');
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await approvalPage(url)).status).toBe(404);
  });
});

describe('POST /sandbox/paypal/approve and /sandbox/paypal/cancel', () => {
  it('sends an approved checkout to its returnUrl with PayPal’s parameters, keeping the panel’s', async () => {
    const { token } = await newFlow('checkout');
    const answer = await press(sandbox, 'approve', { token });
    expect(answer.status).toBe(303);
    expect(answer.location?.startsWith(`${RETURN_URL}&`)).toBe(true);
    expect(paypalQuery(answer.location)).toEqual({
      paymentId: expect.stringMatching(/^PAYID-[A-Z0-9]{24}$/) as unknown,
      token,
      PayerID: SANDBOX_PAYER.payerId,
    });
  });

  it('sends an approved agreement with its ba_token and the token paired with it', async () => {
    const { token } = await newFlow('vault');
    const answer = await press(sandbox, 'approve', { token });
    expect(answer.location?.startsWith(`${RETURN_URL}&`)).toBe(true);
    expect(paypalQuery(answer.location)).toEqual({
      ba_token: token,
      token: expect.stringMatching(/^EC-[A-Z0-9]{17}$/) as unknown,
    });
  });

  it('sends a cancelled checkout to its cancelUrl with its token', async () => {
    const { token } = await newFlow('checkout');
    const answer = await press(sandbox, 'cancel', { token });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${CANCEL_URL}&token=${token}`);
  });

  it('sends a cancelled agreement to its cancelUrl with its ba_token', async () => {
    const { token } = await newFlow('vault');
    const answer = await press(sandbox, 'cancel', { token });
    expect(answer.location?.startsWith(`${CANCEL_URL}&ba_token=${token}&token=EC-`)).toBe(true);
  });

  it('keeps a hash of the return URL after the query', async () => {
    const { token } = await newFlow('checkout', checkoutBody({ returnUrl: `${RETURN_URL}#kept` }));
    const location = new URL((await press(sandbox, 'approve', { token })).location ?? '');
    expect(location.hash).toBe('#kept');
    expect(location.searchParams.get('token')).toBe(token);
  });

  it('answers a flow once', async () => {
    const { token } = await newFlow('checkout');
    expect((await press(sandbox, 'approve', { token })).status).toBe(303);
    expect((await press(sandbox, 'approve', { token })).status).toBe(409);
    expect((await press(sandbox, 'cancel', { token })).status).toBe(409);
  });

  it('refuses an unknown token and a body that is not a form', async () => {
    const { token } = await newFlow('checkout');
    expect((await press(sandbox, 'approve', { token: 'EC-NOPE' })).status).toBe(404);
    const json = await sandbox.request('/sandbox/paypal/approve', { body: { token } });
    expect(json.status).toBe(415);
  });
});

describe('readReturnUrl', () => {
  it('takes only the return (or cancel) page on the assets origin', () => {
    expect(readReturnUrl(RETURN_URL, 'return', TEST_ASSETS_ORIGIN)?.href).toBe(RETURN_URL);
    expect(readReturnUrl(CANCEL_URL, 'cancel', TEST_ASSETS_ORIGIN)?.href).toBe(CANCEL_URL);
    expect(readReturnUrl(CANCEL_URL, 'return', TEST_ASSETS_ORIGIN)).toBeNull();
    expect(readReturnUrl(RETURN_URL, 'cancel', TEST_ASSETS_ORIGIN)).toBeNull();
    expect(
      readReturnUrl(
        `${TEST_ASSETS_ORIGIN}/release/payment-panel/1.9.2/html/paypal-redirect-frame.html`,
        'return',
        TEST_ASSETS_ORIGIN,
      ),
    ).not.toBeNull();
    expect(readReturnUrl(RETURN_URL, 'return', 'https://other.example')).toBeNull();
    expect(readReturnUrl('not a url', 'return', TEST_ASSETS_ORIGIN)).toBeNull();
    expect(readReturnUrl('', 'cancel', TEST_ASSETS_ORIGIN)).toBeNull();
  });
});
