/**
 * Entry of the Google Pay file (`modules/google-pay.js`), loaded only for a merchant who offers
 * Google Pay and whose gateway enables it.
 * @packageDocumentation
 */
import type { IconNode } from '../../shared/icon-node';
import { defineModule } from '../../shared/module-registry';
import { GOOGLE_PAY_ICON } from './icon';
import { createGooglePayWallet } from './google-pay-wallet';

/** What the Google Pay file gives the panel. */
export interface GooglePayModule {
  createGooglePayWallet: typeof createGooglePayWallet;
  /** The option's mark, which the panel shows beside its name and its saved methods. */
  icon: IconNode;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'google-pay': GooglePayModule;
  }
}

defineModule('google-pay', { createGooglePayWallet, icon: GOOGLE_PAY_ICON });
