import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { APPLE_PAY_ICON } from '../../src/methods/apple-pay/icon';
import { GOOGLE_PAY_ICON } from '../../src/methods/google-pay/icon';
import { PAYPAL_ICON } from '../../src/methods/paypal/icon';
import { VENMO_ICON } from '../../src/methods/venmo/icon';
import { OptionIcon, WalletIconsContext } from '../../src/view/OptionIcon';

const ICONS = {
  paypal: PAYPAL_ICON,
  venmo: VENMO_ICON,
  applePay: APPLE_PAY_ICON,
  googlePay: GOOGLE_PAY_ICON,
};

function markup(option: Parameters<typeof OptionIcon>[0]['option'], icons = ICONS): string {
  return renderToStaticMarkup(
    createElement(WalletIconsContext, { value: icons }, createElement(OptionIcon, { option })),
  );
}

describe("a wallet's mark", () => {
  it.each([
    ['paypal', 'paypal-icon'],
    ['paypalCredit', 'paypal-icon'],
    ['paypalPayLater', 'paypal-icon'],
    ['PayPalAccount', 'paypal-icon'],
    ['venmo', 'venmo-icon'],
    ['VenmoAccount', 'venmo-icon'],
    ['applePay', 'apple-pay-icon'],
    ['ApplePayCard', 'apple-pay-icon'],
    ['googlePay', 'google-pay-icon'],
    ['AndroidPayCard', 'google-pay-icon'],
  ] as const)('%s shows the mark of its wallet’s file, hidden from screen readers', (option, className) => {
    const svg = new DOMParser().parseFromString(markup(option), 'image/svg+xml').documentElement;
    expect(svg.getAttribute('class')).toBe(`wallet-icon ${className}`);
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 40 26');
    expect(svg.children.length).toBeGreaterThan(1);
  });

  it('keeps the attributes React names in camel case', () => {
    expect(markup('applePay')).toContain('text-anchor="middle"');
    expect(markup('applePay')).toContain('>Pay</text>');
  });

  it('is absent until the wallet’s file has given it', () => {
    expect(markup('googlePay', {} as typeof ICONS)).toBe('');
  });
});
