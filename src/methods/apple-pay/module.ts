/**
 * Entry of the Apple Pay file (`modules/apple-pay.js`), loaded only for a merchant who offers
 * Apple Pay, whose gateway enables it, on a browser that can pay with it.
 * @packageDocumentation
 */
import type { IconNode } from '../../shared/icon-node';
import { defineModule } from '../../shared/module-registry';
import { APPLE_PAY_ICON } from './icon';
import { createApplePayWallet } from './apple-pay-wallet';

/** What the Apple Pay file gives the panel. */
export interface ApplePayModule {
  createApplePayWallet: typeof createApplePayWallet;
  /** The option's mark, which the panel shows beside its name and its saved methods. */
  icon: IconNode;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'apple-pay': ApplePayModule;
  }
}

defineModule('apple-pay', { createApplePayWallet, icon: APPLE_PAY_ICON });
