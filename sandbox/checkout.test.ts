// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkoutPage } from './checkout';
import { fingerprintAuth, like, record, useSandbox } from './test-server';

const sandbox = useSandbox();

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function post(body: string, headers: Record<string, string> = FORM) {
  return sandbox.request('/sandbox/checkout', { method: 'POST', body, headers });
}

function html(body: unknown): string {
  if (typeof body !== 'string') throw new Error('Expected an HTML body');
  return body;
}

async function logged() {
  const response = await sandbox.request('/sandbox/requests', { query: { match: '/sandbox/checkout' } });
  return (response.body as unknown[]).map(record);
}

async function vaultedNonce(type: string): Promise<string> {
  const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
  const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
    auth: fingerprintAuth(token),
  });
  const method = (record(response.body).paymentMethods as unknown[]).map(record).find((m) => m.type === type);
  if (typeof method?.nonce !== 'string') throw new Error(`No ${type} nonce`);
  return method.nonce;
}

describe('POST /sandbox/checkout', () => {
  it('answers a page listing every posted field, and says a minted nonce is known', async () => {
    const nonce = await vaultedNonce('CreditCard');
    const deviceData =
      '{"device_session_id":"0123456789abcdef0123456789abcdef","fraud_merchant_id":"600000"}';
    const body = new URLSearchParams({
      payment_method_nonce: nonce,
      device_data: deviceData,
      amount: '10.00',
    });
    const response = await post(body.toString());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = html(response.body);
    expect(page).toContain('<title>Sandbox checkout</title>');
    expect(page).toContain('Known nonce: yes (CreditCard)');
    expect(page).toContain('data-known="yes" data-type="CreditCard"');
    expect(page).toContain(`<dt>payment_method_nonce</dt>\n  <dd>${nonce}</dd>`);
    expect(page).toContain(
      '<dt>device_data</dt>\n  <dd>{&quot;device_session_id&quot;:&quot;0123456789abcdef0123456789abcdef&quot;,&quot;fraud_merchant_id&quot;:&quot;600000&quot;}</dd>',
    );
    expect(page).toContain('<dt>amount</dt>\n  <dd>10.00</dd>');
    expect(page.indexOf('payment_method_nonce</dt>')).toBeLessThan(page.indexOf('device_data</dt>'));
  });

  it('links the sandbox’s icon, which its policy allows; the icon is served and never logged', async () => {
    const response = await post('amount=10.00');
    expect(html(response.body)).toContain('<link rel="icon" href="/sandbox/favicon.ico">');
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self'");
    const icon = await sandbox.request('/sandbox/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    const all = await sandbox.request('/sandbox/requests');
    expect((all.body as unknown[]).map(record).map((entry) => entry.path)).not.toContain(
      '/sandbox/favicon.ico',
    );
  });

  it.each(['PayPalAccount', 'ApplePayCard'])('names the type of a known %s nonce', async (type) => {
    const nonce = await vaultedNonce(type);
    const page = html((await post(`payment_method_nonce=${encodeURIComponent(nonce)}`)).body);
    expect(page).toContain(`Known nonce: yes (${type})`);
  });

  it('says an unknown nonce, or none, is not known', async () => {
    expect(html((await post('payment_method_nonce=fake-valid-nonce')).body)).toContain(
      '<p id="nonce-check" data-known="no">Known nonce: no</p>',
    );
    const page = html((await post('amount=5')).body);
    expect(page).toContain('Known nonce: no (no payment_method_nonce was posted)');
    expect(html((await post('')).body)).toContain('No fields were posted.');
  });

  it('forgets minted nonces on reset', async () => {
    const nonce = await vaultedNonce('CreditCard');
    await sandbox.request('/sandbox/reset', { method: 'POST' });
    expect(html((await post(`payment_method_nonce=${nonce}`)).body)).toContain('Known nonce: no');
  });

  it('escapes every name and value', async () => {
    const body = new URLSearchParams([
      ['<script>alert(1)</script>', `"quoted" & 'single' <b>`],
      ['payment_method_nonce', '<img src=x onerror=alert(1)>'],
    ]);
    const page = html((await post(body.toString())).body);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).not.toContain('<b>');
    expect(page).toContain('<dt>&lt;script&gt;alert(1)&lt;/script&gt;</dt>');
    expect(page).toContain('<dd>&quot;quoted&quot; &amp; &#39;single&#39; &lt;b&gt;</dd>');
  });

  it('records the posted fields in the request log', async () => {
    await post('payment_method_nonce=abc&device_data=%7B%7D&note=two+words', {
      ...FORM,
      origin: 'https://shop.example',
    });
    expect(await logged()).toEqual([
      like.objectContaining({
        method: 'POST',
        path: '/sandbox/checkout',
        body: { payment_method_nonce: 'abc', device_data: '{}', note: 'two words' },
        origin: 'https://shop.example',
        fault: null,
        status: 200,
      }),
    ]);
  });

  it('accepts a charset parameter on the content type', async () => {
    const response = await post('a=1', {
      'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8',
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['JSON', 'application/json', '{"payment_method_nonce":"abc"}'],
    ['plain text', 'text/plain', 'payment_method_nonce=abc'],
    ['multipart', 'multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ])('answers 415 to %s', async (_, contentType, body) => {
    const response = await post(body, { 'content-type': contentType });
    expect(response.status).toBe(415);
    expect(response.headers.get('accept-post')).toBe('application/x-www-form-urlencoded');
    expect(record(record(response.body).error).message).toMatch(/x-www-form-urlencoded/);
    expect((await logged()).map((entry) => entry.status)).toEqual([415]);
  });

  it('answers 405 to other methods', async () => {
    expect((await sandbox.request('/sandbox/checkout')).status).toBe(405);
  });

  it('leaves the JSON routes refusing bodies that are not JSON', async () => {
    const response = await sandbox.request('/sandbox/faults', { method: 'POST', body: 'a=1', headers: FORM });
    expect(response.status).toBe(400);
  });
});

describe('checkoutPage', () => {
  it('uses the last of repeated nonces, as the log does', () => {
    const looked: string[] = [];
    checkoutPage(
      [
        ['payment_method_nonce', 'first'],
        ['payment_method_nonce', 'second'],
      ],
      (nonce) => {
        looked.push(nonce);
        return undefined;
      },
    );
    expect(looked).toEqual(['second']);
  });
});

describe('Venmo at the checkout', () => {
  it('knows fake-venmo-account-nonce, and saves a Venmo nonce posted with a customer_id to that customer', async () => {
    const page = html(
      (await post('payment_method_nonce=fake-venmo-account-nonce&customer_id=venmo_fan')).body,
    );
    expect(page).toContain('Known nonce: yes (VenmoAccount)');
    expect(page).toContain('Saved the Venmo account to customer venmo_fan of demo_merchant.');
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'venmo_fan' });
    const listed = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
      auth: fingerprintAuth(token),
    });
    expect(record(listed.body).paymentMethods).toEqual([
      {
        type: 'VenmoAccount',
        nonce: like.stringMatching(/^tokenvm_sb_[0-9a-f]{24}$/),
        description: 'VenmoAccount',
        details: { username: 'venmojoe' },
        default: true,
      },
    ]);
  });

  it('saves nothing without a customer_id, or for a nonce of another kind', async () => {
    expect(html((await post('payment_method_nonce=fake-venmo-account-nonce')).body)).not.toContain(
      'id="vaulted"',
    );
    const card = await vaultedNonce('CreditCard');
    expect(html((await post(`payment_method_nonce=${card}&customer_id=x`)).body)).not.toContain(
      'id="vaulted"',
    );
  });
});
