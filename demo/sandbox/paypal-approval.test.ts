// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readLandingUrl } from './paypal-approval';
import { SANDBOX_PAYER } from './paypal-flows';
import { checkoutBody, created, LANDING, press, vaultBody } from './paypal-test-support';
import { TEST_ASSETS_ORIGIN, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

async function newFlow(kind: 'checkout' | 'vault', body?: Record<string, unknown>): Promise<string> {
  const response = await sandbox.clientApi(
    'demo_merchant',
    kind === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement',
    { body: body ?? (kind === 'checkout' ? checkoutBody() : vaultBody()) },
  );
  return created(response).token;
}

function approvalPage(token: string, landing = LANDING): Promise<TestResponse> {
  return sandbox.request('/sandbox/paypal/approve', { query: { token, landing } });
}

function html(response: TestResponse): string {
  return String(response.body);
}

describe('GET /sandbox/paypal/approve', () => {
  it('shows the merchant, the amount, the sandbox payer and the two buttons', async () => {
    const token = await newFlow('checkout');
    const response = await approvalPage(token);
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
    expect(page).toContain(`<input type="hidden" name="landing" value="${LANDING.replace(/&/g, '&amp;')}">`);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('id="credit"');
  });

  it('allows no script, forms only to itself and the landing origin, and no framing', async () => {
    const response = await approvalPage(await newFlow('checkout'));
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${TEST_ASSETS_ORIGIN}; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('shows a billing agreement, its description, the credit offer and the merchant’s address', async () => {
    const token = await newFlow(
      'vault',
      vaultBody({
        offerPaypalCredit: true,
        description: 'Monthly <box>',
        shippingAddress: { recipientName: 'Sam Shopper', line1: '2 B St', city: 'Austin', state: 'TX' },
      }),
    );
    const page = html(await approvalPage(token));
    expect(page).toContain('Pay <strong>Demo Merchant</strong>');
    expect(page).toContain('<p id="agreement" class="amount">Billing agreement</p>');
    expect(page).toContain('<p id="description">Monthly &lt;box&gt;</p>');
    expect(page).toContain('<p id="credit">');
    expect(page).toContain('Sam Shopper<br>2 B St<br>Austin TX');
  });

  it('refuses a landing URL that is not the landing page on the assets origin with 400', async () => {
    const token = await newFlow('checkout');
    for (const landing of [
      '',
      'https://evil.example/payment-panel/1.9.2/html/paypal-landing-frame.html',
      `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/hosted-fields-frame.html`,
      `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/html/paypal-landing-frame.html.evil`,
      'javascript:alert(1)//html/paypal-landing-frame.html',
    ]) {
      const response = await approvalPage(token, landing);
      expect(response.status, landing).toBe(400);
    }
  });

  it('answers 404 for an unknown token, and 409 once the flow is answered', async () => {
    expect((await approvalPage('EC-UNKNOWN')).status).toBe(404);
    const token = await newFlow('checkout');
    await press(sandbox, 'cancel', { token, landing: LANDING });
    expect((await approvalPage(token)).status).toBe(409);
  });

  it('forgets its flows on reset', async () => {
    const token = await newFlow('checkout');
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect((await approvalPage(token)).status).toBe(404);
  });
});

describe('POST /sandbox/paypal/approve and /sandbox/paypal/cancel', () => {
  it('sends an approved checkout to the landing page with its tokens, keeping the hash', async () => {
    const token = await newFlow('checkout');
    const answer = await press(sandbox, 'approve', { token, landing: LANDING });
    expect(answer.status).toBe(303);
    const location = new URL(answer.location ?? '');
    expect(`${location.origin}${location.pathname}${location.hash}`).toBe(LANDING);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      paymentToken: token,
      paymentId: expect.stringMatching(/^PAYID-[A-Z0-9]{24}$/) as unknown,
      PayerID: SANDBOX_PAYER.payerId,
    });
  });

  it('sends an approved agreement with its billing token', async () => {
    const token = await newFlow('vault');
    const answer = await press(sandbox, 'approve', { token, landing: LANDING });
    const query = Object.fromEntries(new URL(answer.location ?? '').searchParams);
    expect(query).toEqual({
      billingToken: token,
      paymentToken: expect.stringMatching(/^EC-[A-Z0-9]{17}$/) as unknown,
      PayerID: SANDBOX_PAYER.payerId,
    });
  });

  it('sends a cancellation with cancelled=1 only', async () => {
    const token = await newFlow('checkout');
    const answer = await press(sandbox, 'cancel', { token, landing: LANDING });
    expect(answer.status).toBe(303);
    const location = new URL(answer.location ?? '');
    expect(Object.fromEntries(location.searchParams)).toEqual({ cancelled: '1' });
    expect(location.hash).toBe(new URL(LANDING).hash);
  });

  it('answers a flow once', async () => {
    const token = await newFlow('checkout');
    expect((await press(sandbox, 'approve', { token, landing: LANDING })).status).toBe(303);
    expect((await press(sandbox, 'approve', { token, landing: LANDING })).status).toBe(409);
    expect((await press(sandbox, 'cancel', { token, landing: LANDING })).status).toBe(409);
  });

  it('refuses a foreign landing URL, an unknown token and a body that is not a form', async () => {
    const token = await newFlow('checkout');
    expect(
      (
        await press(sandbox, 'approve', {
          token,
          landing: 'https://evil.example/html/paypal-landing-frame.html',
        })
      ).status,
    ).toBe(400);
    expect((await press(sandbox, 'approve', { token: 'EC-NOPE', landing: LANDING })).status).toBe(404);
    const json = await sandbox.request('/sandbox/paypal/approve', { body: { token, landing: LANDING } });
    expect(json.status).toBe(415);
  });
});

describe('readLandingUrl', () => {
  it('takes only the landing page on the assets origin', () => {
    expect(readLandingUrl(LANDING, TEST_ASSETS_ORIGIN)?.href).toBe(LANDING);
    expect(
      readLandingUrl(
        `${TEST_ASSETS_ORIGIN}/release/payment-panel/1.9.2/html/paypal-landing-frame.html`,
        TEST_ASSETS_ORIGIN,
      ),
    ).not.toBeNull();
    expect(
      readLandingUrl('https://user:pw@localhost:8444/html/paypal-landing-frame.html', TEST_ASSETS_ORIGIN),
    ).toBeNull();
    expect(readLandingUrl('not a url', TEST_ASSETS_ORIGIN)).toBeNull();
    expect(readLandingUrl(undefined, TEST_ASSETS_ORIGIN)).toBeNull();
  });
});
