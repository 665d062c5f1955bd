/**
 * The 3D Secure bank frame (docs/protocol.md, "Version 1"): joins its verification's channel, asks the page
 * for the bank's URL, the PaReq, the MD and the term URL, and posts them to the bank in a form, which
 * navigates this frame to the bank's page. The frame runs on the assets origin, beside the hosted fields, so
 * it only sends the shopper to an `https:` bank and only lets the bank answer to a term URL on an allowed
 * gateway domain.
 */
import { GATEWAY_DOMAINS, PANEL_VERSION } from '../../src/shared/build-constants';
import { errorFactory } from '../../src/shared/errors/factory';
import { THREE_D_SECURE_ERRORS } from '../../src/shared/errors/catalogues/three-d-secure';
import { openMessage, wrap } from '../../src/shared/frame-channel';
import {
  parseThreeDSecurePageMessage,
  type BankFrameConfiguration,
  type ThreeDSecureFrameMessage,
} from '../../src/shared/three-d-secure-messages';
import { joinChannel, type FrameChannel } from '../shared/join-channel';

/** The one error this frame reports; the factory carries no other message. */
const createTermUrlError = errorFactory({
  THREEDS_TERM_URL_REQUIRES_DOMAIN: THREE_D_SECURE_ERRORS.THREEDS_TERM_URL_REQUIRES_DOMAIN,
});

/** What became of a configuration: sent to the bank, or refused. */
export type BankPostOutcome = 'posted' | 'termUrlRefused' | 'acsUrlRefused';

/** The names the bank expects the fields under (3D Secure 1.0). */
const BANK_FIELDS = [
  ['PaReq', 'pareq'],
  ['MD', 'md'],
  ['TermUrl', 'termUrl'],
] as const satisfies readonly (readonly [string, keyof BankFrameConfiguration])[];

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Whether the bank may answer to a term URL: `https:`, no user information, on one of the build's
 * gateway domains or a subdomain of one. The same test as `isAllowedGatewayUrl` of the client
 * (a unit test holds the two together), written out here because importing the client's module
 * would split it into a chunk of its own, which the hosted-fields page would then load as well.
 */
export function isAllowedTermUrl(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const { hostname } = url;
  return GATEWAY_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/**
 * Checks a configuration and, when it passes, posts the bank form. A term URL off the allow-list
 * is reported to the page (`THREEDS_TERM_URL_REQUIRES_DOMAIN`); a bank URL that is not `https:`
 * only to the console: the page checks it before it makes the frame, so only a page that skipped
 * the check sends one, and a `javascript:` form action would run in the assets origin.
 */
export function postToBank(configuration: BankFrameConfiguration, channel: FrameChannel): BankPostOutcome {
  if (!isAllowedTermUrl(configuration.termUrl)) {
    const error = createTermUrlError('THREEDS_TERM_URL_REQUIRES_DOMAIN', undefined, {
      termUrl: configuration.termUrl,
    });
    channel.send({ type: 'frameError', frame: 'three-d-secure-bank', error: error.toJSON() });
    return 'termUrlRefused';
  }
  if (parseUrl(configuration.acsUrl)?.protocol !== 'https:') {
    console.error('The bank (ACS) URL must be an https: URL.');
    return 'acsUrlRefused';
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = configuration.acsUrl;
  for (const [name, key] of BANK_FIELDS) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = configuration[key];
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  return 'posted';
}

/**
 * Joins the channel, asks the page for the configuration and posts the first one the page sends
 * to the bank. Returns the channel, or `null` when the frame could not join (see `joinChannel`).
 */
export function startBankFrame(): FrameChannel | null {
  const channel = joinChannel('three-d-secure-bank');
  if (!channel) return null;
  const { params } = channel;
  const onMessage = (event: MessageEvent): void => {
    const message = openMessage(event, {
      origin: params.parentOrigin,
      source: () => window.parent,
      channel: params.channel,
      parse: parseThreeDSecurePageMessage,
    });
    if (!message) return;
    // One configuration: the form navigates the frame away, or the frame has given up.
    window.removeEventListener('message', onMessage);
    const { acsUrl, pareq, md, termUrl } = message;
    postToBank({ acsUrl, pareq, md, termUrl }, channel);
  };
  window.addEventListener('message', onMessage);
  const request: ThreeDSecureFrameMessage = { type: 'bankFrameConfigurationRequest', version: PANEL_VERSION };
  window.parent.postMessage(wrap(params.channel, request), params.parentOrigin);
  return channel;
}
