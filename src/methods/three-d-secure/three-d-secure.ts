/**
 * 3D Secure card verification, page side (SPEC §4 "3D Secure", §5, §8; PROTOCOL §8): the lookup,
 * and when the bank asks to authenticate the shopper, the bank frame on the assets origin, which
 * the merchant shows (`addFrame`) and hides (`removeFrame`) and which answers on a channel of its
 * own. No card data is involved: only the nonce the card was tokenized to, and the nonce that
 * comes back.
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
  readLookupAnswer,
  type LookupAnswer,
  type LookupChallenge,
  type ThreeDSecureInfo,
  type ThreeDSecurePaymentMethod,
} from './responses';
import { THREE_D_SECURE_ERRORS } from '../../shared/errors/catalogues/three-d-secure';

// 3D Secure's codes reach this page with 3D Secure's file.
registerErrors(THREE_D_SECURE_ERRORS);

/** Options of {@link createThreeDSecure}. */
export interface ThreeDSecureOptions {
  /** Loads the non-minified bank frame page. */
  debug?: boolean;
  /** Title (accessible name) of the bank frame; {@link DEFAULT_BANK_FRAME_TITLE} by default. */
  frameTitle?: string;
}

/**
 * Options of {@link ThreeDSecure.verifyCard}, read loosely: plain-JavaScript merchants can leave
 * out or mistype any of them, which fails with `THREEDS_MISSING_VERIFY_CARD_OPTION`.
 */
export interface VerifyCardOptions {
  /** The nonce of the card to verify (a new card's, or a saved card's). Required. */
  nonce: string;
  /** Amount of the transaction, e.g. `"10.00"`; a number is sent as it is. Required, not zero. */
  amount: string | number;
  /**
   * Shows the bank frame: called when the bank asks to authenticate the shopper, with `null` and
   * the 400 × 400 frame to put on the page. Required.
   */
  addFrame: (error: PanelError | null, iframe: HTMLIFrameElement) => void;
  /** Hides the bank frame again: called once the verification ends after `addFrame`. Required. */
  removeFrame: () => void;
}

/**
 * The outcome of a verification (SPEC §3, PROTOCOL §8.1, §8.3). `nonce` replaces the card's nonce
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
   * Rejects with `THREEDS_AUTHENTICATION_IN_PROGRESS` (another verification runs),
   * `THREEDS_MISSING_VERIFY_CARD_OPTION` (`details.option` names the first of `nonce`, `amount`,
   * `addFrame`, `removeFrame` missing), a client error of the lookup as it is,
   * `THREEDS_UNKNOWN_AUTH_RESPONSE` (the bank's answer is neither, with its error message; or an
   * answer or lookup that cannot be read), `INCOMPATIBLE_VERSIONS` (a bank frame of another version),
   * `THREEDS_TERM_URL_REQUIRES_DOMAIN` (the bank frame refuses the gateway's term URL), what
   * `addFrame` throws (an `Error` as it is, anything else wrapped in one), or
   * `METHOD_CALLED_AFTER_TEARDOWN`. A cancelled verification resolves as
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
} as const;

type VerifyCardOption = keyof typeof OPTION_NAMES;

/** A verification as the component tracks it. */
interface Verification {
  /** Ends it with a result or an error, once. */
  finish(outcome: { value: VerifyCardResult } | { error: Error }): void;
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

/** The first option of `options` that is missing or of the wrong kind, in the order of SPEC §5. */
function missingOption(options: Record<string, unknown>): VerifyCardOption | undefined {
  if (typeof options.nonce !== 'string' || options.nonce === '') return 'nonce';
  if (!isAmount(options.amount)) return 'amount';
  if (typeof options.addFrame !== 'function') return 'addFrame';
  if (typeof options.removeFrame !== 'function') return 'removeFrame';
  return undefined;
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
 * Creates 3D Secure for a client and sends the `threedsecure.initialized` analytics event.
 * @param client - the gateway client; its authorization must be a client token
 * @throws PanelError `INSTANTIATION_OPTION_REQUIRED` without a client;
 *   `THREEDS_CAN_NOT_USE_TOKENIZATION_KEY` with a tokenization key; `THREEDS_NOT_ENABLED` when the
 *   configuration's `threeDSecureEnabled` is not `true`; `THREEDS_HTTPS_REQUIRED` when its
 *   `environment` is `production` and the page is not served over HTTPS.
 */
export function createThreeDSecure(client: GatewayClient, options: ThreeDSecureOptions = {}): ThreeDSecure {
  // Read loosely: plain-JavaScript callers can leave the client out.
  if (!(client as GatewayClient | undefined)) {
    throw createError('INSTANTIATION_OPTION_REQUIRED', { option: 'client', component: '3D Secure' });
  }
  if (client.authorization.kind === 'TOKENIZATION_KEY') {
    throw createError('THREEDS_CAN_NOT_USE_TOKENIZATION_KEY');
  }
  const gateway = client.configuration.gatewayConfiguration;
  if (gateway.threeDSecureEnabled !== true) throw createError('THREEDS_NOT_ENABLED');
  if (gateway.environment === 'production' && location.protocol !== 'https:') {
    throw createError('THREEDS_HTTPS_REQUIRED');
  }
  // Read loosely, as the merchant's options are.
  const settings: ThreeDSecureOptions = isRecord(options) ? options : {};
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

  const lookUp = async (
    nonce: string,
    amount: string | number,
    signal: AbortSignal,
  ): Promise<LookupAnswer> => {
    let data: unknown;
    try {
      ({ data } = await client.request({
        method: ENDPOINTS.threeDSecureLookup.method,
        endpoint: endpointPath('threeDSecureLookup', { nonce }),
        data: { amount },
        signal,
      }));
    } catch (error) {
      // Client errors (and a teardown's abort, which nobody waits for any more) stay as they are.
      if (signal.aborted || error instanceof PanelError) throw error;
      throw createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error });
    }
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

  const run = (
    nonce: string,
    amount: string | number,
    addFrame: VerifyCardOptions['addFrame'],
    removeFrame: VerifyCardOptions['removeFrame'],
  ): Promise<VerifyCardResult> =>
    new Promise<VerifyCardResult>((resolve, reject) => {
      const controller = new AbortController();
      let settled = false;
      let frameShown = false;
      let stopListening = (): void => undefined;

      const verification: Verification = {
        finish(outcome) {
          if (settled) return;
          settled = true;
          stopListening();
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

      const fail = (error: PanelError): void => {
        verification.finish({ error });
      };

      const challenge = (answer: LookupAnswer, bank: LookupChallenge): void => {
        const channel = createChannelId();
        const iframe = document.createElement('iframe');
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
        stopListening = () => {
          window.removeEventListener('message', onMessage);
        };
        verification.cancelResult = () =>
          resultOf(answer.paymentMethod, answer.paymentMethod.threeDSecureInfo ?? answer.threeDSecureInfo);
        frameShown = true;
        try {
          addFrame(null, iframe);
        } catch (error) {
          verification.finish({ error: thrownError(error) });
        }
      };

      lookUp(nonce, amount, controller.signal).then(
        (answer) => {
          if (settled) return;
          if (answer.challenge) challenge(answer, answer.challenge);
          else verification.finish({ value: resultOf(answer.paymentMethod, answer.threeDSecureInfo) });
        },
        (error: unknown) => {
          verification.finish({
            error:
              error instanceof Error
                ? error
                : createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error }),
          });
        },
      );
    });

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
      const missing = missingOption(given);
      if (missing) {
        return Promise.reject(
          createError(
            'THREEDS_MISSING_VERIFY_CARD_OPTION',
            { option: OPTION_NAMES[missing] },
            { option: missing },
          ),
        );
      }
      const { nonce, amount, addFrame, removeFrame } = given as unknown as VerifyCardOptions;
      return run(nonce, amount, addFrame, removeFrame);
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
      analytics('teardown-completed');
    },
  };
}
