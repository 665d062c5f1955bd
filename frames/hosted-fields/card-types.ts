/**
 * Card brand detection inside the frames: credit-card-type, narrowed to the eight brands of docs/card.md,
 * "Card brands" and given the lengths, gaps and codes of {@link CARD_BRANDS}, so the table in `src/shared`
 * stays the one source of truth.
 * @packageDocumentation
 */
import creditCardType from 'credit-card-type';
import {
  CARD_BRANDS,
  CARD_BRAND_TYPES,
  type CardBrand,
  type CardBrandType,
} from '../../src/shared/card-brands';
import type { CardCandidate } from '../../src/shared/hosted-fields';

/** The library names the same brands as we do, except Mastercard. */
const LIBRARY_NAME: Readonly<Partial<Record<CardBrandType, string>>> = { 'master-card': 'mastercard' };

function libraryName(type: CardBrandType): string {
  return LIBRARY_NAME[type] ?? type;
}

function ourType(libraryType: string): CardBrandType | undefined {
  const type = libraryType === 'mastercard' ? 'master-card' : libraryType;
  return (CARD_BRAND_TYPES as readonly string[]).includes(type) ? (type as CardBrandType) : undefined;
}

let configured = false;

/**
 * Narrows credit-card-type (a module-wide registry that card-validator shares) to our brands.
 * Idempotent; every function here calls it first.
 */
export function configureCardTypes(): void {
  if (configured) return;
  configured = true;
  const ours = new Set(CARD_BRAND_TYPES.map(libraryName));
  for (const name of Object.values(creditCardType.types)) {
    if (!ours.has(name)) creditCardType.removeCard(name);
  }
  for (const brand of Object.values(CARD_BRANDS)) {
    creditCardType.updateCard(libraryName(brand.type), {
      lengths: [...brand.lengths],
      gaps: [...brand.gaps],
      code: { ...brand.code },
    });
  }
}

/** The brands a number (digits only) may still be, in detection order. */
export function detectBrands(digits: string): CardBrand[] {
  configureCardTypes();
  const brands: CardBrand[] = [];
  for (const card of creditCardType(digits)) {
    const type = ourType(card.type);
    if (type !== undefined) brands.push(CARD_BRANDS[type]);
  }
  return brands;
}

/** The one brand of a number, once detection leaves only one. */
export function determinedBrand(digits: string): CardBrand | undefined {
  const brands = detectBrands(digits);
  return brands.length === 1 ? brands[0] : undefined;
}

/** What the page may learn of a brand. */
export function toCandidate(brand: CardBrand): CardCandidate {
  return { type: brand.type, niceType: brand.niceType, code: { ...brand.code } };
}
