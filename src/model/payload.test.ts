import { describe, expect, it } from 'vitest';
import { toMerchantPayload, type RawPaymentMethod } from './payload';

const binData = { prepaid: 'No', debit: 'Unknown', issuingBank: 'Unknown' };

const rawCard = (extra: Partial<RawPaymentMethod> = {}): RawPaymentMethod => ({
  nonce: 'card-nonce',
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111' },
  type: 'CreditCard',
  description: 'ending in 11',
  binData,
  ...extra,
});

describe('toMerchantPayload', () => {
  it('keeps nonce, details, type, the card description and binData', () => {
    const raw = rawCard();
    const payload = toMerchantPayload(raw);
    expect(payload).toStrictEqual({
      nonce: 'card-nonce',
      details: raw.details,
      type: 'CreditCard',
      description: 'ending in 11',
      binData,
    });
    expect(payload.details).toBe(raw.details);
  });

  it('keeps vaulted only when set', () => {
    expect(toMerchantPayload(rawCard({ vaulted: true })).vaulted).toBe(true);
    expect(toMerchantPayload(rawCard({ vaulted: false }))).not.toHaveProperty('vaulted');
    expect(toMerchantPayload(rawCard())).not.toHaveProperty('vaulted');
  });

  it('keeps the description only for cards', () => {
    const applePay = toMerchantPayload({
      nonce: 'apple-nonce',
      details: { cardType: 'Visa', cardHolderName: 'A Shopper', dpanLastTwo: '81' },
      type: 'ApplePayCard',
      description: 'Visa 81',
      binData,
      payment: { token: {} },
    });
    expect(applePay).toStrictEqual({
      nonce: 'apple-nonce',
      details: { cardType: 'Visa', cardHolderName: 'A Shopper', dpanLastTwo: '81' },
      type: 'ApplePayCard',
      binData,
    });
    expect(toMerchantPayload(rawCard({ description: undefined }))).not.toHaveProperty('description');
  });

  it('keeps both liability fields only when a shift was possible', () => {
    expect(
      toMerchantPayload(rawCard({ liabilityShifted: true, liabilityShiftPossible: true })),
    ).toMatchObject({
      liabilityShifted: true,
      liabilityShiftPossible: true,
    });
    expect(
      toMerchantPayload(rawCard({ liabilityShifted: false, liabilityShiftPossible: true })),
    ).toMatchObject({
      liabilityShifted: false,
      liabilityShiftPossible: true,
    });
    for (const liabilityShiftPossible of [false, null, undefined]) {
      const payload = toMerchantPayload(rawCard({ liabilityShifted: false, liabilityShiftPossible }));
      expect(payload).not.toHaveProperty('liabilityShifted');
      expect(payload).not.toHaveProperty('liabilityShiftPossible');
    }
  });

  it('adds deviceData when given', () => {
    expect(toMerchantPayload(rawCard(), { deviceData: '{"correlation_id":"abc"}' }).deviceData).toBe(
      '{"correlation_id":"abc"}',
    );
    expect(toMerchantPayload(rawCard(), {})).not.toHaveProperty('deviceData');
  });

  it('keeps binData only when present', () => {
    expect(toMerchantPayload(rawCard({ binData: undefined }))).not.toHaveProperty('binData');
    expect(toMerchantPayload(rawCard({ binData: null }))).not.toHaveProperty('binData');
  });

  it('drops what is no field of the payload, such as a creditFinancingOffered beside the details', () => {
    const payload = toMerchantPayload(
      {
        nonce: 'paypal-nonce',
        details: { email: 'shopper@example.com', payerId: 'PAYER' },
        type: 'PayPalAccount',
        vaulted: true,
        creditFinancingOffered: { totalCost: { value: '10.00', currency: 'USD' } },
      } as RawPaymentMethod,
      { deviceData: 'dd' },
    );
    expect(payload).toStrictEqual({
      nonce: 'paypal-nonce',
      details: { email: 'shopper@example.com', payerId: 'PAYER' },
      type: 'PayPalAccount',
      vaulted: true,
      deviceData: 'dd',
    });
  });

  it("keeps a card's 3D Secure 2 details, and no other method's", () => {
    const info = { liabilityShifted: true, liabilityShiftPossible: true, status: 'authenticate_successful' };
    expect(toMerchantPayload(rawCard({ threeDSecureInfo: info })).threeDSecureInfo).toBe(info);
    const paypal = toMerchantPayload({
      nonce: 'paypal-nonce',
      details: { email: 'a@b.c' },
      type: 'PayPalAccount',
      threeDSecureInfo: info,
    });
    expect(paypal).not.toHaveProperty('threeDSecureInfo');
  });
});
