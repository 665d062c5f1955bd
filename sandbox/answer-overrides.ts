/**
 * Answer overrides: change fields of the next matching gateway answers on purpose — a configuration
 * whose URLs point at a foreign domain or at plain http, a 3D Secure lookup with a foreign term URL,
 * a PayPal approval URL elsewhere — to test how a client takes a hostile or broken gateway. Driven
 * by `/sandbox/answers`.
 * @packageDocumentation
 */
import { errorReply, isRecord, jsonReply, type Reply } from './http';
import type { Route } from './route';

/** The body of `POST /sandbox/answers`, validated. */
export interface AnswerOverrideSpec {
  /** Substring of the request pathname. */
  match: string;
  /** Only requests with this method; `null` for any. */
  method: 'GET' | 'POST' | null;
  /** How many answers get the override. */
  count: number;
  /** Dotted path in the JSON answer (`analytics.url`) → the value it gets (any JSON, `null` too). */
  set: Record<string, unknown>;
}

/** An armed override. */
export interface AnswerOverride extends AnswerOverrideSpec {
  id: string;
  /** Answers still to be changed. */
  remaining: number;
}

const MAX_COUNT = 10_000;

/** Path segments that would reach or replace a prototype instead of a field. */
const FORBIDDEN_SEGMENTS = ['__proto__', 'constructor', 'prototype'];

/** Validate the body of `POST /sandbox/answers`; a string is the reason it is refused. */
export function parseAnswerOverride(body: unknown): AnswerOverrideSpec | string {
  if (!isRecord(body)) return 'The body must be a JSON object.';
  const { match, method, count, set } = body;
  if (typeof match !== 'string' || match === '') return '"match" must be a non-empty string.';
  let overrideMethod: AnswerOverrideSpec['method'] = null;
  if (method !== undefined && method !== null) {
    const upper = typeof method === 'string' ? method.toUpperCase() : '';
    if (upper !== 'GET' && upper !== 'POST') return '"method" must be GET or POST.';
    overrideMethod = upper;
  }
  if (
    count !== undefined &&
    (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_COUNT)
  ) {
    return `"count" must be an integer from 1 to ${MAX_COUNT}.`;
  }
  if (!isRecord(set) || Object.keys(set).length === 0) {
    return '"set" must be an object of dotted paths and the values they get.';
  }
  for (const path of Object.keys(set)) {
    const segments = path.split('.');
    if (segments.some((segment) => segment === '' || FORBIDDEN_SEGMENTS.includes(segment))) {
      return `"${path}" is not a path of plain field names.`;
    }
  }
  return { match, method: overrideMethod, count: typeof count === 'number' ? count : 1, set: { ...set } };
}

/** A copy of `body` with every path of `set` given its value (missing objects on the way are made). */
export function overrideBody(body: unknown, set: Readonly<Record<string, unknown>>): unknown {
  if (!isRecord(body)) return body;
  const copy = structuredClone(body);
  for (const [path, value] of Object.entries(set)) {
    const segments = path.split('.');
    const last = segments.pop() as string;
    let target: Record<string, unknown> = copy;
    for (const segment of segments) {
      const next = target[segment];
      if (!isRecord(next)) target[segment] = {};
      target = target[segment] as Record<string, unknown>;
    }
    target[last] = structuredClone(value);
  }
  return copy;
}

/** The armed overrides of one gateway instance. */
export class AnswerOverrides {
  #overrides: AnswerOverride[] = [];
  #nextId = 1;

  /** Arm an override. */
  add(spec: AnswerOverrideSpec): AnswerOverride {
    const override: AnswerOverride = { ...spec, id: `override_${this.#nextId++}`, remaining: spec.count };
    this.#overrides.push(override);
    return override;
  }

  /**
   * The reply with the oldest matching override applied (spending one of its answers), or the
   * reply as it was. Only successful JSON answers are changed.
   */
  apply(pathname: string, method: string, reply: Reply): Reply {
    if (reply.status < 200 || reply.status >= 300 || !isRecord(reply.body)) return reply;
    const override = this.#overrides.find(
      (candidate) =>
        pathname.includes(candidate.match) && (candidate.method === null || candidate.method === method),
    );
    if (!override) return reply;
    override.remaining -= 1;
    if (override.remaining <= 0)
      this.#overrides = this.#overrides.filter((candidate) => candidate !== override);
    return { ...reply, body: overrideBody(reply.body, override.set) };
  }

  /** The armed overrides, oldest first. */
  list(): AnswerOverride[] {
    return this.#overrides.map((override) => ({ ...override, set: { ...override.set } }));
  }

  /** Disarm every override; answers how many there were. */
  clear(): number {
    const count = this.#overrides.length;
    this.#overrides = [];
    return count;
  }
}

/** `/sandbox/answers`: arm (POST), list (GET), clear (DELETE). */
export const answerOverrideRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/sandbox/answers',
    handle({ state, body }) {
      const spec = parseAnswerOverride(body);
      if (typeof spec === 'string') return errorReply(422, spec);
      const override = state.answers.add(spec);
      return jsonReply(201, { id: override.id, override });
    },
  },
  {
    method: 'GET',
    path: '/sandbox/answers',
    handle: ({ state }) => jsonReply(200, state.answers.list()),
  },
  {
    method: 'DELETE',
    path: '/sandbox/answers',
    handle: ({ state }) => jsonReply(200, { cleared: state.answers.clear() }),
  },
];
