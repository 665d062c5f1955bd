/**
 * 3D Secure card verification, page side (docs/three-d-secure.md; docs/protocol.md, "3D Secure"): the
 * component the panel and `paymentPanel.createThreeDSecure()` make, its options and checks. A
 * verification runs in the lifecycle of verification.ts, through version 1's flow (version-1.ts:
 * the lookup and the bank frame) or version 2's (version-2.ts: Songbird, the lookup with the
 * browser's details and the issuer's challenge). No card data is involved: only the nonce the card
 * was tokenized to, its BIN (version 2), and the nonce that comes back.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { ThreeDSecure2Options } from '../../model/options';
import { ANALYTICS_COMPONENT_PREFIX } from '../../shared/constants';
import { type PanelError, createError, registerErrors } from '../../shared/errors';
import { createLifetime } from '../../shared/lifetime';
import { refuseAfterTeardown } from '../../shared/refuse-after-teardown';
import {
  THREE_D_SECURE_2_ERRORS,
  THREE_D_SECURE_ERRORS,
} from '../../shared/errors/catalogues/three-d-secure';
import { isObject as isRecord } from '../../shared/strict-readers';
import type { ThreeDSecureInfo } from './responses';
import { songbirdSettings, type SongbirdSettings } from './songbird';
import { verificationsOf } from './verification';
import { version1 } from './version-1';
import { version2 } from './version-2';

export { BANK_FRAME_CLASS, THREE_D_SECURE_FRAME_SANDBOX } from './verification';

// 3D Secure's codes reach this page with 3D Secure's file.
registerErrors(THREE_D_SECURE_ERRORS);
registerErrors(THREE_D_SECURE_2_ERRORS);

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
  /**
   * Version 2: Songbird's settings, given to its `configure()` (`timeout`, `maxRequestRetries`,
   * `logging`, `payment.displayLoading`, `payment.displayExitButton`); Songbird shows the issuer's
   * page inline in the panel's frame whatever `payment.framework` says.
   */
  cardinalSDKConfig?: Record<string, unknown>;
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
  /**
   * @internal Called when the shopper cancels on the issuer's page (version 2), before the
   * verification ends as a cancelled one does.
   */
  onCustomerCanceled?: () => void;
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

/** Names of the options in the `{option}` of `THREEDS_MISSING_VERIFY_CARD_OPTION`, in the order checked. */
const OPTION_NAMES = {
  nonce: 'a nonce',
  amount: 'an amount',
  addFrame: 'an addFrame function',
  removeFrame: 'a removeFrame function',
  bin: 'a bin',
} as const;

type VerifyCardOption = keyof typeof OPTION_NAMES;

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
    if (isRecord(settings.cardinalSDKConfig)) songbird.config = settings.cardinalSDKConfig;
  }
  const frameTitle =
    typeof settings.frameTitle === 'string' && settings.frameTitle !== ''
      ? settings.frameTitle
      : DEFAULT_BANK_FRAME_TITLE;
  const lifetime = createLifetime();

  const analytics = (event: string): void => {
    client.analytics.send(`threedsecure.${event}`, ANALYTICS_COMPONENT_PREFIX);
  };

  const context = { client, analytics, frameTitle };
  // Before the verifications: at the end, the running one ends before Songbird is let go.
  const flow = songbird ? version2(context, songbird, lifetime) : version1(context, settings.debug === true);
  const verifications = verificationsOf(lifetime);

  analytics('initialized');

  const threeDSecure: ThreeDSecure = {
    verifyCard(verifyOptions) {
      if (verifications.running()) return Promise.reject(createError('THREEDS_AUTHENTICATION_IN_PROGRESS'));
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
      return verifications.run(given as unknown as VerifyCardOptions, flow);
    },

    cancelVerifyCard() {
      return verifications.cancel();
    },

    teardown() {
      if (lifetime.signal.aborted) return;
      lifetime.end();
      analytics('teardown-completed');
    },
  };
  return refuseAfterTeardown(threeDSecure, lifetime, {
    promised: ['verifyCard', 'cancelVerifyCard'],
    exempt: ['teardown'],
    detailed: true,
  });
}
