/**
 * The sandbox's Cardinal: what Cardinal's Songbird script and its servers are in production
 * (docs/three-d-secure.md, "Version 2 on the wire"). Cardinal cannot be reached from the local setup, so the
 * sandbox serves a stand-in script with the same `window.Cardinal` surface (`configure`, `setup`,
 * `on`/`off`, `trigger('bin.process')`, `continue('cca')`, the `payments.setupComplete`,
 * `payments.validated` and `ui.inline.setup` events), signs the JWTs Cardinal would sign (HS256,
 * with a secret of the gateway instance), and keeps Songbird's sessions (`dfReferenceId`).
 *
 * - `GET /sandbox/cardinal/songbird.js`: the stand-in script.
 * - `POST /sandbox/cardinal/init` `{jwt}`: Songbird's set-up; `{sessionId}`, or Songbird's error
 *   number for a JWT that does not verify.
 * - `POST /sandbox/cardinal/bin` `{sessionId, bin}`: the issuer's device data collection for a BIN.
 * - `GET /sandbox/cardinal/challenge-complete.js`: the issuer's last page hands Songbird's verdict
 *   to the stand-in on the merchant's page.
 * @packageDocumentation
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { CARDINAL_STAND_IN_FOLDER } from '../../src/shared/flavours';
import { errorReply, isRecord, jsonReply, type Reply } from '../http';
import type { Merchant } from '../merchants';
import type { Route } from '../route';

/**
 * Where the stand-in script is served: in the folder the local flavour takes Songbird from
 * (`CARDINAL_STAND_IN_FOLDER`), so the two cannot drift.
 */
export const SONGBIRD_PATH = `${CARDINAL_STAND_IN_FOLDER}songbird.js`;
/** Songbird's set-up. */
export const CARDINAL_INIT_PATH = `${CARDINAL_STAND_IN_FOLDER}init`;
/** The issuer's device data collection for a BIN. */
export const CARDINAL_BIN_PATH = `${CARDINAL_STAND_IN_FOLDER}bin`;
/** The script of the issuer's last page. */
export const CHALLENGE_COMPLETE_SCRIPT_PATH = `${CARDINAL_STAND_IN_FOLDER}challenge-complete.js`;

/** The message the issuer's last page posts to the merchant's page. */
export const CHALLENGE_COMPLETE_MESSAGE = 'sandbox-cardinal:challenge-complete';

/** Songbird's error number for a JWT it cannot verify (the provider maps it to `THREEDS_CARDINAL_SDK_BAD_JWT`). */
export const BAD_JWT_ERROR_NUMBER = 10008;

/** How long a JWT the sandbox signs stays valid, in seconds. */
const JWT_LIFETIME_S = 2 * 60 * 60;

/** The API identifier and org unit Cardinal's JWTs name the sandbox by. */
const ISSUER = 'sandbox-cardinal-api-identifier';
const ORG_UNIT = 'sandbox-cardinal-org-unit';

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

/** A Songbird session: what the set-up returns as `sessionId`, the lookup's `dfReferenceId`. */
export interface CardinalSession {
  id: string;
  merchantId: string;
  /** The BINs Songbird processed in this session. */
  bins: string[];
}

/** How many Songbird sessions Cardinal keeps (the newest): no reset clears them. */
export const CARDINAL_SESSION_LIMIT = 10_000;

/** The sandbox's Cardinal: its signing secret and Songbird's sessions. */
export class CardinalSandbox {
  readonly #secret = randomBytes(32);
  readonly #sessions = new Map<string, CardinalSession>();

  /** Signs a JWT (HS256) with the gateway instance's secret. */
  sign(claims: Record<string, unknown>): string {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({ jti: randomUUID(), iat: now, exp: now + JWT_LIFETIME_S, iss: ISSUER, ...claims }),
    );
    const signature = createHmac('sha256', this.#secret).update(`${header}.${payload}`).digest('base64url');
    return `${header}.${payload}.${signature}`;
  }

  /** The claims of a JWT this instance signed and that has not expired, else `null`. */
  verify(token: unknown): Record<string, unknown> | null {
    if (typeof token !== 'string') return null;
    const [header, payload, signature, ...rest] = token.split('.');
    if (!header || !payload || !signature || rest.length > 0) return null;
    const expected = createHmac('sha256', this.#secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const head: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
      const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (!isRecord(head) || head.alg !== 'HS256' || !isRecord(claims)) return null;
      if (typeof claims.exp !== 'number' || claims.exp < Date.now() / 1000) return null;
      return claims;
    } catch {
      return null;
    }
  }

  /** The JWT the configuration hands Songbird for a merchant (`cardinalAuthenticationJWT`). */
  authenticationJwt(merchant: Merchant): string {
    return this.sign({ OrgUnitId: ORG_UNIT, ReferenceId: randomUUID(), merchantId: merchant.merchantId });
  }

  /** Opens a Songbird session for a verified authentication JWT. */
  openSession(merchantId: string): CardinalSession {
    const session: CardinalSession = { id: randomUUID(), merchantId, bins: [] };
    this.#sessions.set(session.id, session);
    for (const id of this.#sessions.keys()) {
      if (this.#sessions.size <= CARDINAL_SESSION_LIMIT) break;
      this.#sessions.delete(id);
    }
    return session;
  }

  /** A Songbird session, if known. */
  sessionById(id: unknown): CardinalSession | undefined {
    return typeof id === 'string' ? this.#sessions.get(id) : undefined;
  }

  /** A Songbird session of a merchant, if known. */
  session(id: unknown, merchantId: string): CardinalSession | undefined {
    const found = this.sessionById(id);
    return found?.merchantId === merchantId ? found : undefined;
  }
}

/**
 * The stand-in script. Written for any browser that runs the panel, with no dependency. It calls
 * back the way Songbird does: handlers registered with `on`, `off` removing an event's handlers;
 * the issuer's page in a frame handed over through `ui.inline.setup`, its verdict through
 * `payments.validated` with the JWT the sandbox signed.
 */
export function songbirdStandInScript(gatewayOrigin: string): string {
  return `/* Sandbox stand-in for Cardinal's Songbird (3D Secure 2). */
(function () {
  'use strict';
  var origin = ${JSON.stringify(gatewayOrigin)};
  var handlers = {};
  var sessionId = null;
  var pending = null;
  function emit(event) {
    var args = Array.prototype.slice.call(arguments, 1);
    (handlers[event] || []).slice().forEach(function (handler) {
      try {
        handler.apply(null, args);
      } catch (error) {
        setTimeout(function () { throw error; });
      }
    });
  }
  function post(path, body) {
    return fetch(origin + path, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    });
  }
  function attribute(text) {
    return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }
  function stopWaiting() {
    if (pending) window.removeEventListener('message', pending.listener);
    pending = null;
  }
  function fail(number, description) {
    emit('payments.validated', { ActionCode: 'ERROR', ErrorNumber: number, ErrorDescription: description }, null);
  }
  window.Cardinal = {
    configure: function () {},
    on: function (event, handler) {
      if (typeof handler === 'function') (handlers[event] = handlers[event] || []).push(handler);
    },
    off: function (event) {
      delete handlers[event];
      if (event === 'payments.validated') stopWaiting();
    },
    setup: function (kind, data) {
      if (kind !== 'init') return;
      post(${JSON.stringify(CARDINAL_INIT_PATH)}, { jwt: data && data.jwt }).then(function (answer) {
        if (answer.status === 200 && answer.data && answer.data.sessionId) {
          sessionId = answer.data.sessionId;
          emit('payments.setupComplete', { sessionId: sessionId, modules: [{ module: 'CCA', loaded: true }] });
        } else {
          fail(answer.data && answer.data.ErrorNumber, answer.data && answer.data.ErrorDescription);
        }
      }, function () {
        fail(10001, 'The sandbox Cardinal could not be reached.');
      });
    },
    trigger: function (event, value) {
      if (event !== 'bin.process') return Promise.resolve(undefined);
      return post(${JSON.stringify(CARDINAL_BIN_PATH)}, { sessionId: sessionId, bin: value }).then(
        function (answer) { return { Status: answer.status === 200 }; },
        function () { return { Status: false }; }
      );
    },
    continue: function (kind, data, order) {
      var transactionId = order && order.OrderDetails && order.OrderDetails.TransactionId;
      if (kind !== 'cca' || !data || typeof data.AcsUrl !== 'string' || !transactionId) {
        fail(10005, 'continue needs an AcsUrl, a Payload and a TransactionId.');
        return;
      }
      if (!handlers['ui.inline.setup']) {
        fail(10006, 'The sandbox Cardinal shows the issuer inline only: configure framework "inline".');
        return;
      }
      stopWaiting();
      var listener = function (event) {
        var message = event.data;
        if (event.origin !== origin || !message || message.type !== ${JSON.stringify(CHALLENGE_COMPLETE_MESSAGE)}) return;
        if (!pending || message.transactionId !== pending.transactionId) return;
        stopWaiting();
        emit('payments.validated', message.validated, message.jwt);
      };
      pending = { transactionId: transactionId, listener: listener };
      window.addEventListener('message', listener);
      var url = data.AcsUrl + (data.AcsUrl.indexOf('?') === -1 ? '?' : '&') +
        'creq=' + encodeURIComponent(data.Payload || '') + '&parentOrigin=' + encodeURIComponent(location.origin);
      var html = '<iframe name="sandbox-cardinal-challenge" src="' + attribute(url) + '" width="500" height="600"></iframe>';
      emit('ui.inline.setup', html, { paymentType: 'CCA', data: { mode: 'static' } }, function () {}, function () {});
    }
  };
})();
`;
}

/**
 * The script of the issuer's last page: hands the verdict the page holds (a JSON block) to the
 * merchant's page it was told, where the stand-in waits for it.
 */
export const CHALLENGE_COMPLETE_SCRIPT = `(function () {
  'use strict';
  var block = document.getElementById('verdict');
  if (!block) return;
  var verdict = JSON.parse(block.textContent);
  window.parent.postMessage(verdict.message, verdict.parentOrigin);
})();
`;

/** The SRI hash of a script, as the configuration's `cardinalSongbirdIdentityHash` gives it. */
export function integrityOf(script: string): string {
  return `sha384-${createHash('sha384').update(script).digest('base64')}`;
}

const SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cross-origin-resource-policy': 'cross-origin',
  // The configuration gives the script's hash: the browser checks it on a CORS answer only.
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
} as const;

const songbirdRoute: Route = {
  method: 'GET',
  path: SONGBIRD_PATH,
  handle: ({ state }) => ({
    status: 200,
    text: songbirdStandInScript(state.options.gatewayOrigin),
    headers: SCRIPT_HEADERS,
  }),
};

const completeScriptRoute: Route = {
  method: 'GET',
  path: CHALLENGE_COMPLETE_SCRIPT_PATH,
  handle: () => ({ status: 200, text: CHALLENGE_COMPLETE_SCRIPT, headers: SCRIPT_HEADERS }),
};

/** `POST …/init {jwt}`: a session for a JWT the sandbox signed, else Songbird's bad-JWT error (400). */
const initRoute: Route = {
  method: 'POST',
  path: CARDINAL_INIT_PATH,
  handle({ state, body }): Reply {
    const claims = state.cardinal.verify(isRecord(body) ? body.jwt : undefined);
    const merchantId = claims?.merchantId;
    if (typeof merchantId !== 'string') {
      return jsonReply(400, {
        ErrorNumber: BAD_JWT_ERROR_NUMBER,
        ErrorDescription: 'The JWT is missing, malformed, expired or not signed by this Cardinal.',
      });
    }
    return jsonReply(200, { sessionId: state.cardinal.openSession(merchantId).id });
  },
};

/** `POST …/bin {sessionId, bin}`: the issuer's device data collection; 400 without a session or BIN. */
const binRoute: Route = {
  method: 'POST',
  path: CARDINAL_BIN_PATH,
  handle({ state, body }): Reply {
    const read = isRecord(body) ? body : {};
    const session = state.cardinal.sessionById(read.sessionId);
    if (!session || typeof read.bin !== 'string' || !/^\d{6,8}$/.test(read.bin)) {
      return errorReply(400, 'bin.process needs a Songbird session and a BIN of 6 to 8 digits.');
    }
    session.bins.push(read.bin);
    return jsonReply(200, { Status: true });
  },
};

/** The stand-in's routes. */
export const cardinalRoutes: readonly Route[] = [songbirdRoute, completeScriptRoute, initRoute, binRoute];
