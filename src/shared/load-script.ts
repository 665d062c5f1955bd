/**
 * Adds a classic script to the page, the one way the panel loads code: its own files on demand and
 * the third parties' scripts (Google's `pay.js`, Cardinal's Songbird).
 * @packageDocumentation
 */

/** How a script is loaded. */
export interface ScriptOptions {
  /** The sha384 the browser must find in the script; the script is then fetched with CORS. */
  integrity?: string | null;
  /** Milliseconds before the load counts as failed; none by default. */
  timeout?: number;
  /** Settles the load early (e.g. when the script has announced itself as it ran). */
  settled?: Promise<unknown>;
  /**
   * The error a failed load rejects with: `timedOut` when the time-out ran out, else the script did
   * not arrive or was refused.
   */
  failure: (timedOut: boolean) => Error;
}

/**
 * Appends a script to the document's head and resolves once it has run. Rejects with
 * `failure`'s error when it does not arrive, is refused (a 404, a network error, bytes that do
 * not match `integrity`), or has not run within `timeout`; a failed script is removed, so a new
 * load may try again.
 */
export function loadScript(
  url: string,
  { integrity, timeout, settled, failure }: ScriptOptions,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (failed?: 'error' | 'timeout'): void => {
      clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
      if (failed === undefined) {
        resolve();
        return;
      }
      script.remove();
      reject(failure(failed === 'timeout'));
    };
    if (timeout !== undefined) {
      timer = setTimeout(() => {
        finish('timeout');
      }, timeout);
    }
    void settled?.then(() => {
      finish();
    });
    script.onload = () => {
      finish();
    };
    script.onerror = () => {
      finish('error');
    };
    script.src = url;
    if (integrity) {
      script.integrity = integrity;
      // The browser checks the hash only on a CORS response.
      script.crossOrigin = 'anonymous';
    }
    script.async = true;
    document.head.append(script);
  });
}
