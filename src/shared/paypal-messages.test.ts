import { describe, expect, it } from 'vitest';
import {
  PAYPAL_TOKEN_MAX_LENGTH,
  landingMessageFromQuery,
  parsePayPalLandingMessage,
  type PayPalLandingMessage,
} from './paypal-messages';

const approved: PayPalLandingMessage = {
  type: 'paypalApproved',
  version: '1.9.2',
  data: { paymentToken: 'EC-1', paymentID: 'PAYID-1', payerID: 'PAYER1' },
};

describe('parsePayPalLandingMessage', () => {
  it('reads an approved checkout, an approved agreement and a cancellation', () => {
    expect(parsePayPalLandingMessage(approved)).toEqual(approved);
    const vault = {
      type: 'paypalApproved',
      version: '1.9.2',
      data: { billingToken: 'BA-1', paymentToken: 'EC-2', payerID: 'PAYER1' },
    };
    expect(parsePayPalLandingMessage(vault)).toEqual(vault);
    expect(
      parsePayPalLandingMessage({ type: 'paypalApproved', version: '1.9.2', data: { billingToken: 'BA-1' } }),
    ).toEqual({
      type: 'paypalApproved',
      version: '1.9.2',
      data: { billingToken: 'BA-1' },
    });
    expect(parsePayPalLandingMessage({ type: 'paypalCancelled', version: '1.9.2' })).toEqual({
      type: 'paypalCancelled',
      version: '1.9.2',
    });
  });

  it('drops unknown keys', () => {
    expect(
      parsePayPalLandingMessage({
        ...approved,
        extra: 1,
        data: { ...approved.data, billing: 'x', __proto__: { a: 1 } },
      }),
    ).toEqual(approved);
  });

  it.each([
    ['an unknown type', { ...approved, type: 'paypalError' }],
    ['no version', { type: 'paypalCancelled' }],
    ['a checkout without payer', { ...approved, data: { paymentToken: 'EC-1', paymentID: 'PAYID-1' } }],
    ['a checkout without payment id', { ...approved, data: { paymentToken: 'EC-1', payerID: 'P' } }],
    ['an empty token', { ...approved, data: { ...approved.data, paymentToken: '' } }],
    ['a number token', { ...approved, data: { ...approved.data, payerID: 5 } }],
    [
      'an over-long token',
      { ...approved, data: { ...approved.data, paymentID: 'x'.repeat(PAYPAL_TOKEN_MAX_LENGTH + 1) } },
    ],
    // A malformed billing token must not turn the approval into a checkout one.
    ['a malformed billing token', { ...approved, data: { ...approved.data, billingToken: 7 } }],
    ['an array', [approved]],
    ['a string', JSON.stringify(approved)],
    ['null', null],
  ])('refuses %s', (_, data) => {
    expect(parsePayPalLandingMessage(data)).toBeNull();
  });
});

describe('landingMessageFromQuery', () => {
  it('reads the approval page’s spelling of an approved checkout', () => {
    expect(landingMessageFromQuery('?paymentToken=EC-1&paymentId=PAYID-1&PayerID=PAYER1', '1.9.2')).toEqual(
      approved,
    );
  });

  it('reads an approved agreement', () => {
    expect(landingMessageFromQuery('?billingToken=BA-1&paymentToken=EC-2&PayerID=PAYER1', '1.9.2')).toEqual({
      type: 'paypalApproved',
      version: '1.9.2',
      data: { billingToken: 'BA-1', paymentToken: 'EC-2', payerID: 'PAYER1' },
    });
  });

  it('reads a cancellation, whatever else the query holds', () => {
    expect(landingMessageFromQuery('?cancelled=1&paymentToken=EC-1', '1.9.2')).toEqual({
      type: 'paypalCancelled',
      version: '1.9.2',
    });
  });

  it('answers null for anything else', () => {
    expect(landingMessageFromQuery('', '1.9.2')).toBeNull();
    expect(landingMessageFromQuery('?paymentToken=EC-1', '1.9.2')).toBeNull();
    expect(landingMessageFromQuery('?cancelled=0', '1.9.2')).toBeNull();
  });
});
