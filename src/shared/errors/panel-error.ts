/**
 * The one error class of the panel, and the functions that make catalogue errors by code. Code
 * that creates only one component's errors may use that component's factory instead
 * (`catalogues/`), which leaves the other messages out of its bundle.
 *
 * The first script knows the codes of the client and the panel, and the general and hosted fields'
 * codes the page creates; PayPal's, Apple Pay's, 3D Secure's and the standalone hosted fields'
 * option checks arrive with their files ({@link registerErrors}).
 * @packageDocumentation
 */
import type { ERROR_CATALOGUE, ErrorCode } from './catalogue';
import type { Catalogue, CatalogueEntry } from './catalogue-entry';
import { CLIENT_ERRORS } from './catalogues/client';
import { PAGE_GENERAL_ERRORS } from './catalogues/general';
import { PAGE_HOSTED_FIELDS_ERRORS } from './catalogues/hosted-fields';
import { PANEL_ERRORS } from './catalogues/panel';
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

/** The codes this page knows now: the first script's, and those the files loaded since brought. */
const known: Record<string, CatalogueEntry> = /* @__PURE__ */ (() => ({
  ...CLIENT_ERRORS,
  ...PAGE_GENERAL_ERRORS,
  ...PANEL_ERRORS,
  ...PAGE_HOSTED_FIELDS_ERRORS,
}))();

/** Makes a component's codes known: its file calls this when it runs. */
export function registerErrors(part: Catalogue): void {
  Object.assign(known, part);
}

/**
 * Creates the catalogue error for a code: the entry's type and its message with the
 * `{placeholders}` filled from `params` (unknown ones are left as they are). A code this page does
 * not know yet makes an error of type `UNKNOWN` whose message is the code.
 * @example createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'requestPaymentMethod' })
 */
export const createError = /* @__PURE__ */ errorFactory(known) as unknown as <C extends ErrorCode>(
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
  if (typeof code !== 'string' || !Object.hasOwn(known, code)) return null;
  const safeDetails = typeof details === 'object' && details !== null ? (details as ErrorDetails) : undefined;
  return new PanelError(code as ErrorCode, (known[code] as CatalogueEntry).type, message, safeDetails);
}

/** Whether a value is a {@link PanelError}, or its plain-object form from another realm. */
export function isPanelError(value: unknown): value is PanelError {
  return value instanceof PanelError || panelErrorFromJSON(value) !== null;
}
