/**
 * The bundle a merchant loads: defines `<payment-panel>` and exposes `window.paymentPanel`.
 * @packageDocumentation
 */
import { createClient } from './client';
import {
  createPanel,
  type Callback,
  type CreateOptions,
  type PaymentPanelInstance,
} from './element/create-panel';
import { definePaymentPanel } from './element/payment-panel-element';
import { createHostedFields, type HostedFields, type HostedFieldsOptions } from './methods/hosted-fields';
import { PANEL_VERSION } from './shared/build-constants';

/** Options of {@link PaymentPanelGlobal.createHostedFields}: an authorization in place of a client. */
export type StandaloneHostedFieldsOptions = Omit<HostedFieldsOptions, 'client'> & {
  /** Tokenization key or client token. */
  authorization: string;
};

/** `window.paymentPanel`. */
export interface PaymentPanelGlobal {
  /** Version of the panel bundle. */
  version: string;
  /**
   * Creates a `<payment-panel>` in `container` from the drop-in's options and resolves with its
   * instance once it is `ready`; rejects with the catalogue error of its first `errorOccurred`.
   * A Node-style callback may be passed instead, as to the drop-in's `create`.
   */
  create(options: CreateOptions, callback?: Callback<PaymentPanelInstance>): Promise<PaymentPanelInstance>;
  /**
   * Hosted card fields without the panel, for a card form of the merchant's own layout: one secure
   * frame per field in the given containers. Resolves once every frame is ready.
   */
  createHostedFields(options: StandaloneHostedFieldsOptions): Promise<HostedFields>;
}

declare global {
  interface Window {
    paymentPanel: PaymentPanelGlobal;
  }
}

async function createStandaloneHostedFields(
  options: StandaloneHostedFieldsOptions | undefined,
): Promise<HostedFields> {
  // Read loosely: a merchant's plain JavaScript can pass anything.
  const { authorization, ...rest } = (options ?? {}) as Partial<StandaloneHostedFieldsOptions>;
  const client = await createClient(authorization ?? '');
  return createHostedFields({ ...rest, client } as HostedFieldsOptions);
}

definePaymentPanel();
// A second copy of the bundle keeps the first one's global, as it keeps its element.
(window as Partial<Window>).paymentPanel ??= {
  version: PANEL_VERSION,
  create: createPanel,
  createHostedFields: createStandaloneHostedFields,
};
