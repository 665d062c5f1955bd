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
// The lifetime reaches the files loaded on demand from here: they read the first script's code
// only through the files build/modules.ts lists, and its ends are these errors' occasion.
export { createLifetime, deferred, type Deferred, type Lifetime } from '../lifetime';
