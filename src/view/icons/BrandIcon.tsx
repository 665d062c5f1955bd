/** A card brand's icon: a small card face in the brand's colour with its short name. */
import { CARD_BRANDS, type CardBrandType } from '../../shared/card-brands';

const FACES: Record<CardBrandType, { colour: string; label: string }> = {
  visa: { colour: '#1a1f71', label: 'VISA' },
  'master-card': { colour: '#eb001b', label: 'MC' },
  'american-express': { colour: '#2e77bb', label: 'AMEX' },
  'diners-club': { colour: '#0079be', label: 'DC' },
  discover: { colour: '#ff6000', label: 'DISC' },
  jcb: { colour: '#0b4ea2', label: 'JCB' },
  unionpay: { colour: '#d10429', label: 'UP' },
  maestro: { colour: '#0099df', label: 'MAES' },
};

/** Icon of a brand; its accessible name is the brand's display name. */
export function BrandIcon({ type }: { type: CardBrandType }) {
  const face = FACES[type];
  return (
    <svg className="brand-icon" viewBox="0 0 40 26" role="img" aria-label={CARD_BRANDS[type].niceType}>
      <rect width="40" height="26" rx="4" fill={face.colour} />
      <text
        x="20"
        y="17"
        textAnchor="middle"
        fontSize="9"
        fontWeight="700"
        fill="#fff"
        fontFamily="sans-serif"
      >
        {face.label}
      </text>
    </svg>
  );
}
