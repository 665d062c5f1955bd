// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readApplePayWebSession, SESSION_ERROR_CODES } from './apple-pay-sessions';
import { MERCHANTS } from './merchants';
import { fingerprintAuth, like, record, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
const DEMO_IDENTIFIER = MERCHANTS.demo_merchant.applePayWeb.merchantIdentifier;

function session(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    validationUrl: VALIDATION_URL,
    domainName: 'localhost',
    merchantIdentifier: DEMO_IDENTIFIER,
    ...overrides,
  };
}

function startSession(
  applePayWebSession: unknown,
  options: { merchantId?: string; auth?: Record<string, string> } = {},
): Promise<TestResponse> {
  return sandbox.clientApi(options.merchantId ?? 'demo_merchant', 'applePayWebSessions', {
    ...(options.auth ? { auth: options.auth } : {}),
    body: {
      applePayWebSession,
      _meta: { source: 'apple-pay' },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
    },
  });
}

function fieldErrors(response: TestResponse): { field: string; code: string }[] {
  const groups = record(response.body).fieldErrors as unknown[];
  expect(groups).toHaveLength(1);
  const group = record(groups[0]);
  expect(group.field).toBe('applePayWebSession');
  return (group.fieldErrors as unknown[]).map((error) => {
    const { field, code } = record(error);
    return { field: String(field), code: String(code) };
  });
}

describe('POST apple_pay_web/sessions', () => {
  it("answers 200 with a merchant session of Apple's shape", async () => {
    const before = Date.now();
    const response = await startSession(session({ displayName: 'My Shop' }));
    expect(response.status).toBe(200);
    const body = record(response.body);
    expect(body).toEqual({
      epochTimestamp: like.any(Number),
      expiresAt: like.any(Number),
      merchantSessionIdentifier: like.stringMatching(/^SSH[0-9A-F]{32}_[0-9A-F]{64}$/),
      nonce: like.stringMatching(/^[0-9a-f]{8}$/),
      merchantIdentifier: like.stringMatching(/^[0-9A-F]{64}$/),
      domainName: 'localhost',
      displayName: 'My Shop',
      signature: like.stringMatching(/^[A-Za-z0-9+/]+=*$/),
      operationalAnalyticsIdentifier: `My Shop:${String(body.merchantIdentifier)}`,
      retries: 0,
      pspId: body.merchantIdentifier,
    });
    expect(body.epochTimestamp as number).toBeGreaterThanOrEqual(before);
    expect((body.expiresAt as number) - (body.epochTimestamp as number)).toBe(60 * 60_000);
  });

  it('names the merchant when no displayName is sent, and mints a fresh session each time', async () => {
    const first = record((await startSession(session())).body);
    const second = record((await startSession(session({ displayName: null }))).body);
    expect(first.displayName).toBe('Demo Merchant');
    expect(second.displayName).toBe('Demo Merchant');
    expect(first.merchantSessionIdentifier).not.toBe(second.merchantSessionIdentifier);
    expect(first.merchantIdentifier).toBe(second.merchantIdentifier);
  });

  it('accepts a client token and another Apple Pay merchant', async () => {
    const token = await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' });
    expect((await startSession(session(), { auth: fingerprintAuth(token) })).status).toBe(200);
    const wallets = MERCHANTS.wallets_only_merchant.applePayWeb.merchantIdentifier;
    expect(
      (await startSession(session({ merchantIdentifier: wallets }), { merchantId: 'wallets_only_merchant' }))
        .status,
    ).toBe(200);
  });

  it('answers 422 for a merchant without Apple Pay', async () => {
    const response = await startSession(session(), { merchantId: 'card_only_merchant' });
    expect(response.status).toBe(422);
    expect(record(response.body).error).toEqual({ message: 'Apple Pay is not enabled for this merchant.' });
  });

  it.each<[string, unknown, string[]]>([
    [
      'an http validationUrl',
      session({ validationUrl: 'http://apple-pay-gateway.apple.com/x' }),
      ['validationUrl'],
    ],
    ['a validationUrl that is not a URL', session({ validationUrl: 'startSession' }), ['validationUrl']],
    ['no domainName', session({ domainName: undefined }), ['domainName']],
    ['a domainName with a scheme', session({ domainName: 'https://shop.test' }), ['domainName']],
    ['a domainName with a port', session({ domainName: 'shop.test:4443' }), ['domainName']],
    [
      "another merchant's identifier",
      session({ merchantIdentifier: MERCHANTS.wallets_only_merchant.applePayWeb.merchantIdentifier }),
      ['merchantIdentifier'],
    ],
    ['no merchantIdentifier', session({ merchantIdentifier: undefined }), ['merchantIdentifier']],
    ['a displayName that is not a string', session({ displayName: 42 }), ['displayName']],
    ['a displayName over 64 characters', session({ displayName: 'x'.repeat(65) }), ['displayName']],
    ['no applePayWebSession', undefined, ['validationUrl', 'domainName', 'merchantIdentifier']],
    [
      'an applePayWebSession that is a list',
      [session()],
      ['validationUrl', 'domainName', 'merchantIdentifier'],
    ],
  ])('answers 422 with field errors for %s', async (_, input, fields) => {
    const response = await startSession(input);
    expect(response.status).toBe(422);
    expect(record(record(response.body).error).message).toEqual(like.any(String));
    expect(fieldErrors(response)).toEqual(
      fields.map((field) => ({
        field,
        code: SESSION_ERROR_CODES[field as keyof typeof SESSION_ERROR_CODES],
      })),
    );
  });

  it('answers 401 without an authorization', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'applePayWebSessions', {
      auth: {},
      body: { applePayWebSession: session() },
    });
    expect(response.status).toBe(401);
  });

  it('is logged with its body', async () => {
    await startSession(session());
    const log = (await sandbox.request('/sandbox/requests', { query: { match: 'apple_pay_web/sessions' } }))
      .body as unknown[];
    expect(log).toHaveLength(1);
    expect(record(log[0])).toMatchObject({
      method: 'POST',
      path: '/merchants/demo_merchant/client_api/v1/apple_pay_web/sessions',
      body: like.objectContaining({ applePayWebSession: session() }),
      fault: null,
      status: 200,
    });
  });

  it.each(['500', '422', '403', '429'])('honours a %s fault switch', async (kind) => {
    await sandbox.request('/sandbox/faults', { body: { match: 'apple_pay_web/sessions', kind } });
    expect((await startSession(session())).status).toBe(Number(kind));
    expect((await startSession(session())).status).toBe(200);
    const log = (await sandbox.request('/sandbox/requests', { query: { match: 'apple_pay_web' } }))
      .body as unknown[];
    expect(log.map((entry) => record(entry).fault)).toEqual([kind, null]);
  });

  it('honours a malformed fault switch', async () => {
    await sandbox.request('/sandbox/faults', {
      body: { match: 'apple_pay_web/sessions', kind: 'malformed' },
    });
    const response = await startSession(session());
    expect(response.status).toBe(200);
    expect(typeof response.body).toBe('string');
  });
});

describe('readApplePayWebSession', () => {
  it('keeps only the known fields', () => {
    expect(
      readApplePayWebSession(
        { applePayWebSession: session({ displayName: 'Shop', extra: true }) },
        MERCHANTS.demo_merchant.applePayWeb,
      ),
    ).toEqual({
      ok: true,
      session: {
        validationUrl: VALIDATION_URL,
        domainName: 'localhost',
        merchantIdentifier: DEMO_IDENTIFIER,
        displayName: 'Shop',
      },
    });
  });

  it.each(['127.0.0.1', 'shop.example.com', 'xn--bcher-kva.example'])(
    'accepts the domain name %s',
    (domainName) => {
      const result = readApplePayWebSession(
        { applePayWebSession: session({ domainName }) },
        MERCHANTS.demo_merchant.applePayWeb,
      );
      expect(result.ok).toBe(true);
    },
  );
});
