/**
 * What the panel offers the element it renders in, and the payload merchants receive. The panel
 * registers its API on the host through {@link ATTACH_PANEL_API} once React has mounted.
 * @packageDocumentation
 */

import type { PaymentMethodPayload, PaymentMethodType } from '../model';

// The payload belongs to the model; the panel and the element speak of it through here.
export type { PaymentMethodPayload, PaymentMethodType } from '../model';

/** The panel's side of the element's methods. */
export interface PanelApi {
  requestPaymentMethod(): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
  clearSelectedPaymentMethod(): void;
  /** Drops the listed methods of a type that are not saved to the vault. */
  removeUnvaultedMethods(type: PaymentMethodType): void;
}

/** Key of the host method through which the panel registers (and, on unmount, withdraws) its API. */
export const ATTACH_PANEL_API = Symbol.for('payment-panel.attach-api');

/** Key of the host method that receives cleanup still running after the panel unmounted. */
export const TRACK_TEARDOWN = Symbol.for('payment-panel.track-teardown');

/** The element as the panel sees it. */
export interface PanelHost extends Element {
  [ATTACH_PANEL_API](api: PanelApi | null): void;
  [TRACK_TEARDOWN](pending: Promise<unknown>): void;
}
