/**
 * Helpers for the data collector's unit tests. Not part of the bundle.
 * @packageDocumentation
 */
import { vi } from 'vitest';

type Hooks = Record<symbol, (this: HTMLElement) => void>;

/**
 * Keeps happy-dom from loading the collectors' frames and scripts: it would report on the console
 * that it may not. Elements still connect, as any element does. Call it before each test (the
 * spies are restored after each).
 */
export function loadNothing(): void {
  const elementHooks = HTMLElement.prototype as unknown as Hooks;
  for (const prototype of [HTMLIFrameElement.prototype, HTMLScriptElement.prototype]) {
    const hooks = prototype as unknown as Hooks;
    const connected = Object.getOwnPropertySymbols(hooks).find(
      (symbol) => symbol.description === 'connectedToDocument',
    );
    if (!connected) continue;
    vi.spyOn(hooks, connected).mockImplementation(function (this: HTMLElement) {
      elementHooks[connected]?.call(this);
    });
  }
}
