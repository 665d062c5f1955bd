import { describe, expect, it } from 'vitest';
import { CARD_BRANDS, CARD_BRAND_TYPES, supportedBrands } from './card-brands';

describe('card brands', () => {
  it('follow the brand table of the specification', () => {
    const table = CARD_BRAND_TYPES.map((type) => {
      const { lengths, gaps, code } = CARD_BRANDS[type];
      return [type, lengths.join(','), gaps.join(','), `${code.name} ${code.size}`];
    });
    expect(table).toEqual([
      ['visa', '16,18,19', '4,8,12', 'CVV 3'],
      ['master-card', '16', '4,8,12', 'CVC 3'],
      ['american-express', '15', '4,10', 'CID 4'],
      ['diners-club', '14,16,19', '4,10', 'CVV 3'],
      ['discover', '16,19', '4,8,12', 'CID 3'],
      ['jcb', '16,17,18,19', '4,8,12', 'CVV 3'],
      ['unionpay', '16,17,18,19', '4,8,12', 'CVN 3'],
      ['maestro', '12,13,14,15,16,17,18,19', '4,8,12', 'CVC 3'],
    ]);
  });

  it('map configured card types to brands, diners-club with the display name of Discover', () => {
    expect(supportedBrands(['Visa', 'MasterCard'])).toEqual(['visa', 'master-card']);
    expect(supportedBrands(['Discover'])).toEqual(['diners-club', 'discover']);
    expect(supportedBrands(['Diners Club'])).toEqual([]);
    expect(supportedBrands([])).toEqual([]);
  });
});
