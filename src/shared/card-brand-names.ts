/**
 * The card brands the panel knows, by type, and the names the gateway configuration uses for them:
 * what the first script needs to tell which brands a merchant accepts. The brands' details
 * (lengths, gaps, security codes) are in card-brands.ts.
 * @packageDocumentation
 */

/** A card brand the panel knows. */
export type CardBrandType =
  'visa' | 'master-card' | 'american-express' | 'diners-club' | 'discover' | 'jcb' | 'unionpay' | 'maestro';

/**
 * The name `creditCards.supportedCardTypes` of the gateway configuration uses for each brand.
 * diners-club maps to Discover's, as the reference does.
 */
export const CONFIGURATION_NAMES: Readonly<Record<CardBrandType, string>> = {
  visa: 'Visa',
  'master-card': 'MasterCard',
  'american-express': 'American Express',
  'diners-club': 'Discover',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  maestro: 'Maestro',
};

/** Every brand type, in the order the panel shows their icons. */
export const CARD_BRAND_TYPES = Object.keys(CONFIGURATION_NAMES) as CardBrandType[];

/** Whether a string names a brand. */
export function isCardBrandType(value: unknown): value is CardBrandType {
  return typeof value === 'string' && Object.hasOwn(CONFIGURATION_NAMES, value);
}

/** Brands a merchant accepts, from the configuration's `creditCards.supportedCardTypes`. */
export function supportedBrands(supportedCardTypes: readonly string[]): CardBrandType[] {
  return CARD_BRAND_TYPES.filter((type) => supportedCardTypes.includes(CONFIGURATION_NAMES[type]));
}
