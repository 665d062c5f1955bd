import { describe, expect, inject, it } from 'vitest';
import { pageToFrameMessage, parsePageToFrameMessage, type PageToFrameMessage } from './frame-messages';
import { expectReadsItsShape } from './test-support';

const { gateway } = inject('localOrigins');

const long = 'x'.repeat(2001);

/** One valid message of every type, with every optional field. */
const valid: PageToFrameMessage[] = [
  {
    type: 'configureField',
    field: 'number',
    label: 'Number',
    placeholder: '4111 1111 1111 1111',
    maxlength: 19,
    minlength: 12,
    prefill: '4111',
    styles: { input: { color: 'red' }, ':focus': {} },
    lang: 'ar-EG',
    dir: 'rtl',
  },
  {
    type: 'configureTokenizer',
    fields: ['number', 'cvv', 'expirationDate'],
    clientApiUrl: `${gateway}/merchants/m/client_api`,
    analyticsUrl: `${gateway}/analytics/m`,
    authorization: 'sandbox_key_m',
    metadata: { sessionId: 's', integration: 'custom' },
    supportedCardTypes: ['Visa', 'MasterCard'],
  },
  {
    type: 'configureTokenizer',
    fields: [],
    clientApiUrl: `${gateway}/merchants/m/client_api`,
    authorization: btoa(JSON.stringify({ authorizationFingerprint: 'f', configUrl: 'https://g/c' })),
    metadata: {},
    supportedCardTypes: [],
  },
  { type: 'tokenize', requestId: 'r1', vault: false, billingAddress: { postalCode: '12345' } },
  { type: 'tokenize', requestId: 'r2', vault: true, reuse: 'tokencc_abc' },
  { type: 'setAttribute', field: 'cvv', attribute: 'aria-invalid', value: true },
  { type: 'setAttribute', field: 'cvv', attribute: 'placeholder', value: 'CVV' },
  { type: 'removeAttribute', field: 'cvv', attribute: 'disabled' },
  { type: 'clearField', field: 'postalCode' },
  { type: 'focusField', field: 'cardholderName' },
  { type: 'addClass', field: 'number', className: 'big' },
  { type: 'removeClass', field: 'number', className: 'big' },
  { type: 'setMessage', field: 'expirationMonth', message: 'Invalid month' },
];

describe('parsePageToFrameMessage', () => {
  it.each(valid.map((message) => [message.type, message] as const))('reads %s', (_, message) => {
    const parsed = parsePageToFrameMessage(message);
    expect(parsed).toStrictEqual(message);
    expect(parsed).not.toBe(message);
  });

  it('reads messages without their optional fields', () => {
    const minimal = [
      { type: 'configureField', field: 'cvv', styles: {} },
      { type: 'tokenize', requestId: 'r1', vault: true },
    ];
    for (const message of minimal) expect(parsePageToFrameMessage(message)).toStrictEqual(message);
  });

  it('treats an optional field set to undefined as absent', () => {
    expect(
      parsePageToFrameMessage({ type: 'configureField', field: 'cvv', label: undefined, styles: {} }),
    ).toStrictEqual({ type: 'configureField', field: 'cvv', styles: {} });
  });

  it('drops unknown keys, everywhere', () => {
    expect(
      parsePageToFrameMessage({ type: 'focusField', field: 'cvv', extra: 1, onclick: 'x' }),
    ).toStrictEqual({
      type: 'focusField',
      field: 'cvv',
    });
    expect(
      parsePageToFrameMessage({
        type: 'configureTokenizer',
        fields: ['number'],
        clientApiUrl: 'https://a.example',
        authorization: 'sandbox_k_m',
        metadata: {},
        supportedCardTypes: [],
        sneaky: true,
      }),
    ).toStrictEqual({
      type: 'configureTokenizer',
      fields: ['number'],
      clientApiUrl: 'https://a.example',
      authorization: 'sandbox_k_m',
      metadata: {},
      supportedCardTypes: [],
    });
  });

  it('never copies prototype keys of a message', () => {
    const polluted = JSON.parse(
      '{"type":"focusField","field":"cvv","__proto__":{"polluted":true},"constructor":{"prototype":{}}}',
    ) as unknown;
    const parsed = parsePageToFrameMessage(polluted);
    expect(parsed).toStrictEqual({ type: 'focusField', field: 'cvv' });
    expect(Object.hasOwn(parsed ?? {}, '__proto__')).toBe(false);
    expect(Object.hasOwn(parsed ?? {}, 'constructor')).toBe(false);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const configureField = valid[0] as Extract<PageToFrameMessage, { type: 'configureField' }>;
  const configureTokenizer = valid[1] as Extract<PageToFrameMessage, { type: 'configureTokenizer' }>;
  const tokenize = valid[3] as Extract<PageToFrameMessage, { type: 'tokenize' }>;
  const prototypeKeys = (key: string): Record<string, string> =>
    JSON.parse(`{"${key}":"x"}`) as Record<string, string>;

  it.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'focusField'],
    ['an array', [{ type: 'focusField', field: 'cvv' }]],
    ['no type', { field: 'cvv' }],
    ['an unknown type', { type: 'evaluate', field: 'cvv' }],
    ['a prototype key as type', { type: 'constructor', field: 'cvv' }],
    ['a __proto__ type', { type: '__proto__', field: 'cvv' }],
    [
      'a type inherited, not own',
      Object.assign(Object.create({ type: 'focusField' }) as object, { field: 'cvv' }),
    ],
    ['a missing field', { type: 'focusField' }],
    ['an unknown field', { type: 'focusField', field: 'pin' }],
    ['a field of the wrong type', { type: 'focusField', field: 1 }],
    // configureField
    ['a number label', { ...configureField, label: 1 }],
    ['a too-long label', { ...configureField, label: long }],
    ['a too-long placeholder', { ...configureField, placeholder: long }],
    ['a too-long prefill', { ...configureField, prefill: long }],
    ['a NaN maxlength', { ...configureField, maxlength: Number.NaN }],
    ['an infinite minlength', { ...configureField, minlength: Infinity }],
    ['a string maxlength', { ...configureField, maxlength: '19' }],
    ['null for an optional field', { ...configureField, label: null }],
    ['missing styles', { type: 'configureField', field: 'cvv' }],
    ['styles as an array', { ...configureField, styles: [] }],
    ['a declaration block as an array', { ...configureField, styles: { input: ['red'] } }],
    ['a style value that is no string', { ...configureField, styles: { input: { color: 1 } } }],
    [
      'a __proto__ selector',
      { ...configureField, styles: JSON.parse('{"__proto__":{"color":"red"}}') as unknown },
    ],
    ['a constructor property', { ...configureField, styles: { input: prototypeKeys('constructor') } }],
    ['a lang longer than a language tag', { ...configureField, lang: `en-${'x'.repeat(33)}` }],
    ['a number lang', { ...configureField, lang: 1 }],
    ['an unknown direction', { ...configureField, dir: 'auto' }],
    ['an upper-case direction', { ...configureField, dir: 'RTL' }],
    // configureTokenizer
    ['an unknown field to collect', { ...configureTokenizer, fields: ['number', 'pin'] }],
    ['fields as an object', { ...configureTokenizer, fields: { 0: 'number' } }],
    ['a missing clientApiUrl', { ...configureTokenizer, clientApiUrl: undefined }],
    ['an analyticsUrl that is no string', { ...configureTokenizer, analyticsUrl: { href: 'https://a' } }],
    ['a null analyticsUrl', { ...configureTokenizer, analyticsUrl: null }],
    ['no authorization', { ...configureTokenizer, authorization: undefined }],
    ['a number authorization', { ...configureTokenizer, authorization: 1 }],
    ['authorization as an object', { ...configureTokenizer, authorization: { tokenizationKey: 'k' } }],
    ['authorization as an array', { ...configureTokenizer, authorization: ['k'] }],
    ['a metadata value that is no string', { ...configureTokenizer, metadata: { sessionId: 1 } }],
    ['a __proto__ metadata key', { ...configureTokenizer, metadata: prototypeKeys('__proto__') }],
    ['a constructor metadata key', { ...configureTokenizer, metadata: prototypeKeys('constructor') }],
    ['metadata as null', { ...configureTokenizer, metadata: null }],
    ['a card type that is no string', { ...configureTokenizer, supportedCardTypes: ['Visa', 2] }],
    // tokenize
    ['a missing requestId', { type: 'tokenize', vault: false }],
    ['a string vault', { ...tokenize, vault: 'false' }],
    ['a too-long billing address value', { ...tokenize, billingAddress: { postalCode: long } }],
    ['a billing address as an array', { ...tokenize, billingAddress: ['12345'] }],
    ['a __proto__ billing address key', { ...tokenize, billingAddress: prototypeKeys('__proto__') }],
    ['a nonce to reuse that is no string', { ...tokenize, reuse: 1 }],
    ['a too-long nonce to reuse', { ...tokenize, reuse: long }],
    // attributes
    ['an unknown attribute', { type: 'setAttribute', field: 'cvv', attribute: 'onclick', value: 'x' }],
    ['an inherited attribute name', { type: 'removeAttribute', field: 'cvv', attribute: 'toString' }],
    ['a number value', { type: 'setAttribute', field: 'cvv', attribute: 'disabled', value: 1 }],
    ['a too-long value', { type: 'setAttribute', field: 'cvv', attribute: 'placeholder', value: long }],
    ['a missing value', { type: 'setAttribute', field: 'cvv', attribute: 'disabled' }],
    // texts
    ['a too-long class name', { type: 'addClass', field: 'cvv', className: long }],
    ['a missing class name', { type: 'removeClass', field: 'cvv' }],
    ['a too-long message', { type: 'setMessage', field: 'cvv', message: long }],
    ['a number message', { type: 'setMessage', field: 'cvv', message: 1 }],
  ])('refuses %s', (_, message) => {
    expect(parsePageToFrameMessage(message)).toBeNull();
  });

  it.each(['de', 'de-DE', 'zh-HK', 'ast', 'sr-Latn-RS', 'es-419'])('takes the language tag %s', (lang) => {
    expect(
      parsePageToFrameMessage({ type: 'configureField', field: 'cvv', styles: {}, lang, dir: 'ltr' }),
    ).toStrictEqual({ type: 'configureField', field: 'cvv', styles: {}, lang, dir: 'ltr' });
  });

  it('takes texts of exactly the cap', () => {
    const text = 'x'.repeat(2000);
    expect(parsePageToFrameMessage({ type: 'setMessage', field: 'cvv', message: text })).toStrictEqual({
      type: 'setMessage',
      field: 'cvv',
      message: text,
    });
  });
});

describe('the page’s messages, held to their declaration', () => {
  it('reads every message its declaration makes, and refuses every hostile variant, at every depth', () => {
    expectReadsItsShape(pageToFrameMessage);
    expectReadsItsShape(pageToFrameMessage, { examples: valid });
  });
});
