// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { TOKEN_ERROR_CODES } from './apple-payment-tokens';
import { fingerprintAuth, like, record, useSandbox, type TestResponse } from './test-server';

const sandbox = useSandbox();

const UNKNOWN_BIN_DATA = {
  prepaid: 'Unknown',
  healthcare: 'Unknown',
  debit: 'Unknown',
  durbinRegulated: 'Unknown',
  commercial: 'Unknown',
  payroll: 'Unknown',
  issuingBank: 'Unknown',
  countryOfIssuance: 'Unknown',
  productId: 'Unknown',
};

function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

/** Apple's payment data; `decrypted` stands in for the encrypted `data`, as the demo's simulator sends it. */
function paymentData(decrypted?: Record<string, unknown>): Record<string, unknown> {
  return {
    version: 'EC_v1',
    data: decrypted ? base64Json(decrypted) : Buffer.from('opaque encrypted bytes').toString('base64'),
    signature: Buffer.from('signature').toString('base64'),
    header: {
      ephemeralPublicKey: Buffer.from('key').toString('base64'),
      publicKeyHash: Buffer.from('hash').toString('base64'),
      transactionId: 'a1b2c3d4',
    },
  };
}

function token(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paymentData: base64Json(paymentData()),
    paymentMethod: { displayName: 'Visa 8181', network: 'Visa', type: 'debit' },
    transactionIdentifier: 'A1B2C3D4',
    ...overrides,
  };
}

function tokenize(
  applePaymentToken: unknown,
  options: { merchantId?: string; auth?: Record<string, string> } = {},
): Promise<TestResponse> {
  return sandbox.clientApi(options.merchantId ?? 'demo_merchant', 'applePaymentTokens', {
    ...(options.auth ? { auth: options.auth } : {}),
    body: {
      applePaymentToken,
      _meta: { source: 'apple-pay' },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
    },
  });
}

function firstCard(response: TestResponse): Record<string, unknown> {
  const cards = record(response.body).applePayCards;
  if (!Array.isArray(cards)) throw new Error(`No applePayCards in ${JSON.stringify(response.body)}`);
  expect(cards).toHaveLength(1);
  return record(cards[0]);
}

function fieldErrors(response: TestResponse): { field: string; code: string }[] {
  const groups = record(response.body).fieldErrors as unknown[];
  expect(groups).toHaveLength(1);
  const group = record(groups[0]);
  expect(group.field).toBe('applePaymentToken');
  return (group.fieldErrors as unknown[]).map((error) => {
    const { field, code } = record(error);
    return { field: String(field), code: String(code) };
  });
}

describe('POST payment_methods/apple_payment_tokens', () => {
  it('answers 201 with an Apple Pay card under a single-use nonce', async () => {
    const response = await tokenize(token());
    expect(response.status).toBe(201);
    expect(firstCard(response)).toEqual({
      type: 'ApplePayCard',
      nonce: like.stringMatching(/^tokenap_sb_[0-9a-f]{24}$/),
      description: 'Apple Pay - Visa ending in 81',
      details: {
        cardType: 'Apple Pay - Visa',
        cardHolderName: 'Visa Apple Pay Cardholder',
        dpanLastTwo: '81',
      },
      binData: UNKNOWN_BIN_DATA,
    });
  });

  it('remembers the nonce, which the checkout then knows', async () => {
    const nonce = String(firstCard(await tokenize(token())).nonce);
    const sale = await sandbox.request('/sandbox/checkout', {
      body: new URLSearchParams({ payment_method_nonce: nonce }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(String(sale.body)).toContain('data-known="yes" data-type="ApplePayCard"');
  });

  it.each([
    ['MasterCard', 'Apple Pay - MasterCard'],
    ['AmEx', 'Apple Pay - American Express'],
    ['discover', 'Apple Pay - Discover'],
    ['VISA', 'Apple Pay - Visa'],
  ])('names the %s network %s', async (network, cardType) => {
    const response = await tokenize(token({ paymentMethod: { displayName: 'x', network, type: 'credit' } }));
    expect(response.status).toBe(201);
    expect(record(firstCard(response).details)).toMatchObject({ cardType, dpanLastTwo: '81' });
  });

  it('takes dpanLastTwo and binData from the device account number in the payment data', async () => {
    const decrypted = {
      applicationPrimaryAccountNumber: '4111111111111210',
      applicationExpirationDate: '301231',
    };
    const response = await tokenize(token({ paymentData: base64Json(paymentData(decrypted)) }));
    expect(response.status).toBe(201);
    const card = firstCard(response);
    expect(card.description).toBe('Apple Pay - Visa ending in 10');
    expect(record(card.details).dpanLastTwo).toBe('10');
    expect(record(card.binData).prepaid).toBe('Yes');
  });

  it('keeps the default device account number when the payment data names none it can read', async () => {
    for (const decrypted of [{ applicationPrimaryAccountNumber: '12ab' }, { other: true }]) {
      const response = await tokenize(token({ paymentData: base64Json(paymentData(decrypted)) }));
      expect(record(firstCard(response).details).dpanLastTwo).toBe('81');
    }
  });

  it('accepts a client token', async () => {
    const auth = fingerprintAuth(
      await sandbox.clientToken({ merchantId: 'demo_merchant', customerId: 'returning_shopper' }),
    );
    expect((await tokenize(token(), { auth })).status).toBe(201);
  });

  it('answers 422 for a merchant without Apple Pay', async () => {
    const response = await tokenize(token(), { merchantId: 'card_only_merchant' });
    expect(response.status).toBe(422);
    expect(record(response.body).error).toEqual({ message: 'Apple Pay is not enabled for this merchant.' });
  });

  it.each<[string, unknown, (keyof typeof TOKEN_ERROR_CODES)[]]>([
    ['paymentData as an object (not base64)', token({ paymentData: paymentData() }), ['paymentData']],
    ['paymentData that is not base64', token({ paymentData: 'not base64!' }), ['paymentData']],
    [
      'paymentData that is base64 of text',
      token({ paymentData: Buffer.from('hello').toString('base64') }),
      ['paymentData'],
    ],
    [
      'paymentData of an unknown version',
      token({ paymentData: base64Json({ ...paymentData(), version: 'v9' }) }),
      ['paymentData'],
    ],
    [
      'paymentData without a header',
      token({ paymentData: base64Json({ ...paymentData(), header: undefined }) }),
      ['paymentData'],
    ],
    ['no paymentMethod', token({ paymentMethod: undefined }), ['paymentMethod']],
    [
      'a paymentMethod without displayName',
      token({ paymentMethod: { network: 'Visa', type: 'debit' } }),
      ['paymentMethod'],
    ],
    [
      'a paymentMethod of an unknown type',
      token({ paymentMethod: { displayName: 'x', network: 'Visa', type: 'gift' } }),
      ['paymentMethod'],
    ],
    [
      'an unsupported network',
      token({ paymentMethod: { displayName: 'x', network: 'JCB', type: 'debit' } }),
      ['network'],
    ],
    ['no transactionIdentifier', token({ transactionIdentifier: undefined }), ['transactionIdentifier']],
    [
      'a transactionIdentifier that is not hex',
      token({ transactionIdentifier: 'xyz' }),
      ['transactionIdentifier'],
    ],
    ['no applePaymentToken', undefined, ['paymentData', 'paymentMethod', 'transactionIdentifier']],
  ])('answers 422 with field errors for %s', async (_, input, fields) => {
    const response = await tokenize(input);
    expect(response.status).toBe(422);
    expect(record(record(response.body).error).message).toEqual(like.any(String));
    expect(fieldErrors(response)).toEqual(fields.map((field) => ({ field, code: TOKEN_ERROR_CODES[field] })));
  });

  it('is logged with its body', async () => {
    const sent = token();
    await tokenize(sent);
    const log = (await sandbox.request('/sandbox/requests', { query: { match: 'apple_payment_tokens' } }))
      .body as unknown[];
    expect(log).toHaveLength(1);
    expect(record(log[0])).toMatchObject({
      method: 'POST',
      path: '/merchants/demo_merchant/client_api/v1/payment_methods/apple_payment_tokens',
      body: like.objectContaining({ applePaymentToken: sent }),
      fault: null,
      status: 201,
    });
  });

  it.each(['500', '422', '403'])('honours a %s fault switch', async (kind) => {
    await sandbox.request('/sandbox/faults', { body: { match: 'apple_payment_tokens', kind } });
    expect((await tokenize(token())).status).toBe(Number(kind));
    expect((await tokenize(token())).status).toBe(201);
  });

  it('honours a malformed fault switch', async () => {
    await sandbox.request('/sandbox/faults', { body: { match: 'apple_payment_tokens', kind: 'malformed' } });
    const response = await tokenize(token());
    expect(response.status).toBe(200);
    expect(typeof response.body).toBe('string');
  });
});
