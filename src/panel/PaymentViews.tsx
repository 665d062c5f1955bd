/**
 * The panel's views once it is connected: saved methods, the payment option list and the sheets,
 * driven by the panel model (SPEC §4). The views start hidden behind the loading indicator and
 * appear, with `ready`, when every asynchronous dependency (card fields, saved methods, device
 * data) has finished.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { GatewayClient } from '../client';
import { createDataCollector } from '../methods/data-collector';
import { createThreeDSecure, type ThreeDSecure } from '../methods/three-d-secure';
import { fetchVaultedPaymentMethods } from '../methods/vault';
import {
  PanelModel,
  toMerchantPayload,
  type PaymentMethodType,
  type PaymentOption,
  type RawPaymentMethod,
} from '../model';
import { PANEL_VERSION } from '../shared/build-constants';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import { ApplePayButton } from './ApplePayButton';
import { CardSheet, type CardSheetHandle } from './CardSheet';
import { emit } from './events';
import { METHOD_TYPE_ANALYTICS } from './option-labels';
import type { PaymentMethodPayload } from './panel-api';
import type { PanelOptions } from './panel-options';
import { PaymentOptionList } from './PaymentOptionList';
import { PayPalButton } from './PayPalButton';
import { ThreeDSecureModal } from './ThreeDSecureModal';
import { SavedMethods } from './SavedMethods';
import { SheetError } from './SheetError';
import { useTrackTeardown } from './teardown-context';
import { useTexts } from './texts-context';
import { WalletSheet } from './WalletSheet';

/** What the views offer the panel's API. */
export interface ViewsApi {
  /** Waits until the views are ready, then hands over the active method (tokenizing a card if needed). */
  requestPaymentMethod(): Promise<PaymentMethodPayload>;
  isPaymentMethodRequestable(): boolean;
  /** Deselects the active method, drops methods not saved to the vault and shows the first view again. */
  clearSelectedPaymentMethod(): void;
  /** Drops the listed methods of a type that are not saved to the vault. */
  removeUnvaultedMethods(type: PaymentMethodType): void;
}

/** Properties of {@link PaymentViews}. */
export interface PaymentViewsProps {
  host: Element;
  client: GatewayClient;
  options: PanelOptions;
  /** The options on offer, in the merchant's order (already checked against SPEC §5). */
  paymentOptions: readonly PaymentOption[];
  /** Receives the views' API on mount, `null` on unmount. */
  onApi: (api: ViewsApi | null) => void;
}

/** A view: the saved methods, the option list, or an option's sheet. */
type ViewId = 'methods' | 'options' | PaymentOption;

/** The method types whose saved methods can be listed, given the options on offer. */
function enabledMethodTypes(options: readonly PaymentOption[]): PaymentMethodType[] {
  const types: PaymentMethodType[] = [];
  if (options.includes('card')) types.push('CreditCard');
  if (options.includes('paypal') || options.includes('paypalCredit')) types.push('PayPalAccount');
  if (options.includes('applePay')) types.push('ApplePayCard');
  return types;
}

/** A settable promise: calls made before the views are ready wait on it. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: PanelError) => void } {
  let resolve!: () => void;
  let reject!: (error: PanelError) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A panel nobody asks anything of must not report an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** The views. */
export function PaymentViews({ host, client, options, paymentOptions, onApi }: PaymentViewsProps) {
  const { text, errorText } = useTexts();
  const trackTeardown = useTrackTeardown();
  const [model] = useState(() => new PanelModel());
  const state = useSyncExternalStore(model.subscribe, model.getSnapshot);
  const [ready] = useState(deferred);
  const [isReady, setIsReady] = useState(false);
  // What the shopper must do after a request the panel could not answer ("choose a way to pay").
  const [notice, setNotice] = useState<string | null>(null);

  // Views that failed to load drop out of the list, as long as something else is left.
  const offered = useMemo(
    () => paymentOptions.filter((option) => !Object.hasOwn(state.failedViews, option)),
    [paymentOptions, state.failedViews],
  );
  const hasCard = paymentOptions.includes('card');

  const deviceData = useRef<string | undefined>(undefined);
  const cardHandle = useRef<CardSheetHandle | null>(null);
  const cardComplete = useRef(false);
  const focusView = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);

  // Latest values for callbacks that outlive a render.
  const latest = useRef({ offered, options });
  useLayoutEffect(() => {
    latest.current = { offered, options };
  });

  /** The view a shopper starts from: saved methods, the only option's sheet, or the option list. */
  const initialView = useCallback((): ViewId => {
    const { offered: now } = latest.current;
    if (model.getSnapshot().paymentMethods.length > 0) return 'methods';
    return now.length === 1 && now[0] ? now[0] : 'options';
  }, [model]);

  /** Shows a view and sets requestability to what the view can hand over. */
  const show = useCallback(
    (view: ViewId, { focus = false } = {}) => {
      model.changeActiveView(view);
      if (model.getSnapshot().error) model.clearError();
      focusView.current = focus;
      const active = model.getSnapshot().activePaymentMethod;
      if (view === 'card') {
        model.setPaymentMethodRequestable(
          cardComplete.current ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false },
        );
      } else if ((view === 'methods' || view === 'options') && active) {
        model.setPaymentMethodRequestable({
          isRequestable: true,
          type: active.type,
          selectedPaymentMethod: active,
        });
      } else {
        model.setPaymentMethodRequestable({ isRequestable: false });
      }
    },
    [model],
  );

  // The model's events, as the element's DOM events.
  useEffect(() => {
    const offs = [
      model.on('paymentMethodRequestable', (detail) => {
        emit(host, 'paymentMethodRequestable', detail);
      }),
      model.on('noPaymentMethodRequestable', () => {
        emit(host, 'noPaymentMethodRequestable', null);
      }),
      model.on('paymentOptionSelected', (detail) => {
        emit(host, 'paymentOptionSelected', detail);
      }),
      model.on('errorOccurred', (error) => {
        emit(host, 'errorOccurred', error);
      }),
      model.on('errorCleared', () => {
        emit(host, 'errorCleared', null);
      }),
    ];
    return () => {
      for (const off of offs) off();
      model.teardown();
    };
  }, [model, host]);

  // The loading phase: every dependency is counted before any can finish, then ready or failed.
  const dependencies = useRef<Map<string, 'pending' | 'done'> | null>(null);
  const finishDependency = useCallback(
    (name: string, error?: PanelError) => {
      const pending = dependencies.current;
      if (pending?.get(name) !== 'pending') return;
      pending.set(name, 'done');
      if (error) model.asyncDependencyFailed({ view: name, error });
      else model.asyncDependencyReady();
    },
    [model],
  );

  useEffect(() => {
    const names = [
      'vault',
      ...(options.dataCollector ? ['dataCollector'] : []),
      ...(hasCard ? ['card'] : []),
    ];
    dependencies.current = new Map(names.map((name) => [name, 'pending']));
    const off = model.on('asyncDependenciesReady', () => {
      off();
      const { failedViews } = model.getSnapshot();
      const { offered: now, options: current } = latest.current;
      if (now.length === 0) {
        const error = Object.values(failedViews)[0] ?? createError('NO_VALID_PAYMENT_OPTIONS');
        client.analytics.send('load-error');
        ready.reject(error);
        return;
      }
      const first = model.getSnapshot().paymentMethods[0];
      if (first && current.preselectVaultedPaymentMethod !== false) model.changeActivePaymentMethod(first);
      show(initialView());
      setIsReady(true);
      ready.resolve();
      client.analytics.send('appeared');
      emit(host, 'ready', { version: PANEL_VERSION });
    });
    names.forEach(() => {
      model.asyncDependencyStarting();
    });
    return off;
    // The loading phase runs once per client; later option changes do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, client]);

  // Saved payment methods (none for guests).
  const enabledTypes = useMemo(() => enabledMethodTypes(paymentOptions), [paymentOptions]);
  useEffect(() => {
    let current = true;
    void fetchVaultedPaymentMethods(client, { enabledTypes }).then((methods) => {
      if (!current) return;
      const added = model.getSnapshot().paymentMethods.filter((method) => !method.vaulted);
      model.setPaymentMethods([...methods, ...added]);
      finishDependency('vault');
    });
    return () => {
      current = false;
    };
  }, [client, enabledTypes, model, finishDependency]);

  // Device data, when the merchant asks for it.
  const dataCollectorKey = JSON.stringify(options.dataCollector ?? null);
  useEffect(() => {
    const wanted = options.dataCollector;
    if (!wanted) {
      deviceData.current = undefined;
      return;
    }
    let current = true;
    let collector: { teardown(): Promise<void> } | null = null;
    createDataCollector(client, wanted).then(
      (created) => {
        if (!current) {
          trackTeardown(created.teardown());
          return;
        }
        collector = created;
        deviceData.current = created.deviceData;
        finishDependency('dataCollector');
      },
      (reason: unknown) => {
        if (!current) return;
        const error = isPanelError(reason)
          ? reason
          : createError('INVALID_OPTION', { option: 'dataCollector' });
        finishDependency('dataCollector', error);
        emit(host, 'errorOccurred', error);
      },
    );
    return () => {
      current = false;
      deviceData.current = undefined;
      if (collector) trackTeardown(collector.teardown());
    };
    // The option object is compared by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, dataCollectorKey, host, finishDependency, trackTeardown]);

  // A view that is no longer on offer (the merchant changed the options) gives way to the first view.
  useEffect(() => {
    const view = state.activeView;
    if (!isReady || view === null || view === 'methods' || view === 'options') return;
    if (!offered.includes(view as PaymentOption)) show(initialView());
  }, [isReady, offered, state.activeView, show, initialView]);

  // After a shopper's switch, focus moves to the new view's heading; so it does when the view it
  // was in went (a wallet or a card handed over its method), before the browser drops it.
  useLayoutEffect(() => {
    const focused = (rootRef.current?.getRootNode() as ShadowRoot | undefined)?.activeElement;
    if (!focusView.current && focused?.checkVisibility() !== false) return;
    focusView.current = false;
    const heading = rootRef.current?.querySelector<HTMLElement>(
      `[data-view="${state.activeView ?? ''}"]:not([hidden]) h2, [data-view="${state.activeView ?? ''}"]:not([hidden]) .list-heading`,
    );
    heading?.focus();
  }, [state.activeView]);

  const onCardHandle = useCallback(
    (handle: CardSheetHandle | null) => {
      cardHandle.current = handle;
      if (handle) finishDependency('card');
    },
    [finishDependency],
  );

  const onCardError = useCallback(
    (error: PanelError) => {
      finishDependency('card', error);
      model.reportError(error);
    },
    [finishDependency, model],
  );

  const onCardRequestable = useCallback(
    (complete: boolean) => {
      cardComplete.current = complete;
      if (model.getSnapshot().activeView !== 'card') return;
      model.setPaymentMethodRequestable(
        complete ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false },
      );
    },
    [model],
  );

  const selectOption = useCallback(
    (option: PaymentOption) => {
      setNotice(null);
      model.selectPaymentOption(option);
      client.analytics.send(`selected.${option}`);
      show(option, { focus: true });
    },
    [model, client, show],
  );

  /** Lists a method the shopper just made (a card, a wallet's result), selected, and shows the list. */
  const addMethod = useCallback(
    (method: RawPaymentMethod) => {
      const listed = model.getSnapshot().paymentMethods;
      if (listed.includes(method)) {
        model.changeActivePaymentMethod(method);
      } else {
        // Guests keep only the method added last; a customer's saved methods stay.
        for (const other of listed) if (!other.vaulted) model.removePaymentMethod(other);
        model.addPaymentMethod(method);
      }
      show('methods');
    },
    [model, show],
  );

  const onWalletError = useCallback(
    (error: PanelError) => {
      model.reportError(error);
    },
    [model],
  );

  // A wallet that cannot start (e.g. PayPal without a linked sandbox account) tells the merchant
  // why; its sheet tells the shopper.
  const onWalletUnavailable = useCallback(
    (error: PanelError) => {
      emit(host, 'errorOccurred', error);
    },
    [host],
  );

  const selectMethod = useCallback(
    (method: RawPaymentMethod) => {
      setNotice(null);
      model.changeActivePaymentMethod(method);
    },
    [model],
  );

  // 3D Secure, when the merchant asks for it: created once per client; a refusal (a tokenization
  // key, 3D Secure off) reaches the merchant at once and fails every card request.
  const wantsThreeDSecure = options.threeDSecure !== undefined;
  const threeDSecureRef = useRef<ThreeDSecure | PanelError | null>(null);
  const bankFrame = useRef<HTMLDivElement>(null);
  const [verifying, setVerifying] = useState(false);
  useEffect(() => {
    if (!wantsThreeDSecure) return;
    let created: ThreeDSecure | PanelError;
    try {
      created = createThreeDSecure(client, { frameTitle: text('cardVerification') });
    } catch (error) {
      created = isPanelError(error) ? error : createError('THREEDS_NOT_ENABLED');
      emit(host, 'errorOccurred', created);
    }
    threeDSecureRef.current = created;
    const frameContainer = bankFrame.current;
    return () => {
      threeDSecureRef.current = null;
      if (!('code' in created)) created.teardown();
      frameContainer?.replaceChildren();
      setVerifying(false);
    };
    // The frame title is read once; the modal's own title follows the texts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, wantsThreeDSecure, host]);

  const cancelVerification = useCallback(() => {
    const threeDSecure = threeDSecureRef.current;
    if (threeDSecure && !('code' in threeDSecure))
      void threeDSecure.cancelVerifyCard().catch(() => undefined);
  }, []);

  // The API: one request at a time; concurrent calls share it.
  const inflight = useRef<Promise<PaymentMethodPayload> | null>(null);
  useEffect(() => {
    /** Verifies a card with 3D Secure when the merchant asks for it (PROTOCOL §12 step 3). */
    const verify = async (raw: RawPaymentMethod): Promise<void> => {
      try {
        await verifyCard(raw);
      } catch (error) {
        // The shopper learns the card was not verified; the merchant gets the rejection.
        if (isPanelError(error)) setNotice(errorText(error.code));
        throw error;
      }
    };

    const verifyCard = async (raw: RawPaymentMethod): Promise<void> => {
      const wanted = latest.current.options.threeDSecure;
      if (!wanted || raw.type !== 'CreditCard' || raw.liabilityShifted != null) return;
      const threeDSecure = threeDSecureRef.current;
      if (!threeDSecure) throw createError('THREEDS_NOT_ENABLED');
      if ('code' in threeDSecure) throw threeDSecure;
      const result = await threeDSecure.verifyCard({
        nonce: raw.nonce,
        amount: wanted.amount,
        addFrame: (error, iframe) => {
          if (error) throw error;
          bankFrame.current?.append(iframe);
          setVerifying(true);
        },
        removeFrame: () => {
          bankFrame.current?.replaceChildren();
          setVerifying(false);
        },
      });
      // The same object, listed in the model: a repeat request hands over the verified nonce.
      raw.nonce = result.nonce;
      raw.liabilityShifted = result.liabilityShifted;
      raw.liabilityShiftPossible = result.liabilityShiftPossible;
    };

    const produce = async (): Promise<RawPaymentMethod> => {
      const { activeView, activePaymentMethod } = model.getSnapshot();
      // A new request replaces what the last one told the shopper.
      setNotice(null);
      if (activeView === 'card' && cardHandle.current) {
        const raw = await cardHandle.current.request().catch((error: unknown) => {
          // The sheet shows the card's own errors; a gateway refusal (e.g. a 403) still tells the shopper.
          if (isPanelError(error) && error.code.startsWith('CLIENT_')) setNotice(errorText(error.code));
          throw error;
        });
        await verify(raw);
        addMethod(raw);
        return raw;
      }
      if ((activeView === 'methods' || activeView === 'options') && activePaymentMethod) {
        await verify(activePaymentMethod);
        return activePaymentMethod;
      }
      const error = createError('NO_PAYMENT_METHOD_AVAILABLE');
      setNotice(errorText(error.code));
      throw error;
    };
    const api: ViewsApi = {
      requestPaymentMethod() {
        inflight.current ??= (async () => {
          await ready.promise;
          try {
            const raw = await produce();
            client.analytics.send(`request-payment-method.${METHOD_TYPE_ANALYTICS[raw.type]}`);
            return toMerchantPayload(raw, { deviceData: deviceData.current });
          } catch (error) {
            client.analytics.send('request-payment-method.error');
            throw error;
          }
        })().finally(() => {
          inflight.current = null;
        });
        return inflight.current;
      },
      isPaymentMethodRequestable: () => model.getSnapshot().isPaymentMethodRequestable,
      clearSelectedPaymentMethod() {
        for (const method of model.getSnapshot().paymentMethods) {
          if (!method.vaulted) model.removePaymentMethod(method);
        }
        model.removeActivePaymentMethod();
        cardHandle.current?.clear();
        cardComplete.current = false;
        setNotice(null);
        if (model.getSnapshot().activeView !== null) show(initialView());
      },
      removeUnvaultedMethods(type) {
        for (const method of model.getSnapshot().paymentMethods) {
          if (method.type === type && !method.vaulted) model.removePaymentMethod(method);
        }
      },
    };
    onApi(api);
    return () => {
      onApi(null);
    };
  }, [model, client, ready, show, initialView, onApi, errorText, addMethod]);

  const view = state.activeView;
  const listed = state.paymentMethods;
  const inSheet = view !== null && view !== 'methods' && view !== 'options';
  const showToggle =
    (view === 'methods' && offered.length > 0) || (inSheet && (offered.length > 1 || listed.length > 0));

  return (
    <div className="views" ref={rootRef}>
      {!isReady && (
        <div className="loading-indicator" part="loading-indicator" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{text('loading')}</span>
        </div>
      )}
      <div className="wrapper" part="wrapper" hidden={!isReady} data-active-view={view ?? undefined}>
        <SheetError message={notice ?? (state.error && errorText(state.error.code))} />
        {(view === 'methods' || view === 'options') && listed.length > 0 && (
          <div data-view="methods">
            <SavedMethods methods={listed} active={state.activePaymentMethod} onSelect={selectMethod} />
          </div>
        )}
        {view === 'options' && (
          <div data-view="options">
            <PaymentOptionList
              options={offered}
              heading={text(listed.length > 0 ? 'otherWaysToPay' : 'chooseAWayToPay')}
              onSelect={selectOption}
            />
          </div>
        )}
        {hasCard && (
          <div data-view="card" hidden={view !== 'card'}>
            <CardSheet
              client={client}
              card={options.card}
              onRequestableChange={onCardRequestable}
              onHandle={onCardHandle}
              onError={onCardError}
            />
          </div>
        )}
        {offered.map(
          (option) =>
            option !== 'card' && (
              <div data-view={option} key={option} hidden={view !== option}>
                <WalletSheet option={option}>
                  {(option === 'paypal' || option === 'paypalCredit') && (
                    <PayPalButton
                      client={client}
                      credit={option === 'paypalCredit'}
                      options={options[option]}
                      onPaid={addMethod}
                      onError={onWalletError}
                      onUnavailable={onWalletUnavailable}
                    />
                  )}
                  {option === 'applePay' && (
                    <ApplePayButton
                      client={client}
                      options={options.applePay}
                      onPaid={addMethod}
                      onError={onWalletError}
                    />
                  )}
                </WalletSheet>
              </div>
            ),
        )}
        <ThreeDSecureModal open={verifying} frameContainer={bankFrame} onCancel={cancelVerification} />
        {showToggle && (
          <section className="other-ways" part="other-ways" aria-label={text('otherWaysToPay')}>
            <button
              type="button"
              className="toggle"
              part="toggle"
              onClick={() => {
                setNotice(null);
                show('options', { focus: true });
              }}
            >
              {text('chooseAnotherWayToPay')}
            </button>
          </section>
        )}
      </div>
    </div>
  );
}
