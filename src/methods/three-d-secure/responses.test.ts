import { describe, expect, inject, it } from 'vitest';
import {
  FAILED_AUTHENTICATION_MESSAGE,
  UNREADABLE_AUTH_RESPONSE_MESSAGE,
  readAuthResponse,
  readLookupAnswer,
} from './responses';

const { gateway } = inject('localOrigins');

const INFO = {
  liabilityShifted: false,
  liabilityShiftPossible: true,
  status: 'lookup_enrolled',
  enrolled: 'Y',
};

const METHOD = {
  nonce: 'tokencc_sb_lookup',
  type: 'CreditCard',
  description: 'ending in 02',
  details: { cardType: 'Visa', lastTwo: '02' },
  threeDSecureInfo: INFO,
};

const LOOKUP = {
  acsUrl: `${gateway}/sandbox/three-d-secure/acs`,
  pareq: 'sandbox-pareq-1',
  md: 'sandbox-md-1',
  termUrl: `${gateway}/merchants/m/client_api/v1/three_d_secure/term?session=1`,
};

const TOP_INFO = { liabilityShifted: false, liabilityShiftPossible: true };

describe('readLookupAnswer', () => {
  it('reads a challenge, keeping the extra fields of the flags and dropping the card’s others', () => {
    expect(readLookupAnswer({ paymentMethod: METHOD, threeDSecureInfo: TOP_INFO, lookup: LOOKUP })).toEqual({
      paymentMethod: {
        nonce: METHOD.nonce,
        description: METHOD.description,
        details: METHOD.details,
        threeDSecureInfo: INFO,
      },
      threeDSecureInfo: TOP_INFO,
      challenge: LOOKUP,
    });
  });

  it.each([
    ['no lookup', undefined],
    ['a null lookup', null],
    ['a null acsUrl', { ...LOOKUP, acsUrl: null }],
    ['an empty acsUrl', { ...LOOKUP, acsUrl: '' }],
    ['no acsUrl and nothing else', {}],
  ])('reads no challenge with %s', (_, lookup) => {
    const answer = readLookupAnswer({
      paymentMethod: { nonce: 'tokencc_1' },
      threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false },
      ...(lookup === undefined ? {} : { lookup }),
    });
    expect(answer).toEqual({
      paymentMethod: { nonce: 'tokencc_1' },
      threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false },
      challenge: null,
    });
  });

  it('keeps an empty MD, and leaves out card flags it cannot read', () => {
    const answer = readLookupAnswer({
      paymentMethod: { ...METHOD, threeDSecureInfo: { liabilityShifted: 'no' } },
      threeDSecureInfo: TOP_INFO,
      lookup: { ...LOOKUP, md: '' },
    });
    expect(answer?.challenge?.md).toBe('');
    expect(answer?.paymentMethod).not.toHaveProperty('threeDSecureInfo');
  });

  it.each([
    ['no card', { threeDSecureInfo: TOP_INFO }],
    ['a card without nonce', { paymentMethod: { details: {} }, threeDSecureInfo: TOP_INFO }],
    ['an empty nonce', { paymentMethod: { nonce: '' }, threeDSecureInfo: TOP_INFO }],
    ['no flags', { paymentMethod: METHOD }],
    ['flags that are no booleans', { paymentMethod: METHOD, threeDSecureInfo: { liabilityShifted: 0 } }],
    [
      'an http bank',
      {
        paymentMethod: METHOD,
        threeDSecureInfo: TOP_INFO,
        lookup: { ...LOOKUP, acsUrl: 'http://acs.example/' },
      },
    ],
    [
      'a javascript: bank',
      {
        paymentMethod: METHOD,
        threeDSecureInfo: TOP_INFO,
        lookup: { ...LOOKUP, acsUrl: 'javascript:alert(1)' },
      },
    ],
    [
      'a bank without PaReq',
      { paymentMethod: METHOD, threeDSecureInfo: TOP_INFO, lookup: { ...LOOKUP, pareq: null } },
    ],
    [
      'a bank without MD',
      { paymentMethod: METHOD, threeDSecureInfo: TOP_INFO, lookup: { ...LOOKUP, md: undefined } },
    ],
    [
      'a bank without term URL',
      { paymentMethod: METHOD, threeDSecureInfo: TOP_INFO, lookup: { ...LOOKUP, termUrl: '' } },
    ],
    ['text', 'not json'],
  ])('refuses an answer with %s', (_, data) => {
    expect(readLookupAnswer(data)).toBeNull();
  });
});

describe('readAuthResponse', () => {
  const authenticated = {
    success: true,
    paymentMethod: { ...METHOD, nonce: 'tokencc_sb_authenticated' },
    threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
  };

  it('authenticates with the answer’s card and flags', () => {
    expect(readAuthResponse(authenticated)).toEqual({
      kind: 'authenticated',
      paymentMethod: {
        nonce: 'tokencc_sb_authenticated',
        description: METHOD.description,
        details: METHOD.details,
        threeDSecureInfo: INFO,
      },
      threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
    });
  });

  it('falls back to the lookup’s card when a failed authentication keeps a shift possible', () => {
    const info = { liabilityShifted: false, liabilityShiftPossible: true, status: 'authenticate_failed' };
    expect(
      readAuthResponse({
        success: false,
        error: { message: 'Failed' },
        fieldErrors: [],
        threeDSecureInfo: info,
      }),
    ).toEqual({ kind: 'lookupMethod', threeDSecureInfo: info });
  });

  it('fails with the answer’s message otherwise', () => {
    expect(
      readAuthResponse({
        success: false,
        error: { message: 'Failed to authenticate, please try a different form of payment.' },
        threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false },
      }),
    ).toEqual({
      kind: 'failed',
      message: 'Failed to authenticate, please try a different form of payment.',
    });
    expect(readAuthResponse({ success: false })).toEqual({
      kind: 'failed',
      message: FAILED_AUTHENTICATION_MESSAGE,
    });
    expect(readAuthResponse({ success: false, error: { message: 42 } })).toEqual({
      kind: 'failed',
      message: FAILED_AUTHENTICATION_MESSAGE,
    });
  });

  it.each([
    ['no answer', null],
    ['a success without card', { ...authenticated, paymentMethod: undefined }],
    ['a success with a card without nonce', { ...authenticated, paymentMethod: { details: {} } }],
    ['a success without flags', { ...authenticated, threeDSecureInfo: undefined }],
    [
      'a success whose flags cannot be read',
      { ...authenticated, threeDSecureInfo: { liabilityShifted: 'yes' } },
    ],
  ])('fails as unreadable with %s', (_, response) => {
    expect(readAuthResponse(response)).toEqual({ kind: 'failed', message: UNREADABLE_AUTH_RESPONSE_MESSAGE });
  });

  it('does not claim a shift for a success whose card cannot be read, even when its flags say so', () => {
    expect(readAuthResponse({ ...authenticated, paymentMethod: { nonce: 7 } }).kind).toBe('failed');
  });

  it('treats a truthy success that is not `true` as no success', () => {
    const info = { liabilityShifted: false, liabilityShiftPossible: true };
    expect(readAuthResponse({ ...authenticated, success: 'true', threeDSecureInfo: info })).toEqual({
      kind: 'lookupMethod',
      threeDSecureInfo: info,
    });
  });
});
