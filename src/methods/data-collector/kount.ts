/**
 * Kount device data: a session id for the merchant's Kount account, announced to Kount through a
 * 1×1 frame and an image of the provider's assets host, as the provider's SDK does.
 * @packageDocumentation
 */
import { createError } from '../../shared/errors';
import { appendHidden } from './hidden-element';
import { newSessionId } from './session-id';

/**
 * Where the Kount data pages live on the assets host, per gateway environment. Development and QA
 * share production's path on their own assets host.
 */
const KOUNT_DATA_PATHS: Readonly<Record<string, string>> = {
  sandbox: '/sandbox/data',
  production: '/data',
  development: '/data',
  qa: '/data',
};

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

/** A running Kount collector. */
export interface Kount extends KountSession {
  /** Removes the frame and image this collector added (a collector that reused a session added none). */
  teardown(): void;
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
 * environment Kount does not know.
 */
export function kountBaseUrl(assetsUrl: string, environment: string | undefined): string | null {
  const path =
    environment !== undefined && Object.hasOwn(KOUNT_DATA_PATHS, environment)
      ? KOUNT_DATA_PATHS[environment]
      : undefined;
  return path === undefined ? null : `${assetsUrl.replace(/\/+$/, '')}${path}`;
}

/** `?m=<Kount merchant id>&s=<session id>`, the query both Kount requests carry. */
function kountQuery({ deviceSessionId, fraudMerchantId }: KountSession): string {
  // A configuration without a Kount merchant id sends an empty `m` rather than the text "null".
  return `?${new URLSearchParams({ m: fraudMerchantId ?? '', s: deviceSessionId }).toString()}`;
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
  if (cached) return { ...cached, teardown: () => undefined };

  const session: KountSession = { deviceSessionId: newSessionId(), fraudMerchantId: merchantId };
  sessions.set(merchantId, session);
  const query = kountQuery(session);
  const frame = document.createElement('iframe');
  frame.title = 'Kount device data';
  frame.tabIndex = -1;
  frame.width = '1';
  frame.height = '1';
  frame.src = `${base}/logo.htm${query}`;
  appendHidden(frame);
  const image = document.createElement('img');
  image.alt = '';
  image.width = 1;
  image.height = 1;
  image.src = `${base}/logo.gif${query}`;
  appendHidden(image);
  return {
    ...session,
    teardown() {
      frame.remove();
      image.remove();
    },
  };
}
