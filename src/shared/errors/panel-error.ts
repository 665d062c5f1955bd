/**
 * The one error class of the panel, and the functions that make errors from the whole catalogue.
 * Code that creates only one component's errors uses that component's factory instead
 * (`catalogues/`), which leaves the other messages out of its bundle.
 * @packageDocumentation
 */
import { ERROR_CATALOGUE, type ErrorCode } from './catalogue';
import { errorFactory, PanelError, type ErrorDetails, type Placeholders } from './factory';

export { PanelError, type ErrorDetails, type SerializedPanelError } from './factory';

/** Values for the placeholders of an error code's message. */
export type ErrorParams<C extends ErrorCode> = Record<
  Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>,
  string | number
>;

/** Whether an error code's message has placeholders. */
type HasParams<C extends ErrorCode> = [Placeholders<(typeof ERROR_CATALOGUE)[C]['message']>] extends [never]
  ? false
  : true;

/**
 * Creates the catalogue error for a code.
 * @example createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' })
 */
export const createError = /* @__PURE__ */ errorFactory(ERROR_CATALOGUE) as <C extends ErrorCode>(
  code: C,
  ...args: HasParams<C> extends true
    ? [params: ErrorParams<C>, details?: ErrorDetails]
    : [params?: undefined, details?: ErrorDetails]
) => PanelError;

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
  return new PanelError(code as ErrorCode, ERROR_CATALOGUE[code as ErrorCode].type, message, safeDetails);
}

/** Whether a value is a {@link PanelError}, or its plain-object form from another realm. */
export function isPanelError(value: unknown): value is PanelError {
  return value instanceof PanelError || panelErrorFromJSON(value) !== null;
}
