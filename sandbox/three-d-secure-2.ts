/**
 * 3D Secure 2 in the sandbox (docs/three-d-secure.md, "In the sandbox"): the lookup's version 2 body and
 * answer, the issuer's challenge page (the `acsUrl`), and `authenticate_from_jwt`. The outcome comes from
 * the test card (see `THREE_D_SECURE_2_CARD_NUMBERS`), and for a challenge from the shopper's answer on the
 * issuer's page too.
 *
 * - the lookup with `clientMetadata.requestedThreeDSecureVersion: '2'`: 422 without the browser
 *   fields or a `dfReferenceId` of one of the merchant's Songbird sessions, or with a BIN that is
 *   not the card's; else the answer, `lookup.acsUrl` set when the issuer challenges.
 * - `GET /sandbox/three_d_secure/v2/challenge?creq=…&parentOrigin=…`: the "Sandbox issuer" page
 *   (password, Submit, Fail, Cancel), a form posting to itself; its last page hands Songbird's
 *   verdict and the JWT the sandbox signed to the merchant's page.
 * - `POST …/payment_methods/:nonce/three_d_secure/authenticate_from_jwt {jwt, paymentMethodNonce}`.
 * @packageDocumentation
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { creditCardPayload, type CardRecord, type CreditCardPayload } from './card-details';
import {
  CHALLENGE_COMPLETE_MESSAGE,
  CHALLENGE_COMPLETE_SCRIPT_PATH,
  type CardinalSandbox,
} from './stand-ins/cardinal';
import { errorReply, escapeHtml, isRecord, jsonReply, type Reply } from './http';
import type { Merchant } from './merchants';
import type { StoredCreditCard } from './nonces';
import { clientApiRoute, type Route, type RouteContext } from './route';
import type { SandboxOptions, SandboxState } from './state';
import { THREE_D_SECURE_2_CARD_NUMBERS, THREE_D_SECURE_2_PASSWORD } from './test-values';

/** What the issuer does with a test card. */
export type Issuer2Kind = keyof typeof THREE_D_SECURE_2_CARD_NUMBERS | 'not_enrolled';

const KIND_BY_NUMBER: ReadonlyMap<string, Issuer2Kind> = new Map(
  Object.entries(THREE_D_SECURE_2_CARD_NUMBERS).flatMap(([kind, numbers]) =>
    numbers.map((number) => [number, kind as Issuer2Kind] as const),
  ),
);

/** What the issuer does with a card number; a card outside the test table is not enrolled. */
export function issuer2KindOf(number: string): Issuer2Kind {
  return KIND_BY_NUMBER.get(number) ?? 'not_enrolled';
}

/** Whether the issuer challenges the shopper for a card of this kind. */
export function isChallenge2(kind: Issuer2Kind): boolean {
  return kind.startsWith('challenge_');
}

/** An outcome as `threeDSecureInfo` tells it. */
interface Outcome {
  status: string;
  enrolled: string;
  transStatus: string | null;
  transStatusReason: string | null;
  shifted: boolean;
  possible: boolean;
  /** The ECI of an authenticated, attempted or failed authentication; `null` without one. */
  eci: 'authenticated' | 'attempted' | 'failed' | null;
  cavv: boolean;
}

const outcome = (
  status: string,
  enrolled: string,
  transStatus: string | null,
  shifted: boolean,
  possible: boolean,
  eci: Outcome['eci'],
  transStatusReason: string | null = null,
): Outcome => ({
  status,
  enrolled,
  transStatus,
  transStatusReason,
  shifted,
  possible,
  eci,
  cavv: eci === 'authenticated' || eci === 'attempted',
});

/** The lookup's outcome per kind of card. */
const LOOKUP_OUTCOMES: Readonly<Record<Issuer2Kind, Outcome>> = {
  frictionless_success: outcome('authenticate_successful', 'Y', 'Y', true, true, 'authenticated'),
  frictionless_failure: outcome('authenticate_frictionless_failed', 'Y', 'N', false, false, 'failed', '01'),
  attempt: outcome('authenticate_attempt_successful', 'Y', 'A', true, true, 'attempted'),
  challenge_success: outcome('challenge_required', 'Y', 'C', false, true, null),
  challenge_failure: outcome('challenge_required', 'Y', 'C', false, true, null),
  challenge_error: outcome('challenge_required', 'Y', 'C', false, true, null),
  bypassed: outcome('lookup_bypassed', 'B', null, false, false, null),
  unavailable: outcome('authenticate_unable_to_authenticate', 'Y', 'U', false, false, 'failed', '08'),
  lookup_error: outcome('lookup_error', 'U', null, false, false, null),
  // The directory server did not answer in time: the provider reports a lookup error.
  lookup_timeout: outcome('lookup_error', 'U', null, false, false, null, '14'),
  not_enrolled: outcome('lookup_not_enrolled', 'N', null, false, false, null),
};

/** What the shopper did on the issuer's page. */
export type ChallengeAnswer = 'submit' | 'fail' | 'cancel';

/** The authentication's outcome once the shopper has answered. */
const AUTHENTICATED = outcome('authenticate_successful', 'Y', 'Y', true, true, 'authenticated');
const FAILED = outcome('authenticate_failed', 'Y', 'N', false, true, 'failed', '01');
const CANCELLED = outcome('authenticate_failed', 'Y', 'N', false, true, 'failed', '26');

/** Message of the error `authenticate_from_jwt` answers for a card whose authentication errs. */
export const AUTHENTICATION_ERROR_MESSAGE = 'Failed to authenticate, please try a different form of payment.';

/** A version 2 lookup, until `authenticate_from_jwt` answers it. */
export interface ThreeDSecure2Session {
  /** Cardinal's transaction id, which Songbird's verdict names. */
  transactionId: string;
  merchantId: string;
  customerId: string | null;
  vaultToken: string | null;
  card: CardRecord;
  amount: string;
  kind: Issuer2Kind;
  /** The challenge request the issuer's page is opened with. */
  creq: string;
  /** The nonce the lookup answered. */
  lookupNonce: string;
  /** The shopper's answer on the issuer's page, once given. */
  answer: ChallengeAnswer | null;
  /** Set once `authenticate_from_jwt` has answered: a verdict is used once. */
  authenticated: boolean;
}

/** The version 2 lookups of one gateway instance. */
export class ThreeDSecure2SessionStore {
  readonly #byTransaction = new Map<string, ThreeDSecure2Session>();

  create(
    session: Omit<ThreeDSecure2Session, 'transactionId' | 'creq' | 'answer' | 'authenticated'>,
  ): ThreeDSecure2Session {
    const transactionId = randomUUID();
    const created: ThreeDSecure2Session = {
      ...session,
      transactionId,
      creq: `sandbox-creq-${randomBytes(12).toString('hex')}`,
      answer: null,
      authenticated: false,
    };
    this.#byTransaction.set(transactionId, created);
    return created;
  }

  byTransaction(id: unknown): ThreeDSecure2Session | undefined {
    return typeof id === 'string' ? this.#byTransaction.get(id) : undefined;
  }

  byCreq(creq: unknown): ThreeDSecure2Session | undefined {
    if (typeof creq !== 'string') return undefined;
    return [...this.#byTransaction.values()].find((session) => session.creq === creq);
  }

  clear(): void {
    this.#byTransaction.clear();
  }
}

/** Path of the issuer's challenge page (the `acsUrl`). */
export const ISSUER_CHALLENGE_PATH = '/sandbox/three_d_secure/v2/challenge';

/** The protocol version the sandbox's issuers speak. */
const PROTOCOL_VERSION = '2.2.0';

/** The ECI of an outcome for a card brand (Mastercard numbers them apart). */
function eciFor(kind: Outcome['eci'], card: CardRecord): string | null {
  if (kind === null) return null;
  const mastercard = card.cardType === 'MasterCard';
  const table = mastercard
    ? { authenticated: '02', attempted: '01', failed: '00' }
    : { authenticated: '05', attempted: '06', failed: '07' };
  return table[kind];
}

/** The full `threeDSecureInfo` of a session's step. */
function infoFor(
  session: ThreeDSecure2Session,
  step: Outcome,
  lookup: Outcome,
): Record<string, unknown> & { liabilityShifted: boolean; liabilityShiftPossible: boolean } {
  const challenged = step !== lookup;
  return {
    liabilityShifted: step.shifted,
    liabilityShiftPossible: step.possible,
    status: step.status,
    enrolled: step.enrolled,
    eciFlag: eciFor(step.eci, session.card),
    cavv: step.cavv ? randomBytes(20).toString('base64') : null,
    xid: null,
    threeDSecureVersion: PROTOCOL_VERSION,
    dsTransactionId: randomUUID(),
    acsTransactionId: randomUUID(),
    threeDSecureServerTransactionId: randomUUID(),
    threeDSecureAuthenticationId: randomBytes(12).toString('hex'),
    paresStatus: step.transStatus,
    lookup: { transStatus: lookup.transStatus, transStatusReason: lookup.transStatusReason },
    ...(challenged
      ? { authentication: { transStatus: step.transStatus, transStatusReason: step.transStatusReason } }
      : {}),
  };
}

/** The browser fields a version 2 lookup must carry, and the type of each. */
const BROWSER_FIELDS: Readonly<Record<string, 'number' | 'boolean' | 'string'>> = {
  browserColorDepth: 'number',
  browserJavaEnabled: 'boolean',
  browserJavascriptEnabled: 'boolean',
  browserLanguage: 'string',
  browserScreenHeight: 'number',
  browserScreenWidth: 'number',
  browserTimeZone: 'number',
  deviceChannel: 'string',
};

/** Whether a lookup's body asks for version 2. */
export function isLookup2(body: unknown): boolean {
  return (
    isRecord(body) &&
    isRecord(body.clientMetadata) &&
    body.clientMetadata.requestedThreeDSecureVersion === '2'
  );
}

/** The lookup's 422, the provider's validation answer. */
function refuse(message: string, fields: string[] = []): Reply {
  return errorReply(422, message, {
    fieldErrors:
      fields.length > 0
        ? [
            {
              field: 'threeDSecureLookup',
              fieldErrors: fields.map((field) => ({ field, message: `${field} is required.` })),
            },
          ]
        : [],
  });
}

/** A version 2 lookup's answer, once the nonce, the merchant and the amount are checked. */
export function lookup2Reply(
  state: SandboxState,
  merchant: Merchant,
  source: StoredCreditCard,
  amount: string,
  body: Record<string, unknown>,
): Reply {
  if (!merchant.threeDSecure2) return refuse('3D Secure 2 is not enabled for this merchant.');
  const missing = Object.entries(BROWSER_FIELDS)
    .filter(([field, type]) => typeof body[field] !== type)
    .map(([field]) => field);
  if (body.deviceChannel !== undefined && body.deviceChannel !== 'Browser') missing.push('deviceChannel');
  const songbird = state.cardinal.session(body.dfReferenceId, merchant.merchantId);
  if (!songbird) missing.unshift('dfReferenceId');
  if (missing.length > 0) {
    return refuse(
      `A 3D Secure 2 lookup needs the browser fields and the dfReferenceId of a Songbird session: ${missing.join(', ')}.`,
      missing,
    );
  }
  const { merchantId, customerId, vaultToken, card } = source;
  const bin = body.bin;
  if (
    bin !== undefined &&
    (typeof bin !== 'string' || !/^\d{6,8}$/.test(bin) || !card.number.startsWith(bin))
  ) {
    return refuse('The bin is not the BIN of the card behind the nonce.', ['bin']);
  }

  const kind = issuer2KindOf(card.number);
  const minted = state.nonces.mint({ type: 'CreditCard', merchantId, customerId, vaultToken, card });
  const session = state.threeDSecure2.create({
    merchantId,
    customerId,
    vaultToken,
    card,
    amount,
    kind,
    lookupNonce: minted.nonce,
  });
  const lookupOutcome = LOOKUP_OUTCOMES[kind];
  const info = infoFor(session, lookupOutcome, lookupOutcome);
  const challenge = isChallenge2(kind);
  return jsonReply(201, {
    lookup: {
      acsUrl: challenge ? `${state.options.gatewayOrigin}${ISSUER_CHALLENGE_PATH}` : null,
      md: null,
      termUrl: null,
      pareq: challenge ? session.creq : null,
      threeDSecureVersion: PROTOCOL_VERSION,
      transactionId: session.transactionId,
    },
    paymentMethod: { ...creditCardPayload(card, minted.nonce), threeDSecureInfo: info },
    threeDSecureInfo: {
      liabilityShifted: lookupOutcome.shifted,
      liabilityShiftPossible: lookupOutcome.possible,
    },
  });
}

/** Headers of the issuer's pages: their own script only, forms to themselves, any https embedder. */
function issuerPageHeaders(options: SandboxOptions): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors ${options.gatewayOrigin} https: http://localhost:* http://127.0.0.1:*`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

// Fits the smallest challenge window (250 × 400) and grows with the larger ones.
const STYLE = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f3f0fa; }
  main { margin: 0.5rem; padding: 0.75rem; background: #fff; border-radius: 0.5rem; }
  h1 { font-size: 1.05rem; margin: 0 0 0.5rem; color: #4a2a8a; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.2rem 0.75rem; margin: 0.5rem 0; }
  dt { color: #57606a; }
  dd { margin: 0; font-weight: 600; }
  label { display: block; font-weight: 600; margin-top: 0.5rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.4rem; font: inherit; border: 1px solid #8c959f; border-radius: 0.3rem; }
  .hint { font-size: 0.8rem; color: #57606a; }
  #problem { color: #b42318; font-weight: 600; }
  .buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.75rem; }
  button { flex: 1; padding: 0.5rem; font: inherit; font-weight: 600; border-radius: 0.4rem; cursor: pointer; }
  #submit { background: #4a2a8a; border: 1px solid #4a2a8a; color: #fff; }
  #fail, #cancel { background: #fff; border: 1px solid #8c959f; color: #1f2328; }
`;

function issuerPage(options: SandboxOptions, status: number, content: string): Reply {
  return {
    status,
    headers: issuerPageHeaders(options),
    text: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox issuer</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sandbox issuer</h1>
${content}
</main>
</body>
</html>
`,
  };
}

/** The merchant's page the verdict goes to, when it is one: an https or loopback origin. */
function readParentOrigin(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
    if (url.origin !== raw || (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')))
      return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The challenge page for a session waiting for the shopper. */
function challengePage(
  options: SandboxOptions,
  session: ThreeDSecure2Session,
  parentOrigin: string,
  problem: string | null,
): Reply {
  const { card } = session;
  const hints: Partial<Record<Issuer2Kind, string>> = {
    challenge_success: 'This test card authenticates with the right password.',
    challenge_failure: 'This test card fails authentication whatever you answer.',
    challenge_error: 'With this test card the authentication errs after the challenge.',
  };
  const content = `<p>Enter your password to confirm this purchase.</p>
<dl>
<dt>Amount</dt>
<dd id="amount">${escapeHtml(session.amount)}</dd>
<dt>Card</dt>
<dd id="card">${escapeHtml(card.cardType)} •••• ${escapeHtml(card.number.slice(-4))}</dd>
</dl>
<form method="post" action="${ISSUER_CHALLENGE_PATH}">
<input type="hidden" name="creq" value="${escapeHtml(session.creq)}">
<input type="hidden" name="parentOrigin" value="${escapeHtml(parentOrigin)}">
${problem === null ? '' : `<p id="problem" role="alert">${escapeHtml(problem)}</p>`}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off">
<p id="hint" class="hint">The sandbox password is ${THREE_D_SECURE_2_PASSWORD}. ${escapeHtml(hints[session.kind] ?? '')}</p>
<div class="buttons">
<button type="submit" id="submit" name="action" value="submit">Submit</button>
<button type="submit" id="fail" name="action" value="fail">Fail</button>
<button type="submit" id="cancel" name="action" value="cancel">Cancel</button>
</div>
</form>`;
  return issuerPage(options, 200, content);
}

/** The shopper's answer as Songbird's `payments.validated` data. */
function validatedData(session: ThreeDSecure2Session, answer: ChallengeAnswer): Record<string, unknown> {
  const step =
    answer === 'submit' && session.kind !== 'challenge_failure'
      ? AUTHENTICATED
      : answer === 'cancel'
        ? CANCELLED
        : FAILED;
  return {
    Validated: true,
    ActionCode: step === AUTHENTICATED ? 'SUCCESS' : 'FAILURE',
    ErrorNumber: 0,
    ErrorDescription: 'Success',
    Payment: {
      Type: 'CCA',
      ProcessorTransactionId: session.transactionId,
      ExtendedData: {
        Enrolled: 'Y',
        PAResStatus: step.transStatus,
        SignatureVerification: 'Y',
        ECIFlag: eciFor(step.eci, session.card),
        ...(answer === 'cancel' ? { ChallengeCancel: '01' } : {}),
      },
    },
  };
}

/** The issuer's last page: it hands the verdict to the merchant's page, where Songbird waits. */
function completePage(
  options: SandboxOptions,
  cardinal: CardinalSandbox,
  session: ThreeDSecure2Session,
  parentOrigin: string,
): Reply {
  const validated = validatedData(session, session.answer ?? 'fail');
  const jwt = cardinal.sign({ ConsumerSessionId: session.transactionId, Payload: validated });
  const verdict = {
    parentOrigin,
    message: { type: CHALLENGE_COMPLETE_MESSAGE, transactionId: session.transactionId, validated, jwt },
  };
  // `<` escaped: the block must not end the script element early.
  const json = JSON.stringify(verdict).replace(/</g, '\\u003c');
  return issuerPage(
    options,
    200,
    `<p id="complete">Thank you. Returning to the merchant…</p>
<script type="application/json" id="verdict">${json}</script>
<script src="${CHALLENGE_COMPLETE_SCRIPT_PATH}"></script>`,
  );
}

function problemPage(options: SandboxOptions, status: number, message: string): Reply {
  return issuerPage(options, status, `<p id="problem">${escapeHtml(message)}</p>`);
}

/** A session still waiting for the shopper, or the page that says why not. */
function waitingSession(context: RouteContext, creq: unknown): ThreeDSecure2Session | Reply {
  const { options } = context.state;
  const session = context.state.threeDSecure2.byCreq(creq);
  if (!session || !isChallenge2(session.kind)) {
    return problemPage(options, 404, 'There is no 3D Secure 2 challenge for this request.');
  }
  if (session.answer) return problemPage(options, 409, 'This challenge has already been answered.');
  return session;
}

const challengeGetRoute: Route = {
  method: 'GET',
  path: ISSUER_CHALLENGE_PATH,
  handle(context) {
    const parentOrigin = readParentOrigin(context.query.parentOrigin);
    if (!parentOrigin)
      return problemPage(
        context.state.options,
        400,
        'The challenge needs the parentOrigin of the merchant page.',
      );
    const session = waitingSession(context, context.query.creq);
    if ('status' in session) return session;
    return challengePage(context.state.options, session, parentOrigin, null);
  },
};

const challengePostRoute: Route = {
  method: 'POST',
  path: ISSUER_CHALLENGE_PATH,
  rawBody: true,
  handle(context) {
    const { options } = context.state;
    const fields = Object.fromEntries(new URLSearchParams(context.rawBody));
    const parentOrigin = readParentOrigin(fields.parentOrigin);
    if (!parentOrigin)
      return problemPage(options, 400, 'The challenge needs the parentOrigin of the merchant page.');
    const session = waitingSession(context, fields.creq);
    if ('status' in session) return session;
    const action = fields.action;
    if (action !== 'submit' && action !== 'fail' && action !== 'cancel') {
      return challengePage(options, session, parentOrigin, 'Choose Submit, Fail or Cancel.');
    }
    if (action === 'submit' && fields.password !== THREE_D_SECURE_2_PASSWORD) {
      return challengePage(options, session, parentOrigin, 'The password is not right. Try again.');
    }
    session.answer = action;
    return completePage(options, context.state.cardinal, session, parentOrigin);
  },
};

/** The card payload of an authentication under a nonce minted for it. */
function authenticatedCard(
  state: SandboxState,
  session: ThreeDSecure2Session,
  info: Record<string, unknown>,
): CreditCardPayload & { threeDSecureInfo: Record<string, unknown> } {
  const { merchantId, customerId, vaultToken, card } = session;
  const minted = state.nonces.mint({ type: 'CreditCard', merchantId, customerId, vaultToken, card });
  return { ...creditCardPayload(card, minted.nonce), threeDSecureInfo: info };
}

/**
 * `authenticate_from_jwt`: client token only. 422 for a JWT the sandbox did not sign (or expired),
 * one whose transaction is unknown, not this nonce's or already authenticated, or whose
 * challenge was not answered. Otherwise the authenticated card, a failed authentication's card
 * with its flags, or for a card whose authentication errs the provider's `errors` with the flags.
 */
export const authenticateFromJwtRoute = clientApiRoute(
  'threeDSecureAuthenticateFromJwt',
  'clientToken',
  ({ state, merchant, params, body }) => {
    const read = isRecord(body) ? body : {};
    const claims = state.cardinal.verify(read.jwt);
    const payload = isRecord(claims?.Payload) ? claims.Payload : null;
    const payment = payload && isRecord(payload.Payment) ? payload.Payment : null;
    if (!payment) return errorReply(422, 'The JWT is missing, malformed, expired or not signed by Cardinal.');
    const session = state.threeDSecure2.byTransaction(payment.ProcessorTransactionId);
    const nonce = params.nonce ?? '';
    if (
      !session ||
      session.merchantId !== merchant.merchantId ||
      session.lookupNonce !== nonce ||
      read.paymentMethodNonce !== nonce
    ) {
      return errorReply(422, 'The JWT does not belong to a 3D Secure lookup of this nonce.');
    }
    if (session.authenticated || !session.answer) {
      return errorReply(422, 'This authentication has already been used, or was never answered.');
    }
    session.authenticated = true;
    const lookupOutcome = LOOKUP_OUTCOMES[session.kind];
    if (session.answer === 'submit' && session.kind === 'challenge_error') {
      return jsonReply(201, {
        errors: [{ attribute: 'three_d_secure_token', message: AUTHENTICATION_ERROR_MESSAGE, code: '81571' }],
        threeDSecureInfo: {
          liabilityShifted: false,
          liabilityShiftPossible: false,
          status: 'authenticate_error',
        },
      });
    }
    const step =
      session.answer === 'submit' && session.kind === 'challenge_success'
        ? AUTHENTICATED
        : session.answer === 'cancel'
          ? CANCELLED
          : FAILED;
    const info = infoFor(session, step, lookupOutcome);
    return jsonReply(201, {
      paymentMethod: authenticatedCard(state, session, info),
      threeDSecureInfo: { liabilityShifted: step.shifted, liabilityShiftPossible: step.possible },
    });
  },
);

/** The issuer's challenge page and `authenticate_from_jwt`. */
export const threeDSecure2Routes: readonly Route[] = [
  challengeGetRoute,
  challengePostRoute,
  authenticateFromJwtRoute,
];
