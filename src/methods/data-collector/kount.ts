/**
 * Kount device data: a session id for the merchant's Kount account, announced to Kount through a
 * 1×1 frame and an image of the provider's assets host, as the provider's SDK does.
 * @packageDocumentation
 */
import { createError } from '../../shared/errors';
import './errors';
import { appendHidden, appendHiddenFrame } from './hidden-element';
import { newSessionId } from './session-id';

/** What {@link setupKount} needs from the gateway configuration. */
export interface KountSetup {
  /** The configuration's `assetsUrl`. */
  assetsUrl: string;
  /** The configuration's `environment`. */
  environment: string | undefined;
  /** `kount.kountMerchantId`; `null` when the configuration names none. */
  merchantId: string | null;
}

/** A Kount session as the device data carries it. */
export interface KountSession {
  /** 32 hexadecimal digits; `device_session_id` in the device data. */
  readonly deviceSessionId: string;
  /** The Kount merchant id; `fraud_merchant_id` in the device data. */
  readonly fraudMerchantId: string | null;
}

/** A started Kount collector. */
export interface Kount extends KountSession {
  /** The frame and image it added to the page; none when it reused the page's session. */
  readonly elements: readonly Element[];
}

// Kount ties a session to the merchant's Kount account, so every collector of the page for the same
// Kount merchant reuses the first one's session, and only the first announces it.
const sessions = new Map<string | null, KountSession>();

/** Forgets the Kount sessions of the page, so the next collector starts a new one (for tests). */
export function clearKountSessions(): void {
  sessions.clear();
}

/**
 * The base URL of the Kount data pages, `{assetsUrl}{path of the environment}`, or `null` for an
 * environment Kount does not know. Development and QA share production's path on their own assets host.
 */
export function kountBaseUrl(assetsUrl: string, environment: string | undefined): string | null {
  const path =
    environment === 'sandbox'
      ? '/sandbox/data'
      : environment === 'production' || environment === 'development' || environment === 'qa'
        ? '/data'
        : null;
  return path === null ? null : `${assetsUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Starts Kount collection: a new session announced through `<base>/logo.htm` in a hidden 1×1 frame
 * and `<base>/logo.gif`, or the session already started on this page for the same Kount merchant.
 * @throws PanelError `DATA_COLLECTOR_KOUNT_ERROR` when the environment has no Kount data path.
 */
export function setupKount({ assetsUrl, environment, merchantId }: KountSetup): Kount {
  const base = kountBaseUrl(assetsUrl, environment);
  if (base === null) {
    throw createError('DATA_COLLECTOR_KOUNT_ERROR', { environment: String(environment) });
  }
  const cached = sessions.get(merchantId);
  if (cached) return { ...cached, elements: [] };

  const session: KountSession = { deviceSessionId: newSessionId(), fraudMerchantId: merchantId };
  sessions.set(merchantId, session);
  // A configuration without a Kount merchant id sends an empty `m` rather than the text "null".
  const query = `?m=${encodeURIComponent(merchantId ?? '')}&s=${session.deviceSessionId}`;
  const image = document.createElement('img');
  image.alt = '';
  image.src = `${base}/logo.gif${query}`;
  return {
    ...session,
    elements: [appendHiddenFrame('Kount device data', `${base}/logo.htm${query}`), appendHidden(image)],
  };
}
