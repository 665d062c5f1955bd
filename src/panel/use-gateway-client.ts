/**
 * Connects the panel to the gateway: parses the authorization and fetches the configuration; a
 * failure reaches the host as `errorOccurred`. (`ready` waits for the views.)
 */
import { useEffect, useMemo, useState } from 'react';
import { createClient, type GatewayClient } from '../client';
import { emit } from './events';
import { PANEL_VERSION } from '../shared/build-constants';
import { createError, isPanelError, type PanelError } from '../shared/errors';

/** Where the connection to the gateway stands. */
export type GatewayState =
  | { status: 'loading' }
  | { status: 'ready'; client: GatewayClient }
  | { status: 'failed'; error: PanelError };

const LOADING: GatewayState = { status: 'loading' };

/** Whatever went wrong, as a catalogue error. */
function asPanelError(error: unknown): PanelError {
  return isPanelError(error)
    ? error
    : createError('CLIENT_GATEWAY_NETWORK', undefined, { originalError: error });
}

/**
 * The gateway client for an authorization, created (or reused) whenever the authorization changes.
 * @param host - the element, which receives the events
 */
export function useGatewayClient(host: Element, authorization: string | undefined): GatewayState {
  // The settled state belongs to the authorization it was made for; any other one is still loading.
  const [settled, setSettled] = useState<{ authorization: string; state: GatewayState } | null>(null);
  const missing = useMemo(
    () =>
      authorization
        ? null
        : createError('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization', component: 'a client' }),
    [authorization],
  );

  useEffect(() => {
    if (missing) {
      emit(host, 'errorOccurred', missing);
      return;
    }
    if (!authorization) return;
    let current = true;
    createClient(authorization).then(
      (client) => {
        if (!current) return;
        client.setMetadata({
          integration: 'dropin2',
          integrationType: 'dropin2',
          dropinVersion: PANEL_VERSION,
        });
        const kind = client.authorization.kind === 'TOKENIZATION_KEY' ? 'tokenization-key' : 'client-token';
        client.analytics.send(`started.${kind}`);
        client.analytics.send('integration-type.script-tag');
        setSettled({ authorization, state: { status: 'ready', client } });
      },
      (reason: unknown) => {
        if (!current) return;
        const error = asPanelError(reason);
        setSettled({ authorization, state: { status: 'failed', error } });
        emit(host, 'errorOccurred', error);
      },
    );
    return () => {
      current = false;
    };
  }, [host, authorization, missing]);

  if (missing) return { status: 'failed', error: missing };
  return settled && settled.authorization === authorization ? settled.state : LOADING;
}
