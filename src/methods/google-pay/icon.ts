import type { IconNode } from '../../shared/icon-node';

/** A Google Pay mark: a white card face with a four-colour G and the word "Pay". Decorative: the label names it. */
export const GOOGLE_PAY_ICON: IconNode = [
  'svg',
  { className: 'wallet-icon google-pay-icon', viewBox: '0 0 40 26', 'aria-hidden': 'true' },
  ['rect', { width: '40', height: '26', rx: '4', fill: '#fff', stroke: '#d6d6d6' }],
  [
    'path',
    {
      d: 'M14 13h-4.5v1.9h2.6c-.3 1.2-1.3 1.9-2.6 1.9a2.8 2.8 0 1 1 1.8-4.9l1.4-1.4A4.8 4.8 0 1 0 14 13z',
      fill: '#4285f4',
    },
  ],
  [
    'path',
    { d: 'M7.2 11.1l-1.6-1.2a4.8 4.8 0 0 1 7.2-1.5l-1.4 1.4a2.8 2.8 0 0 0-4.2 1.3z', fill: '#ea4335' },
  ],
  ['path', { d: 'M5.6 16.1l1.6-1.2a2.8 2.8 0 0 0 4.3 1.5l1.5 1.3a4.8 4.8 0 0 1-7.4-1.6z', fill: '#34a853' }],
  ['path', { d: 'M7 14.2a2.8 2.8 0 0 1 0-2.4l-1.5-1.1a4.8 4.8 0 0 0 0 4.6z', fill: '#fbbc04' }],
  [
    'text',
    {
      x: '26',
      y: '17',
      textAnchor: 'middle',
      fontSize: '9',
      fontWeight: '600',
      fill: '#5f6368',
      fontFamily: 'sans-serif',
    },
    'Pay',
  ],
];
