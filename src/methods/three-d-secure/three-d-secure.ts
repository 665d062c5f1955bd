/**
 * 3D Secure card verification, page side (docs/three-d-secure.md; docs/protocol.md, "3D Secure").
 *
 * Version 1: the lookup, and when the bank asks to authenticate the shopper, the bank frame on the
 * assets origin, which the merchant shows (`addFrame`) and hides (`removeFrame`) and which answers
 * on a channel of its own. Version 2 (EMV 3DS, when the gateway's configuration carries Cardinal's
 * JWT): Cardinal's Songbird collects the issuer's device data, the lookup sends the browser's
 * details, and the issuer's challenge, when it asks for one, is a frame Songbird hands over and the
 * merchant shows the same way. No card data is involved: only the nonce the card was tokenized to,
 * its BIN (version 2), and the nonce that comes back.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { PANEL_VERSION } from '../../shared/build-constants';
import { ANALYTICS_COMPONENT_PREFIX, SDK_VERSION, THREE_D_SECURE_FRAME_SIZE } from '../../shared/constants';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { PanelError, createError, panelErrorFromJSON, registerErrors } from '../../shared/errors';
import { createChannelId, frameHash, openMessage, wrap } from '../../shared/frame-channel';
import {
  THREE_D_SECURE_BANK_FRAME_PAGE,
  THREE_D_SECURE_COMPLETE_PAGE,
  parseThreeDSecureFrameMessage,
  type ThreeDSecurePageMessage,
} from '../../shared/three-d-secure-messages';
import { isObject as isRecord } from '../../shared/strict-readers';
import {
  UNREADABLE_LOOKUP_MESSAGE,
  readAuthResponse,
  readJwtAuthentication,
  readLookup2Answer,
  readLookupAnswer,
  readSongbirdVerdict,
  type Lookup2Answer,
  type Lookup2Challenge,
  type LookupAnswer,
  type LookupChallenge,
  type ThreeDSecureInfo,
  type ThreeDSecurePaymentMethod,
} from './responses';
import {
  holdSongbird,
  songbirdError,
  songbirdSettings,
  type SongbirdHandle,
  type SongbirdLink,
  type SongbirdSettings,
} from './songbird';
import type { ThreeDSecure2Options } from '../../model/options';
import { ACS_WINDOW_SIZES, acsWindowSizeOf, lookupFields } from './verify-options';
import {
  THREE_D_SECURE_2_ERRORS,
  THREE_D_SECURE_ERRORS,
} from '../../shared/errors/catalogues/three-d-secure';

// 3D Secure's codes reach this page with 3D Secure's file.
registerErrors(THREE_D_SECURE_ERRORS);
registerErrors(THREE_D_SECURE_2_ERRORS);

/**
 * The `sandbox` of the bank frame (version 1) and the issuer's frame (version 2), as tight as the
 * flows allow (docs/three-d-secure.md, "The frames' sandbox"): the bank's and issuer's pages run
 * script and post forms (the panel's bank frame posts the bank form; the issuer's page its
 * password), and keep their own origin, as their answer reaches the page by origin (the panel's
 * authentication-complete page, the issuer's last page to Songbird). Never popups, modals, top
 * navigation or downloads.
 */
export const THREE_D_SECURE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/** Options of {@link createThreeDSecure}. */
export interface ThreeDSecureOptions {
  /**
   * `2`: 3D Secure 2 through Cardinal's Songbird, which the gateway's configuration must offer
   * (`THREEDS_NOT_ENABLED_FOR_V2` otherwise). `1` (the default): the bank frame.
   */
  version?: 1 | 2;
  /** Loads the non-minified bank frame page. */
  debug?: boolean;
  /**
   * Title (accessible name) of the bank frame, or of the issuer's frame in version 2;
   * {@link DEFAULT_BANK_FRAME_TITLE} by default.
   */
  frameTitle?: string;
}

/**
 * Options of {@link ThreeDSecure.verifyCard}, read loosely: plain-JavaScript merchants can leave
 * out or mistype any of them, which fails with `THREEDS_MISSING_VERIFY_CARD_OPTION`.
 */
export interface VerifyCardOptions extends ThreeDSecure2Options {
  /** The nonce of the card to verify (a new card's, or a saved card's). Required. */
  nonce: string;
  /**
   * The card's BIN (its first six digits, `details.bin` of the tokenized card). Required in
   * version 2, where Songbird gives it to the issuer's device data collection; never sent in 1.
   */
  bin?: string;
  /** Amount of the transaction, e.g. `"10.00"`; a number is sent as it is. Required, not zero. */
  amount: string | number;
  /**
   * Shows the bank frame: called when the bank asks to authenticate the shopper, with `null` and
   * the frame to put on the page: the 400 × 400 bank frame, or in version 2 the issuer's, sized by
   * `additionalInformation.acsWindowSize`. Required.
   */
  addFrame: (error: PanelError | null, iframe: HTMLIFrameElement) => void;
  /** Hides the bank frame again: called once the verification ends after `addFrame`. Required. */
  removeFrame: () => void;
}

/**
 * The outcome of a verification (docs/protocol.md, "Version 1"). `nonce` replaces the card's nonce
 * for the payment; the flags tell whether the liability shifted to the card's bank.
 */
export interface VerifyCardResult {
  nonce: string;
  /** The card's details (`cardType`, `lastTwo`…), `{}` when the gateway sends none. */
  details: Record<string, unknown>;
  /** E.g. `ending in 11`, when the gateway sends one. */
  description?: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  /** The `threeDSecureInfo` the flags come from, with every field the gateway sent. */
  verificationDetails: ThreeDSecureInfo;
  /**
   * Version 2: the card's 3D Secure details (`status`, `enrolled`, `eciFlag`, `cavv`, `lookup` and
   * `authentication` `transStatus`…), the latest step's fields over the earlier ones'.
   */
  threeDSecureInfo?: ThreeDSecureInfo;
}

/**
 * 3D Secure bound to a client. One verification runs at a time. After {@link ThreeDSecure.teardown}
 * every call fails with `METHOD_CALLED_AFTER_TEARDOWN`.
 */
export interface ThreeDSecure {
  /**
   * Verifies a card: looks it up (`POST payment_methods/<nonce>/three_d_secure/lookup` with
   * `{amount}`); when the lookup names no bank page, resolves with the lookup's card and flags;
   * otherwise shows the bank frame through `addFrame`, waits for the bank's answer, calls
   * `removeFrame` and resolves with the authenticated card, or — authentication failed but a
   * shift stays possible — with the lookup's card and the answer's flags.
   *
   * Version 2 first waits for Songbird's set-up, has Songbird give the BIN to the issuer
   * (`bin.process`), then looks the card up with the browser's details, Songbird's session and the
   * options; a frictionless answer resolves at once, a challenge shows the issuer's frame through
   * `addFrame` (`Cardinal.continue`) and Songbird's verdict is authenticated by the gateway
   * (`authenticate_from_jwt`). A shopper cancelling the issuer's page resolves as
   * {@link ThreeDSecure.cancelVerifyCard} does.
   *
   * Rejects with `THREEDS_AUTHENTICATION_IN_PROGRESS` (another verification runs),
   * `THREEDS_MISSING_VERIFY_CARD_OPTION` (`details.option` names the first of `nonce`, `amount`,
   * `addFrame`, `removeFrame` missing, and `bin` in version 2), a client error of the lookup as it is,
   * `THREEDS_UNKNOWN_AUTH_RESPONSE` (the bank's answer is neither, with its error message; or an
   * answer or lookup that cannot be read), `INCOMPATIBLE_VERSIONS` (a bank frame of another version),
   * `THREEDS_TERM_URL_REQUIRES_DOMAIN` (the bank frame refuses the gateway's term URL), what
   * `addFrame` throws (an `Error` as it is, anything else wrapped in one), or
   * `METHOD_CALLED_AFTER_TEARDOWN`. In version 2 instead of the lookup's client error:
   * `THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR` (404), `THREEDS_LOOKUP_VALIDATION_ERROR` (422),
   * `THREEDS_LOOKUP_ERROR` (any other failure, or an answer that cannot be read), each with the
   * original in `details.originalError`; and Songbird's `THREEDS_CARDINAL_SDK_…` errors (its
   * script did not load or set itself up, or its `ErrorNumber`), `THREEDS_INLINE_IFRAME_DETAILS_INCORRECT`
   * or `THREEDS_JWT_AUTHENTICATION_FAILED`. A cancelled verification resolves as
   * {@link ThreeDSecure.cancelVerifyCard} does.
   */
  verifyCard(options: VerifyCardOptions): Promise<VerifyCardResult>;
  /**
   * Ends the verification waiting for the bank: removes the frame (`removeFrame`) and resolves
   * both this call and the running `verifyCard` with the lookup's card and the flags of its own
   * `threeDSecureInfo` (the lookup's flags when it has none), so the payment can go on unverified.
   * Rejects with `THREEDS_NO_VERIFICATION_PAYLOAD` when no verification waits for the bank (none
   * runs, or its lookup has not answered), or `METHOD_CALLED_AFTER_TEARDOWN`.
   */
  cancelVerifyCard(): Promise<VerifyCardResult>;
  /**
   * Ends a running verification (it rejects with `METHOD_CALLED_AFTER_TEARDOWN`, and its frame is
   * removed through `removeFrame`) and makes every later call fail. Calling it again does nothing.
   */
  teardown(): void;
}

/** Title of the bank frame unless the caller names it (the panel passes its localized text). */
export const DEFAULT_BANK_FRAME_TITLE = 'Card verification';

/** Class of the bank frame; its name is this class followed by `-<channel>`. */
export const BANK_FRAME_CLASS = 'payment-panel-three-d-secure-frame';

/** Names of the options in the `{option}` of `THREEDS_MISSING_VERIFY_CARD_OPTION`, in the order checked. */
const OPTION_NAMES = {
  nonce: 'a nonce',
  amount: 'an amount',
  addFrame: 'an addFrame function',
  removeFrame: 'a removeFrame function',
  bin: 'a bin',
} as const;

type VerifyCardOption = keyof typeof OPTION_NAMES;

/** A verification as the component tracks it. */
interface Verification {
  /** Whether it has ended. */
  ended(): boolean;
  /** Ends it with a result or an error, once. */
  finish(outcome: { value: VerifyCardResult } | { error: Error }): void;
  /** Runs `cleanup` when it ends. */
  onFinish(cleanup: () => void): void;
  /** The result a cancellation ends it with; set once the bank frame is handed to `addFrame`. */
  cancelResult?: () => VerifyCardResult;
}

/** What the lookup takes as an amount: a non-empty string or a finite number other than zero. */
function isAmount(value: unknown): value is string | number {
  return (
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value) && value !== 0)
  );
}

/** The first option of `options` that is missing or of the wrong kind, in the order the checks below run. */
function missingOption(options: Record<string, unknown>, version: 1 | 2): VerifyCardOption | undefined {
  if (typeof options.nonce !== 'string' || options.nonce === '') return 'nonce';
  if (!isAmount(options.amount)) return 'amount';
  if (typeof options.addFrame !== 'function') return 'addFrame';
  if (typeof options.removeFrame !== 'function') return 'removeFrame';
  if (version === 2 && (typeof options.bin !== 'string' || !/^\d{6,8}$/.test(options.bin))) return 'bin';
  return undefined;
}

/**
 * A version 2 result: the card with the flags of the step that decided, and the card's details
 * with each later step's fields over the earlier ones'.
 */
function result2Of(
  method: ThreeDSecurePaymentMethod,
  ...steps: (ThreeDSecureInfo | undefined)[]
): VerifyCardResult {
  const decided = steps.at(-1) ?? { liabilityShifted: false, liabilityShiftPossible: false };
  const result = resultOf(method, decided);
  result.threeDSecureInfo = Object.assign({}, ...steps, {
    liabilityShifted: decided.liabilityShifted,
    liabilityShiftPossible: decided.liabilityShiftPossible,
  }) as ThreeDSecureInfo;
  return result;
}

/**
 * What the lookup learns of the browser, for the issuer's risk assessment (docs/protocol.md, "Version 2").
 */
function browserFields(): Record<string, unknown> {
  return {
    browserColorDepth: screen.colorDepth,
    // No browser runs Java applets any more (`navigator.javaEnabled()` is always false).
    browserJavaEnabled: false,
    browserJavascriptEnabled: true,
    browserLanguage: navigator.language,
    browserScreenHeight: screen.height,
    browserScreenWidth: screen.width,
    browserTimeZone: new Date().getTimezoneOffset(),
    deviceChannel: 'Browser',
  };
}

/**
 * The issuer's frame out of the HTML Songbird hands over, rebuilt: a new frame of the panel's own
 * with the `https:` address of the HTML's one frame and nothing else of it (no `srcdoc`, no event
 * handler attribute, no name), sandboxed, titled and sized for the window asked for. `null` when
 * the HTML holds no single frame, or one that is not an `https:` page (a `srcdoc`, a relative,
 * `javascript:` or `data:` address).
 */
function issuerFrame(html: string, title: string, options: ThreeDSecure2Options): HTMLIFrameElement | null {
  // A template's content is inert: nothing in it loads or runs while it is read.
  const template = document.createElement('template');
  template.innerHTML = html;
  const frames = template.content.querySelectorAll('iframe');
  const given = frames.length === 1 ? frames[0] : undefined;
  const src = given?.getAttribute('src');
  if (!given || !src || given.hasAttribute('srcdoc')) return null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', THREE_D_SECURE_FRAME_SANDBOX);
  frame.src = url.href;
  const size = ACS_WINDOW_SIZES[acsWindowSizeOf(options)];
  frame.title = title;
  frame.className = BANK_FRAME_CLASS;
  // Full screen (`05`) has no size of its own: the page that shows the frame gives it the viewport
  // (the panel's modal does, by this attribute).
  frame.dataset.acsWindowSize = acsWindowSizeOf(options);
  if (size) {
    frame.width = String(size.width);
    frame.height = String(size.height);
  }
  frame.setAttribute('frameborder', '0');
  return frame;
}

/** The lookup's error code for an HTTP status (docs/protocol.md, "Version 2"). */
function lookupErrorCode(
  error: unknown,
):
  | 'THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR'
  | 'THREEDS_LOOKUP_VALIDATION_ERROR'
  | 'THREEDS_LOOKUP_ERROR' {
  const status =
    error instanceof PanelError && isRecord(error.details) ? error.details.httpStatus : undefined;
  if (status === 404) return 'THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR';
  if (status === 422) return 'THREEDS_LOOKUP_VALIDATION_ERROR';
  return 'THREEDS_LOOKUP_ERROR';
}

/** A result from a card and the flags that go with it. */
function resultOf(method: ThreeDSecurePaymentMethod, info: ThreeDSecureInfo): VerifyCardResult {
  const result: VerifyCardResult = {
    nonce: method.nonce,
    details: { ...method.details },
    liabilityShifted: info.liabilityShifted,
    liabilityShiftPossible: info.liabilityShiftPossible,
    verificationDetails: { ...info },
  };
  if (method.description !== undefined) result.description = method.description;
  return result;
}

/** What a merchant callback threw, as the error a verification rejects with. */
function thrownError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** Reports a merchant callback's failure without letting it change the verification's outcome. */
function reportLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}

/**
 * Creates 3D Secure for a client and sends the `threedsecure.initialized` analytics event. Version
 * 2 starts loading and setting up Songbird at once: its device data collection takes a while.
 * @param client - the gateway client; its authorization must be a client token
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without a client;
 *   `THREEDS_UNRECOGNIZED_VERSION` for a `version` other than 1 or 2;
 *   `THREEDS_CAN_NOT_USE_TOKENIZATION_KEY` with a tokenization key; `THREEDS_NOT_ENABLED` when the
 *   configuration's `threeDSecureEnabled` is not `true`; `THREEDS_HTTPS_REQUIRED` when its
 *   `environment` is `production` and the page is not served over HTTPS;
 *   `THREEDS_NOT_ENABLED_FOR_V2` for version 2 when the configuration's `threeDSecure` carries no
 *   `cardinalAuthenticationJWT`.
 */
export function createThreeDSecure(client: GatewayClient, options: ThreeDSecureOptions = {}): ThreeDSecure {
  // Read loosely: plain-JavaScript callers can leave the client out.
  if (!(client as GatewayClient | undefined)) {
    throw createError('INSTANTIATION_OPTION_REQUIRED', { option: 'client', component: '3D Secure' });
  }
  // Read loosely, as the merchant's options are.
  const settings: ThreeDSecureOptions = isRecord(options) ? options : {};
  const version: unknown = settings.version ?? 1;
  if (version !== 1 && version !== 2) {
    throw createError('THREEDS_UNRECOGNIZED_VERSION', { version: String(version) });
  }
  if (client.authorization.kind === 'TOKENIZATION_KEY') {
    throw createError('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY');
  }
  const gateway = client.configuration.gatewayConfiguration;
  if (gateway.threeDSecureEnabled !== true) throw createError('THREEDS_NOT_ENABLED');
  if (gateway.environment === 'production' && location.protocol !== 'https:') {
    throw createError('THREEDS_HTTPS_REQUIRED');
  }
  let songbird: SongbirdSettings | null = null;
  if (version === 2) {
    songbird = songbirdSettings(client);
    if (!songbird) throw createError('THREEDS_NOT_ENABLED_FOR_V2');
  }
  const { assetsUrl } = gateway;
  const assetsOrigin = new URL(assetsUrl).origin;
  const frameBase = `${assetsUrl}/payment-panel/${PANEL_VERSION}/`;
  const frameTitle =
    typeof settings.frameTitle === 'string' && settings.frameTitle !== ''
      ? settings.frameTitle
      : DEFAULT_BANK_FRAME_TITLE;
  let tornDown = false;
  let active: Verification | undefined;

  const analytics = (event: string): void => {
    client.analytics.send(`threedsecure.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };

  /** Songbird for this instance: held from now on, and held anew after a set-up that failed. */
  let held: SongbirdHandle | null = null;
  const holdFor = (wanted: SongbirdSettings): SongbirdHandle => {
    const handle = holdSongbird(wanted);
    handle.ready.then(
      () => {
        analytics('cardinal-sdk.init.setup-completed');
      },
      () => {
        analytics('cardinal-sdk.init.setup-failed');
        // The next verification tries again: a script that did not load may load then.
        if (held === handle) {
          handle.release();
          held = null;
        }
      },
    );
    return handle;
  };
  if (songbird) held = holdFor(songbird);
  const songbirdLink = (): Promise<SongbirdLink> => {
    if (!songbird) return Promise.reject(createError('THREEDS_NOT_ENABLED_FOR_V2'));
    // Another merchant's panel set Songbird up with its JWT since: this one sets it up anew.
    if (held?.stale()) {
      held.release();
      held = null;
    }
    held ??= holdFor(songbird);
    return held.ready;
  };

  const bankFrameUrl = (channel: string): string =>
    `${frameBase}${THREE_D_SECURE_BANK_FRAME_PAGE}${settings.debug === true ? '' : '.min'}.html${frameHash({
      channel,
      parentOrigin: location.origin,
      version: PANEL_VERSION,
    })}`;

  /**
   * The term URL the bank frame posts to the bank: the gateway's, with the version
   * of the SDK whose protocol the panel speaks (the gateway knows SDK versions, not the panel's, as
   * in `_meta.sdkVersion`) and the URL the gateway sends the frame to once the bank has answered,
   * to which it appends `auth_response=…`. That URL carries the channel, the page's origin (the
   * only place the complete page can learn where to post) and the panel's version, as the bank
   * frame's hash does: the complete page is one of the panel's frames.
   */
  const termUrlFor = (gatewayTermUrl: string, channel: string): string => {
    const params = frameHash({ channel, parentOrigin: location.origin, version: PANEL_VERSION }).slice(1);
    const completeBaseUrl = `${frameBase}${THREE_D_SECURE_COMPLETE_PAGE}?${params}&`;
    // The reference appends with `&` blindly; a term URL without a query still gets a valid one.
    const separator = gatewayTermUrl.includes('?') ? '&' : '?';
    return `${gatewayTermUrl}${separator}three_d_secure_version=${encodeURIComponent(
      SDK_VERSION,
    )}&authentication_complete_base_url=${encodeURIComponent(completeBaseUrl)}`;
  };

  /** POSTs to a 3D Secure endpoint; what is not a client error becomes `CLIENT_GATEWAY_NETWORK`. */
  const post = async (
    name: 'threeDSecureLookup' | 'threeDSecureAuthenticateFromJwt',
    nonce: string,
    data: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> => {
    try {
      return (
        await client.request({
          method: ENDPOINTS[name].method,
          endpoint: endpointPath(name, { nonce }),
          data,
          signal,
        })
      ).data;
    } catch (error) {
      // Client errors (and a teardown's abort, which nobody waits for any more) stay as they are.
      if (signal.aborted || error instanceof PanelError) throw error;
      throw createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error });
    }
  };

  const lookUp = async (
    nonce: string,
    amount: string | number,
    signal: AbortSignal,
  ): Promise<LookupAnswer> => {
    const data = await post('threeDSecureLookup', nonce, { amount }, signal);
    const answer = readLookupAnswer(data);
    if (!answer) {
      throw createError(
        'THREEDS_UNKNOWN_AUTH_RESPONSE',
        { message: UNREADABLE_LOOKUP_MESSAGE },
        { originalError: data },
      );
    }
    return answer;
  };

  /**
   * The lookup of version 2 (docs/protocol.md, "Version 2"), its failures as the provider's lookup errors.
   */
  const lookUp2 = async (
    body: Record<string, unknown>,
    nonce: string,
    signal: AbortSignal,
  ): Promise<Lookup2Answer> => {
    let data: unknown;
    try {
      data = await post('threeDSecureLookup', nonce, body, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw createError(lookupErrorCode(error), undefined, { originalError: error });
    }
    const answer = readLookup2Answer(data);
    if (!answer) throw createError('THREEDS_LOOKUP_ERROR', undefined, { originalError: data });
    return answer;
  };

  /**
   * One verification: `flow` does its work and ends it through `verification.finish`, once; the
   * frame it shows is removed then, and an error it throws ends it too.
   */
  const run = (
    removeFrame: VerifyCardOptions['removeFrame'],
    flow: (
      verification: Verification,
      signal: AbortSignal,
      showFrame: (show: () => void) => void,
    ) => Promise<void>,
  ): Promise<VerifyCardResult> =>
    new Promise<VerifyCardResult>((resolve, reject) => {
      const controller = new AbortController();
      let settled = false;
      let frameShown = false;
      const cleanups: (() => void)[] = [];

      const verification: Verification = {
        ended: () => settled,
        onFinish(cleanup) {
          cleanups.push(cleanup);
        },
        finish(outcome) {
          if (settled) return;
          settled = true;
          for (const cleanup of cleanups.splice(0)) cleanup();
          controller.abort();
          if (active === verification) active = undefined;
          if (frameShown) {
            try {
              removeFrame();
            } catch (error) {
              reportLater(error);
            }
          }
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.value);
        },
      };
      active = verification;

      // The merchant's `addFrame`: from now on `removeFrame` is owed, and what it throws ends it.
      const showFrame = (show: () => void): void => {
        frameShown = true;
        try {
          show();
        } catch (error) {
          verification.finish({ error: thrownError(error) });
        }
      };

      flow(verification, controller.signal, showFrame).catch((error: unknown) => {
        verification.finish({
          error:
            error instanceof Error
              ? error
              : createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error }),
        });
      });
    });

  /** Version 1: the lookup, then the bank frame when the bank asks for the shopper. */
  const verify1 = (
    nonce: string,
    amount: string | number,
    addFrame: VerifyCardOptions['addFrame'],
    removeFrame: VerifyCardOptions['removeFrame'],
  ): Promise<VerifyCardResult> =>
    run(removeFrame, async (verification, signal, showFrame) => {
      const fail = (error: PanelError): void => {
        verification.finish({ error });
      };

      const challenge = (answer: LookupAnswer, bank: LookupChallenge): void => {
        const channel = createChannelId();
        const iframe = document.createElement('iframe');
        iframe.setAttribute('sandbox', THREE_D_SECURE_FRAME_SANDBOX);
        iframe.src = bankFrameUrl(channel);
        iframe.name = `${BANK_FRAME_CLASS}-${channel}`;
        iframe.title = frameTitle;
        iframe.className = BANK_FRAME_CLASS;
        iframe.width = String(THREE_D_SECURE_FRAME_SIZE.width);
        iframe.height = String(THREE_D_SECURE_FRAME_SIZE.height);
        iframe.setAttribute('frameborder', '0');
        let configured = false;

        const configure = (): void => {
          // Once: a bank frame that asks again has already sent the shopper to the bank.
          if (configured) return;
          configured = true;
          const message: ThreeDSecurePageMessage = {
            type: 'bankFrameConfiguration',
            acsUrl: bank.acsUrl,
            pareq: bank.pareq,
            md: bank.md,
            termUrl: termUrlFor(bank.termUrl, channel),
          };
          iframe.contentWindow?.postMessage(wrap(channel, message), assetsOrigin);
        };

        const onMessage = (event: MessageEvent): void => {
          const message = openMessage(event, {
            origin: assetsOrigin,
            source: () => iframe.contentWindow,
            channel,
            parse: parseThreeDSecureFrameMessage,
          });
          if (!message) return;
          switch (message.type) {
            case 'bankFrameConfigurationRequest':
              if (message.version !== PANEL_VERSION) {
                fail(
                  createError('INCOMPATIBLE_VERSIONS', {
                    clientVersion: PANEL_VERSION,
                    component: 'three-d-secure-bank',
                    componentVersion: message.version,
                  }),
                );
                return;
              }
              configure();
              return;
            case 'frameError': {
              // Only catalogue errors: a code the page does not know cannot be told to the merchant.
              const error = panelErrorFromJSON(message.error);
              if (error) fail(error);
              return;
            }
            case 'authenticationComplete': {
              const outcome = readAuthResponse(message.authResponse);
              if (outcome.kind === 'authenticated') {
                verification.finish({ value: resultOf(outcome.paymentMethod, outcome.threeDSecureInfo) });
              } else if (outcome.kind === 'lookupMethod') {
                verification.finish({ value: resultOf(answer.paymentMethod, outcome.threeDSecureInfo) });
              } else {
                fail(createError('THREEDS_UNKNOWN_AUTH_RESPONSE', { message: outcome.message }));
              }
            }
          }
        };
        window.addEventListener('message', onMessage);
        verification.onFinish(() => {
          window.removeEventListener('message', onMessage);
        });
        verification.cancelResult = () =>
          resultOf(answer.paymentMethod, answer.paymentMethod.threeDSecureInfo ?? answer.threeDSecureInfo);
        showFrame(() => {
          addFrame(null, iframe);
        });
      };

      const answer = await lookUp(nonce, amount, signal);
      if (verification.ended()) return;
      if (answer.challenge) challenge(answer, answer.challenge);
      else verification.finish({ value: resultOf(answer.paymentMethod, answer.threeDSecureInfo) });
    });

  /**
   * Version 2: Songbird's set-up and the issuer's device data, the lookup, and the issuer's
   * challenge when the lookup asks for one.
   */
  const verify2 = (given: VerifyCardOptions): Promise<VerifyCardResult> =>
    run(given.removeFrame, async (verification, signal, showFrame) => {
      const started = Date.now();
      const link = await songbirdLink();
      if (verification.ended()) return;
      const cardinalElapsed = Date.now() - started;
      // The issuer collects its device data for the BIN; a failure there does not stop the lookup.
      const binStarted = Date.now();
      let binProcessed = false;
      try {
        const outcome: unknown = await link.cardinal.trigger('bin.process', given.bin ?? '');
        binProcessed = isRecord(outcome) && outcome.Status === true;
      } catch {
        binProcessed = false;
      }
      if (verification.ended()) return;
      const body: Record<string, unknown> = {
        amount: given.amount,
        bin: given.bin,
        dfReferenceId: link.dfReferenceId,
        ...lookupFields(given),
        clientMetadata: {
          requestedThreeDSecureVersion: '2',
          sdkVersion: `web/${SDK_VERSION}`,
          cardinalDeviceDataCollectionTimeElapsed: cardinalElapsed,
          issuerDeviceDataCollectionTimeElapsed: Date.now() - binStarted,
          issuerDeviceDataCollectionResult: binProcessed,
        },
        ...browserFields(),
      };
      const answer = await lookUp2(body, given.nonce, signal);
      if (verification.ended()) return;
      const lookupInfo = answer.paymentMethod.threeDSecureInfo;
      if (!answer.challenge) {
        analytics('verification-flow.challenge-presented.false');
        verification.finish({ value: result2Of(answer.paymentMethod, lookupInfo, answer.threeDSecureInfo) });
        return;
      }
      challenge2(verification, link, answer, answer.challenge, given, signal, showFrame);
    });

  const challenge2 = (
    verification: Verification,
    link: SongbirdLink,
    answer: Lookup2Answer,
    issuer: Lookup2Challenge,
    given: VerifyCardOptions,
    signal: AbortSignal,
    showFrame: (show: () => void) => void,
  ): void => {
    const lookupMethod = answer.paymentMethod;
    const lookupInfo = lookupMethod.threeDSecureInfo ?? answer.threeDSecureInfo;
    const fail = (error: PanelError): void => {
      verification.finish({ error });
    };
    const authenticate = async (jwt: string): Promise<void> => {
      let data: unknown;
      try {
        data = await post(
          'threeDSecureAuthenticateFromJwt',
          lookupMethod.nonce,
          { jwt, paymentMethodNonce: lookupMethod.nonce },
          signal,
        );
      } catch (error) {
        if (signal.aborted) return;
        fail(createError('THREEDS_JWT_AUTHENTICATION_FAILED', undefined, { originalError: error }));
        return;
      }
      const read = readJwtAuthentication(data);
      if (!read) {
        fail(createError('THREEDS_JWT_AUTHENTICATION_FAILED', undefined, { originalError: data }));
        return;
      }
      const method = read.paymentMethod ?? lookupMethod;
      verification.finish({
        value: result2Of(method, lookupInfo, read.paymentMethod?.threeDSecureInfo, read.threeDSecureInfo),
      });
    };
    // Songbird's 3D Secure method frames (`suppress`): hidden, on the page for the verification's time.
    const hidden: HTMLElement[] = [];
    const stop = link.listen({
      validated(data, jwt) {
        const verdict = readSongbirdVerdict(data, jwt);
        if (verdict.kind === 'cancelled') {
          analytics('verification-flow.canceled');
          verification.finish({
            value: verification.cancelResult?.() ?? result2Of(lookupMethod, lookupInfo),
          });
        } else if (verdict.kind === 'answered') {
          void authenticate(verdict.jwt);
        } else {
          fail(songbirdError(verdict.errorNumber, verdict.description));
        }
      },
      inline(html, details, resolve, reject) {
        const read = isRecord(details) ? details : {};
        const mode = isRecord(read.data) ? read.data.mode : undefined;
        const frame =
          typeof html === 'string' && read.paymentType === 'CCA'
            ? issuerFrame(html, frameTitle, given)
            : null;
        if (!frame || (mode !== 'static' && mode !== 'suppress')) {
          reject();
          fail(createError('THREEDS_INLINE_IFRAME_DETAILS_INCORRECT'));
          return;
        }
        if (mode === 'suppress') {
          const box = document.createElement('div');
          box.hidden = true;
          box.setAttribute('aria-hidden', 'true');
          frame.tabIndex = -1;
          box.append(frame);
          document.body.append(box);
          hidden.push(box);
          resolve();
          return;
        }
        analytics('verification-flow.challenge-presented.true');
        showFrame(() => {
          given.addFrame(null, frame);
        });
        resolve();
      },
    });
    if (!stop) {
      fail(createError('THREEDS_AUTHENTICATION_IN_PROGRESS'));
      return;
    }
    verification.onFinish(() => {
      stop();
      for (const box of hidden.splice(0)) box.remove();
    });
    verification.cancelResult = () => result2Of(lookupMethod, lookupInfo);
    link.cardinal.continue(
      'cca',
      { AcsUrl: issuer.acsUrl, Payload: issuer.pareq },
      { OrderDetails: { TransactionId: issuer.transactionId } },
    );
  };

  analytics('initialized');

  return {
    verifyCard(verifyOptions) {
      if (tornDown) {
        return Promise.reject(
          createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'verifyCard' }, { method: 'verifyCard' }),
        );
      }
      if (active) return Promise.reject(createError('THREEDS_AUTHENTICATION_IN_PROGRESS'));
      // Read loosely: plain-JavaScript merchants can pass anything.
      const given: Record<string, unknown> = isRecord(verifyOptions) ? verifyOptions : {};
      const missing = missingOption(given, version);
      if (missing) {
        return Promise.reject(
          createError(
            'THREEDS_MISSING_VERIFY_CARD_OPTION',
            { option: OPTION_NAMES[missing] },
            { option: missing },
          ),
        );
      }
      const read = given as unknown as VerifyCardOptions;
      if (version === 2) return verify2(read);
      return verify1(read.nonce, read.amount, read.addFrame, read.removeFrame);
    },

    cancelVerifyCard() {
      if (tornDown) {
        return Promise.reject(
          createError(
            'METHOD_CALLED_AFTER_TEARDOWN',
            { method: 'cancelVerifyCard' },
            { method: 'cancelVerifyCard' },
          ),
        );
      }
      const verification = active;
      if (!verification?.cancelResult) {
        return Promise.reject(createError('THREEDS_NO_VERIFICATION_PAYLOAD'));
      }
      verification.finish({ value: verification.cancelResult() });
      return Promise.resolve(verification.cancelResult());
    },

    teardown() {
      if (tornDown) return;
      tornDown = true;
      active?.finish({
        error: createError(
          'METHOD_CALLED_AFTER_TEARDOWN',
          { method: 'verifyCard' },
          { method: 'verifyCard' },
        ),
      });
      held?.release();
      held = null;
      analytics('teardown-completed');
    },
  };
}
