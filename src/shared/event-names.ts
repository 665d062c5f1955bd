/**
 * Names of every DOM event `<payment-panel>` fires, as one list the element's typed event map and
 * the demo's event log both follow.
 * @packageDocumentation
 */

/** Every event `<payment-panel>` fires. */
export const PANEL_EVENT_NAMES = [
  'ready',
  'errorOccurred',
  'paymentMethodRequestable',
  'noPaymentMethodRequestable',
  'paymentOptionSelected',
  'errorCleared',
  'cancelInitialization',
  'changeActiveView',
  'cardFocus',
  'cardBlur',
  'cardEmpty',
  'cardNotEmpty',
  'cardValidityChange',
  'cardCardTypeChange',
  'cardInputSubmitRequest',
  'cardBinAvailable',
  'threeDSecureCustomerCanceled',
  'threeDSecureAuthenticationModalRender',
  'threeDSecureAuthenticationModalClose',
] as const;

/** Name of a `<payment-panel>` event. */
export type PanelEventName = (typeof PANEL_EVENT_NAMES)[number];
