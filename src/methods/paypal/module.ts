/**
 * Entry of the PayPal file (`modules/paypal.js`), loaded only for a merchant who offers PayPal or
 * PayPal Credit and whose gateway enables it.
 * @packageDocumentation
 */
import type { IconNode } from '../../shared/icon-node';
import { defineModule } from '../../shared/module-registry';
import { PAYPAL_ICON } from './icon';
import { createPayPalWallet } from './paypal-wallet';

/** What the PayPal file gives the panel. */
export interface PayPalModule {
  createPayPalWallet: typeof createPayPalWallet;
  /** The option's mark, which the panel shows beside its name and its saved methods. */
  icon: IconNode;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    paypal: PayPalModule;
  }
}

defineModule('paypal', { createPayPalWallet, icon: PAYPAL_ICON });
