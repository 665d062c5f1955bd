/**
 * The page side of docs/browsers.md, "Stylesheets": a shadow root of the element or the view adopts
 * its stylesheet, or links the published file beside the first script.
 * @packageDocumentation
 */
import { bundleFileUrl } from './bundle-location';
import { canAdoptStylesheets, stylesheetLink, type PublishedStylesheet } from './stylesheets';

/** Sheets made so far, by their text: every panel of the page shares one. */
const sheets = new Map<string, CSSStyleSheet>();

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
