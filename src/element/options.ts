/**
 * The merchant's options, as attributes (text, JSON where structured) or properties (values),
 * checked with the strict readers. A value that does not fit becomes a catalogue error instead of
 * an exception the merchant cannot catch.
 * @packageDocumentation
 */
import type {
  PanelOptionName,
  PanelOptions,
  RequestPaymentMethodOptions,
  ThreeDSecureRequestOptions,
} from '../controller/panel-options';
import { createError, type PanelError } from '../shared/errors';
import {
  boolean,
  INVALID,
  isObject,
  looseObject,
  nonEmptyString,
  nonNegativeNumber,
  object,
  oneOf,
  optional,
  record,
  refine,
  refusal,
  string,
  union,
  unknownValue,
  type Reader,
} from '../shared/strict-readers';

/** What parsing an option gives: its value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PanelError };

/** An option's value, read. */
function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** Options checked here; the priority's rules are the panel configuration's. */
type CheckedOption = Exclude<PanelOptionName, 'paymentOptionPriority'>;

const amount = union(nonEmptyString, nonNegativeNumber);
const wallet = looseObject({
  flow: optional(oneOf(['checkout', 'vault'])),
  amount: optional(amount),
  currency: optional(string()),
});
const text = optional(string());
const flag = optional(boolean);
// Any text field: the provider's names (`streetAddress`, `locality`…) are its to check.
const address = optional(record(string()));
const threeDSecureRequestFields = {
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

/**
 * The reader of each option: the declaration of what it takes, which `details.reason` of a refusal
 * spells out. Unknown keys are kept on wallet options (their sheets read what they know) and
 * dropped elsewhere. Each reads (a part of) the option's public type.
 */
export const OPTION_READERS: { readonly [K in CheckedOption]: Reader<NonNullable<PanelOptions[K]>> } = {
  locale: refine(string(), 'a locale such as "en_US" or "en-US"', (value) =>
    /^[a-zA-Z]{2,3}(?:[_-][a-zA-Z]{2})?$/.test(value),
  ),
  translations: refine(record(string()), 'an object of texts by key'),
  card: object({ cardholderName: optional(union(boolean, object({ required: optional(boolean) }))) }),
  paypal: wallet,
  paypalCredit: wallet,
  applePay: looseObject({ displayName: optional(string()), paymentRequest: optional(record(unknownValue)) }),
  // The rest of Google's request (googlePayVersion, and the button's values) is the Google Pay
  // file's to check.
  googlePay: looseObject({
    merchantId: optional(string()),
    transactionInfo: looseObject({
      currencyCode: nonEmptyString,
      totalPriceStatus: oneOf(['FINAL', 'ESTIMATED', 'NOT_CURRENTLY_KNOWN']),
      totalPrice: string(),
      countryCode: optional(string()),
    }),
    button: optional(record(string())),
  }),
  threeDSecure: object({ ...threeDSecureRequestFields, amount }),
  dataCollector: refine(
    object({ kount: optional(boolean), paypal: optional(boolean) }),
    '$ with kount or paypal true',
    (value) => value.kount === true || value.paypal === true,
  ),
  preselectVaultedPaymentMethod: refine(boolean, 'true or false'),
};

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
      return ok(input.trim());
    case 'preselectVaultedPaymentMethod':
      // A present boolean attribute means true, as in HTML; "false" is the way to say no.
      if (input === '' || input === 'true') return ok(true);
      if (input === 'false') return ok(false);
      return invalid(option, 'use "true" or "false"');
    case 'paymentOptionPriority':
      // JSON (`["card","paypal"]`) or a plain list (`card paypal`, `card, paypal`).
      if (!/^\s*[[{"]/.test(input)) {
        return ok(input.split(/[\s,]+/).filter((part) => part !== ''));
      }
  }
  try {
    return ok(JSON.parse(input) as unknown);
  } catch (error) {
    // JSON.parse throws a SyntaxError, whose message says where the text breaks.
    return invalid(option, (error as Error).message);
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
  if (input === null || input === undefined) return ok(undefined);
  if (input === '' && !(fromAttribute && option === 'preselectVaultedPaymentMethod')) {
    return ok(undefined);
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
      return ok((Array.isArray(value) ? [...(value as unknown[])] : value) as PanelOptions[K]);
    }
    const readers: Partial<Record<string, Reader<unknown>>> = OPTION_READERS;
    // Read by own key only: a name such as "toString" is no option.
    const reader = Object.hasOwn(readers, option) ? readers[option] : undefined;
    if (!reader) return invalid(option, 'unknown option');
    const read = reader(value);
    return read === INVALID ? invalid(option, refusal(reader, value)) : ok(read as PanelOptions[K]);
  } catch {
    return invalid(option, 'the value cannot be read');
  }
}

/** The reader of a request's `threeDSecure`: the option's, with every key optional. */
export const REQUEST_THREE_D_SECURE: Reader<ThreeDSecureRequestOptions> = object(threeDSecureRequestFields);

/**
 * The options of one `requestPaymentMethod()` call, `{threeDSecure?}`; `threeDSecure` is read like
 * the option (its keys all optional) and refused with `INVALID_OPTION` naming it. Anything but an
 * object counts as no options, as in the drop-in.
 */
export function parseRequestOptions(input: unknown): Parsed<RequestPaymentMethodOptions> {
  // A value whose reading throws (a getter, a proxy) is refused like any value that does not fit.
  try {
    const given: unknown = isObject(input) ? input.threeDSecure : undefined;
    if (given === undefined) return ok({});
    const read = REQUEST_THREE_D_SECURE(given);
    return read === INVALID
      ? invalid('threeDSecure', refusal(REQUEST_THREE_D_SECURE, given))
      : ok({ threeDSecure: read });
  } catch {
    return invalid('threeDSecure', 'the value cannot be read');
  }
}
