import { describe, expect, it } from 'vitest';
import {
  PAYPAL_TOKEN_MAX_LENGTH,
  cancelMessage,
  parsePayPalReturnMessage,
  returnMessageFromQuery,
  type PayPalReturnMessage,
  paypalReturnMessage,
} from './paypal-messages';
import { expectReadsItsShape } from './test-support';

const approved: PayPalReturnMessage = {
  type: 'paypalApproved',
  version: '1.9.2',
  data: { paymentId: 'PAYID-1', token: 'EC-1', PayerID: 'PAYER1' },
};

/** The panel's own part of a return URL's query, which PayPal keeps and adds to. */
const PANEL_QUERY =
  '?channel=0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10&origin=https%3A%2F%2Fshop.test&version=1.9.2';

describe('parsePayPalReturnMessage', () => {
  it('reads an approved checkout, an approved agreement and a cancellation', () => {
    expect(parsePayPalReturnMessage(approved)).toEqual(approved);
    const vault = { type: 'paypalApproved', version: '1.9.2', data: { ba_token: 'BA-1', token: 'EC-2' } };
    expect(parsePayPalReturnMessage(vault)).toEqual(vault);
    expect(
      parsePayPalReturnMessage({ type: 'paypalApproved', version: '1.9.2', data: { ba_token: 'BA-1' } }),
    ).toEqual({ type: 'paypalApproved', version: '1.9.2', data: { ba_token: 'BA-1' } });
    expect(parsePayPalReturnMessage({ type: 'paypalCancelled', version: '1.9.2' })).toEqual({
      type: 'paypalCancelled',
      version: '1.9.2',
    });
  });

  it('drops unknown keys', () => {
    expect(
      parsePayPalReturnMessage({
        ...approved,
        extra: 1,
        data: { ...approved.data, channel: 'x', __proto__: { a: 1 } },
      }),
    ).toEqual(approved);
  });

  it.each([
    ['an unknown type', { ...approved, type: 'paypalError' }],
    ['no version', { type: 'paypalCancelled' }],
    ['a checkout without payer', { ...approved, data: { paymentId: 'PAYID-1', token: 'EC-1' } }],
    ['a checkout without payment id', { ...approved, data: { token: 'EC-1', PayerID: 'P' } }],
    ['a checkout without token', { ...approved, data: { paymentId: 'PAYID-1', PayerID: 'P' } }],
    ['an empty token', { ...approved, data: { ...approved.data, token: '' } }],
    ['a number payer id', { ...approved, data: { ...approved.data, PayerID: 5 } }],
    [
      'an over-long token',
      { ...approved, data: { ...approved.data, paymentId: 'x'.repeat(PAYPAL_TOKEN_MAX_LENGTH + 1) } },
    ],
    // A malformed agreement token must not turn the approval into a checkout one.
    ['a malformed agreement token', { ...approved, data: { ...approved.data, ba_token: 7 } }],
    [
      'the landing page’s old spelling',
      { ...approved, data: { paymentToken: 'EC-1', paymentID: 'P', payerID: 'P' } },
    ],
    ['an array', [approved]],
    ['a string', JSON.stringify(approved)],
    ['null', null],
  ])('refuses %s', (_, data) => {
    expect(parsePayPalReturnMessage(data)).toBeNull();
  });
});

describe('returnMessageFromQuery', () => {
  it('reads PayPal’s answer to a checkout beside the panel’s own parameters', () => {
    expect(
      returnMessageFromQuery(`${PANEL_QUERY}&paymentId=PAYID-1&token=EC-1&PayerID=PAYER1`, '1.9.2'),
    ).toEqual(approved);
  });

  it('reads an approved agreement', () => {
    expect(returnMessageFromQuery(`${PANEL_QUERY}&ba_token=BA-1&token=EC-2`, '1.9.2')).toEqual({
      type: 'paypalApproved',
      version: '1.9.2',
      data: { ba_token: 'BA-1', token: 'EC-2' },
    });
  });

  it('answers null when the query holds no approval', () => {
    expect(returnMessageFromQuery('', '1.9.2')).toBeNull();
    expect(returnMessageFromQuery(PANEL_QUERY, '1.9.2')).toBeNull();
    expect(returnMessageFromQuery(`${PANEL_QUERY}&token=EC-1`, '1.9.2')).toBeNull();
    expect(returnMessageFromQuery(`${PANEL_QUERY}&ba_token=`, '1.9.2')).toBeNull();
  });
});

describe('cancelMessage', () => {
  it('is a cancellation of the page’s version', () => {
    expect(cancelMessage('1.9.2')).toEqual({ type: 'paypalCancelled', version: '1.9.2' });
    expect(parsePayPalReturnMessage(cancelMessage('1.9.2'))).toEqual(cancelMessage('1.9.2'));
  });
});

describe('paypalReturnMessage, held to its declaration', () => {
  it('reads every message its declaration makes, and refuses every hostile variant, at every depth', () => {
    expectReadsItsShape(paypalReturnMessage);
  });
});
