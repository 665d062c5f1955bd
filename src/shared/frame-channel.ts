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

/** Every message a frame sends to the page. */
export const frameToPageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('frameReady'), frame: z.enum(FRAME_KINDS), version: z.string() }),
  z.object({ type: z.literal('frameError'), frame: z.enum(FRAME_KINDS), error: serializedError }),
]);

/** A message from a frame to the page. */
export type FrameToPageMessage = z.infer<typeof frameToPageMessage>;

/** Every message the page sends to a frame. */
export const pageToFrameMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);

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
