/**
 * How the panel's shadow roots and frames get their look (docs/browsers.md, "Stylesheets"): a
 * constructable stylesheet adopted by the root where the browser has them; elsewhere the same
 * text, published by the build as a file of the versioned folder, through a `<link>` with its
 * sha384. Neither is an inline style, so the strict policy of docs/csp-and-sri.md holds either way.
 * The page's shadow roots use adopt-stylesheet.ts; the frames link their own.
 * @packageDocumentation
 */
/** A stylesheet the build published: its path inside the versioned folder and its sha384 (SRI). */
export interface PublishedStylesheet {
  file: string;
  integrity: string;
}

/** Whether a root can adopt constructable stylesheets (Safari before 16.4 cannot). */
export function canAdoptStylesheets(root: Document | ShadowRoot): boolean {
  return 'adoptedStyleSheets' in root;
}

/** A `<link>` to a published stylesheet, checked against its sha384. */
export function stylesheetLink(doc: Document, href: string, integrity: string): HTMLLinkElement {
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  // The assets host answers CORS for any origin; integrity checks of another origin's file need it.
  link.crossOrigin = 'anonymous';
  link.integrity = integrity;
  link.href = href;
  return link;
}
