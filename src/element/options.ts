/**
 * The merchant's options, as attributes (text, JSON where structured) or properties (values),
 * checked with the strict readers. A value that does not fit becomes a catalogue error instead of
 * an exception the merchant cannot catch.
 * @packageDocumentation
 */
import { OPTION_READERS, type PanelOptionName, type PanelOptions } from '../model/options';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import { definedModule } from '../shared/module-registry';
import { INVALID, refusal, type Reader } from '../shared/strict-readers';

/** What parsing an option gives: its value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PanelError };

/** An option's value, read. */
function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

/** Every option's attribute, by property name. */
export const OPTION_ATTRIBUTES = Object.fromEntries(
  ['paymentOptionPriority', ...Object.keys(OPTION_READERS)].map((name) => [
    name,
    name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
  ]),
) as { readonly [P in PanelOptionName]: AttributeName<P> };

/** The attribute of an option: its property name with each capital a hyphen and its lower case. */
type AttributeName<P extends string> = P extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `-${Lowercase<First>}`}${AttributeName<Rest>}`
  : P;

/** Every option's property name, by attribute. */
export const OPTION_PROPERTIES = Object.fromEntries(
  Object.entries(OPTION_ATTRIBUTES).map(([property, attribute]) => [attribute, property]),
) as Record<string, PanelOptionName>;

function invalid(option: PanelOptionName, reason: string): { ok: false; error: PanelError } {
  return { ok: false, error: createError('INVALID_OPTION', { option }, { reason }) };
}

/** Whether an option is a boolean one, which an empty attribute turns on. */
function isBoolean(option: PanelOptionName): boolean {
  return (
    option === 'preselectVaultedPaymentMethod' ||
    option === 'showDefaultPaymentMethodFirst' ||
    option === 'vaultManager'
  );
}

/** An attribute's text as the value it stands for: JSON for structured options. */
function fromText(option: PanelOptionName, input: string): Parsed<unknown> {
  switch (option) {
    case 'locale':
      return ok(input.trim());
    case 'preselectVaultedPaymentMethod':
    case 'showDefaultPaymentMethodFirst':
    case 'vaultManager':
      // A present boolean attribute means true, as in HTML; "false" is the way to say no.
      if (input === '' || input === 'true') return ok(true);
      if (input === 'false') return ok(false);
      return invalid(option, 'use "true" or "false"');
    case 'paymentOptionPriority':
    case 'hiddenVaultedPaymentMethodTypes':
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
 * (except for the booleans `preselect-vaulted-payment-method`, `show-default-payment-method-first`
 * and `vault-manager`, where an empty attribute means true).
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
  if (input === '' && !(fromAttribute && isBoolean(option))) {
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
    if (read === INVALID) return invalid(option, refusal(reader, value));
    // The 3D Secure option's keys are read by the panel's runtime, here once it is loaded, else when
    // it makes 3D Secure: its readers stay out of the first script.
    const deep = option === 'threeDSecure' && read ? definedModule('panel')?.readThreeDSecureOption : null;
    return ok((deep ? deep(read) : read) as PanelOptions[K]);
  } catch (error) {
    return isPanelError(error) ? { ok: false, error } : invalid(option, 'the value cannot be read');
  }
}
