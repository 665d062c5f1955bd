import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import {
  clientToken,
  queryPairs,
  stubFetch,
  type FetchCall,
  type StubAnswer,
} from '../../client/test-support';
import type { PaymentMethodType } from '../../model';
import { expectReadsItsShape } from '../../shared/test-support';
import { fetchVaultedPaymentMethods, vaultedPaymentMethodReader } from './index';

const { assets, gateway } = inject('localOrigins');

const API = `${gateway}/merchants/merchant1/client_api`;
const CONFIG_URL = `${API}/v1/configuration`;
const CONFIG = { environment: 'sandbox', clientApiUrl: API, assetsUrl: assets };
const FINGERPRINT =
  'abc123|created_at=2024-01-01T00:00:00Z&merchant_id=merchant1&customer_id=returning_shopper';
const ALL_TYPES: readonly PaymentMethodType[] = ['CreditCard', 'PayPalAccount', 'ApplePayCard'];

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

const PAYER_INFO = {
  email: 'robin.returning@example.com',
  firstName: 'Robin',
  lastName: 'Returning',
  payerId: 'QX7RB2LKMN4PA',
  countryCode: 'US',
};

/** The sandbox's answer for the seeded customer. */
const SEEDED = [
  {
    type: 'CreditCard',
    nonce: 'tokencc_sb_visa',
    description: 'ending in 11',
    default: true,
    details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111' },
    binData: BIN_DATA,
  },
  {
    type: 'CreditCard',
    nonce: 'tokencc_sb_mastercard',
    description: 'ending in 44',
    default: false,
    details: { cardType: 'MasterCard', lastTwo: '44', lastFour: '4444' },
    binData: BIN_DATA,
  },
  {
    type: 'PayPalAccount',
    nonce: 'tokenpp_sb_paypal',
    description: 'robin.returning@example.com',
    default: false,
    details: { email: 'robin.returning@example.com', payerInfo: PAYER_INFO },
  },
  {
    type: 'ApplePayCard',
    nonce: 'tokenap_sb_applepay',
    description: 'Apple Pay - Visa ending in 81',
    default: false,
    details: { cardType: 'Apple Pay - Visa', dpanLastTwo: '81' },
    binData: BIN_DATA,
  },
];

/** A saved Google Pay card, as the gateway lists it. */
const GOOGLE_PAY_CARD = {
  type: 'AndroidPayCard',
  nonce: 'tokenan_sb_googlepay',
  description: 'Visa ending in 11',
  default: false,
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', isNetworkTokenized: false, bin: '411111' },
  binData: BIN_DATA,
};

const EXPECTED = [
  {
    nonce: 'tokencc_sb_visa',
    type: 'CreditCard',
    description: 'ending in 11',
    details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111' },
    binData: BIN_DATA,
    vaulted: true,
  },
  {
    nonce: 'tokencc_sb_mastercard',
    type: 'CreditCard',
    description: 'ending in 44',
    details: { cardType: 'MasterCard', lastTwo: '44', lastFour: '4444' },
    binData: BIN_DATA,
    vaulted: true,
  },
  {
    nonce: 'tokenpp_sb_paypal',
    type: 'PayPalAccount',
    description: 'robin.returning@example.com',
    details: { email: 'robin.returning@example.com', payerInfo: PAYER_INFO },
    vaulted: true,
  },
  {
    nonce: 'tokenap_sb_applepay',
    type: 'ApplePayCard',
    description: 'Apple Pay - Visa ending in 81',
    details: { cardType: 'Apple Pay - Visa', dpanLastTwo: '81' },
    binData: BIN_DATA,
    vaulted: true,
  },
];

/** A client for `authorization` whose non-configuration requests get `answer`. */
async function clientWith(
  answer: (call: FetchCall) => StubAnswer | 'hang',
  authorization = clientToken({ authorizationFingerprint: FINGERPRINT, configUrl: CONFIG_URL }),
): Promise<{ client: GatewayClient; calls: FetchCall[] }> {
  const { calls } = stubFetch((call) => (call.url.startsWith(CONFIG_URL) ? { body: CONFIG } : answer(call)));
  const client = await createClient(authorization, { merchantAppId: 'shop.test', sessionId: 'session-1' });
  return { client, calls };
}

function requestsAfterConfiguration(calls: readonly FetchCall[]): FetchCall[] {
  return calls.filter((call) => !call.url.startsWith(CONFIG_URL));
}

beforeEach(() => {
  clearClientCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchVaultedPaymentMethods', () => {
  it('asks for the default first and answers every saved method as a vaulted raw payment method', async () => {
    const { client, calls } = await clientWith(() => ({ body: { paymentMethods: SEEDED } }));
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual(EXPECTED);
    const [request, ...more] = requestsAfterConfiguration(calls);
    expect(more).toEqual([]);
    expect(request?.init.method).toBe('GET');
    expect(request?.init.body ?? null).toBeNull();
    expect(request?.url.startsWith(`${API}/v1/payment_methods?`)).toBe(true);
    const query = queryPairs(request?.url ?? '');
    expect(query[0]).toEqual(['defaultFirst', '1']);
    expect(query).toContainEqual(['authorizationFingerprint', FINGERPRINT]);
    expect(query).toContainEqual(['_meta[sessionId]', 'session-1']);
  });

  it('asks for defaultFirst=0 when the merchant does not want the default first', async () => {
    const { client, calls } = await clientWith(() => ({ body: { paymentMethods: SEEDED } }));
    await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES, defaultFirst: false });
    const [request] = requestsAfterConfiguration(calls);
    expect(queryPairs(request?.url ?? '')[0]).toEqual(['defaultFirst', '0']);
  });

  it('keeps the order of the answer', async () => {
    const reversed = [...SEEDED].reverse();
    const { client } = await clientWith(() => ({ body: { paymentMethods: reversed } }));
    const methods = await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES });
    expect(methods.map((method) => method.nonce)).toEqual(
      [...EXPECTED].reverse().map((method) => method.nonce),
    );
  });

  it.each([
    [['CreditCard'], ['tokencc_sb_visa', 'tokencc_sb_mastercard']],
    [['PayPalAccount'], ['tokenpp_sb_paypal']],
    [
      ['ApplePayCard', 'PayPalAccount'],
      ['tokenpp_sb_paypal', 'tokenap_sb_applepay'],
    ],
    [[], []],
  ] as [PaymentMethodType[], string[]][])('keeps only the enabled types %j', async (enabledTypes, nonces) => {
    const { client } = await clientWith(() => ({ body: { paymentMethods: SEEDED } }));
    const methods = await fetchVaultedPaymentMethods(client, { enabledTypes });
    expect(methods.map((method) => method.nonce)).toEqual(nonces);
  });

  it('lists a saved Google Pay card with its details when Google Pay is offered, and only then', async () => {
    const answer = { paymentMethods: [...SEEDED, GOOGLE_PAY_CARD] };
    const { client } = await clientWith(() => ({ body: answer }));
    const withGooglePay = await fetchVaultedPaymentMethods(client, {
      enabledTypes: ['CreditCard', 'AndroidPayCard'],
    });
    expect(withGooglePay.at(-1)).toEqual({
      nonce: 'tokenan_sb_googlepay',
      type: 'AndroidPayCard',
      description: 'Visa ending in 11',
      details: {
        cardType: 'Visa',
        lastTwo: '11',
        lastFour: '1111',
        isNetworkTokenized: false,
        bin: '411111',
      },
      binData: BIN_DATA,
      vaulted: true,
    });
    const without = await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES });
    expect(without.map((method) => method.type)).not.toContain('AndroidPayCard');
  });

  it('makes no request for a tokenization key', async () => {
    const { client, calls } = await clientWith(
      () => ({ body: { paymentMethods: SEEDED } }),
      'sandbox_abc_merchant1',
    );
    expect(client.authorization.guest).toBe(true);
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual([]);
    expect(requestsAfterConfiguration(calls)).toEqual([]);
  });

  it('makes no request for a client token without a customer', async () => {
    const guestToken = clientToken({
      authorizationFingerprint: 'abc123|created_at=2024-01-01T00:00:00Z&merchant_id=merchant1',
      configUrl: CONFIG_URL,
    });
    const { client, calls } = await clientWith(() => ({ body: { paymentMethods: SEEDED } }), guestToken);
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual([]);
    expect(requestsAfterConfiguration(calls)).toEqual([]);
  });

  it('drops malformed entries and keeps the rest', async () => {
    const [visa, mastercard, paypal, applePay] = SEEDED;
    const malformed: unknown[] = [
      null,
      'tokencc_sb_string',
      [visa],
      { ...visa, nonce: '' },
      { ...visa, nonce: 42 },
      { ...visa, type: 'VenmoAccount' },
      { ...visa, type: undefined },
      { ...visa, details: undefined },
      { ...visa, details: { cardType: 'Visa' } },
      { ...visa, description: 11 },
      { ...visa, binData: 'Unknown' },
      { ...paypal, details: { payerInfo: PAYER_INFO } },
      { ...paypal, details: { email: 'a@example.com', payerInfo: 'robin' } },
      { ...applePay, details: { cardType: 'Apple Pay - Visa' } },
    ];
    const { client } = await clientWith(() => ({
      body: {
        paymentMethods: [...malformed.slice(0, 7), visa, ...malformed.slice(7), mastercard, paypal, applePay],
      },
    }));
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual(EXPECTED);
  });

  it('never lists a saved Venmo account, even when asked for every type the panel knows', async () => {
    const [visa] = SEEDED;
    const venmo = {
      type: 'VenmoAccount',
      nonce: 'tokenvm_sb_saved',
      description: 'VenmoAccount',
      details: { username: 'venmojoe' },
      default: false,
    };
    const { client } = await clientWith(() => ({ body: { paymentMethods: [venmo, visa] } }));
    const listed = await fetchVaultedPaymentMethods(client, {
      enabledTypes: [...ALL_TYPES, 'AndroidPayCard', 'VenmoAccount'],
    });
    expect(listed.map((method) => method.type)).toEqual(['CreditCard']);
  });

  it('keeps only declared keys and takes lastTwo for an Apple Pay card without dpanLastTwo', async () => {
    const [visa, , , applePay] = SEEDED;
    const { client } = await clientWith(() => ({
      body: {
        paymentMethods: [
          {
            ...visa,
            binData: null,
            isLocked: false,
            details: { cardType: 'Visa', lastTwo: '11', bin: '411111', expirationYear: '2030' },
          },
          { ...applePay, binData: undefined, details: { cardType: 'Apple Pay - Visa', lastTwo: '81' } },
        ],
      },
    }));
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual([
      {
        nonce: 'tokencc_sb_visa',
        type: 'CreditCard',
        description: 'ending in 11',
        details: { cardType: 'Visa', lastTwo: '11', bin: '411111' },
        vaulted: true,
      },
      {
        nonce: 'tokenap_sb_applepay',
        type: 'ApplePayCard',
        description: 'Apple Pay - Visa ending in 81',
        details: { cardType: 'Apple Pay - Visa', lastTwo: '81' },
        vaulted: true,
      },
    ]);
  });

  it.each([
    ['a 500', () => ({ status: 500, body: { error: { message: 'down' } } })],
    ['a 403', () => ({ status: 403, body: { error: { message: 'no' } } })],
    ['a 422', () => ({ status: 422, body: { error: { message: 'bad' } } })],
    [
      'a transport failure',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['a body that is not JSON', () => ({ body: '{"paymentMethods": [' })],
    ['no paymentMethods', () => ({ body: {} })],
    ['paymentMethods that is not a list', () => ({ body: { paymentMethods: { 0: SEEDED[0] } } })],
    ['null', () => ({ body: 'null' })],
  ] as [string, () => StubAnswer][])('answers [] to %s', async (_, answer) => {
    const { client, calls } = await clientWith(answer);
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual([]);
    expect(requestsAfterConfiguration(calls)).toHaveLength(1);
  });

  it('answers [] when the request times out', async () => {
    const { client } = await clientWith(() => 'hang');
    vi.useFakeTimers();
    try {
      const methods = fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await methods).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers [] once the client's last hold is released", async () => {
    const { client, calls } = await clientWith(() => ({ body: { paymentMethods: SEEDED } }));
    client.release();
    expect(await fetchVaultedPaymentMethods(client, { enabledTypes: ALL_TYPES })).toEqual([]);
    expect(requestsAfterConfiguration(calls).filter((call) => call.url.includes('payment_methods'))).toEqual(
      [],
    );
  });
});

describe('vaultedPaymentMethodReader', () => {
  it('reads what its declaration makes, and refuses every hostile variant, at every depth', () => {
    const [, , paypal, applePay] = SEEDED;
    expectReadsItsShape(vaultedPaymentMethodReader, { runs: 100 });
    expectReadsItsShape(vaultedPaymentMethodReader, {
      examples: [
        ...SEEDED,
        { ...applePay, details: { cardType: 'Apple Pay - Visa', lastTwo: '81' } },
        GOOGLE_PAY_CARD,
        { ...paypal, details: { ...paypal?.details, payerInfo: { ...PAYER_INFO, phone: '1' } } },
      ],
    });
  });
});
