// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  PAY_IN_4_FUNDING,
  PAYPAL_SCRIPT_PLACEHOLDERS,
  readReturnTarget,
  type PayPalScriptAnswer,
} from './paypal-approval';
import { SANDBOX_PAYER } from '../paypal-flows';
import {
  CANCEL_URL,
  PANEL_QUERY,
  RETURN_URL,
  checkoutBody,
  created,
  press,
  vaultBody,
} from '../paypal-test-support';
import { TEST_ASSETS_ORIGIN, record, useSandbox, type TestResponse } from '../test-server';

const sandbox = useSandbox();

/** The origin of the merchant page that creates the flows, as its browser names it. */
const SHOP_ORIGIN = 'https://shop.test:4443';

/**
 * Creates a flow, from a page of {@link SHOP_ORIGIN} unless `origin` says otherwise (`null`: no
 * `Origin`, as a merchant's server), and answers its token and the approval URL the hermes endpoint gave.
 */
async function newFlow(
  kind: 'checkout' | 'vault',
  body?: Record<string, unknown>,
  origin: string | null = SHOP_ORIGIN,
): Promise<{ token: string; url: string }> {
  const response = await sandbox.clientApi(
    'demo_merchant',
    kind === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement',
    {
      body: body ?? (kind === 'checkout' ? checkoutBody() : vaultBody()),
      ...(origin === null ? {} : { headers: { origin } }),
    },
  );
  return created(response);
}

/** The body of a flow of `kind` whose return and cancel URLs are `url`. */
function bodyWithUrls(kind: 'checkout' | 'vault', url: string): Record<string, unknown> {
  const urls = { returnUrl: url, cancelUrl: url };
  return kind === 'checkout' ? checkoutBody(urls) : vaultBody(urls);
}

/** The answer page a placeholder flow's button redirects to, fetched, with the answer it shows. */
async function answerOf(
  location: string | null,
): Promise<{ response: TestResponse; answer: PayPalScriptAnswer }> {
  expect(location).toMatch(/^\/sandbox\/paypal\/answer\?(ba_)?token=/);
  const response = await sandbox.request(location ?? '');
  const shown = /<pre id="answer">([^<]*)<\/pre>/.exec(html(response))?.[1] ?? '';
  const text = shown
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return { response, answer: JSON.parse(text) as PayPalScriptAnswer };
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
    expect(page).toContain('<form method="post" action="/sandbox/paypal/approve" id="approve-form">');
    expect(page).toContain('<form method="post" action="/sandbox/paypal/cancel">');
    expect(page).toContain('<button type="submit" id="approve">Approve</button>');
    expect(page).toContain('<button type="submit" id="cancel">Cancel</button>');
    expect(page).toContain(`<input type="hidden" name="token" value="${token}">`);
    // Nothing of the panel: where the shopper goes back is the flow's, not the page's.
    expect(page).not.toContain('landing');
    expect(page).not.toContain(TEST_ASSETS_ORIGIN);
    expect(page).not.toContain('<script');
    expect(page).not.toContain('id="credit"');
    expect(page).not.toContain('id="pay-later"');
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

  it('lets its forms lead to the origins of any https return and cancel pages', async () => {
    const { url } = await newFlow(
      'checkout',
      checkoutBody({
        returnUrl: 'https://shop.test/paypal/return',
        cancelUrl: 'https://cart.test:4443/cancel',
      }),
    );
    const response = await approvalPage(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://shop.test https://cart.test:4443;",
    );
  });

  it.each(PAYPAL_SCRIPT_PLACEHOLDERS)(
    'lets its forms lead nowhere but itself for the placeholder %s',
    async (placeholder) => {
      const response = await approvalPage(
        (await newFlow('checkout', bodyWithUrls('checkout', placeholder))).url,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("form-action 'self';");
      expect(html(response)).not.toContain('<script');
    },
  );

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

describe('Pay in 4 on the approval page', () => {
  /** The approval page of a checkout created with `offerPayLater: true` and the given body keys. */
  async function payLaterPage(overrides: Record<string, unknown>): Promise<string> {
    const { url } = await newFlow('checkout', checkoutBody({ offerPayLater: true, ...overrides }));
    return html(await approvalPage(url));
  }

  it('offers Pay in 4 beside paying in full, in the Approve form, for an eligible checkout', async () => {
    const page = await payLaterPage({ amount: '80.00' });
    expect(page).toContain('<fieldset id="pay-later">');
    expect(page).toContain(
      '<input type="radio" form="approve-form" name="funding" value="balance" id="pay-in-full" checked> Pay in full',
    );
    expect(page).toContain(
      `<input type="radio" form="approve-form" name="funding" value="${PAY_IN_4_FUNDING}" id="pay-in-4" data-term="4" data-payment="20.00"> Pay in 4: 4 interest-free payments of 20.00 USD`,
    );
    expect(page).not.toContain('<script');
  });

  it('puts the cents a division by four leaves over on the first payment', async () => {
    expect(await payLaterPage({ amount: '100.03' })).toContain(
      'data-payment="25.00"> Pay in 4: 25.03 USD today, then 3 interest-free payments of 25.00 USD',
    );
  });

  it.each(['30.00', '30', 30, '1500.00'])(
    'offers it at the bounds of 30.00 to 1500.00 USD (%j)',
    async (amount) => {
      expect(await payLaterPage({ amount })).toContain('id="pay-in-4"');
    },
  );

  it.each([
    ['below 30.00 USD', { amount: '29.99' }],
    ['above 1500.00 USD', { amount: '1500.01' }],
    ['in another currency', { amount: '80.00', currencyIsoCode: 'EUR' }],
    ['without offerPayLater', { amount: '80.00', offerPayLater: false }],
  ])('offers it for 80.00 USD, but not %s', async (_, overrides) => {
    expect(await payLaterPage({ amount: '80.00' })).toContain('id="pay-in-4"');
    const page = await payLaterPage(overrides);
    expect(page).not.toContain('id="pay-later"');
    expect(page).toContain('<button type="submit" id="approve">Approve</button>');
  });

  it('offers it to a checkout, but not to a billing agreement', async () => {
    expect(await payLaterPage({ amount: '80.00' })).toContain('id="pay-in-4"');
    const { url } = await newFlow('vault', vaultBody({ offerPayLater: true }));
    expect(html(await approvalPage(url))).not.toContain('id="pay-later"');
  });

  it('offers it beside PayPal Credit when a client asks for both', async () => {
    const page = await payLaterPage({ amount: '80.00', offerPaypalCredit: true });
    expect(page).toContain('<p id="credit">');
    expect(page).toContain('id="pay-in-4"');
  });

  it('returns an approval with Pay in 4 as any other, PayPal’s parameters only, and the account has the plan', async () => {
    const { token } = await newFlow('checkout', checkoutBody({ offerPayLater: true, amount: '80.00' }));
    const answer = await press(sandbox, 'approve', { token, funding: PAY_IN_4_FUNDING });
    expect(answer.status).toBe(303);
    const query = paypalQuery(answer.location);
    expect(Object.keys(query)).toEqual(['paymentId', 'token', 'PayerID']);
    const tokenized = await sandbox.clientApi('demo_merchant', 'paypalAccounts', {
      body: {
        paypalAccount: {
          correlationId: query.token,
          options: { validate: false },
          paymentToken: query.paymentId,
          payerId: query.PayerID,
        },
      },
    });
    const [account] = record(tokenized.body).paypalAccounts as { details: Record<string, unknown> }[];
    expect(account?.details.creditFinancingOffered).toMatchObject({ term: 4, totalCost: { value: '80.00' } });
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

  it('sends the shopper to any https returnUrl or cancelUrl, as PayPal does', async () => {
    const returnUrl = 'https://shop.test/paypal/return?order=7';
    const cancelUrl = 'https://cart.test:4443/paypal/cancel';
    const approved = await newFlow('checkout', checkoutBody({ returnUrl, cancelUrl }));
    const approval = await press(sandbox, 'approve', { token: approved.token });
    expect(approval.status).toBe(303);
    const location = new URL(approval.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://shop.test/paypal/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      order: '7',
      paymentId: expect.stringMatching(/^PAYID-/) as unknown,
      token: approved.token,
      PayerID: SANDBOX_PAYER.payerId,
    });
    const cancelled = await newFlow('vault', vaultBody({ returnUrl, cancelUrl }));
    const cancellation = await press(sandbox, 'cancel', { token: cancelled.token });
    expect(cancellation.location?.startsWith(`${cancelUrl}?ba_token=${cancelled.token}&token=EC-`)).toBe(
      true,
    );
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

describe('PayPal’s script placeholders', () => {
  it.each(PAYPAL_SCRIPT_PLACEHOLDERS)(
    'answers an approved checkout created with %s as checkout.js’s onAuthorize, handed to the creating origin',
    async (placeholder) => {
      const { token } = await newFlow(
        'checkout',
        checkoutBody({ returnUrl: placeholder, cancelUrl: placeholder, intent: 'authorize' }),
      );
      const { response, answer } = await answerOf((await press(sandbox, 'approve', { token })).location);
      expect(response.status).toBe(200);
      const paymentID = answer.data.paymentID ?? '';
      expect(paymentID).toMatch(/^PAYID-[A-Z0-9]{24}$/);
      const returned = `${placeholder}?paymentId=${paymentID}&token=${token}&PayerID=${SANDBOX_PAYER.payerId}`;
      expect(answer).toEqual({
        source: 'paypal-sandbox',
        callback: 'onAuthorize',
        data: {
          paymentToken: token,
          orderID: token,
          paymentID,
          payerID: SANDBOX_PAYER.payerId,
          intent: 'authorize',
          returnUrl: returned,
        },
      });
      expect(html(response)).toContain(`<main data-opener-origin="${SHOP_ORIGIN}">`);
      expect(html(response)).toContain('<p id="outcome">Approved</p>');
    },
  );

  it('answers an approved agreement with its billing token, the EC token paired with it and the payer', async () => {
    const { token } = await newFlow('vault', bodyWithUrls('vault', 'x'));
    const { answer } = await answerOf((await press(sandbox, 'approve', { token })).location);
    const paymentToken = answer.data.paymentToken ?? '';
    expect(paymentToken).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(answer).toEqual({
      source: 'paypal-sandbox',
      callback: 'onAuthorize',
      data: {
        billingToken: token,
        paymentToken,
        payerID: SANDBOX_PAYER.payerId,
        returnUrl: `x?ba_token=${token}&token=${paymentToken}`,
      },
    });
  });

  it('answers a cancellation as checkout.js’s onCancel, with the cancelUrl it was created with', async () => {
    const checkout = await newFlow('checkout', checkoutBody({ cancelUrl: 'x' }));
    const cancelled = await answerOf((await press(sandbox, 'cancel', { token: checkout.token })).location);
    expect(cancelled.answer).toEqual({
      source: 'paypal-sandbox',
      callback: 'onCancel',
      data: { paymentToken: checkout.token, cancelUrl: `x?token=${checkout.token}` },
    });
    expect(html(cancelled.response)).toContain('<p id="outcome">Cancelled</p>');
    const vault = await newFlow(
      'vault',
      vaultBody({ cancelUrl: 'https://www.paypal.com/checkoutnow/error' }),
    );
    const { answer } = await answerOf((await press(sandbox, 'cancel', { token: vault.token })).location);
    expect(answer.callback).toBe('onCancel');
    expect(answer.data.billingToken).toBe(vault.token);
    expect(answer.data.cancelUrl).toBe(
      `https://www.paypal.com/checkoutnow/error?ba_token=${vault.token}&token=${answer.data.paymentToken ?? ''}`,
    );
  });

  it('runs only its hand-over script, allowed by its hash, shows no image but its icon, and is never framed', async () => {
    const { token } = await newFlow('checkout', bodyWithUrls('checkout', 'x'));
    const { response } = await answerOf((await press(sandbox, 'approve', { token })).location);
    const scripts = [...html(response).matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(scripts[0]).toContain("getAttribute('data-opener-origin')");
    expect(scripts[0]).toContain('window.opener.postMessage(');
  });

  it('hands the answer to no page when the payment was created without an Origin', async () => {
    const { token } = await newFlow('checkout', bodyWithUrls('checkout', 'x'), null);
    const { response, answer } = await answerOf((await press(sandbox, 'approve', { token })).location);
    expect(answer.callback).toBe('onAuthorize');
    expect(html(response)).toContain('<main>\n');
    expect(html(response)).toContain('created without an <code>Origin</code>');
  });

  it('hands it to no page for an opaque or malformed Origin', async () => {
    for (const origin of ['null', 'https://shop.test/path']) {
      const { token } = await newFlow('checkout', bodyWithUrls('checkout', 'x'), origin);
      const { response } = await answerOf((await press(sandbox, 'approve', { token })).location);
      expect(html(response), origin).toContain('<main>\n');
    }
  });

  it('has no answer before the shopper decides, for an unknown token, or for a flow that returns to a page', async () => {
    const waiting = await newFlow('checkout', bodyWithUrls('checkout', 'x'));
    expect(
      (await sandbox.request('/sandbox/paypal/answer', { query: { token: waiting.token } })).status,
    ).toBe(409);
    expect((await sandbox.request('/sandbox/paypal/answer', { query: { token: 'EC-UNKNOWN' } })).status).toBe(
      404,
    );
    expect((await sandbox.request('/sandbox/paypal/answer')).status).toBe(404);
    const page = await newFlow('checkout', checkoutBody({ cancelUrl: 'x' }));
    await press(sandbox, 'approve', { token: page.token });
    expect((await sandbox.request('/sandbox/paypal/answer', { query: { token: page.token } })).status).toBe(
      404,
    );
  });

  it('keeps the answer of a flow once it is tokenized', async () => {
    const { token } = await newFlow('checkout', bodyWithUrls('checkout', 'x'));
    const approval = await press(sandbox, 'approve', { token });
    const { answer } = await answerOf(approval.location);
    const tokenized = await sandbox.clientApi('demo_merchant', 'paypalAccounts', {
      body: {
        paypalAccount: {
          correlationId: answer.data.paymentToken,
          options: { validate: false },
          paymentToken: answer.data.paymentID,
          payerId: answer.data.payerID,
        },
      },
    });
    expect(tokenized.status).toBe(201);
    expect(record(tokenized.body).paypalAccounts).toHaveLength(1);
    expect((await answerOf(approval.location)).answer).toEqual(answer);
  });
});

describe('readReturnTarget', () => {
  it('reads a placeholder of PayPal’s script, any https URL, and nothing else', () => {
    expect(readReturnTarget('x')).toEqual({ kind: 'script' });
    expect(readReturnTarget('https://www.paypal.com/checkoutnow/error')).toEqual({ kind: 'script' });
    expect(readReturnTarget(RETURN_URL)).toEqual({ kind: 'page', url: new URL(RETURN_URL) });
    expect(readReturnTarget('https://shop.test/return')).toEqual({
      kind: 'page',
      url: new URL('https://shop.test/return'),
    });
    for (const refused of ['', 'not a url', 'http://shop.test/return', 'javascript:alert(1)', 'https://']) {
      expect(readReturnTarget(refused), refused).toBeNull();
    }
  });
});
