import { describe, expect, it } from 'vitest';
import type { GatewayConfiguration } from '../../client/configuration';
import { fakeClient } from '../../client/test-support';
import { createGooglePayment } from './google-payment';

const ANDROID_PAY = {
  enabled: true,
  displayName: 'Shop',
  environment: 'TEST',
  googleAuthorizationFingerprint: 'google-fingerprint',
  supportedNetworks: ['visa', 'mastercard', 'amex'],
};

function clientWith(overrides: Partial<GatewayConfiguration> = {}) {
  return fakeClient({
    gatewayConfiguration: {
      environment: 'sandbox',
      merchantId: 'merchant',
      clientApiUrl: 'https://gateway.test/merchants/merchant/client_api',
      assetsUrl: 'https://assets.test',
      androidPay: ANDROID_PAY,
      ...overrides,
    },
  });
}

const TRANSACTION = { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '10.00' };

function token(value: unknown): unknown {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    paymentMethodData: {
      type: 'CARD',
      description: 'Visa •••• 1111',
      tokenizationData: {
        type: 'PAYMENT_GATEWAY',
        token: typeof value === 'string' ? value : JSON.stringify(value),
      },
    },
  };
}

const CARD = {
  type: 'AndroidPayCard',
  nonce: 'tokenan_1',
  description: 'Android Pay',
  consumed: false,
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', isNetworkTokenized: false, bin: '411111' },
  binData: { prepaid: 'Unknown' },
};

describe('createGooglePayment', () => {
  it.each([
    ['no androidPay', {}],
    ['androidPay null', { androidPay: null }],
  ])('refuses %s with GOOGLE_PAYMENT_NOT_ENABLED', (_name, overrides) => {
    const client = clientWith(overrides);
    delete (client.configuration.gatewayConfiguration as Record<string, unknown>).androidPay;
    Object.assign(client.configuration.gatewayConfiguration, overrides);
    expect(() => createGooglePayment(client)).toThrow(
      expect.objectContaining({ code: 'GOOGLE_PAYMENT_NOT_ENABLED', type: 'MERCHANT' }),
    );
  });

  it.each([
    ['not an object', 'yes'],
    ['without a fingerprint', { ...ANDROID_PAY, googleAuthorizationFingerprint: '' }],
    ['without networks', { ...ANDROID_PAY, supportedNetworks: [] }],
    ['turned off', { ...ANDROID_PAY, enabled: false }],
  ])('refuses androidPay %s with GOOGLE_PAYMENT_NOT_ENABLED and the reason', (_name, androidPay) => {
    expect(() => createGooglePayment(clientWith({ androidPay }))).toThrow(
      expect.objectContaining({
        code: 'GOOGLE_PAYMENT_NOT_ENABLED',
        details: { reason: expect.any(String) as unknown },
      }),
    );
  });

  it('speaks TEST to Google unless the gateway is production, and says it started', () => {
    const client = clientWith();
    expect(createGooglePayment(client).environment).toBe('TEST');
    expect(createGooglePayment(clientWith({ environment: 'production' })).environment).toBe('PRODUCTION');
    expect(client.events).toContain('web.google-payment.initialized');
  });
});

describe('createPaymentDataRequest', () => {
  it('is the request of API version 2 with the gateway’s card method and tokenization parameters', () => {
    const request = createGooglePayment(clientWith()).createPaymentDataRequest(
      { transactionInfo: TRANSACTION },
      'google-merchant',
    );
    expect(request).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      merchantInfo: { merchantId: 'google-merchant' },
      transactionInfo: TRANSACTION,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'],
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: {
              gateway: 'braintree',
              'braintree:merchantId': 'merchant',
              'braintree:apiVersion': 'v1',
              'braintree:sdkVersion': '3.26.0',
              'braintree:metadata':
                '{"source":"client","integration":"custom","sessionId":"session-1","version":"3.26.0","platform":"web"}',
              'braintree:authorizationFingerprint': 'google-fingerprint',
            },
          },
        },
      ],
    });
  });

  it('leaves merchantInfo out without a Google merchant id', () => {
    const request = createGooglePayment(clientWith()).createPaymentDataRequest({
      transactionInfo: TRANSACTION,
    });
    expect(request).not.toHaveProperty('merchantInfo');
  });

  it('adds PayPal in Google Pay when the gateway names a PayPal client', () => {
    const client = clientWith({ androidPay: { ...ANDROID_PAY, paypalClientId: 'paypal-client' } });
    const [, paypal] = createGooglePayment(client).createPaymentDataRequest({}).allowedPaymentMethods;
    expect(paypal).toEqual({
      type: 'PAYPAL',
      parameters: {
        purchase_context: {
          purchase_units: [{ payee: { client_id: 'paypal-client' }, recurring_payment: true }],
        },
      },
      tokenizationSpecification: {
        type: 'PAYMENT_GATEWAY',
        parameters: expect.objectContaining({
          'braintree:paypalClientId': 'paypal-client',
          'braintree:authorizationFingerprint': 'google-fingerprint',
        }) as unknown,
      },
    });
  });

  it('lays the merchant’s members over its own, shallowly, and each payment method by type', () => {
    const request = createGooglePayment(clientWith()).createPaymentDataRequest({
      transactionInfo: TRANSACTION,
      emailRequired: true,
      allowedPaymentMethods: [
        { type: 'CARD', parameters: { billingAddressRequired: true, allowedCardNetworks: ['VISA'] } },
        { type: 'OTHER', parameters: {} },
        'not a method',
      ],
    });
    expect(request.emailRequired).toBe(true);
    expect(request.allowedPaymentMethods).toHaveLength(2);
    expect(request.allowedPaymentMethods[0]).toMatchObject({
      type: 'CARD',
      parameters: {
        allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
        allowedCardNetworks: ['VISA'],
        billingAddressRequired: true,
      },
      tokenizationSpecification: { type: 'PAYMENT_GATEWAY' },
    });
    expect(request.allowedPaymentMethods[1]).toEqual({ type: 'OTHER', parameters: {} });
  });

  it('asks isReadyToPay with the same methods', () => {
    const googlePayment = createGooglePayment(clientWith());
    const request = googlePayment.createPaymentDataRequest({ transactionInfo: TRANSACTION });
    expect(googlePayment.isReadyToPayRequest(request)).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: request.allowedPaymentMethods,
    });
  });
});

describe('parseResponse', () => {
  it('reads the Google Pay card of the token', () => {
    const client = clientWith();
    expect(createGooglePayment(client).parseResponse(token({ androidPayCards: [CARD] }))).toEqual({
      nonce: 'tokenan_1',
      type: 'AndroidPayCard',
      description: 'Android Pay',
      details: {
        cardType: 'Visa',
        lastFour: '1111',
        lastTwo: '11',
        isNetworkTokenized: false,
        bin: '411111',
      },
      binData: { prepaid: 'Unknown' },
    });
    expect(client.events).toContain('web.google-payment.parseResponse.succeeded.google-payment');
  });

  it('reads a PayPal account paid with in Google Pay', () => {
    const account = { nonce: 'tokenpp_1', details: { email: 'pat@example.com' } };
    expect(createGooglePayment(clientWith()).parseResponse(token({ paypalAccounts: [account] }))).toEqual({
      nonce: 'tokenpp_1',
      type: 'PayPalAccount',
      details: { email: 'pat@example.com' },
    });
  });

  it.each([
    ['a token holding the gateway’s error', token({ error: { message: 'refused' } }), { message: 'refused' }],
    ['a token that is not JSON', token('{nope'), expect.any(SyntaxError)],
    ['a token without a method', token({ androidPayCards: [] }), { androidPayCards: [] }],
    ['a card without a nonce', token({ androidPayCards: [{ ...CARD, nonce: '' }] }), expect.any(Object)],
    ['no token at all', { paymentMethodData: {} }, { paymentMethodData: {} }],
    ['nothing', undefined, undefined],
  ])('refuses %s with GOOGLE_PAYMENT_GATEWAY_ERROR and the cause', (_name, paymentData, cause) => {
    const client = clientWith();
    expect(() => createGooglePayment(client).parseResponse(paymentData)).toThrow(
      expect.objectContaining({
        code: 'GOOGLE_PAYMENT_GATEWAY_ERROR',
        type: 'UNKNOWN',
        message: 'There was an error when tokenizing the Google Pay payment method.',
        details: { originalError: cause as unknown },
      }),
    );
    expect(client.events).toContain('web.google-payment.parseResponse.failed');
  });
});
