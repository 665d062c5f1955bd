/**
 * PayPal and PayPal Credit, page side.
 * @packageDocumentation
 */
export {
  createPayPalCheckout,
  openPayPalPopup,
  payPalPageUrl,
  POPUP_POLL_INTERVAL_MS,
  type PayPalCheckout,
  type PayPalCheckoutOptions,
  type PayPalFlow,
  type PayPalPayerInfo,
  type PayPalTokenizeOutcome,
  type PayPalTokenizeResult,
} from './paypal-checkout';
