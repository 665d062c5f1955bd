import { describe, expect, inject, it, vi } from 'vitest';
import { createError, PanelError } from '../../src/shared/errors';
import type { FieldKey, FieldState } from '../../src/shared/hosted-fields';
import type { CollectedField } from './siblings';
import {
  cardRevision,
  checkFields,
  createCardTokenizer,
  createTokenizeQueue,
  creditCardBody,
  payloadFromResponse,
  reportTokenization,
  TOKENIZATION_ANALYTICS,
  tokenizationError,
  tokenizeCard,
  tokenizerGateway,
  type RequestSender,
  type TokenizeOutcome,
  type TokenizeRequest,
  type TokenizerConfig,
} from './tokenize';

const { gateway } = inject('localOrigins');
const gatewayHost = new URL(gateway).host;

const CONFIG: TokenizerConfig = {
  fields: ['number', 'cvv', 'expirationDate', 'postalCode', 'cardholderName'],
  clientApiUrl: `${gateway}/merchants/m1/client_api`,
  authorization: 'sandbox_abc_m1',
  metadata: { sessionId: 's1', integration: 'dropin2' },
  supportedCardTypes: ['Visa', 'MasterCard', 'American Express'],
};

const REQUEST: TokenizeRequest = {
  type: 'tokenize',
  requestId: 'r1',
  vault: true,
  billingAddress: { postalCode: '99999', streetAddress: '1 Main St', countryCodeAlpha2: 'US', region: 'x' },
};

const VALID: FieldState = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };
const EMPTY: FieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };

/** Collected fields; each field's revision is `<field>@1` unless `revisions` says otherwise. */
function fields(
  values: Partial<Record<FieldKey, string>>,
  states: Partial<Record<FieldKey, FieldState>> = {},
  revisions: Partial<Record<FieldKey, string>> = {},
) {
  return new Map<FieldKey, CollectedField>(
    Object.entries(values).map(([key, value]) => [
      key as FieldKey,
      {
        value,
        state: states[key as FieldKey] ?? (value === '' ? EMPTY : VALID),
        revision: revisions[key as FieldKey] ?? `${key}@1`,
      },
    ]),
  );
}

const FULL = {
  number: '4111111111111111',
  cvv: '123',
  expirationDate: '1230',
  postalCode: '12345',
  cardholderName: ' Ada Lovelace ',
};

const GATEWAY_CARD = {
  nonce: 'tokencc_abc',
  type: 'CreditCard',
  description: 'ending in 11',
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111', extra: 'dropped' },
  binData: { prepaid: 'Unknown' },
  threeDSecureInfo: null,
  consumed: false,
};

function gatewayError(status: number, body: unknown): PanelError {
  const code =
    status === 403
      ? 'CLIENT_AUTHORIZATION_INSUFFICIENT'
      : status >= 500
        ? 'CLIENT_GATEWAY_NETWORK'
        : 'CLIENT_REQUEST_ERROR';
  return createError(code, undefined, { httpStatus: status, originalError: body });
}

function fieldErrorBody(code: string | number) {
  return {
    error: { message: 'x' },
    fieldErrors: [{ field: 'creditCard', fieldErrors: [{ field: 'number', code }] }],
  };
}

describe('the request body', () => {
  it('sends snake_case card keys, the name in camelCase, the postal field over the option', () => {
    const values = new Map(Object.entries(FULL)) as Map<FieldKey, string>;
    expect(creditCardBody(CONFIG, REQUEST, values, { tokenizationKey: 'sandbox_abc_m1' })).toEqual({
      creditCard: {
        number: '4111111111111111',
        cvv: '123',
        expiration_month: '12',
        expiration_year: '2030',
        billing_address: { postal_code: '12345', street_address: '1 Main St', country_code_alpha2: 'US' },
        cardholderName: 'Ada Lovelace',
        options: { validate: true },
      },
      _meta: { sessionId: 's1', integration: 'dropin2', source: 'hosted-fields' },
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      tokenizationKey: 'sandbox_abc_m1',
    });
  });

  it('leaves out what is not there: no name, no address, no nulls', () => {
    const values = new Map<FieldKey, string>([
      ['number', '4111111111111111'],
      ['expirationMonth', '1'],
      ['expirationYear', '2031'],
      ['cardholderName', '  '],
    ]);
    const body = creditCardBody(CONFIG, { type: 'tokenize', requestId: 'r', vault: false }, values, {
      authorizationFingerprint: 'fp',
    });
    expect(body.creditCard).toEqual({
      number: '4111111111111111',
      expiration_month: '01',
      expiration_year: '2031',
      options: { validate: false },
    });
    expect(body.authorizationFingerprint).toBe('fp');
    expect(JSON.stringify(body)).not.toContain('null');
  });
});

describe('local checks', () => {
  it('fails when every field is empty', () => {
    const empty = fields({ number: '', cvv: '', expirationDate: '' });
    expect(checkFields(empty, CONFIG.supportedCardTypes)?.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
  });

  it('names the invalid fields, and an unsupported brand whatever the frame said', () => {
    const invalid = { isEmpty: false, isValid: false, isPotentiallyValid: true, isFocused: false };
    const error = checkFields(
      fields({ number: '6011111111111117', cvv: '12', postalCode: '12345' }, { cvv: invalid }),
      CONFIG.supportedCardTypes,
    );
    expect(error?.code).toBe('HOSTED_FIELDS_FIELDS_INVALID');
    expect(error?.details).toEqual({ invalidFieldKeys: ['number', 'cvv'] });
    expect(checkFields(fields(FULL), CONFIG.supportedCardTypes)).toBeNull();
  });
});

describe('error mapping', () => {
  const BODY = {
    error: { message: 'Credit card number 4111111111111111 is invalid.' },
    fieldErrors: [
      { field: 'creditCard', fieldErrors: [{ field: 'number', code: '81715', message: 'secret' }] },
    ],
  };

  it('passes a 403 on with its status, without the gateway body', () => {
    const error = gatewayError(403, BODY);
    const mapped = tokenizationError(error);
    expect(mapped).toMatchObject({ code: 'CLIENT_AUTHORIZATION_INSUFFICIENT', type: error.type });
    expect(mapped.message).toBe(error.message);
    expect(mapped.details).toEqual({ httpStatus: 403 });
  });

  it.each([
    ['81724', 'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE'],
    [81736, 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED'],
    ['81715', 'HOSTED_FIELDS_FAILED_TOKENIZATION'],
  ])('maps gateway code %s below 500 to %s, with the request error and the code', (code, expected) => {
    const mapped = tokenizationError(gatewayError(422, fieldErrorBody(code)));
    expect(mapped.code).toBe(expected);
    expect(mapped.details).toEqual({
      httpStatus: 422,
      fieldErrorCode: String(code),
      originalError: {
        name: 'PanelError',
        code: 'CLIENT_REQUEST_ERROR',
        type: 'NETWORK',
        message: createError('CLIENT_REQUEST_ERROR').message,
        details: { httpStatus: 422 },
      },
    });
  });

  it.each([400, 422, 403, 500, 503])('never hands the page the gateway body of a %i', (status) => {
    const mapped = tokenizationError(gatewayError(status, BODY));
    const json = JSON.stringify(mapped.toJSON());
    for (const text of ['4111111111111111', 'secret', 'fieldErrors', 'is invalid']) {
      expect(json).not.toContain(text);
    }
    expect(mapped.details?.httpStatus).toBe(status);
  });

  it('reads only the first field error', () => {
    const body = {
      fieldErrors: [
        { field: 'creditCard', fieldErrors: [{ code: '81715' }, { code: '81724' }] },
        { fieldErrors: [{ code: '81724' }] },
      ],
    };
    expect(tokenizationError(gatewayError(422, body)).code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
    expect(tokenizationError(gatewayError(400, 'not json')).code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
  });

  it('maps 5xx, transport failures, time-outs and anything else to a network error', () => {
    expect(tokenizationError(gatewayError(502, fieldErrorBody('81724'))).code).toBe(
      'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    );
    const transport = createError('CLIENT_GATEWAY_NETWORK', undefined, {
      httpStatus: 500,
      originalError: new TypeError('Failed to fetch'),
    });
    const mapped = tokenizationError(transport);
    expect(mapped.code).toBe('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
    expect(mapped.details).toMatchObject({
      httpStatus: 500,
      originalError: { code: 'CLIENT_GATEWAY_NETWORK', details: { httpStatus: 500 } },
    });
    expect(() => structuredClone(mapped.toJSON())).not.toThrow();
    expect(tokenizationError(createError('CLIENT_REQUEST_TIMEOUT', undefined, { httpStatus: -1 })).code).toBe(
      'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    );
    expect(tokenizationError(new Error('boom')).code).toBe('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
  });
});

describe('tokenizeCard', () => {
  it('posts to the credit cards endpoint and keeps only the payload fields', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValue({ status: 201, data: { creditCards: [GATEWAY_CARD] } });
    const outcome = await tokenizeCard(CONFIG, REQUEST, fields(FULL), send);
    expect(send).toHaveBeenCalledWith({
      method: 'POST',
      url: `${gateway}/merchants/m1/client_api/v1/payment_methods/credit_cards`,
      data: expect.objectContaining({ braintreeLibraryVersion: 'braintree/web/3.26.0' }) as unknown,
    });
    expect(outcome).toEqual({
      payload: {
        nonce: 'tokencc_abc',
        type: 'CreditCard',
        description: 'ending in 11',
        details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111' },
        binData: { prepaid: 'Unknown' },
      },
    });
  });

  it('never sends card data to a URL off the gateway allow-list, or not the merchant’s client API', async () => {
    const send = vi.fn<RequestSender>();
    for (const clientApiUrl of [
      'https://evil.example/client_api',
      'https://evil.example/merchants/m1/client_api',
      `http://${gatewayHost}/merchants/m1/client_api`,
      'javascript:alert(1)',
      `${gateway}/x`,
      `${gateway}/merchants/m2/client_api`,
      `${gateway}/merchants/m1/client_api/v1`,
      `${gateway}/sandbox/merchants/m1/client_api`,
      `https://user@${gatewayHost}/merchants/m1/client_api`,
    ]) {
      const outcome = await tokenizeCard({ ...CONFIG, clientApiUrl }, REQUEST, fields(FULL), send);
      expect('error' in outcome && outcome.error.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing with an authorization that does not read', async () => {
    const send = vi.fn<RequestSender>();
    for (const authorization of ['', 'staging_abc_m1', 'not base64!', btoa('{"configUrl":1}')]) {
      const outcome = await tokenizeCard({ ...CONFIG, authorization }, REQUEST, fields(FULL), send);
      expect('error' in outcome && outcome.error.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('checks locally before sending', async () => {
    const send = vi.fn<RequestSender>();
    const outcome = await tokenizeCard(CONFIG, REQUEST, fields({ number: '', cvv: '' }), send);
    expect('error' in outcome && outcome.error.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');
    expect(send).not.toHaveBeenCalled();
  });

  it('maps a failed request and refuses a malformed answer', async () => {
    const failing = vi.fn<RequestSender>().mockRejectedValue(gatewayError(422, fieldErrorBody('81736')));
    const failed = await tokenizeCard(CONFIG, REQUEST, fields(FULL), failing);
    expect('error' in failed && failed.error.code).toBe('HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED');
    const odd = vi
      .fn<RequestSender>()
      .mockResolvedValue({ status: 200, data: { creditCards: [{ nonce: 1 }] } });
    const malformed = await tokenizeCard(CONFIG, REQUEST, fields(FULL), odd);
    expect('error' in malformed && malformed.error.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
    expect(payloadFromResponse('text')).toBeNull();
  });
});

describe('the gateway of a configuration', () => {
  const clientToken = (configUrl: string, fingerprint = 'fp|merchant_id=m1'): string =>
    btoa(JSON.stringify({ authorizationFingerprint: fingerprint, configUrl, version: 2 }));

  it('is the client API of the tokenization key’s merchant', () => {
    expect(tokenizerGateway(CONFIG)).toEqual({
      cardsUrl: `${gateway}/merchants/m1/client_api/v1/payment_methods/credit_cards`,
      authorization: { tokenizationKey: 'sandbox_abc_m1' },
    });
    // A merchant id with underscores is the key's rest.
    expect(
      tokenizerGateway({
        ...CONFIG,
        authorization: 'sandbox_abc_m_1',
        clientApiUrl: `${gateway}/merchants/m_1/client_api`,
      })?.cardsUrl,
    ).toBe(`${gateway}/merchants/m_1/client_api/v1/payment_methods/credit_cards`);
  });

  it('is the client API of the merchant the client token’s configuration URL names, with the default port', () => {
    const authorization = clientToken(
      'https://api.sandbox.braintreegateway.com:443/merchants/abc123/client_api/v1/configuration',
    );
    expect(
      tokenizerGateway({
        ...CONFIG,
        authorization,
        clientApiUrl: 'https://api.sandbox.braintreegateway.com:443/merchants/abc123/client_api',
      }),
    ).toEqual({
      cardsUrl:
        'https://api.sandbox.braintreegateway.com/merchants/abc123/client_api/v1/payment_methods/credit_cards',
      authorization: { authorizationFingerprint: 'fp|merchant_id=m1' },
    });
  });

  it.each([
    ['another merchant', `${gateway}/merchants/other/client_api`],
    ['another path of the merchant', `${gateway}/merchants/abc123/client_api/v1/payment_methods`],
    ['a path of the gateway', `${gateway}/sandbox/control`],
    ['a trailing slash', `${gateway}/merchants/abc123/client_api/`],
  ])('refuses %s with a client token', (_, clientApiUrl) => {
    const authorization = clientToken(`${gateway}/merchants/abc123/client_api/v1/configuration`);
    expect(tokenizerGateway({ ...CONFIG, authorization, clientApiUrl })).toBeNull();
  });

  it('refuses a client token whose configuration URL names no merchant’s client API', () => {
    for (const configUrl of [
      `${gateway}/configuration`,
      `${gateway}/merchants/m1/client_api/v1/configuration/x`,
      'not a url',
    ]) {
      expect(tokenizerGateway({ ...CONFIG, authorization: clientToken(configUrl) })).toBeNull();
    }
  });

  it('sends nothing of a query or fragment the page left on the URL', () => {
    for (const suffix of ['?', '#', '?x=1&number=', '#x']) {
      expect(tokenizerGateway({ ...CONFIG, clientApiUrl: `${CONFIG.clientApiUrl}${suffix}` })?.cardsUrl).toBe(
        `${gateway}/merchants/m1/client_api/v1/payment_methods/credit_cards`,
      );
    }
  });
});

describe('the card tokenized last', () => {
  const ok = (nonce: string) => ({ status: 201, data: { creditCards: [{ ...GATEWAY_CARD, nonce }] } });
  const ask = { ...REQUEST, billingAddress: undefined };

  it('is made of the request’s options and every field’s revision, never of the values', () => {
    const base = cardRevision(ask, fields(FULL));
    expect(base).not.toContain('4111');
    expect(cardRevision({ ...ask, requestId: 'r2' }, fields(FULL))).toBe(base);
    expect(cardRevision({ ...ask, reuse: 'tokencc_x' }, fields(FULL))).toBe(base);
    for (const changed of [
      cardRevision(ask, fields(FULL, {}, { postalCode: 'postalCode@2' })),
      cardRevision(ask, fields(FULL, {}, { cardholderName: 'cardholderName@2' })),
      cardRevision({ ...ask, vault: false }, fields(FULL)),
      cardRevision({ ...ask, billingAddress: { countryCodeAlpha2: 'US' } }, fields(FULL)),
    ]) {
      expect(changed).not.toBe(base);
    }
  });

  it('is handed back without a POST when the page names it and no field changed since', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(ok('tokencc_first'))
      .mockResolvedValueOnce(ok('tokencc_second'));
    const tokenize = createCardTokenizer(send);
    const first = await tokenize(CONFIG, ask, fields(FULL));
    expect(first).toMatchObject({ payload: { nonce: 'tokencc_first' } });
    const again = await tokenize(CONFIG, { ...ask, requestId: 'r2', reuse: 'tokencc_first' }, fields(FULL));
    expect(again).toEqual(first);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each<[string, Partial<TokenizeRequest>, ReturnType<typeof fields>]>([
    [
      'a field’s value changed (the same state)',
      { reuse: 'tokencc_first' },
      fields(FULL, {}, { number: 'number@2' }),
    ],
    ['the page does not name it', {}, fields(FULL)],
    ['the page names another card', { reuse: 'tokencc_other' }, fields(FULL)],
    ['the request asks to vault otherwise', { reuse: 'tokencc_first', vault: false }, fields(FULL)],
  ])('is not handed back when %s: the fields are tokenized anew', async (_, request, now) => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(ok('tokencc_first'))
      .mockResolvedValueOnce(ok('tokencc_second'));
    const tokenize = createCardTokenizer(send);
    await tokenize(CONFIG, ask, fields(FULL));
    const outcome = await tokenize(CONFIG, { ...ask, requestId: 'r2', ...request }, now);
    expect(outcome).toMatchObject({ payload: { nonce: 'tokencc_second' } });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('is forgotten once a tokenization fails, even when the fields come back to it', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(ok('tokencc_first'))
      .mockRejectedValueOnce(gatewayError(500, {}))
      .mockResolvedValueOnce(ok('tokencc_third'));
    const tokenize = createCardTokenizer(send);
    await tokenize(CONFIG, ask, fields(FULL));
    const failed = await tokenize(CONFIG, { ...ask, requestId: 'r2' }, fields(FULL));
    expect('error' in failed && failed.error.code).toBe('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR');
    const outcome = await tokenize(CONFIG, { ...ask, requestId: 'r3', reuse: 'tokencc_first' }, fields(FULL));
    expect(outcome).toMatchObject({ payload: { nonce: 'tokencc_third' } });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('is only ever the last card tokenized', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(ok('tokencc_first'))
      .mockResolvedValueOnce(ok('tokencc_second'))
      .mockResolvedValueOnce(ok('tokencc_third'));
    const tokenize = createCardTokenizer(send);
    await tokenize(CONFIG, ask, fields(FULL));
    await tokenize(CONFIG, { ...ask, requestId: 'r2' }, fields(FULL));
    const older = await tokenize(CONFIG, { ...ask, requestId: 'r3', reuse: 'tokencc_first' }, fields(FULL));
    expect(older).toMatchObject({ payload: { nonce: 'tokencc_third' } });
    const last = await tokenize(CONFIG, { ...ask, requestId: 'r4', reuse: 'tokencc_third' }, fields(FULL));
    expect(last).toEqual(older);
    expect(send).toHaveBeenCalledTimes(3);
  });
});

describe('tokenization analytics', () => {
  const ANALYTICS_URL = `${gateway}/analytics/m1`;
  const WITH_ANALYTICS: TokenizerConfig = { ...CONFIG, analyticsUrl: ANALYTICS_URL };
  const CARD_URL = `${gateway}/merchants/m1/client_api/v1/payment_methods/credit_cards`;

  /** A sender answering the card request with `card` and every analytics POST with `{}`. */
  function sender(card: () => Promise<{ status: number; data: unknown }>) {
    return vi.fn<RequestSender>((options) =>
      options.url === CARD_URL ? card() : Promise.resolve({ status: 200, data: {} }),
    );
  }

  /** The kinds of the analytics POSTs a sender made, after checking each one's shape. */
  function reported(send: ReturnType<typeof sender>): string[] {
    return send.mock.calls
      .map(([options]) => options)
      .filter((options) => options.url !== CARD_URL)
      .flatMap((options) => {
        expect(options).toEqual({
          url: ANALYTICS_URL,
          method: 'POST',
          timeout: 2000,
          keepalive: false,
          data: {
            analytics: [{ kind: expect.any(String) as unknown, timestamp: expect.any(Number) as unknown }],
            _meta: { sessionId: 's1', integration: 'dropin2' },
            braintreeLibraryVersion: 'braintree/web/3.26.0',
            tokenizationKey: 'sandbox_abc_m1',
          },
        });
        const [event] = (options.data as { analytics: { kind: string; timestamp: number }[] }).analytics;
        // Unix seconds, not milliseconds.
        expect(Math.abs((event?.timestamp ?? 0) - Date.now() / 1000)).toBeLessThan(5);
        return event ? [event.kind] : [];
      });
  }

  it('reports a card the gateway tokenized as succeeded, from the frame', async () => {
    const send = sender(() => Promise.resolve({ status: 201, data: { creditCards: [GATEWAY_CARD] } }));
    const outcome = await tokenizeCard(WITH_ANALYTICS, REQUEST, fields(FULL), send);
    expect(outcome).toHaveProperty('payload');
    expect(reported(send)).toEqual(['web.custom.hosted-fields.tokenization.succeeded']);
    expect(send.mock.calls[0]?.[0].url).toBe(CARD_URL);
  });

  it.each([
    ['a refused card', () => Promise.reject(gatewayError(422, fieldErrorBody('81724')))],
    ['a gateway error', () => Promise.reject(gatewayError(500, {}))],
    ['a transport failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an unreadable answer', () => Promise.resolve({ status: 201, data: { creditCards: [] } })],
  ])('reports %s as failed', async (_, card) => {
    const send = sender(card);
    const outcome = await tokenizeCard(WITH_ANALYTICS, REQUEST, fields(FULL), send);
    expect(outcome).toHaveProperty('error');
    expect(reported(send)).toEqual(['web.custom.hosted-fields.tokenization.failed']);
  });

  it('reports nothing when nothing was sent: empty or invalid fields', async () => {
    const send = sender(() => Promise.resolve({ status: 201, data: { creditCards: [GATEWAY_CARD] } }));
    await tokenizeCard(WITH_ANALYTICS, REQUEST, fields({ number: '', cvv: '' }), send);
    const invalid = await tokenizeCard(
      WITH_ANALYTICS,
      REQUEST,
      fields({ number: '4111' }, { number: { ...VALID, isValid: false } }),
      send,
    );
    expect('error' in invalid && invalid.error.code).toBe('HOSTED_FIELDS_FIELDS_INVALID');
    expect(send).not.toHaveBeenCalled();
  });

  it('reports nothing without an analytics URL, or to one off the gateway allow-list', async () => {
    for (const analyticsUrl of [
      undefined,
      'https://evil.example/analytics',
      `http://${gatewayHost}/analytics/m1`,
      'javascript:alert(1)',
    ]) {
      const send = sender(() => Promise.resolve({ status: 201, data: { creditCards: [GATEWAY_CARD] } }));
      const outcome = await tokenizeCard({ ...CONFIG, analyticsUrl }, REQUEST, fields(FULL), send);
      expect(outcome).toHaveProperty('payload');
      expect(send.mock.calls.map(([options]) => options.url)).toEqual([CARD_URL]);
    }
  });

  it('never lets a failing report change the outcome', async () => {
    const rejecting = vi.fn<RequestSender>((options) =>
      options.url === CARD_URL
        ? Promise.resolve({ status: 201, data: { creditCards: [GATEWAY_CARD] } })
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await tokenizeCard(WITH_ANALYTICS, REQUEST, fields(FULL), rejecting)).toHaveProperty('payload');
    const throwing = vi.fn<RequestSender>(() => {
      throw new Error('synchronous');
    });
    expect(() => {
      reportTokenization(WITH_ANALYTICS, { tokenizationKey: 'sandbox_abc_m1' }, 'failed', throwing);
    }).not.toThrow();
    expect(throwing).toHaveBeenCalledTimes(1);
  });

  it('names the events as the provider does', () => {
    expect(TOKENIZATION_ANALYTICS).toEqual({
      succeeded: 'custom.hosted-fields.tokenization.succeeded',
      failed: 'custom.hosted-fields.tokenization.failed',
    });
  });
});

describe('the tokenize queue', () => {
  it('answers a repeated request id from the first run, and runs one at a time', async () => {
    const queue = createTokenizeQueue();
    const log: string[] = [];
    let release = (): void => undefined;
    const first = vi.fn(
      () =>
        new Promise<TokenizeOutcome>((resolve) => {
          log.push('first started');
          release = () => {
            log.push('first done');
            resolve({ error: createError('HOSTED_FIELDS_FIELDS_EMPTY') });
          };
        }),
    );
    const second = vi.fn(() => {
      log.push('second started');
      return Promise.resolve<TokenizeOutcome>({ error: createError('HOSTED_FIELDS_FIELDS_INVALID') });
    });
    const a = queue('a', first);
    const again = queue('a', first);
    const b = queue('b', second);
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['first started']);
    release();
    expect(await again).toBe(await a);
    await b;
    expect(log).toEqual(['first started', 'first done', 'second started']);
    expect(first).toHaveBeenCalledTimes(1);
  });
});

describe('payloadFromResponse', () => {
  const card = {
    nonce: 'tokencc_abc',
    type: 'CreditCard',
    description: 'ending in 11',
    details: {
      cardType: 'Visa',
      lastTwo: '11',
      lastFour: '1111',
      bin: '411111',
      expirationMonth: '12',
      expirationYear: '2030',
      cardholderName: 'Ada Lovelace',
    },
    binData: { prepaid: 'Unknown', issuingBank: null, nested: { a: 1 } },
  };
  const long = 'x'.repeat(2001);
  const answer = (first: unknown): unknown => ({ creditCards: [first] });

  it('picks exactly the payload fields of the first card', () => {
    expect(payloadFromResponse(answer(card))).toStrictEqual(card);
    expect(payloadFromResponse({ creditCards: [card, { nonce: 'second' }] })).toStrictEqual(card);
  });

  it('takes a card without its optional fields', () => {
    const minimal = {
      nonce: 'n',
      type: 'CreditCard',
      description: 'd',
      details: { cardType: 'Visa', lastTwo: '11' },
    };
    expect(payloadFromResponse(answer(minimal))).toStrictEqual(minimal);
  });

  it('passes nothing else of the answer through', () => {
    const parsed = payloadFromResponse(
      answer({
        ...card,
        details: { ...card.details, number: '4111111111111111', cvv: '123' },
        threeDSecureInfo: { liabilityShifted: true },
        consumed: false,
      }),
    );
    expect(parsed).toStrictEqual(card);
  });

  it('never copies prototype keys', () => {
    const parsed = payloadFromResponse(
      JSON.parse(
        `{"creditCards":[{"nonce":"n","type":"CreditCard","description":"d","__proto__":{"polluted":true},"details":{"cardType":"Visa","lastTwo":"11","constructor":"x"}}]}`,
      ),
    );
    expect(parsed).toStrictEqual({
      nonce: 'n',
      type: 'CreditCard',
      description: 'd',
      details: { cardType: 'Visa', lastTwo: '11' },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['no answer', undefined],
    ['null', null],
    ['text', 'text'],
    ['no cards', {}],
    ['an empty list', { creditCards: [] }],
    ['cards as an object', { creditCards: { 0: card } }],
    ['a card that is null', answer(null)],
    ['a card that is an array', answer([card])],
    ['a missing nonce', answer({ ...card, nonce: undefined })],
    ['a number nonce', answer({ ...card, nonce: 1 })],
    ['a too-long nonce', answer({ ...card, nonce: long })],
    ['another payment method type', answer({ ...card, type: 'PayPalAccount' })],
    ['a missing description', answer({ ...card, description: undefined })],
    ['missing details', answer({ ...card, details: undefined })],
    ['details as an array', answer({ ...card, details: [] })],
    ['a missing card type', answer({ ...card, details: { lastTwo: '11' } })],
    ['a number lastTwo', answer({ ...card, details: { cardType: 'Visa', lastTwo: 11 } })],
    ['a too-long cardholder name', answer({ ...card, details: { ...card.details, cardholderName: long } })],
    ['a null bin', answer({ ...card, details: { ...card.details, bin: null } })],
    ['binData as an array', answer({ ...card, binData: ['Unknown'] })],
    ['binData as a string', answer({ ...card, binData: 'Unknown' })],
    [
      'a __proto__ key in binData',
      answer({ ...card, binData: JSON.parse('{"__proto__":{"a":1}}') as unknown }),
    ],
    ['a constructor key in binData', answer({ ...card, binData: { constructor: 'x' } })],
  ])('refuses %s', (_, data) => {
    expect(payloadFromResponse(data)).toBeNull();
  });
});
