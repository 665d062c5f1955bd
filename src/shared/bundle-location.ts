/**
 * Where the first script came from. Its versioned folder on the assets origin holds everything it
 * loads later: the files loaded on demand, the locale files and the frame pages.
 * @packageDocumentation
 */

// The script's own element can only be read while its top level runs.
const script = typeof document === 'undefined' ? null : document.currentScript;

/**
 * The URL of the running first script (`…/payment-panel/<version>/payment-panel.min.js`). Empty
 * when it was not loaded by a script element of its own; the panel then stays in US English, takes
 * its frames from the gateway configuration's assets URL and cannot load the files it loads on
 * demand.
 */
export const BUNDLE_URL = script instanceof HTMLScriptElement ? script.src : '';

/** A file of the first script's versioned folder, by its path inside it; `null` without one. */
export function bundleFileUrl(path: string, bundleUrl: string = BUNDLE_URL): string | null {
  if (!bundleUrl) return null;
  try {
    return new URL(path, bundleUrl).href;
  } catch {
    return null;
  }
}
