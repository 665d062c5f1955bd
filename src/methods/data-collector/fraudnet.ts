/**
 * PayPal fraudnet: a correlation id handed to PayPal's fraud script through its parameter block,
 * with the script loaded into a hidden frame of the page, as the provider's SDK does.
 * @packageDocumentation
 */
import { FRAUDNET_URLS } from '../../shared/build-constants';
import type { FraudnetUrls } from '../../shared/flavours';
import { appendHiddenFrame } from './hidden-element';
import { newSessionId } from './session-id';

/** The `fncls` attribute by which PayPal's fraud script finds its parameter block. */
export const FRAUDNET_FNCLS = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';

/** The source name (`s`) the provider's SDK gives PayPal's fraud script. */
export const FRAUDNET_SOURCE = 'BRAINTREE_SIGNIN';

/** The parameters PayPal's fraud script reads. */
export interface FraudnetParameters {
  /** The correlation id (the fraudnet session). */
  f: string;
  /** The source: {@link FRAUDNET_SOURCE}. */
  s: string;
  /** The beacon URL, see {@link fraudnetBeaconUrl}. */
  b: string;
}

/** A started fraudnet collector. */
export interface Fraudnet {
  /** 32 hexadecimal digits; `correlation_id` in the device data. */
  readonly sessionId: string;
  /** The parameter block and the frame with PayPal's script it added to the page. */
  readonly elements: readonly Element[];
}

/**
 * The beacon URL of a session: `<beacon>?i=127.0.0.1&p=<session id>&t=<Unix seconds>&a=14`, with the
 * fixed `i` and `a` values the provider's SDK sends.
 */
export function fraudnetBeaconUrl(beacon: string, sessionId: string, now: number = Date.now()): string {
  return `${beacon}?i=127.0.0.1&p=${sessionId}&t=${Math.floor(now / 1000)}&a=14`;
}

/**
 * Starts fraudnet collection with a new correlation id: the parameter block
 * `{f: <id>, s: "BRAINTREE_SIGNIN", b: <beacon URL>}` (JSON, never run) and PayPal's fraud script in
 * a hidden frame without a page of its own. There the script runs with the page's origin and policy,
 * as it must to read its parameter block, while its globals stay out of the merchant's window and
 * its loading never holds up the page.
 * @param urls - the script and beacon (PayPal's in the release build, the sandbox's stand-ins locally)
 */
export function setupFraudnet(urls: Readonly<FraudnetUrls> = FRAUDNET_URLS): Fraudnet {
  const sessionId = newSessionId();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.setAttribute('fncls', FRAUDNET_FNCLS);
  block.text = JSON.stringify({
    f: sessionId,
    s: FRAUDNET_SOURCE,
    b: fraudnetBeaconUrl(urls.beacon, sessionId),
  } satisfies FraudnetParameters);
  document.body.appendChild(block);
  const frame = appendHiddenFrame('PayPal device data');
  // The frame's initial empty document exists as soon as the frame is in the page.
  const frameDocument = frame.contentDocument;
  if (frameDocument) {
    const script = frameDocument.createElement('script');
    script.src = urls.script;
    frameDocument.documentElement.appendChild(script);
  }
  return { sessionId, elements: [block, frame] };
}
