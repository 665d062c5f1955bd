/**
 * Venmo in the sandbox (docs/sandbox.md, "Venmo in the sandbox"): the stand-ins for Venmo's pages, which
 * cannot be reached from the local setup. The three paths of `VENMO_STAND_IN_PATHS` (the app's link,
 * Venmo's web page, Venmo's web login) serve one page, titled for what it stands in for, opened with the
 * query the provider's SDK opens Venmo with (docs/sandbox.md, "Venmo in the sandbox").
 *
 * - With `x-success`, `x-cancel` and `x-error` (the app switch), the page's Approve mints a Venmo nonce
 *   and sends the shopper to `x-success` with `&paymentMethodNonce=…&username=%40venmojoe`, Cancel to
 *   `x-cancel`, Fail to `x-error` with `&errorMessage=…&errorCode=…`; with a `resource_id` too, each first
 *   sets the payment context's status (`APPROVED` with the nonce, `CANCELED`, `FAILED`).
 * - With a `resource_id` and no return URLs (or braintree-web's `NOOP`: a phone that scanned the desktop QR
 *   code, the desktop web login, a manual return), opening the page sets the context `SCANNED`; the
 *   buttons set its status and the page says it is done (the web login's closes itself).
 * - A query that does not fit, an unknown, expired or answered context: the page says so and nothing
 *   changes.
 *
 * The page's script (venmo-stand-in.js) posts the shopper's answer with the page's query to
 * `POST /sandbox/venmo/answer`, which reads the query again, and goes where that answers.
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { VENMO_STAND_IN_PATHS, type VenmoUrls } from '../../src/shared/flavours';
import { errorReply, escapeHtml, isRecord, jsonReply, SANDBOX_ICON_LINK, type Reply } from '../http';
import { findMerchant, listMerchants, type Merchant } from '../merchants';
import { SANDBOX_VENMO_ACCOUNT } from '../nonces';
import type { Route } from '../route';
import type { SandboxState } from '../state';
import { VENMO_TEST_VALUES } from '../test-values';
import type { VenmoContext } from '../venmo-contexts';

/** Where the pages' script is served. */
export const VENMO_SCRIPT_PATH = '/sandbox/venmo/stand-in.js';

/** Where the pages' script posts the shopper's answer. */
export const VENMO_ANSWER_PATH = '/sandbox/venmo/answer';

/** Which of Venmo's pages a stand-in page stands in for. */
export type VenmoPage = keyof VenmoUrls;

/** The titles of the pages. */
export const VENMO_PAGE_TITLES: Readonly<Record<VenmoPage, string>> = {
  app: 'Venmo sandbox – the Venmo app',
  mobileWeb: 'Venmo sandbox – Venmo on the web',
  webLogin: 'Venmo sandbox – log in to Venmo',
};

/** The return URLs of an app switch. */
export interface VenmoReturnUrls {
  success: string;
  cancel: string;
  error: string;
}

/** A Venmo page's query, read. */
export interface VenmoPageQuery {
  /** The payment context (`resource_id`, or the legacy `|pcid:` of the access token), if any. */
  resourceId: string | null;
  /** Where the shopper goes back to; `null` without return URLs (none, or braintree-web's `NOOP`). */
  returnUrls: VenmoReturnUrls | null;
  /** `braintree_merchant_id`: the merchant's Venmo id, or its profile id. */
  venmoMerchantId: string;
  /** `braintree_access_token` without a `|pcid:` part. */
  accessToken: string;
  /** The gateway merchants with this access token, in table order. */
  merchants: Merchant[];
  /** `braintree_sdk_data` decoded, or `null` when none was sent. */
  sdkData: Record<string, unknown> | null;
}

/** Why a page refuses its query, with the status it answers. */
export interface VenmoPageProblem {
  status: number;
  message: string;
}

/** The messages of the pages' refusals. */
export const VENMO_PAGE_MESSAGES = {
  repeated: 'Each parameter of the Venmo page may be given once.',
  merchantId: 'The Venmo page needs the merchant’s Venmo id (braintree_merchant_id).',
  accessToken: 'The Venmo page needs the merchant’s Venmo access token (braintree_access_token).',
  unknownToken: 'This access token is not the Venmo access token of a merchant of this sandbox.',
  environment: 'braintree_environment must be the environment of the access token.',
  pcid: 'The access token’s payment context (|pcid:) is not the resource_id.',
  sdkData: 'braintree_sdk_data must be base64 of a JSON object with a _meta object.',
  returnUrlsTogether: 'x-success, x-cancel and x-error come together.',
  returnUrlsWeb: 'x-success, x-cancel and x-error must be http or https URLs (or all NOOP).',
  androidRecreation: 'allowAndroidRecreation must be 0 or 1.',
  nothingToAnswer:
    'Without a payment context (resource_id) the Venmo page needs x-success, x-cancel and x-error to return to.',
  unknownContext: 'There is no Venmo payment context with this resource_id.',
  expired: 'This Venmo payment context has expired.',
  answered: (status: string) => `This Venmo payment context is already ${status}.`,
} as const;

/** braintree-web's return URL when Venmo must not switch back (a manual return). */
const NOOP = 'NOOP';

const ID_TEXT = /^[\w.$|:=+/-]{1,512}$/;

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function readSdkData(text: string): Record<string, unknown> | null {
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    return isRecord(value) && isRecord(value._meta) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads a Venmo page's query (`search`, with or without its `?`); a problem says why the page refuses it.
 * Checks only the query and the sandbox's merchants, not the payment context.
 */
export function readVenmoQuery(search: string): VenmoPageQuery | VenmoPageProblem {
  const params = new URLSearchParams(search);
  const refuse = (message: string): VenmoPageProblem => ({ status: 400, message });
  if (new Set(params.keys()).size !== [...params.keys()].length) return refuse(VENMO_PAGE_MESSAGES.repeated);
  const venmoMerchantId = params.get('braintree_merchant_id') ?? '';
  if (!ID_TEXT.test(venmoMerchantId)) return refuse(VENMO_PAGE_MESSAGES.merchantId);
  const rawToken = params.get('braintree_access_token') ?? '';
  if (!ID_TEXT.test(rawToken)) return refuse(VENMO_PAGE_MESSAGES.accessToken);
  const [accessToken = '', pcid, ...rest] = rawToken.split('|pcid:');
  if (rest.length > 0 || pcid === '') return refuse(VENMO_PAGE_MESSAGES.accessToken);
  const merchants = listMerchants().filter((merchant) => merchant.payWithVenmo?.accessToken === accessToken);
  const [first] = merchants;
  if (!first) return refuse(VENMO_PAGE_MESSAGES.unknownToken);
  if (params.get('braintree_environment') !== first.payWithVenmo?.environment) {
    return refuse(VENMO_PAGE_MESSAGES.environment);
  }
  const resourceParam = params.get('resource_id');
  if (resourceParam !== null && !ID_TEXT.test(resourceParam)) {
    return refuse(VENMO_PAGE_MESSAGES.unknownContext);
  }
  if (pcid !== undefined && resourceParam !== null && pcid !== resourceParam) {
    return refuse(VENMO_PAGE_MESSAGES.pcid);
  }
  const resourceId = resourceParam ?? pcid ?? null;
  const sdkText = params.get('braintree_sdk_data');
  const sdkData = sdkText === null ? null : readSdkData(sdkText);
  if (sdkText !== null && sdkData === null) return refuse(VENMO_PAGE_MESSAGES.sdkData);
  const recreation = params.get('allowAndroidRecreation');
  if (recreation !== null && recreation !== '0' && recreation !== '1') {
    return refuse(VENMO_PAGE_MESSAGES.androidRecreation);
  }
  const urls = ['x-success', 'x-cancel', 'x-error'].map((name) => params.get(name));
  const present = urls.filter((url) => url !== null);
  if (present.length !== 0 && present.length !== 3) return refuse(VENMO_PAGE_MESSAGES.returnUrlsTogether);
  let returnUrls: VenmoReturnUrls | null = null;
  const [success, cancel, error] = urls;
  if (success && cancel && error && !urls.every((url) => url === NOOP)) {
    if (!urls.every((url) => url !== null && isWebUrl(url))) {
      return refuse(VENMO_PAGE_MESSAGES.returnUrlsWeb);
    }
    returnUrls = { success, cancel, error };
  }
  if (resourceId === null && returnUrls === null) return refuse(VENMO_PAGE_MESSAGES.nothingToAnswer);
  return { resourceId, returnUrls, venmoMerchantId, accessToken, merchants, sdkData };
}

function isProblem(value: VenmoPageQuery | VenmoContext | VenmoPageProblem): value is VenmoPageProblem {
  return 'message' in value;
}

/** The waiting context a query names, or the problem that it is not; `null` when it names none. */
function waitingContext(state: SandboxState, query: VenmoPageQuery): VenmoContext | VenmoPageProblem | null {
  if (query.resourceId === null) return null;
  const context = state.venmo.get(query.resourceId);
  // A context is the merchant's whose access token the page was opened with.
  if (!context || !query.merchants.some((merchant) => merchant.merchantId === context.merchantId)) {
    return { status: 404, message: VENMO_PAGE_MESSAGES.unknownContext };
  }
  const status = state.venmo.status(context);
  if (status === 'EXPIRED') return { status: 410, message: VENMO_PAGE_MESSAGES.expired };
  if (!state.venmo.isWaiting(context)) return { status: 409, message: VENMO_PAGE_MESSAGES.answered(status) };
  return context;
}

/** A return URL with the answer's parameters added to its fragment (braintree-web's ends `#venmoSuccess=1`). */
export function returnLocation(url: string, parameters: readonly [string, string][]): string {
  const added = parameters.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
  return `${url}${url.includes('#') ? '&' : '#'}${added}`;
}

/** Headers of the pages: their own script and its calls only, never in a frame. */
export function venmoPageHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy':
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
  };
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #1f2328; background: #eef4fb; }
  main { max-width: 26rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; color: #0074de; }
  .amount { font-size: 1.5rem; font-weight: 600; }
  .buttons { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; padding: 0.75rem; font: inherit; font-weight: 600; border-radius: 2rem; cursor: pointer; }
  button:focus-visible { outline: 3px solid #1f2328; outline-offset: 2px; }
  button:disabled { opacity: 0.6; cursor: default; }
  #approve { background: #0074de; border: 1px solid #0074de; color: #fff; }
  #cancel, #fail { background: #fff; border: 1px solid #6c7378; color: #1f2328; }
  #problem { color: #b42318; font-weight: 600; }
`;

function page(status: number, title: string, content: string, script = false): Reply {
  return {
    status,
    headers: venmoPageHeaders(),
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
<h1>Venmo sandbox</h1>
${content}
</main>${script ? `\n<script src="${VENMO_SCRIPT_PATH}"></script>` : ''}
</body>
</html>
`,
  };
}

/** The page that refuses its query or context: it says why and offers nothing to press. */
export function venmoProblemPage(which: VenmoPage, problem: VenmoPageProblem): Reply {
  return page(
    problem.status,
    VENMO_PAGE_TITLES[which],
    `<p id="problem" role="alert">${escapeHtml(problem.message)}</p>`,
  );
}

/** What the page's script reads from the page (`#venmo-page`). */
export interface VenmoPageData {
  page: VenmoPage;
  /** Where the answer goes. */
  answerPath: string;
  /** The web login without return URLs closes itself once answered, as Venmo's popup does. */
  closes: boolean;
}

/** The page of a query that fits, for its context (`null` without one). */
export function venmoPage(
  which: VenmoPage,
  query: VenmoPageQuery,
  context: VenmoContext | null,
  merchant: Merchant | undefined,
): Reply {
  const payee = context?.displayName ?? merchant?.paypal.displayName ?? query.venmoMerchantId;
  const total = context?.transactionDetails?.totalAmount;
  const data: VenmoPageData = {
    page: which,
    answerPath: VENMO_ANSWER_PATH,
    closes: which === 'webLogin' && query.returnUrls === null,
  };
  // `<` escaped: the block must not end the script element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const content = `<p id="payee">Pay <strong>${escapeHtml(payee)}</strong></p>
${total ? `<p id="amount" class="amount">$${escapeHtml(total)}</p>\n` : ''}<p id="user">Signed in as @${escapeHtml(VENMO_TEST_VALUES.username)}</p>
<p id="problem" role="alert" hidden></p>
<div class="buttons">
<button type="button" id="approve" value="approve">Approve</button>
<button type="button" id="cancel" value="cancel">Cancel</button>
<button type="button" id="fail" value="fail">Fail</button>
</div>
<p id="status" role="status"></p>
<script type="application/json" id="venmo-page">${json}</script>`;
  return page(200, VENMO_PAGE_TITLES[which], content, true);
}

/** `GET` one of the three pages: a query that fits shows the buttons, and scans a context it alone answers. */
function pageRoute(which: VenmoPage): Route {
  return {
    method: 'GET',
    path: VENMO_STAND_IN_PATHS[which],
    handle({ state, url }) {
      const query = readVenmoQuery(url.search);
      if (isProblem(query)) return venmoProblemPage(which, query);
      const context = waitingContext(state, query);
      if (context !== null && isProblem(context)) return venmoProblemPage(which, context);
      // Without a way back, the shopper answers here, on the phone or in the popup: Venmo has the context open.
      if (context && query.returnUrls === null) state.venmo.scan(context);
      return venmoPage(which, query, context, findMerchant(context?.merchantId ?? '') ?? query.merchants[0]);
    },
  };
}

/** The shopper's answers, and what each does. */
const ACTIONS = ['approve', 'cancel', 'fail'] as const;

/** What `POST /sandbox/venmo/answer` answers: the context's new status, and where the page goes next. */
export interface VenmoAnswer {
  status: 'APPROVED' | 'CANCELED' | 'FAILED';
  /** The return URL with the answer, or `null` when the page stays and says it is done. */
  location: string | null;
  /** Approve's Venmo nonce. */
  paymentMethodNonce?: string;
}

/**
 * `POST /sandbox/venmo/answer` `{query, action}`: the page's query (read again, as the page's was) and
 * the button pressed. 400 for a body or query that does not fit, 404, 409 or 410 for a context that is
 * unknown, answered or expired; nothing changes then.
 */
const answerRoute: Route = {
  method: 'POST',
  path: VENMO_ANSWER_PATH,
  handle({ state, body }) {
    const action = isRecord(body) ? ACTIONS.find((candidate) => candidate === body.action) : undefined;
    if (!isRecord(body) || typeof body.query !== 'string' || !action) {
      return errorReply(
        400,
        'The body must be {"query": "<the page’s query>", "action": "approve" | "cancel" | "fail"}.',
      );
    }
    const query = readVenmoQuery(body.query);
    if (isProblem(query)) return errorReply(query.status, query.message);
    const context = waitingContext(state, query);
    if (context !== null && isProblem(context)) return errorReply(context.status, context.message);
    const returnUrls = query.returnUrls;
    let reply: VenmoAnswer;
    if (action === 'approve') {
      const merchantId = context?.merchantId ?? query.merchants[0]?.merchantId ?? '';
      const { nonce } = state.nonces.mint({
        type: 'VenmoAccount',
        merchantId,
        customerId: null,
        vaultToken: null,
        account: { ...SANDBOX_VENMO_ACCOUNT },
      });
      if (context) state.venmo.approve(context, nonce, SANDBOX_VENMO_ACCOUNT.username);
      reply = {
        status: 'APPROVED',
        paymentMethodNonce: nonce,
        location: returnUrls
          ? returnLocation(returnUrls.success, [
              ['paymentMethodNonce', nonce],
              ['username', `@${SANDBOX_VENMO_ACCOUNT.username}`],
            ])
          : null,
      };
    } else if (action === 'cancel') {
      if (context) state.venmo.end(context, 'CANCELED');
      reply = { status: 'CANCELED', location: returnUrls ? returnUrls.cancel : null };
    } else {
      if (context) state.venmo.end(context, 'FAILED');
      const { errorMessage, errorCode } = VENMO_TEST_VALUES.failure;
      reply = {
        status: 'FAILED',
        location: returnUrls
          ? returnLocation(returnUrls.error, [
              ['errorMessage', errorMessage],
              ['errorCode', errorCode],
            ])
          : null,
      };
    }
    return jsonReply(200, reply);
  },
};

/** The pages' script file. */
const SCRIPT_FILE = resolve(import.meta.dirname, 'venmo-stand-in.js');

/** `GET` the pages' script. */
const scriptRoute: Route = {
  method: 'GET',
  path: VENMO_SCRIPT_PATH,
  handle: () => ({
    status: 200,
    text: readFileSync(SCRIPT_FILE, 'utf8'),
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff' },
  }),
};

/** Venmo's routes: the three pages, their script and the answer their buttons post. */
export const venmoRoutes: readonly Route[] = [
  pageRoute('app'),
  pageRoute('mobileWeb'),
  pageRoute('webLogin'),
  scriptRoute,
  answerRoute,
];
