/**
 * A 3D Secure verification's lifecycle (docs/three-d-secure.md, "What the panel does"): one runs at a
 * time; it ends once, with a result or an error, by its flow, by a cancellation or by the teardown of
 * its 3D Secure; it then lets go of what it made, its requests stop, and the frame it showed leaves
 * through the merchant's `removeFrame`. The flows of version 1 (version-1.ts) and version 2
 * (version-2.ts) run inside it.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { PanelError, createError } from '../../shared/errors';
import { createLifetime, type Lifetime } from '../../shared/lifetime';
import type { ThreeDSecureInfo, ThreeDSecurePaymentMethod } from './responses';
import type { VerifyCardOptions, VerifyCardResult } from './three-d-secure';

/**
 * The `sandbox` of the bank frame (version 1) and the issuer's frame (version 2), as tight as the
 * flows allow (docs/three-d-secure.md, "The frames' sandbox"): the bank's and issuer's pages run
 * script and post forms (the panel's bank frame posts the bank form; the issuer's page its
 * password), and keep their own origin, as their answer reaches the page by origin (the panel's
 * authentication-complete page, the issuer's last page to Songbird). Never popups, modals, top
 * navigation or downloads.
 */
export const THREE_D_SECURE_FRAME_SANDBOX = 'allow-scripts allow-forms allow-same-origin';

/** Class of the bank frame; its name is this class followed by `-<channel>`. */
export const BANK_FRAME_CLASS = 'payment-panel-three-d-secure-frame';

/** What a version's flow needs of its 3D Secure instance. */
export interface ThreeDSecureContext {
  readonly client: GatewayClient;
  /** Sends a `threedsecure.<event>` analytics event. */
  readonly analytics: (event: string) => void;
  /** Title (accessible name) of the bank frame, or of the issuer's. */
  readonly frameTitle: string;
}

/** A verification as its flow sees it. */
export interface Verification {
  /** Aborted when the verification ends: the flow's requests stop with it. */
  readonly signal: AbortSignal;
  /** Whether it has ended. */
  ended(): boolean;
  /** Ends it with a result or an error, once. */
  finish(outcome: { value: VerifyCardResult } | { error: Error }): void;
  /** Runs `cleanup` when it ends, before the frame is removed. */
  onFinish(cleanup: () => void): void;
  /**
   * Hands the frame to the merchant's `addFrame` (`show` calls it): from then on `removeFrame` is
   * owed, and what `show` throws ends the verification.
   */
  showFrame(show: () => void): void;
  /** The result a cancellation ends it with; set once the frame is handed to `addFrame`. */
  cancelResult?: () => VerifyCardResult;
}

/** A version's work in one verification: it ends the verification through `finish`, or throws. */
export type VerificationFlow = (given: VerifyCardOptions, verification: Verification) => Promise<void>;

/** The verifications of one 3D Secure instance. */
export interface Verifications {
  /** Whether one runs. */
  running(): boolean;
  /** Runs `flow` as the verification of `given`; settles when it ends. */
  run(given: VerifyCardOptions, flow: VerificationFlow): Promise<VerifyCardResult>;
  /**
   * Ends the verification waiting for the bank with its cancellation result, which this resolves
   * with too; rejects with `THREEDS_NO_VERIFICATION_PAYLOAD` when none waits for the bank.
   */
  cancel(): Promise<VerifyCardResult>;
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
 * One verification at a time for the 3D Secure instance living `component`; its end ends the
 * running one with `METHOD_CALLED_AFTER_TEARDOWN`.
 */
export function verificationsOf(component: Lifetime): Verifications {
  let active: Verification | undefined;
  component.onEnd(() => {
    active?.finish({
      error: createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'verifyCard' }, { method: 'verifyCard' }),
    });
  });

  const run = (given: VerifyCardOptions, flow: VerificationFlow): Promise<VerifyCardResult> =>
    new Promise<VerifyCardResult>((resolve, reject) => {
      const lifetime = createLifetime();
      let frameShown = false;
      // Registered first, so they run last: what the flow made is gone before the merchant hears
      // of the end, and the merchant may start another verification from `removeFrame`.
      lifetime.onEnd(() => {
        if (frameShown) given.removeFrame();
      });
      lifetime.onEnd(() => {
        if (active === verification) active = undefined;
      });

      const verification: Verification = {
        signal: lifetime.signal,
        ended: () => lifetime.signal.aborted,
        onFinish(cleanup) {
          lifetime.onEnd(cleanup);
        },
        finish(outcome) {
          if (lifetime.signal.aborted) return;
          for (const error of lifetime.end()) reportLater(error);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.value);
        },
        showFrame(show) {
          frameShown = true;
          try {
            show();
          } catch (error) {
            verification.finish({ error: thrownError(error) });
          }
        },
      };
      active = verification;

      flow(given, verification).catch((error: unknown) => {
        verification.finish({
          error:
            error instanceof Error
              ? error
              : createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error }),
        });
      });
    });

  return {
    running: () => active !== undefined,
    run,
    cancel() {
      const verification = active;
      if (!verification?.cancelResult) {
        return Promise.reject(createError('THREEDS_NO_VERIFICATION_PAYLOAD'));
      }
      verification.finish({ value: verification.cancelResult() });
      return Promise.resolve(verification.cancelResult());
    },
  };
}

/** A result from a card and the flags that go with it. */
export function resultOf(method: ThreeDSecurePaymentMethod, info: ThreeDSecureInfo): VerifyCardResult {
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

/** POSTs to a 3D Secure endpoint; what is not a client error becomes `CLIENT_GATEWAY_NETWORK`. */
export async function postThreeDSecure(
  client: GatewayClient,
  name: 'threeDSecureLookup' | 'threeDSecureAuthenticateFromJwt',
  nonce: string,
  data: Record<string, unknown>,
  signal: AbortSignal,
): Promise<unknown> {
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
}
