/**
 * Cardinal's Songbird on the page, for 3D Secure 2: where the script may come from (Cardinal's
 * hosts only), loading it (with the configuration's integrity hash when there is one) and setting it up with the gateway's JWT,
 * within the set-up time-out; its events reach the verification that runs. Songbird is one
 * `window.Cardinal` per page, so every 3D Secure instance of the page shares one set-up per JWT.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { SONGBIRD_SOURCES } from '../../shared/build-constants';
import { createError, isPanelError, type PanelError } from '../../shared/errors';
import { loadScript } from '../../shared/load-script';
import { isObject, looseObject, nonEmptyString, optional, parseWith } from '../../shared/strict-readers';

/** Cardinal's documented addresses of Songbird, used when the configuration names none. */
export const SONGBIRD_URLS = {
  production: 'https://songbird.cardinalcommerce.com/edge/v1/songbird.js',
  sandbox: 'https://songbirdstag.cardinalcommerce.com/edge/v1/songbird.js',
} as const;

/** How long Songbird may take to load and set itself up. */
export const SONGBIRD_SETUP_TIMEOUT_MS = 60_000;

/** The part of Songbird's `window.Cardinal` the panel uses. */
export interface Cardinal {
  configure(options: Record<string, unknown>): void;
  setup(kind: 'init', options: { jwt: string }): void;
  on(event: string, handler: (...args: never[]) => void): void;
  off(event: string): void;
  trigger(event: 'bin.process', bin: string): unknown;
  continue(
    paymentBrand: 'cca',
    continueData: { AcsUrl: string; Payload: string },
    order: { OrderDetails: { TransactionId: string } },
  ): void;
}

/** What Songbird needs from the configuration's `threeDSecure`. */
export interface SongbirdSettings {
  jwt: string;
  url: string;
  /** The script's SRI hash, when the configuration gives one. */
  integrity: string | null;
  /**
   * Why the script is not loaded, when the configuration names one Songbird may not be: a URL
   * off Cardinal's hosts, or a hash the browser would not check.
   */
  refusal?: string;
  /**
   * The merchant's settings of Songbird (`cardinalSDKConfig`: `timeout`, `maxRequestRetries`,
   * `logging`, `payment.displayLoading`, `payment.displayExitButton`), laid under what the panel
   * needs of `configure()`.
   */
  config?: Record<string, unknown>;
}

/**
 * Whether Songbird may be loaded from `url`: `https:` on Cardinal's hosts, or, in the local
 * flavour, the sandbox's stand-in ({@link SONGBIRD_SOURCES}). The script runs in the merchant's
 * page, so no other host's script is taken, whatever the configuration says.
 */
export function isSongbirdUrl(url: string): boolean {
  let href: string;
  try {
    // The parsed form: credentials, ports and dot segments show in it, and do not fit a prefix.
    href = new URL(url).href;
  } catch {
    return false;
  }
  return SONGBIRD_SOURCES.some((source) => href.startsWith(source));
}

/**
 * Whether `integrity` is metadata the browser checks: one or more `sha256-`, `sha384-` or
 * `sha512-` base64 digests. Browsers load a script whose `integrity` holds none unchecked, so a
 * configuration must not be able to give a hash that looks like one and pins nothing.
 */
export function isIntegrity(integrity: string): boolean {
  return integrity
    .trim()
    .split(/\s+/)
    .every((part) => /^sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}$/.test(part));
}

const threeDSecureBlock = looseObject({
  cardinalAuthenticationJWT: nonEmptyString,
  cardinalSongbirdUrl: optional(nonEmptyString),
  cardinalSongbirdIdentityHash: optional(nonEmptyString),
});

/**
 * Songbird's settings from the configuration, or `null` when it offers no 3D Secure 2 (no JWT).
 * Without a Songbird URL of its own, the configuration gets Cardinal's documented one for its
 * environment; one off Cardinal's hosts, or a hash that pins nothing, is refused
 * (`refusal`), and the set-up fails with `THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED`.
 */
export function songbirdSettings(client: GatewayClient): SongbirdSettings | null {
  const gateway = client.configuration.gatewayConfiguration;
  const block = parseWith(threeDSecureBlock, gateway.threeDSecure);
  if (!block) return null;
  const url =
    block.cardinalSongbirdUrl ??
    SONGBIRD_URLS[gateway.environment === 'production' ? 'production' : 'sandbox'];
  const integrity = block.cardinalSongbirdIdentityHash ?? null;
  const settings: SongbirdSettings = { jwt: block.cardinalAuthenticationJWT, url, integrity };
  if (!isSongbirdUrl(url)) settings.refusal = "Songbird's URL is not on Cardinal's hosts.";
  else if (integrity !== null && !isIntegrity(integrity)) {
    settings.refusal = "Songbird's integrity is not a hash the browser checks.";
  }
  return settings;
}

/** The 3D Secure version the gateway offers: 2 when its configuration carries Cardinal's JWT. */
export function offeredVersion(client: GatewayClient): 1 | 2 {
  return songbirdSettings(client) ? 2 : 1;
}

/** A verification's ears while it waits for Songbird. */
export interface SongbirdListener {
  /** `payments.validated`: Songbird's verdict and the JWT it signed. */
  validated(data: unknown, jwt: unknown): void;
  /** `ui.inline.setup`: the issuer's frame as HTML, what it is for, and Songbird's callbacks. */
  inline(html: unknown, details: unknown, resolve: () => void, reject: () => void): void;
}

/** Songbird, set up. */
export interface SongbirdLink {
  cardinal: Cardinal;
  /** Songbird's session, sent with the lookup as `dfReferenceId`. */
  dfReferenceId: string;
  /**
   * Hands Songbird's events to one verification until the returned function is called. Returns
   * `null` when another verification of the page listens already: Songbird runs one at a time.
   */
  listen(listener: SongbirdListener): (() => void) | null;
}

/** One 3D Secure instance's hold on the page's Songbird. */
export interface SongbirdHandle {
  /** Rejects with the set-up's catalogue error. */
  ready: Promise<SongbirdLink>;
  /** The instance is done with Songbird; the last one's release forgets the set-up. */
  release(): void;
  /** Whether another set-up (another JWT) has taken the page's Songbird over since. */
  stale(): boolean;
}

/** What the page knows of a Songbird set-up while it runs. */
interface SongbirdState {
  key: string;
  holders: number;
  listener: SongbirdListener | null;
  cardinal: Cardinal | null;
  /**
   * Stops the set-up: with an error, those waiting for it get it; without (nobody holds it any
   * more), its time-out just goes.
   */
  abandon?: (error?: PanelError) => void;
}

/** The page's Songbird set-up, shared by the instances holding it. */
interface PageSongbird extends SongbirdState {
  ready: Promise<SongbirdLink>;
}

const EVENTS = ['payments.setupComplete', 'payments.validated', 'ui.inline.setup'] as const;

let page: PageSongbird | null = null;

/** Scripts loading or loaded, by URL: each is added to the page once. */
const scripts = new Map<string, Promise<void>>();

function loadSongbird(url: string, integrity: string | null): Promise<void> {
  const known = scripts.get(url);
  if (known) return known;
  const loaded = loadScript(url, { integrity, failure: () => new Error(`${url} did not load.`) });
  loaded.catch(() => {
    scripts.delete(url);
  });
  scripts.set(url, loaded);
  return loaded;
}

/** `window.Cardinal` when it has what the panel calls. */
function readCardinal(value: unknown): Cardinal | null {
  if (!isObject(value)) return null;
  const methods = ['configure', 'setup', 'on', 'off', 'trigger', 'continue'];
  return methods.every((name) => typeof value[name] === 'function') ? (value as unknown as Cardinal) : null;
}

/**
 * The catalogue error of Songbird's `ErrorNumber` (the provider's mapping), carrying Songbird's
 * number and description.
 */
export function songbirdError(errorNumber: unknown, description: unknown): PanelError {
  let code:
    | 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT'
    | 'THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT'
    | 'THREEDS_CARDINAL_SDK_BAD_CONFIG'
    | 'THREEDS_CARDINAL_SDK_BAD_JWT'
    | 'THREEDS_CARDINAL_SDK_CANCELED'
    | 'THREEDS_CARDINAL_SDK_ERROR' = 'THREEDS_CARDINAL_SDK_ERROR';
  switch (errorNumber) {
    case 10001:
    case 10002:
      code = 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT';
      break;
    case 10003:
    case 10007:
    case 10009:
      code = 'THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT';
      break;
    case 10005:
    case 10006:
      code = 'THREEDS_CARDINAL_SDK_BAD_CONFIG';
      break;
    case 10008:
    case 10010:
      code = 'THREEDS_CARDINAL_SDK_BAD_JWT';
      break;
    case 10011:
      code = 'THREEDS_CARDINAL_SDK_CANCELED';
  }
  return createError(code, undefined, {
    originalError: {
      code: typeof errorNumber === 'number' ? errorNumber : null,
      description: typeof description === 'string' ? description : null,
    },
  });
}

/** Stops hearing Songbird's events. Songbird may throw: nothing is left to do then. */
function forget(cardinal: Cardinal | null): void {
  for (const event of EVENTS) {
    try {
      cardinal?.off(event);
    } catch {
      // Songbird is gone or broken; it will not call back either way.
    }
  }
}

function setUp(state: SongbirdState, settings: SongbirdSettings): Promise<SongbirdLink> {
  return new Promise<SongbirdLink>((resolve, reject) => {
    let done = false;
    const fail = (error: PanelError): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      forget(state.cardinal);
      // A set-up that failed is not kept: the next verification tries again.
      if (page === state) page = null;
      reject(error);
    };
    const timer = setTimeout(() => {
      fail(createError('THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT'));
    }, SONGBIRD_SETUP_TIMEOUT_MS);
    state.abandon = (error) => {
      if (error) {
        fail(error);
        return;
      }
      done = true;
      clearTimeout(timer);
    };

    const start = (): void => {
      const cardinal = readCardinal((window as { Cardinal?: unknown }).Cardinal);
      if (!cardinal) {
        fail(createError('THREEDS_CARDINAL_SDK_SETUP_FAILED'));
        return;
      }
      state.cardinal = cardinal;
      const link: SongbirdLink = {
        cardinal,
        dfReferenceId: '',
        listen(listener) {
          if (state.listener) return null;
          state.listener = listener;
          return () => {
            if (state.listener === listener) state.listener = null;
          };
        },
      };
      // The panel shows the issuer's page itself, in its own modal: the framework stays inline.
      const { payment, logging, ...config } = settings.config ?? {};
      cardinal.configure({
        ...config,
        payment: {
          displayLoading: false,
          displayExitButton: false,
          ...(isObject(payment) ? payment : {}),
          framework: 'inline',
        },
        logging: isObject(logging) ? logging : { level: 'off' },
      });
      cardinal.on('payments.setupComplete', (data: unknown) => {
        const sessionId = isObject(data) ? data.sessionId : undefined;
        if (typeof sessionId !== 'string' || sessionId === '') {
          fail(createError('THREEDS_CARDINAL_SDK_SETUP_FAILED'));
          return;
        }
        if (done) return;
        done = true;
        clearTimeout(timer);
        link.dfReferenceId = sessionId;
        resolve(link);
      });
      cardinal.on('payments.validated', (data: unknown, jwt: unknown) => {
        // Before the set-up completes, Songbird's verdict is the set-up's failure (a JWT it refused).
        if (!done) {
          const read = isObject(data) ? data : {};
          fail(songbirdError(read.ErrorNumber, read.ErrorDescription));
          return;
        }
        state.listener?.validated(data, jwt);
      });
      cardinal.on(
        'ui.inline.setup',
        (html: unknown, details: unknown, resolveInline: unknown, rejectInline: unknown) => {
          const callback = (given: unknown) => (): void => {
            if (typeof given === 'function') (given as () => void)();
          };
          const yes = callback(resolveInline);
          const no = callback(rejectInline);
          if (state.listener) state.listener.inline(html, details, yes, no);
          else no();
        },
      );
      cardinal.setup('init', { jwt: settings.jwt });
    };

    const { refusal } = settings;
    if (refusal !== undefined) {
      // After the page's set-up is recorded, as a script that failed to load would be.
      void Promise.resolve().then(() => {
        fail(createError('THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED', undefined, { reason: refusal }));
      });
      return;
    }
    loadSongbird(settings.url, settings.integrity).then(
      () => {
        if (done) return;
        try {
          start();
        } catch (error) {
          fail(
            isPanelError(error)
              ? error
              : createError('THREEDS_CARDINAL_SDK_SETUP_FAILED', undefined, { originalError: error }),
          );
        }
      },
      (error: unknown) => {
        fail(createError('THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED', undefined, { originalError: error }));
      },
    );
  });
}

/**
 * Holds the page's Songbird for one 3D Secure instance: loads and sets it up, or joins the set-up
 * another instance started with the same JWT and script. Another JWT starts a set-up of its own in
 * place of the page's.
 */
export function holdSongbird(settings: SongbirdSettings): SongbirdHandle {
  const key = JSON.stringify([settings.url, settings.integrity, settings.jwt, settings.config]);
  let state = page;
  if (state?.key !== key) {
    if (state) {
      // Songbird is set up for one JWT at a time: another merchant's panel takes it over.
      state.abandon?.(createError('THREEDS_CARDINAL_SDK_SETUP_FAILED'));
      forget(state.cardinal);
    }
    const base: SongbirdState = { key, holders: 0, listener: null, cardinal: null };
    const created: PageSongbird = Object.assign(base, { ready: setUp(base, settings) });
    // Nobody may be waiting yet; the rejection stays for whoever asks.
    created.ready.catch(() => undefined);
    page = state = created;
  }
  const held = state;
  held.holders += 1;
  let released = false;
  return {
    ready: held.ready,
    stale: () => page !== held,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders === 0 && page === held) {
        page = null;
        held.abandon?.();
        forget(held.cardinal);
      }
    },
  };
}

/** Forgets the page's Songbird and its scripts (for tests). */
export function resetSongbird(): void {
  forget(page?.cardinal ?? null);
  page = null;
  scripts.clear();
}
