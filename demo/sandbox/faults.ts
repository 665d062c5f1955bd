/**
 * Fault switches: make the next matching gateway requests fail on purpose (error statuses, a hung
 * request, a reset connection, a truncated body, a slow answer), driven by `/sandbox/faults`.
 * @packageDocumentation
 */
import type { ServerResponse } from 'node:http';
import { errorReply, isRecord, jsonReply, type Reply } from './http';
import type { Route } from './route';

/** Kinds of fault. */
export const FAULT_KINDS = ['500', '429', '403', '422', 'timeout', 'reset', 'malformed', 'slow'] as const;

/** A kind of fault. */
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Kinds that answer with an error status. */
export type StatusFaultKind = Extract<FaultKind, '500' | '429' | '403' | '422'>;

/** Methods a fault can be limited to. */
export type FaultMethod = 'GET' | 'POST';

/** The body of `POST /sandbox/faults`, validated. */
export interface FaultSpec {
  /** Substring of the request pathname. */
  match: string;
  /** Only requests with this method; `null` for any. */
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
 * A body cut in half: never valid JSON, because a proper prefix of a JSON object or array lacks
 * its closing bracket.
 */
export function truncateBody(reply: Reply): string {
  const text = JSON.stringify(reply.body ?? {});
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

/** Validate the body of `POST /sandbox/faults`; a string is the reason it is refused. */
export function parseFaultSpec(body: unknown): FaultSpec | string {
  if (!isRecord(body)) return 'The body must be a JSON object.';
  const { match, method, count, kind, delayMs } = body;
  if (typeof match !== 'string' || match === '') return '"match" must be a non-empty string.';
  const kindText = typeof kind === 'number' ? String(kind) : kind;
  const faultKind = FAULT_KINDS.find((candidate) => candidate === kindText);
  if (!faultKind) return `"kind" must be one of ${FAULT_KINDS.join(', ')}.`;
  let faultMethod: FaultMethod | null = null;
  if (method !== undefined && method !== null) {
    const upper = typeof method === 'string' ? method.toUpperCase() : '';
    if (upper !== 'GET' && upper !== 'POST') return '"method" must be GET or POST.';
    faultMethod = upper;
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
    match,
    method: faultMethod,
    count: typeof count === 'number' ? count : 1,
    kind: faultKind,
    delayMs: typeof delayMs === 'number' ? delayMs : DEFAULT_SLOW_DELAY_MS,
  };
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

  /** Spend one hit of the oldest fault matching this request, if any. */
  take(pathname: string, method: string): Fault | undefined {
    const fault = this.#faults.find(
      (candidate) =>
        pathname.includes(candidate.match) && (candidate.method === null || candidate.method === method),
    );
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
