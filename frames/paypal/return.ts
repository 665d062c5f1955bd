/**
 * The PayPal return and cancel pages (opened in the approval popup). PayPal sends the popup to the
 * `returnUrl` or `cancelUrl` the panel named when it created the payment:
 * `?channel=…&origin=…&version=…` from the panel, then PayPal's own parameters (`paymentId`,
 * `token`, `PayerID` for a checkout; `ba_token`, `token` for an agreement).
 *
 * The page hands the answer to the window that opened the popup, only at the panel page's origin
 * named in the query, so a window of any other origin receives nothing, and closes the popup. The
 * panel, for its part, takes the message only from the popup it opened, from the assets origin and
 * on its channel (docs/paypal.md, "The flow").
 */
import { PANEL_VERSION } from '../../src/shared/build-constants';
import { createChannelError } from '../../src/shared/errors/catalogues/general';
import { readFrameParams, wrap } from '../../src/shared/frame-channel';
import { cancelMessage, returnMessageFromQuery } from '../../src/shared/paypal-messages';

/** Which page runs: the return page (`returnUrl`) or the cancel page (`cancelUrl`). */
export type ReturnPage = 'return' | 'cancel';

/** What {@link returnToPanel} did. */
export type ReturnOutcome = 'sent' | 'noOpener' | 'invalid';

/** Texts for a shopper who ends up on the page without a checkout to return to. */
export const RETURN_TEXTS = {
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
 * Reads the panel's channel and origin and PayPal's answer from the query, posts the one message
 * to the opener and closes the window. Shows a short text instead when the URL is not one the
 * panel made (or, on the return page, holds no approval), or the opener is gone.
 */
export function returnToPanel(page: ReturnPage): ReturnOutcome {
  const params = readFrameParams(location.search);
  if (!params) {
    const error = createChannelError('MISSING_CHANNEL_ID');
    console.error(`${error.code}: ${error.message}`);
    show(RETURN_TEXTS.invalid);
    return 'invalid';
  }
  const message =
    page === 'cancel' ? cancelMessage(PANEL_VERSION) : returnMessageFromQuery(location.search, PANEL_VERSION);
  if (!message) {
    show(RETURN_TEXTS.invalid);
    return 'invalid';
  }
  const opener = openerWindow();
  if (!opener) {
    show(RETURN_TEXTS.noOpener);
    return 'noOpener';
  }
  opener.postMessage(wrap(params.channel, message), params.parentOrigin);
  window.close();
  return 'sent';
}
