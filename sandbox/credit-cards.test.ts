// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { passesLuhn, readCreditCard } from './card-input';
import { MERCHANTS } from './merchants';
import {
  BIN_INDICATOR_NUMBERS,
  FRAUD_NUMBERS,
  PROCESSOR_DECLINED_NUMBERS,
  PROCESSOR_FAILURE_NUMBERS,
  UNKNOWN_CARD_TYPE_NUMBER,
  VALID_CARD_NUMBERS,
} from './test-values';
import { fingerprintAuth, record, useSandbox, type TestResponse, like } from './test-server';

const sandbox = useSandbox();

const year = new Date().getFullYear() + 2;
const month = '09';

/** A card body in the snake_case hosted fields send. */
function snakeCard(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    number: '4111111111111111',
    cvv: '123',
    expiration_month: month,
    expiration_year: String(year),
    billing_address: { postal_code: '12345' },
    ...overrides,
  };
}

function tokenize(
  creditCard: Record<string, unknown>,
  merchantId = 'demo_merchant',
  auth?: Record<string, string>,
): Promise<TestResponse> {
  return sandbox.clientApi(merchantId, 'creditCards', { body: { creditCard }, ...(auth ? { auth } : {}) });
}

function firstCard(response: TestResponse): Record<string, unknown> {
  const cards = record(response.body).creditCards;
  if (!Array.isArray(cards)) throw new Error(`No creditCards in ${JSON.stringify(response.body)}`);
  return record(cards[0]);
}

function fieldErrors(response: TestResponse): { field: string; code: string }[] {
  const groups = record(response.body).fieldErrors;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group) => {
    const inner = record(group).fieldErrors;
    return Array.isArray(inner) ? inner.map((error) => record(error) as { field: string; code: string }) : [];
  });
}

function codes(response: TestResponse): string[] {
  return fieldErrors(response).map((error) => error.code);
}

async function customerToken(customerId: string, options: Record<string, boolean> = {}) {
  return fingerprintAuth(await sandbox.clientToken({ merchantId: 'demo_merchant', customerId, options }));
}

describe('card tokenization', () => {
  it('answers 201 with a single-use nonce and the card payload', async () => {
    const response = await tokenize(snakeCard({ cardholderName: 'Ada Lovelace' }));
    expect(response.status).toBe(201);
    expect(firstCard(response)).toEqual({
      nonce: like.stringMatching(/^tokencc_[0-9a-z_]+$/),
      type: 'CreditCard',
      description: 'ending in 11',
      details: {
        cardType: 'Visa',
        lastTwo: '11',
        lastFour: '1111',
        bin: '411111',
        expirationMonth: month,
        expirationYear: String(year),
        cardholderName: 'Ada Lovelace',
      },
      binData: {
        prepaid: 'Unknown',
        healthcare: 'Unknown',
        debit: 'Unknown',
        durbinRegulated: 'Unknown',
        commercial: 'Unknown',
        payroll: 'Unknown',
        issuingBank: 'Unknown',
        countryOfIssuance: 'Unknown',
        productId: 'Unknown',
      },
      threeDSecureInfo: null,
      consumed: false,
    });
  });

  it('accepts the camelCase spelling (expirationDate MM/YY and MM/YYYY, billingAddress.postalCode)', async () => {
    for (const expirationDate of [`${month}/${String(year).slice(2)}`, `${month}/${year}`]) {
      const response = await tokenize({
        number: '5555555555554444',
        cvv: '123',
        expirationDate,
        billingAddress: { postalCode: 'SW1A 1AA' },
      });
      expect(response.status).toBe(201);
      expect(record(firstCard(response).details)).toMatchObject({
        cardType: 'MasterCard',
        expirationMonth: month,
        expirationYear: String(year),
      });
    }
    const split = await tokenize({
      number: '378282246310005',
      cvv: '1234',
      expirationMonth: 9,
      expirationYear: year,
      billingAddress: { postalCode: '12345' },
    });
    expect(split.status).toBe(201);
    expect(record(firstCard(split).details).cardType).toBe('American Express');
  });

  it('tokenizes every valid test number of every brand for demo_merchant', async () => {
    for (const [cardType, numbers] of Object.entries(VALID_CARD_NUMBERS)) {
      for (const number of numbers) {
        const cvv = cardType === 'American Express' ? '1234' : '123';
        const response = await tokenize(snakeCard({ number, cvv }));
        expect(response.status, number).toBe(201);
        expect(record(firstCard(response).details).cardType, number).toBe(cardType);
      }
    }
  });

  it('tokenizes the unknown-type number with cardType Unknown', async () => {
    const response = await tokenize(snakeCard({ number: UNKNOWN_CARD_TYPE_NUMBER }), 'card_only_merchant');
    expect(response.status).toBe(201);
    expect(record(firstCard(response).details).cardType).toBe('Unknown');
  });

  it('sets BIN data from the indicator numbers', async () => {
    const binData = async (number: string) =>
      record(firstCard(await tokenize(snakeCard({ number }), 'card_only_merchant')).binData);
    expect(await binData(BIN_INDICATOR_NUMBERS.prepaid)).toMatchObject({ prepaid: 'Yes', debit: 'Unknown' });
    expect(await binData(BIN_INDICATOR_NUMBERS.debit)).toMatchObject({ debit: 'Yes', prepaid: 'Unknown' });
    expect(await binData(BIN_INDICATOR_NUMBERS.durbinRegulated)).toMatchObject({ durbinRegulated: 'Yes' });
    expect(await binData(BIN_INDICATOR_NUMBERS.allNo)).toMatchObject({
      prepaid: 'No',
      healthcare: 'No',
      debit: 'No',
      durbinRegulated: 'No',
      commercial: 'No',
      payroll: 'No',
    });
    expect((await binData(BIN_INDICATOR_NUMBERS.issuingBank)).issuingBank).toBe('NETWORK ONLY');
    expect((await binData(BIN_INDICATOR_NUMBERS.countryOfIssuance)).countryOfIssuance).toBe('USA');
  });

  it('remembers each nonce in the nonce store', async () => {
    const response = await tokenize(snakeCard());
    const nonce = String(firstCard(response).nonce);
    const again = await tokenize(snakeCard());
    expect(firstCard(again).nonce).not.toBe(nonce);
  });
});

describe('card validation (422)', () => {
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ['number missing', { number: undefined }, '81714'],
    ['number empty', { number: '' }, '81714'],
    ['number with letters', { number: '4111abcd11111111' }, '81715'],
    ['number failing Luhn', { number: '4111111111111112' }, '81715'],
    ['number too short', { number: '41111111111' }, '81716'],
    ['number too long', { number: '41111111111111111111' }, '81716'],
    ['Luhn-valid Visa of 17 digits', { number: '41111111111111113' }, '81716'],
    ['type not accepted', { number: '6011111111111117' }, '81703', 'card_only_merchant'],
    ['CVV missing under the cvv challenge', { cvv: undefined }, '81706'],
    ['CVV too short', { cvv: '12' }, '81707'],
    ['CVV of 3 digits on Amex', { number: '378282246310005', cvv: '123' }, '81707'],
    ['CVV with letters', { cvv: '12a' }, '81707'],
    ['expiration missing', { expiration_month: undefined, expiration_year: undefined }, '81709'],
    [
      'expiration date unparseable',
      { expiration_month: undefined, expiration_year: undefined, expirationDate: 'soon' },
      '81710',
    ],
    ['month 13', { expiration_month: '13' }, '81712'],
    ['month 0', { expiration_month: '00' }, '81712'],
    ['year not a year', { expiration_year: '20x5' }, '81713'],
    ['year too far ahead', { expiration_year: String(new Date().getFullYear() + 25) }, '81713'],
    ['year in the past', { expiration_year: String(new Date().getFullYear() - 1) }, '81713'],
    ['cardholder name over 255', { cardholderName: 'x'.repeat(256) }, '81723'],
    ['postal code with symbols', { billing_address: { postal_code: '12$45' } }, '81813'],
    ['postal code too long', { billing_address: { postal_code: '1234567890' } }, '81809'],
    ['postal code missing under the postal challenge', { billing_address: undefined }, '81808'],
  ];

  it.each(cases)('%s → %s', async (_name, overrides, code, merchantId = 'demo_merchant') => {
    const response = await tokenize(snakeCard(overrides), merchantId);
    expect(response.status).toBe(422);
    expect(codes(response)[0]).toBe(code);
    const body = record(response.body);
    expect(record(body.error).message).toEqual(like.any(String));
    expect(record((body.fieldErrors as unknown[])[0]).field).toBe('creditCard');
  });

  it('reports a card that expired earlier this year as 81710', () => {
    const now = new Date(2030, 5, 15);
    const result = readCreditCard(
      { creditCard: snakeCard({ expiration_month: '03', expiration_year: '2030' }) },
      MERCHANTS.demo_merchant,
      now,
    );
    expect(result.ok ? [] : result.errors.map((error) => error.code)).toEqual(['81710']);
  });

  it('does not require CVV or postal code without challenges', async () => {
    const response = await tokenize(
      { number: '4111111111111111', expiration_month: month, expiration_year: String(year) },
      'card_only_merchant',
    );
    expect(response.status).toBe(201);
  });

  it('rejects every card type for a merchant without card types', async () => {
    const response = await tokenize(snakeCard(), 'wallets_only_merchant');
    expect(codes(response)).toEqual(['81703']);
  });

  it('reports all errors, number first', async () => {
    const response = await tokenize({ number: '', cvv: 'x', expiration_month: '99' });
    expect(codes(response)).toEqual(['81714', '81707', '81712', '81808']);
  });

  it('treats a body without creditCard as an empty card', async () => {
    const response = await sandbox.clientApi('demo_merchant', 'creditCards', { body: {} });
    expect(response.status).toBe(422);
    expect(codes(response)[0]).toBe('81714');
  });

  it('checks Luhn', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
  });
});

describe('vaulting with a customer-bound client token', () => {
  async function vault(auth: Record<string, string>, overrides: Record<string, unknown> = {}) {
    return tokenize(snakeCard({ options: { validate: true }, ...overrides }), 'demo_merchant', auth);
  }

  async function savedNumbers(auth: Record<string, string>): Promise<string[]> {
    // Default first, as the panel asks for them.
    const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
      auth,
      query: { defaultFirst: '1' },
    });
    const methods = record(response.body).paymentMethods as unknown[];
    return methods.map((method) => String(record(record(method).details).lastFour));
  }

  it('vaults the card to the customer with validate: true', async () => {
    const auth = await customerToken('vault_shopper');
    expect((await vault(auth, { number: '378282246310005', cvv: '1234' })).status).toBe(201);
    expect(await savedNumbers(auth)).toEqual(['0005']);
  });

  it('does not vault without validate: a single-use nonce only', async () => {
    const auth = await customerToken('guest_like_shopper');
    expect((await tokenize(snakeCard(), 'demo_merchant', auth)).status).toBe(201);
    expect(await savedNumbers(auth)).toEqual([]);
  });

  it('does not vault under a tokenization key even with validate: true', async () => {
    const response = await tokenize(snakeCard({ options: { validate: true } }));
    expect(response.status).toBe(201);
  });

  it('answers 81724 on a duplicate with failOnDuplicatePaymentMethod', async () => {
    const auth = await customerToken('returning_shopper', { failOnDuplicatePaymentMethod: true });
    const duplicate = await vault(auth, { number: '4111111111111111' });
    expect(duplicate.status).toBe(422);
    expect(fieldErrors(duplicate)[0]).toMatchObject({ field: 'number', code: '81724' });
    expect((await vault(auth, { number: '4012888888881881' })).status).toBe(201);
  });

  it('vaults a duplicate without failOnDuplicatePaymentMethod', async () => {
    const auth = await customerToken('returning_shopper');
    expect((await vault(auth, { number: '4111111111111111' })).status).toBe(201);
  });

  it('makes the new card the default with makeDefault', async () => {
    const auth = await customerToken('returning_shopper', { makeDefault: true });
    expect((await vault(auth, { number: '6011111111111117' })).status).toBe(201);
    expect((await savedNumbers(auth))[0]).toBe('1117');
  });

  describe('with verifyCard', () => {
    let auth: Record<string, string>;
    beforeEach(async () => {
      auth = await customerToken('verified_shopper', { verifyCard: true });
    });

    it('vaults a card that verifies', async () => {
      expect((await vault(auth)).status).toBe(201);
    });

    it.each(PROCESSOR_DECLINED_NUMBERS.map((number) => [number]))('declines %s (2000)', async (number) => {
      const cvv = number.startsWith('37') ? '1234' : '123';
      const response = await vault(auth, { number, cvv });
      expect(response.status).toBe(422);
      const body = record(response.body);
      expect(record(body.error).message).toBe('Credit card verification failed');
      expect(record(body.verification)).toMatchObject({
        status: 'processor_declined',
        processorResponseCode: '2000',
      });
      expect(await savedNumbers(auth)).toEqual([]);
    });

    it('fails the processor-failure number (3000)', async () => {
      const response = await vault(auth, { number: PROCESSOR_FAILURE_NUMBERS[0] });
      expect(response.status).toBe(422);
      expect(record(record(response.body).verification)).toMatchObject({
        status: 'failed',
        processorResponseCode: '3000',
      });
    });

    it('rejects the fraud number as gateway rejected (fraud)', async () => {
      const response = await vault(auth, { number: FRAUD_NUMBERS[0] });
      expect(response.status).toBe(422);
      expect(record(record(response.body).verification)).toMatchObject({
        status: 'gateway_rejected',
        gatewayRejectionReason: 'fraud',
      });
    });

    it('answers 81736 on cvv for CVV 200', async () => {
      const response = await vault(auth, { cvv: '200' });
      expect(response.status).toBe(422);
      expect(fieldErrors(response)[0]).toMatchObject({ field: 'cvv', code: '81736' });
    });

    it('answers 81737 on postalCode for postal code 20000', async () => {
      const response = await vault(auth, { billing_address: { postal_code: '20000' } });
      expect(response.status).toBe(422);
      expect(fieldErrors(response)[0]).toMatchObject({ field: 'postalCode', code: '81737' });
    });

    it('does not verify when the card is not vaulted', async () => {
      const response = await tokenize(
        snakeCard({ number: PROCESSOR_DECLINED_NUMBERS[0] }),
        'demo_merchant',
        auth,
      );
      expect(response.status).toBe(201);
    });
  });
});
