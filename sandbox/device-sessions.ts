/**
 * The device sessions record: what the data collectors' hosts received — Kount's data path on the
 * assets origin and the fraudnet stand-in on this gateway — for tests to compare with the payload's
 * `deviceData` (`/sandbox/device_sessions`).
 * @packageDocumentation
 */
import { jsonReply } from './http';
import type { Route } from './route';

/** Which collector a request came from. */
export type DeviceDataCollector = 'kount' | 'fraudnet';

/**
 * What was asked: Kount's `logo.htm` (the frame) or `logo.gif` (the image); fraudnet's `script`
 * (the stand-in loaded), `parameters` (the parameter block the stand-in read) or `beacon`.
 */
export type DeviceDataResource = 'logo.htm' | 'logo.gif' | 'script' | 'parameters' | 'beacon';

/** One request a collector's host received. */
export interface DeviceSessionRecord {
  /** Increasing number, never reused until the gateway is recreated. */
  id: number;
  /** ISO time the request arrived. */
  time: string;
  collector: DeviceDataCollector;
  resource: DeviceDataResource;
  /** The path requested, e.g. `/sandbox/data/logo.htm` (the sandbox environment's Kount data path). */
  path: string;
  /**
   * The session the request names: Kount's `s`, fraudnet's `f` (parameters) or `p` (beacon);
   * `null` when it names none (the script) or the value is missing.
   */
  sessionId: string | null;
  /** The query (Kount, beacon) or the parameters the stand-in read, as received. */
  params: Record<string, string>;
  /** The `Referer` header (the merchant page, as its referrer policy lets it through), or `null`. */
  referrer: string | null;
}

/** What {@link DeviceSessionLog.record} takes. */
export type DeviceSessionInput = Omit<DeviceSessionRecord, 'id' | 'time'>;

/** How many records the log keeps (the newest). */
export const DEVICE_SESSION_LIMIT = 1000;

/** The records of one gateway instance, oldest first. */
export class DeviceSessionLog {
  #records: DeviceSessionRecord[] = [];
  #nextId = 1;

  /** Records a request. */
  record(input: DeviceSessionInput): DeviceSessionRecord {
    const record: DeviceSessionRecord = {
      id: this.#nextId++,
      time: new Date().toISOString(),
      ...input,
      params: { ...input.params },
    };
    this.#records.push(record);
    if (this.#records.length > DEVICE_SESSION_LIMIT) {
      this.#records.splice(0, this.#records.length - DEVICE_SESSION_LIMIT);
    }
    return { ...record, params: { ...record.params } };
  }

  /** Records oldest first, of one collector and one session when given. */
  list(filter: { collector?: string; sessionId?: string } = {}): DeviceSessionRecord[] {
    return this.#records
      .filter(
        (record) =>
          (filter.collector === undefined || record.collector === filter.collector) &&
          (filter.sessionId === undefined || record.sessionId === filter.sessionId),
      )
      .map((record) => ({ ...record, params: { ...record.params } }));
  }

  /** Forgets every record; answers how many there were. */
  clear(): number {
    const count = this.#records.length;
    this.#records = [];
    return count;
  }
}

/** `/sandbox/device_sessions`: list (GET, `?collector=` and `?sessionId=`), clear (DELETE). */
export const deviceSessionRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/sandbox/device_sessions',
    handle: ({ state, query }) =>
      jsonReply(200, state.deviceSessions.list({ collector: query.collector, sessionId: query.sessionId })),
  },
  {
    method: 'DELETE',
    path: '/sandbox/device_sessions',
    handle: ({ state }) => jsonReply(200, { cleared: state.deviceSessions.clear() }),
  },
];
