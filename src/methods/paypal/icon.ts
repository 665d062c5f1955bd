import type { IconNode } from '../../shared/icon-node';

/** The PayPal mark: two overlapping P shapes in PayPal's blues. Decorative: the label names it. */
export const PAYPAL_ICON: IconNode = [
  'svg',
  { className: 'wallet-icon paypal-icon', viewBox: '0 0 40 26', 'aria-hidden': 'true' },
  ['rect', { width: '40', height: '26', rx: '4', fill: '#fff', stroke: '#d6d6d6' }],
  ['path', { d: 'M15 21l2.6-16h6.2c3.4 0 5 1.8 4.5 4.6-.6 3.4-3 5-6.4 5h-2.6l-1 6.4z', fill: '#003087' }],
  [
    'path',
    { d: 'M18 22.5l2.2-13.5h4.8c2.6 0 3.6 1.4 3.2 3.6-.5 2.8-2.4 4-5 4h-2l-.8 5.9z', fill: '#009cde' },
  ],
];
