/**
 * The panel model: its state and events (docs/architecture.md, "The panel model"), the merchant's
 * configuration of the payment options and the merchant payload (docs/element.md, "The payload").
 * Framework-free. The values here are those the first script carries and shares with the files
 * loaded on demand (docs/architecture.md, "Bundles"); the model itself and the reduction to the
 * payload travel in the runtime's file, which imports their files, so only their types are here.
 * @packageDocumentation
 */
export type {
  PanelModel,
  AsyncDependencyCounts,
  PanelModelEventName,
  PanelModelEvents,
  PanelModelHandler,
  PanelModelState,
  RequestableOptions,
} from './panel-model';
export {
  PANEL_CONFIGURATION_ERROR_CODES,
  PANEL_CONFIGURATION_MESSAGES,
  PAYMENT_OPTIONS,
  WALLET_FILES,
  WALLET_SETTINGS,
  availablePaymentOptions,
  type ApplePayEnvironment,
  type OptionGatewayConfiguration,
  type PanelConfiguration,
  type PanelConfigurationErrorCode,
  type PanelConfigurationMessage,
  type PaymentOption,
  type PaymentOptionsResult,
  type WalletOption,
} from './configuration';
export {
  type MerchantPayloadOptions,
  type PaymentMethodPayload,
  type PaymentMethodType,
  type RawPaymentMethod,
  type ThreeDSecureDetails,
  type ThreeDSecureTransStatus,
} from './payload';
