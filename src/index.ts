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
import { createThreeDSecure, type ThreeDSecure, type ThreeDSecureOptions } from './methods/three-d-secure';
import { PANEL_VERSION } from './shared/build-constants';

/** Options of {@link PaymentPanelGlobal.createHostedFields}: an authorization in place of a client. */
export type StandaloneHostedFieldsOptions = Omit<HostedFieldsOptions, 'client'> & {
  /** Tokenization key or client token. */
  authorization: string;
};

/** Options of {@link PaymentPanelGlobal.createThreeDSecure}: an authorization (a client token). */
export type StandaloneThreeDSecureOptions = ThreeDSecureOptions & {
  /** Client token; 3D Secure refuses a tokenization key. */
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
  /**
   * 3D Secure without the panel: `verifyCard({nonce, amount, addFrame, removeFrame})` and
   * `cancelVerifyCard()` for a card nonce of the merchant's own flow. Rejects with
   * `THREEDS_CAN_NOT_USE_TOKENIZATION_KEY`, `THREEDS_NOT_ENABLED` or `THREEDS_HTTPS_REQUIRED`.
   */
  createThreeDSecure(options: StandaloneThreeDSecureOptions): Promise<ThreeDSecure>;
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

async function createStandaloneThreeDSecure(
  options: StandaloneThreeDSecureOptions | undefined,
): Promise<ThreeDSecure> {
  const { authorization, ...rest } = (options ?? {}) as Partial<StandaloneThreeDSecureOptions>;
  const client = await createClient(authorization ?? '');
  return createThreeDSecure(client, rest);
}

definePaymentPanel();
// A second copy of the bundle keeps the first one's global, as it keeps its element.
(window as Partial<Window>).paymentPanel ??= {
  version: PANEL_VERSION,
  create: createPanel,
  createHostedFields: createStandaloneHostedFields,
  createThreeDSecure: createStandaloneThreeDSecure,
};
