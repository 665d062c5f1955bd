/** The icon of a payment option or of a listed method's type. */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { SheetsState } from '../controller';
import type { PaymentMethodType, PaymentOption } from '../model';
import { CARD_BRAND_TYPES, CARD_BRANDS, type CardBrandType } from '../shared/card-brands';
import type { IconNode } from '../shared/icon-node';
import { BrandIcon } from './icons/BrandIcon';
import { CardIcon } from './icons/CardIcon';

/** The wallets' marks, which the sheets provide from the panel's state. */
export const WalletIconsContext = createContext<SheetsState['icons']>({});

/** The elements of an icon given as data (a wallet's mark, from the wallet's file). */
export function renderIcon([tag, attributes, ...children]: IconNode): ReactNode {
  return createElement(
    tag,
    attributes,
    ...children.map((child) => (typeof child === 'string' ? child : renderIcon(child))),
  );
}

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
  const icons = useContext(WalletIconsContext);
  // A wallet's mark arrives with its file; until then (or if the file failed) the option shows none.
  const wallet = (icon: IconNode | undefined) => (icon ? renderIcon(icon) : null);
  switch (option) {
    case 'card':
    case 'CreditCard': {
      const brand = brandOfCardType(cardType);
      return brand ? <BrandIcon type={brand} /> : <CardIcon />;
    }
    case 'paypal':
    case 'paypalCredit':
    case 'paypalPayLater':
    case 'PayPalAccount':
      return wallet(icons.paypal ?? icons.paypalCredit);
    case 'applePay':
    case 'ApplePayCard':
      return wallet(icons.applePay);
    case 'venmo':
    case 'VenmoAccount':
      return wallet(icons.venmo);
    case 'googlePay':
    case 'AndroidPayCard':
      return wallet(icons.googlePay);
  }
}
