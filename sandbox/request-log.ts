/**
 * The request log: what the gateway received, for tests to assert on (`/sandbox/requests`).
 * @packageDocumentation
 */
import type { FaultKind } from './faults';
import { jsonReply } from './http';
import type { Route } from './route';

/** One logged gateway request. */
export interface RequestLogEntry {
  /** Increasing number, never reused until the gateway is recreated. */
  id: number;
  /** ISO time the request arrived. */
  time: string;
  method: string;
  /** Pathname, as received (not decoded). */
  path: string;
  /** Decoded query parameters; bracketed keys such as `_meta[sessionId]` are kept as they are. */
  query: Record<string, string>;
  /** Parsed JSON body, the raw text when it is not JSON, or `null` when empty. */
  body: unknown;
  /** The `Origin` header, or `null`. */
  origin: string | null;
  /** The fault applied, or `null`. */
  fault: FaultKind | null;
  /** Status answered; `null` while pending or when no HTTP answer was sent (`timeout`, `reset`). */
  status: number | null;
}

/** How many entries the log keeps (the newest). */
export const REQUEST_LOG_LIMIT = 1000;

/** The request log of one gateway instance. */
export class RequestLog {
  #entries: RequestLogEntry[] = [];
  #nextId = 1;

  /** Log a request as it arrives; the caller fills in `fault` and `status` later on the returned entry. */
  record(request: Pick<RequestLogEntry, 'method' | 'path' | 'query' | 'body' | 'origin'>): RequestLogEntry {
    const entry: RequestLogEntry = {
      id: this.#nextId++,
      time: new Date().toISOString(),
      ...request,
      fault: null,
      status: null,
    };
    this.#entries.push(entry);
    if (this.#entries.length > REQUEST_LOG_LIMIT)
      this.#entries.splice(0, this.#entries.length - REQUEST_LOG_LIMIT);
    return entry;
  }

  /** The id of the newest entry, `0` when none was ever logged. */
  get latestId(): number {
    return this.#nextId - 1;
  }

  /**
   * The first entry logged after the entry `id` whose path is `path`, as the log holds it (not a
   * copy), so a caller can fill in what it learns later.
   */
  firstAfter(id: number, path: string): RequestLogEntry | undefined {
    return this.#entries.find((entry) => entry.id > id && entry.path === path);
  }

  /** Entries oldest first, optionally only those whose path contains `match`. */
  list(match?: string): RequestLogEntry[] {
    const entries = match ? this.#entries.filter((entry) => entry.path.includes(match)) : this.#entries;
    return entries.map((entry) => ({ ...entry }));
  }

  /** Empty the log; answers how many entries there were. */
  clear(): number {
    const count = this.#entries.length;
    this.#entries = [];
    return count;
  }
}

/** `/sandbox/requests`: list (GET, `?match=`), clear (DELETE). */
export const requestLogRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/sandbox/requests',
    handle: ({ state, query }) => jsonReply(200, state.log.list(query.match)),
  },
  {
    method: 'DELETE',
    path: '/sandbox/requests',
    handle: ({ state }) => jsonReply(200, { cleared: state.log.clear() }),
  },
];
