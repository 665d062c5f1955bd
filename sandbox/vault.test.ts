// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CardRecord } from './card-details';
import { NONCE_PREFIX, NonceStore } from './nonces';
import { SEED_CUSTOMER } from './test-values';
import { like } from './test-server';
import { Vault, type VaultedMethod } from './vault';
import { listOrder } from './payment-methods';

const AMEX: CardRecord = {
  number: '378282246310005',
  cardType: 'American Express',
  expirationMonth: '01',
  expirationYear: '2031',
  cardholderName: null,
};

function seeded(vault: Vault) {
  const customer = vault.findCustomer(SEED_CUSTOMER.merchantId, SEED_CUSTOMER.customerId);
  if (!customer) throw new Error('The seeded customer is missing');
  return customer;
}

function summary(methods: readonly VaultedMethod[]): [string, boolean][] {
  return methods.map((method) => [method.type, method.default]);
}

describe('Vault', () => {
  it('seeds returning_shopper with two cards, a PayPal account and an Apple Pay card', () => {
    const vault = new Vault();
    const customer = seeded(vault);
    expect(summary(customer.methods)).toEqual([
      ['CreditCard', true],
      ['CreditCard', false],
      ['PayPalAccount', false],
      ['ApplePayCard', false],
    ]);
    const [visa, mastercard, paypal, applePay] = customer.methods;
    expect(visa).toMatchObject({ token: like.stringMatching(/^vcc_/) });
    expect(visa?.type === 'CreditCard' && visa.card).toMatchObject({
      number: '4111111111111111',
      cardType: 'Visa',
      expirationMonth: '12',
    });
    expect(mastercard?.type === 'CreditCard' && mastercard.card.cardType).toBe('MasterCard');
    expect(paypal).toMatchObject({
      token: like.stringMatching(/^vpp_/),
      account: {
        email: 'robin.returning@example.com',
        payerInfo: {
          email: 'robin.returning@example.com',
          firstName: 'Robin',
          lastName: 'Returning',
          payerId: 'QX7RB2LKMN4PA',
          countryCode: 'US',
        },
      },
    });
    expect(applePay).toMatchObject({
      token: like.stringMatching(/^vap_/),
      card: {
        cardType: 'Apple Pay - Visa',
        dpanNumber: '4111111111118181',
        cardholderName: 'Robin Returning',
      },
    });
  });

  it('lists default first, the rest in saving order', () => {
    const vault = new Vault();
    const customer = seeded(vault);
    vault.addCard(customer, AMEX, false);
    const applePay = customer.methods.find((method) => method.type === 'ApplePayCard');
    if (!applePay) throw new Error('No Apple Pay card');
    for (const method of customer.methods) method.default = method === applePay;
    expect(vault.defaultFirst(customer).map((method) => method.type)).toEqual([
      'ApplePayCard',
      'CreditCard',
      'CreditCard',
      'PayPalAccount',
      'CreditCard',
    ]);
  });

  it('makes a new method the default when asked, or when it is the first', () => {
    const vault = new Vault();
    const customer = seeded(vault);
    vault.addPayPalAccount(
      customer,
      {
        email: 'second@example.com',
        payerInfo: {
          email: 'second@example.com',
          firstName: 'Sam',
          lastName: 'Second',
          payerId: 'SECOND1234567',
          countryCode: 'GB',
        },
      },
      true,
    );
    expect(customer.methods.filter((method) => method.default)).toHaveLength(1);
    expect(vault.defaultFirst(customer)[0]).toMatchObject({ type: 'PayPalAccount', default: true });

    const fresh = vault.customer('demo_merchant', 'fresh_customer');
    vault.addApplePayCard(
      fresh,
      { cardType: 'Apple Pay - MasterCard', dpanNumber: '5555555555554444', cardholderName: null },
      false,
    );
    expect(fresh.methods[0]).toMatchObject({ type: 'ApplePayCard', default: true });
  });

  it('checks duplicates against card numbers only', () => {
    const vault = new Vault();
    const customer = seeded(vault);
    expect(vault.hasCardNumber(customer, '5555555555554444')).toBe(true);
    // The Apple Pay card's device account number is not a card the customer saved.
    expect(vault.hasCardNumber(customer, '4111111111118181')).toBe(false);
  });

  it('restores the seed on reset', () => {
    const vault = new Vault();
    vault.addCard(seeded(vault), AMEX, true);
    vault.customer('demo_merchant', 'someone_else');
    vault.reset();
    expect(summary(seeded(vault).methods)).toEqual([
      ['CreditCard', true],
      ['CreditCard', false],
      ['PayPalAccount', false],
      ['ApplePayCard', false],
    ]);
    expect(vault.findCustomer('demo_merchant', 'someone_else')).toBeUndefined();
  });
});

describe('NonceStore', () => {
  it('mints nonces with a prefix per type and remembers what is behind them', () => {
    const store = new NonceStore();
    const owner = { merchantId: 'demo_merchant', customerId: 'returning_shopper', vaultToken: 'vpp_1' };
    const paypal = store.mint({
      ...owner,
      type: 'PayPalAccount',
      account: {
        email: 'robin.returning@example.com',
        payerInfo: {
          email: 'robin.returning@example.com',
          firstName: 'Robin',
          lastName: 'Returning',
          payerId: 'QX7RB2LKMN4PA',
          countryCode: 'US',
        },
      },
    });
    const applePay = store.mint({
      ...owner,
      type: 'ApplePayCard',
      card: { cardType: 'Apple Pay - Visa', dpanNumber: '4111111111118181', cardholderName: null },
    });
    const card = store.mint({ ...owner, type: 'CreditCard', card: AMEX });
    const googlePay = store.mint({
      ...owner,
      type: 'AndroidPayCard',
      card: { cardType: 'Visa', number: '4111111111111111', isNetworkTokenized: false },
    });
    const venmo = store.mint({
      ...owner,
      type: 'VenmoAccount',
      account: { username: 'venmojoe', venmoUserId: 'venmo-joe-1' },
    });
    expect(NONCE_PREFIX).toEqual({
      CreditCard: 'tokencc_',
      PayPalAccount: 'tokenpp_',
      ApplePayCard: 'tokenap_',
      AndroidPayCard: 'tokenan_',
      VenmoAccount: 'tokenvm_',
    });
    expect(venmo.nonce).toMatch(/^tokenvm_sb_[0-9a-f]{24}$/);
    expect(store.get(venmo.nonce)).toMatchObject({ type: 'VenmoAccount', account: { username: 'venmojoe' } });
    expect(googlePay.nonce).toMatch(/^tokenan_sb_[0-9a-f]{24}$/);
    expect(store.get(googlePay.nonce)).toMatchObject({
      type: 'AndroidPayCard',
      card: { number: '4111111111111111' },
    });
    expect(paypal.nonce).toMatch(/^tokenpp_sb_[0-9a-f]{24}$/);
    expect(applePay.nonce).toMatch(/^tokenap_sb_[0-9a-f]{24}$/);
    expect(card.nonce).toMatch(/^tokencc_sb_[0-9a-f]{24}$/);
    expect(store.get(paypal.nonce)).toMatchObject({
      type: 'PayPalAccount',
      consumed: false,
      vaultToken: 'vpp_1',
    });
    expect(store.get(applePay.nonce)?.type).toBe('ApplePayCard');
    expect(store.size).toBe(5);
    store.clear();
    expect(store.get(paypal.nonce)).toBeUndefined();
  });

  it('knows the fixed Venmo test nonce in every store, after a clear too, as an unsaved Venmo account', () => {
    const store = new NonceStore();
    store.clear();
    expect(store.get('fake-venmo-account-nonce')).toMatchObject({
      type: 'VenmoAccount',
      nonce: 'fake-venmo-account-nonce',
      merchantId: 'demo_merchant',
      customerId: null,
      vaultToken: null,
      consumed: false,
      account: { username: 'venmojoe' },
    });
    expect(store.get('fake-venmo-nonce')).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe('the list’s order', () => {
  it('puts the default first with defaultFirst=1, and keeps the saving order with defaultFirst=0', () => {
    const vault = new Vault();
    const customer = seeded(vault);
    vault.addCard(customer, AMEX, true);
    expect(summary(listOrder(vault, customer, { defaultFirst: '1' }))[0]).toEqual(['CreditCard', true]);
    expect(listOrder(vault, customer, { defaultFirst: '1' })[0]).toMatchObject({
      card: { number: AMEX.number },
    });
    const saved = listOrder(vault, customer, { defaultFirst: '0' });
    expect(saved.at(-1)).toMatchObject({ card: { number: AMEX.number }, default: true });
    expect(saved.map((method) => method.token)).toEqual(customer.methods.map((method) => method.token));
    expect(listOrder(vault, customer, {}).at(-1)).toMatchObject({ default: true });
  });
});
