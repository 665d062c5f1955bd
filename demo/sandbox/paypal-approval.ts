/**
 * The sandbox's approval page: the PayPal side of the flow, which PayPal's own pages play in
 * production. `GET /sandbox/paypal/approve?token=…&landing=…` shows the flow and the sandbox payer
 * with an Approve and a Cancel button (plain forms, no script); the buttons post to
 * `/sandbox/paypal/approve` and `/sandbox/paypal/cancel`, which answer 303 to the landing page on
 * the assets origin with the answer in the query (PROTOCOL §6.2 names what tokenize needs).
 * @packageDocumentation
 */
import { PAYPAL_LANDING_PAGE } from '../../src/shared/paypal-messages';
import { escapeHtml, type Reply } from './http';
import { SANDBOX_PAYER, type PayPalFlowRecord } from './paypal-flows';
import type { Route, RouteContext } from './route';
import type { PayPalAddress } from './wallet-details';

/** Path of the approval page (GET) and of its Approve button (POST). */
export const APPROVE_PATH = '/sandbox/paypal/approve';

/** Path of the approval page's Cancel button (POST). */
export const CANCEL_PATH = '/sandbox/paypal/cancel';

/** The one body format the buttons post. */
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The approval page's URL for a flow token (without `landing`, which the panel adds). */
export function approvalPageUrl(gatewayOrigin: string, token: string): string {
  return `${gatewayOrigin}${APPROVE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The landing URL, when it is one: an absolute URL on the assets origin, without user
 * information, whose path ends with the landing page's. Anything else would make the approval
 * page an open redirect carrying the shopper's tokens.
 */
export function readLandingUrl(raw: string | undefined, assetsOrigin: string): URL | null {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== assetsOrigin || url.username !== '' || url.password !== '') return null;
  return url.pathname.endsWith(`/${PAYPAL_LANDING_PAGE}`) ? url : null;
}

/**
 * The landing URL with the answer added to its query (its hash, the panel's channel, is kept):
 * `paymentToken`, `paymentId`, `PayerID` for an approved checkout; `billingToken`, `paymentToken`,
 * `PayerID` for an approved agreement; `cancelled=1` for a cancellation.
 */
export function landingRedirect(landing: URL, flow: PayPalFlowRecord): string {
  const url = new URL(landing.href);
  const answer: [string, string | null][] =
    flow.status === 'cancelled'
      ? [['cancelled', '1']]
      : flow.kind === 'checkout'
        ? [
            ['paymentToken', flow.ecToken],
            ['paymentId', flow.paymentId],
            ['PayerID', flow.payerId],
          ]
        : [
            ['billingToken', flow.token],
            ['paymentToken', flow.ecToken],
            ['PayerID', flow.payerId],
          ];
  for (const [name, value] of answer) if (value !== null) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Headers of the sandbox's PayPal pages: no script at all, forms only to this gateway (and, as
 * browsers check the redirect a form post answers, to the landing page's origin), and never in a
 * frame, so no page can lay its own buttons over Approve.
 */
function pageHeaders(landingOrigin: string | null): Record<string, string> {
  const formAction = landingOrigin ? `'self' ${landingOrigin}` : "'none'";
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
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

function page(status: number, title: string, content: string, landingOrigin: string | null = null): Reply {
  return {
    status,
    headers: pageHeaders(landingOrigin),
    text: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
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

/** The approval page of a created flow. */
export function approvalPage(flow: PayPalFlowRecord, landing: URL): Reply {
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
  const hidden = `<input type="hidden" name="token" value="${escapeHtml(flow.token)}">
<input type="hidden" name="landing" value="${escapeHtml(landing.href)}">`;
  const content = `<h1>PayPal sandbox</h1>
<p id="merchant">Pay <strong>${escapeHtml(flow.brandName)}</strong></p>
${what}${credit}${shipping}
<p id="payer">Signed in as ${escapeHtml(`${SANDBOX_PAYER.firstName} ${SANDBOX_PAYER.lastName}, ${SANDBOX_PAYER.email}`)}</p>
<div class="buttons">
<form method="post" action="${APPROVE_PATH}">
${hidden}
<button type="submit" id="approve">Approve</button>
</form>
<form method="post" action="${CANCEL_PATH}">
${hidden}
<button type="submit" id="cancel">Cancel</button>
</form>
</div>`;
  return page(200, `PayPal sandbox – ${flow.brandName}`, content, landing.origin);
}

type Found<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** The flow a request names with `token`, still waiting for an answer, and its landing URL; or the page that says why not. */
function pendingFlow(
  state: RouteContext['state'],
  fields: Record<string, string>,
): Found<{ flow: PayPalFlowRecord; landing: URL }> {
  const landing = readLandingUrl(fields.landing, state.options.assetsOrigin);
  if (!landing) {
    return {
      ok: false,
      reply: problem(400, `The landing URL must be the panel's ${PAYPAL_LANDING_PAGE} on the assets origin.`),
    };
  }
  const flow = fields.token === undefined ? undefined : state.paypal.get(fields.token);
  if (!flow) return { ok: false, reply: problem(404, 'There is no PayPal payment with this token.') };
  if (flow.status !== 'created') {
    return { ok: false, reply: problem(409, 'This PayPal payment has already been answered.') };
  }
  return { ok: true, value: { flow, landing } };
}

/** The fields of a button's form post. */
function formFields(context: RouteContext): Found<Record<string, string>> {
  const type = (context.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_CONTENT_TYPE) {
    return { ok: false, reply: problem(415, `The buttons post ${FORM_CONTENT_TYPE} forms only.`) };
  }
  return { ok: true, value: Object.fromEntries(new URLSearchParams(context.rawBody).entries()) };
}

/** Records the shopper's decision on a waiting flow and sends the popup on to the landing page. */
function answer(context: RouteContext, decide: (flow: PayPalFlowRecord) => void): Reply {
  const fields = formFields(context);
  if (!fields.ok) return fields.reply;
  const found = pendingFlow(context.state, fields.value);
  if (!found.ok) return found.reply;
  const { flow, landing } = found.value;
  decide(flow);
  return { status: 303, headers: { location: landingRedirect(landing, flow) }, text: '' };
}

/** `GET /sandbox/paypal/approve`, `POST /sandbox/paypal/approve`, `POST /sandbox/paypal/cancel`. */
export const paypalApprovalRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: APPROVE_PATH,
    handle({ state, query }) {
      const found = pendingFlow(state, query);
      return found.ok ? approvalPage(found.value.flow, found.value.landing) : found.reply;
    },
  },
  {
    method: 'POST',
    path: APPROVE_PATH,
    rawBody: true,
    handle: (context) =>
      answer(context, (flow) => {
        context.state.paypal.approve(flow);
      }),
  },
  {
    method: 'POST',
    path: CANCEL_PATH,
    rawBody: true,
    handle: (context) =>
      answer(context, (flow) => {
        context.state.paypal.cancel(flow);
      }),
  },
];
