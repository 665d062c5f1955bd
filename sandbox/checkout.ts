/**
 * `POST /sandbox/checkout`: a stand-in for the merchant's server. A checkout page can post its form
 * here (a plain top-level form post, e.g. the `payment_method_nonce` and `device_data` inputs of
 * docs/forms.md) and see what arrived; tests read the same fields from the request log. A Venmo
 * nonce posted with a `customer_id` is saved to that customer, as a merchant's server vaults a Venmo
 * account the shopper approved (docs/sandbox.md, "Venmo in the sandbox").
 * @packageDocumentation
 */
import { errorReply, escapeHtml, htmlReply, SANDBOX_ICON_LINK, type Reply } from './http';
import type { StoredPaymentMethod } from './nonces';
import type { Route } from './route';
import type { Vault } from './vault';

/** Path of the form receiver. */
export const CHECKOUT_PATH = '/sandbox/checkout';

/** The one body format the receiver reads. */
export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The form field holding the nonce the page received. */
export const NONCE_FIELD = 'payment_method_nonce';

/** The form field naming the customer a Venmo nonce is saved to. */
export const CUSTOMER_FIELD = 'customer_id';

/**
 * Saves the Venmo account behind a known nonce to the customer the form names (of the nonce's
 * merchant), as the merchant's server does with `paymentMethod.create`; answers the line the page
 * shows, or `''` when nothing is saved. Other kinds of nonce are saved by the client API's own
 * vaulting, so the checkout leaves them.
 */
export function vaultPosted(
  fields: readonly [string, string][],
  known: StoredPaymentMethod | undefined,
  vault: Vault,
): string {
  const customerId = fields.findLast(([name]) => name === CUSTOMER_FIELD)?.[1] ?? '';
  if (customerId === '' || known?.type !== 'VenmoAccount') return '';
  const saved = vault.addVenmoAccount(vault.customer(known.merchantId, customerId), known.account, false);
  return `<p id="vaulted" data-token="${escapeHtml(saved.token)}">Saved the Venmo account to customer ${escapeHtml(customerId)} of ${escapeHtml(known.merchantId)}.</p>`;
}

/** The media type of a `Content-Type` header, lower-cased and without parameters. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function nonceCheck(nonce: string | null, known: StoredPaymentMethod | undefined): string {
  if (known) {
    return `<p id="nonce-check" data-known="yes" data-type="${escapeHtml(known.type)}">Known nonce: yes (${escapeHtml(known.type)})</p>`;
  }
  const reason = nonce === null ? ` (no ${NONCE_FIELD} was posted)` : '';
  return `<p id="nonce-check" data-known="no">Known nonce: no${reason}</p>`;
}

/**
 * The page answered to a form post: every field in posting order, and whether the nonce (the last
 * `payment_method_nonce`, as in the log) is one the sandbox minted, looked up with `findNonce`; with
 * a `vault`, a Venmo nonce posted with a `customer_id` is saved (see {@link vaultPosted}).
 */
export function checkoutPage(
  fields: readonly [string, string][],
  findNonce: (nonce: string) => StoredPaymentMethod | undefined,
  vault?: Vault,
): string {
  const nonce = fields.findLast(([name]) => name === NONCE_FIELD)?.[1] ?? null;
  const known = nonce === null ? undefined : findNonce(nonce);
  const vaulted = vault ? vaultPosted(fields, known, vault) : '';
  const list =
    fields.length === 0
      ? '<p>No fields were posted.</p>'
      : `<dl id="fields">\n${fields
          .map(([name, value]) => `  <dt>${escapeHtml(name)}</dt>\n  <dd>${escapeHtml(value)}</dd>`)
          .join('\n')}\n</dl>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
${SANDBOX_ICON_LINK}
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem; color: #1f2328; }
  dt { font-weight: 600; font-family: ui-monospace, monospace; }
  dd { margin: 0 0 0.75rem 1.5rem; font-family: ui-monospace, monospace; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
<h1>Sandbox checkout</h1>
<p>The sandbox gateway received this form post. A real merchant server would now send the nonce to the gateway with the amount.</p>
${nonceCheck(nonce, known)}${vaulted ? `\n${vaulted}` : ''}
${list}
</main>
</body>
</html>
`;
}

/**
 * `POST /sandbox/checkout`: reads an `application/x-www-form-urlencoded` body and answers a page
 * listing the fields (any other content type: 415). Every post is logged although the path is a
 * control path, with the fields as the entry's `body` (name → value; the last value of a repeated
 * name wins, as in the log's `query`), so tests read them through `GET /sandbox/requests`.
 */
export const checkoutRoute: Route = {
  method: 'POST',
  path: CHECKOUT_PATH,
  rawBody: true,
  handle({ state, method, url, query, rawBody, headers }): Reply {
    const isForm = mediaType(headers['content-type']) === FORM_CONTENT_TYPE;
    const fields = isForm ? [...new URLSearchParams(rawBody).entries()] : [];
    const origin = headers.origin;
    const entry = state.log.record({
      method,
      path: url.pathname,
      query,
      body: isForm ? Object.fromEntries(fields) : rawBody === '' ? null : rawBody,
      origin: typeof origin === 'string' && origin !== '' ? origin : null,
    });
    if (!isForm) {
      entry.status = 415;
      return {
        ...errorReply(415, `The checkout reads only ${FORM_CONTENT_TYPE} form posts.`),
        headers: { 'accept-post': FORM_CONTENT_TYPE },
      };
    }
    entry.status = 200;
    return htmlReply(
      200,
      checkoutPage(fields, (nonce) => state.nonces.get(nonce), state.vault),
    );
  },
};
