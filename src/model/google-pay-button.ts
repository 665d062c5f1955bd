/**
 * Google's button options, declared as the reader the Google Pay file checks them with. The first
 * script only checks that `googlePay.button` holds text (src/model/options.ts) and names this type
 * for it, so the values Google knows travel with Google Pay's file alone.
 * @packageDocumentation
 */
import { nonNegativeNumber, object, oneOf, optional, string, type Infer } from '../shared/strict-readers';

/** Reads {@link GooglePayButtonOptions}: the values Google's button knows. */
export const googlePayButtonOptions = object({
  /** `default`, `black` or `white`. */
  buttonColor: optional(oneOf(['default', 'black', 'white'])),
  /** What the button says; Google still takes its older `long` (as `buy`) and `short` (as `plain`). */
  buttonType: optional(
    oneOf(['book', 'buy', 'checkout', 'donate', 'order', 'pay', 'plain', 'subscribe', 'long', 'short']),
  ),
  /** `static` (Google's size) or `fill` (the button area's width). */
  buttonSizeMode: optional(oneOf(['static', 'fill'])),
  /** Corner radius in pixels. */
  buttonRadius: optional(nonNegativeNumber),
  /** The language of the button's text, e.g. `en` (the browser's when left out). */
  buttonLocale: optional(string()),
});

/** Google's button options (`ButtonOptions` of Google's Pay API), without its click handler. */
export type GooglePayButtonOptions = Infer<typeof googlePayButtonOptions>;
