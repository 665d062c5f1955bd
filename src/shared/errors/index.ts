export { ERROR_CATALOGUE, type ErrorCode, type ErrorType, type CatalogueEntry } from './catalogue';
export {
  PanelError,
  createError,
  isPanelError,
  panelErrorFromJSON,
  registerErrors,
  type ErrorDetails,
  type ErrorParams,
  type SerializedPanelError,
} from './panel-error';
export { createRequestError } from './catalogues/client';
export { createChannelError } from './catalogues/general';
export { createTokenizationError } from './catalogues/hosted-fields';
// The lifetime (docs/architecture.md, "Lifetimes") reaches the files loaded on demand from here:
// they read the first script's code only through the files build/modules.ts lists, and this is the
// one of them they all import.
export { createLifetime, deferred, type Deferred, type Lifetime } from '../lifetime';
