import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_BRANDS, type CardBrandType } from '../../src/shared/card-brands';
import { detectBrands, toCandidate } from './card-types';
import { validateField } from './validate';

const CARDS: Record<CardBrandType, string> = {
  visa: '4111111111111111',
  'master-card': '5555555555554444',
  'american-express': '378282246310005',
  'diners-club': '30569309025904',
  discover: '6011111111111117',
  jcb: '3530111333300000',
  unionpay: '6212345678901265',
  maestro: '6304000000000000',
};

const ALL_CONFIGURED = ['Visa', 'MasterCard', 'American Express', 'Discover', 'JCB', 'UnionPay', 'Maestro'];

describe('number', () => {
  it.each(Object.entries(CARDS))('detects and accepts %s', (type, number) => {
    expect(detectBrands(number).map((b) => b.type)).toEqual([type]);
    expect(validateField('number', number, { supportedCardTypes: ALL_CONFIGURED })).toEqual({
      isValid: true,
      isPotentiallyValid: true,
    });
  });

  it('knows only the eight brands, as our type ids', () => {
    expect(detectBrands('').map((b) => b.type)).toEqual(Object.keys(CARD_BRANDS));
    expect(detectBrands('5555')[0]?.type).toBe('master-card');
    // Elo, Mir, Hipercard… are not ours.
    expect(detectBrands('2200')).toEqual([]);
    expect(toCandidate(CARD_BRANDS['american-express'])).toEqual({
      type: 'american-express',
      niceType: 'American Express',
      code: { name: 'CID', size: 4 },
    });
  });

  it('is potentially valid while typing, not when no brand fits or the check digit is wrong', () => {
    expect(validateField('number', '')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('number', '4111')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('number', '1234')).toEqual({ isValid: false, isPotentiallyValid: false });
    expect(validateField('number', '4111111111111112')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('number', '5555555555554443')).toEqual({
      isValid: false,
      isPotentiallyValid: false,
    });
  });

  it('takes UnionPay lengths 16 to 19 only', () => {
    expect(validateField('number', '6212345678901265123').isValid).toBe(true);
    expect(validateField('number', '62123456789012').isValid).toBe(false);
  });

  it('refuses a brand the merchant does not accept', () => {
    expect(validateField('number', CARDS.visa, { supportedCardTypes: ['MasterCard'] })).toEqual({
      isValid: false,
      isPotentiallyValid: false,
    });
    expect(validateField('number', '4111', { supportedCardTypes: ['MasterCard'] }).isPotentiallyValid).toBe(
      false,
    );
  });

  it('accepts Diners Club under the configured name Discover (the reference quirk)', () => {
    expect(validateField('number', CARDS['diners-club'], { supportedCardTypes: ['Discover'] }).isValid).toBe(
      true,
    );
    expect(
      validateField('number', CARDS['diners-club'], { supportedCardTypes: ['Diners Club'] }).isValid,
    ).toBe(false);
  });
});

describe('cvv', () => {
  it('follows the brand’s code size', () => {
    const amex = { brand: CARD_BRANDS['american-express'] };
    const visa = { brand: CARD_BRANDS.visa };
    expect(validateField('cvv', '123', amex)).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('cvv', '1234', amex).isValid).toBe(true);
    expect(validateField('cvv', '123', visa).isValid).toBe(true);
    expect(validateField('cvv', '1234', visa)).toEqual({ isValid: false, isPotentiallyValid: false });
  });

  it('takes the default 3 digits while the brand is unknown, as many as the field lets in', () => {
    expect(validateField('cvv', '12')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('cvv', '123').isValid).toBe(true);
    // Left over from a brand the number no longer has: invalid, for the shopper to correct.
    expect(validateField('cvv', '1234')).toEqual({ isValid: false, isPotentiallyValid: false });
    expect(validateField('cvv', '').isPotentiallyValid).toBe(true);
  });
});

describe('expiration', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the current month up to 19 years ahead', () => {
    expect(validateField('expirationDate', '0526').isValid).toBe(true);
    expect(validateField('expirationDate', '0426')).toEqual({ isValid: false, isPotentiallyValid: false });
    expect(validateField('expirationDate', '1245').isValid).toBe(true);
    expect(validateField('expirationDate', '1246').isValid).toBe(false);
    expect(validateField('expirationDate', '122045').isValid).toBe(true);
    expect(validateField('expirationDate', '122046').isValid).toBe(false);
  });

  it('is potentially valid while incomplete', () => {
    expect(validateField('expirationDate', '')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('expirationDate', '1')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('expirationDate', '12')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('expirationDate', '13')).toEqual({ isValid: false, isPotentiallyValid: false });
  });

  it('validates month and year fields apart', () => {
    expect(validateField('expirationMonth', '12').isValid).toBe(true);
    expect(validateField('expirationMonth', '13').isValid).toBe(false);
    expect(validateField('expirationYear', '2045').isValid).toBe(true);
    expect(validateField('expirationYear', '2046').isValid).toBe(false);
    expect(validateField('expirationYear', '2025').isValid).toBe(false);
  });
});

describe('postal code and cardholder name', () => {
  it('needs 3 characters of letters, digits, spaces or hyphens', () => {
    expect(validateField('postalCode', '12')).toEqual({ isValid: false, isPotentiallyValid: true });
    expect(validateField('postalCode', '123').isValid).toBe(true);
    expect(validateField('postalCode', 'SW1A 1AA').isValid).toBe(true);
    expect(validateField('postalCode', '1234-5').isValid).toBe(true);
    expect(validateField('postalCode', '12#4')).toEqual({ isValid: false, isPotentiallyValid: false });
    expect(validateField('postalCode', '1234', { minLength: 5 }).isValid).toBe(false);
  });

  it('takes no name, or a name of at most 255 characters', () => {
    expect(validateField('cardholderName', '')).toEqual({ isValid: true, isPotentiallyValid: true });
    expect(validateField('cardholderName', 'Ada Lovelace').isValid).toBe(true);
    expect(validateField('cardholderName', 'a'.repeat(255)).isValid).toBe(true);
    expect(validateField('cardholderName', 'a'.repeat(256))).toEqual({
      isValid: false,
      isPotentiallyValid: false,
    });
  });
});
