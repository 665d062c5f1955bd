// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOOGLE_PAY_STAND_IN_PATH } from '../../src/shared/flavours';
import {
  GOOGLE_PAY_FINGERPRINT_MESSAGE,
  GOOGLE_PAY_REFUSED_MESSAGE,
  GOOGLE_PAY_TOKENS_PATH,
  GOOGLE_PAY_UNKNOWN_MERCHANT_MESSAGE,
} from './google-pay';
import { MERCHANTS } from '../merchants';
import { fingerprintAuth, like, record, useSandbox } from '../test-server';

const sandbox = useSandbox();

/** The tokenization parameters the panel puts in its request for demo_merchant. */
function parameters(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    gateway: 'braintree',
    'braintree:merchantId': 'demo_merchant',
    'braintree:apiVersion': 'v1',
    'braintree:sdkVersion': '3.26.0',
    'braintree:metadata': '{"source":"client"}',
    'braintree:authorizationFingerprint': MERCHANTS.demo_merchant.androidPay.googleAuthorizationFingerprint,
    ...overrides,
  };
}

function pick(card: string, overrides: Record<string, unknown> = {}) {
  return sandbox.request(GOOGLE_PAY_TOKENS_PATH, {
    method: 'POST',
    body: { card, tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: parameters(overrides) } },
  });
}

function tokenOf(body: unknown): Record<string, unknown> {
  return record(JSON.parse(String(record(body).token)));
}

describe('the Google Pay stand-in script', () => {
  it('is served from the path of the local flavour, as JavaScript any page may load', async () => {
    const response = await sandbox.request(GOOGLE_PAY_STAND_IN_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.body).toBe(readFileSync(resolve(import.meta.dirname, 'google-pay-stand-in.js'), 'utf8'));
    expect(String(response.body)).toContain('google.payments.api.PaymentsClient = PaymentsClient');
  });
});

describe('POST /google-pay/tokens', () => {
  it('mints a Google Pay card nonce the checkout knows, in the token Google hands the page', async () => {
    const response = await pick('visa');
    expect(response.status).toBe(200);
    expect(record(response.body).lastFour).toBe('1111');
    const token = tokenOf(response.body);
    const [card] = token.androidPayCards as unknown[];
    expect(card).toEqual({
      type: 'AndroidPayCard',
      nonce: like.stringMatching(/^tokenan_sb_[0-9a-f]{24}$/),
      description: 'Android Pay',
      consumed: false,
      details: {
        cardType: 'Visa',
        lastTwo: '11',
        lastFour: '1111',
        isNetworkTokenized: false,
        bin: '411111',
      },
      binData: like.objectContaining({ prepaid: 'Unknown' }),
    });
    const nonce = String(record(card).nonce);
    const page = await sandbox.request('/sandbox/checkout', {
      method: 'POST',
      body: `payment_method_nonce=${nonce}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(String(page.body)).toContain('Known nonce: yes (AndroidPayCard)');
  });

  it('answers a device token for the Mastercard test card', async () => {
    const [card] = tokenOf((await pick('mastercard')).body).androidPayCards as unknown[];
    expect(record(card).details).toMatchObject({
      cardType: 'MasterCard',
      isNetworkTokenized: true,
      lastFour: '4444',
    });
  });

  it.each([
    ['the refused test card', 'refused', {}, GOOGLE_PAY_REFUSED_MESSAGE],
    [
      'another merchant id',
      'visa',
      { 'braintree:merchantId': 'card_only_merchant' },
      GOOGLE_PAY_UNKNOWN_MERCHANT_MESSAGE,
    ],
    ['another gateway', 'visa', { gateway: 'example' }, GOOGLE_PAY_UNKNOWN_MERCHANT_MESSAGE],
    [
      'a wrong fingerprint',
      'visa',
      { 'braintree:authorizationFingerprint': 'x' },
      GOOGLE_PAY_FINGERPRINT_MESSAGE,
    ],
  ])('answers a token holding the gateway’s error for %s', async (_name, card, overrides, message) => {
    const response = await pick(card, overrides);
    expect(response.status).toBe(200);
    expect(tokenOf(response.body)).toEqual({ error: { message } });
  });

  it.each([
    ['no card', { tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: {} } }],
    [
      'an unknown card',
      { card: 'jcb', tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: {} } },
    ],
    ['no tokenization specification', { card: 'visa' }],
    [
      'another tokenization type',
      { card: 'visa', tokenizationSpecification: { type: 'DIRECT', parameters: {} } },
    ],
    ['a body that is no object', [1]],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await sandbox.request(GOOGLE_PAY_TOKENS_PATH, { method: 'POST', body });
    expect(response.status).toBe(400);
  });

  it('is logged like a gateway call, with the body the stand-in sent', async () => {
    await pick('amex');
    const log = await sandbox.request('/sandbox/requests', { query: { match: GOOGLE_PAY_TOKENS_PATH } });
    const [entry] = (log.body as unknown[]).map(record);
    expect(entry).toMatchObject({ method: 'POST', status: 200, body: { card: 'amex' } });
  });
});

describe('saved Google Pay cards', () => {
  it('lists google_pay_shopper’s card under a nonce of its own', async () => {
    const token = await sandbox.clientToken({
      merchantId: 'demo_merchant',
      customerId: 'google_pay_shopper',
    });
    const response = await sandbox.clientApi('demo_merchant', 'paymentMethods', {
      auth: fingerprintAuth(token),
    });
    expect(record(response.body).paymentMethods).toEqual([
      {
        type: 'AndroidPayCard',
        nonce: like.stringMatching(/^tokenan_sb_/),
        description: 'Android Pay',
        default: true,
        details: {
          cardType: 'Visa',
          lastTwo: '11',
          lastFour: '1111',
          isNetworkTokenized: false,
          bin: '411111',
        },
        binData: like.any(Object),
      },
    ]);
  });
});
