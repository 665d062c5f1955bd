/**
 * Entry of Venmo's file (`modules/venmo.js`), loaded only for a merchant who offers Venmo and whose
 * gateway enables it; its hash travels in the panel's runtime, which loads it (docs/architecture.md,
 * "Files loaded on demand").
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { walletModule, type WalletModule } from '../wallet';
import { VENMO_ICON } from './icon';
import { createVenmoWallet } from './venmo-wallet';

declare module '../../shared/module-registry' {
  interface PanelModules {
    venmo: WalletModule;
  }
}

defineModule(
  'venmo',
  walletModule({
    icon: VENMO_ICON,
    requestText: 'venmoUseButton',
    createWallet: (client, context) => createVenmoWallet(client, context),
  }),
);
