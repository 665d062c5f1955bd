/**
 * Saved (vaulted) payment methods, page side.
 * @packageDocumentation
 */
export {
  fetchVaultedPaymentMethods,
  vaultedPaymentMethodReader,
  type VaultedPaymentMethod,
  type FetchVaultedPaymentMethodsOptions,
} from './vault';
