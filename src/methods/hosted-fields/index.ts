/**
 * Hosted card fields, page side.
 * @packageDocumentation
 */
export {
  createHostedFields,
  HOSTED_FIELD_FRAME_CLASS,
  type FieldOptions,
  type FieldStateWithContainer,
  type HostedFields,
  type HostedFieldsEvent,
  type HostedFieldsOptions,
  type HostedFieldsState,
} from './hosted-fields';
