import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import fc from 'fast-check';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import { stubFetch, type FetchCall, type StubAnswer } from '../../client/test-support';
import type { RawPaymentMethod } from '../../model';
import { PanelError, type ErrorCode } from '../../shared/errors';
import { hostileVariants, samples } from '../../shared/shape-samples';
import { applePayCard, applePayTokenizeAnswer } from './apple-pay';
import {
  applePaySessionConstructor,
  createApplePay,
  type ApplePayPaymentTokenLike,
  type ApplePayTokenizeResult,
} from './index';

const { assets, gateway } = inject('localOrigins');

const API = `${gateway}/merchants/demo_merchant/client_api`;
const CONFIG_URL = `${API}/v1/configuration`;
const SESSIONS_URL = `${API}/v1/apple_pay_web/sessions`;
const TOKENS_URL = `${API}/v1/payment_methods/apple_payment_tokens`;
const KEY = 'sandbox_k9x2m4p7_demo_merchant';

const APPLE_PAY_WEB = {
  merchantIdentifier: 'merchant.com.example.sandbox.demo',
  countryCode: 'US',
  currencyCode: 'USD',
  supportedNetworks: ['visa', 'mastercard', 'amex', 'discover'],
  merchantCapabilities: ['supports3DS', 'supportsCredit'],
};

function configuration(applePayWeb: Record<string, unknown> | null = APPLE_PAY_WEB) {
  return {
    environment: 'sandbox',
    clientApiUrl: API,
    assetsUrl: assets,
    analytics: { url: `${gateway}/analytics/demo_merchant` },
    ...(applePayWeb ? { applePayWeb } : {}),
  };
}

const MERCHANT_SESSION = {
  epochTimestamp: 1_700_000_000_000,
  expiresAt: 1_700_003_600_000,
  merchantSessionIdentifier: 'SSH0123456789ABCDEF_0123',
  nonce: '0a1b2c3d',
  merchantIdentifier: 'ABCDEF0123456789',
  domainName: 'shop.test',
  displayName: 'Demo Merchant',
  signature: 'c2lnbmF0dXJl',
};

const PAYMENT_DATA = {
  version: 'EC_v1',
  data: 'ZW5jcnlwdGVkIGRhdGE=',
  signature: 'c2lnbmF0dXJl',
  header: {
    ephemeralPublicKey: 'a2V5',
    publicKeyHash: 'aGFzaA==',
    transactionId: 'aabbccdd',
  },
};

const TOKEN: ApplePayPaymentTokenLike = {
  paymentData: PAYMENT_DATA,
  paymentMethod: { displayName: 'Visa 8181', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'AABBCCDD',
};

const BIN_DATA = {
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

const APPLE_PAY_CARD = {
  type: 'ApplePayCard',
  nonce: 'tokenap_sb_0123456789abcdef01234567',
  description: 'Apple Pay - Visa ending in 81',
  details: { cardType: 'Apple Pay - Visa', cardHolderName: 'Visa Apple Pay Cardholder', dpanLastTwo: '81' },
  binData: BIN_DATA,
};

const EXPECTED: ApplePayTokenizeResult = {
  nonce: APPLE_PAY_CARD.nonce,
  type: 'ApplePayCard',
  description: APPLE_PAY_CARD.description,
  details: APPLE_PAY_CARD.details,
  binData: BIN_DATA,
};

type Answer = (call: FetchCall) => StubAnswer | 'hang';

/** A client whose non-configuration requests get `answer`, with its analytics events recorded. */
async function clientWith(
  answer: Answer = () => ({ body: {} }),
  applePayWeb: Record<string, unknown> | null = APPLE_PAY_WEB,
): Promise<{ client: GatewayClient; calls: FetchCall[]; events: string[] }> {
  const { calls } = stubFetch((call) =>
    call.url.startsWith(CONFIG_URL) ? { body: configuration(applePayWeb) } : answer(call),
  );
  const client = await createClient(KEY, { merchantAppId: 'shop.test', sessionId: 'session-1' });
  const events: string[] = [];
  vi.spyOn(client.analytics, 'send').mockImplementation((event, prefix = '') => {
    events.push(prefix + event);
  });
  return { client, calls, events };
}

function requestsTo(calls: readonly FetchCall[], url: string): FetchCall[] {
  return calls.filter((call) => call.url === url);
}

function bodyOf(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(call?.init.body as string) as Record<string, unknown>;
}

async function rejection(promise: Promise<unknown>): Promise<PanelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('Expected a rejection');
}

function thrown(action: () => unknown): PanelError {
  try {
    action();
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('Expected an error');
}

function decodeBase64Json(text: unknown): unknown {
  const binary = atob(String(text));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

beforeEach(() => {
  clearClientCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (window as { ApplePaySession?: unknown }).ApplePaySession;
});

describe('createApplePay', () => {
  it('sends applepay.initialized', async () => {
    const { client, events } = await clientWith();
    createApplePay(client);
    expect(events).toEqual(['web.applepay.initialized']);
  });

  it('throws APPLE_PAY_NOT_ENABLED when the configuration has no applePayWeb', async () => {
    const { client, events } = await clientWith(undefined, null);
    const error = thrown(() => createApplePay(client));
    expect(error.code).toBe('APPLE_PAY_NOT_ENABLED');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe('Apple Pay is not enabled for this merchant.');
    expect(events).toEqual([]);
  });

  it('throws INSTANTIATION_OPTION_REQUIRED without a client', () => {
    const error = thrown(() => createApplePay(undefined as unknown as GatewayClient));
    expect(error.code).toBe('INSTANTIATION_OPTION_REQUIRED');
    expect(error.message).toBe('options.client is required when instantiating Apple Pay.');
  });
});

describe('createPaymentRequest', () => {
  it('answers the gateway defaults with Apple network names', async () => {
    const { client } = await clientWith();
    expect(createApplePay(client).createPaymentRequest({})).toEqual({
      countryCode: 'US',
      currencyCode: 'USD',
      merchantCapabilities: ['supports3DS', 'supportsCredit'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
    });
  });

  it("overlays the merchant's fields, whole", async () => {
    const { client } = await clientWith();
    const request = createApplePay(client).createPaymentRequest({
      total: { label: 'Demo Store', amount: '10.00' },
      currencyCode: 'EUR',
      supportedNetworks: ['visa'],
      requiredBillingContactFields: ['postalAddress'],
    });
    expect(request).toEqual({
      countryCode: 'US',
      currencyCode: 'EUR',
      merchantCapabilities: ['supports3DS', 'supportsCredit'],
      supportedNetworks: ['visa'],
      total: { label: 'Demo Store', amount: '10.00' },
      requiredBillingContactFields: ['postalAddress'],
    });
  });

  it('defaults merchantCapabilities to supports3DS and leaves out defaults the gateway lacks', async () => {
    const { client } = await clientWith(undefined, { merchantIdentifier: 'merchant.x' });
    expect(createApplePay(client).createPaymentRequest({})).toEqual({
      merchantCapabilities: ['supports3DS'],
    });
  });

  it('hands out a fresh copy each time', async () => {
    const { client } = await clientWith();
    const applePay = createApplePay(client);
    applePay.createPaymentRequest({}).merchantCapabilities?.push('supportsEMV');
    expect(applePay.createPaymentRequest({}).merchantCapabilities).toEqual(['supports3DS', 'supportsCredit']);
    expect(client.configuration.gatewayConfiguration.applePayWeb?.supportedNetworks).toEqual(
      APPLE_PAY_WEB.supportedNetworks,
    );
  });
});

describe('performValidation', () => {
  const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

  it('posts the session request of docs/protocol.md and resolves with the merchant session', async () => {
    const { client, calls, events } = await clientWith(() => ({ body: MERCHANT_SESSION }));
    const applePay = createApplePay(client);
    await expect(applePay.performValidation({ validationURL: VALIDATION_URL })).resolves.toEqual(
      MERCHANT_SESSION,
    );
    const [request, ...more] = requestsTo(calls, SESSIONS_URL);
    expect(more).toEqual([]);
    expect(request?.init.method).toBe('POST');
    const body = bodyOf(request);
    expect(body.applePayWebSession).toEqual({
      validationUrl: VALIDATION_URL,
      domainName: location.hostname,
      merchantIdentifier: 'merchant.com.example.sandbox.demo',
    });
    expect(body._meta).toMatchObject({
      source: 'apple-pay',
      sessionId: 'session-1',
      merchantAppId: 'shop.test',
    });
    expect(body.tokenizationKey).toBe(KEY);
    expect(body.braintreeLibraryVersion).toBe('braintree/web/3.26.0');
    expect(events).toEqual(['web.applepay.initialized', 'web.applepay.performValidation.succeeded']);
  });

  it('sends the merchant’s domainName in place of the page’s host name', async () => {
    const { client, calls } = await clientWith(() => ({ body: MERCHANT_SESSION }));
    await createApplePay(client).performValidation({
      validationURL: VALIDATION_URL,
      domainName: 'shop.example',
    });
    expect(bodyOf(requestsTo(calls, SESSIONS_URL)[0]).applePayWebSession).toMatchObject({
      domainName: 'shop.example',
    });
  });

  it('sends displayName only when given', async () => {
    const { client, calls } = await clientWith(() => ({ body: MERCHANT_SESSION }));
    await createApplePay(client).performValidation({ validationURL: VALIDATION_URL, displayName: 'My Shop' });
    expect(bodyOf(requestsTo(calls, SESSIONS_URL)[0]).applePayWebSession).toMatchObject({
      displayName: 'My Shop',
    });
  });

  it.each([
    ['no options', undefined],
    ['no validationURL', {}],
    ['an empty validationURL', { validationURL: '' }],
  ])('rejects %s with APPLE_PAY_VALIDATION_URL_REQUIRED and no request', async (_, options) => {
    const { client, calls, events } = await clientWith(() => ({ body: MERCHANT_SESSION }));
    const error = await rejection(
      createApplePay(client).performValidation(options as unknown as { validationURL: string }),
    );
    expect(error.code).toBe('APPLE_PAY_VALIDATION_URL_REQUIRED');
    expect(error.message).toBe('performValidation must be called with a validationURL.');
    expect(requestsTo(calls, SESSIONS_URL)).toEqual([]);
    expect(events).toEqual(['web.applepay.initialized']);
  });

  it('rejects a refused request (422) with APPLE_PAY_MERCHANT_VALIDATION_FAILED and the answer', async () => {
    const refusal = { error: { message: 'Domain not registered' } };
    const { client, events } = await clientWith(() => ({ status: 422, body: refusal }));
    const error = await rejection(
      createApplePay(client).performValidation({ validationURL: VALIDATION_URL }),
    );
    expect(error.code).toBe('APPLE_PAY_MERCHANT_VALIDATION_FAILED');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe(
      "Make sure you have registered your domain name in the provider's control panel.",
    );
    expect(error.details).toEqual({ originalError: refusal, httpStatus: 422 });
    expect(events).toEqual(['web.applepay.initialized', 'web.applepay.performValidation.failed']);
  });

  it.each<[string, Answer, ErrorCode]>([
    ['a 500', () => ({ status: 500, body: { error: { message: 'down' } } }), 'CLIENT_GATEWAY_NETWORK'],
    [
      'a 403',
      () => ({ status: 403, body: { error: { message: 'no' } } }),
      'CLIENT_AUTHORIZATION_INSUFFICIENT',
    ],
    ['a 429', () => ({ status: 429, body: { error: { message: 'slow' } } }), 'CLIENT_RATE_LIMITED'],
    [
      'a transport failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'CLIENT_GATEWAY_NETWORK',
    ],
  ])(
    'rejects %s with APPLE_PAY_MERCHANT_VALIDATION_NETWORK and the client error',
    async (_, answer, cause) => {
      const { client, events } = await clientWith(answer);
      const error = await rejection(
        createApplePay(client).performValidation({ validationURL: VALIDATION_URL }),
      );
      expect(error.code).toBe('APPLE_PAY_MERCHANT_VALIDATION_NETWORK');
      expect(error.type).toBe('NETWORK');
      expect(error.message).toBe('A network error occurred when validating the Apple Pay merchant.');
      expect((error.details?.originalError as PanelError).code).toBe(cause);
      expect(events).toEqual(['web.applepay.initialized', 'web.applepay.performValidation.failed']);
    },
  );

  it('rejects a time-out with APPLE_PAY_MERCHANT_VALIDATION_NETWORK', async () => {
    const { client } = await clientWith(() => 'hang');
    vi.useFakeTimers();
    const pending = rejection(createApplePay(client).performValidation({ validationURL: VALIDATION_URL }));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;
    expect(error.code).toBe('APPLE_PAY_MERCHANT_VALIDATION_NETWORK');
    expect((error.details?.originalError as PanelError).code).toBe('CLIENT_REQUEST_TIMEOUT');
  });

  it.each([
    ['a body that is not JSON', '{"epochTimestamp": 17'],
    ['null', 'null'],
    ['a list', [MERCHANT_SESSION]],
  ])('rejects %s with APPLE_PAY_MERCHANT_VALIDATION_NETWORK', async (_, body) => {
    const { client, events } = await clientWith(() => ({ body }));
    const error = await rejection(
      createApplePay(client).performValidation({ validationURL: VALIDATION_URL }),
    );
    expect(error.code).toBe('APPLE_PAY_MERCHANT_VALIDATION_NETWORK');
    expect(error.details).toHaveProperty('originalError');
    expect(events).toEqual(['web.applepay.initialized', 'web.applepay.performValidation.failed']);
  });
});

describe('tokenize', () => {
  it('posts the token with base64 JSON paymentData and resolves with the Apple Pay card', async () => {
    const { client, calls, events } = await clientWith(() => ({
      status: 201,
      body: { applePayCards: [APPLE_PAY_CARD] },
    }));
    const result = await createApplePay(client).tokenize({ token: TOKEN });
    expect(result).toEqual(EXPECTED);
    const raw: RawPaymentMethod = result;
    expect(raw.type).toBe('ApplePayCard');

    const [request, ...more] = requestsTo(calls, TOKENS_URL);
    expect(more).toEqual([]);
    expect(request?.init.method).toBe('POST');
    const body = bodyOf(request);
    const applePaymentToken = body.applePaymentToken as Record<string, unknown>;
    expect(applePaymentToken).toEqual({
      paymentData: applePaymentToken.paymentData,
      paymentMethod: TOKEN.paymentMethod,
      transactionIdentifier: TOKEN.transactionIdentifier,
    });
    expect(typeof applePaymentToken.paymentData).toBe('string');
    expect(applePaymentToken.paymentData).toBe(btoa(JSON.stringify(PAYMENT_DATA)));
    expect(body._meta).toMatchObject({ source: 'apple-pay' });
    expect(body.tokenizationKey).toBe(KEY);
    expect(events).toEqual(['web.applepay.initialized', 'web.applepay.tokenize.succeeded']);
  });

  it('keeps extra token members and encodes characters beyond Latin-1', async () => {
    const { client, calls } = await clientWith(() => ({ body: { applePayCards: [APPLE_PAY_CARD] } }));
    const paymentData = { ...PAYMENT_DATA, note: 'Zoë — 支付' };
    await createApplePay(client).tokenize({ token: { ...TOKEN, paymentData, paymentPass: { id: 1 } } });
    const applePaymentToken = bodyOf(requestsTo(calls, TOKENS_URL)[0]).applePaymentToken as Record<
      string,
      unknown
    >;
    expect(applePaymentToken.paymentPass).toEqual({ id: 1 });
    expect(decodeBase64Json(applePaymentToken.paymentData)).toEqual(paymentData);
  });

  it('leaves out what the gateway did not send and drops unknown keys', async () => {
    const { client } = await clientWith(() => ({
      body: {
        applePayCards: [
          {
            nonce: 'tokenap_sb_1',
            details: {
              cardType: 'Apple Pay - MasterCard',
              dpanLastTwo: '44',
              cardHolderName: null,
              extra: 1,
            },
            binData: null,
            consumed: false,
          },
        ],
      },
    }));
    await expect(createApplePay(client).tokenize({ token: TOKEN })).resolves.toEqual({
      nonce: 'tokenap_sb_1',
      type: 'ApplePayCard',
      details: { cardType: 'Apple Pay - MasterCard', dpanLastTwo: '44' },
    });
  });

  it.each([
    ['no options', undefined],
    ['no token', {}],
    ['a token that is not an object', { token: 'abc' }],
  ])('rejects %s with APPLE_PAY_PAYMENT_TOKEN_REQUIRED and no request', async (_, options) => {
    const { client, calls, events } = await clientWith();
    const error = await rejection(
      createApplePay(client).tokenize(options as unknown as { token: ApplePayPaymentTokenLike }),
    );
    expect(error.code).toBe('APPLE_PAY_PAYMENT_TOKEN_REQUIRED');
    expect(error.message).toBe('tokenize must be called with a payment token.');
    expect(requestsTo(calls, TOKENS_URL)).toEqual([]);
    expect(events).toEqual(['web.applepay.initialized']);
  });

  it.each<[string, Answer]>([
    ['a 422', () => ({ status: 422, body: { error: { message: 'bad token' } } })],
    ['a 500', () => ({ status: 500, body: { error: { message: 'down' } } })],
    ['a 403', () => ({ status: 403, body: { error: { message: 'no' } } })],
    [
      'a transport failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['a body that is not JSON', () => ({ body: '{"applePayCards": [' })],
    ['no applePayCards', () => ({ body: {} })],
    ['an empty applePayCards', () => ({ body: { applePayCards: [] } })],
    ['a card without a nonce', () => ({ body: { applePayCards: [{ ...APPLE_PAY_CARD, nonce: '' }] } })],
    [
      'a card of another type',
      () => ({ body: { applePayCards: [{ ...APPLE_PAY_CARD, type: 'CreditCard' }] } }),
    ],
    [
      'a card without dpanLastTwo',
      () => ({ body: { applePayCards: [{ ...APPLE_PAY_CARD, details: { cardType: 'Apple Pay - Visa' } }] } }),
    ],
    [
      'a card with binData that is not an object',
      () => ({ body: { applePayCards: [{ ...APPLE_PAY_CARD, binData: 'x' }] } }),
    ],
  ])('rejects %s with APPLE_PAY_TOKENIZATION', async (_, answer) => {
    const { client, events } = await clientWith(answer);
    const error = await rejection(createApplePay(client).tokenize({ token: TOKEN }));
    expect(error.code).toBe('APPLE_PAY_TOKENIZATION');
    expect(error.type).toBe('NETWORK');
    expect(error.message).toBe('A network error occurred when processing the Apple Pay payment.');
    expect(error.details?.originalError).toBeDefined();
    expect(events).toEqual(['web.applepay.initialized', 'web.applepay.tokenize.failed']);
  });

  it('rejects a time-out with APPLE_PAY_TOKENIZATION', async () => {
    const { client } = await clientWith(() => 'hang');
    vi.useFakeTimers();
    const pending = rejection(createApplePay(client).tokenize({ token: TOKEN }));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await pending;
    expect(error.code).toBe('APPLE_PAY_TOKENIZATION');
    expect((error.details?.originalError as PanelError).code).toBe('CLIENT_REQUEST_TIMEOUT');
  });
});

describe('tokenize, held to the declaration of the gateway’s answer', () => {
  /** Whether JSON carries `value` as it is: no `undefined`, no number past what JSON writes. */
  const faithful = (value: unknown): boolean => {
    let kept = value !== undefined;
    JSON.stringify(value, (_, item: unknown) => {
      if (item === undefined || (typeof item === 'number' && !Number.isFinite(item))) kept = false;
      return item;
    });
    return kept;
  };

  it('resolves for every card its declaration makes, and rejects every hostile variant with the answer', async () => {
    let body: unknown;
    const { client } = await clientWith(() => ({ body }));
    const applePay = createApplePay(client);
    const answer = { applePayCards: [APPLE_PAY_CARD] };
    const cards = fc.sample(samples(applePayCard), { seed: 1, numRuns: 12 }).map((sample) => sample.input);
    const cases: [unknown, boolean][] = [
      [answer, true],
      ...cards.map((card): [unknown, boolean] => [{ applePayCards: [card, 'ignored'] }, true]),
      ...hostileVariants(applePayTokenizeAnswer, answer).map((variant): [unknown, boolean] => [
        variant,
        false,
      ]),
      ...hostileVariants(applePayCard, APPLE_PAY_CARD).map((card): [unknown, boolean] => [
        { applePayCards: [card] },
        false,
      ]),
    ];
    for (const [variant, valid] of cases) {
      // What JSON cannot carry (undefined, NaN) is no answer a gateway sends.
      if (!faithful(variant)) continue;
      body = variant;
      // The answer as the panel receives it: through JSON, which drops undefined and turns NaN into null.
      const received = JSON.parse(JSON.stringify(variant)) as { applePayCards: unknown[] };
      const shown = JSON.stringify(variant);
      const outcome = await applePay.tokenize({ token: TOKEN }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: error as PanelError }),
      );
      if (valid) {
        const card = received.applePayCards[0] as { nonce: string; details: { dpanLastTwo: string } };
        expect('result' in outcome, shown).toBe(true);
        if ('result' in outcome) {
          expect(outcome.result, shown).toMatchObject({ nonce: card.nonce, type: 'ApplePayCard' });
          expect(outcome.result.details.dpanLastTwo, shown).toBe(card.details.dpanLastTwo);
        }
      } else {
        expect('error' in outcome && outcome.error.code, shown).toBe('APPLE_PAY_TOKENIZATION');
        if ('error' in outcome) expect(outcome.error.details?.originalError, shown).toEqual(received);
      }
    }
  });
});

describe('teardown', () => {
  it('makes every later call fail with METHOD_CALLED_AFTER_TEARDOWN', async () => {
    const { client, calls } = await clientWith(() => ({ body: MERCHANT_SESSION }));
    const applePay = createApplePay(client);
    applePay.teardown();
    expect(thrown(() => applePay.createPaymentRequest({})).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    const validation = await rejection(applePay.performValidation({ validationURL: 'https://apple.test/' }));
    expect(validation.code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(validation.message).toBe('performValidation cannot be called after teardown.');
    expect((await rejection(applePay.tokenize({ token: TOKEN }))).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(calls.filter((call) => !call.url.startsWith(CONFIG_URL))).toEqual([]);
  });
});

describe('applePaySessionConstructor', () => {
  it('is undefined without window.ApplePaySession', () => {
    expect(applePaySessionConstructor()).toBeUndefined();
  });

  it('is undefined when window.ApplePaySession is not a function', () => {
    (window as { ApplePaySession?: unknown }).ApplePaySession = {};
    expect(applePaySessionConstructor()).toBeUndefined();
  });

  it('answers window.ApplePaySession', () => {
    const ApplePaySession = Object.assign(function ApplePaySession() {}, {
      supportsVersion: () => true,
      canMakePayments: () => true,
      STATUS_SUCCESS: 0,
      STATUS_FAILURE: 1,
    });
    (window as { ApplePaySession?: unknown }).ApplePaySession = ApplePaySession;
    expect(applePaySessionConstructor()).toBe(ApplePaySession);
  });
});
