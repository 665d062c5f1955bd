/**
 * The field's look (docs/browsers.md, "Stylesheets"): the frame page links its default stylesheet
 * (`hosted-fields-frame.css`, from its own origin), and the merchant's filtered styles follow the
 * default rules in that sheet, inserted through CSSOM. The frame runs under a CSP without
 * `unsafe-inline`, so no `style` attributes and no `<style>` elements; CSSOM is neither. Every
 * engine takes this one path, with or without constructable stylesheets.
 * @packageDocumentation
 */
import { filterStyles, type FieldStyles } from '../../src/shared/field-styles';

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

/** The merchant's rules of a frame's document, and how many of them its sheet holds. */
interface MerchantStyles {
  link: HTMLLinkElement;
  rules: string[];
  inserted: number;
}

const applied = new WeakMap<Document, MerchantStyles>();

/**
 * Replaces the merchant's rules after the default look of the page's linked stylesheet. The sheet
 * is normally there before the frame's script runs (a page's scripts wait for its stylesheets);
 * otherwise the rules go in once it has loaded.
 */
export function applyStyles(doc: Document, styles: unknown = {}): void {
  let state = applied.get(doc);
  if (!state) {
    const link = doc.querySelector<HTMLLinkElement>('link[rel=stylesheet]');
    if (!link) return;
    const created: MerchantStyles = { link, rules: [], inserted: 0 };
    link.addEventListener('load', () => {
      insertRules(created);
    });
    applied.set(doc, (state = created));
  }
  state.rules = merchantRuleList(styles);
  insertRules(state);
}

/** Replaces the merchant's rules in the linked sheet, once it has loaded. */
function insertRules(styles: MerchantStyles): void {
  const sheet = styles.link.sheet;
  if (!sheet) return;
  for (; styles.inserted > 0; styles.inserted--) sheet.deleteRule(sheet.cssRules.length - 1);
  for (const rule of styles.rules) {
    try {
      sheet.insertRule(rule, sheet.cssRules.length);
      styles.inserted++;
    } catch {
      // A rule this browser cannot parse is left out, as a stylesheet's parser leaves it out.
    }
  }
}
