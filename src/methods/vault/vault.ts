/**
 * The customer's saved (vaulted) payment methods (docs/protocol.md, "Saved payment methods"): fetched once
 * per client token with a customer, checked entry by entry, and handed to the panel as raw payment methods.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { PaymentMethodType, RawPaymentMethod } from '../../model';
import { PAYMENT_METHODS_ENDPOINT } from '../../shared/endpoints';
import { CARD_DETAILS_FIELDS } from '../../shared/frame-message-parts';
import {
  array,
  boolean,
  discriminated,
  looseObject,
  nonEmptyString,
  nullable,
  object,
  optional,
  parseWith,
  record,
  refine,
  string,
  unknownValue,
  type Infer,
} from '../../shared/strict-readers';

/** Options of {@link fetchVaultedPaymentMethods}. */
export interface FetchVaultedPaymentMethodsOptions {
  /** Types of the payment options the panel offers; saved methods of other types are left out. */
  enabledTypes: readonly PaymentMethodType[];
  /** `false` asks for the methods without the customer's default first (`defaultFirst=0`). Default `true`. */
  defaultFirst?: boolean;
}

const binData = optional(nullable(record(unknownValue)));
const description = optional(string());
const { cardType, lastTwo, lastFour, bin } = CARD_DETAILS_FIELDS;
/**
 * What the panel keeps of a saved card's `details`, and of a saved Google Pay card's; the BIN among
 * them, which 3D Secure 2 sends to the issuer when a saved card is verified.
 */
const savedCardDetails = { cardType, lastTwo, lastFour, bin };

/** Reads one entry of the `paymentMethods` answer; unknown keys are dropped. */
export const vaultedPaymentMethodReader = discriminated({
  CreditCard: {
    nonce: nonEmptyString,
    description,
    details: object(savedCardDetails),
    binData,
  },
  PayPalAccount: {
    nonce: nonEmptyString,
    description,
    details: object({
      email: string(),
      // Loose: the gateway may add addresses or a phone to the payer, which the merchant may want.
      payerInfo: optional(
        looseObject({
          email: optional(string()),
          firstName: optional(string()),
          lastName: optional(string()),
          payerId: optional(string()),
          countryCode: optional(string()),
        }),
      ),
    }),
  },
  ApplePayCard: {
    nonce: nonEmptyString,
    description,
    details: refine(
      object({ cardType: string(), dpanLastTwo: optional(string()), lastTwo: optional(string()) }),
      '$ with dpanLastTwo or lastTwo',
      (details) => details.dpanLastTwo !== undefined || details.lastTwo !== undefined,
    ),
    binData,
  },
  AndroidPayCard: {
    nonce: nonEmptyString,
    description,
    details: object({ ...savedCardDetails, isNetworkTokenized: optional(boolean) }),
    binData,
  },
});

/** One entry of the `paymentMethods` answer, with the keys the panel reads. */
export type VaultedPaymentMethod = Infer<typeof vaultedPaymentMethodReader>;

const answer = object({ paymentMethods: array(unknownValue) });

function toRawPaymentMethod(entry: VaultedPaymentMethod): RawPaymentMethod {
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
 * The customer's saved payment methods, default first unless `defaultFirst` is `false`, each marked
 * `vaulted: true`.
 *
 * Guest checkout (a tokenization key, or a client token without a customer) answers `[]` without a
 * request. Otherwise one `GET payment_methods?defaultFirst=1` (`0` with `defaultFirst: false`). Never rejects: a failed request or
 * an unreadable answer gives `[]`, a malformed entry is left out, and so is an entry
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
      method: PAYMENT_METHODS_ENDPOINT.method,
      // No path parameters: the path is the endpoint as it is.
      endpoint: PAYMENT_METHODS_ENDPOINT.path,
      data: { defaultFirst: options.defaultFirst === false ? 0 : 1 },
    }));
  } catch {
    // Saved methods are a convenience: without them the shopper still pays with a new method.
    return [];
  }
  const candidates = parseWith(answer, data)?.paymentMethods ?? [];
  const methods: RawPaymentMethod[] = [];
  for (const candidate of candidates) {
    const entry = parseWith(vaultedPaymentMethodReader, candidate);
    if (entry && options.enabledTypes.includes(entry.type)) methods.push(toRawPaymentMethod(entry));
  }
  return methods;
}
