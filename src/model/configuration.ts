/**
 * The merchant's configuration of the panel: which payment options are offered, and in which order
 * (docs/element.md, "Attributes and properties", `payment-option-priority`).
 * @packageDocumentation
 */
import type { GatewayConfiguration } from '../client/configuration';
import { supportedBrands } from '../shared/card-brand-names';
import { PANEL_ERRORS } from '../shared/errors/catalogues/panel';
import type { ModuleName } from '../shared/module-registry';

/** Every payment option, in the default priority. */
export const PAYMENT_OPTIONS = [
  'card',
  'paypal',
  'paypalCredit',
  'paypalPayLater',
  'venmo',
  'applePay',
  'googlePay',
] as const;

/** A payment option identifier. */
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** A wallet's option: every option but the card. */
export type WalletOption = Exclude<PaymentOption, 'card'>;

/**
 * The file loaded on demand that serves each wallet option (PayPal's serves PayPal Credit and Pay Later too):
 * the panel loads it when the option is on offer, and its one wallet sheet makes the wallet from it.
 */
export const WALLET_FILES = {
  paypal: 'paypal',
  paypalCredit: 'paypal',
  paypalPayLater: 'paypal',
  venmo: 'venmo',
  applePay: 'apple-pay',
  googlePay: 'google-pay',
} as const satisfies Record<WalletOption, ModuleName>;

/**
 * The setting of the gateway's configuration that enables each wallet option: without it the option is not offered
 * (docs/element.md, "Attributes and properties").
 */
export const WALLET_SETTINGS = {
  paypal: 'paypalEnabled',
  paypalCredit: 'paypalEnabled',
  paypalPayLater: 'paypalEnabled',
  venmo: 'payWithVenmo',
  applePay: 'applePayWeb',
  googlePay: 'androidPay',
} as const satisfies Record<WalletOption, keyof OptionGatewayConfiguration>;

/** The catalogue code of each refusal of a panel configuration. */
export const PANEL_CONFIGURATION_ERROR_CODES = {
  priorityNotArray: 'PAYMENT_OPTION_PRIORITY_NOT_ARRAY',
  invalidOption: 'PAYMENT_OPTION_PRIORITY_INVALID',
  noOptionAvailable: 'NO_VALID_PAYMENT_OPTIONS',
} as const;

/** Catalogue code of a refused panel configuration. */
export type PanelConfigurationErrorCode =
  (typeof PANEL_CONFIGURATION_ERROR_CODES)[keyof typeof PANEL_CONFIGURATION_ERROR_CODES];

/** The messages of a refused panel configuration, word for word, as the catalogue holds them. */
export const PANEL_CONFIGURATION_MESSAGES = {
  priorityNotArray: PANEL_ERRORS.PAYMENT_OPTION_PRIORITY_NOT_ARRAY.message,
  invalidOption: PANEL_ERRORS.PAYMENT_OPTION_PRIORITY_INVALID.message,
  noOptionAvailable: PANEL_ERRORS.NO_VALID_PAYMENT_OPTIONS.message,
} as const;

/** One of {@link PANEL_CONFIGURATION_MESSAGES}. */
export type PanelConfigurationMessage =
  (typeof PANEL_CONFIGURATION_MESSAGES)[keyof typeof PANEL_CONFIGURATION_MESSAGES];

/**
 * The part of the merchant's configuration this module reads. Values are `unknown` because they come
 * from merchant JSON; a wallet option counts as configured when it is truthy, as in the reference.
 */
export interface PanelConfiguration {
  /** Order of the options; the default order when `undefined` or `null`. */
  paymentOptionPriority?: unknown;
  /** `false` removes the card. */
  card?: unknown;
  paypal?: unknown;
  paypalCredit?: unknown;
  paypalPayLater?: unknown;
  venmo?: unknown;
  applePay?: unknown;
  googlePay?: unknown;
}

/** What the page's browser offers Apple Pay; injected so the check runs without a browser. */
export interface ApplePayEnvironment {
  /** Whether `window.ApplePaySession` exists. */
  applePaySessionExists: boolean;
  /** Whether the page is served over `https:`. */
  isHttps: boolean;
  /** `ApplePaySession.canMakePayments()`; called only when the session exists and the page is HTTPS. */
  canMakePayments: () => boolean;
}

/** The gateway configuration fields that decide availability. */
export type OptionGatewayConfiguration = Pick<
  GatewayConfiguration,
  'creditCards' | 'paypalEnabled' | 'applePayWeb'
> & {
  /** Google Pay's settings; only whether they are there counts here. */
  androidPay?: unknown;
  /** Venmo's settings; only whether they are there counts here. */
  payWithVenmo?: unknown;
};

/**
 * The options on offer, or why the configuration is refused. A result rather than an exception:
 * the panel turns a refusal into the catalogue error of its code and reports it as `errorOccurred`.
 */
export type PaymentOptionsResult =
  | { ok: true; options: PaymentOption[] }
  | { ok: false; code: PanelConfigurationErrorCode; message: PanelConfigurationMessage };

function refused(reason: keyof typeof PANEL_CONFIGURATION_MESSAGES): PaymentOptionsResult {
  return {
    ok: false,
    code: PANEL_CONFIGURATION_ERROR_CODES[reason],
    message: PANEL_CONFIGURATION_MESSAGES[reason],
  };
}

function isPaymentOption(value: unknown): value is PaymentOption {
  return (PAYMENT_OPTIONS as readonly unknown[]).includes(value);
}

function isAvailable(
  option: PaymentOption,
  merchant: PanelConfiguration,
  gateway: OptionGatewayConfiguration,
  environment: ApplePayEnvironment,
): boolean {
  if (option === 'card') {
    return (
      merchant.card !== false && supportedBrands(gateway.creditCards?.supportedCardTypes ?? []).length > 0
    );
  }
  // What a wallet's file judges later (Google's isReadyToPay, the browsers Venmo supports: docs/venmo.md, "When Venmo
  // is offered") leaves its option out then; Apple Pay's browser support is known here.
  return Boolean(
    gateway[WALLET_SETTINGS[option]] &&
    merchant[option] &&
    (option !== 'applePay' ||
      (environment.applePaySessionExists && environment.isHttps && environment.canMakePayments())),
  );
}

/**
 * The payment options to offer, in the merchant's priority order (default card, paypal,
 * paypalCredit, paypalPayLater, venmo, applePay, googlePay) with duplicates removed and unavailable options left out.
 *
 * Refused with "paymentOptionPriority must be an array." when the priority is not an array,
 * "paymentOptionPriority: Invalid payment option specified." when it names an unknown option
 * (even beside valid ones), and "No valid payment options available." when nothing is left.
 */
export function availablePaymentOptions(
  merchant: PanelConfiguration,
  gateway: OptionGatewayConfiguration,
  environment: ApplePayEnvironment,
): PaymentOptionsResult {
  const priority = merchant.paymentOptionPriority ?? PAYMENT_OPTIONS;
  if (!Array.isArray(priority)) return refused('priorityNotArray');
  const options: PaymentOption[] = [];
  for (const option of new Set<unknown>(priority)) {
    if (!isPaymentOption(option)) return refused('invalidOption');
    if (isAvailable(option, merchant, gateway, environment)) options.push(option);
  }
  return options.length > 0 ? { ok: true, options } : refused('noOptionAvailable');
}
