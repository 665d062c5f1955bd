/**
 * The PayPal landing page (opened in the approval popup): the gateway's approval page sends the
 * shopper here with the answer in the query and the panel's channel in the hash. The page hands
 * the answer to the panel in the window that opened the popup — only to it, only at the panel
 * page's origin — and closes the popup.
 */
import { PANEL_VERSION } from '../../src/shared/build-constants';
import { createChannelError } from '../../src/shared/errors/catalogues/general';
import { readFrameParams, wrap } from '../../src/shared/frame-channel';
import { landingMessageFromQuery } from '../../src/shared/paypal-messages';

/** What {@link land} did. */
export type LandingOutcome = 'sent' | 'noOpener' | 'invalid';

/** Texts for a shopper who ends up on the page without a checkout to return to. */
export const LANDING_TEXTS = {
  invalid: 'PayPal did not send a usable answer. Close this window and try again from the checkout.',
  noOpener: 'The checkout that opened this window is gone. You can close this window.',
} as const;

function show(text: string): void {
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  document.body.replaceChildren(paragraph);
}

/** The window that opened the popup, if it is still there. */
function openerWindow(): WindowProxy | null {
  const opener: unknown = window.opener;
  return typeof opener === 'object' && opener !== null ? (opener as WindowProxy) : null;
}

/**
 * Reads the channel from the hash and the approval page's answer from the query, posts the one
 * landing message to the opener and closes the window. Shows a short text instead when the URL
 * is not a landing URL or the opener is gone.
 */
export function land(): LandingOutcome {
  const params = readFrameParams(location.hash);
  const message = params && landingMessageFromQuery(location.search, PANEL_VERSION);
  if (!params || !message) {
    if (!params) {
      const error = createChannelError('MISSING_CHANNEL_ID');
      console.error(`${error.code}: ${error.message}`);
    }
    show(LANDING_TEXTS.invalid);
    return 'invalid';
  }
  const opener = openerWindow();
  if (!opener) {
    show(LANDING_TEXTS.noOpener);
    return 'noOpener';
  }
  opener.postMessage(wrap(params.channel, message), params.parentOrigin);
  window.close();
  return 'sent';
}
