/**
 * The error catalogue of SPEC §8: every code with its type and message. Messages are the
 * specification's, word for word; `{name}` marks a value filled in when the error is created.
 * Codes carry their component's prefix where the specification's bare name would collide.
 * @packageDocumentation
 */

/** Who an error is for: the shopper, the merchant, the network, the panel itself, or nobody knows. */
export type ErrorType = 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN';

/** One catalogue entry. */
export interface CatalogueEntry {
  readonly type: ErrorType;
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  // Client
  CLIENT_INVALID_AUTHORIZATION: {
    type: 'MERCHANT',
    message: 'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  },
  CLIENT_GATEWAY_NETWORK: { type: 'NETWORK', message: 'Cannot contact the gateway at this time.' },
  CLIENT_REQUEST_TIMEOUT: { type: 'NETWORK', message: 'Request timed out waiting for a reply.' },
  CLIENT_REQUEST_ERROR: { type: 'NETWORK', message: 'There was a problem with your request.' },
  CLIENT_RATE_LIMITED: {
    type: 'MERCHANT',
    message: 'You are being rate-limited; please try again in a few minutes.',
  },
  CLIENT_AUTHORIZATION_INSUFFICIENT: {
    type: 'MERCHANT',
    message: 'The authorization used has insufficient privileges.',
  },
  CLIENT_MISSING_GATEWAY_CONFIGURATION: { type: 'INTERNAL', message: 'Missing gatewayConfiguration.' },
  CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN: {
    type: 'MERCHANT',
    message: '{property} property is on an invalid domain.',
  },
  CLIENT_OPTION_REQUIRED: { type: 'MERCHANT', message: '{option} is required when making a request.' },
  CLIENT_OPTION_INVALID: { type: 'MERCHANT', message: 'options.api is invalid.' },

  // General
  INSTANTIATION_OPTION_REQUIRED: {
    type: 'MERCHANT',
    message: 'options.{option} is required when instantiating {component}.',
  },
  INCOMPATIBLE_VERSIONS: {
    type: 'MERCHANT',
    message:
      'Client (version {clientVersion}) and {component} (version {componentVersion}) components must be from the same SDK version.',
  },
  METHOD_CALLED_AFTER_TEARDOWN: { type: 'MERCHANT', message: '{method} cannot be called after teardown.' },
  BRAINTREE_API_ACCESS_RESTRICTED: {
    type: 'MERCHANT',
    message: "Your access is restricted and cannot use this part of the provider's API.",
  },
  INVALID_USE_OF_INTERNAL_FUNCTION: {
    type: 'INTERNAL',
    message: 'This function is for internal use only.',
  },
  CALLBACK_REQUIRED: { type: 'MERCHANT', message: '{method} must include a callback function.' },
  INVALID_OPTION: { type: 'MERCHANT', message: 'The {option} option is invalid.' },
  MISSING_CHANNEL_ID: { type: 'INTERNAL', message: 'Channel ID must be specified.' },

  // Panel (SPEC §5 "Panel configuration", §8 "Panel text shown to the shopper")
  PAYMENT_OPTION_PRIORITY_NOT_ARRAY: { type: 'MERCHANT', message: 'paymentOptionPriority must be an array.' },
  PAYMENT_OPTION_PRIORITY_INVALID: {
    type: 'MERCHANT',
    message: 'paymentOptionPriority: Invalid payment option specified.',
  },
  NO_VALID_PAYMENT_OPTIONS: { type: 'MERCHANT', message: 'No valid payment options available.' },
  NO_PAYMENT_METHOD_AVAILABLE: { type: 'CUSTOMER', message: 'No payment method is available.' },

  // Apple Pay
  APPLE_PAY_NOT_ENABLED: { type: 'MERCHANT', message: 'Apple Pay is not enabled for this merchant.' },
  APPLE_PAY_VALIDATION_URL_REQUIRED: {
    type: 'MERCHANT',
    message: 'performValidation must be called with a validationURL.',
  },
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK: {
    type: 'NETWORK',
    message: 'A network error occurred when validating the Apple Pay merchant.',
  },
  APPLE_PAY_MERCHANT_VALIDATION_FAILED: {
    type: 'MERCHANT',
    message: "Make sure you have registered your domain name in the provider's control panel.",
  },
  APPLE_PAY_PAYMENT_TOKEN_REQUIRED: {
    type: 'MERCHANT',
    message: 'tokenize must be called with a payment token.',
  },
  APPLE_PAY_TOKENIZATION: {
    type: 'NETWORK',
    message: 'A network error occurred when processing the Apple Pay payment.',
  },

  // Hosted fields
  HOSTED_FIELDS_INVALID_FIELD_KEY: { type: 'MERCHANT', message: '{field} is not a valid field.' },
  HOSTED_FIELDS_INVALID_FIELD_SELECTOR: {
    type: 'MERCHANT',
    message: 'Selector does not reference a valid DOM node.',
  },
  HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME: {
    type: 'MERCHANT',
    message: 'Element already contains a hosted-fields frame.',
  },
  HOSTED_FIELDS_FIELD_INVALID: { type: 'MERCHANT', message: '{field} is not a valid field.' },
  HOSTED_FIELDS_FIELD_NOT_PRESENT: {
    type: 'MERCHANT',
    message: 'Cannot {method} {field} because it is not part of the current hosted fields.',
  },
  HOSTED_FIELDS_FIELD_PROPERTY_INVALID: {
    type: 'MERCHANT',
    message: 'The value for {property} must be a number.',
  },
  HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED: {
    type: 'MERCHANT',
    message: 'The {attribute} attribute is not supported in Hosted Fields.',
  },
  HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED: {
    type: 'MERCHANT',
    message: 'Value {value} is not allowed for {attribute} attribute.',
  },
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: {
    type: 'NETWORK',
    message: 'A tokenization network error occurred.',
  },
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: {
    type: 'CUSTOMER',
    message: "This credit card already exists in the merchant's vault.",
  },
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED: {
    type: 'CUSTOMER',
    message: 'CVV verification failed during tokenization.',
  },
  HOSTED_FIELDS_FAILED_TOKENIZATION: {
    type: 'CUSTOMER',
    message: 'The supplied card data failed tokenization.',
  },
  HOSTED_FIELDS_FIELDS_EMPTY: {
    type: 'CUSTOMER',
    message: 'All fields are empty. Cannot tokenize empty card fields.',
  },
  HOSTED_FIELDS_FIELDS_INVALID: {
    type: 'CUSTOMER',
    message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
  },

  // PayPal
  PAYPAL_NOT_ENABLED: { type: 'MERCHANT', message: 'PayPal is not enabled for this merchant.' },
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: {
    type: 'MERCHANT',
    message: 'A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox.',
  },
  PAYPAL_TOKENIZATION_REQUEST_ACTIVE: {
    type: 'MERCHANT',
    message: 'Another tokenization request is active.',
  },
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: {
    type: 'NETWORK',
    message: "Could not tokenize user's PayPal account.",
  },
  PAYPAL_FLOW_FAILED: { type: 'NETWORK', message: 'Could not initialize PayPal flow.' },
  PAYPAL_FLOW_OPTION_REQUIRED: { type: 'MERCHANT', message: 'PayPal flow property is invalid or missing.' },
  PAYPAL_POPUP_OPEN_FAILED: {
    type: 'MERCHANT',
    message: 'PayPal popup failed to open, make sure to tokenize in response to a user action.',
  },
  PAYPAL_POPUP_CLOSED: { type: 'CUSTOMER', message: 'Customer closed PayPal popup before authorizing.' },
  PAYPAL_INVALID_PAYMENT_OPTION: { type: 'MERCHANT', message: 'PayPal payment options are invalid.' },

  // 3D Secure
  THREEDS_AUTHENTICATION_IN_PROGRESS: {
    type: 'MERCHANT',
    message: 'Cannot call verifyCard while existing authentication is in progress.',
  },
  THREEDS_MISSING_VERIFY_CARD_OPTION: {
    type: 'MERCHANT',
    message: 'verifyCard options must include a {option}.',
  },
  THREEDS_NO_VERIFICATION_PAYLOAD: { type: 'MERCHANT', message: 'No verification payload available.' },
  THREEDS_NOT_ENABLED: { type: 'MERCHANT', message: '3D Secure is not enabled for this merchant.' },
  THREEDS_CAN_NOT_USE_TOKENIZATION_KEY: {
    type: 'MERCHANT',
    message: '3D Secure can not use a tokenization key for authorization.',
  },
  THREEDS_HTTPS_REQUIRED: { type: 'MERCHANT', message: '3D Secure requires HTTPS.' },
  THREEDS_TERM_URL_REQUIRES_DOMAIN: {
    type: 'INTERNAL',
    message: 'Term Url must be on an allowed provider domain.',
  },
  THREEDS_UNKNOWN_AUTH_RESPONSE: { type: 'UNKNOWN', message: '{message}' },
} as const satisfies Record<string, CatalogueEntry>;

/** A code of the catalogue. */
export type ErrorCode = keyof typeof ERROR_CATALOGUE;
