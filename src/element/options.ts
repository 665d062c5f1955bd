/**
 * The merchant's options, as attributes (text, JSON where structured) or properties (values),
 * checked with the strict readers. A value that does not fit becomes a catalogue error instead of
 * an exception the merchant cannot catch.
 * @packageDocumentation
 */
import type {
  ApplePayOptions,
  GooglePayOptions,
  PanelOptionName,
  PanelOptions,
  PayPalOptions,
  RequestPaymentMethodOptions,
  ThreeDSecureRequestOptions,
} from '../controller/panel-options';
import { createError, type PanelError } from '../shared/errors';
import {
  boolean,
  INVALID,
  invalidKey,
  isObject,
  looseObject,
  matching,
  nonEmptyString,
  nonNegativeNumber,
  object,
  oneOf,
  optional,
  record,
  refine,
  string,
  union,
  unknownValue,
  type KeyReaders,
  type Reader,
  type Shape,
} from '../shared/strict-readers';

/** What parsing an option gives: its value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PanelError };

/** Options checked here; the priority's rules are the panel configuration's. */
type CheckedOption = Exclude<PanelOptionName, 'paymentOptionPriority'>;

/** How an option is read, and what a refusal says. */
interface OptionRule<T> {
  read: Reader<T>;
  /** What the option takes, for `details.reason`. */
  expected: string;
  /** The readers of its keys (or of every value, for a map), to name the key that does not fit. */
  keys?: KeyReaders | Reader<unknown>;
}

function rule<T>(read: Reader<T>, expected: string, keys?: OptionRule<T>['keys']): OptionRule<T> {
  return keys === undefined ? { read, expected } : { read, expected, keys };
}

const AMOUNT = 'a non-empty string or a number of at least 0';
const amount = union(nonEmptyString, nonNegativeNumber);

const walletFields: Shape<Pick<PayPalOptions, 'flow' | 'amount' | 'currency'>> = {
  flow: optional(oneOf(['checkout', 'vault'])),
  amount: optional(amount),
  currency: optional(string()),
};
const WALLET = `{"flow"?: "checkout" | "vault", "amount"?: ${AMOUNT}, "currency"?: string, …}`;

const cardFields: Shape<NonNullable<PanelOptions['card']>> = {
  cardholderName: optional(union(boolean, object({ required: optional(boolean) }))),
};
const applePayFields: Shape<Pick<ApplePayOptions, 'displayName' | 'paymentRequest'>> = {
  displayName: optional(string()),
  paymentRequest: optional(record(unknownValue)),
};
const googlePayFields: Shape<Pick<GooglePayOptions, 'merchantId' | 'transactionInfo' | 'button'>> = {
  merchantId: optional(string()),
  transactionInfo: looseObject({
    currencyCode: nonEmptyString,
    totalPriceStatus: oneOf(['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN']),
    totalPrice: string(),
    countryCode: optional(string()),
  }),
  // Google's button options are Google's to know: the Google Pay file checks their values.
  button: optional(record(string())),
};
const text = optional(string());
const flag = optional(boolean);
// Any text field: the provider's names (`streetAddress`, `locality`…) are its to check.
const address = optional(record(string()));
const threeDSecureRequestFields: Shape<ThreeDSecureRequestOptions> = {
  amount: optional(amount),
  email: text,
  mobilePhoneNumber: text,
  billingAddress: address,
  // Loose: the provider keeps adding fields the issuer may weigh.
  additionalInformation: optional(
    looseObject({
      acsWindowSize: optional(oneOf(['01', '02', '03', '04', '05'])),
      shippingAddress: address,
    }),
  ),
  challengeRequested: flag,
  dataOnlyRequested: flag,
  exemptionRequested: flag,
  requestedExemptionType: optional(oneOf(['low_value', 'transaction_risk_analysis'])),
  accountType: optional(oneOf(['credit', 'debit'])),
  cardAdd: flag,
};
const threeDSecureFields: Shape<NonNullable<PanelOptions['threeDSecure']>> = {
  ...threeDSecureRequestFields,
  amount,
};
const THREE_D_SECURE = '"email"?: string, "billingAddress"?: object, …}';
const dataCollectorFields: Shape<NonNullable<PanelOptions['dataCollector']>> = {
  kount: optional(boolean),
  paypal: optional(boolean),
};

// Unknown keys are kept on wallet options (their sheets read what they know) and dropped elsewhere.
const RULES: { [K in CheckedOption]: OptionRule<NonNullable<PanelOptions[K]>> } = {
  locale: rule(matching(/^[a-zA-Z]{2,3}(?:[_-][a-zA-Z]{2})?$/), 'a locale such as "en_US" or "en-US"'),
  translations: rule(record(string()), 'an object of texts by key, {"key": "text"}', string()),
  card: rule(
    object(cardFields),
    '{"cardholderName"?: true | false | {"required"?: true | false}}',
    cardFields,
  ),
  paypal: rule(looseObject(walletFields), WALLET, walletFields),
  paypalCredit: rule(looseObject(walletFields), WALLET, walletFields),
  applePay: rule(
    looseObject(applePayFields),
    '{"displayName"?: string, "paymentRequest"?: object, …}',
    applePayFields,
  ),
  // The rest of Google's request (and googlePayVersion) is the Google Pay file's to check.
  googlePay: rule(
    looseObject(googlePayFields),
    '{"transactionInfo": {"currencyCode", "totalPriceStatus", "totalPrice"}, …}',
    googlePayFields,
  ),
  threeDSecure: rule(
    object(threeDSecureFields),
    `{"amount": ${AMOUNT}, ${THREE_D_SECURE}`,
    threeDSecureFields,
  ),
  dataCollector: rule(
    refine(object(dataCollectorFields), (value) => value.kount === true || value.paypal === true),
    '{"kount"?: true | false, "paypal"?: true | false} with kount or paypal true',
    dataCollectorFields,
  ),
  preselectVaultedPaymentMethod: rule(boolean, 'true or false'),
};

/** Why `value` does not fit `rule`: the key at fault when there is one, and what the option takes. */
function reasonFor(rule: OptionRule<unknown>, value: unknown): string {
  const key = rule.keys && invalidKey(rule.keys, value);
  return `${key === undefined ? '' : `"${key}" does not fit; `}expected ${rule.expected}`;
}

/** Every option's attribute, by property name. */
export const OPTION_ATTRIBUTES = {
  locale: 'locale',
  translations: 'translations',
  paymentOptionPriority: 'payment-option-priority',
  card: 'card',
  paypal: 'paypal',
  paypalCredit: 'paypal-credit',
  applePay: 'apple-pay',
  googlePay: 'google-pay',
  threeDSecure: 'three-d-secure',
  dataCollector: 'data-collector',
  preselectVaultedPaymentMethod: 'preselect-vaulted-payment-method',
} as const satisfies Record<PanelOptionName, string>;

/** Every option's property name, by attribute. */
export const OPTION_PROPERTIES = Object.fromEntries(
  Object.entries(OPTION_ATTRIBUTES).map(([property, attribute]) => [attribute, property]),
) as Record<string, PanelOptionName>;

function invalid(option: PanelOptionName, reason: string): { ok: false; error: PanelError } {
  return { ok: false, error: createError('INVALID_OPTION', { option }, { reason }) };
}

/** An attribute's text as the value it stands for: JSON for structured options. */
function fromText(option: PanelOptionName, input: string): Parsed<unknown> {
  switch (option) {
    case 'locale':
      return { ok: true, value: input.trim() };
    case 'preselectVaultedPaymentMethod':
      // A present boolean attribute means true, as in HTML; "false" is the way to say no.
      if (input === '' || input === 'true') return { ok: true, value: true };
      if (input === 'false') return { ok: true, value: false };
      return invalid(option, 'use "true" or "false"');
    case 'paymentOptionPriority':
      // JSON (`["card","paypal"]`) or a plain list (`card paypal`, `card, paypal`).
      if (!/^\s*[[{"]/.test(input)) {
        return { ok: true, value: input.split(/[\s,]+/).filter((part) => part !== '') };
      }
  }
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch (error) {
    return invalid(option, error instanceof Error ? error.message : String(error));
  }
}

/**
 * An option from an attribute's text or a property's value; `null`, `undefined` and `''` mean none
 * (except for the boolean `preselect-vaulted-payment-method`, where an empty attribute means true).
 * A property given as a string is read like the attribute, except `locale`, which is text anyway,
 * and `paymentOptionPriority`, which must be an array: `'card'` is kept as it is, for the panel to
 * refuse with `PAYMENT_OPTION_PRIORITY_NOT_ARRAY`, as `paymentPanel.create()` is given it.
 */
export function parseOption<K extends PanelOptionName>(
  option: K,
  input: unknown,
  fromAttribute = false,
): Parsed<PanelOptions[K] | undefined> {
  if (input === null || input === undefined) return { ok: true, value: undefined };
  if (input === '' && !(fromAttribute && option === 'preselectVaultedPaymentMethod')) {
    return { ok: true, value: undefined };
  }
  let value: unknown = input;
  // Lists as text (`card paypal`, JSON) are a convenience of the attribute, which holds only text;
  // a merchant's script has arrays, and a string it passes is a mistake to report, not to guess at.
  const readsText = fromAttribute || (option !== 'locale' && option !== 'paymentOptionPriority');
  if (typeof input === 'string' && readsText) {
    const read = fromText(option, input);
    if (!read.ok) return read;
    value = read.value;
  }
  // A value whose reading throws (a getter, a proxy) is refused like any value that does not fit.
  try {
    // The priority's rules (an array of known options) are the panel configuration's, with their
    // own messages; an array is copied here, so the panel never reads the merchant's own.
    if (option === 'paymentOptionPriority') {
      return {
        ok: true,
        value: (Array.isArray(value) ? [...(value as unknown[])] : value) as PanelOptions[K],
      };
    }
    const rules: Partial<Record<string, OptionRule<unknown>>> = RULES;
    // Read by own key only: a name such as "toString" is no option.
    const optionRule = Object.hasOwn(rules, option) ? rules[option] : undefined;
    if (!optionRule) return invalid(option, 'unknown option');
    const read = optionRule.read(value);
    if (read === INVALID) return invalid(option, reasonFor(optionRule, value));
    return { ok: true, value: read as PanelOptions[K] };
  } catch {
    return invalid(option, 'the value cannot be read');
  }
}

const REQUEST_THREE_D_SECURE = rule(
  object(threeDSecureRequestFields),
  `{"amount"?: ${AMOUNT}, ${THREE_D_SECURE}`,
  threeDSecureRequestFields,
);

/**
 * The options of one `requestPaymentMethod()` call, `{threeDSecure?}`; `threeDSecure` is read like
 * the option (its keys all optional) and refused with `INVALID_OPTION` naming it. Anything but an
 * object counts as no options, as in the drop-in.
 */
export function parseRequestOptions(input: unknown): Parsed<RequestPaymentMethodOptions> {
  // A value whose reading throws (a getter, a proxy) is refused like any value that does not fit.
  try {
    const given: unknown = isObject(input) ? input.threeDSecure : undefined;
    if (given === undefined) return { ok: true, value: {} };
    const read = REQUEST_THREE_D_SECURE.read(given);
    if (read === INVALID) return invalid('threeDSecure', reasonFor(REQUEST_THREE_D_SECURE, given));
    return { ok: true, value: { threeDSecure: read } };
  } catch {
    return invalid('threeDSecure', 'the value cannot be read');
  }
}
