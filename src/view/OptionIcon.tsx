/** The icon of a payment option or of a listed method's type. */
import type { PaymentMethodType, PaymentOption } from '../model';
import { CARD_BRAND_TYPES, CARD_BRANDS, type CardBrandType } from '../shared/card-brands';
import { ApplePayIcon } from './icons/ApplePayIcon';
import { BrandIcon } from './icons/BrandIcon';
import { CardIcon } from './icons/CardIcon';
import { GooglePayIcon } from './icons/GooglePayIcon';
import { PayPalIcon } from './icons/PayPalIcon';

/** The brand a gateway `cardType` ("Visa", "MasterCard", "American Express"…) names, if any. */
export function brandOfCardType(cardType: unknown): CardBrandType | null {
  if (typeof cardType !== 'string') return null;
  const name = cardType.toLowerCase();
  // Display names first: diners-club shares Discover's configuration name (docs/card.md, "Card brands").
  return (
    CARD_BRAND_TYPES.find((type) => CARD_BRANDS[type].niceType.toLowerCase() === name) ??
    CARD_BRAND_TYPES.find((type) => CARD_BRANDS[type].configurationName.toLowerCase() === name) ??
    null
  );
}

/** Properties of {@link OptionIcon}. */
export interface OptionIconProps {
  option: PaymentOption | PaymentMethodType;
  /** A card's brand as the gateway names it; shows the brand's icon instead of a plain card. */
  cardType?: unknown;
}

/** Icon of a payment option or method type; decorative unless it shows a card brand. */
export function OptionIcon({ option, cardType }: OptionIconProps) {
  switch (option) {
    case 'card':
    case 'CreditCard': {
      const brand = brandOfCardType(cardType);
      return brand ? <BrandIcon type={brand} /> : <CardIcon />;
    }
    case 'paypal':
    case 'paypalCredit':
    case 'PayPalAccount':
      return <PayPalIcon />;
    case 'applePay':
    case 'ApplePayCard':
      return <ApplePayIcon />;
    case 'googlePay':
    case 'AndroidPayCard':
      return <GooglePayIcon />;
  }
}
