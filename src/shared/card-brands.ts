/**
 * The card brands: display name, lengths, gaps and security code, and the names the gateway
 * configuration uses for them. A static table: the page needs it without the detection library,
 * which only the frames carry. The brands' names alone are in card-brand-names.ts, which the first
 * script carries; this table comes with the view and the frames.
 * @packageDocumentation
 */
import { CONFIGURATION_NAMES, type CardBrandType } from './card-brand-names';

export { CARD_BRAND_TYPES, isCardBrandType, supportedBrands, type CardBrandType } from './card-brand-names';

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
   * diners-club maps to Discover's, as the reference does (docs/card.md, "Card brands").
   */
  configurationName: string;
}

/** Each brand with the name the gateway configuration uses for it. */
function withConfigurationNames(
  brands: Record<CardBrandType, Omit<CardBrand, 'configurationName'>>,
): Record<CardBrandType, CardBrand> {
  return Object.fromEntries(
    Object.entries(brands).map(([type, brand]) => [
      type,
      { ...brand, configurationName: CONFIGURATION_NAMES[type as CardBrandType] },
    ]),
  ) as Record<CardBrandType, CardBrand>;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every brand, by type. */
export const CARD_BRANDS: Readonly<Record<CardBrandType, CardBrand>> = withConfigurationNames({
  visa: {
    type: 'visa',
    niceType: 'Visa',
    lengths: [16, 18, 19],
    gaps: [4, 8, 12],
    code: { name: 'CVV', size: 3 },
  },
  'master-card': {
    type: 'master-card',
    niceType: 'Mastercard',
    lengths: [16],
    gaps: [4, 8, 12],
    code: { name: 'CVC', size: 3 },
  },
  'american-express': {
    type: 'american-express',
    niceType: 'American Express',
    lengths: [15],
    gaps: [4, 10],
    code: { name: 'CID', size: 4 },
  },
  'diners-club': {
    type: 'diners-club',
    niceType: 'Diners Club',
    lengths: [14, 16, 19],
    gaps: [4, 10],
    code: { name: 'CVV', size: 3 },
  },
  discover: {
    type: 'discover',
    niceType: 'Discover',
    lengths: [16, 19],
    gaps: [4, 8, 12],
    code: { name: 'CID', size: 3 },
  },
  jcb: {
    type: 'jcb',
    niceType: 'JCB',
    lengths: range(16, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVV', size: 3 },
  },
  unionpay: {
    type: 'unionpay',
    niceType: 'UnionPay',
    lengths: range(16, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVN', size: 3 },
  },
  maestro: {
    type: 'maestro',
    niceType: 'Maestro',
    lengths: range(12, 19),
    gaps: [4, 8, 12],
    code: { name: 'CVC', size: 3 },
  },
});
