import { describe, expect, it, vi } from 'vitest';
import {
  availablePaymentOptions,
  type ApplePayEnvironment,
  type OptionGatewayConfiguration,
  type PanelConfiguration,
} from './configuration';

/** A gateway where every option is possible. */
const everything: OptionGatewayConfiguration = {
  creditCards: { supportedCardTypes: ['Visa', 'MasterCard'] },
  paypalEnabled: true,
  applePayWeb: { merchantIdentifier: 'merchant.example', countryCode: 'US', currencyCode: 'USD' },
  payWithVenmo: {
    merchantId: 'venmo-merchant',
    accessToken: 'access_token$sandbox$venmo',
    environment: 'sandbox',
  },
};
/** A merchant configuring every wallet. */
const allWallets: PanelConfiguration = {
  paypal: { flow: 'checkout' },
  paypalCredit: { flow: 'checkout' },
  applePay: {},
};
const applePayBrowser: ApplePayEnvironment = {
  applePaySessionExists: true,
  isHttps: true,
  canMakePayments: () => true,
};
const noApplePay: ApplePayEnvironment = {
  applePaySessionExists: false,
  isHttps: true,
  canMakePayments: () => true,
};

const options = (
  merchant: PanelConfiguration,
  gateway: OptionGatewayConfiguration = everything,
  environment: ApplePayEnvironment = applePayBrowser,
) => availablePaymentOptions(merchant, gateway, environment);

describe('paymentOptionPriority', () => {
  it('defaults to card, paypal, paypalCredit, applePay', () => {
    expect(options(allWallets)).toEqual({
      ok: true,
      options: ['card', 'paypal', 'paypalCredit', 'applePay'],
    });
    expect(options({ ...allWallets, paymentOptionPriority: null })).toEqual({
      ok: true,
      options: ['card', 'paypal', 'paypalCredit', 'applePay'],
    });
  });

  it('keeps the merchant order', () => {
    expect(options({ ...allWallets, paymentOptionPriority: ['applePay', 'paypal', 'card'] })).toEqual({
      ok: true,
      options: ['applePay', 'paypal', 'card'],
    });
  });

  it.each([['card'], [3], [{}], [true], [false], ['']])('must be an array (%j)', (priority) => {
    expect(options({ ...allWallets, paymentOptionPriority: priority })).toEqual({
      ok: false,
      code: 'PAYMENT_OPTION_PRIORITY_NOT_ARRAY',
      message: 'paymentOptionPriority must be an array.',
    });
  });

  it('removes duplicates, keeping the first place', () => {
    expect(options({ ...allWallets, paymentOptionPriority: ['paypal', 'card', 'paypal', 'card'] })).toEqual({
      ok: true,
      options: ['paypal', 'card'],
    });
  });

  it.each([[['venmoo']], [['card', 'Card']], [['card', null]], [[{ option: 'card' }]]])(
    'refuses an unknown option even beside valid ones (%j)',
    (priority) => {
      expect(options({ ...allWallets, paymentOptionPriority: priority })).toEqual({
        ok: false,
        code: 'PAYMENT_OPTION_PRIORITY_INVALID',
        message: 'paymentOptionPriority: Invalid payment option specified.',
      });
    },
  );

  it('says no option is available when nothing is left', () => {
    expect(options({ paymentOptionPriority: ['paypal', 'applePay'] })).toEqual({
      ok: false,
      code: 'NO_VALID_PAYMENT_OPTIONS',
      message: 'No valid payment options available.',
    });
    expect(options({ paymentOptionPriority: [] })).toEqual({
      ok: false,
      code: 'NO_VALID_PAYMENT_OPTIONS',
      message: 'No valid payment options available.',
    });
    expect(options({}, {}, noApplePay)).toEqual({
      ok: false,
      code: 'NO_VALID_PAYMENT_OPTIONS',
      message: 'No valid payment options available.',
    });
  });
});

describe('availability', () => {
  it('card needs at least one supported card type the panel knows', () => {
    const only = { paymentOptionPriority: ['card'] };
    expect(options(only)).toEqual({ ok: true, options: ['card'] });
    for (const creditCards of [undefined, {}, { supportedCardTypes: [] }, { supportedCardTypes: ['Solo'] }]) {
      expect(
        options(
          { ...only, paymentOptionPriority: ['card', 'paypal'], paypal: {} },
          { ...everything, creditCards },
        ),
      ).toEqual({ ok: true, options: ['paypal'] });
    }
  });

  it.each(['paypal', 'paypalCredit', 'paypalPayLater'] as const)(
    '%s needs PayPal enabled and its merchant option',
    (option) => {
      const merchant = { paymentOptionPriority: [option, 'card'], [option]: {} };
      expect(options(merchant)).toEqual({ ok: true, options: [option, 'card'] });
      expect(options(merchant, { ...everything, paypalEnabled: false })).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(options(merchant, { ...everything, paypalEnabled: undefined })).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(options({ paymentOptionPriority: [option, 'card'] })).toEqual({ ok: true, options: ['card'] });
    },
  );

  it('paypal, paypalCredit and paypalPayLater are configured independently', () => {
    expect(options({ paypalCredit: {} })).toEqual({ ok: true, options: ['card', 'paypalCredit'] });
    expect(options({ paypal: {} })).toEqual({ ok: true, options: ['card', 'paypal'] });
    expect(options({ paypalPayLater: {} })).toEqual({ ok: true, options: ['card', 'paypalPayLater'] });
  });

  it('offers paypalPayLater after paypalCredit by default, and where the merchant puts it', () => {
    const merchant = { ...allWallets, paypalPayLater: { flow: 'checkout' } };
    expect(options(merchant)).toEqual({
      ok: true,
      options: ['card', 'paypal', 'paypalCredit', 'paypalPayLater', 'applePay'],
    });
    expect(options({ ...merchant, paymentOptionPriority: ['paypalPayLater', 'card'] })).toEqual({
      ok: true,
      options: ['paypalPayLater', 'card'],
    });
  });

  describe('venmo', () => {
    it("is offered in the drop-in's place, after PayPal Credit, with the gateway's payWithVenmo and the merchant's option", () => {
      expect(options({ ...allWallets, venmo: true })).toEqual({
        ok: true,
        options: ['card', 'paypal', 'paypalCredit', 'venmo', 'applePay'],
      });
      expect(options({ venmo: { allowDesktop: true }, paymentOptionPriority: ['venmo', 'card'] })).toEqual({
        ok: true,
        options: ['venmo', 'card'],
      });
    });

    it('is left out without a word when the gateway has no payWithVenmo or the merchant does not ask', () => {
      const withoutVenmo = { ...everything, payWithVenmo: undefined };
      expect(options({ venmo: true, paymentOptionPriority: ['venmo', 'card'] }, withoutVenmo)).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(options({ venmo: false, paymentOptionPriority: ['venmo', 'card'] })).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(options({ paymentOptionPriority: ['venmo'] })).toEqual({
        ok: false,
        code: 'NO_VALID_PAYMENT_OPTIONS',
        message: 'No valid payment options available.',
      });
    });
  });

  describe('applePay', () => {
    const merchant = { paymentOptionPriority: ['applePay', 'card'], applePay: {} };

    it('is available with the gateway setting, the merchant option and a capable HTTPS browser', () => {
      expect(options(merchant)).toEqual({ ok: true, options: ['applePay', 'card'] });
    });

    it('needs the gateway applePayWeb setting', () => {
      expect(options(merchant, { ...everything, applePayWeb: undefined })).toEqual({
        ok: true,
        options: ['card'],
      });
    });

    it('needs the merchant applePay option', () => {
      expect(options({ paymentOptionPriority: ['applePay', 'card'] })).toEqual({
        ok: true,
        options: ['card'],
      });
    });

    it('needs the Apple Pay API and does not ask it without', () => {
      const canMakePayments = vi.fn(() => true);
      expect(
        options(merchant, everything, { applePaySessionExists: false, isHttps: true, canMakePayments }),
      ).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(canMakePayments).not.toHaveBeenCalled();
    });

    it('needs HTTPS', () => {
      const canMakePayments = vi.fn(() => true);
      expect(
        options(merchant, everything, { applePaySessionExists: true, isHttps: false, canMakePayments }),
      ).toEqual({
        ok: true,
        options: ['card'],
      });
      expect(canMakePayments).not.toHaveBeenCalled();
    });

    it('needs canMakePayments to say yes', () => {
      expect(options(merchant, everything, { ...applePayBrowser, canMakePayments: () => false })).toEqual({
        ok: true,
        options: ['card'],
      });
    });
  });
});
