/**
 * One lifetime for every component (docs/architecture.md, "Lifetimes"): what a component made is
 * undone in one place when it ends, and an `AbortSignal` stops its requests and listeners with it.
 * Also the one settable promise of the code. The first script carries it and the files loaded on
 * demand read it from there (`CORE_EXPORTS` in build/modules.ts); the refusal of calls after the
 * end, which only those files need, is refuse-after-teardown.ts.
 * @packageDocumentation
 */

/** A promise and the functions that settle it. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
  readonly reject: (reason: Error) => void;
}

/**
 * A promise settled from outside. Its rejection counts as handled: nobody may be waiting yet, and
 * whoever asks later still gets it.
 */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** What a component made, undone once when it ends. */
export interface Lifetime {
  /**
   * Aborted when the lifetime ends, before any cleanup runs: a request or a listener given it stops
   * with the component, and `signal.aborted` tells whether the component has ended.
   */
  readonly signal: AbortSignal;
  /**
   * Registers a cleanup for the end. One registered after the end runs at once, as what it undoes
   * was made too late to be undone with the rest.
   */
  onEnd(cleanup: () => void): void;
  /**
   * Ends the lifetime, once: aborts {@link Lifetime.signal}, then runs the cleanups, the last
   * registered first (what was made last may depend on what was made before it), each one even when
   * one before it threw. Returns what they threw; a second call does nothing and returns nothing.
   */
  end(): unknown[];
}

/** A new lifetime. */
export function createLifetime(): Lifetime {
  const controller = new AbortController();
  const { signal } = controller;
  const cleanups: (() => void)[] = [];
  return {
    signal,
    onEnd(cleanup) {
      if (signal.aborted) cleanup();
      else cleanups.push(cleanup);
    },
    end() {
      const failures: unknown[] = [];
      if (signal.aborted) return failures;
      controller.abort();
      for (const cleanup of cleanups.splice(0).reverse()) {
        try {
          cleanup();
        } catch (error) {
          failures.push(error);
        }
      }
      return failures;
    },
  };
}
