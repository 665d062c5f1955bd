/**
 * Apple Pay, page side.
 * @packageDocumentation
 */
export {
  createApplePay,
  type ApplePay,
  type ApplePayCardDetails,
  type ApplePayTokenizeOptions,
  type ApplePayTokenizeResult,
  type PerformValidationOptions,
} from './apple-pay';
export {
  applePaySessionConstructor,
  type ApplePayCancelEventLike,
  type ApplePayLineItemLike,
  type ApplePayPaymentAuthorizedEventLike,
  type ApplePayPaymentCompletion,
  type ApplePayPaymentContactLike,
  type ApplePayPaymentLike,
  type ApplePayPaymentMethodLike,
  type ApplePayPaymentRequestLike,
  type ApplePayPaymentTokenLike,
  type ApplePaySessionConstructorLike,
  type ApplePaySessionLike,
  type ApplePayValidateMerchantEventLike,
} from './apple-pay-session';
