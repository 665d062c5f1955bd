/**
 * The one error class of the panel and a factory bound to a catalogue. Nothing here imports a
 * catalogue, so code that needs only a component's errors (the frames) ships only that component's
 * messages.
 * @packageDocumentation
 */
import type { ErrorCode } from './catalogue';
import type { Catalogue, ErrorType } from './catalogue-entry';

/** Names of the `{placeholders}` in a message template. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** Extra facts attached to an error: an HTTP status, the gateway's answer, the fields at fault… */
export type ErrorDetails = Record<string, unknown>;

/**
 * What follows the code when creating an error with message `M`: values for its placeholders
 * (required when it has some, else nothing), then optional details.
 */
export type ErrorArgs<M extends string> = [Placeholders<M>] extends [never]
  ? [params?: undefined, details?: ErrorDetails]
  : [params: Record<Placeholders<M>, string | number>, details?: ErrorDetails];

/** The plain-object form of a {@link PanelError}, as it crosses frames. */
export interface SerializedPanelError {
  name: 'PanelError';
  type: ErrorType;
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
}

/**
 * Every error the panel reports: a catalogue code, its type, the catalogue message and optional details.
 * `errorOccurred` events carry it as `detail`; rejected promises reject with it.
 */
export class PanelError extends Error {
  /** Always `PanelError`. */
  override readonly name = 'PanelError';
  /** Who the error is for. */
  readonly type: ErrorType;
  /** The catalogue code, e.g. `CLIENT_INVALID_AUTHORIZATION`. */
  readonly code: ErrorCode;
  /** Extra facts about the failure. */
  readonly details: ErrorDetails | undefined;

  /**
   * The type is passed in, not looked up, so the class does not pull the whole catalogue into the
   * frames; {@link errorFactory} and the catalogue's functions pass the catalogue's.
   */
  constructor(code: ErrorCode, type: ErrorType, message: string, details?: ErrorDetails) {
    super(message);
    this.code = code;
    this.type = type;
    this.details = details;
  }

  /** The plain-object form, for messages between frames. */
  toJSON(): SerializedPanelError {
    const json: SerializedPanelError = {
      name: 'PanelError',
      type: this.type,
      code: this.code,
      message: this.message,
    };
    if (this.details !== undefined) json.details = this.details;
    return json;
  }
}

/** Creates the errors of one catalogue, typed by that catalogue's codes and placeholders. */
export type ErrorFactory<K extends Catalogue> = <C extends Extract<keyof K, ErrorCode>>(
  code: C,
  ...args: ErrorArgs<K[C]['message']>
) => PanelError;

/**
 * A `createError` bound to a catalogue or to a few of its codes: it knows only those codes, and a
 * bundle that uses it carries only those messages. The error gets the entry's type and its message
 * with the `{placeholders}` filled from `params` (unknown ones are left as they are).
 * @example const createRequestError = errorFactory({ CLIENT_GATEWAY_NETWORK, CLIENT_REQUEST_TIMEOUT })
 */
export function errorFactory<K extends Catalogue>(catalogue: K): ErrorFactory<K> {
  return (code, ...args) => {
    const [params, details] = args as [Record<string, string | number> | undefined, ErrorDetails | undefined];
    // A code the catalogue lacks (its component's file has not registered it) still makes an error.
    const entry = Object.hasOwn(catalogue, code) ? catalogue[code] : undefined;
    const { type, message } = entry ?? { type: 'UNKNOWN' as const, message: code };
    const filled = message.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
      const value = params?.[name];
      return value === undefined ? whole : String(value);
    });
    return new PanelError(code, type, filled, details);
  };
}
