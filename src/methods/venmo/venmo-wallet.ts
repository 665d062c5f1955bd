/**
 * Venmo for the panel's sheet (docs/venmo.md): the app switch on a phone, the web login popup or
 * the QR code on a desktop, the result the page comes back with, and the payment context the
 * provider's GraphQL API keeps between the page and Venmo.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { RawPaymentMethod } from '../../model';
import { VENMO_URLS } from '../../shared/build-constants';
import { createError, registerErrors } from '../../shared/errors';
import { VENMO_ERRORS } from '../../shared/errors/catalogues/venmo';
import { isObject } from '../../shared/strict-readers';
import type { WalletHandlers, WalletIntegration } from '../wallet';
import { isMobile, isVenmoSupported, pageBrowser, switchesInPlace, type VenmoBrowser } from './browser';
import {
  appSwitchUrl,
  atUsername,
  contextUrl,
  readVenmoReturn,
  returnUrlOf,
  type VenmoMerchant,
  type VenmoReturn,
} from './links';
import { readVenmoOptions, type VenmoSettings } from './options';
import {
  cancelPaymentContext,
  createContextInput,
  createPaymentContext,
  pollPaymentContext,
  type CustomerClient,
  type PaymentContext,
  type PaymentContextStatus,
  type PollOutcome,
} from './payment-context';
import { qrCodeImage } from './qr';

registerErrors(VENMO_ERRORS);

/** A code of Venmo's (none has placeholders). */
type VenmoCode = keyof typeof VENMO_ERRORS;

/**
 * A controller aborted with `parent` too: one flow's, within the wallet's life (`AbortSignal.any`
 * is younger than the browsers the panel supports).
 */
function childOf(parent: AbortSignal): AbortController {
  const child = new AbortController();
  if (parent.aborted) child.abort();
  else {
    parent.addEventListener(
      'abort',
      () => {
        child.abort();
      },
      { once: true, signal: child.signal },
    );
  }
  return child;
}

/** How often a phone reads the context's status, and a desktop. */
export const MOBILE_POLL_INTERVAL_MS = 250;
export const DESKTOP_POLL_INTERVAL_MS = 1000;
/** How long a phone waits for a manual return. */
export const MANUAL_RETURN_LIMIT_MS = 5 * 60 * 1000;
/** How long after the page shows again it waits for Venmo's result before the shopper is taken to have left Venmo. */
export const RETURN_GRACE_MS = 1000;
/** The share of a context's life after which a new one replaces it. */
const RENEW_AT = 2 / 3;

/** One web login window per page: a second click finds the open one. */
const POPUP_NAME = 'payment-panel-venmo';
const POPUP_SIZE = { width: 400, height: 640 };

/** What of the page Venmo uses; injected so the flows run without a browser. */
export interface VenmoPage {
  readonly browser: VenmoBrowser;
  /** The page's document: its visibility tells when the shopper is back. */
  readonly document: Document;
  /** Whether the panel runs inside a frame, where the return cannot reach it. */
  readonly inFrame: boolean;
  /** The page's URL now. */
  href(): string;
  /** Opens a new tab or a popup (`window.open`). */
  open(url: string, name: string, features?: string): Window | null;
  /** Goes to a URL in place (`location.href`). */
  assign(url: string): void;
  /** Takes the hash off the page's URL (`history.pushState`). */
  clearHash(): void;
}

/** The page the panel runs in. */
export function browserPage(): VenmoPage {
  return {
    browser: pageBrowser(),
    document,
    inFrame: window.self !== window.top,
    href: () => location.href,
    open: (url, name, features) => window.open(url, name, features),
    assign: (url) => {
      location.href = url;
    },
    clearHash: () => {
      history.pushState(history.state, '', returnUrlOf(location.href));
    },
  };
}

/** Pages whose return was taken: one page load completes one Venmo result, whatever the panels. */
const returnsTaken = new WeakSet<Document>();

/** The configuration's Venmo settings, or `null` when they are missing or incomplete. */
function merchantOf(client: GatewayClient): VenmoMerchant | null {
  const given = (client.configuration.gatewayConfiguration as { payWithVenmo?: unknown }).payWithVenmo;
  if (!isObject(given)) return null;
  const { merchantId, accessToken, environment } = given;
  if (typeof merchantId !== 'string' || typeof accessToken !== 'string' || !merchantId || !accessToken) {
    return null;
  }
  return {
    merchantId,
    accessToken,
    environment: typeof environment === 'string' ? environment : 'production',
  };
}

/** The method a Venmo nonce stands for, as the panel lists it. */
export function venmoMethod(
  nonce: string,
  username: string | null | undefined,
  extra: { paymentContextId?: string; payerInfo?: Record<string, unknown> | null } = {},
): RawPaymentMethod {
  return {
    nonce,
    type: 'VenmoAccount',
    details: {
      ...(username ? { username: atUsername(username) } : {}),
      ...(extra.paymentContextId ? { paymentContextId: extra.paymentContextId } : {}),
      ...(extra.payerInfo ? { payerInfo: extra.payerInfo } : {}),
    },
  };
}

/** The codes a phone's polling ends with, by how it ended. */
const MOBILE_ENDINGS: Readonly<Record<string, VenmoCode>> = {
  CANCELED: 'VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED',
  EXPIRED: 'VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED',
  FAILED: 'VENMO_MOBILE_POLLING_TOKENIZATION_FAILED',
  timeout: 'VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT',
  failed: 'VENMO_MOBILE_POLLING_TOKENIZATION_FAILED',
};

/** The codes a desktop's polling ends with: the shopper's cancel in Venmo, or anything else. */
const DESKTOP_ENDINGS: Readonly<Record<string, VenmoCode>> = {
  CANCELED: 'VENMO_CUSTOMER_CANCELED',
};

/**
 * Venmo for the panel's sheet. `ready()` reads the option and the browser: it rejects with
 * `INVALID_OPTION`, `VENMO_INVALID_PROFILE_ID` or `VENMO_INVALID_DEEP_LINK_RETURN_URL` for an option
 * that does not fit, `VENMO_NOT_ENABLED` without the configuration's `payWithVenmo`, and
 * `VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED` when the context a flow needs cannot be made; it
 * answers `false` in a browser Venmo does not support.
 */
export function createVenmoWallet(
  client: GatewayClient,
  { option }: { option: unknown },
  page: VenmoPage = browserPage(),
): WalletIntegration {
  const ended = new AbortController();
  const merchant = merchantOf(client);
  let settings: VenmoSettings = {};
  /** How this page pays: the app switch (a phone), the web login popup or the QR code (a desktop). */
  let flow: 'app' | 'webLogin' | 'qr' = 'app';
  /** The context made ahead of the click, for the flows that open a window inside it. */
  let context: PaymentContext | null = null;
  let contextClient: CustomerClient | null = null;
  let renewTimer: ReturnType<typeof setTimeout> | undefined;
  /** A payment is under way: the one the shopper started, or the one the page came back with. */
  let active = false;
  let returned: VenmoReturn | null = null;

  const linkOptions = (base: string) => ({
    base,
    merchant: merchant as VenmoMerchant,
    profileId: settings.profileId,
    metadata: client.configuration.analyticsMetadata,
  });

  /** Makes the context the next payment will use, and the one after it at two thirds of its life. */
  const renew = async (): Promise<void> => {
    if (!contextClient || ended.signal.aborted) return;
    clearTimeout(renewTimer);
    const previous = context;
    try {
      const made = await createPaymentContext(
        client,
        createContextInput(settings, contextClient),
        ended.signal,
      );
      // The panel may have gone while the context was being made.
      if ((ended.signal as { aborted: boolean }).aborted) {
        cancelPaymentContext(client, made.id);
        return;
      }
      context = made;
      const life = made.expiresAt - made.createdAt;
      renewTimer = setTimeout(() => {
        void renew().catch(() => undefined);
      }, life * RENEW_AT);
    } catch (error) {
      if (previous && previous === context && previous.expiresAt <= Date.now()) context = null;
      throw createError('VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED', undefined, { originalError: error });
    }
    // The context replaced is no longer offered to Venmo, unless a payment is using it.
    if (previous && !active) cancelPaymentContext(client, previous.id);
  };

  /** Ends a payment: the shopper may start another, with a new context. */
  const settle = (handlers: WalletHandlers, used: PaymentContext | null): void => {
    active = false;
    handlers.busy(false);
    if (used && used === context) {
      context = null;
      void renew().catch(() => undefined);
    }
  };

  const finishReturn = (result: VenmoReturn, handlers: WalletHandlers): void => {
    if (result.kind === 'success') handlers.paid(venmoMethod(result.nonce, result.username));
    else if (result.kind === 'cancel') handlers.report(createError('VENMO_APP_CANCELED'));
    else {
      handlers.failed(
        createError('VENMO_APP_FAILED', undefined, {
          originalError: { message: result.message, code: result.code },
        }),
      );
    }
  };

  /** The end of a context's polling, as the payment's outcome. */
  const finishPoll = (
    outcome: PollOutcome,
    used: PaymentContext,
    handlers: WalletHandlers,
    endings: Readonly<Record<string, VenmoCode>>,
    otherwise: VenmoCode,
  ): void => {
    if (outcome.kind === 'final' && outcome.status.status === 'APPROVED' && outcome.status.paymentMethodId) {
      const { paymentMethodId, userName, payerInfo } = outcome.status;
      handlers.paid(venmoMethod(paymentMethodId, userName, { paymentContextId: used.id, payerInfo }));
      return;
    }
    const key = outcome.kind === 'final' ? outcome.status.status : outcome.kind;
    const details = outcome.kind === 'failed' ? { originalError: outcome.error } : undefined;
    handlers.failed(createError(endings[key] ?? otherwise, undefined, details));
  };

  /** The app switch, on a phone. */
  const payWithApp = (handlers: WalletHandlers): void => {
    const needsContext = contextClient !== null;
    const used = context;
    if (needsContext && (!used || used.expiresAt <= Date.now())) {
      handlers.failed(createError('VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED'));
      settle(handlers, null);
      void renew().catch(() => undefined);
      return;
    }
    const inPlace = switchesInPlace(page.browser, settings);
    const url = appSwitchUrl({
      ...linkOptions(settings.mobileWebFallBack ? VENMO_URLS.mobileWeb : VENMO_URLS.app),
      contextId: used?.id,
      legacyContext: used !== null && settings.paymentMethodUsage === undefined,
      returnUrl: settings.deepLinkReturnUrl ?? returnUrlOf(page.href()),
      allowAndroidRecreation: settings.allowNewBrowserTab !== false,
      userAgent: page.browser.userAgent,
    });
    if (inPlace) page.assign(url);
    else if (!page.open(url, '_blank')) {
      handlers.failed(createError('VENMO_CANCELED'));
      settle(handlers, null);
      return;
    }
    watchReturn(handlers, used);
  };

  /**
   * Waits for the shopper to come back from Venmo: the context's status when there is one, and the
   * page showing again: 1 s later, with nothing from Venmo, the shopper left it (`VENMO_CANCELED`),
   * unless the merchant asked for a manual return, which polls up to 5 minutes.
   */
  const watchReturn = (handlers: WalletHandlers, used: PaymentContext | null): void => {
    const watch = childOf(ended.signal);
    const { signal } = watch;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const done = (): boolean => {
      if (signal.aborted) return false;
      watch.abort();
      clearTimeout(graceTimer);
      return true;
    };
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(graceTimer);
      },
      { once: true },
    );
    if (used) {
      const limit = settings.requireManualReturn
        ? MANUAL_RETURN_LIMIT_MS
        : Math.max(used.expiresAt - Date.now(), MOBILE_POLL_INTERVAL_MS);
      void pollPaymentContext(client, used.id, { interval: MOBILE_POLL_INTERVAL_MS, limit, signal }).then(
        (outcome) => {
          if (!done()) return;
          finishPoll(outcome, used, handlers, MOBILE_ENDINGS, 'VENMO_MOBILE_POLLING_TOKENIZATION_FAILED');
          settle(handlers, used);
        },
      );
    }
    page.document.addEventListener(
      'visibilitychange',
      () => {
        if (page.document.visibilityState !== 'visible' || graceTimer !== undefined) return;
        graceTimer = setTimeout(() => {
          const result = readVenmoReturn(new URL(page.href()).hash);
          if (result) {
            if (!done()) return;
            if (!settings.ignoreHistoryChanges) page.clearHash();
            finishReturn(result, handlers);
            settle(handlers, used);
            return;
          }
          if (used && settings.requireManualReturn) return;
          if (!done()) return;
          if (used) cancelPaymentContext(client, used.id);
          handlers.failed(createError('VENMO_CANCELED'));
          settle(handlers, used);
        }, RETURN_GRACE_MS);
      },
      { signal },
    );
  };

  /** The web login, in a popup, on a desktop. */
  const payWithWebLogin = (handlers: WalletHandlers): void => {
    const used = context;
    if (!used || used.expiresAt <= Date.now()) {
      handlers.failed(createError('VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED'));
      settle(handlers, null);
      void renew().catch(() => undefined);
      return;
    }
    const { width, height } = POPUP_SIZE;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = page.open(
      contextUrl({ ...linkOptions(VENMO_URLS.webLogin), contextId: used.id }),
      POPUP_NAME,
      `popup,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
    );
    if (!popup) {
      handlers.failed(createError('VENMO_CANCELED'));
      settle(handlers, null);
      return;
    }
    const watch = childOf(ended.signal);
    const { signal } = watch;
    signal.addEventListener('abort', () => {
      if (!popup.closed) popup.close();
    });
    // A popup the shopper closed before approving: the read after it closed is the last.
    let closedSeen = false;
    const onStatus = (status: PaymentContextStatus): void => {
      if (status.status === 'APPROVED' || !closedSeen) {
        closedSeen = popup.closed;
        return;
      }
      watch.abort();
      cancelPaymentContext(client, used.id);
      handlers.failed(createError('VENMO_CUSTOMER_CANCELED'));
      settle(handlers, used);
    };
    void pollPaymentContext(client, used.id, {
      interval: DESKTOP_POLL_INTERVAL_MS,
      limit: Math.max(used.expiresAt - Date.now(), DESKTOP_POLL_INTERVAL_MS),
      onStatus,
      signal,
    }).then((outcome) => {
      if (signal.aborted) return;
      watch.abort();
      finishPoll(outcome, used, handlers, DESKTOP_ENDINGS, 'VENMO_DESKTOP_UNKNOWN_ERROR');
      settle(handlers, used);
    });
  };

  /** The QR code of a new context, in the panel's modal, on a desktop. */
  const payWithQr = (handlers: WalletHandlers): void => {
    const watch = childOf(ended.signal);
    const { signal } = watch;
    let used: PaymentContext | null = null;
    let shown = false;
    // The panel going away while the code shows: the context is no longer offered to Venmo.
    ended.signal.addEventListener(
      'abort',
      () => {
        if (used) cancelPaymentContext(client, used.id);
      },
      { once: true, signal },
    );
    const end = (): void => {
      watch.abort();
      if (shown) handlers.dialog(null);
      active = false;
      handlers.busy(false);
    };
    const close = (): void => {
      if (signal.aborted) return;
      if (used) cancelPaymentContext(client, used.id);
      end();
      handlers.report(createError('VENMO_DESKTOP_CANCELED'));
    };
    createPaymentContext(client, createContextInput(settings, 'DESKTOP'), signal).then(
      (made) => {
        used = made;
        if (signal.aborted) {
          cancelPaymentContext(client, made.id);
          return;
        }
        const qr = qrCodeImage(contextUrl({ ...linkOptions(VENMO_URLS.app), contextId: made.id }));
        shown = true;
        handlers.dialog({ qr, authorizing: false, close });
        let authorizing = false;
        void pollPaymentContext(client, made.id, {
          interval: DESKTOP_POLL_INTERVAL_MS,
          limit: Math.max(made.expiresAt - Date.now(), DESKTOP_POLL_INTERVAL_MS),
          onStatus: ({ status }) => {
            if (status !== 'SCANNED' || authorizing) return;
            authorizing = true;
            handlers.dialog({ qr, authorizing, close });
          },
          signal,
        }).then((outcome) => {
          if (signal.aborted) return;
          end();
          finishPoll(outcome, made, handlers, DESKTOP_ENDINGS, 'VENMO_DESKTOP_UNKNOWN_ERROR');
        });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        end();
        handlers.failed(createError('VENMO_DESKTOP_UNKNOWN_ERROR', undefined, { originalError: error }));
      },
    );
  };

  return {
    async ready() {
      settings = readVenmoOptions(option);
      if (!merchant) throw createError('VENMO_NOT_ENABLED');
      if (!isVenmoSupported(page.browser, settings)) return false;
      flow = isMobile(page.browser) ? 'app' : settings.allowDesktopWebLogin ? 'webLogin' : 'qr';
      // The page may have come back from Venmo: its result is taken once, whatever the panels.
      const result = returnsTaken.has(page.document) ? null : readVenmoReturn(new URL(page.href()).hash);
      if (result) {
        returnsTaken.add(page.document);
        returned = result;
        if (!settings.ignoreHistoryChanges) page.clearHash();
      }
      // A context is made ahead of the click where the click opens a window (the web login), or where
      // the merchant asks for one: a usage, a manual return, or a frame the return cannot reach.
      if (flow === 'webLogin') contextClient = 'NATIVE_WEB';
      else if (
        flow === 'app' &&
        (settings.paymentMethodUsage !== undefined || settings.requireManualReturn === true || page.inFrame)
      ) {
        contextClient = 'MOBILE_WEB';
      }
      await renew();
      return !ended.signal.aborted;
    },

    resume(handlers) {
      const result = returned;
      returned = null;
      if (!result || active) return;
      finishReturn(result, handlers);
    },

    pay(_options, _locale, handlers) {
      // One shopper action, one tokenization: a click while a payment is under way starts nothing.
      if (active) {
        handlers.report(createError('VENMO_TOKENIZATION_REQUEST_ACTIVE'));
        return;
      }
      active = true;
      handlers.busy(true);
      if (flow === 'qr') payWithQr(handlers);
      else if (flow === 'webLogin') payWithWebLogin(handlers);
      else payWithApp(handlers);
    },

    teardown() {
      if (ended.signal.aborted) return;
      ended.abort();
      clearTimeout(renewTimer);
      if (context) cancelPaymentContext(client, context.id);
      context = null;
    },
  };
}
