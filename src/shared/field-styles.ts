/**
 * The hosted fields' `styles` option and its whitelist (docs/hosted-fields.md, "Options"). The
 * frames apply only what passes it; the standalone hosted fields' file filters a merchant's option
 * with it before sending, so the messages carry only what the frames keep. The panel's own look
 * (computed values the frames filter again) does not need it, so the first script carries none of it.
 * @packageDocumentation
 */

/** CSS properties the styles option may set inside the frames; values are filtered further. */
export const STYLE_PROPERTIES = [
  'appearance',
  'background-color',
  'color',
  'direction',
  'font',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-variant-alternates',
  'font-variant-caps',
  'font-variant-east-asian',
  'font-variant-ligatures',
  'font-variant-numeric',
  'font-weight',
  'letter-spacing',
  'line-height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'opacity',
  'outline',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'text-align',
  'text-shadow',
  'transition',
  '-moz-appearance',
  '-moz-osx-font-smoothing',
  '-moz-tap-highlight-color',
  '-moz-transition',
  '-webkit-appearance',
  '-webkit-font-smoothing',
  '-webkit-tap-highlight-color',
  '-webkit-transition',
] as const;

/** A CSS property the styles option may set inside the frames. */
export type StyleProperty = (typeof STYLE_PROPERTIES)[number];

/** Selectors the styles option may use: the input, its states, and the state classes. */
export const STYLE_SELECTOR_PATTERN =
  /^(input|:focus|::placeholder|:hover|\.(focused|valid|invalid)|input(\.(focused|valid|invalid)|:focus|::placeholder|:hover)?)$/;

/**
 * Whether a style value is safe: no url(), no expressions, no imports, nothing that could load or
 * run anything or escape its declaration.
 */
export function isSafeStyleValue(value: string): boolean {
  return value.length <= 200 && !/url\s*\(|expression\s*\(|javascript:|@import|[;{}<>\\]|\/\*/i.test(value);
}

/** The styles option: selector → property → value. */
export type FieldStyles = Record<string, Record<string, string>>;

/** Keeps only whitelisted selectors, properties and safe values. */
export function filterStyles(styles: unknown): FieldStyles {
  const safe: FieldStyles = {};
  if (typeof styles !== 'object' || styles === null) return safe;
  for (const [selector, declarations] of Object.entries(styles)) {
    if (!STYLE_SELECTOR_PATTERN.test(selector) || typeof declarations !== 'object' || declarations === null)
      continue;
    const kept: Record<string, string> = {};
    for (const [property, value] of Object.entries(declarations as Record<string, unknown>)) {
      const name = property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      if (
        (STYLE_PROPERTIES as readonly string[]).includes(name) &&
        typeof value === 'string' &&
        isSafeStyleValue(value)
      ) {
        kept[name] = value;
      }
    }
    if (Object.keys(kept).length > 0) safe[selector] = kept;
  }
  return safe;
}

/**
 * The merchant's styles laid over `look` (the panel's): each selector's whitelisted declarations
 * over the panel's; `null` removes the panel's style of the selector. What the merchant sets passes
 * {@link filterStyles} first, so nothing else reaches the frames.
 */
export function mergeStyles(
  look: FieldStyles,
  overrides: Readonly<Record<string, Readonly<Record<string, string>> | null>> | undefined,
): FieldStyles {
  const given = overrides ?? {};
  // Selectors the merchant sets to `null` lose the panel's style.
  const merged: FieldStyles = Object.fromEntries(
    Object.entries(look).filter(([selector]) => given[selector] !== null),
  );
  for (const [selector, declarations] of Object.entries(filterStyles(given))) {
    merged[selector] = { ...merged[selector], ...declarations };
  }
  return merged;
}
