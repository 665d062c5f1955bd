/**
 * What the panel needs of the browser that no fallback replaces (docs/browsers.md, "What each
 * capability gets"). Every supported browser has them; an older one that runs the first script
 * but lacks one gets `BROWSER_NOT_SUPPORTED` naming it rather than a panel that breaks halfway.
 * @packageDocumentation
 */

/**
 * Each as the path of a global: `Object.hasOwn` (the readers of every option and message),
 * `BroadcastChannel` (the card fields share the card between their frames through it).
 */
export const REQUIRED_CAPABILITIES = ['Object.hasOwn', 'BroadcastChannel'] as const;

/** The first capability of {@link REQUIRED_CAPABILITIES} that `scope` lacks, if any. */
export function missingCapability(scope: object = globalThis): string | undefined {
  return REQUIRED_CAPABILITIES.find(
    (path) =>
      path
        .split('.')
        .reduce<unknown>((found, key) => (found as Record<string, unknown> | undefined)?.[key], scope) ===
      undefined,
  );
}
