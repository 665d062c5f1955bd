/**
 * PayPal, PayPal Credit and Pay Later, page side: the provider's popup flow, which needs no PayPal script and
 * works against the real PayPal (docs/paypal.md, "The flow"). The shopper's click opens the
 * popup at the landing page on the assets origin ({@link openPayPalPopup}); this module then
 * creates the payment with real return and cancel pages beside the bundle, sends the popup to the
 * approval URL the gateway answers, waits for the return or cancel page to hand back PayPal's
 * answer on a channel of this approval, and tokenizes the approved account.
 * @packageDocumentation
 */
import { isAllowedGatewayUrl, type GatewayClient } from '../../client';
import type { PayPalOptions } from '../../model/options';
import { PANEL_VERSION } from '../../shared/build-constants';
import { ANALYTICS_COMPONENT_PREFIX, WALLET_SCRIPT_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { createError, isPanelError, registerErrors, type PanelError } from '../../shared/errors';
import { createLifetime } from '../../shared/lifetime';
import { refuseAfterTeardown } from '../../shared/refuse-after-teardown';
import { createChannelId, frameHash, openMessage } from '../../shared/frame-channel';
import {
  PAYPAL_CANCEL_PAGE,
  PAYPAL_LANDING_PAGE,
  PAYPAL_RETURN_PAGE,
  parsePayPalReturnMessage,
  type PayPalReturn,
  PAYPAL_ADDRESS_KEYS,
  type PayPalAddress,
} from '../../shared/paypal-messages';
import {
  array,
  isObject as isRecord,
  nonEmptyString,
  object,
  optional,
  parseWith,
  record,
  unknownValue,
  type Infer,
} from '../../shared/strict-readers';
import { PAYPAL_ERRORS } from '../../shared/errors/catalogues/paypal';

// PayPal's codes reach this page with PayPal's file.
registerErrors(PAYPAL_ERRORS);

/** Options of {@link createPayPalCheckout}. */
export interface PayPalCheckoutOptions {
  /** Offer PayPal Credit (`offerPaypalCredit`): `true` for the PayPal Credit option. */
  offerCredit: boolean;
  /**
   * Offer PayPal Pay Later (`offerPayLater: true`): `true` for the Pay Later option, which pays a
   * checkout only (docs/paypal.md, "Pay Later").
   */
  offerPayLater?: boolean;
}

/** The flows of PayPal: one payment, or a billing agreement that saves the account. */
export type PayPalFlow = NonNullable<PayPalOptions['flow']>;

/**
 * The payer as PayPal reports it (docs/protocol.md, "Tokenizing the account"), handed on as `details`,
 * with the financing offer the shopper accepted (PayPal Credit, Pay Later) when the gateway sends one.
 * A type alias with an index signature: the gateway may add fields the merchant wants, and it stays
 * assignable to the `Record<string, unknown>` of a raw payment method.
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
  /** The account's `details.creditFinancingOffered`, as the gateway sent it. */
  creditFinancingOffered?: Record<string, unknown>;
  [field: string]: unknown;
};

/** An approved and tokenized PayPal account. */
export interface PayPalTokenizeResult {
  /** One-time nonce for the merchant's server. */
  nonce: string;
  /** The payer info (`{}` when the gateway sends none), and the financing offer when it sends one. */
  details: PayPalPayerInfo;
  type: 'PayPalAccount';
  /** Present for the vault flow of a customer's client token: the account was saved. */
  vaulted?: true;
}

/** How a tokenization ended when it did not fail. */
export type PayPalTokenizeOutcome =
  { status: 'approved'; result: PayPalTokenizeResult } | { status: 'cancelled' };

/**
 * A PayPal (or PayPal Credit, or Pay Later) checkout bound to a client. After {@link PayPalCheckout.teardown}
 * every call fails with `METHOD_CALLED_AFTER_TEARDOWN`.
 */
export interface PayPalCheckout {
  /**
   * Runs one approval in `popup`, a window the caller opened in the shopper's click, at the
   * landing page ({@link openPayPalPopup}; the caller reports `PAYPAL_POPUP_OPEN_FAILED` when it
   * gets none). Creates the payment with this approval's return and cancel pages, sends the popup
   * to the gateway's approval URL, and when PayPal returns the shopper approved, tokenizes the
   * account. Resolves `{status: 'approved', result}` or, when the shopper cancels on PayPal's page,
   * `{status: 'cancelled'}`.
   *
   * Rejects with `PAYPAL_TOKENIZATION_REQUEST_ACTIVE` while another approval uses this checkout or
   * this popup (leaving a popup an approval shows alone); otherwise, after closing the popup, with
   * `PAYPAL_FLOW_OPTION_REQUIRED` (flow not `checkout` or `vault`; not `checkout` for Pay Later),
   * `PAYPAL_INVALID_PAYMENT_OPTION`
   * (a checkout without amount or currency, or HTTP 422 on create payment), a client error of the
   * create-payment request as it is (e.g. `CLIENT_REQUEST_TIMEOUT` after the 30 s wallet time-out),
   * `PAYPAL_FLOW_FAILED` (any other create-payment failure), `PAYPAL_POPUP_CLOSED` (the shopper
   * closed the popup before answering), `INCOMPATIBLE_VERSIONS` (a return page of another
   * version), a client error of the tokenize request as it is, `PAYPAL_ACCOUNT_TOKENIZATION_FAILED`
   * (any other tokenize failure, or a return for another payment) or `METHOD_CALLED_AFTER_TEARDOWN`.
   */
  tokenize(flow: PayPalOptions, popup: Window): Promise<PayPalTokenizeOutcome>;
  /** Closes an open popup, rejects a running tokenization and makes every later call fail. */
  teardown(): void;
}

/**
 * The merchant's PayPal options the panel reads itself; every other one goes to the create-payment
 * request as it is.
 */
const OWN_OPTIONS = new Set([
  'flow',
  'amount',
  'currency',
  'intent',
  'displayName',
  'locale',
  'enableShippingAddress',
  'shippingAddressEditable',
  'shippingAddressOverride',
  'billingAgreementDescription',
  'landingPageType',
  'useraction',
  'commit',
  'vault',
  'buttonStyle',
  // The option decides whether Pay Later is offered, never a key of its object.
  'offerPayLater',
]);

/**
 * Whether an approval saves the account to the customer: a `vault` flow, unless the merchant says
 * `vault: {vaultPayPal: false}` (the billing agreement is made, the account not saved).
 */
function saves(flow: PayPalFlow, merchant: Record<string, unknown>): boolean {
  const vault = merchant.vault;
  return flow === 'vault' && !(isRecord(vault) && vault.vaultPayPal === false);
}

/** How often the popup is checked for having been closed (no event tells a cross-origin opener). */
export const POPUP_POLL_INTERVAL_MS = 500;

/**
 * Popups an approval is running in, across every checkout of the page: the panel's PayPal and
 * PayPal Credit buttons open the same named window, so a click on one while the other's approval
 * runs hands over the popup already in use.
 */
const popupsInUse = new Set<Window>();

const checkoutAnswer = object({
  paymentResource: object({ paymentToken: nonEmptyString, redirectUrl: nonEmptyString }),
});

const vaultAnswer = object({
  agreementSetup: object({ tokenId: nonEmptyString, approvalUrl: nonEmptyString }),
});

/** A plain object as a map, copied with prototype keys refused. */
const plainObject = record(unknownValue);

const tokenizeAnswer = object({
  paypalAccounts: array(
    object({
      nonce: nonEmptyString,
      details: optional(
        object({ payerInfo: optional(plainObject), creditFinancingOffered: optional(plainObject) }),
      ),
    }),
  ),
});

/** A string option, or `undefined` for anything else. */
function textOption(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The string fields of a shipping address override; anything else is left out. */
function shippingAddress(value: unknown): PayPalAddress | undefined {
  if (!isRecord(value)) return undefined;
  const address: PayPalAddress = {};
  for (const key of PAYPAL_ADDRESS_KEYS) {
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

/** Closes a popup handed over for nothing; the one an approval shows stays as it is. */
function closeUnused(popup: Window | null | undefined): void {
  if (popup && !popupsInUse.has(popup)) closePopup(popup);
}

function isClosed(popup: Window): boolean {
  try {
    return popup.closed;
  } catch {
    return true;
  }
}

/**
 * Where a page of the PayPal popup is published: in this panel's versioned folder on the assets
 * origin.
 * @param page - the page's file in that folder; the landing page by default, where the popup opens
 *   and says that PayPal is on its way while the payment is created
 */
export function payPalPageUrl(client: GatewayClient, page: string = PAYPAL_LANDING_PAGE): string {
  return `${client.configuration.gatewayConfiguration.assetsUrl}/payment-panel/${PANEL_VERSION}/${page}`;
}

/**
 * Opens the approval popup at the landing page ({@link payPalPageUrl}). Call it synchronously
 * in the shopper's click, as browsers allow a popup only then, and hand the window to
 * {@link PayPalCheckout.tokenize}. A window of `name` that an approval already shows is handed
 * back as it is, not navigated, so a second click cannot take the shopper off PayPal's page
 * (`tokenize` then refuses it with `PAYPAL_TOKENIZATION_REQUEST_ACTIVE`).
 * @param name - the popup's window name; one name per page makes a second click find the open popup
 * @param features - `window.open` features (size, position); never `noopener`, the pages answer the opener
 * @returns the popup, or `null` when the browser blocked it
 */
export function openPayPalPopup(client: GatewayClient, name: string, features: string): Window | null {
  // An empty URL finds a named window without navigating it.
  const url = popupsInUse.size > 0 ? '' : payPalPageUrl(client);
  return window.open(url, name, features);
}

/** The created payment: the flow token and the approval page's URL. */
interface CreatedPayment {
  token: string;
  approvalUrl: string;
}

/**
 * Creates the PayPal (or PayPal Credit, or Pay Later) checkout and sends the `paypal-checkout.initialized`
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
  const offerPayLater = (options as Partial<PayPalCheckoutOptions> | undefined)?.offerPayLater === true;
  const assetsOrigin = new URL(gateway.assetsUrl).origin;
  const lifetime = createLifetime();
  // Ends the running approval with an error; set only while one runs.
  let abortActive: ((error: PanelError) => void) | undefined;
  lifetime.onEnd(() => {
    abortActive?.(
      createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'tokenize' }, { method: 'tokenize' }),
    );
  });

  const analytics = (event: string): void => {
    client.analytics.send(`paypal-checkout.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };

  /**
   * Where PayPal sends the popup back: the return or cancel page beside the bundle, told this
   * approval's channel and the page's origin, the only origin it will post the answer to.
   */
  const returnPageUrl = (page: string, channel: string): string =>
    payPalPageUrl(client, page) +
    frameHash({ channel, parentOrigin: location.origin, version: PANEL_VERSION }).replace('#', '?');

  /** The body of create payment; PayPal sends the shopper back to `returnUrl` or `cancelUrl`. */
  const createPaymentBody = (
    flow: PayPalFlow,
    merchant: Record<string, unknown>,
    channel: string,
  ): Record<string, unknown> => {
    const override = shippingAddress(merchant.shippingAddressOverride);
    const body: Record<string, unknown> = {
      returnUrl: returnPageUrl(PAYPAL_RETURN_PAGE, channel),
      cancelUrl: returnPageUrl(PAYPAL_CANCEL_PAGE, channel),
      offerPaypalCredit: offerCredit,
      experienceProfile: {
        brandName: textOption(merchant.displayName) || paypal.displayName || undefined,
        localeCode: textOption(merchant.locale),
        noShipping: String(merchant.enableShippingAddress !== true),
        addressOverride: merchant.shippingAddressEditable === false,
        landingPageType: textOption(merchant.landingPageType),
      },
    };
    // The PayPal payment options the panel does not read itself go to PayPal as they are
    // (`lineItems`, `shippingOptions`…); never over what the panel sets.
    for (const [key, value] of Object.entries(merchant)) {
      if (!OWN_OPTIONS.has(key) && !Object.hasOwn(body, key) && value !== undefined) body[key] = value;
    }
    if (flow === 'checkout') {
      body.amount = merchant.amount;
      body.currencyIsoCode = merchant.currency;
      const intent = textOption(merchant.intent);
      if (intent !== undefined) body.intent = intent;
      if (offerPayLater) body.offerPayLater = true;
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
    channel: string,
    signal: AbortSignal,
  ): Promise<CreatedPayment> => {
    const endpoint = flow === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement';
    let data: unknown;
    try {
      ({ data } = await client.request({
        method: ENDPOINTS[endpoint].method,
        endpoint: endpointPath(endpoint),
        data: createPaymentBody(flow, merchant, channel),
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

  /**
   * The approval URL as the gateway answered it, with `useraction=commit` added when the merchant
   * asks for it: nothing of the panel's own, so it works the same against the real PayPal. Added
   * as text, so PayPal's own parameters reach it as they were; PayPal's approval URLs carry their
   * token in the query and no fragment.
   */
  const approvalPageUrl = (approvalUrl: string, merchant: Record<string, unknown>): string =>
    merchant.useraction === 'commit' || merchant.commit === true
      ? `${approvalUrl}${approvalUrl.includes('?') ? '&' : '?'}useraction=commit`
      : approvalUrl;

  /**
   * The body of tokenize, from what PayPal returned: the agreement token for a vault; the payment
   * id and payer id, correlated by the EC token, for a checkout.
   */
  const tokenizeBody = (
    flow: PayPalFlow,
    approval: PayPalReturn,
    merchant: Record<string, unknown>,
  ): Record<string, unknown> => {
    const validate = saves(flow, merchant) && client.authorization.kind !== 'TOKENIZATION_KEY';
    if ('ba_token' in approval) {
      return {
        paypalAccount: {
          correlationId: approval.ba_token,
          options: { validate },
          billingAgreementToken: approval.ba_token,
        },
      };
    }
    const paypalAccount: Record<string, unknown> = {
      correlationId: approval.token,
      options: { validate },
      paymentToken: approval.paymentId,
      payerId: approval.PayerID,
      unilateral: paypal.unvettedMerchant,
    };
    const intent = textOption(merchant.intent);
    if (intent !== undefined) paypalAccount.intent = intent;
    return { paypalAccount };
  };

  const tokenizeAccount = async (
    flow: PayPalFlow,
    approval: PayPalReturn,
    merchant: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<PayPalTokenizeResult> => {
    analytics('tokenization.started');
    let account: Infer<typeof tokenizeAnswer>['paypalAccounts'][number] | undefined;
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
      // The terms the shopper accepted (PayPal Credit, Pay Later) are the merchant's to show and keep.
      result.details = { ...result.details, creditFinancingOffered: credit };
      analytics('credit.accepted');
    }
    if (saves(flow, merchant) && !client.authorization.guest) result.vaulted = true;
    analytics('tokenization.success');
    return result;
  };

  /** Whether PayPal's return belongs to the payment this approval created. */
  const matches = (flow: PayPalFlow, approval: PayPalReturn, created: CreatedPayment): boolean =>
    flow === 'vault'
      ? 'ba_token' in approval && approval.ba_token === created.token
      : !('ba_token' in approval) && approval.token === created.token;

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
        // One more tick: the return page posts its answer and then closes, and the answer may
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

      const approve = (approval: PayPalReturn, created: CreatedPayment): void => {
        // PayPal's answer for a payment this approval did not create is never spent.
        if (!matches(flow, approval, created)) {
          fail(createError('PAYPAL_ACCOUNT_TOKENIZATION_FAILED'));
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
            parse: parsePayPalReturnMessage,
          });
          if (!message) return;
          // One answer per approval: the popup has done its part.
          stopWatching();
          closePopup(popup);
          if (message.version !== PANEL_VERSION) {
            fail(
              createError('INCOMPATIBLE_VERSIONS', {
                clientVersion: PANEL_VERSION,
                component: 'paypal-return',
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
      if (offerPayLater) analytics('paylater.offered');
      createPayment(flow, merchant, channel, controller.signal).then((created) => {
        if (settled) return;
        listen(created);
        try {
          popup.location.replace(approvalPageUrl(created.approvalUrl, merchant));
        } catch (error) {
          fail(createError('PAYPAL_FLOW_FAILED', undefined, { originalError: error }));
        }
      }, fail);
    });

  analytics('initialized');

  const checkout: PayPalCheckout = {
    tokenize(flowOptions, popup) {
      const target = popup as Window | null | undefined;
      if (abortActive || (target && popupsInUse.has(target))) {
        // The popup the running approval shows is left as it is (a named `window.open` hands it
        // over again); any other one was opened for nothing.
        closeUnused(target);
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
      // Pay Later pays one checkout: a billing agreement is no flow of it.
      if (flow !== 'checkout' && (flow !== 'vault' || offerPayLater)) {
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
      lifetime.end();
    },
  };
  return refuseAfterTeardown(checkout, lifetime, {
    promised: ['tokenize'],
    exempt: ['teardown'],
    detailed: true,
    // A popup opened in the click for a refused call was opened for nothing.
    refused: (_method, [, popup]) => {
      closeUnused(popup as Window | null | undefined);
    },
  });
}
