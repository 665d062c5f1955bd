/**
 * Helpers for the hosted-fields unit tests: a fake client, fake frame windows, and a harness that
 * plays the frames' side of the channel as the real frames do: a field reports only changes of its
 * state, by the rule the frames follow ({@link fieldEventsOf}). Messages no real frame sends (forged
 * or malformed ones) go through {@link harness}'s `send`, by name. Not part of the bundle.
 * @packageDocumentation
 */
import { inject, vi, type Mock } from 'vitest';
import type { GatewayClient } from '../../client';
import { fakeClient as fakeGatewayClient } from '../../client/test-support';
import { PANEL_VERSION } from '../../shared/build-constants';
import { wrap } from '../../shared/frame-channel';
import type { PageToFrameMessage } from '../../shared/frame-messages';
import {
  fieldEventsOf,
  type CardCandidate,
  type FieldEventType,
  type FieldKey,
  type FieldState,
} from '../../shared/hosted-fields';
import { createHostedFields, type HostedFieldsOptions } from './standalone/create-hosted-fields';
import type { HostedFields } from './index';

const { assets, gateway } = inject('localOrigins');

/** The assets origin of the fake client. */
export const ASSETS_ORIGIN = assets;

/** A frame's window as the page sees it: only `postMessage`. */
export interface FakeFrameWindow {
  postMessage: Mock<(message: unknown, targetOrigin: string) => void>;
}

/** A client whose analytics events are recorded. */
export function fakeClient(): GatewayClient & { events: string[] } {
  return fakeGatewayClient({
    gatewayConfiguration: {
      assetsUrl: ASSETS_ORIGIN,
      clientApiUrl: `${gateway}/merchants/merchant/client_api`,
      creditCards: { supportedCardTypes: ['Visa', 'MasterCard'] },
    },
  });
}

/**
 * Gives every connected iframe a fake window (happy-dom loads no frame pages) and returns the
 * lookup from iframe to its window.
 */
export function stubFrameWindows(): (iframe: HTMLIFrameElement) => FakeFrameWindow {
  const windows = new WeakMap<HTMLIFrameElement, FakeFrameWindow>();
  const windowOf = (iframe: HTMLIFrameElement): FakeFrameWindow => {
    let found = windows.get(iframe);
    if (!found) windows.set(iframe, (found = { postMessage: vi.fn() }));
    return found;
  };
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    return this.isConnected ? (windowOf(this) as unknown as Window) : null;
  });
  // happy-dom tries to load each connected frame's page and reports on the console that it may not.
  type Hooks = Record<symbol, (this: HTMLIFrameElement) => void>;
  const frameHooks = HTMLIFrameElement.prototype as unknown as Hooks;
  const elementHooks = HTMLElement.prototype as unknown as Hooks;
  const connected = Object.getOwnPropertySymbols(frameHooks).find(
    (symbol) => symbol.description === 'connectedToDocument',
  );
  if (connected) {
    vi.spyOn(frameHooks, connected).mockImplementation(function (this: HTMLIFrameElement) {
      elementHooks[connected]?.call(this);
    });
  }
  return windowOf;
}

/** Overrides of a simulated message: sender origin, sender window, channel. */
export interface SendOverrides {
  origin?: string;
  source?: MessageEventSource | null;
  channel?: string;
}

/** Containers for every field key, each `<div id="<key>">`. */
export function addContainers(keys: readonly string[] = ['number', 'cvv', 'expirationDate']): void {
  document.body.innerHTML = keys.map((key) => `<div id="${key}"></div>`).join('');
}

/** One hosted-fields instance under test, with the frames' side of the channel. */
export function harness(options: Partial<HostedFieldsOptions> = {}) {
  const windowOf = stubFrameWindows();
  const client = fakeClient();
  const keys = Object.keys(options.fields ?? { number: {}, cvv: {}, expirationDate: {} }) as FieldKey[];
  const fields = options.fields ?? Object.fromEntries(keys.map((key) => [key, { container: `#${key}` }]));
  let settled: HostedFields | Error | undefined;
  const created = createHostedFields({ client, fields, ...options });
  created.then(
    (instance) => (settled = instance),
    (error: unknown) => (settled = error as Error),
  );

  const iframe = (key: FieldKey): HTMLIFrameElement => {
    const found = (options.root ?? document).querySelector<HTMLIFrameElement>(
      `iframe[name^="payment-panel-hosted-field-${key}-"]`,
    );
    if (!found) throw new Error(`no frame for ${key}`);
    return found;
  };
  const channel =
    new URLSearchParams(new URL(iframe(keys[0] as FieldKey).src).hash.slice(1)).get('channel') ?? '';

  /** Dispatches a message on the page as if `key`'s frame had sent it. */
  const send = (key: FieldKey, message: unknown, overrides: SendOverrides = {}): void => {
    const source =
      'source' in overrides ? overrides.source : (iframe(key).contentWindow as MessageEventSource);
    window.dispatchEvent(
      new MessageEvent('message', {
        data: wrap(overrides.channel ?? channel, message),
        origin: overrides.origin ?? ASSETS_ORIGIN,
        source,
      }),
    );
  };
  const ready = (key: FieldKey, version = PANEL_VERSION): void => {
    send(key, { type: 'frameReady', frame: 'hosted-fields', version, field: key });
  };

  // Each fake frame's state, as the real frame starts: empty, not valid, potentially valid.
  const states = new Map<FieldKey, FieldState>();
  let cards: CardCandidate[] = [];
  const stateOf = (key: FieldKey): FieldState =>
    states.get(key) ?? { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
  /** Sends one field event with the frame's state now (the number's with its candidates). */
  const emit = (key: FieldKey, event: FieldEventType): void => {
    send(key, {
      type: 'fieldEvent',
      event,
      field: key,
      state: stateOf(key),
      ...(key === 'number' ? { cards } : {}),
    });
  };

  return {
    client,
    created,
    channel,
    keys,
    iframe,
    windowOf,
    send,
    ready,
    /** Reports every frame ready and returns the instance. */
    readyAll: (): Promise<HostedFields> => {
      for (const key of keys) ready(key);
      return created;
    },
    /** What the instance is, or failed with, so far. */
    settled: () => settled,
    /** The raw posts to a field's frame window. */
    posts: (key: FieldKey) => windowOf(iframe(key)).postMessage.mock.calls,
    /** The messages posted to a field's frame, unwrapped. */
    messages: (key: FieldKey): PageToFrameMessage[] =>
      windowOf(iframe(key)).postMessage.mock.calls.map(
        ([data]) => (data as { message: PageToFrameMessage }).message,
      ),
    /**
     * The shopper changed a field's value so that its state became `patch` over what it was (and,
     * for the number, its brand candidates `numberCards`): the frame sends the events of what
     * changed, and nothing when nothing did. Returns the events sent.
     */
    change(key: FieldKey, patch: Partial<FieldState>, numberCards?: CardCandidate[]): FieldEventType[] {
      const previous = stateOf(key);
      states.set(key, { ...previous, ...patch });
      const cardsChanged =
        key === 'number' &&
        numberCards !== undefined &&
        JSON.stringify(numberCards) !== JSON.stringify(cards);
      if (cardsChanged) cards = numberCards;
      const events = fieldEventsOf(previous, stateOf(key), cardsChanged);
      for (const event of events) emit(key, event);
      return events;
    },
    /** The field's input gained or lost focus. */
    focus(key: FieldKey, isFocused: boolean): void {
      states.set(key, { ...stateOf(key), isFocused });
      emit(key, isFocused ? 'focus' : 'blur');
    },
  };
}

/** Lets pending promise callbacks run (also under fake timers). */
export async function flush(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
}
