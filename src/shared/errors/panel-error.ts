/**
 * The one error class of the panel, and the functions that make errors from the catalogue.
 * @packageDocumentation
 */
import { ERROR_CATALOGUE, type ErrorCode, type ErrorType } from './catalogue';

/** Names of the `{placeholders}` in a message template. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** Values for the placeholders of an error code's message. */
export type ErrorParams<C extends ErrorCode> = Record<
  Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>,
  string | number
>;

/** Whether an error code's message has placeholders. */
type HasParams<C extends ErrorCode> = [Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>] extends [never]
  ? false
  : true;

/** Extra facts attached to an error: an HTTP status, the gateway's answer, the fields at fault… */
export type ErrorDetails = Record<string, unknown>;

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

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.code = code;
    this.type = ERROR_CATALOGUE[code].type;
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

/** Fills a message template's placeholders. */
function fill(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Creates the catalogue error for a code.
 * @example createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' })
 */
export function createError<C extends ErrorCode>(
  code: C,
  ...args: HasParams<C> extends true
    ? [params: ErrorParams<C>, details?: ErrorDetails]
    : [params?: undefined, details?: ErrorDetails]
): PanelError {
  const [params, details] = args as [Record<string, string | number> | undefined, ErrorDetails | undefined];
  return new PanelError(code, fill(ERROR_CATALOGUE[code].message, params), details);
}

/**
 * Rebuilds a {@link PanelError} from its plain-object form. Anything that is not a known
 * catalogue error becomes `null`, so a hostile message cannot invent codes; the type always
 * comes from the catalogue.
 */
export function panelErrorFromJSON(value: unknown): PanelError | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, code, message, details } = value as Record<string, unknown>;
  if (name !== 'PanelError' || typeof message !== 'string') return null;
  if (typeof code !== 'string' || !Object.hasOwn(ERROR_CATALOGUE, code)) return null;
  const safeDetails = typeof details === 'object' && details !== null ? (details as ErrorDetails) : undefined;
  return new PanelError(code as ErrorCode, message, safeDetails);
}

/** Whether a value is a {@link PanelError}, or its plain-object form from another realm. */
export function isPanelError(value: unknown): value is PanelError {
  return value instanceof PanelError || panelErrorFromJSON(value) !== null;
}
