import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import { clientToken, stubFetch, type FetchCall, type StubAnswer } from '../../client/test-support';
import { PANEL_VERSION } from '../../shared/build-constants';
import { PanelError, createError } from '../../shared/errors';
import { readFrameParams, wrap } from '../../shared/frame-channel';
import type { ThreeDSecurePageMessage } from '../../shared/three-d-secure-messages';
import { stubFrameWindows, type FakeFrameWindow } from '../hosted-fields/test-support';
import {
  BANK_FRAME_CLASS,
  DEFAULT_BANK_FRAME_TITLE,
  createThreeDSecure,
  type ThreeDSecure,
  type ThreeDSecureOptions,
  type VerifyCardOptions,
  type VerifyCardResult,
} from './index';
import { FAILED_AUTHENTICATION_MESSAGE, UNREADABLE_AUTH_RESPONSE_MESSAGE } from './responses';

const { assets: ASSETS, gateway: GATEWAY } = inject('localOrigins');

const API = `${GATEWAY}/merchants/demo_merchant/client_api`;
const CONFIG_URL = `${API}/v1/configuration`;
const KEY = 'sandbox_k9x2m4p7_demo_merchant';
const TOKEN = clientToken({
  authorizationFingerprint: 'abc|created_at=2024&merchant_id=demo_merchant',
  configUrl: CONFIG_URL,
});
const CARD_NONCE = 'tokencc_sb_card';
const LOOKUP_URL = `${API}/v1/payment_methods/${CARD_NONCE}/three_d_secure/lookup`;
const TERM_URL = `${GATEWAY}/merchants/demo_merchant/client_api/v1/three_d_secure/term?session=abc`;

const CARD_INFO = {
  liabilityShifted: false,
  liabilityShiftPossible: true,
  status: 'lookup_enrolled',
  enrolled: 'Y',
};

const LOOKUP_METHOD = {
  nonce: 'tokencc_sb_lookup',
  type: 'CreditCard',
  description: 'ending in 02',
  details: { cardType: 'Visa', lastTwo: '02' },
  threeDSecureInfo: CARD_INFO,
};

const CHALLENGE = {
  paymentMethod: LOOKUP_METHOD,
  threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true },
  lookup: {
    acsUrl: `${GATEWAY}/sandbox/three-d-secure/acs`,
    pareq: 'sandbox-pareq-abc',
    md: 'sandbox-md-abc',
    termUrl: TERM_URL,
  },
};

const NOT_ENROLLED = {
  paymentMethod: {
    nonce: 'tokencc_sb_not_enrolled',
    type: 'CreditCard',
    description: 'ending in 51',
    details: { cardType: 'Visa', lastTwo: '51' },
    threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false },
  },
  threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false, status: 'lookup_not_enrolled' },
  lookup: { acsUrl: null, pareq: null, md: null, termUrl: TERM_URL },
};

const AUTHENTICATED = {
  success: true,
  paymentMethod: {
    nonce: 'tokencc_sb_authenticated',
    type: 'CreditCard',
    description: 'ending in 02',
    details: { cardType: 'Visa', lastTwo: '02' },
    threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
  },
  threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
};

const FAILED_MESSAGE = 'Failed to authenticate, please try a different form of payment.';

function configuration(overrides: Record<string, unknown> = {}) {
  return {
    environment: 'sandbox',
    clientApiUrl: API,
    assetsUrl: ASSETS,
    analytics: { url: `${GATEWAY}/analytics/demo_merchant` },
    threeDSecureEnabled: true,
    ...overrides,
  };
}

interface SetupOptions {
  answer?: (call: FetchCall) => StubAnswer | 'hang' | undefined;
  configuration?: Record<string, unknown>;
  authorization?: string;
}

async function clientWith(options: SetupOptions = {}) {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith(CONFIG_URL)) return { body: options.configuration ?? configuration() };
    return options.answer?.(call) ?? { status: 201, body: CHALLENGE };
  });
  const client = await createClient(options.authorization ?? TOKEN, {
    merchantAppId: 'shop.test',
    sessionId: 'session-1',
  });
  const events: string[] = [];
  vi.spyOn(client.analytics, 'send').mockImplementation((event, prefix = '') => {
    events.push(prefix + event);
  });
  return { client, calls, events };
}

let windowOf: (iframe: HTMLIFrameElement) => FakeFrameWindow;

async function setup(options: SetupOptions & { create?: ThreeDSecureOptions } = {}) {
  const made = await clientWith(options);
  const threeDSecure = createThreeDSecure(made.client, options.create);
  return { ...made, threeDSecure };
}

/** The lookup calls among the recorded requests. */
function lookups(calls: FetchCall[]): FetchCall[] {
  return calls.filter((call) => call.url.includes('/three_d_secure/lookup'));
}

/** A verification under test: the merchant's callbacks put the frame on the page and take it off. */
function verify(threeDSecure: ThreeDSecure, overrides: Partial<VerifyCardOptions> = {}) {
  const frames: HTMLIFrameElement[] = [];
  const addFrame = vi.fn((_error: PanelError | null, iframe: HTMLIFrameElement) => {
    frames.push(iframe);
    document.body.append(iframe);
  });
  const removeFrame = vi.fn(() => {
    frames.at(-1)?.remove();
  });
  let settled: { value: VerifyCardResult } | { error: unknown } | undefined;
  const promise = threeDSecure.verifyCard({
    nonce: CARD_NONCE,
    amount: '10.00',
    addFrame,
    removeFrame,
    ...overrides,
  });
  promise.then(
    (value) => (settled = { value }),
    (error: unknown) => (settled = { error }),
  );
  const frame = (): HTMLIFrameElement => {
    const found = frames[0];
    if (!found) throw new Error('no bank frame');
    return found;
  };
  const channel = (): string => readFrameParams(new URL(frame().src).hash)?.channel ?? '';
  return {
    promise,
    addFrame,
    removeFrame,
    frame,
    channel,
    settled: () => settled,
    /** Waits until the merchant has been handed the frame. */
    shown: () =>
      vi.waitFor(() => {
        expect(addFrame).toHaveBeenCalledOnce();
      }),
    /** Dispatches a message on the page as if the frame had sent it. */
    send(
      message: unknown,
      {
        origin = ASSETS,
        source,
        channel: other,
      }: { origin?: string; source?: unknown; channel?: string } = {},
    ): void {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: wrap(other ?? channel(), message),
          origin,
          source: (source ?? frame().contentWindow) as MessageEventSource,
        }),
      );
    },
    /** The messages the page posted to the frame, unwrapped, with their target origins. */
    posts: () =>
      windowOf(frame()).postMessage.mock.calls.map(([data, target]) => ({
        message: (data as { message: ThreeDSecurePageMessage }).message,
        channel: (data as { channel: string }).channel,
        target,
      })),
  };
}

type Verify = ReturnType<typeof verify>;

function requestConfiguration(run: Verify, version = PANEL_VERSION): void {
  run.send({ type: 'bankFrameConfigurationRequest', version });
}

function complete(run: Verify, authResponse: Record<string, unknown> | null): void {
  run.send({ type: 'authenticationComplete', authResponse });
}

beforeEach(() => {
  clearClientCache();
  document.body.replaceChildren();
  windowOf = stubFrameWindows();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createThreeDSecure', () => {
  it('sends the initialized event', async () => {
    const { events } = await setup();
    expect(events).toEqual(['web.threedsecure.initialized']);
  });

  it('refuses a tokenization key', async () => {
    const { client } = await clientWith({ authorization: KEY });
    expect(() => createThreeDSecure(client)).toThrow(
      expect.objectContaining({
        code: 'THREEDS_CAN_NOT_USE_TOKENIZATION_KEY',
        type: 'MERCHANT',
        message: '3D Secure can not use a tokenization key for authorization.',
      }),
    );
  });

  it.each([[false], [undefined]])('refuses a merchant whose threeDSecureEnabled is %s', async (enabled) => {
    const { client } = await clientWith({ configuration: configuration({ threeDSecureEnabled: enabled }) });
    expect(() => createThreeDSecure(client)).toThrow(
      expect.objectContaining({
        code: 'THREEDS_NOT_ENABLED',
        message: '3D Secure is not enabled for this merchant.',
      }),
    );
  });

  it('requires HTTPS in production only', async () => {
    const { client } = await clientWith({ configuration: configuration({ environment: 'production' }) });
    expect(location.protocol).toBe('http:');
    expect(() => createThreeDSecure(client)).toThrow(
      expect.objectContaining({ code: 'THREEDS_HTTPS_REQUIRED', message: '3D Secure requires HTTPS.' }),
    );
    vi.stubGlobal('location', new URL('https://shop.example/checkout'));
    expect(() => createThreeDSecure(client)).not.toThrow();
  });

  it('refuses to be made without a client', () => {
    expect(() => createThreeDSecure(undefined as unknown as GatewayClient)).toThrow(
      expect.objectContaining({
        code: 'INSTANTIATION_OPTION_REQUIRED',
        message: 'options.client is required when instantiating 3D Secure.',
      }),
    );
  });
});

describe('verifyCard', () => {
  it.each([
    ['nonce', { nonce: undefined }, 'verifyCard options must include a nonce.'],
    ['nonce', { nonce: '' }, 'verifyCard options must include a nonce.'],
    ['amount', { amount: undefined }, 'verifyCard options must include an amount.'],
    ['amount', { amount: 0 }, 'verifyCard options must include an amount.'],
    ['amount', { amount: ' ' }, 'verifyCard options must include an amount.'],
    ['amount', { amount: Number.NaN }, 'verifyCard options must include an amount.'],
    ['addFrame', { addFrame: 'show' }, 'verifyCard options must include an addFrame function.'],
    ['removeFrame', { removeFrame: undefined }, 'verifyCard options must include a removeFrame function.'],
  ])('names a missing %s', async (option, overrides, message) => {
    const { threeDSecure, calls } = await setup();
    const run = verify(threeDSecure, overrides as Partial<VerifyCardOptions>);
    await expect(run.promise).rejects.toMatchObject({
      code: 'THREEDS_MISSING_VERIFY_CARD_OPTION',
      type: 'MERCHANT',
      message,
      details: { option },
    });
    expect(lookups(calls)).toEqual([]);
  });

  it('names the first missing option in the order nonce, amount, addFrame, removeFrame', async () => {
    const { threeDSecure } = await setup();
    await expect(threeDSecure.verifyCard(undefined as unknown as VerifyCardOptions)).rejects.toMatchObject({
      details: { option: 'nonce' },
    });
    await expect(
      threeDSecure.verifyCard({ nonce: 'n' } as unknown as VerifyCardOptions),
    ).rejects.toMatchObject({ details: { option: 'amount' } });
    await expect(
      threeDSecure.verifyCard({ nonce: 'n', amount: 5 } as unknown as VerifyCardOptions),
    ).rejects.toMatchObject({ details: { option: 'addFrame' } });
  });

  it('looks the card up and resolves straight from a lookup without challenge', async () => {
    const { threeDSecure, calls } = await setup({ answer: () => ({ status: 201, body: NOT_ENROLLED }) });
    const run = verify(threeDSecure, { amount: 10 });
    await expect(run.promise).resolves.toEqual({
      nonce: 'tokencc_sb_not_enrolled',
      details: { cardType: 'Visa', lastTwo: '51' },
      description: 'ending in 51',
      liabilityShifted: false,
      liabilityShiftPossible: false,
      verificationDetails: NOT_ENROLLED.threeDSecureInfo,
    });
    const [lookup] = lookups(calls);
    expect(lookup?.url).toBe(LOOKUP_URL);
    expect(lookup?.init.method).toBe('POST');
    expect(JSON.parse(lookup?.init.body as string)).toMatchObject({
      amount: 10,
      authorizationFingerprint: 'abc|created_at=2024&merchant_id=demo_merchant',
      braintreeLibraryVersion: 'braintree/web/3.26.0',
    });
    expect(run.addFrame).not.toHaveBeenCalled();
    expect(run.removeFrame).not.toHaveBeenCalled();
    // The verification is over: another may start.
    await expect(verify(threeDSecure).promise).resolves.toMatchObject({ nonce: 'tokencc_sb_not_enrolled' });
  });

  it('percent-encodes the nonce in the lookup path', async () => {
    const { threeDSecure, calls } = await setup({ answer: () => ({ status: 201, body: NOT_ENROLLED }) });
    await verify(threeDSecure, { nonce: 'a/b?c' }).promise;
    expect(lookups(calls)[0]?.url).toBe(`${API}/v1/payment_methods/a%2Fb%3Fc/three_d_secure/lookup`);
  });

  it('rejects with the lookup’s client error as it is, and ends the verification', async () => {
    const { threeDSecure } = await setup({
      answer: (call) =>
        call.url === LOOKUP_URL
          ? { status: 422, body: { error: { message: 'Amount is invalid.' } } }
          : undefined,
    });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'CLIENT_REQUEST_ERROR',
      details: { httpStatus: 422 },
    });
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({ code: 'CLIENT_REQUEST_ERROR' });
  });

  it('rejects a lookup answer it cannot read', async () => {
    const { threeDSecure } = await setup({
      answer: () => ({
        status: 201,
        body: { ...CHALLENGE, lookup: { ...CHALLENGE.lookup, acsUrl: 'http://acs/' } },
      }),
    });
    const run = verify(threeDSecure);
    await expect(run.promise).rejects.toMatchObject({
      code: 'THREEDS_UNKNOWN_AUTH_RESPONSE',
      type: 'UNKNOWN',
      message: 'The 3D Secure lookup response could not be read.',
    });
    expect(run.addFrame).not.toHaveBeenCalled();
  });

  it('refuses a second verification while one runs, and allows one after it', async () => {
    const { threeDSecure, calls } = await setup();
    const first = verify(threeDSecure);
    const second = verify(threeDSecure);
    await expect(second.promise).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_IN_PROGRESS',
      message: 'Cannot call verifyCard while existing authentication is in progress.',
    });
    await first.shown();
    expect(lookups(calls)).toHaveLength(1);
    complete(first, AUTHENTICATED);
    await expect(first.promise).resolves.toMatchObject({ nonce: 'tokencc_sb_authenticated' });
    const third = verify(threeDSecure);
    await third.shown();
    expect(lookups(calls)).toHaveLength(2);
  });

  describe('with a challenge', () => {
    it('hands the merchant a 400 × 400 bank frame on the assets origin, on a channel of its own', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      const [error, iframe] = run.addFrame.mock.calls[0] ?? [];
      expect(error).toBeNull();
      expect(iframe).toBeInstanceOf(HTMLIFrameElement);
      const src = new URL(run.frame().src);
      expect(`${src.origin}${src.pathname}`).toBe(
        `${ASSETS}/payment-panel/${PANEL_VERSION}/html/three-d-secure-bank-frame.min.html`,
      );
      expect(readFrameParams(src.hash)).toEqual({
        channel: run.channel(),
        parentOrigin: location.origin,
        version: PANEL_VERSION,
      });
      expect(run.frame().name).toBe(`${BANK_FRAME_CLASS}-${run.channel()}`);
      expect(run.frame().getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-same-origin');
      expect(run.frame().title).toBe(DEFAULT_BANK_FRAME_TITLE);
      expect(run.frame().className).toBe(BANK_FRAME_CLASS);
      expect(run.frame().getAttribute('width')).toBe('400');
      expect(run.frame().getAttribute('height')).toBe('400');
      expect(run.removeFrame).not.toHaveBeenCalled();
      expect(run.settled()).toBeUndefined();
    });

    it('loads the debug page and takes the caller’s title', async () => {
      const { threeDSecure } = await setup({ create: { debug: true, frameTitle: 'Kartenprüfung' } });
      const run = verify(threeDSecure);
      await run.shown();
      expect(new URL(run.frame().src).pathname).toBe(
        `/payment-panel/${PANEL_VERSION}/html/three-d-secure-bank-frame.html`,
      );
      expect(run.frame().title).toBe('Kartenprüfung');
    });

    it('answers the frame’s request, once, with the bank’s data and the term URL', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      requestConfiguration(run);
      requestConfiguration(run);
      const posts = run.posts();
      expect(posts).toHaveLength(1);
      const channel = run.channel();
      const completeBase =
        `${ASSETS}/payment-panel/${PANEL_VERSION}/html/three-d-secure-authentication-complete-frame.html` +
        `?channel=${channel}&origin=${encodeURIComponent(location.origin)}&version=${PANEL_VERSION}&`;
      expect(posts[0]).toEqual({
        channel,
        target: ASSETS,
        message: {
          type: 'bankFrameConfiguration',
          acsUrl: CHALLENGE.lookup.acsUrl,
          pareq: 'sandbox-pareq-abc',
          md: 'sandbox-md-abc',
          termUrl: `${TERM_URL}&three_d_secure_version=3.26.0&authentication_complete_base_url=${encodeURIComponent(completeBase)}`,
        },
      });
      // What the gateway does with it: decode the base URL and append the answer.
      const termUrl = new URL(posts[0]?.message.termUrl ?? '');
      expect(termUrl.searchParams.get('session')).toBe('abc');
      // The SDK's version, as in `_meta.sdkVersion`: the gateway knows nothing of the panel's.
      expect(termUrl.searchParams.get('three_d_secure_version')).toBe('3.26.0');
      const landing = new URL(
        `${termUrl.searchParams.get('authentication_complete_base_url') ?? ''}auth_response=%7B%7D`,
      );
      expect(readFrameParams(landing.search)).toEqual({
        channel,
        parentOrigin: location.origin,
        version: PANEL_VERSION,
      });
      expect(landing.searchParams.get('auth_response')).toBe('{}');
    });

    it('starts the term URL’s query itself when the gateway’s has none', async () => {
      const { threeDSecure } = await setup({
        answer: () => ({
          status: 201,
          body: { ...CHALLENGE, lookup: { ...CHALLENGE.lookup, termUrl: `${GATEWAY}/term` } },
        }),
      });
      const run = verify(threeDSecure);
      await run.shown();
      requestConfiguration(run);
      expect(run.posts()[0]?.message.termUrl).toMatch(
        new RegExp(`^${GATEWAY}/term\\?three_d_secure_version=3\\.26\\.0&`),
      );
    });

    it('ignores messages from another origin, window or channel, and malformed ones', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      const stranger = { postMessage: vi.fn() };
      const request = { type: 'bankFrameConfigurationRequest', version: PANEL_VERSION };
      run.send(request, { origin: 'https://evil.example' });
      run.send(request, { origin: location.origin });
      run.send(request, { source: stranger });
      run.send(request, { channel: '1b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10' });
      run.send({ type: 'bankFrameConfigurationRequest' });
      run.send({ type: 'authenticationComplete', authResponse: 'success' });
      window.dispatchEvent(
        new MessageEvent('message', { data: request, origin: ASSETS, source: run.frame().contentWindow }),
      );
      run.send({ type: 'authenticationComplete', authResponse: AUTHENTICATED }, { source: stranger });
      expect(run.posts()).toEqual([]);
      expect(stranger.postMessage).not.toHaveBeenCalled();
      expect(run.settled()).toBeUndefined();
    });

    it('resolves with the authenticated card, after tearing the channel down and removing the frame', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      const frameWindow = windowOf(run.frame());
      complete(run, AUTHENTICATED);
      const result = await run.promise;
      expect(result).toEqual({
        nonce: 'tokencc_sb_authenticated',
        details: { cardType: 'Visa', lastTwo: '02' },
        description: 'ending in 02',
        liabilityShifted: true,
        liabilityShiftPossible: true,
        verificationDetails: { liabilityShifted: true, liabilityShiftPossible: true },
      });
      expect(run.removeFrame).toHaveBeenCalledOnce();
      expect(run.removeFrame).toHaveBeenCalledWith();
      // The channel is closed: nothing more is read or answered.
      document.body.append(run.frame());
      requestConfiguration(run);
      complete(run, { success: false });
      expect(frameWindow.postMessage).not.toHaveBeenCalled();
      expect(run.removeFrame).toHaveBeenCalledOnce();
    });

    it('falls back to the lookup’s card when authentication failed but a shift stays possible', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      const info = { liabilityShifted: false, liabilityShiftPossible: true, status: 'authenticate_failed' };
      complete(run, {
        success: false,
        error: { message: FAILED_MESSAGE },
        fieldErrors: [],
        threeDSecureInfo: info,
      });
      await expect(run.promise).resolves.toEqual({
        nonce: 'tokencc_sb_lookup',
        details: { cardType: 'Visa', lastTwo: '02' },
        description: 'ending in 02',
        liabilityShifted: false,
        liabilityShiftPossible: true,
        verificationDetails: info,
      });
      expect(run.removeFrame).toHaveBeenCalledOnce();
    });

    it.each([
      [
        'the answer’s error message',
        {
          success: false,
          error: { message: FAILED_MESSAGE },
          threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: false },
        },
        FAILED_MESSAGE,
      ],
      ['a text of its own without one', { success: false }, FAILED_AUTHENTICATION_MESSAGE],
      ['a text of its own for an answer it could not read', null, UNREADABLE_AUTH_RESPONSE_MESSAGE],
    ])('rejects any other answer with %s', async (_, authResponse, message) => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      complete(run, authResponse);
      await expect(run.promise).rejects.toMatchObject({
        code: 'THREEDS_UNKNOWN_AUTH_RESPONSE',
        type: 'UNKNOWN',
        message,
      });
      expect(run.removeFrame).toHaveBeenCalledOnce();
      await expect(threeDSecure.cancelVerifyCard()).rejects.toMatchObject({
        code: 'THREEDS_NO_VERIFICATION_PAYLOAD',
      });
    });

    it('rejects with the error the bank frame reports, e.g. a term URL it refuses', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      requestConfiguration(run);
      const refused = createError('THREEDS_TERM_URL_REQUIRES_DOMAIN', undefined, { termUrl: 'x' });
      run.send({
        type: 'frameError',
        frame: 'three-d-secure-bank',
        error: { ...refused.toJSON(), code: 'BOGUS' },
      });
      expect(run.settled()).toBeUndefined();
      run.send({ type: 'frameError', frame: 'three-d-secure-bank', error: refused.toJSON() });
      await expect(run.promise).rejects.toMatchObject({
        code: 'THREEDS_TERM_URL_REQUIRES_DOMAIN',
        type: 'INTERNAL',
        message: 'Term Url must be on an allowed provider domain.',
      });
      expect(run.removeFrame).toHaveBeenCalledOnce();
    });

    it('refuses a bank frame of another version', async () => {
      const { threeDSecure } = await setup();
      const run = verify(threeDSecure);
      await run.shown();
      requestConfiguration(run, '0.0.1');
      await expect(run.promise).rejects.toMatchObject({
        code: 'INCOMPATIBLE_VERSIONS',
        message: `Client (version ${PANEL_VERSION}) and three-d-secure-bank (version 0.0.1) components must be from the same SDK version.`,
      });
      expect(run.posts()).toEqual([]);
      expect(run.removeFrame).toHaveBeenCalledOnce();
    });

    it('rejects with what addFrame throws, and still calls removeFrame', async () => {
      const { threeDSecure } = await setup();
      const thrown = new Error('no modal');
      const removeFrame = vi.fn();
      const promise = threeDSecure.verifyCard({
        nonce: CARD_NONCE,
        amount: '10.00',
        addFrame: () => {
          throw thrown;
        },
        removeFrame,
      });
      await expect(promise).rejects.toBe(thrown);
      expect(removeFrame).toHaveBeenCalledOnce();
      const wrapped = threeDSecure.verifyCard({
        nonce: CARD_NONCE,
        amount: '10.00',
        addFrame: () => {
          // Plain-JavaScript merchants can throw anything.
          throw 'no modal' as unknown as Error;
        },
        removeFrame,
      });
      await expect(wrapped).rejects.toThrow(new Error('no modal'));
    });

    it('keeps its outcome when removeFrame throws, and reports the throw later', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout'] });
      try {
        const { threeDSecure } = await setup();
        const thrown = new Error('modal gone');
        const run = verify(threeDSecure, {
          removeFrame: () => {
            throw thrown;
          },
        });
        await vi.waitFor(() => {
          expect(run.addFrame).toHaveBeenCalledOnce();
        });
        complete(run, AUTHENTICATED);
        await expect(run.promise).resolves.toMatchObject({ nonce: 'tokencc_sb_authenticated' });
        expect(() => vi.runOnlyPendingTimers()).toThrow(thrown);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

describe('cancelVerifyCard', () => {
  it('resolves the waiting verification and itself with the lookup’s card and its own flags', async () => {
    const { threeDSecure } = await setup();
    const run = verify(threeDSecure);
    await run.shown();
    requestConfiguration(run);
    const expected: VerifyCardResult = {
      nonce: 'tokencc_sb_lookup',
      details: { cardType: 'Visa', lastTwo: '02' },
      description: 'ending in 02',
      liabilityShifted: false,
      liabilityShiftPossible: true,
      verificationDetails: CARD_INFO,
    };
    await expect(threeDSecure.cancelVerifyCard()).resolves.toEqual(expected);
    await expect(run.promise).resolves.toEqual(expected);
    expect(run.removeFrame).toHaveBeenCalledOnce();
    // It is over: the bank's late answer changes nothing, and a new verification may start.
    complete(run, AUTHENTICATED);
    await expect(threeDSecure.cancelVerifyCard()).rejects.toMatchObject({
      code: 'THREEDS_NO_VERIFICATION_PAYLOAD',
      message: 'No verification payload available.',
    });
    const next = verify(threeDSecure);
    await next.shown();
  });

  it('falls back to the lookup’s flags when the card has none', async () => {
    const { threeDSecure } = await setup({
      answer: () => ({
        status: 201,
        body: { ...CHALLENGE, paymentMethod: { ...LOOKUP_METHOD, threeDSecureInfo: null } },
      }),
    });
    const run = verify(threeDSecure);
    await run.shown();
    await expect(threeDSecure.cancelVerifyCard()).resolves.toMatchObject({
      liabilityShifted: false,
      liabilityShiftPossible: true,
      verificationDetails: CHALLENGE.threeDSecureInfo,
    });
  });

  it('has no payload before any verification, or while the lookup runs', async () => {
    const { threeDSecure } = await setup({
      answer: (call) => (call.url === LOOKUP_URL ? 'hang' : undefined),
    });
    await expect(threeDSecure.cancelVerifyCard()).rejects.toMatchObject({
      code: 'THREEDS_NO_VERIFICATION_PAYLOAD',
    });
    const run = verify(threeDSecure);
    await expect(threeDSecure.cancelVerifyCard()).rejects.toMatchObject({
      code: 'THREEDS_NO_VERIFICATION_PAYLOAD',
    });
    // The verification goes on.
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_IN_PROGRESS',
    });
    expect(run.settled()).toBeUndefined();
  });
});

describe('teardown', () => {
  it('ends a verification waiting for the bank, removes its frame and refuses every later call', async () => {
    const { threeDSecure, events } = await setup();
    const run = verify(threeDSecure);
    await run.shown();
    threeDSecure.teardown();
    threeDSecure.teardown();
    await expect(run.promise).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'verifyCard cannot be called after teardown.',
    });
    expect(run.removeFrame).toHaveBeenCalledOnce();
    expect(events).toEqual(['web.threedsecure.initialized', 'web.threedsecure.teardown-completed']);
    await expect(verify(threeDSecure).promise).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'verifyCard cannot be called after teardown.',
    });
    await expect(threeDSecure.cancelVerifyCard()).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'cancelVerifyCard cannot be called after teardown.',
    });
  });

  it('aborts a running lookup', async () => {
    const { threeDSecure, calls } = await setup({
      answer: (call) => (call.url === LOOKUP_URL ? 'hang' : undefined),
    });
    const run = verify(threeDSecure);
    await vi.waitFor(() => {
      expect(lookups(calls)).toHaveLength(1);
    });
    threeDSecure.teardown();
    await expect(run.promise).rejects.toMatchObject({ code: 'METHOD_CALLED_AFTER_TEARDOWN' });
    expect(lookups(calls)[0]?.init.signal?.aborted).toBe(true);
    expect(run.addFrame).not.toHaveBeenCalled();
    expect(run.removeFrame).not.toHaveBeenCalled();
  });
});
