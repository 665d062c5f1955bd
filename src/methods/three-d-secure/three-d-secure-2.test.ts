import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { ClientRequestOptions, GatewayClient, GatewayConfiguration } from '../../client';
import { fakeClient } from '../../client/test-support';
import { stubFrameWindows } from '../hosted-fields/test-support';
import { createError, type PanelError } from '../../shared/errors';
import {
  createThreeDSecure,
  type ThreeDSecure,
  type VerifyCardOptions,
  type VerifyCardResult,
} from './index';
import {
  SONGBIRD_SETUP_TIMEOUT_MS,
  SONGBIRD_URLS,
  isIntegrity,
  isSongbirdUrl,
  offeredVersion,
  resetSongbird,
  songbirdSettings,
} from './songbird';
import { lookupFields } from './verify-options';

const { assets, gateway: GATEWAY } = inject('localOrigins');

const SONGBIRD_URL = `${GATEWAY}/sandbox/cardinal/songbird.js`;
const INTEGRITY = 'sha384-abc';
const NONCE = 'tokencc_card';
const LOOKUP_NONCE = 'tokencc_lookup';

function configuration(
  threeDSecure: unknown = {
    cardinalAuthenticationJWT: 'header.payload.signature',
    cardinalSongbirdUrl: SONGBIRD_URL,
    cardinalSongbirdIdentityHash: INTEGRITY,
  },
): GatewayConfiguration {
  return {
    environment: 'sandbox',
    clientApiUrl: `${GATEWAY}/merchants/m/client_api`,
    assetsUrl: assets,
    threeDSecureEnabled: true,
    threeDSecure,
  };
}

/** Songbird as the tests drive it: what the panel called, and the handlers it registered. */
class FakeCardinal {
  handlers = new Map<string, (...args: unknown[]) => void>();
  calls: [string, ...unknown[]][] = [];
  binOutcome: () => unknown = () => Promise.resolve({ Status: true });
  /** What `setup` does: complete with a session by default. */
  onSetup: () => void = () => {
    this.emit('payments.setupComplete', { sessionId: 'df-session' });
  };

  configure(options: unknown) {
    this.calls.push(['configure', options]);
  }
  setup(kind: string, options: unknown) {
    this.calls.push(['setup', kind, options]);
    queueMicrotask(() => {
      this.onSetup();
    });
  }
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, handler);
  }
  off(event: string) {
    this.calls.push(['off', event]);
    this.handlers.delete(event);
  }
  trigger(event: string, bin: string) {
    this.calls.push(['trigger', event, bin]);
    return this.binOutcome();
  }
  continue(...args: unknown[]) {
    this.calls.push(['continue', ...args]);
  }
  emit(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.(...args);
  }
}

let cardinal: FakeCardinal;
/** What the page added to its head: Songbird's script, loaded or failed as the test says. */
let scripts: HTMLScriptElement[];
let loadScripts: 'load' | 'error' | 'hang';

beforeEach(() => {
  stubFrameWindows();
  resetSongbird();
  cardinal = new FakeCardinal();
  scripts = [];
  loadScripts = 'load';
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (!(node instanceof HTMLScriptElement)) continue;
      scripts.push(node);
      const outcome = loadScripts;
      setTimeout(() => {
        if (outcome === 'load') {
          (window as { Cardinal?: unknown }).Cardinal = cardinal;
          node.onload?.(new Event('load'));
        } else if (outcome === 'error') {
          node.onerror?.(new Event('error'));
        }
      });
    }
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (window as { Cardinal?: unknown }).Cardinal;
  document.body.replaceChildren();
});

const LOOKUP_INFO = {
  liabilityShifted: false,
  liabilityShiftPossible: true,
  status: 'challenge_required',
  enrolled: 'Y',
  lookup: { transStatus: 'C', transStatusReason: null },
};

function lookupAnswer(acsUrl: string | null, info: Record<string, unknown> = LOOKUP_INFO) {
  return {
    lookup: { acsUrl, pareq: acsUrl ? 'creq-1' : null, transactionId: 'txn-1', threeDSecureVersion: '2.2.0' },
    paymentMethod: {
      nonce: LOOKUP_NONCE,
      type: 'CreditCard',
      description: 'ending in 91',
      details: { cardType: 'Visa', lastTwo: '91' },
      threeDSecureInfo: info,
    },
    threeDSecureInfo: {
      liabilityShifted: info.liabilityShifted,
      liabilityShiftPossible: info.liabilityShiftPossible,
    },
  };
}

const AUTHENTICATED = {
  paymentMethod: {
    nonce: 'tokencc_authenticated',
    type: 'CreditCard',
    details: { cardType: 'Visa', lastTwo: '91' },
    threeDSecureInfo: {
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
      cavv: 'AAAB',
      authentication: { transStatus: 'Y' },
    },
  },
  threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
};

type Answer = { data: unknown } | { error: Error } | 'hang';

/** A 3D Secure 2 instance over a client whose lookup and authentication answer as given. */
function setup({
  lookup = { data: lookupAnswer('https://issuer.test/acs') },
  authenticate = { data: AUTHENTICATED },
  gateway = configuration(),
  cardinalSDKConfig,
}: {
  lookup?: Answer;
  authenticate?: Answer;
  gateway?: GatewayConfiguration;
  cardinalSDKConfig?: Record<string, unknown>;
} = {}) {
  const requests: ClientRequestOptions[] = [];
  const answer = (given: Answer) =>
    given === 'hang'
      ? new Promise<never>(() => undefined)
      : 'error' in given
        ? Promise.reject(given.error)
        : Promise.resolve({ status: 201, data: given.data });
  const client: GatewayClient & { events: string[] } = fakeClient({
    gatewayConfiguration: gateway,
    guest: false,
    request: ((options: ClientRequestOptions) => {
      requests.push(options);
      return answer(options.endpoint.endsWith('/lookup') ? lookup : authenticate);
    }) as GatewayClient['request'],
  });
  const threeDSecure = createThreeDSecure(client, {
    version: 2,
    frameTitle: 'Card Verification',
    ...(cardinalSDKConfig ? { cardinalSDKConfig } : {}),
  });
  return { client, threeDSecure, requests };
}

/** A verification whose frames the test sees. */
function verify(threeDSecure: ThreeDSecure, overrides: Partial<VerifyCardOptions> = {}) {
  const frames: HTMLIFrameElement[] = [];
  const addFrame = vi.fn((_error: PanelError | null, frame: HTMLIFrameElement) => {
    frames.push(frame);
    document.body.append(frame);
  });
  const removeFrame = vi.fn(() => {
    frames.at(-1)?.remove();
  });
  let settled: { value: VerifyCardResult } | { error: unknown } | undefined;
  const promise = threeDSecure.verifyCard({
    nonce: NONCE,
    bin: '400000',
    amount: '10.00',
    addFrame,
    removeFrame,
    ...overrides,
  });
  promise.then(
    (value) => (settled = { value }),
    (error: unknown) => (settled = { error }),
  );
  return { promise, frames, addFrame, removeFrame, settled: () => settled };
}

const ISSUER_PAGE = 'https://issuer.test/acs?creq=creq-1';
/** Songbird's HTML: one frame, with attributes of Songbird's own that the panel does not take. */
const CHALLENGE_HTML = `<div id="Cardinal-ElementContainer"><iframe id="Cardinal-CCA-IFrame" name="cardinal-step-up" src="${ISSUER_PAGE.replace('&', '&amp;')}" width="400" height="400" onload="window.polluted = true" allow="payment" referrerpolicy="unsafe-url" class="cardinal"></iframe></div>`;

/** Songbird hands the issuer's frame over once `continue` was called. */
async function showChallenge(mode = 'static', html = CHALLENGE_HTML) {
  await vi.waitFor(() => {
    expect(cardinal.calls.some(([name]) => name === 'continue')).toBe(true);
  });
  const resolve = vi.fn();
  const reject = vi.fn();
  cardinal.emit('ui.inline.setup', html, { paymentType: 'CCA', data: { mode } }, resolve, reject);
  return { resolve, reject };
}

describe('creating 3D Secure 2', () => {
  it('needs the configuration to carry Cardinal’s JWT, and version 1 or 2', () => {
    const client = fakeClient({ gatewayConfiguration: configuration(null), guest: false });
    expect(() => createThreeDSecure(client, { version: 2 })).toThrow(
      expect.objectContaining({ code: 'THREEDS_NOT_ENABLED_FOR_V2' }) as Error,
    );
    expect(() => createThreeDSecure(client, { version: 3 as never })).toThrow(
      '3 is not a recognized 3D Secure version: use 1 or 2.',
    );
    expect(offeredVersion(client)).toBe(1);
    expect(offeredVersion(fakeClient({ gatewayConfiguration: configuration(), guest: false }))).toBe(2);
  });

  it('loads Songbird from the configuration with its integrity hash and sets it up with the JWT', async () => {
    const { client } = setup();
    await vi.waitFor(() => {
      expect(client.events).toContain('web.threedsecure.cardinal-sdk.init.setup-completed');
    });
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe(SONGBIRD_URL);
    expect(scripts[0]?.integrity).toBe(INTEGRITY);
    expect(scripts[0]?.crossOrigin).toBe('anonymous');
    expect(cardinal.calls).toContainEqual([
      'configure',
      {
        payment: { framework: 'inline', displayLoading: false, displayExitButton: false },
        logging: { level: 'off' },
      },
    ]);
    expect(cardinal.calls).toContainEqual(['setup', 'init', { jwt: 'header.payload.signature' }]);
  });

  it("gives Songbird's configure() the merchant's cardinalSDKConfig, the framework kept inline", async () => {
    const { client } = setup({
      cardinalSDKConfig: {
        timeout: 8000,
        maxRequestRetries: 2,
        logging: { level: 'verbose' },
        payment: { displayLoading: true, displayExitButton: true, framework: 'modal' },
      },
    });
    await vi.waitFor(() => {
      expect(client.events).toContain('web.threedsecure.cardinal-sdk.init.setup-completed');
    });
    expect(cardinal.calls).toContainEqual([
      'configure',
      {
        timeout: 8000,
        maxRequestRetries: 2,
        payment: { displayLoading: true, displayExitButton: true, framework: 'inline' },
        logging: { level: 'verbose' },
      },
    ]);
  });

  it("loads Cardinal's documented Songbird when the configuration names none", async () => {
    setup({ gateway: configuration({ cardinalAuthenticationJWT: 'jwt' }) });
    await vi.waitFor(() => {
      expect(scripts).toHaveLength(1);
    });
    expect(scripts[0]?.src).toBe(SONGBIRD_URLS.sandbox);
    expect(scripts[0]?.integrity).toBe('');
    const production = fakeClient({
      gatewayConfiguration: {
        ...configuration({ cardinalAuthenticationJWT: 'jwt' }),
        environment: 'production',
      },
      guest: false,
    });
    expect(songbirdSettings(production)).toEqual({
      jwt: 'jwt',
      url: SONGBIRD_URLS.production,
      integrity: null,
    });
  });

  it.each([
    'https://songbird.cardinalcommerce.com/edge/v1/abc/songbird.js',
    'https://songbirdstag.cardinalcommerce.com/cardinalcruise/v1/songbird.js',
    SONGBIRD_URL,
  ])('takes Songbird from %s', (url) => {
    expect(isSongbirdUrl(url)).toBe(true);
  });

  it.each([
    'http://songbird.cardinalcommerce.com/edge/v1/songbird.js',
    'https://evil.test/songbird.js',
    'https://songbird.cardinalcommerce.com.evil.test/songbird.js',
    'https://evilsongbird.cardinalcommerce.com/songbird.js',
    'https://user@songbird.cardinalcommerce.com/songbird.js',
    'https://songbird.cardinalcommerce.com:444/songbird.js',
    `${GATEWAY}/sandbox/control.js`,
    `${GATEWAY}/sandbox/cardinal/../control.js`,
    `${GATEWAY}/sandbox/cardinal%2F..%2F..%2Fcontrol`,
    'https://localhost:9999/sandbox/cardinal/songbird.js',
    'javascript:alert(1)',
    'songbird.js',
  ])('refuses Songbird from %s: THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED, no script', async (url) => {
    expect(isSongbirdUrl(url)).toBe(false);
    const { threeDSecure } = setup({
      gateway: configuration({ cardinalAuthenticationJWT: 'jwt', cardinalSongbirdUrl: url }),
    });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
      details: { reason: "Songbird's URL is not on Cardinal's hosts." },
    });
    expect(scripts).toEqual([]);
  });

  it.each(['abc', 'sha1-abc', 'md5-abc', 'sha384-abc sha999-x', 'sha384-a b c'])(
    'refuses an integrity the browser would not check (%j): no script',
    async (integrity) => {
      expect(isIntegrity(integrity)).toBe(false);
      const { threeDSecure } = setup({
        gateway: configuration({
          cardinalAuthenticationJWT: 'jwt',
          cardinalSongbirdUrl: SONGBIRD_URL,
          cardinalSongbirdIdentityHash: integrity,
        }),
      });
      await expect(verify(threeDSecure).promise).rejects.toMatchObject({
        code: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
      });
      expect(scripts).toEqual([]);
    },
  );

  it('takes an integrity of one or more sha256, sha384 or sha512 digests', () => {
    expect(isIntegrity(INTEGRITY)).toBe(true);
    expect(isIntegrity('sha256-AbC+/= sha512-xyz==')).toBe(true);
  });
});

describe('verifyCard, version 2', () => {
  it('needs the BIN', async () => {
    const { threeDSecure } = setup();
    await expect(verify(threeDSecure, { bin: undefined }).promise).rejects.toMatchObject({
      code: 'THREEDS_MISSING_VERIFY_CARD_OPTION',
      message: 'verifyCard options must include a bin.',
    });
    await expect(verify(threeDSecure, { bin: '4111111111111111' }).promise).rejects.toMatchObject({
      details: { option: 'bin' },
    });
  });

  it('looks up with the BIN, Songbird’s session, the browser and the options, and resolves a frictionless answer', async () => {
    const info = {
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
      eciFlag: '05',
    };
    const { threeDSecure, requests, client } = setup({ lookup: { data: lookupAnswer(null, info) } });
    const run = verify(threeDSecure, {
      email: 'pat@example.com',
      challengeRequested: true,
      billingAddress: { givenName: 'Pat', streetAddress: '1 Main St', locality: 'San Jose' },
      additionalInformation: { acsWindowSize: '02', shippingMethod: '01' },
    });
    expect(await run.promise).toEqual({
      nonce: LOOKUP_NONCE,
      details: { cardType: 'Visa', lastTwo: '91' },
      description: 'ending in 91',
      liabilityShifted: true,
      liabilityShiftPossible: true,
      verificationDetails: { liabilityShifted: true, liabilityShiftPossible: true },
      threeDSecureInfo: info,
    });
    expect(cardinal.calls).toContainEqual(['trigger', 'bin.process', '400000']);
    expect(run.addFrame).not.toHaveBeenCalled();
    const [lookup] = requests;
    expect(lookup?.endpoint).toBe(`payment_methods/${NONCE}/three_d_secure/lookup`);
    expect(lookup?.data).toMatchObject({
      amount: '10.00',
      bin: '400000',
      dfReferenceId: 'df-session',
      challengeRequested: true,
      additionalInfo: {
        acsWindowSize: '02',
        shippingMethod: '01',
        email: 'pat@example.com',
        billingGivenName: 'Pat',
        billingLine1: '1 Main St',
        billingCity: 'San Jose',
      },
      clientMetadata: {
        requestedThreeDSecureVersion: '2',
        sdkVersion: 'web/3.26.0',
        issuerDeviceDataCollectionResult: true,
      },
      browserJavascriptEnabled: true,
      browserJavaEnabled: false,
      deviceChannel: 'Browser',
    });
    expect(Object.keys(lookup?.data ?? {})).not.toContain('number');
    expect(client.events).toContain('web.threedsecure.verification-flow.challenge-presented.false');
  });

  it('goes on with the lookup when the issuer’s device data collection fails', async () => {
    const { threeDSecure, requests } = setup({
      lookup: { data: lookupAnswer(null, { ...LOOKUP_INFO, liabilityShiftPossible: false }) },
    });
    cardinal.binOutcome = () => Promise.reject(new Error('issuer down'));
    await verify(threeDSecure).promise;
    expect(requests[0]?.data).toMatchObject({ clientMetadata: { issuerDeviceDataCollectionResult: false } });
  });

  it('shows the issuer’s frame through addFrame, then has the gateway authenticate Songbird’s JWT', async () => {
    const { threeDSecure, requests } = setup();
    const run = verify(threeDSecure, { additionalInformation: { acsWindowSize: '01' } });
    const { resolve } = await showChallenge();
    expect(cardinal.calls).toContainEqual([
      'continue',
      'cca',
      { AcsUrl: 'https://issuer.test/acs', Payload: 'creq-1' },
      { OrderDetails: { TransactionId: 'txn-1' } },
    ]);
    expect(resolve).toHaveBeenCalledOnce();
    const [frame] = run.frames;
    expect(frame?.tagName).toBe('IFRAME');
    expect(frame?.title).toBe('Card Verification');
    expect(frame?.width).toBe('250');
    expect(frame?.height).toBe('400');
    expect(frame?.dataset.acsWindowSize).toBe('01');
    // Rebuilt: the issuer's address and the panel's own attributes, nothing else of Songbird's.
    expect(frame?.src).toBe(ISSUER_PAGE);
    expect(Object.fromEntries([...(frame?.attributes ?? [])].map((a) => [a.name, a.value]))).toEqual({
      sandbox: 'allow-scripts allow-forms allow-same-origin',
      src: ISSUER_PAGE,
      title: 'Card Verification',
      class: 'payment-panel-three-d-secure-frame',
      'data-acs-window-size': '01',
      width: '250',
      height: '400',
      frameborder: '0',
    });
    cardinal.emit(
      'payments.validated',
      { ActionCode: 'SUCCESS', Payment: { ExtendedData: {} } },
      'result.jwt',
    );
    const result = await run.promise;
    expect(requests[1]).toMatchObject({
      endpoint: `payment_methods/${LOOKUP_NONCE}/three_d_secure/authenticate_from_jwt`,
      data: { jwt: 'result.jwt', paymentMethodNonce: LOOKUP_NONCE },
    });
    expect(result).toMatchObject({
      nonce: 'tokencc_authenticated',
      liabilityShifted: true,
      liabilityShiftPossible: true,
      threeDSecureInfo: {
        status: 'authenticate_successful',
        cavv: 'AAAB',
        lookup: { transStatus: 'C' },
        authentication: { transStatus: 'Y' },
      },
    });
    expect(run.removeFrame).toHaveBeenCalledOnce();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('the full-screen window leaves the frame without a size of its own', async () => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure, { additionalInformation: { acsWindowSize: '05' } });
    await showChallenge();
    expect(run.frames[0]?.hasAttribute('width')).toBe(false);
    expect(run.frames[0]?.dataset.acsWindowSize).toBe('05');
    void threeDSecure.cancelVerifyCard();
    await run.promise;
  });

  it('a gateway answering errors gives the lookup’s card with the answer’s flags', async () => {
    const { threeDSecure } = setup({
      authenticate: {
        data: {
          errors: [{ attribute: 'three_d_secure_token', message: 'Failed', code: '81571' }],
          threeDSecureInfo: {
            liabilityShifted: false,
            liabilityShiftPossible: false,
            status: 'authenticate_error',
          },
        },
      },
    });
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit('payments.validated', { ActionCode: 'SUCCESS' }, 'jwt');
    expect(await run.promise).toMatchObject({
      nonce: LOOKUP_NONCE,
      liabilityShifted: false,
      liabilityShiftPossible: false,
      threeDSecureInfo: { status: 'authenticate_error', enrolled: 'Y' },
    });
  });

  it.each([
    [
      'a shift claimed without a card',
      { threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true } },
    ],
    ['no flags', { paymentMethod: AUTHENTICATED.paymentMethod }],
    ['a card without a nonce', { ...AUTHENTICATED, paymentMethod: { type: 'CreditCard' } }],
    ['no object', 'nonsense'],
  ])('an authentication answer with %s is THREEDS_JWT_AUTHENTICATION_FAILED', async (_name, data) => {
    const { threeDSecure } = setup({ authenticate: { data } });
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit('payments.validated', { ActionCode: 'FAILURE' }, 'jwt');
    await expect(run.promise).rejects.toMatchObject({
      code: 'THREEDS_JWT_AUTHENTICATION_FAILED',
      details: { originalError: data },
    });
    expect(run.removeFrame).toHaveBeenCalledOnce();
  });

  it('a failed authentication request is THREEDS_JWT_AUTHENTICATION_FAILED with the client’s error', async () => {
    const failure = createError('CLIENT_REQUEST_ERROR', undefined, { httpStatus: 422 });
    const { threeDSecure } = setup({ authenticate: { error: failure } });
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit('payments.validated', { ActionCode: 'SUCCESS' }, 'jwt');
    await expect(run.promise).rejects.toMatchObject({
      code: 'THREEDS_JWT_AUTHENTICATION_FAILED',
      details: { originalError: failure },
    });
  });

  it('the shopper cancelling on the issuer’s page gives the lookup’s card, with no authentication', async () => {
    const { threeDSecure, requests } = setup();
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit(
      'payments.validated',
      { ActionCode: 'FAILURE', Payment: { ExtendedData: { ChallengeCancel: '01' } } },
      'jwt',
    );
    expect(await run.promise).toMatchObject({
      nonce: LOOKUP_NONCE,
      liabilityShifted: false,
      liabilityShiftPossible: true,
      threeDSecureInfo: { status: 'challenge_required' },
    });
    expect(requests).toHaveLength(1);
  });

  it('cancelVerifyCard during the challenge resolves both with the lookup’s card and removes the frame', async () => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    await showChallenge();
    const cancelled = await threeDSecure.cancelVerifyCard();
    expect(cancelled).toMatchObject({ nonce: LOOKUP_NONCE, liabilityShiftPossible: true });
    expect(await run.promise).toEqual(cancelled);
    expect(run.removeFrame).toHaveBeenCalledOnce();
    // Songbird's later verdict reaches nobody.
    cardinal.emit('payments.validated', { ActionCode: 'SUCCESS' }, 'jwt');
  });

  it.each([
    [10001, 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT'],
    [10002, 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT'],
    [10003, 'THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT'],
    [10007, 'THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT'],
    [10009, 'THREEDS_CARDINAL_SDK_RESPONSE_TIMEDOUT'],
    [10005, 'THREEDS_CARDINAL_SDK_BAD_CONFIG'],
    [10006, 'THREEDS_CARDINAL_SDK_BAD_CONFIG'],
    [10008, 'THREEDS_CARDINAL_SDK_BAD_JWT'],
    [10010, 'THREEDS_CARDINAL_SDK_BAD_JWT'],
    [10011, 'THREEDS_CARDINAL_SDK_CANCELED'],
    [1, 'THREEDS_CARDINAL_SDK_ERROR'],
  ])('Songbird’s error %i is %s, with its number and description', async (errorNumber, code) => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit(
      'payments.validated',
      { ActionCode: 'ERROR', ErrorNumber: errorNumber, ErrorDescription: 'd' },
      null,
    );
    await expect(run.promise).rejects.toMatchObject({
      code,
      details: { originalError: { code: errorNumber, description: 'd' } },
    });
    expect(run.removeFrame).toHaveBeenCalledOnce();
  });

  it.each([
    ['a verdict that is no object', 'nonsense', 'jwt'],
    ['a success without a JWT', { ActionCode: 'SUCCESS' }, undefined],
    ['an unknown action', { ActionCode: 'MAYBE' }, 'jwt'],
  ])('%s is THREEDS_CARDINAL_SDK_ERROR', async (_name, data, jwt) => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    await showChallenge();
    cardinal.emit('payments.validated', data, jwt);
    await expect(run.promise).rejects.toMatchObject({ code: 'THREEDS_CARDINAL_SDK_ERROR' });
  });

  it.each([
    ['HTML without a frame', 'static', '<p>no frame</p>'],
    [
      'HTML with two frames',
      'static',
      `<iframe src="${ISSUER_PAGE}"></iframe><iframe src="${ISSUER_PAGE}"></iframe>`,
    ],
    ['an unknown mode', 'modal', CHALLENGE_HTML],
    ['a frame without an address', 'static', '<iframe name="cardinal-step-up"></iframe>'],
    [
      'a frame with srcdoc',
      'static',
      `<iframe src="${ISSUER_PAGE}" srcdoc="<script>parent.x=1</script>"></iframe>`,
    ],
    ['a javascript: frame', 'static', '<iframe src="javascript:parent.polluted=1"></iframe>'],
    ['a data: frame', 'static', '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
    ['an http: frame', 'static', '<iframe src="http://issuer.test/acs"></iframe>'],
    ['a relative address', 'static', '<iframe src="/acs"></iframe>'],
    ['an address with credentials', 'static', '<iframe src="https://user:pass@issuer.test/acs"></iframe>'],
    ['a suppressed frame with srcdoc', 'suppress', '<iframe srcdoc="<p>x</p>"></iframe>'],
  ])('%s is THREEDS_INLINE_IFRAME_DETAILS_INCORRECT, and Songbird is told', async (_name, mode, html) => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    const { reject } = await showChallenge(mode, html);
    expect(reject).toHaveBeenCalledOnce();
    await expect(run.promise).rejects.toMatchObject({ code: 'THREEDS_INLINE_IFRAME_DETAILS_INCORRECT' });
    expect(run.addFrame).not.toHaveBeenCalled();
  });

  it('keeps a suppressed frame hidden on the page for the verification’s time', async () => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    await showChallenge('suppress');
    expect(run.addFrame).not.toHaveBeenCalled();
    const hidden = document.querySelector<HTMLElement>('body > div[hidden]');
    const frame = hidden?.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(ISSUER_PAGE);
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
    expect(frame?.hasAttribute('onload')).toBe(false);
    void threeDSecure.cancelVerifyCard();
    await run.promise;
    expect(document.querySelector('body > div[hidden]')).toBeNull();
  });

  it.each([
    [404, 'THREEDS_LOOKUP_TOKENIZED_CARD_NOT_FOUND_ERROR'],
    [422, 'THREEDS_LOOKUP_VALIDATION_ERROR'],
    [500, 'THREEDS_LOOKUP_ERROR'],
  ])('a lookup failing with %i is %s, the client error as originalError', async (httpStatus, code) => {
    const failure = createError('CLIENT_REQUEST_ERROR', undefined, { httpStatus });
    const { threeDSecure } = setup({ lookup: { error: failure } });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code,
      details: { originalError: failure },
    });
  });

  it.each([
    ['no card', { threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false } }],
    ['an acsUrl over http', lookupAnswer('http://issuer.test/acs')],
    [
      'a challenge without its transaction',
      {
        ...lookupAnswer('https://issuer.test/acs'),
        lookup: { acsUrl: 'https://issuer.test/acs', pareq: 'c' },
      },
    ],
  ])('a lookup answer with %s is THREEDS_LOOKUP_ERROR', async (_name, data) => {
    const { threeDSecure } = setup({ lookup: { data } });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_LOOKUP_ERROR',
      details: { originalError: data },
    });
  });
});

describe('Songbird’s set-up failing', () => {
  it('a JWT Songbird refuses is THREEDS_CARDINAL_SDK_BAD_JWT, and nothing is looked up', async () => {
    cardinal.onSetup = () => {
      cardinal.emit(
        'payments.validated',
        { ActionCode: 'ERROR', ErrorNumber: 10008, ErrorDescription: 'bad' },
        null,
      );
    };
    const { threeDSecure, requests, client } = setup();
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_CARDINAL_SDK_BAD_JWT',
    });
    expect(requests).toEqual([]);
    expect(client.events).toContain('web.threedsecure.cardinal-sdk.init.setup-failed');
  });

  it('a script that does not load is THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED; the next verification loads it again', async () => {
    loadScripts = 'error';
    const { threeDSecure } = setup({
      lookup: { data: lookupAnswer(null, { liabilityShifted: true, liabilityShiftPossible: true }) },
    });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_CARDINAL_SDK_SCRIPT_LOAD_FAILED',
      message: "Cardinal's Songbird.js library could not be loaded.",
    });
    loadScripts = 'load';
    expect(await verify(threeDSecure).promise).toMatchObject({ liabilityShifted: true });
    expect(scripts).toHaveLength(2);
  });

  it('a Songbird that does not set itself up within 60 seconds is THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT', async () => {
    vi.useFakeTimers();
    loadScripts = 'hang';
    const { threeDSecure, requests } = setup();
    const run = verify(threeDSecure);
    await vi.advanceTimersByTimeAsync(SONGBIRD_SETUP_TIMEOUT_MS - 1);
    expect(run.settled()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await expect(run.promise).rejects.toMatchObject({
      code: 'THREEDS_CARDINAL_SDK_SETUP_TIMEDOUT',
      message: "Cardinal's Songbird.js took too long to setup.",
    });
    expect(requests).toEqual([]);
  });

  it('a Songbird without the Cardinal API is THREEDS_CARDINAL_SDK_SETUP_FAILED', async () => {
    cardinal = { configure: 1 } as unknown as FakeCardinal;
    const { threeDSecure } = setup();
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_CARDINAL_SDK_SETUP_FAILED',
    });
  });
});

describe('Songbird shared by the page', () => {
  it('two instances share one set-up; the last teardown stops hearing Songbird', async () => {
    const first = setup();
    const second = setup();
    await vi.waitFor(() => {
      expect(second.client.events).toContain('web.threedsecure.cardinal-sdk.init.setup-completed');
    });
    expect(scripts).toHaveLength(1);
    expect(cardinal.calls.filter(([name]) => name === 'setup')).toHaveLength(1);
    first.threeDSecure.teardown();
    expect(cardinal.calls.filter(([name]) => name === 'off')).toEqual([]);
    second.threeDSecure.teardown();
    expect(cardinal.calls.filter(([name]) => name === 'off').map(([, event]) => event)).toEqual([
      'payments.setupComplete',
      'payments.validated',
      'ui.inline.setup',
    ]);
  });

  it('one verification at a time: a second instance’s challenge waits its turn', async () => {
    const first = setup();
    const second = setup();
    const running = verify(first.threeDSecure);
    await showChallenge();
    await expect(verify(second.threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_IN_PROGRESS',
    });
    void first.threeDSecure.cancelVerifyCard();
    await running.promise;
  });

  it('teardown during a challenge rejects it and removes the frame', async () => {
    const { threeDSecure } = setup();
    const run = verify(threeDSecure);
    await showChallenge();
    threeDSecure.teardown();
    await expect(run.promise).rejects.toMatchObject({ code: 'METHOD_CALLED_AFTER_TEARDOWN' });
    expect(run.removeFrame).toHaveBeenCalledOnce();
  });
});

describe('lookupFields', () => {
  it('flattens the addresses under the provider’s names and defaults the window to 03', () => {
    expect(
      lookupFields({
        mobilePhoneNumber: '555',
        billingAddress: {
          surname: 'Payer',
          phoneNumber: '1',
          extendedAddress: 'Apt 2',
          line3: 'c/o',
          region: 'CA',
          postalCode: '95131',
          countryCodeAlpha2: 'US',
        },
        additionalInformation: { shippingAddress: { streetAddress: '2 Side St', locality: 'Austin' } },
        accountType: 'debit',
        cardAdd: false,
        cardAddChallengeRequested: true,
        merchantName: 'Shop',
        customFields: { loyalty: 'gold' },
        customer: { billingAddress: { postalCode: '1' } },
      }),
    ).toEqual({
      additionalInfo: {
        acsWindowSize: '03',
        mobilePhoneNumber: '555',
        billingSurname: 'Payer',
        billingPhoneNumber: '1',
        billingLine2: 'Apt 2',
        billingLine3: 'c/o',
        billingState: 'CA',
        billingPostalCode: '95131',
        billingCountryCode: 'US',
        shippingLine1: '2 Side St',
        shippingCity: 'Austin',
      },
      accountType: 'debit',
      cardAdd: false,
      cardAddChallengeRequested: true,
      merchantName: 'Shop',
      customFields: { loyalty: 'gold' },
      customer: { billingAddress: { postalCode: '1' } },
    });
  });
});
