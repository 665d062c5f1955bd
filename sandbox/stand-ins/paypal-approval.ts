/**
 * The sandbox's approval page: the PayPal side of the flow, which PayPal's own pages play in
 * production. `GET /sandbox/paypal/approve?token=EC-…` (a checkout) or `?ba_token=BA-…` (an
 * agreement), as the hermes endpoints answer it, with `useraction=commit` when the merchant asks
 * for it, shows the flow and the sandbox payer with an Approve and a Cancel button (plain forms, no
 * script); a checkout created with `offerPayLater: true` and eligible for Pay in 4 (`payIn4Eligible`)
 * also offers "Pay in 4" beside paying in full, and the payer's choice goes with Approve (`funding`).
 * The buttons post to `/sandbox/paypal/approve` and `/sandbox/paypal/cancel`, which answer
 * 303 to the `returnUrl` or `cancelUrl` the flow was created with, PayPal's parameters added:
 * `paymentId`, `token`, `PayerID` for an approved checkout; `ba_token`, `token` for an approved
 * agreement; `token` (and `ba_token`) for a cancellation. Any `https` URL is a page to return to, as
 * PayPal takes any merchant's page (create payment refuses the rest).
 *
 * PayPal's own checkout script (checkout.js, which the provider's SDK pairs with) creates payments
 * with placeholder URLs that nothing ever visits: the script drives the popup and hands its page the
 * answer in `onAuthorize` or `onCancel`. A flow with a placeholder goes instead to the sandbox's
 * answer page, `/sandbox/paypal/answer`, which shows that data and posts it to the window that
 * opened the popup, on the origin that created the payment only (docs/sandbox.md, "Testing with the
 * provider's SDK").
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import type { PayPalAddress } from '../../src/shared/paypal-messages';
import { escapeHtml, SANDBOX_ICON_LINK, type Reply } from '../http';
import { payIn4Eligible, payIn4Offer, SANDBOX_PAYER, type PayPalFlowRecord } from '../paypal-flows';
import type { Route, RouteContext } from '../route';

/** Path of the approval page (GET) and of its Approve button (POST). */
export const APPROVE_PATH = '/sandbox/paypal/approve';

/** Path of the approval page's Cancel button (POST). */
export const CANCEL_PATH = '/sandbox/paypal/cancel';

/** Path of the answer page of a flow created with PayPal's script placeholders (GET). */
export const ANSWER_PATH = '/sandbox/paypal/answer';

/** The value of Approve's `funding` field that chooses Pay in 4; any other (or none) pays in full. */
export const PAY_IN_4_FUNDING = 'payIn4';

/** The one body format the buttons post. */
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** A flow's page on this gateway, with PayPal's name for its token: `token` (EC) or `ba_token` (BA). */
function flowPage(path: string, flow: Pick<PayPalFlowRecord, 'kind' | 'token'>): string {
  const name = flow.kind === 'checkout' ? 'token' : 'ba_token';
  return `${path}?${name}=${encodeURIComponent(flow.token)}`;
}

/** The approval page's URL for a flow, with PayPal's name for its token: `token` (EC) or `ba_token` (BA). */
export function approvalPageUrl(
  gatewayOrigin: string,
  flow: Pick<PayPalFlowRecord, 'kind' | 'token'>,
): string {
  return `${gatewayOrigin}${flowPage(APPROVE_PATH, flow)}`;
}

/**
 * The return and cancel URLs of PayPal's own checkout script: braintree-web 3.7 to 3.42 send `x`,
 * later versions PayPal's error page. Create payment requires the URLs, but nothing ever visits
 * them: the script hands its page the answer instead.
 */
export const PAYPAL_SCRIPT_PLACEHOLDERS: readonly string[] = [
  'x',
  'https://www.paypal.com/checkoutnow/error',
];

/** Where an answer goes: PayPal's script (a placeholder) or a page the shopper is sent back to. */
export type ReturnTarget = { kind: 'script' } | { kind: 'page'; url: URL };

/**
 * What a return or cancel URL of create payment is: one of {@link PAYPAL_SCRIPT_PLACEHOLDERS}, any
 * absolute `https` URL, or `null` for anything else (PayPal refuses it).
 */
export function readReturnTarget(raw: string): ReturnTarget | null {
  if (PAYPAL_SCRIPT_PLACEHOLDERS.includes(raw)) return { kind: 'script' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return url.protocol === 'https:' && url.hostname !== '' ? { kind: 'page', url } : null;
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

/** PayPal's parameters of the flow's answer as a query, without its `?`. */
function answerQuery(flow: PayPalFlowRecord): string {
  return answerParameters(flow)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * The return (or cancel) URL with PayPal's parameters added to its query; what the URL holds
 * already, such as the panel's channel, is kept as it is.
 */
export function returnRedirect(target: URL, flow: PayPalFlowRecord): string {
  const url = new URL(target.href);
  const added = answerQuery(flow);
  url.search = url.search && url.search !== '?' ? `${url.search}&${added}` : `?${added}`;
  return url.href;
}

/** A URL of create payment with PayPal's parameters, as PayPal's script reports it; `x` becomes `x?…`. */
function reportedUrl(raw: string, flow: PayPalFlowRecord): string {
  try {
    return returnRedirect(new URL(raw), flow);
  } catch {
    return `${raw}?${answerQuery(flow)}`;
  }
}

/**
 * What the sandbox's answer page posts to the window that opened the popup: the data PayPal's
 * checkout script hands its page's `onAuthorize` (an approval) or `onCancel` (a cancellation),
 * named by `callback`. `source` tells it from other messages of the page.
 */
export interface PayPalScriptAnswer {
  source: 'paypal-sandbox';
  callback: 'onAuthorize' | 'onCancel';
  /**
   * As checkout.js reports it. `onAuthorize` of a checkout: `paymentToken` and `orderID` (the EC
   * token), `paymentID`, `payerID`, `intent`, `returnUrl`; of an agreement: `billingToken` (the BA
   * token), `paymentToken` (the EC token paired with it), `payerID`, `returnUrl`. `onCancel`:
   * `paymentToken` (and `billingToken`), `cancelUrl`. The URLs are the flow's with PayPal's
   * parameters added.
   */
  data: Record<string, string>;
}

/** The answer PayPal's script would hand its page for an answered flow. */
export function scriptAnswer(flow: PayPalFlowRecord): PayPalScriptAnswer {
  const tokens: Record<string, string> =
    flow.kind === 'checkout'
      ? { paymentToken: flow.token }
      : { billingToken: flow.token, paymentToken: flow.ecToken };
  if (flow.status === 'cancelled') {
    return {
      source: 'paypal-sandbox',
      callback: 'onCancel',
      data: { ...tokens, cancelUrl: reportedUrl(flow.cancelUrl, flow) },
    };
  }
  const approval: Record<string, string | null> =
    flow.kind === 'checkout'
      ? { orderID: flow.token, paymentID: flow.paymentId, payerID: flow.payerId, intent: flow.intent }
      : { payerID: flow.payerId };
  const data: Record<string, string> = { ...tokens };
  for (const [name, value] of Object.entries(approval)) if (value !== null) data[name] = value;
  data.returnUrl = reportedUrl(flow.returnUrl, flow);
  return { source: 'paypal-sandbox', callback: 'onAuthorize', data };
}

/**
 * The hand-over script of the answer page: it posts the answer to the window that opened the popup,
 * on the one origin the page names, and closes the popup as PayPal's script does. Fixed text, so
 * the page's policy allows it by its hash and nothing else.
 */
const HANDOVER_SCRIPT = `(function () {
  var origin = document.querySelector('main').getAttribute('data-opener-origin');
  if (!origin || !window.opener) return;
  window.opener.postMessage(JSON.parse(document.getElementById('answer').textContent), origin);
  window.close();
})();`;

const HANDOVER_SCRIPT_HASH = `'sha256-${createHash('sha256').update(HANDOVER_SCRIPT).digest('base64')}'`;

/**
 * Headers of the sandbox's PayPal pages: no script but the answer page's hand-over, no image but the
 * sandbox's icon, forms only to
 * this gateway (and, as browsers check the redirect a form post answers, to the origins of the
 * pages the flow returns to), and never in a frame, so no page can lay its own buttons over Approve.
 */
function pageHeaders(formOrigins: readonly string[] | null, script = false): Record<string, string> {
  const formAction = formOrigins ? ["'self'", ...formOrigins].join(' ') : "'none'";
  const scriptSource = script ? ` script-src ${HANDOVER_SCRIPT_HASH};` : '';
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none';${scriptSource} style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`,
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
  pre { white-space: pre-wrap; word-break: break-all; font-size: 0.8rem; }
  fieldset { border: 1px solid #d0d7de; border-radius: 0.5rem; margin: 1rem 0 0; }
  fieldset label { display: block; padding: 0.25rem 0; }
`;

function page(
  status: number,
  title: string,
  content: string,
  headers: Record<string, string> = pageHeaders(null),
  mainAttributes = '',
  script = '',
): Reply {
  return {
    status,
    headers,
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
<main${mainAttributes}>
${content}
</main>${script ? `\n<script>${script}</script>` : ''}
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

/**
 * The payer's choice between paying in full and Pay in 4, for a flow eligible for Pay in 4; the
 * radio buttons belong to the Approve form (`form="approve-form"`), so the choice goes with it.
 */
function payLaterChoice(flow: PayPalFlowRecord): string {
  if (!payIn4Eligible(flow)) return '';
  const plan = payIn4Offer(flow);
  const { value: payment, currency } = plan.monthlyPayment;
  const cents = (money: string): number => Math.round(Number(money) * 100);
  // The first payment carries the cents the division by the term leaves over.
  const first = ((cents(plan.totalCost.value) - cents(payment) * (plan.term - 1)) / 100).toFixed(2);
  const schedule =
    first === payment
      ? `${plan.term} interest-free payments of ${payment} ${currency}`
      : `${first} ${currency} today, then ${plan.term - 1} interest-free payments of ${payment} ${currency}`;
  return `
<fieldset id="pay-later">
<legend>Pay Later</legend>
<label><input type="radio" form="approve-form" name="funding" value="balance" id="pay-in-full" checked> Pay in full</label>
<label><input type="radio" form="approve-form" name="funding" value="${PAY_IN_4_FUNDING}" id="pay-in-4" data-term="${plan.term}" data-payment="${escapeHtml(payment)}"> Pay in 4: ${escapeHtml(schedule)}</label>
</fieldset>`;
}

/** Where a waiting flow sends the shopper back: its return and cancel targets. */
interface ReturnTargets {
  returnTarget: ReturnTarget;
  cancelTarget: ReturnTarget;
}

/**
 * The approval page of a created flow. With `commit` (PayPal's `useraction=commit`) the Approve
 * button reads "Pay Now", as PayPal's does when the shopper pays on its page.
 */
export function approvalPage(flow: PayPalFlowRecord, targets: ReturnTargets, commit = false): Reply {
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
${what}${credit}${payLaterChoice(flow)}${shipping}
<p id="payer">Signed in as ${escapeHtml(`${SANDBOX_PAYER.firstName} ${SANDBOX_PAYER.lastName}, ${SANDBOX_PAYER.email}`)}</p>
<div class="buttons">
<form method="post" action="${APPROVE_PATH}" id="approve-form">
${hidden}
<button type="submit" id="approve"${commit ? ' data-useraction="commit"' : ''}>${commit ? 'Pay Now' : 'Approve'}</button>
</form>
<form method="post" action="${CANCEL_PATH}">
${hidden}
<button type="submit" id="cancel">Cancel</button>
</form>
</div>`;
  const origins = new Set<string>();
  for (const target of [targets.returnTarget, targets.cancelTarget]) {
    if (target.kind === 'page') origins.add(target.url.origin);
  }
  return page(200, `PayPal sandbox – ${flow.brandName}`, content, pageHeaders([...origins]));
}

/**
 * The answer page of a flow whose answer goes to PayPal's script: the answer as JSON (`#answer`),
 * posted to the window that opened the popup when the flow knows the origin that created it.
 */
export function answerPage(flow: PayPalFlowRecord): Reply {
  const answer = scriptAnswer(flow);
  const approved = answer.callback === 'onAuthorize';
  const origin = flow.merchantOrigin;
  const callback = `<code>${answer.callback}</code>`;
  const handover = origin
    ? `Handed to ${escapeHtml(origin)} as PayPal’s script hands it to its page’s ${callback}; this window then closes.`
    : `The payment was created without an <code>Origin</code>: hand this to your page’s ${callback} yourself.`;
  const content = `<h1>PayPal sandbox</h1>
<p id="outcome">${approved ? 'Approved' : 'Cancelled'}</p>
<pre id="answer">${escapeHtml(JSON.stringify(answer, null, 2))}</pre>
<p id="handover">${handover}</p>`;
  return page(
    200,
    'PayPal sandbox',
    content,
    pageHeaders(null, true),
    origin ? ` data-opener-origin="${escapeHtml(origin)}"` : '',
    HANDOVER_SCRIPT,
  );
}

type Found<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/**
 * The flow a request names by its token, still waiting for an answer, with the targets of the
 * return and cancel URLs it was created with; or the page that says why not.
 */
function pendingFlow(
  state: RouteContext['state'],
  token: string | undefined,
): Found<{ flow: PayPalFlowRecord; targets: ReturnTargets }> {
  const flow = token === undefined ? undefined : state.paypal.get(token);
  if (!flow) return { ok: false, reply: problem(404, 'There is no PayPal payment with this token.') };
  if (flow.status !== 'created') {
    return { ok: false, reply: problem(409, 'This PayPal payment has already been answered.') };
  }
  // Create payment took only URLs PayPal takes; a flow is still data, so it is read, not trusted.
  const returnTarget = readReturnTarget(flow.returnUrl);
  const cancelTarget = readReturnTarget(flow.cancelUrl);
  if (!returnTarget || !cancelTarget) {
    return { ok: false, reply: problem(400, 'This PayPal payment has no URL to return to.') };
  }
  return { ok: true, value: { flow, targets: { returnTarget, cancelTarget } } };
}

/** The fields of a button's form post. */
function formFields(context: RouteContext): Found<Record<string, string>> {
  const type = (context.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_CONTENT_TYPE) {
    return { ok: false, reply: problem(415, `The buttons post ${FORM_CONTENT_TYPE} forms only.`) };
  }
  return { ok: true, value: Object.fromEntries(new URLSearchParams(context.rawBody).entries()) };
}

/**
 * Records the shopper's decision on a waiting flow and sends the popup on: to the return (or
 * cancel) page, or to the answer page when PayPal's script takes the answer.
 */
function answer(
  context: RouteContext,
  decision: 'approve' | 'cancel',
  decide: (flow: PayPalFlowRecord, fields: Record<string, string>) => void,
): Reply {
  const fields = formFields(context);
  if (!fields.ok) return fields.reply;
  const found = pendingFlow(context.state, fields.value.token);
  if (!found.ok) return found.reply;
  const { flow, targets } = found.value;
  decide(flow, fields.value);
  const target = decision === 'approve' ? targets.returnTarget : targets.cancelTarget;
  // The answer page's address is relative, so it is on whichever host name reached the gateway.
  const location = target.kind === 'page' ? returnRedirect(target.url, flow) : flowPage(ANSWER_PATH, flow);
  return { status: 303, headers: { location }, text: '' };
}

/**
 * `GET /sandbox/paypal/approve`, `POST /sandbox/paypal/approve`, `POST /sandbox/paypal/cancel` and
 * `GET /sandbox/paypal/answer`.
 */
export const paypalApprovalRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: APPROVE_PATH,
    handle({ state, query }) {
      const found = pendingFlow(state, query.ba_token ?? query.token);
      return found.ok
        ? approvalPage(found.value.flow, found.value.targets, query.useraction === 'commit')
        : found.reply;
    },
  },
  {
    method: 'POST',
    path: APPROVE_PATH,
    rawBody: true,
    handle: (context) =>
      answer(context, 'approve', (flow, fields) => {
        // Pay in 4 for a flow not offered it is no choice the page gave: the payer pays in full.
        context.state.paypal.approve(flow, fields.funding === PAY_IN_4_FUNDING);
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
  {
    method: 'GET',
    path: ANSWER_PATH,
    handle({ state, query }) {
      const token = query.ba_token ?? query.token;
      const flow = token === undefined ? undefined : state.paypal.get(token);
      if (!flow) return problem(404, 'There is no PayPal payment with this token.');
      if (flow.status === 'created') return problem(409, 'This PayPal payment has not been answered yet.');
      const url = flow.status === 'cancelled' ? flow.cancelUrl : flow.returnUrl;
      if (readReturnTarget(url)?.kind !== 'script') {
        return problem(404, 'This PayPal payment returns to its own page, not to PayPal’s script.');
      }
      return answerPage(flow);
    },
  },
];
