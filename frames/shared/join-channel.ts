/**
 * How a frame page joins its panel's channel: read the channel, the parent's origin and version
 * from the URL, make sure the parent really is that origin, refuse a panel of another version,
 * then report ready to the parent — only to the parent, only at its origin.
 */
import { createChannelError, type PanelError } from '../../src/shared/errors';
import {
  openMessage,
  readFrameParams,
  wrap,
  type FrameKind,
  type FrameParams,
} from '../../src/shared/frame-channel';
import {
  parsePageToFrameMessage,
  type FrameToPageMessage,
  type PageToFrameMessage,
} from '../../src/shared/frame-messages';
import { PANEL_VERSION } from '../../src/shared/build-constants';

/** A frame's end of the channel. */
export interface FrameChannel {
  params: FrameParams;
  /** Sends a message to the parent page. */
  send(message: FrameToPageMessage): void;
  /** Calls `handler` for every valid message from the parent page; returns the unsubscribe. */
  listen(handler: (message: PageToFrameMessage) => void): () => void;
}

/** The embedding page's origin as the browser reports it, where it does (not Firefox). */
function ancestorOrigin(): string | undefined {
  return 'ancestorOrigins' in location ? location.ancestorOrigins[0] : undefined;
}

/** What a frame adds to its `frameReady` message: a hosted field names its field. */
export type ReadyExtras = Pick<Extract<FrameToPageMessage, { type: 'frameReady' }>, 'field'>;

/**
 * Joins the channel named in the frame's URL (`hash` by default; `query` for pages a gateway
 * redirects to). Returns `null` and stays inert when the frame is not embedded, the parameters are
 * missing or forged, or the page's version differs (after telling the page why).
 * @param ready - extras for the `frameReady` message
 */
export function joinChannel(
  kind: FrameKind,
  from: 'hash' | 'query' = 'hash',
  ready: ReadyExtras = {},
): FrameChannel | null {
  if (window.parent === window) return null;
  const params = readFrameParams(from === 'hash' ? location.hash : location.search);
  if (params === null) {
    reportToConsole(createChannelError('MISSING_CHANNEL_ID'));
    return null;
  }
  const actual = ancestorOrigin();
  if (actual !== undefined && actual !== params.parentOrigin) return null;

  const channel: FrameChannel = {
    params,
    send(message) {
      window.parent.postMessage(wrap(params.channel, message), params.parentOrigin);
    },
    listen(handler) {
      const onMessage = (event: MessageEvent): void => {
        const message = openMessage(event, {
          origin: params.parentOrigin,
          source: () => window.parent,
          channel: params.channel,
          parse: parsePageToFrameMessage,
        });
        if (message !== null) handler(message);
      };
      window.addEventListener('message', onMessage);
      return () => {
        window.removeEventListener('message', onMessage);
      };
    },
  };

  if (params.version !== PANEL_VERSION) {
    const error = createChannelError('INCOMPATIBLE_VERSIONS', {
      clientVersion: params.version,
      component: kind,
      componentVersion: PANEL_VERSION,
    });
    channel.send({ type: 'frameError', frame: kind, error: error.toJSON() });
    return null;
  }
  channel.send({ type: 'frameReady', frame: kind, version: PANEL_VERSION, ...ready });
  return channel;
}

function reportToConsole(error: PanelError): void {
  console.error(`${error.code}: ${error.message}`);
}
