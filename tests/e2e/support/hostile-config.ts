/**
 * Seeded hostile configuration for the panel: authorization strings of every malformed shape and
 * hostile values for each option attribute, made from the options' declarations where they are
 * JSON, each with the catalogue error it must give (docs/errors.md, "The catalogue");
 * and the foreign or plain-http URLs the sandbox's answer overrides make the gateway answer with.
 * @packageDocumentation
 */
import { localOrigins } from '../../../server/origins';
import { OPTION_READERS } from '../../../src/model/options';
import { ERROR_CATALOGUE } from '../../../src/shared/errors';
import { example, hostileVariants } from '../../../src/shared/shape-samples';
import { INVALID } from '../../../src/shared/strict-readers';
import type { Seeded } from './seeded';

/** A catalogue error as a test expects it. */
export interface ExpectedError {
  code: string;
  message: string;
}

/** A hostile value and the error it must give. */
export interface HostileCase extends ExpectedError {
  /** What kind of value it is, to name a failure. */
  name: string;
  value: string;
  /** Whether the panel must ask the gateway before it can tell (an unknown merchant's key). */
  asksGateway?: boolean;
}

const { gateway } = localOrigins();

/** The error of a code, with `{placeholders}` filled in. */
export function expected(
  code: keyof typeof ERROR_CATALOGUE,
  params: Record<string, string> = {},
): ExpectedError {
  const message = ERROR_CATALOGUE[code].message.replace(
    /\{(\w+)\}/g,
    (whole, name: string) => params[name] ?? whole,
  );
  return { code, message };
}

const INVALID_AUTHORIZATION = expected('CLIENT_INVALID_AUTHORIZATION');
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Base64 of bytes (a token's encoding), from text or JSON. */
function base64(content: string): string {
  return Buffer.from(content, 'latin1').toString('base64');
}

/** URLs no configuration URL may be: another domain, plain http, credentials, no URL at all. */
export function foreignUrls(path: string): string[] {
  const local = new URL(gateway);
  return [
    `https://attacker.example${path}`,
    `http://${local.host}${path}`,
    `https://user:secret@${local.host}${path}`,
    `https://attacker.example:443@${local.host}${path}`,
    `https://${local.hostname}.attacker.example${path}`,
    `https://braintreegateway.com.attacker.example${path}`,
    `https://attacker.example${path}?host=${local.hostname}`,
    `ftp://${local.host}${path}`,
    'javascript:alert(document.domain)',
    'data:application/json,{}',
    `//${local.host}${path}`,
    'not a url',
    '',
  ];
}

/**
 * Authorization strings of every malformed shape, each with its error: empty, blank, huge, outside
 * Latin-1, almost tokenization keys (another environment, a bad character, an unknown merchant),
 * base64 junk, client tokens whose JSON has the wrong types or shape, and client tokens whose
 * configuration URL is foreign or plain http.
 * @param fingerprint - a real client token's fingerprint, so only the URL is at fault
 * @param keyOf - the tokenization key the test's sandbox gives a merchant id, so the refusals of the unknown
 *   merchants' keys are the test's to read
 */
export function authorizationCases(
  random: Seeded,
  fingerprint: string,
  keyOf: (merchantId: string) => string,
): HostileCase[] {
  const configUrl = `${gateway}/merchants/demo_merchant/client_api/v1/configuration`;
  const token = (json: unknown): string => base64(JSON.stringify(json));
  const word = (min: number, max: number): string =>
    random.text(min + random.int(max - min + 1), ALPHANUMERIC);
  const environments = [
    'Sandbox',
    'SANDBOX',
    'sandbox1',
    'production2',
    'staging',
    'development',
    'qa',
    'test',
  ];
  const cases: HostileCase[] = [
    {
      name: 'empty',
      value: '',
      ...expected('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization', component: 'a client' }),
    },
  ];
  const add = (
    name: string,
    value: string,
    error: ExpectedError = INVALID_AUTHORIZATION,
    asksGateway = false,
  ): void => {
    if (!cases.some((existing) => existing.value === value))
      cases.push({ name, value, ...error, asksGateway });
  };
  for (let i = 0; i < 3; i += 1) add('blank', random.text(1 + random.int(6), ' \t\n\r'));
  add('huge letters', word(1, 1).repeat(200_000 + random.int(1000)));
  add('huge key', `qa_${word(4, 8)}_${'m'.repeat(100_000)}`);
  add('huge base64', base64(random.text(60_000)));
  // Outside Latin-1: no base64 decoder takes them.
  for (let i = 0; i < 6; i += 1)
    add('unicode', `${random.text(1 + random.int(30))}\u4e2d${random.text(random.int(5))}`);
  for (let i = 0; i < 8; i += 1) {
    const environment = random.int(3) === 0 ? word(1, 12) : random.pick(environments);
    if (environment === 'sandbox' || environment === 'production') continue;
    add('another environment', `${environment}_${word(4, 10)}_${word(3, 20)}`);
  }
  for (const value of [
    'sandbox__demo_merchant',
    'sandbox_k9x2m4p7_',
    '_sandbox_k9x2m4p7_demo_merchant',
    'sandbox_k9x2m4p7_demo-merchant',
    'sandbox_k9x2m4p7_demo merchant',
    'sandbox k9x2m4p7 demo_merchant',
    'sandbox_k9x2m4p7_demo_merchant\u0000',
  ]) {
    add('almost a key', value);
  }
  for (let i = 0; i < 3; i += 1)
    // The gateway refuses them (401), which the configuration call reports as a network error.
    add('unknown merchant', keyOf(word(6, 16)), expected('CLIENT_GATEWAY_NETWORK'), true);
  // Random bytes after a byte no JSON text starts with.
  for (let i = 0; i < 5; i += 1)
    add('base64 junk', base64(`\u00ff${random.text(4 + random.int(60), ALPHANUMERIC + '{}[]":,')}`));
  const shapes: unknown[] = [
    { authorizationFingerprint: 5, configUrl },
    { authorizationFingerprint: fingerprint },
    { configUrl },
    { authorizationFingerprint: null, configUrl },
    { authorizationFingerprint: [fingerprint], configUrl },
    { authorizationFingerprint: fingerprint, configUrl: { href: configUrl } },
    { authorizationFingerprint: fingerprint, configUrl: [configUrl] },
    [fingerprint, configUrl],
    fingerprint,
    42,
    null,
    true,
  ];
  for (const shape of shapes) add('token of the wrong shape', token(shape));
  // The fields only on the prototype: readers take own keys alone.
  add(
    'token with inherited fields',
    base64(`{"__proto__":${JSON.stringify({ authorizationFingerprint: fingerprint, configUrl })}}`),
  );
  for (const url of random.int(2) === 0 ? foreignUrls('/config') : foreignUrls('/config').reverse()) {
    if (url === '') continue;
    add(
      'token with a foreign configuration URL',
      token({ authorizationFingerprint: fingerprint, configUrl: url }),
      expected('CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN', { property: 'configUrl' }),
    );
  }
  return cases;
}

/** A generator of hostile values for one option attribute, each with its error. */
type AttributeCases = (random: Seeded) => HostileCase[];

const invalidOption = (option: string): ExpectedError => expected('INVALID_OPTION', { option });

/** Text that is not JSON: an object or array left open with junk inside. */
function brokenJson(random: Seeded): string {
  // Letters only after the opening: nothing that could close it into valid JSON.
  return `${random.pick(['{', '[', '{"a":', '["card",'])}${random.text(random.int(30), 'abcxyz')}`;
}

/**
 * Cases every JSON object option shares: broken JSON, and JSON that is no object (but `true`, which
 * the drop-in's forms of `card`, `threeDSecure` and `dataCollector` take).
 */
function notAnObject(option: keyof typeof OPTION_READERS, random: Seeded): HostileCase[] {
  const error = invalidOption(option);
  return [
    { name: 'broken JSON', value: brokenJson(random), ...error },
    { name: 'broken JSON', value: brokenJson(random), ...error },
    ...['5', '"text"', '[]', '[{}]', 'true', '1e999']
      .filter((value) => OPTION_READERS[option](JSON.parse(value)) === INVALID)
      .map((value) => ({ name: 'not an object', value, ...error })),
  ];
}

/**
 * Values of an option its reader's declaration (`OPTION_READERS`) refuses: variants of a valid
 * value with one part, at any depth, of a kind or value the reader refuses, or left out; `count`
 * of them, picked by seed, as JSON carries them (`null` is no option at all, and NaN or undefined
 * do not survive JSON).
 */
function refusedByDeclaration(
  option: keyof typeof OPTION_READERS,
  random: Seeded,
  count = 14,
  valid?: unknown,
): unknown[] {
  const reader = OPTION_READERS[option];
  const texts = new Set<string>();
  for (const variant of hostileVariants(reader, valid ?? example(reader))) {
    const text = JSON.stringify(variant) as string | undefined;
    if (text === undefined) continue;
    const received = JSON.parse(text) as unknown;
    if (received !== null && reader(received) === INVALID) texts.add(text);
  }
  const all = [...texts];
  return Array.from(
    { length: Math.min(count, all.length) },
    () => JSON.parse(all.splice(random.int(all.length), 1)[0] ?? 'null') as unknown,
  );
}

/** The hostile values of a JSON option: JSON that is broken or no object, and what its declaration refuses. */
function jsonCases(option: keyof typeof OPTION_READERS, random: Seeded, count?: number): HostileCase[] {
  return [
    ...notAnObject(option, random),
    ...refusedByDeclaration(option, random, count).map((value) => ({
      name: 'refused by its declaration',
      value: JSON.stringify(value),
      ...invalidOption(option),
    })),
  ];
}

/** Attribute values a boolean option refuses: anything but "true", "false" or the bare attribute. */
function notTrueOrFalse(option: string, random: Seeded): HostileCase[] {
  const error = invalidOption(option);
  return [
    'TRUE',
    'True',
    'yes',
    '1',
    '0',
    'False',
    ' true',
    'false ',
    random.text(1 + random.int(12), ALPHANUMERIC),
  ]
    .filter((value) => value !== 'true' && value !== 'false')
    .map((value) => ({ name: 'not true or false', value, ...error }));
}

/** Hostile values of each option attribute (OPTION_ATTRIBUTES), by attribute. */
export const ATTRIBUTE_CASES: Readonly<Record<string, AttributeCases>> = {
  locale: (random) => {
    const error = invalidOption('locale');
    // The attribute's text is the locale itself, trimmed, not JSON.
    const refused = refusedByDeclaration('locale', random, 8, 'en_US').filter(
      (value): value is string =>
        typeof value === 'string' && value.trim() !== '' && OPTION_READERS.locale(value.trim()) === INVALID,
    );
    return [
      ...Array.from({ length: 4 }, () => random.text(4 + random.int(9), 'abcdefghijklmnopqrstuvwxyz')),
      '   ',
      'x'.repeat(10_000),
      `${random.text(2 + random.int(10))}\u4e2d`,
      ...refused,
    ].map((value) => ({ name: 'not a locale', value, ...error }));
  },
  translations: (random) => jsonCases('translations', random),
  card: (random) => jsonCases('card', random),
  paypal: (random) => jsonCases('paypal', random),
  paypalCredit: (random) => jsonCases('paypalCredit', random),
  paypalPayLater: (random) => jsonCases('paypalPayLater', random),
  venmo: (random) => jsonCases('venmo', random),
  applePay: (random) => jsonCases('applePay', random),
  googlePay: (random) => jsonCases('googlePay', random),
  threeDSecure: (random) => [
    ...jsonCases('threeDSecure', random, 20),
    { name: 'amount past any number', value: '{"amount": 1e999}', ...invalidOption('threeDSecure') },
  ],
  dataCollector: (random) => jsonCases('dataCollector', random),
  preselectVaultedPaymentMethod: (random) => notTrueOrFalse('preselectVaultedPaymentMethod', random),
  showDefaultPaymentMethodFirst: (random) => notTrueOrFalse('showDefaultPaymentMethodFirst', random),
  vaultManager: (random) => notTrueOrFalse('vaultManager', random),
  hiddenVaultedPaymentMethodTypes: (random) => {
    const error = invalidOption('hiddenVaultedPaymentMethodTypes');
    // Text not opening JSON is a plain list of ids, unknown ones ignored: only JSON can be refused.
    return ['{}', '{"0": "card"}', '"card"', '[1]', '[true]', '[["card"]]', `[${random.int(1000)}]`].map(
      (value) => ({ name: 'not an array of ids', value, ...error }),
    );
  },
  paymentOptionPriority: (random) => {
    const notArray = expected('PAYMENT_OPTION_PRIORITY_NOT_ARRAY');
    const invalid = expected('PAYMENT_OPTION_PRIORITY_INVALID');
    const names = () =>
      Array.from({ length: 1 + random.int(3) }, () =>
        random.text(3 + random.int(8), 'abcdefghijklmnopqrstuvwxyz'),
      );
    return [
      ...['{}', '{"0": "card"}', '"card"'].map((value) => ({ name: 'not an array', value, ...notArray })),
      // Text not opening JSON is a plain list of names.
      ...['5', 'true'].map((value) => ({ name: 'an unknown option', value, ...invalid })),
      {
        name: 'broken JSON',
        value: `[${random.text(5, 'abcxyz')}`,
        ...invalidOption('paymentOptionPriority'),
      },
      {
        name: 'broken JSON',
        value: `{${random.text(5, 'abcxyz')}`,
        ...invalidOption('paymentOptionPriority'),
      },
      ...[
        '["card","bitcoin"]',
        '[5]',
        '[null]',
        '[["card"]]',
        '["__proto__"]',
        '["Card"]',
        '["toString"]',
      ].map((value) => ({ name: 'an unknown option', value, ...invalid })),
      { name: 'an unknown option', value: `card ${names().join(' ')}`, ...invalid },
      { name: 'an unknown option', value: names().join(', '), ...invalid },
      { name: 'nothing left', value: '[]', ...expected('NO_VALID_PAYMENT_OPTIONS') },
    ];
  },
};
