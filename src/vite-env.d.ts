// The first script's entry imports this virtual module for its side effect (build/modules.ts).
declare module 'virtual:payment-panel/core-namespace';

// A stylesheet the build also publishes in the versioned folder (build/stylesheets.ts).
declare module '*.css?inline&published' {
  /** The stylesheet's text, as `?inline` gives it. */
  const css: string;
  export default css;
  /** The file the build wrote the same text to, inside the versioned folder, and its sha384. */
  export const stylesheet: import('./shared/stylesheets').PublishedStylesheet;
}
