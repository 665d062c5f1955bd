/**
 * The `venmo` option as Venmo's file reads it (docs/venmo.md, "Options"): the first script checks
 * only that it is `true` or an object; every key is checked here, so its readers stay out of the
 * file every page loads.
 * @packageDocumentation
 */
import { createError } from '../../shared/errors';
import {
  array,
  boolean,
  finiteNumber,
  INVALID,
  isObject,
  looseObject,
  nonEmptyString,
  oneOf,
  optional,
  refusal,
  refine,
  string,
  type Infer,
} from '../../shared/strict-readers';

/** An amount as a decimal string, e.g. `"10.00"`. */
const amount = optional(string());

/** The readers of the keys of the `venmo` option, by key; any other key is kept and ignored. */
const venmoOptionReader = looseObject({
  allowNewBrowserTab: optional(boolean),
  allowWebviews: optional(boolean),
  allowDesktop: optional(boolean),
  allowDesktopWebLogin: optional(boolean),
  mobileWebFallBack: optional(boolean),
  paymentMethodUsage: optional(oneOf(['single_use', 'multi_use'])),
  requireManualReturn: optional(boolean),
  useRedirectForIOS: optional(boolean),
  displayName: optional(string()),
  collectCustomerBillingAddress: optional(boolean),
  collectCustomerShippingAddress: optional(boolean),
  isFinalAmount: optional(boolean),
  lineItems: optional(
    array(
      looseObject({
        name: nonEmptyString,
        quantity: refine(
          finiteNumber,
          'a positive whole number',
          (value) => Number.isInteger(value) && value > 0,
        ),
        unitAmount: nonEmptyString,
        type: oneOf(['DEBIT', 'CREDIT']),
      }),
    ),
  ),
  subTotalAmount: amount,
  discountAmount: amount,
  shippingAmount: amount,
  taxAmount: amount,
  totalAmount: amount,
  ignoreHistoryChanges: optional(boolean),
});

/** The `venmo` option once read: its keys checked, the two the SDK checks with codes of their own apart. */
export type VenmoSettings = Infer<typeof venmoOptionReader> & {
  /** The Venmo profile paid, checked: a non-empty string. */
  profileId?: string;
  /** The return URL, checked: an absolute `https:` or `http:` URL. */
  deepLinkReturnUrl?: string;
};

/**
 * Reads the merchant's `venmo` option (`true` is `{}`).
 * @throws PanelError `VENMO_INVALID_PROFILE_ID` for a `profileId` that is not a non-empty string,
 *   `VENMO_INVALID_DEEP_LINK_RETURN_URL` for a `deepLinkReturnUrl` that is not an absolute `https:`
 *   or `http:` URL, `INVALID_OPTION` (`venmo`, the key in `details.reason`) for any other key whose
 *   value does not fit.
 */
export function readVenmoOptions(option: unknown): VenmoSettings {
  const given: Record<string, unknown> = isObject(option) ? option : {};
  const { profileId, deepLinkReturnUrl, ...rest } = given;
  const settings = venmoOptionReader(rest);
  if (settings === INVALID) {
    throw createError('INVALID_OPTION', { option: 'venmo' }, { reason: refusal(venmoOptionReader, rest) });
  }
  const read: VenmoSettings = { ...settings };
  if (profileId !== undefined) {
    if (typeof profileId !== 'string' || profileId === '') throw createError('VENMO_INVALID_PROFILE_ID');
    read.profileId = profileId;
  }
  if (deepLinkReturnUrl !== undefined) {
    if (!isReturnUrl(deepLinkReturnUrl)) throw createError('VENMO_INVALID_DEEP_LINK_RETURN_URL');
    read.deepLinkReturnUrl = deepLinkReturnUrl;
  }
  return read;
}

/** Whether a value is a URL Venmo can send the shopper back to: absolute, `https:` or `http:`. */
function isReturnUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
