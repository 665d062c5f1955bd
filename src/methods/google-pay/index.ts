/**
 * Google Pay, page side.
 * @packageDocumentation
 */
export {
  createGooglePayment,
  GOOGLE_PAY_API_VERSION,
  type GooglePayCardDetails,
  type GooglePayCardResult,
  type GooglePayment,
} from './google-payment';
export { createGooglePayWallet, type GooglePayWalletOptions } from './google-pay-wallet';
export {
  loadPayApi,
  paymentsClientConstructor,
  type ButtonOptionsLike,
  type GooglePayPaymentMethodLike,
  type IsReadyToPayRequestLike,
  type PaymentDataLike,
  type PaymentDataRequestLike,
  type PaymentsClientConstructorLike,
  type PaymentsClientLike,
  type PaymentsErrorLike,
} from './pay-api';
