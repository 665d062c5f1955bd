/**
 * Hosted card fields, page side: the frames, their channel and the instance. The standalone
 * `createHostedFields` with its option checks is in standalone/create-hosted-fields.ts, the file
 * `createHostedFields()` loads.
 * @packageDocumentation
 */
export {
  frameFolderOf,
  HOSTED_FIELD_FRAME_CLASS,
  openHostedFields,
  type OpenedHostedFields,
  type OpenHostedFieldsOptions,
  type FieldOptions,
  type FieldStateWithContainer,
  type HostedFields,
  type HostedFieldsEvent,
  type HostedFieldsState,
} from './hosted-fields';
