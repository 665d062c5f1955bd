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
