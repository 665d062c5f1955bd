/**
 * Entry of the Google Pay file (`modules/google-pay.js`), loaded only for a merchant who offers
 * Google Pay and whose gateway enables it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { createGooglePayWallet } from './google-pay-wallet';

/** What the Google Pay file gives the panel. */
export interface GooglePayModule {
  createGooglePayWallet: typeof createGooglePayWallet;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'google-pay': GooglePayModule;
  }
}

defineModule('google-pay', { createGooglePayWallet });
