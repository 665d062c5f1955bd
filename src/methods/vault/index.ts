/**
 * Saved (vaulted) payment methods, page side.
 * @packageDocumentation
 */
export {
  fetchVaultedPaymentMethods,
  vaultedPaymentMethodSchema,
  type FetchVaultedPaymentMethodsOptions,
} from './vault';
