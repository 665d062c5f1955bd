/**
 * The panel's root in the element's shadow root. Until the gateway configuration is in, the
 * wrapper stays hidden behind a loading indicator; then it shows the card sheet.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { text } from '../i18n/en-US';
import type { PanelError } from '../shared/errors';
import { availablePaymentOptions, PanelModel, type ApplePayEnvironment } from '../model';
import { CardSheet, type CardOptions } from './CardSheet';
import { emit } from './events';
import { ATTACH_PANEL_API, type PanelApi, type PanelHost, type PaymentMethodPayload } from './panel-api';
import { useGatewayClient } from './use-gateway-client';

/** Properties r2wc passes to the panel. */
export interface PanelProps {
  /** Tokenization key or client token. */
  authorization?: string;
  /** The card sheet's options, parsed by the element. */
  card?: CardOptions;
  /** The shadow root r2wc renders into (typed HTMLElement by r2wc, really a ShadowRoot). */
  container?: HTMLElement | ShadowRoot;
}

type Request = () => Promise<PaymentMethodPayload>;

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
export function Panel({ authorization, card, container }: PanelProps) {
  const host = (container instanceof ShadowRoot ? container.host : container) as PanelHost | undefined;
  if (!host) throw new Error('The panel needs its host element.');
  const gateway = useGatewayClient(host, authorization);

  // The active view's request function; calls made before it exists wait for it.
  const request = useRef<Request | null>(null);
  const waiting = useRef<{ resolve: (request: Request) => void; reject: (error: Error) => void }[]>([]);
  // The model owns the requestable rule: events only when the flag or its type changes.
  const [model] = useState(() => new PanelModel());
  const failure = useRef<Error | null>(null);

  const onRequestReady = useCallback((next: Request | null) => {
    request.current = next;
    if (next) for (const { resolve } of waiting.current.splice(0)) resolve(next);
  }, []);

  // Calls waiting for a view fail with the panel when it fails.
  useEffect(() => {
    failure.current = gateway.status === 'failed' ? gateway.error : null;
    if (gateway.status === 'failed')
      for (const { reject } of waiting.current.splice(0)) reject(gateway.error);
  }, [gateway]);

  useEffect(() => {
    const offs = [
      model.on('paymentMethodRequestable', (detail) => {
        emit(host, 'paymentMethodRequestable', detail);
      }),
      model.on('noPaymentMethodRequestable', () => {
        emit(host, 'noPaymentMethodRequestable', null);
      }),
    ];
    return () => {
      for (const off of offs) off();
      model.teardown();
    };
  }, [model, host]);

  const onRequestableChange = useCallback(
    (now: boolean) => {
      model.setPaymentMethodRequestable(
        now ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false },
      );
    },
    [model],
  );

  const onSheetError = useCallback(
    (error: PanelError) => {
      emit(host, 'errorOccurred', error);
    },
    [host],
  );

  useEffect(() => {
    const api: PanelApi = {
      async requestPaymentMethod() {
        if (failure.current) throw failure.current;
        const ready =
          request.current ??
          (await new Promise<Request>((resolve, reject) => waiting.current.push({ resolve, reject })));
        return ready();
      },
      isPaymentMethodRequestable: () => model.getSnapshot().isPaymentMethodRequestable,
    };
    host[ATTACH_PANEL_API](api);
    return () => {
      host[ATTACH_PANEL_API](null);
    };
  }, [host, model]);

  const client = gateway.status === 'ready' ? gateway.client : null;
  // The specification's availability rules; the merchant options that widen them arrive with the other views.
  const options = client
    ? availablePaymentOptions({}, client.configuration.gatewayConfiguration, pageApplePayEnvironment())
    : null;
  const cardAvailable = options?.ok === true && options.options.includes('card');

  return (
    <div className="panel" part="panel" data-state={gateway.status}>
      {gateway.status === 'loading' && (
        <div className="loading-indicator" part="loading-indicator" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{text('loading')}</span>
        </div>
      )}
      {gateway.status === 'failed' && (
        <div className="sheet-error" part="sheet-error" role="alert">
          {text('genericError')}
        </div>
      )}
      <div className="wrapper" part="wrapper" hidden={gateway.status !== 'ready'}>
        {client && cardAvailable && (
          <CardSheet
            client={client}
            card={card}
            onRequestableChange={onRequestableChange}
            onRequestReady={onRequestReady}
            onError={onSheetError}
          />
        )}
        {client && !cardAvailable && <p className="no-payment-method">{text('noPaymentMethodAvailable')}</p>}
      </div>
    </div>
  );
}
