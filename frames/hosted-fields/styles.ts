/**
 * The field's look, applied through constructable stylesheets, or where the browser has none
 * (Safari before 16.4) through the published stylesheet and CSSOM: the frame runs under a CSP
 * without `unsafe-inline`, so no `style` attributes and no `<style>` elements.
 * @packageDocumentation
 */
import { filterStyles, type FieldStyles } from '../../src/shared/field-styles';
import { canAdoptStylesheets, stylesheetLink } from '../../src/shared/stylesheets';
import css, { stylesheet } from './hosted-fields-frame.css?inline&published';

/** One family name: letters, digits, spaces, `_`, `-` (and `.` when quoted). */
const FAMILY = String.raw`(?:"[\p{L}\p{N} _.-]*"|'[\p{L}\p{N} _.-]*'|-?[\p{L}_][\p{L}\p{N} _-]*)`;

/**
 * A `font-family` value the frame accepts: a comma-separated list of family names and nothing
 * else, so no function (`url(`, `expression(`), no `;`, no braces, no escapes, no comments.
 */
export const FONT_FAMILY = new RegExp(String.raw`^${FAMILY}(?:, *${FAMILY})*$`, 'u');

/**
 * The CSS of the merchant's styles option, after the whitelist: state selectors (`:focus`,
 * `.valid`, …) apply to the input; a `font-family` must also be a plain list of families.
 */
export function merchantRules(styles: unknown): string {
  return merchantRuleList(styles).join('\n');
}

/** {@link merchantRules}, one rule per entry. */
function merchantRuleList(styles: unknown): string[] {
  const safe: FieldStyles = filterStyles(styles);
  return Object.entries(safe).map(([selector, declarations]) => {
    const target = /^[:.]/.test(selector) ? `input${selector}` : selector;
    const body = Object.entries(declarations)
      .filter(([property, value]) => property !== 'font-family' || FONT_FAMILY.test(value))
      .map(([property, value]) => `${property}:${value}`)
      .join(';');
    return `${target}{${body}}`;
  });
}

/** Replaces the document's stylesheets with the default look plus the merchant's filtered styles. */
export function applyStyles(doc: Document, styles: unknown = {}): void {
  if (!canAdoptStylesheets(doc)) {
    linkStyles(doc, merchantRuleList(styles));
    return;
  }
  // The frame's own constructor: a sheet may only be adopted by the document it was made for.
  const base = new CSSStyleSheet();
  base.replaceSync(css);
  const merchant = new CSSStyleSheet();
  merchant.replaceSync(merchantRules(styles));
  doc.adoptedStyleSheets = [base, merchant];
}

/** The published default look of a document without constructable stylesheets, and the merchant's rules in it. */
interface LinkedStyles {
  link: HTMLLinkElement;
  rules: string[];
  /** How many of the merchant's rules follow the default ones in the sheet. */
  inserted: number;
}

const linked = new WeakMap<Document, LinkedStyles>();

/**
 * Without constructable stylesheets: the default look is the published file (beside the frame's
 * script in the versioned folder) through a `<link>`, and the merchant's rules are inserted after
 * its own once it has loaded; CSSOM is not inline style, so `style-src 'self'` allows it.
 */
function linkStyles(doc: Document, rules: string[]): void {
  let styles = linked.get(doc);
  if (!styles) {
    const href = new URL(`../${stylesheet.file}`, doc.baseURI).href;
    const created: LinkedStyles = {
      link: stylesheetLink(doc, href, stylesheet.integrity),
      rules,
      inserted: 0,
    };
    created.link.addEventListener('load', () => {
      insertRules(created);
    });
    doc.head.append(created.link);
    linked.set(doc, (styles = created));
  }
  styles.rules = rules;
  insertRules(styles);
}

/** Replaces the merchant's rules in the linked sheet, once it has loaded. */
function insertRules(styles: LinkedStyles): void {
  const sheet = styles.link.sheet;
  if (!sheet) return;
  for (; styles.inserted > 0; styles.inserted--) sheet.deleteRule(sheet.cssRules.length - 1);
  for (const rule of styles.rules) {
    try {
      sheet.insertRule(rule, sheet.cssRules.length);
      styles.inserted++;
    } catch {
      // A rule this browser cannot parse is left out, as a constructable sheet leaves it out.
    }
  }
}
