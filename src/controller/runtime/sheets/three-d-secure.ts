/**
 * 3D Secure's step of every request: made once the merchant asks for it (its file is fetched only
 * when the configuration enables it), it verifies the card a request hands over, showing the
 * bank's or issuer's frame in the view's modal.
 * @packageDocumentation
 */
import type { ThreeDSecure } from '../../../methods/three-d-secure';
import type { RawPaymentMethod } from '../../../model';
import type { ThreeDSecureOptions, ThreeDSecureRequestOptions } from '../../../model/options';
import { readThreeDSecureOption } from '../../../model/three-d-secure-options';
import { createError, isPanelError, type PanelError } from '../../../shared/errors';
import { createLifetime } from '../../../shared/lifetime';
// Through the controller's index: the first script carries it, and this file reads it from there.
import { BANK_FRAME_SLOT } from '../../index';
import type { Sheet, SheetContext } from '../sheet';

/** How making 3D Secure ended: the component that verifies, or the catalogue error that refused it. */
export type ThreeDSecureOutcome =
  | { readonly kind: 'made'; readonly threeDSecure: ThreeDSecure }
  | { readonly kind: 'refused'; readonly error: PanelError };

/** The option's verify options (`true` and `false` have none) and Songbird's settings apart. */
function split(option: ThreeDSecureOptions): {
  verify: ThreeDSecureRequestOptions;
  cardinalSDKConfig?: Record<string, unknown>;
} {
  if (typeof option === 'boolean') return { verify: {} };
  const { cardinalSDKConfig, ...verify } = option;
  return cardinalSDKConfig ? { verify, cardinalSDKConfig } : { verify };
}

/** Tears down a 3D Secure that was made. */
function end(outcome: ThreeDSecureOutcome | null): void {
  if (outcome?.kind === 'made') outcome.threeDSecure.teardown();
}

/** 3D Secure's sheet, and the shopper's closing of its modal. */
export function createThreeDSecureSheet(
  context: SheetContext,
): Sheet & { cancel(): void; setUp(): Promise<PanelError | null> } {
  const lifetime = createLifetime();
  const { client } = context;
  /** How making 3D Secure ended, for the merchant's current option; `null` until then or without one. */
  let outcome: ThreeDSecureOutcome | null = null;
  let making: Promise<ThreeDSecureOutcome> | null = null;
  /** The 3D Secure file's test of a version 2 code, once the file is there. */
  let isVersion2Error: (code: string) => boolean = () => false;
  let bankFrame: HTMLIFrameElement | null = null;
  let verifying = false;

  /**
   * Names the open bank (or issuer) frame in the panel's language now: the title given when 3D
   * Secure was created may predate the locale's texts, or a change of locale.
   */
  const retext = (): void => {
    if (bankFrame) bankFrame.title = context.texts().text('cardVerification');
  };

  /** Songbird's set-up, for `paymentPanel.create()`: waited for only when asked. */
  let songbirdReady: ((config?: Record<string, unknown>) => Promise<void>) | null = null;

  const make = async (): Promise<ThreeDSecureOutcome> => {
    const mine = making;
    let made: ThreeDSecureOutcome;
    try {
      // The first script checked only that the option is `true` or an object: its keys are read here.
      const option = context.options().threeDSecure;
      const cardinalSDKConfig = option ? split(readThreeDSecureOption(option)).cardinalSDKConfig : undefined;
      // A gateway without 3D Secure for the merchant: its file is not even fetched (the refusal is
      // the one the file would give, a tokenization key's first).
      if (client.configuration.gatewayConfiguration.threeDSecureEnabled !== true) {
        throw createError(
          client.authorization.kind === 'TOKENIZATION_KEY'
            ? 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY'
            : 'THREEDS_NOT_ENABLED',
        );
      }
      const file = await context.loadModule('three-d-secure');
      isVersion2Error = file.isVersion2Error;
      songbirdReady = (config) => file.songbirdReady(client, config);
      made = {
        kind: 'made',
        threeDSecure: file.createThreeDSecure(client, {
          frameTitle: context.texts().text('cardVerification'),
          version: file.offeredVersion(client),
          ...(cardinalSDKConfig ? { cardinalSDKConfig } : {}),
        }),
      };
    } catch (error) {
      made = { kind: 'refused', error: isPanelError(error) ? error : createError('THREEDS_NOT_ENABLED') };
      // A refusal (a tokenization key, 3D Secure off, the file missing) reaches the merchant at once.
      if (!context.signal.aborted) context.report(made.error);
    }
    if (context.signal.aborted || (mine !== null && making !== mine)) end(made);
    else outcome = made;
    return made;
  };

  /** 3D Secure when the merchant asks for it: made once per connection. */
  const sync = (): void => {
    // `false` leaves 3D Secure off, as no option does (the drop-in's reading).
    if (context.options().threeDSecure) {
      // An option refused for a key that did not fit is read again once the merchant changes it.
      if (outcome?.kind === 'refused' && outcome.error.code === 'INVALID_OPTION') {
        outcome = null;
        making = null;
      }
      making ??= make();
      return;
    }
    end(outcome);
    outcome = null;
    making = null;
    bankFrame?.remove();
    bankFrame = null;
    if (verifying) {
      verifying = false;
      context.changed();
    }
  };

  /**
   * Verifies a card with 3D Secure when the merchant asks for it, with the request's options over
   * the option's. The card's BIN goes along for 3D Secure 2; nothing else of the card does.
   */
  const verify = async (raw: RawPaymentMethod, request?: ThreeDSecureRequestOptions): Promise<void> => {
    const option = context.options().threeDSecure;
    if (!option || raw.type !== 'CreditCard' || raw.liabilityShifted != null) return;
    try {
      const current = outcome ?? (await making) ?? null;
      if (!current) throw createError('THREEDS_NOT_ENABLED');
      if (current.kind === 'refused') throw current.error;
      const bin = raw.details.bin;
      // Without an amount either way, verifyCard refuses (THREEDS_MISSING_VERIFY_CARD_OPTION).
      const result = await current.threeDSecure.verifyCard({
        ...(split(readThreeDSecureOption(option)).verify as { amount: string }),
        ...request,
        nonce: raw.nonce,
        ...(typeof bin === 'string' ? { bin } : {}),
        addFrame: (error, iframe) => {
          if (error) throw error;
          iframe.slot = BANK_FRAME_SLOT;
          bankFrame = iframe;
          retext();
          context.frameHost.append(iframe);
          verifying = true;
          context.changed();
          context.fire('threeDSecureAuthenticationModalRender', null);
        },
        removeFrame: () => {
          bankFrame?.remove();
          bankFrame = null;
          verifying = false;
          context.changed();
          context.fire('threeDSecureAuthenticationModalClose', null);
        },
        onCustomerCanceled: () => {
          context.fire('threeDSecureCustomerCanceled', null);
        },
      });
      const renewed = raw.nonce !== result.nonce;
      // The same object, listed in the model: a repeat request hands over the verified nonce.
      raw.nonce = result.nonce;
      raw.liabilityShifted = result.liabilityShifted;
      raw.liabilityShiftPossible = result.liabilityShiftPossible;
      if (result.threeDSecureInfo) raw.threeDSecureInfo = result.threeDSecureInfo;
      // The card is requestable under its new nonce: the merchant hears it again, as from the drop-in.
      if (renewed) {
        context.model.setPaymentMethodRequestable({
          isRequestable: true,
          type: raw.type,
          selectedPaymentMethod: raw,
          announce: true,
        });
      }
    } catch (error) {
      // The shopper learns the card was not verified; the merchant gets the rejection.
      if (isPanelError(error)) {
        const { errorText, text } = context.texts();
        const own = errorText(error.code);
        // Version 2's failures share one text; a merchant's translation of a code still wins.
        context.notice(
          isVersion2Error(error.code) && own === errorText('') ? text('threeDSecureFailed') : own,
        );
      }
      throw error;
    }
  };

  lifetime.onEnd(() => {
    end(outcome);
    bankFrame?.remove();
  });

  return {
    /** The panel does not wait for 3D Secure: a request that needs it does. */
    start() {
      sync();
      context.ready();
    },

    /** Verifies the card a request hands over, when the merchant asks for it. */
    async request(draft) {
      if (draft.method) await verify(draft.method, draft.threeDSecure);
    },

    teardown() {
      lifetime.end();
    },

    optionsChanged: sync,

    retext,

    snapshot(parts) {
      parts.verifying = verifying;
    },

    /**
     * How 3D Secure's set-up ended, Songbird's included: `null` when it is ready or not asked for,
     * else `THREEDS_SETUP_FAILED` with the error that keeps it from verifying.
     */
    async setUp() {
      const option = context.options().threeDSecure;
      const current = outcome ?? (await making) ?? null;
      if (!current || !option) return null;
      // An option that does not fit fails the creation as it is, as when the element refuses one.
      if (current.kind === 'refused' && current.error.code === 'INVALID_OPTION') return current.error;
      let failure: unknown = current.kind === 'refused' ? current.error : null;
      if (!failure) {
        await songbirdReady?.(split(option).cardinalSDKConfig).catch((error: unknown) => {
          failure = error;
        });
      }
      if (!failure) return null;
      // 3D Secure's file registers the code; it is not there yet when the configuration refused.
      await context.loadModule('three-d-secure').catch(() => undefined);
      return createError('THREEDS_SETUP_FAILED', undefined, { originalError: failure });
    },

    /** The shopper closed the 3D Secure modal: the verification goes on with the lookup's card. */
    cancel() {
      if (outcome?.kind !== 'made') return;
      if (verifying) context.fire('threeDSecureCustomerCanceled', null);
      void outcome.threeDSecure.cancelVerifyCard().catch(() => undefined);
    },
  };
}
