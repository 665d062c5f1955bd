/**
 * The messages of the 3D Secure frames (docs/architecture.md, "Frames and their channel"; docs/protocol.md,
 * "Version 1": the bank frame and the authentication-complete page).
 *
 * The bank frame and, after the bank has answered, the authentication-complete page load one after
 * the other in the same frame, on the assets origin, and talk to the page on the verification's
 * channel, in the envelope of `frame-channel.ts`:
 *
 * 1. bank frame → page: `frameReady` (from joining), then `bankFrameConfigurationRequest`;
 * 2. page → bank frame: `bankFrameConfiguration` (the bank's URL, PaReq, MD and the term URL);
 * 3. bank frame → page, only when it refuses the term URL: `frameError` (`THREEDS_TERM_URL_REQUIRES_DOMAIN`);
 * 4. the bank frame posts the form to the bank; the bank posts to the term URL; the gateway sends the
 *    frame to the authentication-complete page with the answer in its query;
 * 5. authentication-complete page → page: `authenticationComplete` with the parsed answer.
 *
 * Each side reads only what it receives, with the strict readers. Their builders have no side
 * effects, so a frame that imports this module for one of them does not ship the other.
 * @packageDocumentation
 */
import { wireError } from './frame-message-parts';
import {
  discriminated,
  nullable,
  oneOf,
  parseWith,
  record,
  string,
  unknownValue,
  type Infer,
} from './strict-readers';

/** The bank frame page under `{assetsUrl}/payment-panel/{version}/`, without `.min` and `.html`. */
export const THREE_D_SECURE_BANK_FRAME_PAGE = 'html/three-d-secure-bank-frame';

/**
 * The authentication-complete page under `{assetsUrl}/payment-panel/{version}/`. It has no
 * minified variant: the gateway is handed its URL, and it is the same in every build.
 */
export const THREE_D_SECURE_COMPLETE_PAGE = 'html/three-d-secure-authentication-complete-frame.html';

/** The query parameter of the authentication-complete page that carries the bank's answer (JSON). */
export const AUTH_RESPONSE_PARAM = 'auth_response';

/** Longest URL a configuration carries (the bank's URL, the term URL). */
export const THREE_D_SECURE_URL_MAX_LENGTH = 8192;

/** Longest PaReq or MD a configuration carries. */
export const THREE_D_SECURE_FIELD_MAX_LENGTH = 65_536;

const url = string(THREE_D_SECURE_URL_MAX_LENGTH);
const field = string(THREE_D_SECURE_FIELD_MAX_LENGTH);

/**
 * Reads the page's message to the bank frame: its configuration, in answer to its request, with
 * what the bank frame needs to send the shopper to the bank (docs/protocol.md, "Version 1").
 */
export const threeDSecurePageMessage = discriminated({
  bankFrameConfiguration: {
    /** The bank's access control server (ACS), where the form is posted: always `https:`. */
    acsUrl: url,
    /** The authentication request, posted as `PaReq`. */
    pareq: field,
    /** The merchant data, posted as `MD`; the bank posts it back to the term URL. */
    md: field,
    /** Where the bank posts its answer, posted as `TermUrl`: the gateway's, with the complete page's URL. */
    termUrl: url,
  },
});

/** A message from the page to the bank frame. */
export type ThreeDSecurePageMessage = Infer<typeof threeDSecurePageMessage>;

/** What the bank frame needs to send the shopper to the bank. */
export type BankFrameConfiguration = Omit<ThreeDSecurePageMessage, 'type'>;

/** Reads a message from a 3D Secure frame to the page. */
export const threeDSecureFrameMessage = discriminated({
  // The bank frame asks for its configuration; `version` is the frame's, which the page compares.
  bankFrameConfigurationRequest: { version: string(200) },
  // A frame gives up: the page is of another version, or the term URL is off the allow-list.
  frameError: {
    frame: oneOf(['three-d-secure-bank', 'three-d-secure-complete']),
    error: wireError,
  },
  // The bank has answered. `authResponse` is the gateway's JSON object, or `null` when the query
  // held none that could be read; the page reads it (`success`, `paymentMethod`, `threeDSecureInfo`, `error`).
  authenticationComplete: { authResponse: nullable(record(unknownValue)) },
});

/** A message from a 3D Secure frame to the page. */
export type ThreeDSecureFrameMessage = Infer<typeof threeDSecureFrameMessage>;

/** The frame pages of 3D Secure, by the role they play. */
export type ThreeDSecureFrameKind = Extract<ThreeDSecureFrameMessage, { type: 'frameError' }>['frame'];

/**
 * Reads the page's message in the bank frame, or returns `null` for anything that is not exactly
 * a configuration: every field a string, URLs and fields capped, unknown keys dropped. Whether the
 * URLs may be used is the frame's to check.
 */
export function parseThreeDSecurePageMessage(data: unknown): ThreeDSecurePageMessage | null {
  return parseWith(threeDSecurePageMessage, data);
}

/**
 * Reads a 3D Secure frame's message on the page, or returns `null` for anything that is not
 * exactly one: the error's code is the page's to check against the catalogue, and the bank's
 * answer is only known to be a plain object here.
 */
export function parseThreeDSecureFrameMessage(data: unknown): ThreeDSecureFrameMessage | null {
  return parseWith(threeDSecureFrameMessage, data);
}

/**
 * The `authenticationComplete` message of the authentication-complete page, from its query
 * (`?channel=…&origin=…&version=…&auth_response=<percent-encoded JSON>`).
 *
 * The query is read as browsers read a form query: pairs split at `&`, a name split from its value
 * at the first `=` only (a raw `=` stays in the value), `+` read as a space, percent-escapes
 * decoded as UTF-8 and a broken escape kept as it is; it starts at the first `?`. A gateway that
 * encodes the JSON with `encodeURIComponent` (`%20` for a space, `%2B` for a plus) or as a form
 * (`+` for a space) is read alike. The first `auth_response` counts.
 *
 * `authResponse` is `null` when the parameter is missing or is not the JSON of an object, so the
 * page still learns that the bank has answered and can report it.
 */
export function authenticationCompleteMessage(
  search: string,
): Extract<ThreeDSecureFrameMessage, { type: 'authenticationComplete' }> {
  const raw = new URLSearchParams(search.replace(/^\?/, '')).get(AUTH_RESPONSE_PARAM);
  let authResponse: Record<string, unknown> | null = null;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        authResponse = parsed as Record<string, unknown>;
      }
    } catch {
      // Not JSON: the page reports an answer it cannot read.
    }
  }
  return { type: 'authenticationComplete', authResponse };
}
