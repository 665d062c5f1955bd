/**
 * The bundle a merchant loads: defines `<payment-panel>` and exposes `window.paymentPanel`.
 * @packageDocumentation
 */
import { createClient } from './client';
import { definePaymentPanel, TAG_NAME, type PaymentPanelElement } from './element/payment-panel-element';
import { createHostedFields, type HostedFields, type HostedFieldsOptions } from './methods/hosted-fields';
import { PANEL_VERSION } from './shared/build-constants';
import { createError, type PanelError } from './shared/errors';

/** Options of {@link PaymentPanelGlobal.create}. */
export interface CreateOptions {
  /** Element, or CSS selector of the element, the panel is appended to. */
  container: Element | string;
  /** Tokenization key or client token. */
  authorization: string;
}

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
   * Creates a `<payment-panel>` in `container` and resolves with it once it is `ready`; rejects
   * with the catalogue error of its first `errorOccurred` (the element stays in the page).
   */
  create(options: CreateOptions): Promise<PaymentPanelElement>;
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

function create(options: CreateOptions): Promise<PaymentPanelElement> {
  const container =
    typeof options.container === 'string' ? document.querySelector(options.container) : options.container;
  if (!container) {
    return Promise.reject(
      createError('INSTANTIATION_OPTION_REQUIRED', { option: 'container', component: 'a panel' }),
    );
  }
  const element = document.createElement(TAG_NAME);
  return new Promise((resolve, reject) => {
    const onReady = (): void => {
      element.removeEventListener('errorOccurred', onError);
      resolve(element);
    };
    const onError = (event: CustomEvent<PanelError>): void => {
      element.removeEventListener('ready', onReady);
      reject(event.detail);
    };
    element.addEventListener('ready', onReady, { once: true });
    element.addEventListener('errorOccurred', onError, { once: true });
    element.setAttribute('authorization', options.authorization);
    container.append(element);
  });
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
  create,
  createHostedFields: createStandaloneHostedFields,
};
