/**
 * The panel's root in the element's shadow root. Until the gateway configuration is in, the
 * wrapper stays hidden behind a loading indicator.
 */
import { useGatewayClient } from './use-gateway-client';

/** Properties r2wc passes to the panel. */
export interface PanelProps {
  /** Tokenization key or client token. */
  authorization?: string;
  /** The shadow root r2wc renders into (typed HTMLElement by r2wc, really a ShadowRoot). */
  container?: HTMLElement | ShadowRoot;
}

/** The panel. */
export function Panel({ authorization, container }: PanelProps) {
  const host = container instanceof ShadowRoot ? container.host : container;
  if (!host) throw new Error('The panel needs its host element.');
  const gateway = useGatewayClient(host, authorization);

  return (
    <div className="panel" part="panel" data-state={gateway.status}>
      {gateway.status === 'loading' && (
        <div className="loading-indicator" part="loading-indicator" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading payment options…</span>
        </div>
      )}
      {gateway.status === 'failed' && (
        <div className="sheet-error" part="sheet-error" role="alert">
          Something went wrong on our end.
        </div>
      )}
      <div className="wrapper" part="wrapper" hidden={gateway.status !== 'ready'} />
    </div>
  );
}
