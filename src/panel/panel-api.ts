/**
 * What the panel offers the element it renders in, and the payload merchants receive. The panel
 * registers its API on the host through {@link ATTACH_PANEL_API} once React has mounted.
 * @packageDocumentation
 */

/** Method type of a payload (SPEC §3). */
export type PaymentMethodType = 'CreditCard' | 'PayPalAccount' | 'ApplePayCard';

/** The payment method the panel hands the merchant (SPEC §3, PROTOCOL §12). */
export interface PaymentMethodPayload {
  /** One-time nonce to send to the merchant's server. */
  nonce: string;
  /** What the method is: for cards `{cardType, lastTwo, lastFour?, …}`. */
  details: Record<string, unknown>;
  type: PaymentMethodType;
  /** Cards only, e.g. "ending in 11". */
  description?: string;
  /** Present when the method was saved to the customer's vault. */
  vaulted?: true;
  /** BIN data of cards: prepaid, debit, issuing bank… */
  binData?: Record<string, unknown>;
}

/** The panel's side of the element's methods. */
export interface PanelApi {
  requestPaymentMethod(): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
}

/** Key of the host method through which the panel registers (and, on unmount, withdraws) its API. */
export const ATTACH_PANEL_API = Symbol.for('payment-panel.attach-api');

/** The element as the panel sees it. */
export interface PanelHost extends Element {
  [ATTACH_PANEL_API](api: PanelApi | null): void;
}
