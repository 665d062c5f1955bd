// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { payIn4Eligible, payIn4Offer } from './paypal-flows';
import { PAYPAL_PAY_IN_4 } from './test-values';

const checkout = { kind: 'checkout' as const, offerPayLater: true, currency: 'USD' };

describe('payIn4Eligible', () => {
  it('takes a USD checkout offering Pay Later from 30.00 to 1500.00, both included', () => {
    for (const amount of ['30.00', '30', '80.00', '1499.99', '1500.00', '1500']) {
      expect(payIn4Eligible({ ...checkout, amount }), amount).toBe(true);
    }
    for (const amount of ['29.99', '1500.01', '0.01', null]) {
      expect(payIn4Eligible({ ...checkout, amount }), String(amount)).toBe(false);
    }
    expect(PAYPAL_PAY_IN_4).toMatchObject({ currency: 'USD', min: '30.00', max: '1500.00', payments: 4 });
  });

  it('refuses another currency, a flow without offerPayLater and a billing agreement', () => {
    expect(payIn4Eligible({ ...checkout, amount: '80.00', currency: 'EUR' })).toBe(false);
    expect(payIn4Eligible({ ...checkout, amount: '80.00', offerPayLater: false })).toBe(false);
    expect(payIn4Eligible({ ...checkout, kind: 'vault', amount: null, currency: null })).toBe(false);
  });
});

describe('payIn4Offer', () => {
  it('spreads the amount over four interest-free payments', () => {
    expect(payIn4Offer({ amount: '80.00', currency: 'USD' })).toEqual({
      totalCost: { value: '80.00', currency: 'USD' },
      term: 4,
      monthlyPayment: { value: '20.00', currency: 'USD' },
      totalInterest: { value: '0.00', currency: 'USD' },
      payerAcceptance: true,
      cartAmountImmutable: false,
    });
  });

  it('rounds each regular payment down, so four never cost more than the amount', () => {
    for (const amount of ['30.00', '100.03', '99.99', '1500.00', '31.01']) {
      const plan = payIn4Offer({ amount, currency: 'USD' });
      const cents = Math.round(Number(amount) * 100);
      const payment = Math.round(Number(plan.monthlyPayment.value) * 100);
      expect(plan.totalCost.value, amount).toBe((cents / 100).toFixed(2));
      expect(payment * 4, amount).toBeLessThanOrEqual(cents);
      expect(cents - payment * 4, amount).toBeLessThan(4);
    }
  });
});
