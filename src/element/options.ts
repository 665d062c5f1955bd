/**
 * The merchant's options, as attributes (text, JSON where structured) or properties (values),
 * checked with zod/mini. A value that does not fit becomes a catalogue error instead of an exception
 * the merchant cannot catch.
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import type { PanelOptionName, PanelOptions } from '../panel/panel-options';
import { createError, type PanelError } from '../shared/errors';

/** What parsing an option gives: its value, or why it was refused. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: PanelError };

const amount = z.union([z.string().check(z.minLength(1)), z.number().check(z.nonnegative())]);

// Unknown keys are kept on wallet options (their sheets read what they know) and dropped elsewhere.
const SCHEMAS = {
  locale: z.string().check(z.regex(/^[a-zA-Z]{2,3}(?:[_-][a-zA-Z]{2})?$/)),
  translations: z.record(z.string(), z.string()),
  card: z.object({
    cardholderName: z.optional(z.union([z.boolean(), z.object({ required: z.optional(z.boolean()) })])),
  }),
  paypal: z.looseObject({
    flow: z.optional(z.enum(['checkout', 'vault'])),
    amount: z.optional(amount),
    currency: z.optional(z.string()),
  }),
  paypalCredit: z.looseObject({
    flow: z.optional(z.enum(['checkout', 'vault'])),
    amount: z.optional(amount),
    currency: z.optional(z.string()),
  }),
  applePay: z.looseObject({
    displayName: z.optional(z.string()),
    paymentRequest: z.optional(z.record(z.string(), z.unknown())),
  }),
  threeDSecure: z.object({ amount }),
  dataCollector: z
    .object({ kount: z.optional(z.boolean()), paypal: z.optional(z.boolean()) })
    .check(
      z.refine((value) => value.kount === true || value.paypal === true, 'kount or paypal must be true'),
    ),
  preselectVaultedPaymentMethod: z.boolean(),
} satisfies Record<Exclude<PanelOptionName, 'paymentOptionPriority'>, z.ZodMiniType>;

/** Every option's attribute, by property name. */
export const OPTION_ATTRIBUTES = {
  locale: 'locale',
  translations: 'translations',
  paymentOptionPriority: 'payment-option-priority',
  card: 'card',
  paypal: 'paypal',
  paypalCredit: 'paypal-credit',
  applePay: 'apple-pay',
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
 * A property given as a string is read like the attribute.
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
  if (typeof input === 'string' && (fromAttribute || option !== 'locale')) {
    const read = fromText(option, input);
    if (!read.ok) return read;
    value = read.value;
  }
  // The priority's rules (an array of known options) are the panel configuration's, with their own messages.
  if (option === 'paymentOptionPriority') return { ok: true, value: value as PanelOptions[K] };
  const schemas: Record<string, z.ZodMiniType> = SCHEMAS;
  const schema = schemas[option];
  if (!schema) return invalid(option, 'unknown option');
  const result = schema.safeParse(value);
  if (!result.success) return invalid(option, z.prettifyError(result.error));
  return { ok: true, value: result.data as PanelOptions[K] };
}
