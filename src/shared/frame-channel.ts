/**
 * The cross-frame message channel shared by the page and the frames (docs/architecture.md,
 * "Frames and their channel").
 *
 * Every message travels in an envelope `{protocol, channel, message}` on a per-instance channel.
 * A receiver first checks the sender's origin and window, then the envelope and channel, and only
 * then reads the message, which must match its direction's union (`frame-messages.ts`). Senders
 * always name the exact target origin, never `*`. Nothing here depends on a schema library: the
 * frames import this module and must stay small.
 * @packageDocumentation
 */

/** Marks the panel's envelopes among other messages a window receives. */
export const PROTOCOL_NAME = 'payment-panel';

/** The frame pages of the panel, by the role they play. */
export const FRAME_KINDS = ['hosted-fields', 'three-d-secure-bank', 'three-d-secure-complete'] as const;

/** Role of a frame page. */
export type FrameKind = (typeof FRAME_KINDS)[number];

/** Longest free text a message may carry (labels, placeholders, class names, payload fields…). */
export const SHORT_TEXT_MAX_LENGTH = 2000;

const CHANNEL_ID_PATTERN = /^[0-9a-f-]{36}$/;

/** A fresh channel id (UUID v4). */
export function createChannelId(): string {
  return crypto.randomUUID();
}

/** Whether a string is a well-formed channel id. */
export function isChannelId(value: unknown): value is string {
  return typeof value === 'string' && CHANNEL_ID_PATTERN.test(value);
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
  /** Reads the message: the message itself, or `null` when it has the wrong shape. */
  parse: (data: unknown) => M | null;
}

/**
 * Opens a message from a trusted sender, or returns `null` for anything else: wrong origin, wrong
 * window, wrong channel, wrong shape. Reads nothing of `event.data` before origin and window pass.
 */
export function openMessage<M>(event: MessageEvent, expected: ExpectedSender<M>): M | null {
  if (event.origin !== expected.origin) return null;
  const source = expected.source();
  if (source === null || event.source !== source) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const envelope = data as Record<string, unknown>;
  if (!Object.hasOwn(envelope, 'protocol') || envelope.protocol !== PROTOCOL_NAME) return null;
  if (!Object.hasOwn(envelope, 'channel') || !isChannelId(envelope.channel)) return null;
  if (envelope.channel !== expected.channel) return null;
  return Object.hasOwn(envelope, 'message') ? expected.parse(envelope.message) : null;
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
