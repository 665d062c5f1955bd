import type { IconNode } from '../../shared/icon-node';

/** Venmo's mark: its blue tile with the white "V". Decorative: the label names it. */
export const VENMO_ICON: IconNode = [
  'svg',
  { className: 'wallet-icon venmo-icon', viewBox: '0 0 40 26', 'aria-hidden': 'true' },
  ['rect', { width: '40', height: '26', rx: '4', fill: '#008cff' }],
  [
    'path',
    {
      d: 'M26.6 5.5c.7 1.1 1 2.3 1 3.8 0 4.7-4 10.8-7.3 15.2h-7.5L9.8 6.6l6.6-.6 1.6 12.9c1.5-2.4 3.3-6.2 3.3-8.8 0-1.4-.2-2.4-.6-3.2z',
      fill: '#fff',
    },
  ],
];
