/**
 * The 3D Secure authentication-complete page (docs/protocol.md, "Version 1"). Once the bank has answered, the
 * gateway sends the bank frame here: `?channel=…&origin=…&version=…&auth_response=<JSON>`, the
 * first three from the URL the page put in the term URL, the last added by the gateway.
 *
 * The page is the same frame the page made, so its parent is the merchant page. The channel alone
 * does not say where that is: the origin comes from the query, is checked against the browser's
 * own record of the parent's origin where there is one (`location.ancestorOrigins`, in
 * `joinChannel`), and is the target origin of the one message, so a parent of any other origin
 * receives nothing.
 */
import { wrap } from '../../src/shared/frame-channel';
import { authenticationCompleteMessage } from '../../src/shared/three-d-secure-messages';
import { joinChannel } from '../shared/join-channel';

/** What {@link reportAuthentication} did. */
export type CompleteOutcome = 'sent' | 'inert';

/**
 * Joins the channel named in the query and hands the bank's answer to the page, only to the
 * parent and only at the page's origin. Stays inert when the page is not framed, the query names
 * no channel, or the page is of another version (after `joinChannel` has told it so).
 */
export function reportAuthentication(): CompleteOutcome {
  const channel = joinChannel('three-d-secure-complete', 'query');
  if (!channel) return 'inert';
  const { params } = channel;
  window.parent.postMessage(
    wrap(params.channel, authenticationCompleteMessage(location.search)),
    params.parentOrigin,
  );
  return 'sent';
}
