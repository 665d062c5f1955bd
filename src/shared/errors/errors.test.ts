import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from './catalogue';
import { APPLE_PAY_ERRORS } from './catalogues/apple-pay';
import { DATA_COLLECTOR_ERRORS } from './catalogues/data-collector';
import { GOOGLE_PAYMENT_ERRORS } from './catalogues/google-payment';
import { GENERAL_ERRORS } from './catalogues/general';
import { HOSTED_FIELDS_LOAD_ERRORS } from './catalogues/hosted-fields-load';
import { HOSTED_FIELDS_SETUP_ERRORS } from './catalogues/hosted-fields-setup';
import { PAYPAL_ERRORS } from './catalogues/paypal';
import { THREE_D_SECURE_2_ERRORS, THREE_D_SECURE_ERRORS } from './catalogues/three-d-secure';
import { VAULT_MANAGER_ERRORS } from './catalogues/vault-manager';
import { VENMO_ERRORS } from './catalogues/venmo';
import { createError, isPanelError, PanelError, panelErrorFromJSON, registerErrors } from './panel-error';

/** Every code with its type and finished message, written out independently of the catalogue. */
const EXPECTED: [ErrorCode, string, string, Record<string, string>?][] = [
  [
    'CLIENT_INVALID_AUTHORIZATION',
    'MERCHANT',
    'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  ],
  ['CLIENT_GATEWAY_NETWORK', 'NETWORK', 'Cannot contact the gateway at this time.'],
  ['CLIENT_REQUEST_TIMEOUT', 'NETWORK', 'Request timed out waiting for a reply.'],
  ['CLIENT_REQUEST_ERROR', 'NETWORK', 'There was a problem with your request.'],
  ['CLIENT_RATE_LIMITED', 'MERCHANT', 'You are being rate-limited; please try again in a few minutes.'],
  ['CLIENT_AUTHORIZATION_INSUFFICIENT', 'MERCHANT', 'The authorization used has insufficient privileges.'],
  ['CLIENT_MISSING_GATEWAY_CONFIGURATION', 'INTERNAL', 'Missing gatewayConfiguration.'],
  [
    'CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN',
    'MERCHANT',
    'assetsUrl property is on an invalid domain.',
    { property: 'assetsUrl' },
  ],
  [
    'CLIENT_OPTION_REQUIRED',
    'MERCHANT',
    'options.method is required when making a request.',
    { option: 'options.method' },
  ],
  ['CLIENT_OPTION_INVALID', 'MERCHANT', 'options.api is invalid.'],
  [
    'INSTANTIATION_OPTION_REQUIRED',
    'MERCHANT',
    'options.authorization is required when instantiating a client.',
    { option: 'authorization', component: 'a client' },
  ],
  [
    'INCOMPATIBLE_VERSIONS',
    'MERCHANT',
    'Client (version 1.9.2) and hosted-fields (version 1.9.1) components must be from the same SDK version.',
    { clientVersion: '1.9.2', component: 'hosted-fields', componentVersion: '1.9.1' },
  ],
  [
    'METHOD_CALLED_AFTER_TEARDOWN',
    'MERCHANT',
    'requestPaymentMethod cannot be called after teardown.',
    { method: 'requestPaymentMethod' },
  ],
  [
    'BRAINTREE_API_ACCESS_RESTRICTED',
    'MERCHANT',
    "Your access is restricted and cannot use this part of the provider's API.",
  ],
  ['INVALID_USE_OF_INTERNAL_FUNCTION', 'INTERNAL', 'This function is for internal use only.'],
  ['CALLBACK_REQUIRED', 'MERCHANT', 'teardown must include a callback function.', { method: 'teardown' }],
  ['INVALID_OPTION', 'MERCHANT', 'The card option is invalid.', { option: 'card' }],
  ['MISSING_CHANNEL_ID', 'INTERNAL', 'Channel ID must be specified.'],
  ['PAYMENT_OPTION_PRIORITY_NOT_ARRAY', 'MERCHANT', 'paymentOptionPriority must be an array.'],
  ['PAYMENT_OPTION_PRIORITY_INVALID', 'MERCHANT', 'paymentOptionPriority: Invalid payment option specified.'],
  ['NO_VALID_PAYMENT_OPTIONS', 'MERCHANT', 'No valid payment options available.'],
  ['NO_PAYMENT_METHOD_AVAILABLE', 'CUSTOMER', 'No payment method is available.'],
  ['APPLE_PAY_NOT_ENABLED', 'MERCHANT', 'Apple Pay is not enabled for this merchant.'],
  ['GOOGLE_PAYMENT_NOT_ENABLED', 'MERCHANT', 'Google Pay is not enabled for this merchant.'],
  [
    'BROWSER_NOT_SUPPORTED',
    'CUSTOMER',
    'This browser lacks BroadcastChannel, which the panel needs.',
    { capability: 'BroadcastChannel' },
  ],
  [
    'MODULE_LOAD_FAILED',
    'NETWORK',
    'The paypal file of the panel could not be loaded.',
    { module: 'paypal' },
  ],
  [
    'MODULE_LOAD_TIMEOUT',
    'NETWORK',
    'The view file of the panel did not load within 30 seconds.',
    { module: 'view', seconds: '30' },
  ],
  ['APPLE_PAY_VALIDATION_URL_REQUIRED', 'MERCHANT', 'performValidation must be called with a validationURL.'],
  [
    'APPLE_PAY_MERCHANT_VALIDATION_NETWORK',
    'NETWORK',
    'A network error occurred when validating the Apple Pay merchant.',
  ],
  [
    'APPLE_PAY_MERCHANT_VALIDATION_FAILED',
    'MERCHANT',
    "Make sure you have registered your domain name in the provider's control panel.",
  ],
  ['APPLE_PAY_PAYMENT_TOKEN_REQUIRED', 'MERCHANT', 'tokenize must be called with a payment token.'],
  ['APPLE_PAY_TOKENIZATION', 'NETWORK', 'A network error occurred when processing the Apple Pay payment.'],
  [
    'HOSTED_FIELDS_INVALID_FIELD_KEY',
    'MERCHANT',
    'cardNumber is not a valid field.',
    { field: 'cardNumber' },
  ],
  ['HOSTED_FIELDS_INVALID_FIELD_SELECTOR', 'MERCHANT', 'Selector does not reference a valid DOM node.'],
  ['HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME', 'MERCHANT', 'Element already contains a hosted-fields frame.'],
  ['HOSTED_FIELDS_FIELD_INVALID', 'MERCHANT', 'cvc is not a valid field.', { field: 'cvc' }],
  [
    'HOSTED_FIELDS_FIELD_NOT_PRESENT',
    'MERCHANT',
    'Cannot clear cvv because it is not part of the current hosted fields.',
    { method: 'clear', field: 'cvv' },
  ],
  [
    'HOSTED_FIELDS_FIELD_PROPERTY_INVALID',
    'MERCHANT',
    'The value for maxlength must be a number.',
    { property: 'maxlength' },
  ],
  [
    'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED',
    'MERCHANT',
    'The onclick attribute is not supported in Hosted Fields.',
    { attribute: 'onclick' },
  ],
  [
    'HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED',
    'MERCHANT',
    'Value maybe is not allowed for disabled attribute.',
    { value: 'maybe', attribute: 'disabled' },
  ],
  ['HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', 'NETWORK', 'A tokenization network error occurred.'],
  [
    'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
    'CUSTOMER',
    "This credit card already exists in the merchant's vault.",
  ],
  [
    'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
    'CUSTOMER',
    'CVV verification failed during tokenization.',
  ],
  ['HOSTED_FIELDS_FAILED_TOKENIZATION', 'CUSTOMER', 'The supplied card data failed tokenization.'],
  ['HOSTED_FIELDS_FIELDS_EMPTY', 'CUSTOMER', 'All fields are empty. Cannot tokenize empty card fields.'],
  [
    'HOSTED_FIELDS_FIELDS_INVALID',
    'CUSTOMER',
    'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
  ],
  ['HOSTED_FIELDS_TIMEOUT', 'UNKNOWN', 'Hosted Fields timed out when attempting to set up.'],
  ['HOSTED_FIELDS_FRAME_LOAD_FAILED', 'NETWORK', 'Hosted Fields frames could not be loaded.'],
  ['PAYPAL_NOT_ENABLED', 'MERCHANT', 'PayPal is not enabled for this merchant.'],
  [
    'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED',
    'MERCHANT',
    'A linked PayPal Sandbox account is required to use PayPal Checkout in Sandbox.',
  ],
  ['PAYPAL_TOKENIZATION_REQUEST_ACTIVE', 'MERCHANT', 'Another tokenization request is active.'],
  ['PAYPAL_ACCOUNT_TOKENIZATION_FAILED', 'NETWORK', "Could not tokenize user's PayPal account."],
  ['PAYPAL_FLOW_FAILED', 'NETWORK', 'Could not initialize PayPal flow.'],
  ['PAYPAL_FLOW_OPTION_REQUIRED', 'MERCHANT', 'PayPal flow property is invalid or missing.'],
  [
    'PAYPAL_POPUP_OPEN_FAILED',
    'MERCHANT',
    'PayPal popup failed to open, make sure to tokenize in response to a user action.',
  ],
  ['PAYPAL_POPUP_CLOSED', 'CUSTOMER', 'Customer closed PayPal popup before authorizing.'],
  ['PAYPAL_INVALID_PAYMENT_OPTION', 'MERCHANT', 'PayPal payment options are invalid.'],
  ['VENMO_NOT_ENABLED', 'MERCHANT', 'Venmo is not enabled for this merchant.'],
  ['VENMO_TOKENIZATION_REQUEST_ACTIVE', 'MERCHANT', 'Another tokenization request is active.'],
  ['VENMO_APP_FAILED', 'UNKNOWN', 'Venmo app encountered a problem.'],
  ['VENMO_APP_CANCELED', 'CUSTOMER', 'Venmo app authorization was canceled.'],
  ['VENMO_CANCELED', 'CUSTOMER', 'User canceled Venmo authorization, or Venmo app is not available.'],
  ['VENMO_CUSTOMER_CANCELED', 'CUSTOMER', 'User canceled Venmo authorization.'],
  [
    'VENMO_DESKTOP_CANCELED',
    'CUSTOMER',
    'User canceled Venmo authorization by closing the Venmo Desktop modal.',
  ],
  ['VENMO_DESKTOP_UNKNOWN_ERROR', 'UNKNOWN', 'Something went wrong with the Venmo Desktop flow.'],
  [
    'VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED',
    'NETWORK',
    'Something went wrong creating the Venmo Payment Context.',
  ],
  ['VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED', 'CUSTOMER', 'The Venmo authorization request is expired.'],
  ['VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED', 'CUSTOMER', 'The Venmo authorization was canceled'],
  [
    'VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT',
    'CUSTOMER',
    'Customer took too long to authorize Venmo payment.',
  ],
  ['VENMO_MOBILE_POLLING_TOKENIZATION_FAILED', 'UNKNOWN', 'The Venmo authorization failed.'],
  ['VENMO_INVALID_PROFILE_ID', 'MERCHANT', 'Venmo profile ID is invalid.'],
  ['VENMO_INVALID_DEEP_LINK_RETURN_URL', 'MERCHANT', 'Venmo deep link return URL is invalid.'],
  ['VENMO_TOKENIZATION_FAILED', 'UNKNOWN', 'Venmo encountered a problem'],
  [
    'THREEDS_AUTHENTICATION_IN_PROGRESS',
    'MERCHANT',
    'Cannot call verifyCard while existing authentication is in progress.',
  ],
  [
    'THREEDS_MISSING_VERIFY_CARD_OPTION',
    'MERCHANT',
    'verifyCard options must include a nonce.',
    { option: 'a nonce' },
  ],
  ['THREEDS_NO_VERIFICATION_PAYLOAD', 'MERCHANT', 'No verification payload available.'],
  ['THREEDS_NOT_ENABLED', 'MERCHANT', '3D Secure is not enabled for this merchant.'],
  [
    'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
    'MERCHANT',
    '3D Secure can not use a tokenization key for authorization.',
  ],
  ['THREEDS_SETUP_FAILED', 'MERCHANT', '3D Secure failed to set up.'],
  [
    'THREEDS_AUTHENTICATION_FAILED',
    'UNKNOWN',
    'Something went wrong during 3D Secure authentication. Please try again.',
  ],
  ['THREEDS_HTTPS_REQUIRED', 'MERCHANT', '3D Secure requires HTTPS.'],
  ['THREEDS_TERM_URL_REQUIRES_DOMAIN', 'INTERNAL', 'Term Url must be on an allowed provider domain.'],
  [
    'THREEDS_UNKNOWN_AUTH_RESPONSE',
    'UNKNOWN',
    'Issuer declined the authentication.',
    { message: 'Issuer declined the authentication.' },
  ],
  [
    'THREEDS_NOT_ENABLED_FOR_V2',
    'MERCHANT',
    "3D Secure version 2 is not enabled for this merchant. Contact the provider's support for assistance.",
  ],
  [
    'THREEDS_UNRECOGNIZED_VERSION',
    'MERCHANT',
    '3 is not a recognized 3D Secure version: use 1 or 2.',
    { version: '3' },
  ],
  [
    'VAULT_MANAGER_DELETE_PAYMENT_METHOD_NONCE_REQUIRES_CLIENT_TOKEN',
    'MERCHANT',
    'A client token with a customer id must be used to delete a payment method nonce.',
  ],
  [
    'VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND',
    'MERCHANT',
    'A payment method for payment method nonce `fake-nonce` could not be found.',
    { nonce: 'fake-nonce' },
  ],
  [
    'VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR',
    'UNKNOWN',
    'An unknown error occurred when attempting to delete the payment method associated with the payment method nonce `fake-nonce`.',
    { nonce: 'fake-nonce' },
  ],
  [
    'THREEDS_CARDINAL_SDK_SETUP_FAILED',
    'UNKNOWN',
    "Something went wrong setting up Cardinal's Songbird.js library.",
  ],
  [
    'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
    'NETWORK',
    "Cardinal's Songbird.js library could not be loaded.",
  ],
  ['THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT', 'UNKNOWN', "Cardinal's Songbird.js took too long to setup."],
  ['THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT', 'UNKNOWN', "Cardinal's API took too long to respond."],
  [
    'THREEDS_CARDINAL_SDK_BAD_CONFIG',
    'MERCHANT',
    'JWT or other required field missing. Please check your setup configuration.',
  ],
  [
    'THREEDS_CARDINAL_SDK_BAD_JWT',
    'MERCHANT',
    'Cardinal JWT missing or malformed. Please check your setup configuration.',
  ],
  [
    'THREEDS_CARDINAL_SDK_ERROR',
    'UNKNOWN',
    'A general error has occurred with Cardinal. See description for more information.',
  ],
  ['THREEDS_CARDINAL_SDK_CANCELED', 'CUSTOMER', 'Canceled by user.'],
  [
    'THREEDS_JWT_AUTHENTICATION_FAILED',
    'UNKNOWN',
    'Something went wrong authenticating the JWT from Cardinal',
  ],
  [
    'THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR',
    'MERCHANT',
    'Either the payment method nonce passed to `verifyCard` does not exist, or it was already consumed',
  ],
  [
    'THREEDS_LOOKUP_VALIDATION_ERROR',
    'CUSTOMER',
    'The data passed in `verifyCard` did not pass validation checks. See details for more info',
  ],
  ['THREEDS_LOOKUP_ERROR', 'UNKNOWN', 'Something went wrong during the 3D Secure lookup'],
  [
    'THREEDS_INLINE_IFRAME_DETAILS_INCORRECT',
    'UNKNOWN',
    'Something went wrong when attempting to add the authentication iframe to the page.',
  ],
  ['DATA_COLLECTOR_KOUNT_NOT_ENABLED', 'MERCHANT', 'Kount is not enabled for this merchant.'],
  [
    'DATA_COLLECTOR_KOUNT_ERROR',
    'MERCHANT',
    'staging is not a valid environment for kount.environment.',
    { environment: 'staging' },
  ],
  [
    'DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS',
    'MERCHANT',
    'Data Collector must be created with Kount and/or PayPal.',
  ],
  [
    'GOOGLE_PAYMENT_UNSUPPORTED_VERSION',
    'MERCHANT',
    'The SDK does not support Google Pay version 1. Please upgrade the version of your SDK and contact support if this error persists.',
    { version: '1' },
  ],
  [
    'GOOGLE_PAYMENT_GATEWAY_ERROR',
    'UNKNOWN',
    'There was an error when tokenizing the Google Pay payment method.',
  ],
  [
    'GOOGLE_PAYMENT_REQUEST_FAILED',
    'UNKNOWN',
    'Google Pay could not complete the payment (DEVELOPER_ERROR).',
    { statusCode: 'DEVELOPER_ERROR' },
  ],
  ['GOOGLE_PAYMENT_SCRIPT_LOAD_FAILED', 'NETWORK', "Google Pay's script could not be loaded."],
  [
    'GOOGLE_PAYMENT_SCRIPT_LOAD_TIMEOUT',
    'NETWORK',
    "Google Pay's script did not load within 30 seconds.",
    { seconds: '30' },
  ],
  [
    'GOOGLE_PAYMENT_READY_TIMEOUT',
    'NETWORK',
    'Google Pay did not answer isReadyToPay within 10 seconds.',
    { seconds: '10' },
  ],
];

describe('the codes a page knows', () => {
  it("knows PayPal's, Apple Pay's and 3D Secure's codes only once their files registered them", () => {
    const before = panelErrorFromJSON({ name: 'PanelError', code: 'PAYPAL_POPUP_CLOSED', message: 'm' });
    expect(before).toBeNull();
    expect(createError('PAYPAL_POPUP_CLOSED')).toMatchObject({
      type: 'UNKNOWN',
      message: 'PAYPAL_POPUP_CLOSED',
    });
    registerErrors(PAYPAL_ERRORS);
    expect(createError('PAYPAL_POPUP_CLOSED')).toMatchObject({
      type: 'CUSTOMER',
      message: 'Customer closed PayPal popup before authorizing.',
    });
    expect(panelErrorFromJSON({ name: 'PanelError', code: 'PAYPAL_POPUP_CLOSED', message: 'm' })?.type).toBe(
      'CUSTOMER',
    );
  });
});

describe('error catalogue', () => {
  // The files of PayPal, Apple Pay, 3D Secure, the data collector, the standalone hosted fields and
  // those that watch the card frames, and the vault manager's, bring their codes; the general codes the page never creates
  // (a frame's, or the provider SDK's) only their own factory knows. Here they are all in.
  beforeAll(() => {
    registerErrors(GENERAL_ERRORS);
    registerErrors(HOSTED_FIELDS_SETUP_ERRORS);
    registerErrors(HOSTED_FIELDS_LOAD_ERRORS);
    registerErrors(PAYPAL_ERRORS);
    registerErrors(APPLE_PAY_ERRORS);
    registerErrors(THREE_D_SECURE_ERRORS);
    registerErrors(THREE_D_SECURE_2_ERRORS);
    registerErrors(DATA_COLLECTOR_ERRORS);
    registerErrors(GOOGLE_PAYMENT_ERRORS);
    registerErrors(VAULT_MANAGER_ERRORS);
    registerErrors(VENMO_ERRORS);
  });

  it('holds exactly the codes of the specification', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual(EXPECTED.map(([code]) => code).sort());
  });

  it.each(EXPECTED)('%s is %s: "%s"', (code, type, message, params) => {
    const error = (createError as (c: ErrorCode, p?: Record<string, string>) => PanelError)(code, params);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PanelError');
    expect(error.code).toBe(code);
    expect(error.type).toBe(type);
    expect(error.message).toBe(message);
  });
});

describe('PanelError', () => {
  it('carries details and survives the trip across frames', () => {
    const error = createError('CLIENT_REQUEST_ERROR', undefined, { httpStatus: 422 });
    const json = JSON.parse(JSON.stringify(error)) as unknown;
    expect(json).toEqual({
      name: 'PanelError',
      type: 'NETWORK',
      code: 'CLIENT_REQUEST_ERROR',
      message: 'There was a problem with your request.',
      details: { httpStatus: 422 },
    });
    const back = panelErrorFromJSON(json);
    expect(back).toBeInstanceOf(PanelError);
    expect(back?.details).toEqual({ httpStatus: 422 });
  });

  it('refuses to rebuild anything that is not a catalogue error', () => {
    for (const value of [
      null,
      'CLIENT_GATEWAY_NETWORK',
      { name: 'PanelError', code: 'NOT_A_CODE', message: 'x' },
      { name: 'Error', code: 'CLIENT_GATEWAY_NETWORK', message: 'x' },
      { name: 'PanelError', code: 'CLIENT_GATEWAY_NETWORK', message: 42 },
      { name: 'PanelError', code: '__proto__', message: 'x' },
      { name: 'PanelError', code: 'toString', message: 'x' },
    ]) {
      expect(panelErrorFromJSON(value)).toBeNull();
    }
    expect(isPanelError(new Error('plain'))).toBe(false);
  });

  it('takes its type from the catalogue, not from the sender', () => {
    const back = panelErrorFromJSON({
      name: 'PanelError',
      code: 'HOSTED_FIELDS_FIELDS_EMPTY',
      type: 'INTERNAL',
      message: 'm',
    });
    expect(back?.type).toBe('CUSTOMER');
  });
});
