/**
 * Hosted fields for a card form of the merchant's own layout (`paymentPanel.createHostedFields`):
 * the options checked as docs/hosted-fields.md describes, then {@link openHostedFields} with the client.
 * A file of its own (`modules/hosted-fields.js`): the panel starts its card frames without it.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../../client';
import { createError, registerErrors, type PanelError } from '../../../shared/errors';
import { HOSTED_FIELDS_SETUP_ERRORS } from '../../../shared/errors/catalogues/hosted-fields-setup';
import { filterStyles } from '../../../shared/field-styles';
import { billingAddress, shortText } from '../../../shared/frame-message-parts';
import { isFieldKey, type FieldKey } from '../../../shared/hosted-fields';
import { refuseAfterTeardown } from '../../../shared/refuse-after-teardown';
import { INVALID, isObject, refusal } from '../../../shared/strict-readers';
import { watchFrames } from '../frame-watch';
import {
  frameFolderOf,
  HOSTED_FIELD_FRAME_CLASS,
  openHostedFields,
  type FieldOptions,
  type HostedFields,
  type OpenedHostedFields,
} from '../index';

// The option checks' codes: the first script does not know them.
registerErrors(HOSTED_FIELDS_SETUP_ERRORS);

/** Options of {@link createHostedFields}. */
export interface HostedFieldsOptions {
  /** The gateway client. Required. */
  client: GatewayClient;
  /** The fields to create, by key. Required, with at least one field. */
  fields: Partial<Record<FieldKey, FieldOptions>>;
  /** Styles of the inputs (selector → property → value); only whitelisted entries reach the frames. */
  styles?: unknown;
  /** Where container selectors are resolved (a selector may point into a shadow root); `document` by default. */
  root?: Document | ShadowRoot;
  /** Title (accessible name) of a field's frame; `Secure <label> input frame` by default. */
  frameTitle?: (field: FieldKey) => string;
  /** Loads the non-minified frame page. */
  debug?: boolean;
  /**
   * Aborting it before every frame is ready gives up: the frames, the listener and the timers go,
   * and the promise rejects with the signal's reason. Aborting it later changes nothing.
   */
  signal?: AbortSignal;
}

function required(option: 'client' | 'fields'): PanelError {
  return createError('INSTANTIATION_OPTION_REQUIRED', { option, component: 'Hosted Fields' });
}

function resolveContainer(container: unknown, root: Document | ShadowRoot): Element | null {
  if (container instanceof Element) return container;
  if (typeof container !== 'string') return null;
  try {
    return root.querySelector(container);
  } catch {
    // An invalid selector is the merchant's mistake, reported like one that matches nothing.
    return null;
  }
}

/** The option checks, in order, before any frame is made. */
function checkFields(options: HostedFieldsOptions): [FieldKey, FieldOptions, Element][] {
  const { client, fields, root = document } = (options as Partial<HostedFieldsOptions> | undefined) ?? {};
  if (!client) throw required('client');
  const entries = fields
    ? Object.entries<FieldOptions | undefined>(fields).filter(
        (entry): entry is [string, FieldOptions] => entry[1] !== undefined,
      )
    : [];
  if (entries.length === 0) throw required('fields');
  const used = new Set<Element>();
  return entries.map(([key, field]) => {
    if (!isFieldKey(key)) throw createError('HOSTED_FIELDS_INVALID_FIELD_KEY', { field: key });
    const container = resolveContainer((field as Partial<FieldOptions> | null)?.container, root);
    if (!container) throw createError('HOSTED_FIELDS_INVALID_FIELD_SELECTOR', undefined, { field: key });
    if (used.has(container) || container.querySelector(`iframe.${HOSTED_FIELD_FRAME_CLASS}`)) {
      throw createError('HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME', undefined, { field: key });
    }
    used.add(container);
    for (const property of ['maxlength', 'minlength'] as const) {
      if (field[property] !== undefined && !Number.isFinite(field[property])) {
        throw createError('HOSTED_FIELDS_FIELD_PROPERTY_INVALID', { property }, { field: key });
      }
    }
    return [key, field, container];
  });
}

/**
 * The instance, its `tokenize` reading its options as the tokenizing frame will: a `billingAddress`
 * the frame would refuse (not text, too long), which would make it drop the whole request and leave
 * the shopper waiting for the time-out, is `INVALID_OPTION` at once, and nothing is asked. A `reuse`
 * the frame would refuse is left out: the frame then tokenizes what the fields hold, which is always
 * right.
 */
function withCheckedTokenize(instance: HostedFields): HostedFields {
  const tokenize = instance.tokenize.bind(instance);
  const invalid = (reason: string): Promise<never> =>
    Promise.reject(createError('INVALID_OPTION', { option: 'billingAddress' }, { reason }));
  return Object.assign(instance, {
    tokenize(options?: unknown) {
      // Read loosely, as the drop-in does: plain-JavaScript merchants can pass anything. What is
      // read is what is sent, so a getter cannot answer differently the second time.
      let vault: unknown;
      let read: Record<string, string> | undefined;
      let reuse: unknown;
      try {
        let address: unknown;
        if (isObject(options)) ({ vault, billingAddress: address, reuse } = options);
        const checked = address === undefined ? undefined : billingAddress(address);
        if (checked === INVALID) return invalid(refusal(billingAddress, address));
        read = checked;
      } catch {
        return invalid('the value cannot be read');
      }
      const nonce = reuse === undefined ? INVALID : shortText(reuse);
      return tokenize({
        vault: vault === true,
        ...(read ? { billingAddress: read } : {}),
        ...(nonce === INVALID ? {} : { reuse: nonce }),
      });
    },
  });
}

/**
 * Creates hosted fields: checks the options, appends one frame per field to its
 * container and resolves when every frame has reported ready and been configured.
 *
 * Rejects with `INSTANTIATION_OPTION_REQUIRED`, `HOSTED_FIELDS_INVALID_FIELD_KEY`,
 * `HOSTED_FIELDS_INVALID_FIELD_SELECTOR`, `HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME`,
 * `HOSTED_FIELDS_FIELD_PROPERTY_INVALID` (before any frame is made), `INCOMPATIBLE_VERSIONS` (a frame
 * of another version), the error a frame reports, the reason of an aborted `signal`, or, for frames
 * that cannot load, `HOSTED_FIELDS_FRAME_LOAD_FAILED` or `HOSTED_FIELDS_TIMEOUT` ({@link watchFrames}).
 * The instance's `tokenize` refuses a `billingAddress` that is not text by key with `INVALID_OPTION`;
 * after its `teardown()`, every method fails with `METHOD_CALLED_AFTER_TEARDOWN` (`tokenize` and
 * `teardown` reject with it, the others throw it).
 */
export function createHostedFields(options: HostedFieldsOptions): Promise<HostedFields> {
  let opened: OpenedHostedFields;
  try {
    const checked = checkFields(options);
    const { client, signal } = options;
    // An abort's reason is the caller's (an AbortError unless they give their own).
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    opened = openHostedFields({
      frameFolder: frameFolderOf(client),
      fields: Object.fromEntries(checked.map(([key, field, container]) => [key, { ...field, container }])),
      styles: filterStyles(options.styles),
      ...(options.frameTitle ? { frameTitle: options.frameTitle } : {}),
      ...(options.debug ? { debug: true } : {}),
    });
    // Aborted later, it gives up until the frames are ready (`abandon` changes nothing after).
    signal?.addEventListener('abort', () => {
      opened.abandon(signal.reason as Error);
    });
    opened.connect(client);
    watchFrames(opened);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  // `tokenize` reads its options before it reaches the refusal, as it always has.
  return opened.ready.then((instance) =>
    withCheckedTokenize(refuseAfterTeardown(instance, opened, { promised: ['tokenize', 'teardown'] })),
  );
}
