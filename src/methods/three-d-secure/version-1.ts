/**
 * 3D Secure 1 (docs/protocol.md, "Version 1"): the lookup, and when the bank asks to authenticate
 * the shopper, the bank frame on the assets origin, which the merchant shows (`addFrame`) and which
 * answers on a channel of its own.
 * @packageDocumentation
 */
import { PANEL_VERSION } from '../../shared/build-constants';
import { SDK_VERSION, THREE_D_SECURE_FRAME_SIZE } from '../../shared/constants';
import { createError, panelErrorFromJSON, type PanelError } from '../../shared/errors';
import { createChannelId, frameHash, openMessage, wrap } from '../../shared/frame-channel';
import {
  THREE_D_SECURE_BANK_FRAME_PAGE,
  THREE_D_SECURE_COMPLETE_PAGE,
  parseThreeDSecureFrameMessage,
  type ThreeDSecurePageMessage,
} from '../../shared/three-d-secure-messages';
import {
  UNREADABLE_LOOKUP_MESSAGE,
  readAuthResponse,
  readLookupAnswer,
  type LookupAnswer,
  type LookupChallenge,
} from './responses';
import {
  BANK_FRAME_CLASS,
  THREE_D_SECURE_FRAME_SANDBOX,
  postThreeDSecure,
  resultOf,
  type ThreeDSecureContext,
  type VerificationFlow,
} from './verification';

/**
 * Version 1's flow: the lookup, then the bank frame when the bank asks for the shopper.
 * @param debug - loads the non-minified bank frame page
 */
export function version1(context: ThreeDSecureContext, debug: boolean): VerificationFlow {
  const { client, frameTitle } = context;
  const { assetsUrl } = client.configuration.gatewayConfiguration;
  const assetsOrigin = new URL(assetsUrl).origin;
  const frameBase = `${assetsUrl}/payment-panel/${PANEL_VERSION}/`;

  const bankFrameUrl = (channel: string): string =>
    `${frameBase}${THREE_D_SECURE_BANK_FRAME_PAGE}${debug ? '' : '.min'}.html${frameHash({
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
    const data = await postThreeDSecure(client, 'threeDSecureLookup', nonce, { amount }, signal);
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

  return async (given, verification) => {
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
      verification.showFrame(() => {
        given.addFrame(null, iframe);
      });
    };

    const answer = await lookUp(given.nonce, given.amount, verification.signal);
    if (verification.ended()) return;
    if (answer.challenge) challenge(answer, answer.challenge);
    else verification.finish({ value: resultOf(answer.paymentMethod, answer.threeDSecureInfo) });
  };
}
