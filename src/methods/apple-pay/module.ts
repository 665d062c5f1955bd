/**
 * Entry of the Apple Pay file (`modules/apple-pay.js`), loaded only for a merchant who offers
 * Apple Pay, whose gateway enables it, on a browser that can pay with it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { walletModule, type WalletModule } from '../wallet';
import { APPLE_PAY_ICON } from './icon';
import { createApplePayWallet } from './apple-pay-wallet';

declare module '../../shared/module-registry' {
  interface PanelModules {
    'apple-pay': WalletModule;
  }
}

defineModule('apple-pay', walletModule({ icon: APPLE_PAY_ICON, createWallet: createApplePayWallet }));
