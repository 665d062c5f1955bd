/**
 * Counts, from before any script of the merchant page runs, what a panel could leave behind in its
 * window: listeners on the window and the document (by event type), pending timers and intervals,
 * message channels and broadcast channels not closed, and popups not closed. The heap comes from
 * the DevTools protocol after a forced garbage collection.
 * @packageDocumentation
 */
import type { Page } from '@playwright/test';

/** What is open in the merchant window at one moment. */
export interface OpenResources {
  /** Listeners on `window` and `document`, by event type. */
  listeners: Record<string, number>;
  /** Pending `setTimeout`s, with the delay each was set for. */
  timeouts: number[];
  /** Running `setInterval`s. */
  intervals: number;
  /** `MessageChannel`s with a port not closed, and `BroadcastChannel`s not closed. */
  channels: number;
  /** Windows opened with `window.open` and not closed. */
  popups: number;
  /** Frames anywhere in the document, open shadow roots included. */
  frames: number;
  /** `<payment-panel>` elements in the document. */
  panels: number;
}

/** Installs the counters in the merchant page (its top window only). */
export async function installLeakProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.top !== window) return;
    const listeners = new Map<string, Set<string>>();
    const ids = new WeakMap<object, number>();
    let nextId = 0;
    const idOf = (listener: unknown): number => {
      if (typeof listener !== 'object' && typeof listener !== 'function') return -1;
      if (listener === null) return -1;
      let id = ids.get(listener);
      if (id === undefined) ids.set(listener, (id = nextId += 1));
      return id;
    };
    const keyOf = (target: EventTarget, listener: unknown, options: unknown): string => {
      const capture =
        typeof options === 'boolean'
          ? options
          : (options as { capture?: boolean } | undefined)?.capture === true;
      return `${target === window ? 'window' : 'document'}:${String(idOf(listener))}:${String(capture)}`;
    };
    const proto = EventTarget.prototype;
    // The originals are called below with the receiver they were called on.
    /* eslint-disable @typescript-eslint/unbound-method */
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    const closePort = MessagePort.prototype.close;
    const closeBroadcast = BroadcastChannel.prototype.close;
    /* eslint-enable @typescript-eslint/unbound-method */
    proto.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      if ((this === window || this === document) && listener) {
        const once = typeof options === 'object' && options.once === true;
        const key = keyOf(this, listener, options);
        if (!once) {
          let set = listeners.get(type);
          if (!set) listeners.set(type, (set = new Set()));
          set.add(key);
        }
      }
      add.call(this, type, listener, options);
    };
    proto.removeEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) {
      if ((this === window || this === document) && listener) {
        listeners.get(type)?.delete(keyOf(this, listener, options));
      }
      remove.call(this, type, listener, options);
    };

    const timeouts = new Map<number, number>();
    const intervals = new Set<number>();
    const setTimeoutNative = window.setTimeout.bind(window);
    const clearTimeoutNative = window.clearTimeout.bind(window);
    const setIntervalNative = window.setInterval.bind(window);
    const clearIntervalNative = window.clearInterval.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      const id = setTimeoutNative(
        (...args: unknown[]) => {
          timeouts.delete(id);
          if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...args);
        },
        delay,
        ...rest,
      );
      timeouts.set(id, delay ?? 0);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) timeouts.delete(id);
      clearTimeoutNative(id);
    }) as typeof window.clearTimeout;
    window.setInterval = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      const id = setIntervalNative(handler, delay, ...rest);
      intervals.add(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      if (id !== undefined) intervals.delete(id);
      clearIntervalNative(id);
    }) as typeof window.clearInterval;

    const openPorts = new Set<MessagePort>();
    const openBroadcasts = new Set<BroadcastChannel>();
    const MessageChannelNative = window.MessageChannel;
    window.MessageChannel = class extends MessageChannelNative {
      constructor() {
        super();
        openPorts.add(this.port1);
        openPorts.add(this.port2);
      }
    };
    MessagePort.prototype.close = function (this: MessagePort) {
      openPorts.delete(this);
      closePort.call(this);
    };
    const BroadcastChannelNative = window.BroadcastChannel;
    window.BroadcastChannel = class extends BroadcastChannelNative {
      constructor(name: string) {
        super(name);
        openBroadcasts.add(this);
      }
    };
    BroadcastChannelNative.prototype.close = function (this: BroadcastChannel) {
      openBroadcasts.delete(this);
      closeBroadcast.call(this);
    };

    const popups = new Set<Window>();
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const opened = open(...args);
      if (opened) popups.add(opened);
      return opened;
    };

    const frames = (root: Document | ShadowRoot): number => {
      let count = 0;
      for (const element of root.querySelectorAll('*')) {
        if (element instanceof HTMLIFrameElement) count += 1;
        if (element.shadowRoot) count += frames(element.shadowRoot);
      }
      return count;
    };

    (window as unknown as { openResources: () => unknown }).openResources = () => ({
      listeners: Object.fromEntries(
        [...listeners].filter(([, set]) => set.size > 0).map(([type, set]) => [type, set.size]),
      ),
      timeouts: [...timeouts.values()],
      intervals: intervals.size,
      // A channel is open while one of its ports is: count ports in pairs, rounding up.
      channels: Math.ceil(openPorts.size / 2) + openBroadcasts.size,
      popups: [...popups].filter((popup) => !popup.closed).length,
      frames: frames(document),
      panels: document.querySelectorAll('payment-panel').length,
    });
  });
}

/** What is open in the merchant window now. */
export async function openResources(page: Page): Promise<OpenResources> {
  return page.evaluate(() => (window as unknown as { openResources: () => OpenResources }).openResources());
}

/** The JS heap in use after a forced garbage collection, in bytes. */
export async function heapAfterGc(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    // Twice: the first pass can leave garbage that finalizers free for the second.
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await session.detach();
  }
}
