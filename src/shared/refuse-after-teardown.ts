/**
 * Calls refused after teardown (docs/architecture.md, "Lifetimes"): one wrapper makes every public
 * method of a component fail with `METHOD_CALLED_AFTER_TEARDOWN` once its lifetime has ended
 * (lifetime.ts). Not part of the first script: each file loaded on demand that hands out a component
 * carries it.
 * @packageDocumentation
 */
import { createError } from './errors';
import type { Lifetime } from './lifetime';

/** How {@link refuseAfterTeardown} refuses the calls of one component. */
export interface RefusalOptions<T> {
  /** Methods that return a promise: after the end they reject rather than throw. */
  promised?: readonly (keyof T)[];
  /** Methods that still run after the end (a `teardown()` that may be called again and does nothing). */
  exempt?: readonly (keyof T)[];
  /** Whether the error's `details` name the method too (`{method}`), beside its message. */
  detailed?: boolean;
  /**
   * Called with a refused call's method and arguments before it fails, to let go of what the caller
   * handed over for it (a popup opened in the shopper's click).
   */
  refused?: (method: string, args: unknown[]) => void;
}

/**
 * Makes every method of `instance` (each own property that is a function) refuse calls once
 * `lifetime` has ended (its `signal` is aborted): it throws `METHOD_CALLED_AFTER_TEARDOWN` naming the
 * method, or rejects with it when the method returns a promise. Changes `instance` itself, so what
 * holds it already sees the refusals, and returns it.
 * @param lifetime - a {@link Lifetime}, or anything whose `signal` is aborted at its end
 */
export function refuseAfterTeardown<T extends object>(
  instance: T,
  lifetime: Pick<Lifetime, 'signal'>,
  options: RefusalOptions<T> = {},
): T {
  const methods = instance as Record<string, unknown>;
  for (const [method, run] of Object.entries(methods)) {
    if (typeof run !== 'function' || options.exempt?.includes(method as keyof T)) continue;
    methods[method] = function (this: unknown, ...args: unknown[]): unknown {
      if (!lifetime.signal.aborted) return (run as (...given: unknown[]) => unknown).apply(this, args);
      options.refused?.(method, args);
      const error = createError(
        'METHOD_CALLED_AFTER_TEARDOWN',
        { method },
        options.detailed ? { method } : undefined,
      );
      if (options.promised?.includes(method as keyof T)) return Promise.reject(error);
      throw error;
    };
  }
  return instance;
}
