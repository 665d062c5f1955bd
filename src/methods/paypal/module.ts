/**
 * Entry of the PayPal file (`modules/paypal.js`), loaded only for a merchant who offers PayPal or
 * PayPal Credit and whose gateway enables it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { createPayPalWallet } from './paypal-wallet';

/** What the PayPal file gives the panel. */
export interface PayPalModule {
  createPayPalWallet: typeof createPayPalWallet;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    paypal: PayPalModule;
  }
}

defineModule('paypal', { createPayPalWallet });
