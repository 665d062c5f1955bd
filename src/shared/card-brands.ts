/**
 * The card brands of SPEC §9: display name, lengths, gaps and security code, and the names the
 * gateway configuration uses for them. A static table: the page needs it without the detection
 * library, which only the frames carry.
 * @packageDocumentation
 */

/** A card brand the panel knows (SPEC §3 card types). */
export type CardBrandType =
  'visa' | 'master-card' | 'american-express' | 'diners-club' | 'discover' | 'jcb' | 'unionpay' | 'maestro';

/** What the panel knows of a brand. */
export interface CardBrand {
  type: CardBrandType;
  /** Display name. */
  niceType: string;
  /** Allowed number lengths. */
  lengths: readonly number[];
  /** Positions after which a space is shown in the number. */
  gaps: readonly number[];
  /** The security code's name and number of digits. */
  code: { name: string; size: number };
  /**
   * The name `creditCards.supportedCardTypes` of the gateway configuration uses for this brand.
   * diners-club maps to Discover's, as the reference does (SPEC §9).
   */
  configurationName: string;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every brand, by type. */
export const CARD_BRANDS: Readonly<Record<CardBrandType, CardBrand>> = {
  visa: {
    type: 'visa',
    niceType: 'Visa',
    lengths: [16, 18, 19],
    gaps: [4, 8, 12],
    code: { name: 'CVV', size: 3 },
    configurationName: 'Visa',
  },
  'master-card': {
    type: 'master-card',
    niceType: 'Mastercard',
    lengths: [16],
    gaps: [4, 8, 12],
    code: { name: 'CVC', size: 3 },
    configurationName: 'MasterCard',
  },
  'american-express': {
    type: 'american-express',
    niceType: 'American Express',
    lengths: [15],
    gaps: [4, 10],
    code: { name: 'CID', size: 4 },
    configurationName: 'American Express',
  },
  'diners-club': {
    type: 'diners-club',
    niceType: 'Diners Club',
    lengths: [14, 16, 19],
    gaps: [4, 10],
    code: { name: 'CVV', size: 3 },
    configurationName: 'Discover',
  },
  discover: {
    type: 'discover',
    niceType: 'Discover',
    lengths: [16, 19],
    gaps: [4, 8, 12],
    code: { name: 'CID', size: 3 },
    configurationName: 'Discover',
  },
  jcb: {
    type: 'jcb',
    niceType: 'JCB',
    lengths: range(16, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVV', size: 3 },
    configurationName: 'JCB',
  },
  unionpay: {
    type: 'unionpay',
    niceType: 'UnionPay',
    lengths: range(16, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVN', size: 3 },
    configurationName: 'UnionPay',
  },
  maestro: {
    type: 'maestro',
    niceType: 'Maestro',
    lengths: range(12, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVC', size: 3 },
    configurationName: 'Maestro',
  },
};

/** Every brand type, in the order the panel shows their icons. */
export const CARD_BRAND_TYPES = Object.keys(CARD_BRANDS) as CardBrandType[];

/** Whether a string names a brand. */
export function isCardBrandType(value: unknown): value is CardBrandType {
  return typeof value === 'string' && Object.hasOwn(CARD_BRANDS, value);
}

/** Brands a merchant accepts, from the configuration's `creditCards.supportedCardTypes`. */
export function supportedBrands(supportedCardTypes: readonly string[]): CardBrandType[] {
  return CARD_BRAND_TYPES.filter((type) => supportedCardTypes.includes(CARD_BRANDS[type].configurationName));
}
