import { afterEach, describe, expect, it } from 'vitest';
import { OPTION_ATTRIBUTES, OPTION_PROPERTIES, parseOption } from './options';
import { OPTION_READERS, type PanelOptionName } from '../model/options';
import { availablePaymentOptions } from '../model/configuration';
import { INVALID } from '../shared/strict-readers';
import { expectReadsItsShape } from '../shared/test-support';
import { clearModuleRegistry, defineModule } from '../shared/module-registry';
import { readThreeDSecureOption } from '../model/three-d-secure-options';

describe('the card option', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['{"cardholderName":true}', { cardholderName: true }],
    [{ cardholderName: { required: true } }, { cardholderName: { required: true } }],
    [
      { cardholderName: false, overrides: {} },
      { cardholderName: false, overrides: {} },
    ],
    // The drop-in's 1.4x forms: `false` removes the card, `true` is `{}`.
    [false, false],
    [true, true],
    ['false', false],
    ['true', true],
    [
      {
        overrides: {
          fields: {
            number: { placeholder: '4111 …', maxlength: 19, supportedCardBrands: { visa: false } },
            cvv: null,
            postalCode: { placeholder: 'ZIP' },
            unknownField: { placeholder: 'dropped' },
          },
          styles: { input: { 'font-size': '18px', behavior: 'url(x)' }, ':focus': null },
        },
        clearFieldsAfterTokenization: false,
        vault: { allowVaultCardOverride: true, vaultCard: false },
        unknown: 1,
      },
      {
        overrides: {
          fields: {
            number: { placeholder: '4111 …', maxlength: 19, supportedCardBrands: { visa: false } },
            cvv: null,
            postalCode: { placeholder: 'ZIP' },
          },
          // The whitelist is applied where the styles meet the panel's (field-styles.ts).
          styles: { input: { 'font-size': '18px', behavior: 'url(x)' }, ':focus': null },
        },
        clearFieldsAfterTokenization: false,
        vault: { allowVaultCardOverride: true, vaultCard: false },
      },
    ],
  ])('reads %j', (input, expected) => {
    expect(parseOption('card', input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['malformed JSON', '{cardholderName: true'],
    ['a wrong type', { cardholderName: 'yes' }],
    ['a wrong nested type', '{"cardholderName":{"required":"yes"}}'],
    ['an array', '[]'],
    ['a number', 42],
    ['a field override that is no object', { overrides: { fields: { cvv: 'none' } } }],
    ['a number field removed', { overrides: { fields: { number: null } } }],
    ['a placeholder that is no text', { overrides: { fields: { number: { placeholder: 4 } } } }],
    [
      'a placeholder longer than a frame takes',
      { overrides: { fields: { cvv: { placeholder: 'x'.repeat(2001) } } } },
    ],
    ['a negative maxlength', { overrides: { fields: { cvv: { maxlength: -1 } } } }],
    ['an infinite maxlength', { overrides: { fields: { cvv: { maxlength: Infinity } } } }],
    [
      'a brand switch that is no boolean',
      { overrides: { fields: { number: { supportedCardBrands: { visa: 0 } } } } },
    ],
    [
      'a prototype key among the brands',
      JSON.parse('{"overrides":{"fields":{"number":{"supportedCardBrands":{"__proto__":false}}}}}'),
    ],
    ['a style value that is no text', { overrides: { styles: { input: { color: 1 } } } }],
    ['a selector style that is text', { overrides: { styles: { input: 'color: red' } } }],
    ['a clearFieldsAfterTokenization that is no boolean', { clearFieldsAfterTokenization: 'no' }],
    ['a vault switch that is no boolean', { vault: { vaultCard: 'yes' } }],
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

describe('the payment option priority', () => {
  const gateway = { creditCards: { supportedCardTypes: ['Visa'] }, paypalEnabled: true };
  const noApplePay = { applePaySessionExists: false, isHttps: true, canMakePayments: () => false };
  /** What the panel makes of the option as parsed: the options it offers, or its refusal. */
  const offered = (input: unknown, fromAttribute: boolean) => {
    const parsed = parseOption('paymentOptionPriority', input, fromAttribute);
    if (!parsed.ok) return parsed.error.code;
    const result = availablePaymentOptions(
      { paymentOptionPriority: parsed.value, paypal: { flow: 'vault' } },
      gateway,
      noApplePay,
    );
    return result.ok ? result.options : `${result.code}: ${result.message}`;
  };

  it.each(['card', 'paypal card', 'paypal, card', '["paypal","card"]', 'venmo'])(
    'refuses the property %j, text not an array, with "paymentOptionPriority must be an array."',
    (input) => {
      expect(parseOption('paymentOptionPriority', input)).toEqual({ ok: true, value: input });
      expect(offered(input, false)).toBe(
        'PAYMENT_OPTION_PRIORITY_NOT_ARRAY: paymentOptionPriority must be an array.',
      );
    },
  );

  it.each([
    ['card', ['card']],
    ['paypal card', ['paypal', 'card']],
    ['paypal, card', ['paypal', 'card']],
    ['["paypal","card"]', ['paypal', 'card']],
  ])('reads the attribute %j as a list', (input, expected) => {
    expect(offered(input, true)).toEqual(expected);
  });

  it('refuses a JSON attribute that is not an array as the property is refused', () => {
    expect(offered('"card"', true)).toBe(offered('card', false));
  });

  it.each([undefined, null, ''])('takes %j, as attribute or property, for the default order', (input) => {
    expect(offered(input, false)).toEqual(['card', 'paypal']);
    expect(offered(input, true)).toEqual(['card', 'paypal']);
  });

  it('takes an array property as it is', () => {
    expect(offered(['paypal'], false)).toEqual(['paypal']);
  });
});

/** Google's total, as every Google Pay option has it. */
const GOOGLE_TOTAL = { currencyCode: 'USD', totalPriceStatus: 'FINAL', totalPrice: '1.00' };
/** A merchant's click handler of Google's button, which the element keeps for the Google Pay file to leave out. */
const click = (): void => undefined;

describe('every option', () => {
  it('has one attribute, and each attribute names its property', () => {
    for (const [property, attribute] of Object.entries(OPTION_ATTRIBUTES)) {
      expect(OPTION_PROPERTIES[attribute]).toBe(property);
    }
    expect(Object.keys(OPTION_ATTRIBUTES)).toHaveLength(16);
    // Named as PayPal Credit's is: paypal-credit, paypal-pay-later.
    expect(OPTION_ATTRIBUTES.paypalPayLater).toBe('paypal-pay-later');
    expect(OPTION_PROPERTIES['paypal-pay-later']).toBe('paypalPayLater');
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
    [
      'googlePay',
      { transactionInfo: GOOGLE_TOTAL, button: { buttonColor: 'black', buttonRadius: 4, onClick: click } },
      { transactionInfo: GOOGLE_TOTAL, button: { buttonColor: 'black', buttonRadius: 4, onClick: click } },
    ],
    ['paypalCredit', { flow: 'vault' }, { flow: 'vault' }],
    [
      'paypalPayLater',
      '{"flow":"checkout","amount":"80.00","currency":"USD"}',
      { flow: 'checkout', amount: '80.00', currency: 'USD' },
      true,
    ],
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
    ['threeDSecure', 'true', true, true],
    ['threeDSecure', true, true],
    // `false` is off, as the drop-in reads it.
    ['threeDSecure', false, false],
    ['threeDSecure', 'false', false, true],
    ['threeDSecure', '{}', {}, true],
    [
      'threeDSecure',
      { cardinalSDKConfig: { timeout: 8000, logging: { level: 'verbose' } } },
      { cardinalSDKConfig: { timeout: 8000, logging: { level: 'verbose' } } },
    ],
    ['venmo', 'true', true, true],
    ['venmo', true, true],
    ['venmo', 'false', false, true],
    [
      'venmo',
      '{"allowDesktop":true,"paymentMethodUsage":"multi_use"}',
      { allowDesktop: true, paymentMethodUsage: 'multi_use' },
      true,
    ],
    // The first script reads no key of it: Venmo's file checks them (src/methods/venmo/options.ts).
    ['venmo', { allowDesktop: 'yes' }, { allowDesktop: 'yes' }],
    ['dataCollector', '{"kount":true}', { kount: true }, true],
    ['dataCollector', { paypal: true, kount: false }, { paypal: true, kount: false }],
    ['dataCollector', 'true', true, true],
    ['dataCollector', false, false],
    ['dataCollector', '{}', {}, true],
    ['dataCollector', { kount: false }, { kount: false }],
    ['dataCollector', { kount: true, riskCorrelationId: 'r-1' }, { kount: true, riskCorrelationId: 'r-1' }],
    ['showDefaultPaymentMethodFirst', '', true, true],
    ['showDefaultPaymentMethodFirst', 'false', false, true],
    ['showDefaultPaymentMethodFirst', false, false],
    ['hiddenVaultedPaymentMethodTypes', 'card paypal', ['card', 'paypal'], true],
    ['hiddenVaultedPaymentMethodTypes', '["paypalCredit"]', ['paypalCredit'], true],
    ['hiddenVaultedPaymentMethodTypes', ['venmo', 'card'], ['venmo', 'card']],
    ['preselectVaultedPaymentMethod', '', true, true],
    ['preselectVaultedPaymentMethod', 'true', true, true],
    ['preselectVaultedPaymentMethod', 'false', false, true],
    ['preselectVaultedPaymentMethod', false, false],
    ['vaultManager', '', true, true],
    ['vaultManager', 'true', true, true],
    ['vaultManager', 'false', false, true],
    ['vaultManager', true, true],
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
    ['paypalPayLater', { currency: 840 }],
    ['applePay', { paymentRequest: 'total' }],
    ['threeDSecure', '"yes"', true],
    ['threeDSecure', 1],
    ['threeDSecure', [{ amount: '1' }]],
    ['venmo', '"yes"', true],
    ['venmo', 1],
    ['venmo', [true]],
    ['venmo', '{', true],
    ['dataCollector', '"yes"', true],
    ['dataCollector', { kount: 'yes' }],
    ['showDefaultPaymentMethodFirst', 'no', true],
    ['hiddenVaultedPaymentMethodTypes', [1]],
    ['hiddenVaultedPaymentMethodTypes', { card: true }],
    ['preselectVaultedPaymentMethod', 'no', true],
    ['preselectVaultedPaymentMethod', 0],
    ['vaultManager', 'yes', true],
    ['vaultManager', 1],
  ])('%s refuses %j with INVALID_OPTION naming it', (option, input, fromAttribute = false) => {
    const parsed = parseOption(option, input, fromAttribute);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('INVALID_OPTION');
      expect(parsed.error.message).toBe(`The ${option} option is invalid.`);
    }
  });
});

describe('the reason of a refusal', () => {
  it.each<[PanelOptionName, unknown, RegExp]>([
    ['card', { cardholderName: 'yes' }, /^expected boolean \| \{"cardholderName"/],
    ['card', [], /^expected boolean \| \{"cardholderName"/],
    ['translations', { payWithCard: 3 }, /"payWithCard" does not fit.*expected an object of texts/],
    ['paypal', { flow: 'later' }, /"flow" does not fit.*"checkout" \| "vault"/],
    ['threeDSecure', 1, /^expected a boolean or an object$/],
    ['dataCollector', { kount: 'yes' }, /^expected boolean \| \{"kount"\?: boolean/],
    ['locale', 'not a locale', /^expected a locale/],
    ['preselectVaultedPaymentMethod', 0, /^expected true or false$/],
    ['card', '{cardholderName: true', /JSON/],
  ])('%s %j says why', (option, input, reason) => {
    const parsed = parseOption(option, input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.details?.reason).toMatch(reason);
  });
});

describe('values that cannot be read', () => {
  const throwing = (): never => {
    throw new Error('hostile');
  };
  const getter = (key: string): object => Object.defineProperty({}, key, { enumerable: true, get: throwing });
  const proxy = new Proxy(
    {},
    { get: throwing, getOwnPropertyDescriptor: throwing, ownKeys: throwing, has: throwing },
  );

  it.each<[PanelOptionName, unknown]>([
    ['card', getter('cardholderName')],
    ['card', proxy],
    ['translations', getter('payWithCard')],
    ['paypal', getter('currency')],
    ['paypalCredit', proxy],
    ['applePay', getter('paymentRequest')],
    ['googlePay', getter('transactionInfo')],
    ['googlePay', proxy],
    ['dataCollector', getter('kount')],
    ['paymentOptionPriority', new Proxy(['card'], { get: throwing })],
  ])('%s: a throwing getter or proxy is INVALID_OPTION, not an exception', (option, input) => {
    const parsed = parseOption(option, input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('INVALID_OPTION');
      expect(parsed.error.message).toBe(`The ${option} option is invalid.`);
      expect(parsed.error.details?.reason).toBe('the value cannot be read');
    }
  });

  it('copies a priority array, so later changes to the merchant’s array change nothing', () => {
    const priority = ['card', 'paypal'];
    const parsed = parseOption('paymentOptionPriority', priority);
    priority.push('venmo');
    expect(parsed).toEqual({ ok: true, value: ['card', 'paypal'] });
  });
});

describe('the option readers, held to their declarations', () => {
  // Locales match a pattern that random text seldom does.
  const EXAMPLES: Partial<Record<keyof typeof OPTION_READERS, unknown[]>> = {
    locale: ['en_US', 'fr-CA', 'de', 'ast', 'EN_us'],
  };

  it.each(Object.keys(OPTION_READERS) as (keyof typeof OPTION_READERS)[])(
    '%s',
    (option) => {
      expectReadsItsShape(OPTION_READERS[option], {
        read: (value) => {
          const parsed = parseOption(option, value);
          return parsed.ok ? parsed.value : INVALID;
        },
        // A property given as a string is read like the attribute, and none is no option: those are
        // the option's own rules, before its reader.
        skip: (value) => value == null || value === '' || (option !== 'locale' && typeof value === 'string'),
        examples: EXAMPLES[option],
        runs: 80,
      });
      // The largest readers (3D Secure's) take seconds on a busy machine.
    },
    20_000,
  );

  it('says what each option takes, from its declaration', () => {
    const reason = (option: PanelOptionName, value: unknown): unknown => {
      const parsed = parseOption(option, value);
      return parsed.ok ? undefined : parsed.error.details?.reason;
    };
    expect(reason('card', 5)).toMatch(
      /^expected boolean \| \{"cardholderName"\?: boolean \| \{"required"\?: boolean\}, "overrides"\?: \{"fields"\?: /,
    );
    // `null` removes a field: the reason says it is taken.
    expect(reason('card', 5)).toContain('"cvv"?: null | {"placeholder"?: string');
    expect(reason('card', 5)).toContain('"styles"?: {"key": null | {"key": string}}');
    expect(reason('paypal', { amount: -1 })).toBe(
      '"amount" does not fit; expected {"flow"?: "checkout" | "vault", ' +
        '"amount"?: a non-empty string | a number of at least 0, "currency"?: string, …}',
    );
    // Its keys are read by the panel's runtime (src/model/three-d-secure-options.test.ts).
    expect(reason('threeDSecure', 1)).toBe('expected a boolean or an object');
    expect(reason('locale', 'x')).toBe('expected a locale such as "en_US" or "en-US"');
  });
});

describe("the threeDSecure option once the panel's runtime is there", () => {
  afterEach(() => {
    clearModuleRegistry();
  });

  it('is read whole: a key that does not fit is refused at once, unknown keys are dropped', () => {
    const given = { amount: '1', accountType: 'savings' };
    // Before the runtime's file, only its shape is checked.
    expect(parseOption('threeDSecure', given)).toEqual({ ok: true, value: given });
    defineModule('panel', { readThreeDSecureOption } as never);
    const refused = parseOption('threeDSecure', given);
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_OPTION' } });
    expect(!refused.ok && refused.error.details?.reason).toMatch(/"accountType"\?: "credit" \| "debit"/);
    expect(parseOption('threeDSecure', { amount: '1', other: 1 })).toEqual({
      ok: true,
      value: { amount: '1' },
    });
    expect(parseOption('threeDSecure', false)).toEqual({ ok: true, value: false });
  });
});
