/**
 * Entry of the Google Pay file (`modules/google-pay.js`), loaded only for a merchant who offers
 * Google Pay and whose gateway enables it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { walletModule, type WalletModule } from '../wallet';
import { GOOGLE_PAY_ICON } from './icon';
import { createGooglePayWallet } from './google-pay-wallet';

declare module '../../shared/module-registry' {
  interface PanelModules {
    'google-pay': WalletModule;
  }
}

defineModule(
  'google-pay',
  walletModule({
    icon: GOOGLE_PAY_ICON,
    buttonPart: 'google-pay-button',
    createWallet: createGooglePayWallet,
  }),
);
