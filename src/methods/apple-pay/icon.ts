import type { IconNode } from '../../shared/icon-node';

/** An Apple Pay mark: a black card face with the word "Pay". Decorative: the label names it. */
export const APPLE_PAY_ICON: IconNode = [
  'svg',
  { className: 'wallet-icon apple-pay-icon', viewBox: '0 0 40 26', 'aria-hidden': 'true' },
  ['rect', { width: '40', height: '26', rx: '4', fill: '#000' }],
  [
    'text',
    {
      x: '20',
      y: '17',
      textAnchor: 'middle',
      fontSize: '10',
      fontWeight: '600',
      fill: '#fff',
      fontFamily: 'sans-serif',
    },
    'Pay',
  ],
];
