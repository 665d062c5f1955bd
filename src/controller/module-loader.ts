/**
 * Loads the files of the first script's versioned folder that it needs only for some merchants (the
 * view, PayPal, Apple Pay, 3D Secure, the data collector): each as a classic script with its sha384
 * as `integrity` and `crossorigin="anonymous"`, so the browser refuses any other bytes and a strict
 * Content Security Policy naming the assets host allows it. A page loads each file once, however
 * many panels ask.
 * @packageDocumentation
 */
import { BUNDLE_URL } from '../shared/bundle-location';
import { MODULE_INTEGRITY, MODULE_SUFFIX } from '../shared/build-constants';
import { WALLET_SCRIPT_LOAD_TIMEOUT_MS } from '../shared/constants';
import { createError } from '../shared/errors';
import { loadScript } from '../shared/load-script';
import { definedModule, whenDefined, type ModuleName, type PanelModules } from '../shared/module-registry';

/** Loads a module's file, or resolves at once when it has run; see {@link loadModule}. */
export type ModuleLoader = <N extends ModuleName>(
  name: N,
  timeout?: number,
  integrity?: Readonly<Record<string, string>>,
) => Promise<PanelModules[N]>;

/** Where the script of a module is, and what the browser must find in it. */
export interface ModuleFile {
  url: string;
  integrity: string;
}

/** The file of a module beside the first script, or `null` when the first script has no URL of its own. */
export function moduleFile(
  name: ModuleName,
  bundleUrl: string = BUNDLE_URL,
  integrity: Readonly<Record<string, string>> = MODULE_INTEGRITY,
  suffix: string = MODULE_SUFFIX,
): ModuleFile | null {
  const hash = integrity[name];
  if (!bundleUrl || !hash) return null;
  try {
    return { url: new URL(`modules/${name}${suffix}.js`, bundleUrl).href, integrity: hash };
  } catch {
    return null;
  }
}

/** Loads in flight, by module name: a second panel waits for the same script. */
const loading = new Map<string, Promise<unknown>>();

/**
 * Loads a module's file (at most once at a time per page) and resolves with its exports. Rejects
 * with `MODULE_LOAD_FAILED` when the file does not arrive or is refused (404, network error,
 * integrity mismatch, a script that does not define the module) and `MODULE_LOAD_TIMEOUT` when it
 * has not run within the wallet script time-out; `details` name the module and the URL. A failed
 * load may be tried again. `integrity` holds the file's hash when the first script does not: the
 * panel's runtime gives its own for the files only it loads.
 */
export function loadModule<N extends ModuleName>(
  name: N,
  timeout: number = WALLET_SCRIPT_LOAD_TIMEOUT_MS,
  integrity?: Readonly<Record<string, string>>,
): Promise<PanelModules[N]> {
  const defined = definedModule(name);
  if (defined) return Promise.resolve(defined);
  const pending = loading.get(name);
  if (pending) return pending as Promise<PanelModules[N]>;
  const file = moduleFile(name, undefined, integrity);
  const loaded = file
    ? loadScript(file.url, {
        integrity: file.integrity,
        timeout,
        // The script defines its module as it runs, before its load event.
        settled: whenDefined(name),
        failure: (timedOut) =>
          timedOut
            ? createError(
                'MODULE_LOAD_TIMEOUT',
                { module: name, seconds: Math.round(timeout / 1000) },
                { module: name, url: file.url, timeout },
              )
            : createError('MODULE_LOAD_FAILED', { module: name }, { module: name, url: file.url }),
      }).then(() => {
        const exports = definedModule(name);
        if (exports) return exports;
        throw createError('MODULE_LOAD_FAILED', { module: name }, { module: name, url: file.url });
      })
    : Promise.reject(
        createError('MODULE_LOAD_FAILED', { module: name }, { module: name, reason: 'no-bundle-url' }),
      );
  loading.set(name, loaded);
  loaded.then(
    () => loading.delete(name),
    () => loading.delete(name),
  );
  return loaded;
}
