/**
 * PayPal and PayPal Credit, page side (SPEC §4, §5, §7, §8; PROTOCOL §6 and its project decision):
 * PayPal's own checkout script cannot be loaded, so the panel drives the approval itself. The
 * caller opens the popup in the shopper's click; this module creates the payment, shows the
 * gateway's approval page in the popup, waits for the landing page on the assets origin to hand
 * back the shopper's answer on a channel of its own, and tokenizes the approved account.
 * @packageDocumentation
 */
import { isAllowedGatewayUrl, type GatewayClient } from '../../client';
import { PANEL_VERSION } from '../../shared/build-constants';
import { ANALYTICS_COMPONENT_PREFIX, WALLET_SCRIPT_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { createError, isPanelError, registerErrors, type PanelError } from '../../shared/errors';
import { createChannelId, frameHash, openMessage } from '../../shared/frame-channel';
import {
  PAYPAL_LANDING_PAGE,
  parsePayPalLandingMessage,
  type PayPalApproval,
} from '../../shared/paypal-messages';
import {
  INVALID,
  array,
  object,
  optional,
  parseWith,
  record,
  unknownValue,
  type Reader,
} from '../../shared/strict-readers';
import { PAYPAL_ERRORS } from '../../shared/errors/catalogues/paypal';

// PayPal's codes reach this page with PayPal's file.
registerErrors(PAYPAL_ERRORS);

/** Options of {@link createPayPalCheckout}. */
export interface PayPalCheckoutOptions {
  /** Offer PayPal Credit (`offerPaypalCredit`): `true` for the PayPal Credit option. */
  offerCredit: boolean;
}

/** The flows of PayPal: one payment, or a billing agreement that saves the account. */
export type PayPalFlow = 'checkout' | 'vault';

/** A shipping address the merchant sets instead of the one the shopper has at PayPal. */
export interface PayPalShippingAddress {
  recipientName?: string;
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
  phone?: string;
}

/**
 * The merchant's PayPal (or PayPal Credit) option, read loosely: plain-JavaScript merchants can set
 * anything, and what does not fit is refused or left out (see {@link PayPalCheckout.tokenize}).
 */
export interface PayPalFlowOptions {
  /** `checkout` or `vault`. Required. */
  flow?: PayPalFlow;
  /** Amount of a checkout, e.g. `"10.00"`. Required for `checkout`. */
  amount?: string | number;
  /** ISO currency of a checkout, e.g. `"USD"`. Required for `checkout`. */
  currency?: string;
  /** Intent of a checkout payment; the gateway's default when left out. */
  intent?: 'authorize' | 'sale' | 'order';
  /** Merchant name on the approval page; the configuration's `paypal.displayName` when left out. */
  displayName?: string;
  /** Locale of the approval page, e.g. `en_US`. */
  locale?: string;
  /** Ask the shopper for a shipping address. */
  enableShippingAddress?: boolean;
  /** `false` keeps the shopper from changing the address the merchant sets. */
  shippingAddressEditable?: boolean;
  /** The shipping address to use. */
  shippingAddressOverride?: PayPalShippingAddress;
  /** Description of the billing agreement (`vault`). */
  billingAgreementDescription?: string;
  /** What PayPal shows first: `login` or `billing`. */
  landingPageType?: 'login' | 'billing';
}

/**
 * The payer as PayPal reports it (PROTOCOL §6.2), handed on as `details`. A type alias with an
 * index signature: the gateway may add fields the merchant wants, and it stays assignable to the
 * `Record<string, unknown>` of a raw payment method.
 */
export type PayPalPayerInfo = {
  email?: string;
  payerId?: string;
  firstName?: string;
  lastName?: string;
  countryCode?: string;
  phone?: string;
  shippingAddress?: Record<string, unknown>;
  billingAddress?: Record<string, unknown>;
  [field: string]: unknown;
};

/** An approved and tokenized PayPal account (SPEC §3 "PayPal tokenization result"). */
export interface PayPalTokenizeResult {
  /** One-time nonce for the merchant's server. */
  nonce: string;
  /** The payer info, or `{}` when the gateway sends none. */
  details: PayPalPayerInfo;
  type: 'PayPalAccount';
  /** The credit offer the shopper accepted, when PayPal made one. Never handed to the merchant. */
  creditFinancingOffered?: Record<string, unknown>;
  /** Present for the vault flow of a customer's client token: the account was saved. */
  vaulted?: true;
}

/** How a tokenization ended when it did not fail. */
export type PayPalTokenizeOutcome =
  { status: 'approved'; result: PayPalTokenizeResult } | { status: 'cancelled' };

/**
 * A PayPal (or PayPal Credit) checkout bound to a client. After {@link PayPalCheckout.teardown}
 * every call fails with `METHOD_CALLED_AFTER_TEARDOWN`.
 */
export interface PayPalCheckout {
  /**
   * Runs one approval in `popup`, a window the caller opened in the shopper's click
   * (`window.open('', name, features)`; the caller reports `PAYPAL_POPUP_OPEN_FAILED` when it gets
   * none). Creates the payment (PROTOCOL §6.1), shows the approval page in the popup, and on
   * approval tokenizes the account (PROTOCOL §6.2). Resolves `{status: 'approved', result}` or, when
   * the shopper cancels on the approval page, `{status: 'cancelled'}`.
   *
   * Rejects with `PAYPAL_TOKENIZATION_REQUEST_ACTIVE` while another approval uses this checkout or
   * this popup (leaving a popup an approval shows alone); otherwise, after closing the popup, with
   * `PAYPAL_FLOW_OPTION_REQUIRED` (flow not `checkout` or `vault`), `PAYPAL_INVALID_PAYMENT_OPTION`
   * (a checkout without amount or currency, or HTTP 422 on create payment), a client error of the
   * create-payment request as it is (e.g. `CLIENT_REQUEST_TIMEOUT` after the 30 s wallet time-out),
   * `PAYPAL_FLOW_FAILED` (any other create-payment failure), `PAYPAL_POPUP_CLOSED` (the shopper
   * closed the popup before answering), `INCOMPATIBLE_VERSIONS` (a landing page of another
   * version), a client error of the tokenize request as it is, `PAYPAL_ACCOUNT_TOKENIZATION_FAILED`
   * (any other tokenize failure) or `METHOD_CALLED_AFTER_TEARDOWN`.
   */
  tokenize(flow: PayPalFlowOptions, popup: Window): Promise<PayPalTokenizeOutcome>;
  /** Closes an open popup, rejects a running tokenization and makes every later call fail. */
  teardown(): void;
}

/** How often the popup is checked for having been closed (no event tells a cross-origin opener). */
export const POPUP_POLL_INTERVAL_MS = 500;

/** The keys of a shipping address override (PROTOCOL §6.1). */
const SHIPPING_ADDRESS_KEYS = [
  'line1',
  'line2',
  'city',
  'state',
  'postalCode',
  'countryCode',
  'phone',
  'recipientName',
] as const satisfies readonly (keyof PayPalShippingAddress)[];

/**
 * Popups an approval is running in, across every checkout of the page: the panel's PayPal and
 * PayPal Credit buttons open the same named window, so a click on one while the other's approval
 * runs hands over the popup already in use.
 */
const popupsInUse = new Set<Window>();

const nonEmpty: Reader<string> = (value) => (typeof value === 'string' && value !== '' ? value : INVALID);

const checkoutAnswer = object<{ paymentResource: { paymentToken: string; redirectUrl: string } }>({
  paymentResource: object({ paymentToken: nonEmpty, redirectUrl: nonEmpty }),
});

const vaultAnswer = object<{ agreementSetup: { tokenId: string; approvalUrl: string } }>({
  agreementSetup: object({ tokenId: nonEmpty, approvalUrl: nonEmpty }),
});

/** A plain object as a map, copied with prototype keys refused. */
const plainObject = record(unknownValue);

interface PayPalAccountAnswer {
  nonce: string;
  details?: { payerInfo?: Record<string, unknown>; creditFinancingOffered?: Record<string, unknown> };
}

const tokenizeAnswer = object<{ paypalAccounts: PayPalAccountAnswer[] }>({
  paypalAccounts: array(
    object<PayPalAccountAnswer>({
      nonce: nonEmpty,
      details: optional(
        object({ payerInfo: optional(plainObject), creditFinancingOffered: optional(plainObject) }),
      ),
    }),
  ),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string option, or `undefined` for anything else. */
function textOption(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The string fields of a shipping address override; anything else is left out. */
function shippingAddress(value: unknown): PayPalShippingAddress | undefined {
  if (!isRecord(value)) return undefined;
  const address: PayPalShippingAddress = {};
  for (const key of SHIPPING_ADDRESS_KEYS) {
    if (Object.hasOwn(value, key) && typeof value[key] === 'string') address[key] = value[key];
  }
  return address;
}

function isAmount(value: unknown): value is string | number {
  return (
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function closePopup(popup: Window): void {
  try {
    if (!popup.closed) popup.close();
  } catch {
    // A window that cannot be closed from here is the shopper's to close.
  }
}

function isClosed(popup: Window): boolean {
  try {
    return popup.closed;
  } catch {
    return true;
  }
}

/** The created payment: the flow token and the approval page's URL. */
interface CreatedPayment {
  token: string;
  approvalUrl: string;
}

/**
 * Creates the PayPal (or PayPal Credit) checkout and sends the `paypal-checkout.initialized`
 * analytics event.
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without a client; `PAYPAL_NOT_ENABLED` when
 *   the configuration's `paypalEnabled` is not `true`; `PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED` when it
 *   has no `paypal.clientId`.
 */
export function createPayPalCheckout(client: GatewayClient, options: PayPalCheckoutOptions): PayPalCheckout {
  // Read loosely: plain-JavaScript callers can leave the client out.
  if (!(client as GatewayClient | undefined)) {
    throw createError('INSTANTIATION_OPTION_REQUIRED', { option: 'client', component: 'PayPal Checkout' });
  }
  const gateway = client.configuration.gatewayConfiguration;
  if (gateway.paypalEnabled !== true) throw createError('PAYPAL_NOT_ENABLED');
  const paypal = gateway.paypal;
  if (!paypal?.clientId) throw createError('PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED');
  const offerCredit = (options as Partial<PayPalCheckoutOptions> | undefined)?.offerCredit === true;
  const assetsOrigin = new URL(gateway.assetsUrl).origin;
  let tornDown = false;
  // Ends the running approval with an error; set only while one runs.
  let abortActive: ((error: PanelError) => void) | undefined;

  const analytics = (event: string): void => {
    client.analytics.send(`paypal-checkout.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };

  /** The body of create payment (PROTOCOL §6.1). */
  const createPaymentBody = (
    flow: PayPalFlow,
    merchant: Record<string, unknown>,
  ): Record<string, unknown> => {
    const override = shippingAddress(merchant.shippingAddressOverride);
    const body: Record<string, unknown> = {
      // Placeholders: the gateway requires them, the landing page makes them unnecessary.
      returnUrl: 'x',
      cancelUrl: 'x',
      offerPaypalCredit: offerCredit,
      experienceProfile: {
        brandName: textOption(merchant.displayName) || paypal.displayName || undefined,
        localeCode: textOption(merchant.locale),
        noShipping: String(merchant.enableShippingAddress !== true),
        addressOverride: merchant.shippingAddressEditable === false,
        landingPageType: textOption(merchant.landingPageType),
      },
    };
    if (flow === 'checkout') {
      body.amount = merchant.amount;
      body.currencyIsoCode = merchant.currency;
      const intent = textOption(merchant.intent);
      if (intent !== undefined) body.intent = intent;
      Object.assign(body, override);
    } else {
      if (override) body.shippingAddress = override;
      const description = textOption(merchant.billingAgreementDescription);
      if (description !== undefined) body.description = description;
    }
    return body;
  };

  const createPayment = async (
    flow: PayPalFlow,
    merchant: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<CreatedPayment> => {
    const endpoint = flow === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement';
    let data: unknown;
    try {
      ({ data } = await client.request({
        method: ENDPOINTS[endpoint].method,
        endpoint: endpointPath(endpoint),
        data: createPaymentBody(flow, merchant),
        timeout: WALLET_SCRIPT_LOAD_TIMEOUT_MS,
        signal,
      }));
    } catch (error) {
      if (isPanelError(error) && error.details?.httpStatus === 422) {
        throw createError('PAYPAL_INVALID_PAYMENT_OPTION', undefined, {
          httpStatus: 422,
          originalError: error.details.originalError,
        });
      }
      if (isPanelError(error)) throw error;
      throw createError('PAYPAL_FLOW_FAILED', undefined, { originalError: error });
    }
    const created =
      flow === 'checkout'
        ? parseWith(checkoutAnswer, data)?.paymentResource
        : parseWith(vaultAnswer, data)?.agreementSetup;
    const token = created && ('paymentToken' in created ? created.paymentToken : created.tokenId);
    const approvalUrl = created && ('redirectUrl' in created ? created.redirectUrl : created.approvalUrl);
    // The popup is sent there: only an https page of the provider (or the local sandbox) will do.
    if (!token || !approvalUrl || !isAllowedGatewayUrl(approvalUrl)) {
      throw createError('PAYPAL_FLOW_FAILED', undefined, { originalError: data });
    }
    return { token, approvalUrl };
  };

  /** The approval page's URL with the landing page to return to, which names this approval's channel. */
  const approvalPageUrl = (approvalUrl: string, channel: string): string => {
    const landing = `${gateway.assetsUrl}/payment-panel/${PANEL_VERSION}/${PAYPAL_LANDING_PAGE}${frameHash({
      channel,
      parentOrigin: location.origin,
      version: PANEL_VERSION,
    })}`;
    const url = new URL(approvalUrl);
    const landingParam = `landing=${encodeURIComponent(landing)}`;
    url.search = url.search ? `${url.search}&${landingParam}` : `?${landingParam}`;
    return url.href;
  };

  /** The body of tokenize (PROTOCOL §6.2). */
  const tokenizeBody = (
    flow: PayPalFlow,
    approval: PayPalApproval,
    merchant: Record<string, unknown>,
  ): Record<string, unknown> => {
    const validate = flow === 'vault' && client.authorization.kind !== 'TOKENIZATION_KEY';
    if ('billingToken' in approval) {
      return {
        paypalAccount: {
          correlationId: approval.billingToken,
          options: { validate },
          billingAgreementToken: approval.billingToken,
        },
      };
    }
    const paypalAccount: Record<string, unknown> = {
      correlationId: approval.paymentToken,
      options: { validate },
      paymentToken: approval.paymentID,
      payerId: approval.payerID,
      unilateral: paypal.unvettedMerchant,
    };
    const intent = textOption(merchant.intent);
    if (intent !== undefined) paypalAccount.intent = intent;
    return { paypalAccount };
  };

  const tokenizeAccount = async (
    flow: PayPalFlow,
    approval: PayPalApproval,
    merchant: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<PayPalTokenizeResult> => {
    analytics('tokenization.started');
    let account: PayPalAccountAnswer | undefined;
    try {
      const { data } = await client.request({
        method: ENDPOINTS.paypalAccounts.method,
        endpoint: endpointPath('paypalAccounts'),
        data: tokenizeBody(flow, approval, merchant),
        signal,
      });
      account = parseWith(tokenizeAnswer, data)?.paypalAccounts[0];
      if (!account)
        throw createError('PAYPAL_ACCOUNT_TOKENIZATION_FAILED', undefined, { originalError: data });
    } catch (error) {
      // A teardown ended the approval: nothing failed.
      if (signal.aborted) throw error;
      analytics('tokenization.failed');
      if (isPanelError(error)) throw error;
      throw createError('PAYPAL_ACCOUNT_TOKENIZATION_FAILED', undefined, { originalError: error });
    }
    const result: PayPalTokenizeResult = {
      nonce: account.nonce,
      details: account.details?.payerInfo ?? {},
      type: 'PayPalAccount',
    };
    const credit = account.details?.creditFinancingOffered;
    if (credit) {
      result.creditFinancingOffered = credit;
      analytics('credit.accepted');
    }
    if (flow === 'vault' && !client.authorization.guest) result.vaulted = true;
    analytics('tokenization.success');
    return result;
  };

  /** Whether an approval belongs to the payment this approval created. */
  const matches = (flow: PayPalFlow, approval: PayPalApproval, created: CreatedPayment): boolean =>
    flow === 'vault'
      ? 'billingToken' in approval && approval.billingToken === created.token
      : !('billingToken' in approval) && approval.paymentToken === created.token;

  const run = (flow: PayPalFlow, merchant: Record<string, unknown>, popup: Window) =>
    new Promise<PayPalTokenizeOutcome>((resolve, reject) => {
      const channel = createChannelId();
      const controller = new AbortController();
      let settled = false;
      let closedSeen = false;
      let stopListening = (): void => undefined;

      const stopWatching = (): void => {
        clearInterval(poll);
        stopListening();
      };
      const finish = (outcome: { error: PanelError } | { value: PayPalTokenizeOutcome }): void => {
        if (settled) return;
        settled = true;
        stopWatching();
        controller.abort();
        popupsInUse.delete(popup);
        abortActive = undefined;
        closePopup(popup);
        if ('error' in outcome) reject(outcome.error);
        else resolve(outcome.value);
      };
      const fail = (error: unknown): void => {
        finish({
          error: isPanelError(error)
            ? error
            : createError('PAYPAL_FLOW_FAILED', undefined, { originalError: error }),
        });
      };

      const poll = setInterval(() => {
        if (!isClosed(popup)) return;
        // One more tick: the landing page posts its answer and then closes, and the answer may
        // still be on its way when the closed popup is first seen.
        if (!closedSeen) {
          closedSeen = true;
          return;
        }
        finish({ error: createError('PAYPAL_POPUP_CLOSED') });
      }, POPUP_POLL_INTERVAL_MS);
      popupsInUse.add(popup);
      abortActive = (error) => {
        finish({ error });
      };

      const approve = (approval: PayPalApproval, created: CreatedPayment): void => {
        if (!matches(flow, approval, created)) {
          fail(
            createError('PAYPAL_ACCOUNT_TOKENIZATION_FAILED', undefined, {
              reason: 'The approval is not for the payment this checkout created.',
            }),
          );
          return;
        }
        tokenizeAccount(flow, approval, merchant, controller.signal).then((result) => {
          finish({ value: { status: 'approved', result } });
        }, fail);
      };

      const listen = (created: CreatedPayment): void => {
        const onMessage = (event: MessageEvent): void => {
          const message = openMessage(event, {
            origin: assetsOrigin,
            source: () => popup,
            channel,
            parse: parsePayPalLandingMessage,
          });
          if (!message) return;
          // One answer per approval: the popup has done its part.
          stopWatching();
          closePopup(popup);
          if (message.version !== PANEL_VERSION) {
            fail(
              createError('INCOMPATIBLE_VERSIONS', {
                clientVersion: PANEL_VERSION,
                component: 'paypal-landing',
                componentVersion: message.version,
              }),
            );
          } else if (message.type === 'paypalCancelled') {
            finish({ value: { status: 'cancelled' } });
          } else {
            approve(message.data, created);
          }
        };
        window.addEventListener('message', onMessage);
        stopListening = () => {
          window.removeEventListener('message', onMessage);
        };
      };

      analytics('createPayment');
      if (offerCredit) analytics('credit.offered');
      createPayment(flow, merchant, controller.signal).then((created) => {
        if (settled) return;
        listen(created);
        try {
          popup.location.replace(approvalPageUrl(created.approvalUrl, channel));
        } catch (error) {
          fail(createError('PAYPAL_FLOW_FAILED', undefined, { originalError: error }));
        }
      }, fail);
    });

  analytics('initialized');

  return {
    tokenize(flowOptions, popup) {
      const target = popup as Window | null | undefined;
      if (tornDown) {
        if (target && !popupsInUse.has(target)) closePopup(target);
        return Promise.reject(
          createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'tokenize' }, { method: 'tokenize' }),
        );
      }
      if (abortActive || (target && popupsInUse.has(target))) {
        // The popup the running approval shows is left as it is (a named `window.open` hands it
        // over again); any other one was opened for nothing.
        if (target && !popupsInUse.has(target)) closePopup(target);
        return Promise.reject(createError('PAYPAL_TOKENIZATION_REQUEST_ACTIVE'));
      }
      if (!target) return Promise.reject(createError('PAYPAL_POPUP_OPEN_FAILED'));
      const refuse = (error: PanelError): Promise<never> => {
        closePopup(target);
        return Promise.reject(error);
      };
      // Read loosely: plain-JavaScript merchants can set anything.
      const merchant: Record<string, unknown> = isRecord(flowOptions) ? flowOptions : {};
      const flow = merchant.flow;
      if (flow !== 'checkout' && flow !== 'vault') {
        return refuse(createError('PAYPAL_FLOW_OPTION_REQUIRED', undefined, { option: 'flow' }));
      }
      if (flow === 'checkout') {
        // What the gateway answers with 422 in the reference, found before the round trip.
        if (!isAmount(merchant.amount)) {
          return refuse(createError('PAYPAL_INVALID_PAYMENT_OPTION', undefined, { option: 'amount' }));
        }
        if (typeof merchant.currency !== 'string' || merchant.currency.trim() === '') {
          return refuse(createError('PAYPAL_INVALID_PAYMENT_OPTION', undefined, { option: 'currency' }));
        }
      }
      if (isClosed(target)) return refuse(createError('PAYPAL_POPUP_CLOSED'));
      return run(flow, merchant, target);
    },

    teardown() {
      if (tornDown) return;
      tornDown = true;
      abortActive?.(
        createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'tokenize' }, { method: 'tokenize' }),
      );
    },
  };
}
