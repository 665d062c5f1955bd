/**
 * How the panel's shadow roots and frames get their look (docs/browsers.md, "Stylesheets"): a
 * constructable stylesheet adopted by the root where the browser has them; elsewhere the same
 * text, published by the build as a file of the versioned folder, through a `<link>` with its
 * sha384. Neither is an inline style, so the strict policy of docs/csp-and-sri.md holds either way.
 * @packageDocumentation
 */
import { bundleFileUrl } from './bundle-location';

/** A stylesheet the build published: its path inside the versioned folder and its sha384 (SRI). */
export interface PublishedStylesheet {
  file: string;
  integrity: string;
}

/** Sheets made so far, by their text: every panel of the page shares one. */
const sheets = new Map<string, CSSStyleSheet>();

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

/**
 * Styles a shadow root of the page with one of the first script's folder's stylesheets: adopts
 * `css`, or links the published file beside the first script. Without a script URL of its own
 * (`BUNDLE_URL`) the fallback has no file to link and the root stays unstyled. Returns the `<link>`
 * of the fallback, whose `load` tells when the look is there.
 */
export function adoptStylesheet(
  root: ShadowRoot,
  css: string,
  published: PublishedStylesheet,
): HTMLLinkElement | undefined {
  if (canAdoptStylesheets(root)) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    root.adoptedStyleSheets = [sheet];
    return undefined;
  }
  const href = bundleFileUrl(published.file);
  if (!href) return undefined;
  const link = stylesheetLink(root.ownerDocument, href, published.integrity);
  root.prepend(link);
  return link;
}
