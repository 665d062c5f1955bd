/**
 * 3D Secure 2 (EMV 3DS; docs/protocol.md, "Version 2"), when the gateway's configuration carries
 * Cardinal's JWT: Cardinal's Songbird (songbird.ts) collects the issuer's device data, the lookup
 * sends the browser's details, and the issuer's challenge, when it asks for one, is a frame
 * Songbird hands over and the merchant shows (`addFrame`); Songbird's verdict is authenticated by
 * the gateway.
 * @packageDocumentation
 */
import type { ThreeDSecure2Options } from '../../model/options';
import { SDK_VERSION } from '../../shared/constants';
import { PanelError, createError } from '../../shared/errors';
import type { Lifetime } from '../../shared/lifetime';
import { isObject as isRecord } from '../../shared/strict-readers';
import {
  readJwtAuthentication,
  readLookup2Answer,
  readSongbirdVerdict,
  type Lookup2Answer,
  type Lookup2Challenge,
  type ThreeDSecureInfo,
  type ThreeDSecurePaymentMethod,
} from './responses';
import {
  holdSongbird,
  songbirdError,
  type SongbirdHandle,
  type SongbirdLink,
  type SongbirdSettings,
} from './songbird';
import type { VerifyCardOptions, VerifyCardResult } from './three-d-secure';
import {
  BANK_FRAME_CLASS,
  THREE_D_SECURE_FRAME_SANDBOX,
  postThreeDSecure,
  resultOf,
  type ThreeDSecureContext,
  type Verification,
  type VerificationFlow,
} from './verification';
import { ACS_WINDOW_SIZES, acsWindowSizeOf, lookupFields } from './verify-options';

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

/**
 * Version 2's flow: Songbird's set-up and the issuer's device data, the lookup, and the issuer's
 * challenge when the lookup asks for one. Songbird is held from now on for the instance `lifetime`
 * lives, and loads and sets itself up at once: its device data collection takes a while.
 */
export function version2(
  context: ThreeDSecureContext,
  songbird: SongbirdSettings,
  lifetime: Lifetime,
): VerificationFlow {
  const { client, analytics, frameTitle } = context;

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
  held = holdFor(songbird);
  lifetime.onEnd(() => {
    held?.release();
    held = null;
  });
  const songbirdLink = (): Promise<SongbirdLink> => {
    // Another merchant's panel set Songbird up with its JWT since: this one sets it up anew.
    if (held?.stale()) {
      held.release();
      held = null;
    }
    held ??= holdFor(songbird);
    return held.ready;
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
      data = await postThreeDSecure(client, 'threeDSecureLookup', nonce, body, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw createError(lookupErrorCode(error), undefined, { originalError: error });
    }
    const answer = readLookup2Answer(data);
    if (!answer) throw createError('THREEDS_LOOKUP_ERROR', undefined, { originalError: data });
    return answer;
  };

  /**
   * The issuer's challenge: Songbird gets the lookup's ACS details (`Cardinal.continue`), hands over
   * the issuer's frame (shown through `addFrame`, or hidden for a 3D Secure method frame) and its
   * verdict, which the gateway authenticates.
   */
  const challenge2 = (
    verification: Verification,
    link: SongbirdLink,
    answer: Lookup2Answer,
    issuer: Lookup2Challenge,
    given: VerifyCardOptions,
  ): void => {
    const { signal } = verification;
    const lookupMethod = answer.paymentMethod;
    const lookupInfo = lookupMethod.threeDSecureInfo ?? answer.threeDSecureInfo;
    const fail = (error: PanelError): void => {
      verification.finish({ error });
    };
    const authenticate = async (jwt: string): Promise<void> => {
      let data: unknown;
      try {
        data = await postThreeDSecure(
          client,
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
          if (typeof given.onCustomerCanceled === 'function') given.onCustomerCanceled();
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
        verification.showFrame(() => {
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

  return async (given, verification) => {
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
      // The browser's details go along unless the merchant asks not to send them.
      ...(given.collectDeviceData === false ? {} : browserFields()),
    };
    const answer = await lookUp2(body, given.nonce, verification.signal);
    if (verification.ended()) return;
    const lookupInfo = answer.paymentMethod.threeDSecureInfo;
    if (!answer.challenge) {
      analytics('verification-flow.challenge-presented.false');
      verification.finish({ value: result2Of(answer.paymentMethod, lookupInfo, answer.threeDSecureInfo) });
      return;
    }
    challenge2(verification, link, answer, answer.challenge, given);
  };
}
