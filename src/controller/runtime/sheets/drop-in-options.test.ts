import { describe, expect, it } from 'vitest';
import type { DataCollectorOptions, DataCollectorSettings } from '../../../model/options';
import { collectorOptions } from './device-data';
import { listedMethodTypes } from './saved-methods';

describe('listedMethodTypes', () => {
  it('lists saved cards and PayPal accounts of the options on offer, never saved wallets', () => {
    expect(listedMethodTypes(['card', 'paypal', 'applePay', 'googlePay'])).toEqual([
      'CreditCard',
      'PayPalAccount',
    ]);
    expect(listedMethodTypes(['paypalCredit'])).toEqual(['PayPalAccount']);
    expect(listedMethodTypes(['applePay', 'googlePay'])).toEqual([]);
    // Saved Venmo accounts neither, whether or not the merchant hides them.
    expect(listedMethodTypes(['card', 'venmo'])).toEqual(['CreditCard']);
    expect(listedMethodTypes(['venmo'], [])).toEqual([]);
  });

  it('leaves out the types the merchant hides, and ignores ids it does not know', () => {
    expect(listedMethodTypes(['card', 'paypal'], ['paypal', 'venmo', 'nonsense'])).toEqual(['CreditCard']);
    expect(listedMethodTypes(['card', 'paypal', 'paypalCredit'], ['paypal'])).toEqual([
      'CreditCard',
      'PayPalAccount',
    ]);
    expect(listedMethodTypes(['card', 'paypal', 'paypalCredit'], ['card', 'paypal', 'paypalCredit'])).toEqual(
      [],
    );
  });
});

describe('collectorOptions', () => {
  it.each<[Exclude<DataCollectorOptions, false>, DataCollectorSettings]>([
    [true, { paypal: true }],
    [{}, { paypal: true }],
    [{ kount: false }, { kount: false, paypal: true }],
    [
      { riskCorrelationId: 'r-1' } as DataCollectorSettings,
      { riskCorrelationId: 'r-1', paypal: true } as DataCollectorSettings,
    ],
    [{ paypal: false }, { paypal: false }],
    [{ kount: true }, { kount: true }],
    [
      { kount: true, paypal: true },
      { kount: true, paypal: true },
    ],
  ])('collects for %j what %j says', (option, expected) => {
    expect(collectorOptions(option)).toEqual(expected);
  });
});
