/**
 * `POST …/v1/device_data`: the data collector's beacon (PROTOCOL §9). The reference sends device
 * data to Kount and PayPal hosts; this project sends it here instead, and the sandbox only checks
 * the shape of the ids and remembers the sessions, treating them as opaque otherwise; tests read
 * them through `GET /sandbox/device_sessions`.
 * @packageDocumentation
 */
import { errorReply, isRecord, jsonReply, validationReply, type FieldError } from './http';
import { clientApiRoute, type Route } from './route';

/** A remembered device data session. */
export interface DeviceSession {
  merchantId: string;
  /** Kount's session id, or `null` when Kount was not requested. */
  deviceSessionId: string | null;
  /** Kount merchant id as the page sent it (may be `null`), or `null` when not sent. */
  fraudMerchantId: string | null;
  /** PayPal's correlation id, or `null` when PayPal was not requested. */
  correlationId: string | null;
  /** ISO time of the first beacon. */
  firstSeenAt: string;
  /** ISO time of the latest beacon. */
  lastSeenAt: string;
  /** How many beacons carried these ids (a cached Kount session is sent again by later collectors). */
  beacons: number;
}

/** How many sessions the store keeps (the most recently seen). */
export const DEVICE_SESSION_LIMIT = 1000;

/** A device session id or correlation id: 32 lowercase hex digits. */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Code of the field errors of a malformed id; the provider has no code for an endpoint it lacks. */
export const INVALID_DEVICE_ID_CODE = 'sandbox_invalid_device_id';

/** The device data sessions of one gateway instance. */
export class DeviceSessionStore {
  readonly #sessions = new Map<string, DeviceSession>();

  /** Remember a beacon's ids; the same ids again count as the same session. */
  record(
    ids: Pick<DeviceSession, 'merchantId' | 'deviceSessionId' | 'fraudMerchantId' | 'correlationId'>,
  ): DeviceSession {
    const key = [ids.merchantId, ids.deviceSessionId, ids.fraudMerchantId, ids.correlationId].join('\u0000');
    const now = new Date().toISOString();
    const known = this.#sessions.get(key);
    // Re-inserted so the map's order is the order of the latest beacon, oldest first.
    this.#sessions.delete(key);
    const session: DeviceSession = known
      ? { ...known, lastSeenAt: now, beacons: known.beacons + 1 }
      : { ...ids, firstSeenAt: now, lastSeenAt: now, beacons: 1 };
    this.#sessions.set(key, session);
    if (this.#sessions.size > DEVICE_SESSION_LIMIT) {
      const oldest = this.#sessions.keys().next();
      if (!oldest.done) this.#sessions.delete(oldest.value);
    }
    return { ...session };
  }

  /** Every session of a merchant, or of all merchants; least recently seen first. */
  list(merchantId?: string): DeviceSession[] {
    return [...this.#sessions.values()]
      .filter((session) => merchantId === undefined || session.merchantId === merchantId)
      .map((session) => ({ ...session }));
  }

  /** The session a Kount session id or PayPal correlation id belongs to, most recently seen first. */
  find(merchantId: string, id: string): DeviceSession | undefined {
    return this.list(merchantId)
      .reverse()
      .find((session) => session.deviceSessionId === id || session.correlationId === id);
  }

  /** Forget every session. */
  clear(): void {
    this.#sessions.clear();
  }
}

/** The checked ids of a beacon, or what is wrong with it. */
export type DeviceDataInput =
  | { ok: true; deviceSessionId: string | null; fraudMerchantId: string | null; correlationId: string | null }
  | { ok: false; status: 400; message: string }
  | { ok: false; status: 422; errors: FieldError[] };

function invalidId(field: string): FieldError {
  return {
    field,
    code: INVALID_DEVICE_ID_CODE,
    message: `${field} must be 32 lowercase hexadecimal digits.`,
  };
}

/**
 * Read `{deviceData: {device_session_id?, fraud_merchant_id?, correlation_id?}}`. 400 when
 * `deviceData` is not an object, or holds neither a session id nor a correlation id; 422 when an
 * id is not 32 lowercase hex digits or `fraud_merchant_id` is neither a string nor `null`.
 * Other keys are ignored.
 */
export function readDeviceData(body: unknown): DeviceDataInput {
  const deviceData = isRecord(body) ? body.deviceData : undefined;
  if (!isRecord(deviceData)) return { ok: false, status: 400, message: '"deviceData" must be an object.' };
  const {
    device_session_id: sessionId,
    fraud_merchant_id: fraudId,
    correlation_id: correlationId,
  } = deviceData;
  if (sessionId === undefined && correlationId === undefined) {
    return {
      ok: false,
      status: 400,
      message: '"deviceData" must hold a device_session_id (Kount) or a correlation_id (PayPal).',
    };
  }
  const errors: FieldError[] = [];
  const checkId = (field: string, value: unknown): string | null => {
    if (value === undefined) return null;
    if (typeof value === 'string' && DEVICE_ID_PATTERN.test(value)) return value;
    errors.push(invalidId(field));
    return null;
  };
  const deviceSessionId = checkId('device_session_id', sessionId);
  if (fraudId !== undefined && fraudId !== null && typeof fraudId !== 'string') {
    errors.push({
      field: 'fraud_merchant_id',
      code: INVALID_DEVICE_ID_CODE,
      message: 'fraud_merchant_id must be a string or null.',
    });
  }
  const checkedCorrelationId = checkId('correlation_id', correlationId);
  if (errors.length > 0) return { ok: false, status: 422, errors };
  return {
    ok: true,
    deviceSessionId,
    fraudMerchantId: typeof fraudId === 'string' ? fraudId : null,
    correlationId: checkedCorrelationId,
  };
}

/** `POST …/v1/device_data`, any authorization: 201 `{}` once the ids are remembered. */
export const deviceDataRoute = clientApiRoute('deviceData', 'any', ({ body, merchant, state }) => {
  const input = readDeviceData(body);
  if (!input.ok) {
    return input.status === 400
      ? errorReply(400, input.message)
      : validationReply(input.errors, 'deviceData');
  }
  const { deviceSessionId, fraudMerchantId, correlationId } = input;
  state.deviceSessions.record({
    merchantId: merchant.merchantId,
    deviceSessionId,
    fraudMerchantId,
    correlationId,
  });
  return jsonReply(201, {});
});

/** `GET /sandbox/device_sessions?merchantId=…`: the remembered sessions, least recently seen first. */
export const deviceSessionsRoute: Route = {
  method: 'GET',
  path: '/sandbox/device_sessions',
  handle: ({ state, query }) => jsonReply(200, state.deviceSessions.list(query.merchantId)),
};
