import { describe, expect, it } from 'vitest';
import { isPanelError } from '../shared/errors';
import { readRequestOptions, readThreeDSecureOption } from './three-d-secure-options';

/** The error a read throws, or `null` when it reads. */
function refusalOf(read: () => unknown): { code: string; message: string; reason: unknown } | null {
  try {
    read();
    return null;
  } catch (error) {
    if (!isPanelError(error)) throw error;
    return { code: error.code, message: error.message, reason: error.details?.reason };
  }
}

const hostile = (key: string): object =>
  Object.defineProperty({}, key, {
    enumerable: true,
    get: () => {
      throw new Error('hostile');
    },
  });

describe('the threeDSecure option, read whole', () => {
  // The reason spells out the whole option, as for every option of two forms.
  it('keeps the keys it knows, an issuer field of additionalInformation included, and drops the rest', () => {
    expect(
      readThreeDSecureOption({
        amount: '10.00',
        email: 'pat@example.com',
        billingAddress: { givenName: 'Pat', countryCodeAlpha2: 'US' },
        additionalInformation: { acsWindowSize: '05', shippingMethod: '01' },
        challengeRequested: true,
        requestedExemptionType: 'low_value',
        accountType: 'debit',
        cardinalSDKConfig: { timeout: 8000 },
        unknown: 'dropped',
      }),
    ).toEqual({
      amount: '10.00',
      email: 'pat@example.com',
      billingAddress: { givenName: 'Pat', countryCodeAlpha2: 'US' },
      additionalInformation: { acsWindowSize: '05', shippingMethod: '01' },
      challengeRequested: true,
      requestedExemptionType: 'low_value',
      accountType: 'debit',
      cardinalSDKConfig: { timeout: 8000 },
    });
    expect(readThreeDSecureOption(true)).toBe(true);
    expect(readThreeDSecureOption(false)).toBe(false);
  });

  it.each<[string, unknown, RegExp | string]>([
    ['an empty amount', { amount: '' }, /^expected boolean \| \{"amount"\?: a non-empty string/],
    [
      'Songbird settings as text',
      { cardinalSDKConfig: 'verbose' },
      /^expected boolean \| \{"amount"\?: a non-empty string/,
    ],
    [
      'a sixth window size',
      { amount: '1', additionalInformation: { acsWindowSize: '06' } },
      /^expected boolean \| \{"amount"\?: a non-empty string/,
    ],
    [
      'a number as a name',
      { amount: '1', billingAddress: { givenName: 1 } },
      /^expected boolean \| \{"amount"\?: a non-empty string/,
    ],
    [
      'an exemption of no kind',
      { amount: '1', requestedExemptionType: 'whim' },
      /^expected boolean \| \{"amount"\?: a non-empty string/,
    ],
    [
      'yes as text',
      { amount: '1', challengeRequested: 'yes' },
      /^expected boolean \| \{"amount"\?: a non-empty string/,
    ],
    [
      'a savings account',
      { amount: '1', accountType: 'savings' },
      /expected boolean \| \{.*"accountType"\?: "credit" \| "debit"/,
    ],
    ['a throwing getter', hostile('amount'), 'the value cannot be read'],
  ])('refuses %s with INVALID_OPTION naming threeDSecure, and says why', (_what, value, reason) => {
    const refusal = refusalOf(() => readThreeDSecureOption(value));
    expect(refusal).toMatchObject({ code: 'INVALID_OPTION', message: 'The threeDSecure option is invalid.' });
    if (typeof reason === 'string') expect(refusal?.reason).toBe(reason);
    else expect(refusal?.reason).toMatch(reason);
  });
});

describe('the options of one request', () => {
  it('reads threeDSecure with every key optional, and counts anything but an object as none', () => {
    expect(readRequestOptions(undefined)).toEqual({});
    expect(readRequestOptions('x')).toEqual({});
    expect(readRequestOptions({})).toEqual({});
    const given = { threeDSecure: { challengeRequested: true } };
    const read = readRequestOptions(given);
    expect(read).toEqual(given);
    // A copy: what the merchant changes afterwards is not what the request verifies.
    expect(read.threeDSecure).not.toBe(given.threeDSecure);
  });

  it('refuses a threeDSecure that does not fit, or cannot be read, with INVALID_OPTION and why', () => {
    expect(refusalOf(() => readRequestOptions({ threeDSecure: { amount: -1 } }))).toMatchObject({
      code: 'INVALID_OPTION',
      message: 'The threeDSecure option is invalid.',
      reason: expect.stringMatching(/^"amount" does not fit/) as unknown,
    });
    expect(refusalOf(() => readRequestOptions(hostile('threeDSecure')))).toMatchObject({
      code: 'INVALID_OPTION',
      reason: 'the value cannot be read',
    });
  });
});
