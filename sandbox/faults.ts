/**
 * Fault switches: make the next matching gateway requests fail on purpose (error statuses, a hung
 * request, a reset connection, a truncated body, a slow answer), driven by `/sandbox/faults`. A fault
 * picks its requests by a substring of the path (`match`, never a sandbox control path) or by the
 * name of a call (`call`): every client API endpoint, the analytics sink, the GraphQL API (and each of its Venmo
 * operations), and the provider's pages
 * the sandbox plays (3D Secure bank page and term URL, PayPal approval page, client token, PayPal's
 * fraud script, Google's pay.js and its token exchange).
 * @packageDocumentation
 */
import type { ServerResponse } from 'node:http';
import { ENDPOINTS, type EndpointName } from '../src/shared/endpoints';
import {
  FRAUDNET_STAND_IN_PATHS,
  GOOGLE_PAY_STAND_IN_PATH,
  GRAPHQL_STAND_IN_PATH,
} from '../src/shared/flavours';
import { GOOGLE_PAY_TOKENS_PATH } from './stand-ins/google-pay';
import { graphQLOperationOf, type GraphQLOperationName } from './graphql';
import { errorReply, isRecord, jsonReply, type Reply } from './http';
import { APPROVE_PATH, CANCEL_PATH } from './stand-ins/paypal-approval';
import { CLIENT_API_PATTERN, matchPath, type Route } from './route';
import { ACS_PATH, TERM_PATH } from './three-d-secure-bank';

/** Kinds of fault. */
export const FAULT_KINDS = ['500', '429', '403', '422', 'timeout', 'reset', 'malformed', 'slow'] as const;

/** A kind of fault. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Kinds that answer with an error status. */
export type StatusFaultKind = Extract<FaultKind, '500' | '429' | '403' | '422'>;

/** Methods a fault can be limited to. */
export type FaultMethod = 'GET' | 'POST';

/** A call a fault can name: its method and path pattern (`:name` segments match any value). */
export interface FaultCall {
  method: FaultMethod;
  path: string;
  /** A GraphQL API call: the one operation of the request's body it takes (`null` or absent: any). */
  operation?: GraphQLOperationName;
}

/** Names of the calls beside the client API that a fault can name. */
export type PageCallName =
  | 'analytics'
  | 'graphQL'
  | 'createVenmoPaymentContext'
  | 'venmoPaymentContext'
  | 'updateVenmoPaymentContextStatus'
  | 'threeDSecureAcs'
  | 'threeDSecureTerm'
  | 'paypalApprovalPage'
  | 'paypalApprove'
  | 'paypalCancel'
  | 'clientToken'
  | 'fraudnetScript'
  | 'googlePayScript'
  | 'googlePayTokens';

/** Name of a call a fault can target: an endpoint of the shared ENDPOINTS table, or a page call. */
export type FaultCallName = EndpointName | PageCallName;

/**
 * Every call a fault can name. The client API's come from the shared ENDPOINTS table; the others
 * are the analytics sink and the provider's pages the sandbox plays (sandbox control paths, which
 * only a fault naming them reaches).
 */
export const FAULT_CALLS: Readonly<Record<FaultCallName, FaultCall>> = {
  ...(Object.fromEntries(
    Object.entries(ENDPOINTS).map(([name, endpoint]) => [
      name,
      { method: endpoint.method, path: `${CLIENT_API_PATTERN}/v1/${endpoint.path}` },
    ]),
  ) as Record<EndpointName, FaultCall>),
  analytics: { method: 'POST', path: '/analytics/:merchantId' },
  graphQL: { method: 'POST', path: GRAPHQL_STAND_IN_PATH },
  createVenmoPaymentContext: {
    method: 'POST',
    path: GRAPHQL_STAND_IN_PATH,
    operation: 'createVenmoPaymentContext',
  },
  venmoPaymentContext: { method: 'POST', path: GRAPHQL_STAND_IN_PATH, operation: 'venmoPaymentContext' },
  updateVenmoPaymentContextStatus: {
    method: 'POST',
    path: GRAPHQL_STAND_IN_PATH,
    operation: 'updateVenmoPaymentContextStatus',
  },
  threeDSecureAcs: { method: 'POST', path: ACS_PATH },
  threeDSecureTerm: { method: 'POST', path: TERM_PATH },
  paypalApprovalPage: { method: 'GET', path: APPROVE_PATH },
  paypalApprove: { method: 'POST', path: APPROVE_PATH },
  paypalCancel: { method: 'POST', path: CANCEL_PATH },
  clientToken: { method: 'POST', path: '/sandbox/client_token' },
  fraudnetScript: { method: 'GET', path: FRAUDNET_STAND_IN_PATHS.script },
  googlePayScript: { method: 'GET', path: GOOGLE_PAY_STAND_IN_PATH },
  googlePayTokens: { method: 'POST', path: GOOGLE_PAY_TOKENS_PATH },
};

function isFaultCallName(name: unknown): name is FaultCallName {
  return typeof name === 'string' && Object.hasOwn(FAULT_CALLS, name);
}

/** The body of `POST /sandbox/faults`, validated. */
export interface FaultSpec {
  /** Substring of the request pathname; `null` when the fault names a call instead. */
  match: string | null;
  /** The call the fault targets, by name; `null` when it matches by `match` alone. */
  call: FaultCallName | null;
  /** Only requests with this method; `null` for any. A fault naming a call has the call's method. */
  method: FaultMethod | null;
  /** How many requests get the fault. */
  count: number;
  kind: FaultKind;
  /** Delay of a `slow` fault. */
  delayMs: number;
}

/** An armed fault. */
export interface Fault extends FaultSpec {
  id: string;
  /** Requests still to be hit. */
  remaining: number;
}

/** Default delay of a `slow` fault. */
export const DEFAULT_SLOW_DELAY_MS = 3_000;

/** Longest a `timeout` fault holds a response open, and the longest `slow` delay. */
export const MAX_HOLD_MS = 10 * 60_000;

const MAX_COUNT = 10_000;

const STATUS_FAULT_MESSAGES: Readonly<Record<StatusFaultKind, string>> = {
  '500': 'Sandbox fault: internal server error',
  '429': 'Sandbox fault: too many requests',
  '403': 'Sandbox fault: authorization insufficient',
  '422': 'Sandbox fault: unprocessable entity',
};

/** True for the kinds that answer with an error status. */
export function isStatusFault(kind: FaultKind): kind is StatusFaultKind {
  return kind in STATUS_FAULT_MESSAGES;
}

/**
 * The reply of a status fault. A 422 carries one field error so clients that read
 * `fieldErrors[0].fieldErrors[0].code` find something; the code is not a real gateway code.
 */
export function statusFaultReply(kind: StatusFaultKind): Reply {
  const message = STATUS_FAULT_MESSAGES[kind];
  const extra =
    kind === '422'
      ? {
          fieldErrors: [
            { field: 'sandbox', fieldErrors: [{ field: 'fault', code: 'sandbox_fault', message }] },
          ],
        }
      : {};
  return errorReply(Number(kind), message, extra);
}

/**
 * A body cut in half. A JSON body is never valid JSON afterwards, because a proper prefix of a
 * JSON object or array lacks its closing bracket; a page (`text`) loses its second half.
 */
export function truncateBody(reply: Reply): string {
  if (reply.text !== undefined) return reply.text.slice(0, Math.floor(reply.text.length / 2));
  const text = JSON.stringify(reply.body ?? {});
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

/** Validate the body of `POST /sandbox/faults`; a string is the reason it is refused. */
export function parseFaultSpec(body: unknown): FaultSpec | string {
  if (!isRecord(body)) return 'The body must be a JSON object.';
  const { match, call, method, count, kind, delayMs } = body;
  if (call !== undefined && call !== null && !isFaultCallName(call)) {
    return `"call" must be one of ${Object.keys(FAULT_CALLS).join(', ')}.`;
  }
  const faultCall = isFaultCallName(call) ? call : null;
  const hasMatch = match !== undefined && match !== null;
  if (hasMatch ? typeof match !== 'string' || match === '' : faultCall === null) {
    return '"match" must be a non-empty string (or "call" name a call).';
  }
  const kindText = typeof kind === 'number' ? String(kind) : kind;
  const faultKind = FAULT_KINDS.find((candidate) => candidate === kindText);
  if (!faultKind) return `"kind" must be one of ${FAULT_KINDS.join(', ')}.`;
  let faultMethod: FaultMethod | null = null;
  if (method !== undefined && method !== null) {
    const upper = typeof method === 'string' ? method.toUpperCase() : '';
    if (upper !== 'GET' && upper !== 'POST') return '"method" must be GET or POST.';
    faultMethod = upper;
  }
  if (faultCall !== null) {
    const callMethod = FAULT_CALLS[faultCall].method;
    if (faultMethod !== null && faultMethod !== callMethod) {
      return `"method" must be ${callMethod}, the method of ${faultCall}.`;
    }
    faultMethod = callMethod;
  }
  if (
    count !== undefined &&
    (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_COUNT)
  ) {
    return `"count" must be an integer from 1 to ${MAX_COUNT}.`;
  }
  if (
    delayMs !== undefined &&
    (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > MAX_HOLD_MS)
  ) {
    return `"delayMs" must be a number from 0 to ${MAX_HOLD_MS}.`;
  }
  return {
    match: typeof match === 'string' ? match : null,
    call: faultCall,
    method: faultMethod,
    count: typeof count === 'number' ? count : 1,
    kind: faultKind,
    delayMs: typeof delayMs === 'number' ? delayMs : DEFAULT_SLOW_DELAY_MS,
  };
}

/**
 * Whether a fault applies to a request; `body` (the parsed JSON body) tells a GraphQL call's operation
 * from the others.
 */
export function faultMatches(
  fault: FaultSpec,
  pathname: string,
  method: string,
  control: boolean,
  body: unknown = null,
): boolean {
  if (fault.method !== null && fault.method !== method) return false;
  if (fault.match !== null && !pathname.includes(fault.match)) return false;
  if (fault.call === null) return !control;
  const call: FaultCall = FAULT_CALLS[fault.call];
  if (matchPath(call.path, pathname) === null) return false;
  return call.operation === undefined || graphQLOperationOf(body) === call.operation;
}

/** The armed faults of one gateway instance. */
export class FaultSwitches {
  #faults: Fault[] = [];
  #nextId = 1;

  /** Arm a fault. */
  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault_${this.#nextId++}`, remaining: spec.count };
    this.#faults.push(fault);
    return fault;
  }

  /**
   * Spend one hit of the oldest fault matching this request, if any. A sandbox control path
   * (`control`) is hit only by a fault that names its call; `body` tells a GraphQL call's operation.
   */
  take(pathname: string, method: string, control = false, body: unknown = null): Fault | undefined {
    const fault = this.#faults.find((candidate) => faultMatches(candidate, pathname, method, control, body));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((candidate) => candidate !== fault);
    return { ...fault };
  }

  /** The armed faults, oldest first. */
  list(): Fault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** Disarm every fault; answers how many there were. */
  clear(): number {
    const count = this.#faults.length;
    this.#faults = [];
    return count;
  }
}

/**
 * Responses a fault keeps waiting (`timeout` holds, `slow` delays), so `close()` can end them all.
 * Ending a held response destroys its socket: the client sees a dropped connection, not an answer.
 */
export class PendingResponses {
  readonly #cancels = new Set<() => void>();

  /** Hold the response open without answering until the client leaves, `maxMs` passes or `closeAll()`. */
  hold(res: ServerResponse, maxMs: number = MAX_HOLD_MS): void {
    this.#track(res, maxMs, () => res.destroy());
  }

  /**
   * Wait `ms`; resolves `true` when the wait ran out, `false` when the client left or `closeAll()`
   * ended it (the socket is then destroyed).
   */
  wait(res: ServerResponse, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      this.#track(
        res,
        ms,
        () => {
          resolve(true);
        },
        () => {
          res.destroy();
          resolve(false);
        },
      );
    });
  }

  /** End every held or waiting response. */
  closeAll(): void {
    for (const cancel of [...this.#cancels]) cancel();
  }

  /** How many responses are held or waiting. */
  get size(): number {
    return this.#cancels.size;
  }

  #track(res: ServerResponse, ms: number, onElapsed: () => void, onCancel: () => void = onElapsed): void {
    const cleanup = (): void => {
      clearTimeout(timer);
      res.off('close', onClientGone);
      this.#cancels.delete(cancel);
    };
    const cancel = (): void => {
      cleanup();
      onCancel();
    };
    const onClientGone = (): void => {
      cancel();
    };
    // unref: a held request must never keep a process alive on its own.
    const timer = setTimeout(() => {
      cleanup();
      onElapsed();
    }, ms);
    timer.unref();
    res.on('close', onClientGone);
    this.#cancels.add(cancel);
  }
}

/** `/sandbox/faults`: arm (POST), list (GET), clear (DELETE). */
export const faultRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/sandbox/faults',
    handle({ state, body }) {
      const spec = parseFaultSpec(body);
      if (typeof spec === 'string') return errorReply(422, spec);
      const fault = state.faults.add(spec);
      return jsonReply(201, { id: fault.id, fault });
    },
  },
  {
    method: 'GET',
    path: '/sandbox/faults',
    handle: ({ state }) => jsonReply(200, state.faults.list()),
  },
  {
    method: 'DELETE',
    path: '/sandbox/faults',
    handle: ({ state }) => jsonReply(200, { cleared: state.faults.clear() }),
  },
];
