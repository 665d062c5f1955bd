/**
 * The panel's root in the element's shadow root: connects to the gateway, checks the merchant's
 * configuration (SPEC §5) and renders the views. Until then the loading indicator shows; a failure
 * shows the shopper a short text and reaches the merchant as `errorOccurred`.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createTexts } from '../i18n/en-US';
import { isRightToLeft, languageTag, negotiateLocale } from '../i18n/locales';
import { availablePaymentOptions, type ApplePayEnvironment } from '../model';
import { createError, type PanelError } from '../shared/errors';
import { emit } from './events';
import { ATTACH_PANEL_API, TRACK_TEARDOWN, type PanelApi, type PanelHost } from './panel-api';
import type { PanelOptions } from './panel-options';
import { PaymentViews, type ViewsApi } from './PaymentViews';
import { SheetError } from './SheetError';
import { TeardownContext } from './teardown-context';
import { TextsContext, useLocaleTexts } from './texts-context';
import { useGatewayClient } from './use-gateway-client';

/** Properties r2wc passes to the panel. */
export interface PanelProps {
  /** Tokenization key or client token. */
  authorization?: string;
  /** The merchant's options, checked by the element. */
  options?: PanelOptions;
  /** The shadow root r2wc renders into (typed HTMLElement by r2wc, really a ShadowRoot). */
  container?: HTMLElement | ShadowRoot;
}

const NO_OPTIONS: PanelOptions = {};

/** What the page offers Apple Pay, as the availability rules ask it. */
function pageApplePayEnvironment(): ApplePayEnvironment {
  const session = (window as { ApplePaySession?: { canMakePayments(): boolean } }).ApplePaySession;
  return {
    applePaySessionExists: session !== undefined,
    isHttps: location.protocol === 'https:',
    canMakePayments: () => session?.canMakePayments() === true,
  };
}

/** The panel. */
export function Panel({ authorization, options = NO_OPTIONS, container }: PanelProps) {
  const host = (container instanceof ShadowRoot ? container.host : container) as PanelHost | undefined;
  if (!host) throw new Error('The panel needs its host element.');
  const gateway = useGatewayClient(host, authorization);
  const client = gateway.status === 'ready' ? gateway.client : null;
  // The views wait for the locale's texts, so the shopper never sees them change language.
  const locale = negotiateLocale(options.locale);
  const localeTexts = useLocaleTexts(locale);
  const texts = useMemo(
    () => createTexts(options.translations, localeTexts),
    [options.translations, localeTexts],
  );
  const trackTeardown = useCallback(
    (pending: Promise<unknown>) => {
      host[TRACK_TEARDOWN](pending);
    },
    [host],
  );

  const { paymentOptionPriority, paypal, paypalCredit, applePay } = options;
  const available = useMemo(
    () =>
      client
        ? availablePaymentOptions(
            { paymentOptionPriority, paypal, paypalCredit, applePay },
            client.configuration.gatewayConfiguration,
            pageApplePayEnvironment(),
          )
        : null,
    [client, paymentOptionPriority, paypal, paypalCredit, applePay],
  );
  const configurationError = useMemo(
    () => (available && !available.ok ? createError(available.code) : null),
    [available],
  );
  const failure: PanelError | null =
    gateway.status === 'failed' ? gateway.error : (configurationError ?? null);

  // A refused configuration reaches the merchant once per refusal.
  useEffect(() => {
    if (!configurationError || !client) return;
    client.analytics.send('configuration-error');
    emit(host, 'errorOccurred', configurationError);
  }, [configurationError, client, host]);

  // A merchant asking for Apple Pay the gateway does not offer learns why it is missing.
  const wantsApplePay = applePay !== undefined;
  useEffect(() => {
    if (!client || !wantsApplePay || client.configuration.gatewayConfiguration.applePayWeb) return;
    emit(host, 'errorOccurred', createError('APPLE_PAY_NOT_ENABLED'));
  }, [client, wantsApplePay, host]);

  // The element's API. Calls made before the views exist wait for them, and fail with the panel.
  const views = useRef<ViewsApi | null>(null);
  const waiting = useRef<{ resolve: (api: ViewsApi) => void; reject: (error: PanelError) => void }[]>([]);
  const failureRef = useRef(failure);
  useEffect(() => {
    failureRef.current = failure;
    if (failure) for (const { reject } of waiting.current.splice(0)) reject(failure);
  }, [failure]);
  const onViewsApi = useCallback((api: ViewsApi | null) => {
    views.current = api;
    if (api) for (const { resolve } of waiting.current.splice(0)) resolve(api);
  }, []);

  useEffect(() => {
    const api: PanelApi = {
      async requestPaymentMethod() {
        if (failureRef.current) throw failureRef.current;
        const ready =
          views.current ??
          (await new Promise<ViewsApi>((resolve, reject) => waiting.current.push({ resolve, reject })));
        return ready.requestPaymentMethod();
      },
      isPaymentMethodRequestable: () => views.current?.isPaymentMethodRequestable() ?? false,
      clearSelectedPaymentMethod: () => views.current?.clearSelectedPaymentMethod(),
      removeUnvaultedMethods: (type) => views.current?.removeUnvaultedMethods(type),
    };
    host[ATTACH_PANEL_API](api);
    return () => {
      host[ATTACH_PANEL_API](null);
    };
  }, [host]);

  return (
    <TextsContext.Provider value={texts}>
      <TeardownContext.Provider value={trackTeardown}>
        <div
          className="panel"
          part="panel"
          lang={languageTag(locale)}
          dir={isRightToLeft(locale) ? 'rtl' : 'ltr'}
          data-state={failure ? 'failed' : gateway.status}
        >
          {!failure && (gateway.status === 'loading' || !localeTexts) && (
            <div className="loading-indicator" part="loading-indicator" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{texts.text('loading')}</span>
            </div>
          )}
          <SheetError
            message={
              failure &&
              texts.text(
                failure.code === 'NO_VALID_PAYMENT_OPTIONS' ? 'noPaymentMethodAvailable' : 'genericError',
              )
            }
          />
          {client && available?.ok && localeTexts && (
            <PaymentViews
              key={authorization}
              host={host}
              client={client}
              options={options}
              paymentOptions={available.options}
              onApi={onViewsApi}
            />
          )}
        </div>
      </TeardownContext.Provider>
    </TextsContext.Provider>
  );
}
