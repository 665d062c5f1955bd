/**
 * Entry of the Apple Pay file (`modules/apple-pay.js`), loaded only for a merchant who offers
 * Apple Pay, whose gateway enables it, on a browser that can pay with it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { createApplePayWallet } from './apple-pay-wallet';

/** What the Apple Pay file gives the panel. */
export interface ApplePayModule {
  createApplePayWallet: typeof createApplePayWallet;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'apple-pay': ApplePayModule;
  }
}

defineModule('apple-pay', { createApplePayWallet });
