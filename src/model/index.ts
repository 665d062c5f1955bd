/**
 * The panel model: state and events of SPEC §4, the panel configuration of SPEC §5 and the
 * merchant payload of PROTOCOL §12. Framework-free.
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
  availablePaymentOptions,
  type ApplePayEnvironment,
  type OptionGatewayConfiguration,
  type PanelConfiguration,
  type PanelConfigurationErrorCode,
  type PanelConfigurationMessage,
  type PaymentOption,
  type PaymentOptionsResult,
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
