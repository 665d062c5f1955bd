/**
 * The cross-frame message channel shared by the page and the frames (DESIGN "Frame messages").
 *
 * Every message travels in an envelope `{protocol, channel, message}` on a per-instance channel.
 * A receiver first checks the sender's origin and window, then the envelope and channel, and only
 * then reads the message, which must match the discriminated union below. Senders always name the
 * exact target origin, never `*`.
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { PANEL_VERSION } from './build-constants';
import { CARD_BRAND_TYPES, type CardBrandType } from './card-brands';
import { FIELD_EVENT_TYPES, FIELD_KEYS, SETTABLE_ATTRIBUTES, type SettableAttribute } from './hosted-fields';

/** Marks the panel's envelopes among other messages a window receives. */
export const PROTOCOL_NAME = 'payment-panel';

/** The frame pages of the panel, by the role they play. */
export const FRAME_KINDS = ['hosted-fields', 'three-d-secure-bank', 'three-d-secure-complete'] as const;

/** Role of a frame page. */
export type FrameKind = (typeof FRAME_KINDS)[number];

const serializedError = z.object({
  name: z.literal('PanelError'),
  code: z.string(),
  type: z.string(),
  message: z.string(),
  details: z.optional(z.record(z.string(), z.unknown())),
});

const fieldKey = z.enum(FIELD_KEYS);

/** A field's state as it crosses frames. */
export const fieldState = z.object({
  isEmpty: z.boolean(),
  isValid: z.boolean(),
  isPotentiallyValid: z.boolean(),
  isFocused: z.boolean(),
});

const cardCandidate = z.object({
  type: z.enum(CARD_BRAND_TYPES as [CardBrandType, ...CardBrandType[]]),
  niceType: z.string(),
  code: z.object({ name: z.string(), size: z.number() }),
});

const shortText = z.string().check(z.maxLength(2000));

/** The card payload a hosted-fields frame hands the page: never card data, only the gateway's answer. */
export const cardPayload = z.object({
  nonce: shortText,
  type: z.literal('CreditCard'),
  description: shortText,
  details: z.object({
    cardType: shortText,
    lastTwo: shortText,
    lastFour: z.optional(shortText),
    bin: z.optional(shortText),
    expirationMonth: z.optional(shortText),
    expirationYear: z.optional(shortText),
    cardholderName: z.optional(shortText),
  }),
  binData: z.optional(z.record(z.string(), z.unknown())),
});

/** A card payload from a hosted-fields frame. */
export type CardPayload = z.infer<typeof cardPayload>;

/** Every message a frame sends to the page. */
export const frameToPageMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('frameReady'),
    frame: z.enum(FRAME_KINDS),
    version: z.string(),
    field: z.optional(fieldKey),
  }),
  z.object({ type: z.literal('frameError'), frame: z.enum(FRAME_KINDS), error: serializedError }),
  // Hosted fields: a field's state changed. `cards` only from the number field.
  z.object({
    type: z.literal('fieldEvent'),
    event: z.enum(FIELD_EVENT_TYPES),
    field: fieldKey,
    state: fieldState,
    cards: z.optional(z.array(cardCandidate).check(z.maxLength(8))),
  }),
  // Hosted fields: the shopper pressed Enter in a field.
  z.object({ type: z.literal('submitRequest'), field: fieldKey }),
  // Hosted fields: the answer to a `tokenize` request, from the tokenizing frame.
  z.object({
    type: z.literal('tokenizeResult'),
    requestId: z.string(),
    payload: z.optional(cardPayload),
    error: z.optional(serializedError),
  }),
]);

/** A message from a frame to the page. */
export type FrameToPageMessage = z.infer<typeof frameToPageMessage>;

const authField = z.union([
  z.object({ tokenizationKey: z.string() }),
  z.object({ authorizationFingerprint: z.string() }),
]);

/** Every message the page sends to a frame. */
export const pageToFrameMessage = z.discriminatedUnion('type', [
  // Hosted fields: how the frame's field looks and behaves.
  z.object({
    type: z.literal('configureField'),
    field: fieldKey,
    label: z.optional(shortText),
    placeholder: z.optional(shortText),
    maxlength: z.optional(z.number()),
    minlength: z.optional(z.number()),
    prefill: z.optional(shortText),
    styles: z.record(z.string(), z.record(z.string(), z.string())),
  }),
  // Hosted fields: makes this frame the one that tokenizes, with the gateway to send the card to.
  z.object({
    type: z.literal('configureTokenizer'),
    fields: z.array(fieldKey),
    clientApiUrl: z.string(),
    authorization: authField,
    metadata: z.record(z.string(), z.string()),
    supportedCardTypes: z.array(z.string()),
  }),
  z.object({
    type: z.literal('tokenize'),
    requestId: z.string(),
    vault: z.boolean(),
    billingAddress: z.optional(z.record(z.string(), shortText)),
  }),
  z.object({
    type: z.literal('setAttribute'),
    field: fieldKey,
    attribute: z.enum(Object.keys(SETTABLE_ATTRIBUTES) as [SettableAttribute, ...SettableAttribute[]]),
    value: z.union([z.boolean(), shortText]),
  }),
  z.object({
    type: z.literal('removeAttribute'),
    field: fieldKey,
    attribute: z.enum(Object.keys(SETTABLE_ATTRIBUTES) as [SettableAttribute, ...SettableAttribute[]]),
  }),
  z.object({ type: z.literal('clearField'), field: fieldKey }),
  z.object({ type: z.literal('focusField'), field: fieldKey }),
  z.object({ type: z.literal('addClass'), field: fieldKey, className: shortText }),
  z.object({ type: z.literal('removeClass'), field: fieldKey, className: shortText }),
  // Hosted fields: a text for screen readers, e.g. the field's inline error.
  z.object({ type: z.literal('setMessage'), field: fieldKey, message: shortText }),
]);

/** A message from the page to a frame. */
export type PageToFrameMessage = z.infer<typeof pageToFrameMessage>;

const channelId = z.string().check(z.regex(/^[0-9a-f-]{36}$/));

const envelope = z.object({ protocol: z.literal(PROTOCOL_NAME), channel: channelId, message: z.unknown() });

/** A fresh channel id (UUID v4). */
export function createChannelId(): string {
  return crypto.randomUUID();
}

/** Whether a string is a well-formed channel id. */
export function isChannelId(value: unknown): value is string {
  return channelId.safeParse(value).success;
}

/** Wraps a message for the wire. */
export function wrap<M>(
  channel: string,
  message: M,
): { protocol: typeof PROTOCOL_NAME; channel: string; message: M } {
  return { protocol: PROTOCOL_NAME, channel, message };
}

/** What a receiver expects of a sender. */
export interface ExpectedSender<M> {
  /** Exact origin the message must come from. */
  origin: string;
  /** The window the message must come from (looked up per message: frames navigate). */
  source: () => MessageEventSource | null;
  /** The channel the envelope must name. */
  channel: string;
  /** Schema the message must match. */
  schema: z.ZodMiniType<M>;
}

/**
 * Opens a message from a trusted sender, or returns `null` for anything else: wrong origin, wrong
 * window, wrong channel, wrong shape. Reads nothing of `event.data` before origin and window pass.
 */
export function openMessage<M>(event: MessageEvent, expected: ExpectedSender<M>): M | null {
  if (event.origin !== expected.origin) return null;
  const source = expected.source();
  if (source === null || event.source !== source) return null;
  const outer = envelope.safeParse(event.data);
  if (!outer.success || outer.data.channel !== expected.channel) return null;
  const inner = expected.schema.safeParse(outer.data.message);
  return inner.success ? inner.data : null;
}

/** Parameters a frame page receives in its URL hash. */
export interface FrameParams {
  /** The channel of the panel instance that made the frame. */
  channel: string;
  /** Origin of the page that embeds the frame. */
  parentOrigin: string;
  /** Version of the page's panel. */
  version: string;
}

/** The hash of a frame URL that carries {@link FrameParams}. */
export function frameHash(params: FrameParams): string {
  return `#${new URLSearchParams({ channel: params.channel, origin: params.parentOrigin, version: params.version })}`;
}

/**
 * Reads {@link FrameParams} from a frame's URL hash (or, for pages a gateway redirects to, its query).
 * Returns `null` when any is missing or malformed.
 */
export function readFrameParams(search: string): FrameParams | null {
  const params = new URLSearchParams(search.replace(/^[#?]/, ''));
  const channel = params.get('channel');
  const parentOrigin = params.get('origin');
  const version = params.get('version');
  if (!isChannelId(channel) || parentOrigin === null || version === null) return null;
  try {
    if (new URL(parentOrigin).origin !== parentOrigin) return null;
  } catch {
    return null;
  }
  return { channel, parentOrigin, version };
}

/** The version frames compare pages against. */
export const FRAME_VERSION = PANEL_VERSION;
