/**
 * The field's look, applied through constructable stylesheets only: the frame runs under a CSP
 * without `unsafe-inline`, so no `style` attributes and no `<style>` elements.
 * @packageDocumentation
 */
import { filterStyles, type FieldStyles } from '../../src/shared/hosted-fields';

/** The default look: the input fills the frame; the label and message are for screen readers only. */
export const BASE_RULES = `html,body{margin:0;padding:0;height:100%;background:transparent}
input{box-sizing:border-box;display:block;width:100%;height:100%;margin:0;padding:0 2px;border:0;outline:0;background:transparent;color:#222;font:16px/1.2 system-ui,sans-serif}
input::placeholder{color:#767676}
input.invalid{color:#b3261e}
[dir=rtl] input{text-align:right}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}`;

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
  const safe: FieldStyles = filterStyles(styles);
  return Object.entries(safe)
    .map(([selector, declarations]) => {
      const target = /^[:.]/.test(selector) ? `input${selector}` : selector;
      const body = Object.entries(declarations)
        .filter(([property, value]) => property !== 'font-family' || FONT_FAMILY.test(value))
        .map(([property, value]) => `${property}:${value}`)
        .join(';');
      return `${target}{${body}}`;
    })
    .join('\n');
}

/** Replaces the document's stylesheets with the default look plus the merchant's filtered styles. */
export function applyStyles(doc: Document, styles: unknown = {}): void {
  // The frame's own constructor: a sheet may only be adopted by the document it was made for.
  const base = new CSSStyleSheet();
  base.replaceSync(BASE_RULES);
  const merchant = new CSSStyleSheet();
  merchant.replaceSync(merchantRules(styles));
  doc.adoptedStyleSheets = [base, merchant];
}
