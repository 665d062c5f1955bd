/**
 * Small HTTP helpers shared by the sandbox gateway's modules: the reply value handlers return,
 * JSON error bodies, and writing a reply to a `ServerResponse`.
 * @packageDocumentation
 */
import type { ServerResponse } from 'node:http';

/** What a route handler answers; the gateway turns it into an HTTP response. */
export interface Reply {
  /** HTTP status code. */
  status: number;
  /** JSON-serialisable body; omitted for 204. */
  body?: unknown;
  /** A body of another format, sent as it is instead of `body`; its `content-type` goes in `headers`. */
  text?: string;
  /** A binary body (an image), sent as it is instead of `body` or `text`; its `content-type` goes in `headers`. */
  bytes?: Uint8Array;
  /** Extra response headers. */
  headers?: Readonly<Record<string, string>>;
}

/** One field error of the gateway's validation convention. */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** Headers on every response of the gateway. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
};

/** A JSON reply. */
export function jsonReply(status: number, body: unknown): Reply {
  return { status, body };
}

/**
 * Where the sandbox's top-level pages take their site icon from, which Firefox and WebKit ask for on every page: a
 * control path, so the request is never logged or faulted.
 */
export const SANDBOX_ICON_PATH = '/sandbox/favicon.ico';

/** The `<link>` in the head of every top-level sandbox page: the browser asks for the icon there and nowhere else. */
export const SANDBOX_ICON_LINK = `<link rel="icon" href="${SANDBOX_ICON_PATH}">`;

/**
 * An HTML page (with {@link SANDBOX_ICON_LINK} in its head). It loads nothing else, so its policy allows nothing but
 * its own inline style and the icon.
 */
export function htmlReply(status: number, html: string): Reply {
  return {
    status,
    text: html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'",
      'x-content-type-options': 'nosniff',
    },
  };
}

/** A transparent 1×1 GIF: what a tracking pixel answers. */
export const ONE_PIXEL_GIF: Uint8Array = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

/** The transparent 1×1 GIF as a reply, fit to be an image of any page. */
export function pixelReply(): Reply {
  return {
    status: 200,
    bytes: ONE_PIXEL_GIF,
    headers: {
      'content-type': 'image/gif',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    },
  };
}

/** Text made safe to put into HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A reply with the gateway's `{error:{message}}` body, plus any extra top-level fields. */
export function errorReply(status: number, message: string, extra: Record<string, unknown> = {}): Reply {
  return { status, body: { error: { message }, ...extra } };
}

/**
 * A 422 reply in the client API's validation convention:
 * `{error:{message}, fieldErrors:[{field:<group>, fieldErrors:[{field, code, message}]}]}`.
 */
export function validationReply(
  errors: readonly FieldError[],
  group = 'creditCard',
  extra: Record<string, unknown> = {},
): Reply {
  const message = errors.map((error) => error.message).join('\n') || 'Validation failed';
  return errorReply(422, message, {
    fieldErrors: errors.length > 0 ? [{ field: group, fieldErrors: errors }] : [],
    ...extra,
  });
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True once nothing more can be written to the response. */
export function isFinished(res: ServerResponse): boolean {
  return res.headersSent || res.writableEnded || res.destroyed;
}

/**
 * Write a reply. `rawBody` replaces the serialised body (used by the `malformed` fault).
 * Does nothing when the response is already answered or its socket is gone.
 */
export function sendReply(res: ServerResponse, reply: Reply, rawBody?: string): void {
  if (isFinished(res)) return;
  res.statusCode = reply.status;
  for (const [name, value] of Object.entries({ ...BASE_HEADERS, ...reply.headers })) {
    res.setHeader(name, value);
  }
  // A 204 must not carry a body, whatever the handler put in it.
  if (reply.status === 204) {
    res.end();
    return;
  }
  res.end(
    rawBody ?? reply.bytes ?? reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)),
  );
}
