/**
 * The sandbox's approval page: the PayPal side of the flow, which PayPal's own pages play in
 * production. `GET /sandbox/paypal/approve?token=EC-…` (a checkout) or `?ba_token=BA-…` (an
 * agreement), as the hermes endpoints answer it, with `useraction=commit` when the merchant asks
 * for it, shows the flow and the sandbox payer with an Approve and a Cancel button (plain forms, no
 * script). The buttons post to `/sandbox/paypal/approve` and `/sandbox/paypal/cancel`, which answer
 * 303 to the `returnUrl` or `cancelUrl` the flow was created with, PayPal's parameters added:
 * `paymentId`, `token`, `PayerID` for an approved checkout; `ba_token`, `token` for an approved
 * agreement; `token` (and `ba_token`) for a cancellation. The page knows nothing of the panel
 * beyond where it may send the shopper back: the panel's return and cancel pages on the assets
 * origin, and nowhere else.
 * @packageDocumentation
 */
import { PAYPAL_CANCEL_PAGE, PAYPAL_RETURN_PAGE, type PayPalAddress } from '../../src/shared/paypal-messages';
import { escapeHtml, SANDBOX_ICON_LINK, type Reply } from './http';
import { SANDBOX_PAYER, type PayPalFlowRecord } from './paypal-flows';
import type { Route, RouteContext } from './route';

/** Path of the approval page (GET) and of its Approve button (POST). */
export const APPROVE_PATH = '/sandbox/paypal/approve';

/** Path of the approval page's Cancel button (POST). */
export const CANCEL_PATH = '/sandbox/paypal/cancel';

/** The one body format the buttons post. */
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The approval page's URL for a flow, with PayPal's name for its token: `token` (EC) or `ba_token` (BA). */
export function approvalPageUrl(
  gatewayOrigin: string,
  flow: Pick<PayPalFlowRecord, 'kind' | 'token'>,
): string {
  const name = flow.kind === 'checkout' ? 'token' : 'ba_token';
  return `${gatewayOrigin}${APPROVE_PATH}?${name}=${encodeURIComponent(flow.token)}`;
}

/** Which of the panel's pages a URL must be: the return page (`returnUrl`) or the cancel page (`cancelUrl`). */
export type ReturnPage = 'return' | 'cancel';

const RETURN_PAGES: Record<ReturnPage, string> = { return: PAYPAL_RETURN_PAGE, cancel: PAYPAL_CANCEL_PAGE };

/**
 * A return or cancel URL, when it is one the sandbox may send the shopper to: an absolute URL on
 * the assets origin, without user information, whose path ends with the panel's return (or
 * cancel) page. Anything else would make the approval page an open redirect carrying the
 * shopper's tokens.
 */
export function readReturnUrl(raw: string, page: ReturnPage, assetsOrigin: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== assetsOrigin || url.username !== '' || url.password !== '') return null;
  return url.pathname.endsWith(`/${RETURN_PAGES[page]}`) ? url : null;
}

/** PayPal's parameters for the flow's answer, in the order PayPal adds them. */
function answerParameters(flow: PayPalFlowRecord): [string, string | null][] {
  if (flow.status === 'cancelled') {
    return flow.kind === 'checkout'
      ? [['token', flow.token]]
      : [
          ['ba_token', flow.token],
          ['token', flow.ecToken],
        ];
  }
  return flow.kind === 'checkout'
    ? [
        ['paymentId', flow.paymentId],
        ['token', flow.token],
        ['PayerID', flow.payerId],
      ]
    : [
        ['ba_token', flow.token],
        ['token', flow.ecToken],
      ];
}

/**
 * The return (or cancel) URL with PayPal's parameters added to its query; what the URL holds
 * already, such as the panel's channel, is kept as it is.
 */
export function returnRedirect(target: URL, flow: PayPalFlowRecord): string {
  const url = new URL(target.href);
  const added = answerParameters(flow)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  url.search = url.search && url.search !== '?' ? `${url.search}&${added}` : `?${added}`;
  return url.href;
}

/**
 * Headers of the sandbox's PayPal pages: no script at all, no image but the sandbox's icon, forms only to
 * this gateway (and, as browsers check the redirect a form post answers, to the return pages' origin), and
 * never in a frame, so no page can lay its own buttons over Approve.
 */
function pageHeaders(returnOrigin: string | null): Record<string, string> {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'none'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f5f7fa; }
  main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; color: #003087; }
  .amount { font-size: 1.5rem; font-weight: 600; }
  .buttons { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  .buttons form { flex: 1; }
  button { width: 100%; padding: 0.75rem; font: inherit; font-weight: 600; border-radius: 2rem; cursor: pointer; }
  #approve { background: #ffc439; border: none; color: #111; }
  #cancel { background: #fff; border: 1px solid #6c7378; color: #2c2e2f; }
`;

function page(status: number, title: string, content: string, returnOrigin: string | null = null): Reply {
  return {
    status,
    headers: pageHeaders(returnOrigin),
    text: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
${SANDBOX_ICON_LINK}
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`,
  };
}

function problem(status: number, message: string): Reply {
  return page(
    status,
    'PayPal sandbox',
    `<h1>PayPal sandbox</h1>\n<p id="problem">${escapeHtml(message)}</p>`,
  );
}

function addressLines(address: PayPalAddress): string {
  const { recipientName, line1, line2, city, state, postalCode, countryCode } = address;
  const place = [city, state, postalCode].filter(Boolean).join(' ');
  return [recipientName, line1, line2, place, countryCode]
    .filter((line): line is string => Boolean(line))
    .map(escapeHtml)
    .join('<br>');
}

/** Where a waiting flow sends the shopper back: its return and cancel URLs, both checked. */
interface ReturnUrls {
  returnUrl: URL;
  cancelUrl: URL;
}

/**
 * The approval page of a created flow. With `commit` (PayPal's `useraction=commit`) the Approve
 * button reads "Pay Now", as PayPal's does when the shopper pays on its page.
 */
export function approvalPage(flow: PayPalFlowRecord, urls: ReturnUrls, commit = false): Reply {
  const what =
    flow.kind === 'checkout'
      ? `<p id="amount" class="amount" data-amount="${escapeHtml(flow.amount ?? '')}" data-currency="${escapeHtml(flow.currency ?? '')}">${escapeHtml(`${flow.amount ?? ''} ${flow.currency ?? ''}`)}</p>`
      : `<p id="agreement" class="amount">Billing agreement</p>${
          flow.description ? `\n<p id="description">${escapeHtml(flow.description)}</p>` : ''
        }`;
  const credit = flow.offerPaypalCredit
    ? '\n<p id="credit">PayPal Credit: no interest if paid in full in 12 months.</p>'
    : '';
  const shipping = flow.shippingAddress
    ? `\n<p id="shipping">Ship to:<br>${addressLines(flow.shippingAddress)}</p>`
    : '';
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(flow.token)}">`;
  const content = `<h1>PayPal sandbox</h1>
<p id="merchant">Pay <strong>${escapeHtml(flow.brandName)}</strong></p>
${what}${credit}${shipping}
<p id="payer">Signed in as ${escapeHtml(`${SANDBOX_PAYER.firstName} ${SANDBOX_PAYER.lastName}, ${SANDBOX_PAYER.email}`)}</p>
<div class="buttons">
<form method="post" action="${APPROVE_PATH}">
${hidden}
<button type="submit" id="approve"${commit ? ' data-useraction="commit"' : ''}>${commit ? 'Pay Now' : 'Approve'}</button>
</form>
<form method="post" action="${CANCEL_PATH}">
${hidden}
<button type="submit" id="cancel">Cancel</button>
</form>
</div>`;
  // Both URLs are on the assets origin (checked), so one origin covers both redirects.
  return page(200, `PayPal sandbox – ${flow.brandName}`, content, urls.returnUrl.origin);
}

type Found<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/**
 * The flow a request names by its token, still waiting for an answer, with the return and cancel
 * URLs it was created with; or the page that says why not. A return or cancel URL that is not the
 * panel's page on the assets origin is refused with an error page, never followed.
 */
function pendingFlow(
  state: RouteContext['state'],
  token: string | undefined,
): Found<{ flow: PayPalFlowRecord; urls: ReturnUrls }> {
  const flow = token === undefined ? undefined : state.paypal.get(token);
  if (!flow) return { ok: false, reply: problem(404, 'There is no PayPal payment with this token.') };
  if (flow.status !== 'created') {
    return { ok: false, reply: problem(409, 'This PayPal payment has already been answered.') };
  }
  const { assetsOrigin } = state.options;
  const returnUrl = readReturnUrl(flow.returnUrl, 'return', assetsOrigin);
  if (!returnUrl) {
    return {
      ok: false,
      reply: problem(400, `The returnUrl must be the panel's ${PAYPAL_RETURN_PAGE} on the assets origin.`),
    };
  }
  const cancelUrl = readReturnUrl(flow.cancelUrl, 'cancel', assetsOrigin);
  if (!cancelUrl) {
    return {
      ok: false,
      reply: problem(400, `The cancelUrl must be the panel's ${PAYPAL_CANCEL_PAGE} on the assets origin.`),
    };
  }
  return { ok: true, value: { flow, urls: { returnUrl, cancelUrl } } };
}

/** The fields of a button's form post. */
function formFields(context: RouteContext): Found<Record<string, string>> {
  const type = (context.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_CONTENT_TYPE) {
    return { ok: false, reply: problem(415, `The buttons post ${FORM_CONTENT_TYPE} forms only.`) };
  }
  return { ok: true, value: Object.fromEntries(new URLSearchParams(context.rawBody).entries()) };
}

/** Records the shopper's decision on a waiting flow and sends the popup on to the return or cancel page. */
function answer(context: RouteContext, page: ReturnPage, decide: (flow: PayPalFlowRecord) => void): Reply {
  const fields = formFields(context);
  if (!fields.ok) return fields.reply;
  const found = pendingFlow(context.state, fields.value.token);
  if (!found.ok) return found.reply;
  const { flow, urls } = found.value;
  decide(flow);
  const target = page === 'return' ? urls.returnUrl : urls.cancelUrl;
  return { status: 303, headers: { location: returnRedirect(target, flow) }, text: '' };
}

/** `GET /sandbox/paypal/approve`, `POST /sandbox/paypal/approve`, `POST /sandbox/paypal/cancel`. */
export const paypalApprovalRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: APPROVE_PATH,
    handle({ state, query }) {
      const found = pendingFlow(state, query.ba_token ?? query.token);
      return found.ok
        ? approvalPage(found.value.flow, found.value.urls, query.useraction === 'commit')
        : found.reply;
    },
  },
  {
    method: 'POST',
    path: APPROVE_PATH,
    rawBody: true,
    handle: (context) =>
      answer(context, 'return', (flow) => {
        context.state.paypal.approve(flow);
      }),
  },
  {
    method: 'POST',
    path: CANCEL_PATH,
    rawBody: true,
    handle: (context) =>
      answer(context, 'cancel', (flow) => {
        context.state.paypal.cancel(flow);
      }),
  },
];
