import { describe, expect, it } from 'vitest';
import { OPTION_ATTRIBUTES, OPTION_PROPERTIES, parseOption } from './options';
import type { PanelOptionName } from '../panel/panel-options';

describe('the card option', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['{"cardholderName":true}', { cardholderName: true }],
    [{ cardholderName: { required: true } }, { cardholderName: { required: true } }],
    [{ cardholderName: false, overrides: {} }, { cardholderName: false }],
  ])('reads %j', (input, expected) => {
    expect(parseOption('card', input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['malformed JSON', '{cardholderName: true'],
    ['a wrong type', { cardholderName: 'yes' }],
    ['a wrong nested type', '{"cardholderName":{"required":"yes"}}'],
    ['an array', '[]'],
    ['a number', 42],
  ])('refuses %s with INVALID_OPTION', (_, input) => {
    const parsed = parseOption('card', input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('INVALID_OPTION');
      expect(parsed.error.message).toBe('The card option is invalid.');
      expect(parsed.error.details?.reason).toEqual(expect.any(String));
    }
  });
});

describe('every option', () => {
  it('has one attribute, and each attribute names its property', () => {
    for (const [property, attribute] of Object.entries(OPTION_ATTRIBUTES)) {
      expect(OPTION_PROPERTIES[attribute]).toBe(property);
    }
    expect(Object.keys(OPTION_ATTRIBUTES)).toHaveLength(10);
  });

  it.each<[PanelOptionName, unknown, unknown, boolean?]>([
    ['locale', 'de_DE', 'de_DE', true],
    ['locale', ' fr-CA ', 'fr-CA', true],
    ['translations', '{"payWithCard":"Karte"}', { payWithCard: 'Karte' }, true],
    ['paymentOptionPriority', '["paypal","card"]', ['paypal', 'card'], true],
    ['paymentOptionPriority', 'paypal card', ['paypal', 'card'], true],
    ['paymentOptionPriority', 'paypal, card', ['paypal', 'card'], true],
    ['paymentOptionPriority', '"card"', 'card', true],
    ['paymentOptionPriority', { not: 'an array' }, { not: 'an array' }],
    [
      'paypal',
      '{"flow":"checkout","amount":"10.00","currency":"USD","intent":"sale"}',
      {
        flow: 'checkout',
        amount: '10.00',
        currency: 'USD',
        intent: 'sale',
      },
      true,
    ],
    ['paypalCredit', { flow: 'vault' }, { flow: 'vault' }],
    [
      'applePay',
      { displayName: 'Shop', paymentRequest: { total: { label: 'Shop', amount: '1.00' } } },
      {
        displayName: 'Shop',
        paymentRequest: { total: { label: 'Shop', amount: '1.00' } },
      },
    ],
    ['threeDSecure', '{"amount":"10.00"}', { amount: '10.00' }, true],
    ['threeDSecure', { amount: 10 }, { amount: 10 }],
    ['dataCollector', '{"kount":true}', { kount: true }, true],
    ['dataCollector', { paypal: true, kount: false }, { paypal: true, kount: false }],
    ['preselectVaultedPaymentMethod', '', true, true],
    ['preselectVaultedPaymentMethod', 'true', true, true],
    ['preselectVaultedPaymentMethod', 'false', false, true],
    ['preselectVaultedPaymentMethod', false, false],
  ])('%s reads %j', (option, input, expected, fromAttribute = false) => {
    expect(parseOption(option, input, fromAttribute)).toEqual({ ok: true, value: expected });
  });

  it.each<[PanelOptionName, unknown, boolean?]>([
    ['locale', 'not a locale', true],
    ['locale', 42],
    ['translations', '{"payWithCard":3}', true],
    ['translations', '[', true],
    ['paymentOptionPriority', '[card]', true],
    ['paypal', '{"flow":"later"}', true],
    ['paypal', 'true', true],
    ['paypalCredit', { amount: -1 }],
    ['applePay', { paymentRequest: 'total' }],
    ['threeDSecure', '{}', true],
    ['threeDSecure', { amount: '' }],
    ['dataCollector', '{}', true],
    ['dataCollector', { kount: false }],
    ['dataCollector', { kount: 'yes' }],
    ['preselectVaultedPaymentMethod', 'no', true],
    ['preselectVaultedPaymentMethod', 0],
  ])('%s refuses %j with INVALID_OPTION naming it', (option, input, fromAttribute = false) => {
    const parsed = parseOption(option, input, fromAttribute);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('INVALID_OPTION');
      expect(parsed.error.message).toBe(`The ${option} option is invalid.`);
    }
  });
});
