/**
 * The bank's side of 3D Secure v1 (docs/protocol.md, "Version 1"), which the card issuer's access control
 * server (ACS) and the provider's term URL play in production:
 *
 * - `POST /sandbox/three_d_secure/acs`: the bank frame posts `PaReq`, `MD` and `TermUrl`; the
 *   "Sandbox bank" page shows the amount and the card, with an Authenticate and a Fail button
 *   (plain forms, no script) that post `PaRes` and `MD` to the `TermUrl`.
 * - `POST /sandbox/three_d_secure/term?session=…`: takes the bank's answer and sends the frame on
 *   (303) to the panel's authentication-complete page with `auth_response=<percent-encoded JSON>`.
 *
 * Both are control paths, so no fault hits them, but they log their form posts themselves: tests
 * read the `PaRes` the bank posted from the request log.
 * @packageDocumentation
 */
import { AUTH_RESPONSE_PARAM, THREE_D_SECURE_COMPLETE_PAGE } from '../src/shared/three-d-secure-messages';
import { creditCardPayload } from './card-details';
import { escapeHtml, type Reply } from './http';
import type { RequestLogEntry } from './request-log';
import type { Route, RouteContext } from './route';
import type { SandboxOptions } from './state';
import type { ThreeDSecureCardPayload } from './three-d-secure-lookup';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  bankAnswer,
  failureLiability,
  isChallenge,
  paresFor,
  readPares,
  SUCCESS_LIABILITY,
  type BankDecision,
  type ChallengeStatus,
  type LiabilityInfo,
  type ThreeDSecureSession,
} from './three-d-secure-sessions';

/** Path of the simulated bank's page (the `acsUrl`). */
export const ACS_PATH = '/sandbox/three_d_secure/acs';

/** Path of the term URL. */
export const TERM_PATH = '/sandbox/three_d_secure/term';

/** The one body format the bank frame and the bank's buttons post. */
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/** The `acsUrl` of an enrolled card's lookup. */
export function acsUrl(gatewayOrigin: string): string {
  return `${gatewayOrigin}${ACS_PATH}`;
}

/** The `termUrl` of a lookup session. */
export function termUrl(gatewayOrigin: string, sessionId: string): string {
  return `${gatewayOrigin}${TERM_PATH}?session=${encodeURIComponent(sessionId)}`;
}

/** The `auth_response` the term URL sends to the authentication-complete page. */
export type AuthResponse =
  | { success: true; paymentMethod: ThreeDSecureCardPayload; threeDSecureInfo: LiabilityInfo }
  | {
      success: false;
      error: { message: string };
      fieldErrors: [];
      threeDSecureInfo: LiabilityInfo;
    };

type Found<T> = { ok: true; value: T } | { ok: false; reply: Reply };

/** A session waiting for the bank, with its card's status (one that challenges). */
export interface PendingSession {
  session: ThreeDSecureSession;
  status: ChallengeStatus;
}

// The release flavour is served under a prefix (`/release/payment-panel/…`), hence the leading segments.
const COMPLETE_PAGE_PATH = new RegExp(
  `^(?:/[\\w.-]+)*/payment-panel/[\\w.+-]+/${THREE_D_SECURE_COMPLETE_PAGE.replace(/[.]/g, '\\.')}$`,
);

/**
 * The `authentication_complete_base_url`, when it is one: https, on the assets origin, without
 * user information, the panel's authentication-complete page, and ending with `?`, `&` or `#` so
 * that `auth_response=…` appended to it is a parameter of its own. Anything else would make the
 * term URL an open redirect carrying the shopper's nonce.
 */
export function readCompletePageUrl(raw: string | undefined, assetsOrigin: string): string | null {
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.origin !== assetsOrigin) return null;
  if (url.username !== '' || url.password !== '' || !COMPLETE_PAGE_PATH.test(url.pathname)) return null;
  // The parsed form, not the raw text: it is what was checked, and it cannot break the header.
  return /[?&#]$/.test(url.href) ? url.href : null;
}

/**
 * Where the term URL sends the frame: the base URL with `auth_response=` and the JSON, fully
 * percent-encoded (no raw `?`, `&`, `=` or `+`, `%20` for a space). The reference's page splits its
 * query on raw `&` and `=`, takes it from the last `?` and reads no `+` as a space;
 * only a fully encoded value reaches every such reader whole.
 */
export function completeRedirect(base: string, response: AuthResponse): string {
  return `${base}${AUTH_RESPONSE_PARAM}=${encodeURIComponent(JSON.stringify(response))}`;
}

/**
 * Headers of the bank's pages: no script, forms only to this gateway (the term URL) and, as
 * browsers check the redirect a form post answers, to the assets origin (the complete page).
 *
 * The page lives in the 400 × 400 frame the panel opens: the frame starts as the bank-frame page
 * on the assets origin and navigates itself here, so the embedding page is the merchant's, any
 * origin, and `frame-ancestors` checks every ancestor, not only the parent. The policy therefore
 * names the assets origin (for a bank frame that nests the bank) and lets every https page and a
 * merchant's loopback dev server embed it; it refuses plain-http pages elsewhere. No
 * `X-Frame-Options`, which would refuse the frame.
 */
function bankPageHeaders(options: SandboxOptions, forms: boolean): Record<string, string> {
  const formAction = forms ? `'self' ${options.assetsOrigin}` : "'none'";
  const ancestors = `${options.assetsOrigin} https: http://localhost:* http://127.0.0.1:*`;
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${formAction}; frame-ancestors ${ancestors}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

// Sized for the 400 × 400 frame.
const STYLE = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #1f2328; background: #eef2f6; }
  main { margin: 0.75rem; padding: 1rem; background: #fff; border-radius: 0.5rem; }
  h1 { font-size: 1.1rem; margin: 0 0 0.5rem; color: #0b3d91; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0.75rem 0; }
  dt { color: #57606a; }
  dd { margin: 0; font-weight: 600; }
  .hint { font-size: 0.8rem; color: #57606a; }
  .buttons { display: flex; gap: 0.5rem; margin-top: 1rem; }
  .buttons form { flex: 1; }
  button { width: 100%; padding: 0.6rem; font: inherit; font-weight: 600; border-radius: 0.4rem; cursor: pointer; }
  #approve { background: #0b3d91; border: 1px solid #0b3d91; color: #fff; }
  #fail { background: #fff; border: 1px solid #8c959f; color: #1f2328; }
`;

function page(options: SandboxOptions, status: number, content: string, forms = false): Reply {
  return {
    status,
    headers: bankPageHeaders(options, forms),
    text: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sandbox bank</h1>
${content}
</main>
</body>
</html>
`,
  };
}

function problem(options: SandboxOptions, status: number, message: string): Reply {
  return page(options, status, `<p id="problem">${escapeHtml(message)}</p>`);
}

/** What the page tells a tester about the test card in hand. */
const CARD_HINTS: Readonly<Record<ChallengeStatus, string>> = {
  authenticate_successful: 'This test card authenticates when you press Authenticate.',
  authenticate_failed: 'This test card fails authentication whichever button you press.',
  authenticate_signature_verification_failed:
    'With this test card the bank’s signature does not verify: authentication fails whichever button you press.',
  authenticate_unable_to_authenticate:
    'The bank is unable to authenticate this test card: no liability shift is possible.',
};

/** The bank's page for a session waiting for the shopper. */
export function bankPage(options: SandboxOptions, pending: PendingSession, term: string): Reply {
  const { session, status } = pending;
  const { card } = session;
  const button = (decision: BankDecision, label: string) => `<form method="post" action="${escapeHtml(term)}">
<input type="hidden" name="PaRes" value="${escapeHtml(paresFor(bankAnswer(status, decision), session.id))}">
<input type="hidden" name="MD" value="${escapeHtml(session.md)}">
<button type="submit" id="${decision}">${label}</button>
</form>`;
  const content = `<p>Confirm this purchase to verify your card.</p>
<dl>
<dt>Amount</dt>
<dd id="amount">${escapeHtml(session.amount)}</dd>
<dt>Card</dt>
<dd id="card">${escapeHtml(card.cardType)} •••• ${escapeHtml(card.number.slice(-4))}</dd>
</dl>
<p id="hint" class="hint">${escapeHtml(CARD_HINTS[status])}</p>
<div class="buttons">
${button('approve', 'Authenticate')}
${button('fail', 'Fail')}
</div>`;
  return page(options, 200, content, true);
}

/**
 * Logs a form post (its fields as the entry's `body`, name → value, the last value of a repeated
 * name winning, as the checkout does) and reads its fields; 415 for any other body.
 */
function formPost(context: RouteContext): { entry: RequestLogEntry; fields: Found<Record<string, string>> } {
  const { state, method, url, query, rawBody, headers } = context;
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const fields = type === FORM_CONTENT_TYPE ? Object.fromEntries(new URLSearchParams(rawBody)) : null;
  const origin = headers.origin;
  const entry = state.log.record({
    method,
    path: url.pathname,
    query,
    body: fields ?? (rawBody === '' ? null : rawBody),
    origin: typeof origin === 'string' && origin !== '' ? origin : null,
  });
  if (fields === null) {
    const reply = problem(state.options, 415, `The bank reads ${FORM_CONTENT_TYPE} form posts only.`);
    return { entry, fields: { ok: false, reply } };
  }
  return { entry, fields: { ok: true, value: fields } };
}

/** A session still waiting for the bank's answer, or the page that says why not. */
function pendingSession(
  options: SandboxOptions,
  session: ThreeDSecureSession | undefined,
): Found<PendingSession> {
  if (!session) {
    return { ok: false, reply: problem(options, 404, 'There is no 3D Secure lookup with this id.') };
  }
  const { status } = session;
  if (!isChallenge(status)) {
    return { ok: false, reply: problem(options, 409, 'This card needs no authentication.') };
  }
  if (session.answer) {
    return { ok: false, reply: problem(options, 409, 'This authentication has already been answered.') };
  }
  return { ok: true, value: { session, status } };
}

/** The bank's page for the bank frame's post, or the page that says why not. */
function answerAcs(context: RouteContext, fields: Record<string, string>): Reply {
  const { options } = context.state;
  const { PaReq: pareq, MD: md, TermUrl: term } = fields;
  if (!pareq || !md || !term) {
    return problem(options, 400, 'The bank needs the PaReq, MD and TermUrl fields.');
  }
  const found = pendingSession(options, context.state.threeDSecure.findByPareq(pareq));
  if (!found.ok) return found.reply;
  const { session } = found.value;
  if (md !== session.md) return problem(options, 400, 'The MD does not belong to this PaReq.');
  let target: URL | null = null;
  try {
    target = new URL(term);
  } catch {
    // Refused below.
  }
  // The buttons post to the TermUrl, so only this session's term URL on this gateway is taken.
  if (
    target?.origin !== options.gatewayOrigin ||
    target.pathname !== TERM_PATH ||
    target.searchParams.get('session') !== session.id
  ) {
    return problem(options, 400, 'The TermUrl is not the term URL of this lookup.');
  }
  return bankPage(options, found.value, target.href);
}

/** The card payload of a successful authentication, under a nonce minted for it. */
function authenticatedCard(context: RouteContext, session: ThreeDSecureSession): ThreeDSecureCardPayload {
  const { merchantId, customerId, vaultToken, card } = session;
  const minted = context.state.nonces.mint({ type: 'CreditCard', merchantId, customerId, vaultToken, card });
  return { ...creditCardPayload(card, minted.nonce), threeDSecureInfo: { ...SUCCESS_LIABILITY } };
}

/** The term URL's answer to the bank's post: the redirect to the complete page, or the page that says why not. */
function answerTerm(context: RouteContext, fields: Record<string, string>): Reply {
  const { state, query } = context;
  const { options } = state;
  const base = readCompletePageUrl(query.authentication_complete_base_url, options.assetsOrigin);
  if (base === null) {
    return problem(
      options,
      400,
      `The authentication_complete_base_url must be the panel's ${THREE_D_SECURE_COMPLETE_PAGE} on the assets origin, ending with ?, & or #.`,
    );
  }
  const found = pendingSession(
    options,
    query.session === undefined ? undefined : state.threeDSecure.get(query.session),
  );
  if (!found.ok) return found.reply;
  const { session: stored, status: cardStatus } = found.value;
  if (fields.MD !== stored.md) return problem(options, 400, 'The MD does not belong to this session.');
  const status = readPares(fields.PaRes, stored.id);
  if (status === null) return problem(options, 400, 'The PaRes was not made for this session.');

  // The card decides too: a PaRes claiming success for a card that fails authentication fails.
  const success = status === 'authenticate_successful' && cardStatus === 'authenticate_successful';
  const response: AuthResponse = success
    ? {
        success: true,
        paymentMethod: authenticatedCard(context, stored),
        threeDSecureInfo: { ...SUCCESS_LIABILITY },
      }
    : {
        success: false,
        error: { message: AUTHENTICATION_FAILED_MESSAGE },
        fieldErrors: [],
        threeDSecureInfo: failureLiability(cardStatus),
      };
  stored.answer = {
    status,
    success,
    nonce: response.success ? response.paymentMethod.nonce : null,
    answeredAt: new Date().toISOString(),
  };
  return { status: 303, headers: { location: completeRedirect(base, response) }, text: '' };
}

/** Runs a handler on a logged form post and records its status in the log. */
function logged(handler: (context: RouteContext, fields: Record<string, string>) => Reply): Route['handle'] {
  return (context) => {
    const { entry, fields } = formPost(context);
    const reply = fields.ok ? handler(context, fields.value) : fields.reply;
    entry.status = reply.status;
    return reply;
  };
}

/** `POST /sandbox/three_d_secure/acs` and `POST /sandbox/three_d_secure/term`. */
export const threeDSecureBankRoutes: readonly Route[] = [
  { method: 'POST', path: ACS_PATH, rawBody: true, handle: logged(answerAcs) },
  { method: 'POST', path: TERM_PATH, rawBody: true, handle: logged(answerTerm) },
];
