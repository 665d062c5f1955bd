/**
 * The files the first script loads on demand (docs/architecture.md, "Files loaded on demand"): the
 * React view and each integration a merchant may not use. Each is a script of its own that, when it
 * runs, hands its exports to {@link defineModule}; whoever loads it waits with {@link whenDefined}.
 *
 * Each module's entry augments {@link PanelModules} with what it exports, so loading is typed
 * without the first script importing a line of the module's code.
 * @packageDocumentation
 */

/**
 * What each file loaded on demand exports, by its name. Augmented by each module's entry
 * (`declare module '…/shared/module-registry' { interface PanelModules { … } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PanelModules {}

/** Name of a file loaded on demand. */
export type ModuleName = keyof PanelModules;

/** Every module name, in the order the build writes them. */
export const MODULE_NAMES = [
  'panel',
  'view',
  'paypal',
  'venmo',
  'apple-pay',
  'google-pay',
  'three-d-secure',
  'data-collector',
  'vault-manager',
  'hosted-fields',
] as const;

interface Entry {
  exports?: unknown;
  waiting: ((exports: unknown) => void)[];
}

const registry = new Map<string, Entry>();

function entry(name: string): Entry {
  let found = registry.get(name);
  if (!found) registry.set(name, (found = { waiting: [] }));
  return found;
}

/**
 * Called by a module's file when it runs: its exports become available to every panel of the page.
 * A second definition (the file ran twice) is ignored: the first one's exports stay.
 */
export function defineModule<N extends ModuleName>(name: N, exports: PanelModules[N]): void {
  const found = entry(name);
  if ('exports' in found) return;
  found.exports = exports;
  for (const resolve of found.waiting.splice(0)) resolve(exports);
}

/** A module's exports when its file has run, else `undefined`. */
export function definedModule<N extends ModuleName>(name: N): PanelModules[N] | undefined {
  return registry.get(name)?.exports as PanelModules[N] | undefined;
}

/** Resolves with a module's exports once its file has run (at once when it has). */
export function whenDefined<N extends ModuleName>(name: N): Promise<PanelModules[N]> {
  const found = entry(name);
  if ('exports' in found) return Promise.resolve(found.exports as PanelModules[N]);
  return new Promise((resolve) => {
    found.waiting.push(resolve as (exports: unknown) => void);
  });
}

/** Forgets every definition (for tests). */
export function clearModuleRegistry(): void {
  registry.clear();
}

/**
 * Name of the global through which files loaded on demand reach the first script's code: one per
 * version, so two versions on a page never mix.
 */
export function coreGlobalName(version: string): string {
  return `__paymentPanel_${version.replace(/\W/g, '_')}`;
}
