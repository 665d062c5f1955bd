/**
 * Entry of the PayPal file (`modules/paypal.js`), loaded only for a merchant who offers PayPal,
 * PayPal Credit or Pay Later and whose gateway enables it.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { walletModule, type WalletModule } from '../wallet';
import { PAYPAL_ICON } from './icon';
import { createPayPalWallet } from './paypal-wallet';

declare module '../../shared/module-registry' {
  interface PanelModules {
    paypal: WalletModule;
  }
}

defineModule(
  'paypal',
  walletModule({
    icon: PAYPAL_ICON,
    createWallet: (client, { paymentOption }) =>
      createPayPalWallet(client, {
        offerCredit: paymentOption === 'paypalCredit',
        offerPayLater: paymentOption === 'paypalPayLater',
      }),
  }),
);
