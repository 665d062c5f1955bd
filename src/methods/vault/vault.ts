/**
 * The customer's saved (vaulted) payment methods (PROTOCOL §5): fetched once per client token with
 * a customer, checked entry by entry, and handed to the panel as raw payment methods.
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import type { GatewayClient } from '../../client';
import type { PaymentMethodType, RawPaymentMethod } from '../../model';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';

/** Options of {@link fetchVaultedPaymentMethods}. */
export interface FetchVaultedPaymentMethodsOptions {
  /** Types of the payment options the panel offers; saved methods of other types are left out. */
  enabledTypes: readonly PaymentMethodType[];
}

const nonEmpty = z.string().check(z.minLength(1));
const binData = z.optional(z.nullable(z.record(z.string(), z.unknown())));
const description = z.optional(z.string());

const creditCard = z.object({
  type: z.literal('CreditCard'),
  nonce: nonEmpty,
  description,
  details: z.object({ cardType: z.string(), lastTwo: z.string(), lastFour: z.optional(z.string()) }),
  binData,
});

const payPalAccount = z.object({
  type: z.literal('PayPalAccount'),
  nonce: nonEmpty,
  description,
  details: z.object({
    email: z.string(),
    // Loose: the gateway may add addresses or a phone to the payer, which the merchant may want.
    payerInfo: z.optional(
      z.looseObject({
        email: z.optional(z.string()),
        firstName: z.optional(z.string()),
        lastName: z.optional(z.string()),
        payerId: z.optional(z.string()),
        countryCode: z.optional(z.string()),
      }),
    ),
  }),
});

const applePayCard = z.object({
  type: z.literal('ApplePayCard'),
  nonce: nonEmpty,
  description,
  details: z
    .object({ cardType: z.string(), dpanLastTwo: z.optional(z.string()), lastTwo: z.optional(z.string()) })
    .check(
      z.refine((details) => details.dpanLastTwo !== undefined || details.lastTwo !== undefined, {
        message: 'dpanLastTwo or lastTwo is required',
      }),
    ),
  binData,
});

/** Schema of one entry of the `paymentMethods` answer; unknown keys are dropped. */
export const vaultedPaymentMethodSchema = z.discriminatedUnion('type', [
  creditCard,
  payPalAccount,
  applePayCard,
]);

const answerSchema = z.object({ paymentMethods: z.array(z.unknown()) });

function toRawPaymentMethod(entry: z.infer<typeof vaultedPaymentMethodSchema>): RawPaymentMethod {
  const method: RawPaymentMethod = {
    nonce: entry.nonce,
    details: entry.details,
    type: entry.type,
    vaulted: true,
  };
  if (entry.description !== undefined) method.description = entry.description;
  if ('binData' in entry && entry.binData) method.binData = entry.binData;
  return method;
}

/**
 * The customer's saved payment methods, default first, each marked `vaulted: true`.
 *
 * Guest checkout (a tokenization key, or a client token without a customer) answers `[]` without a
 * request. Otherwise one `GET payment_methods?defaultFirst=1`. Never rejects: a failed request or
 * an unreadable answer gives `[]` (PROTOCOL §5), a malformed entry is left out, and so is an entry
 * whose type is not in `enabledTypes`.
 */
export async function fetchVaultedPaymentMethods(
  client: GatewayClient,
  options: FetchVaultedPaymentMethodsOptions,
): Promise<RawPaymentMethod[]> {
  if (client.authorization.guest) return [];
  let data: unknown;
  try {
    ({ data } = await client.request({
      method: ENDPOINTS.paymentMethods.method,
      endpoint: endpointPath('paymentMethods'),
      data: { defaultFirst: 1 },
    }));
  } catch {
    // Saved methods are a convenience: without them the shopper still pays with a new method.
    return [];
  }
  const answer = answerSchema.safeParse(data);
  if (!answer.success) return [];
  const methods: RawPaymentMethod[] = [];
  for (const candidate of answer.data.paymentMethods) {
    const entry = vaultedPaymentMethodSchema.safeParse(candidate);
    if (entry.success && options.enabledTypes.includes(entry.data.type)) {
      methods.push(toRawPaymentMethod(entry.data));
    }
  }
  return methods;
}
