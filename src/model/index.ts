/**
 * The panel model: its state and events (docs/architecture.md, "The panel model"), the merchant's
 * configuration of the payment options and the merchant payload (docs/element.md, "The payload").
 * Framework-free.
 * @packageDocumentation
 */
export {
  PanelModel,
  type AsyncDependencyCounts,
  type PanelModelEventName,
  type PanelModelEvents,
  type PanelModelHandler,
  type PanelModelState,
  type RequestableOptions,
} from './panel-model';
export {
  PANEL_CONFIGURATION_ERROR_CODES,
  PANEL_CONFIGURATION_MESSAGES,
  PAYMENT_OPTIONS,
  WALLET_FILES,
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
  toMerchantPayload,
  type MerchantPayloadOptions,
  type PaymentMethodPayload,
  type PaymentMethodType,
  type RawPaymentMethod,
  type ThreeDSecureDetails,
  type ThreeDSecureTransStatus,
} from './payload';
