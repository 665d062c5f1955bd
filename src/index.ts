/**
 * The first script, the one a merchant loads: defines `<payment-panel>` at once, exposes
 * `window.paymentPanel`, and makes its code reachable to the files it loads on demand.
 * @packageDocumentation
 */
// The global through which the files loaded on demand reach this script's code (build/modules.ts).
import 'virtual:payment-panel/core-namespace';
import {
  createPanel,
  type Callback,
  type CreateOptions,
  type PaymentPanelInstance,
} from './element/create-panel';
import { definePaymentPanel } from './element/payment-panel-element';
import { standalone } from './element/standalone';
import type { HostedFieldsOptions } from './methods/hosted-fields/standalone/create-hosted-fields';
import type { HostedFields } from './methods/hosted-fields';
import type { ThreeDSecure, ThreeDSecureOptions } from './methods/three-d-secure';
import { PANEL_VERSION } from './shared/build-constants';
import { createError } from './shared/errors';

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
   * instance once it is `ready`, whenever at least one option can pay; rejects only when the panel
   * cannot be used (an option that does not fit, or the error of its `cancelInitialization`).
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
   * `cancelVerifyCard()` for a card nonce of the merchant's own flow. `version: 2` verifies with 3D
   * Secure 2 through Cardinal's Songbird (`verifyCard` then also needs the card's `bin`, and takes
   * the options of docs/three-d-secure.md). Rejects with `THREEDS_CAN_NOT_USE_TOKENIZATION_KEY`,
   * `THREEDS_NOT_ENABLED`, `THREEDS_HTTPS_REQUIRED`, `THREEDS_UNRECOGNIZED_VERSION` or, for version
   * 2, `THREEDS_NOT_ENABLED_FOR_V2`.
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
  // The six card fields of the provider's hosted fields; the cardholder name is the panel's own.
  const fields: unknown = rest.fields;
  if (fields !== null && typeof fields === 'object' && Object.hasOwn(fields, 'cardholderName')) {
    throw createError('HOSTED_FIELDS_INVALID_FIELD_KEY', { field: 'cardholderName' });
  }
  return standalone('hosted-fields', authorization, rest as Omit<HostedFieldsOptions, 'client'>);
}

async function createStandaloneThreeDSecure(
  options: StandaloneThreeDSecureOptions | undefined,
): Promise<ThreeDSecure> {
  const { authorization, ...rest } = (options ?? {}) as Partial<StandaloneThreeDSecureOptions>;
  return standalone('three-d-secure', authorization, rest);
}

definePaymentPanel();
// A second copy of the bundle keeps the first one's global, as it keeps its element.
(window as Partial<Window>).paymentPanel ??= {
  version: PANEL_VERSION,
  create: createPanel,
  createHostedFields: createStandaloneHostedFields,
  createThreeDSecure: createStandaloneThreeDSecure,
};
