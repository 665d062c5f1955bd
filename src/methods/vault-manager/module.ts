/**
 * Entry of the vault manager's file (`modules/vault-manager.js`), loaded only when a customer edits
 * the saved methods of a panel whose merchant offers the vault manager (docs/vault-manager.md): the
 * deletion over the provider's GraphQL API and its errors stay out of every other page.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { deletePaymentMethod } from './delete';

/** What the vault manager's file gives the panel. */
export interface VaultManagerModule {
  deletePaymentMethod: typeof deletePaymentMethod;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'vault-manager': VaultManagerModule;
  }
}

defineModule('vault-manager', { deletePaymentMethod });
