/**
 * Creating hosted fields: option checks, the frames, the ready/configure sequence, the load
 * time-out, and messages that must be ignored.
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { PANEL_VERSION } from '../../../shared/build-constants';
import { PanelError } from '../../../shared/errors';
import { wrap } from '../../../shared/frame-channel';
import type { FieldKey } from '../../../shared/hosted-fields';
import { createHostedFields, type HostedFieldsOptions } from './create-hosted-fields';
import { openHostedFields } from '../hosted-fields';
import { addContainers, ASSETS_ORIGIN, fakeClient, flush, harness, stubFrameWindows } from '../test-support';

const { gateway } = inject('localOrigins');

beforeEach(() => {
  addContainers();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** Creates with the given options and returns the rejection. */
async function failure(options: unknown): Promise<PanelError> {
  stubFrameWindows();
  try {
    await createHostedFields(options as HostedFieldsOptions);
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('created');
}

async function rejection(promise: Promise<unknown>): Promise<PanelError> {
  return promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error as PanelError,
  );
}

describe('option checks', () => {
  const client = fakeClient();

  it.each([
    ['no options', undefined, 'client'],
    ['no client', { fields: { number: { container: '#number' } } }, 'client'],
    ['no client and no fields', {}, 'client'],
    ['no fields', { client }, 'fields'],
    ['empty fields', { client, fields: {} }, 'fields'],
    ['only undefined fields', { client, fields: { number: undefined } }, 'fields'],
  ])('%s → INSTANTIATION_OPTION_REQUIRED', async (_, options, option) => {
    const error = await failure(options);
    expect(error.code).toBe('INSTANTIATION_OPTION_REQUIRED');
    expect(error.message).toBe(`options.${option} is required when instantiating Hosted Fields.`);
  });

  it.each([
    ['cardNumber', { cardNumber: { container: '#number' } }],
    ['__proto__', JSON.parse('{"__proto__": {"container": "#number"}}') as object],
    ['toString', { toString: { container: '#number' } }],
  ])('an unknown key %s → HOSTED_FIELDS_INVALID_FIELD_KEY', async (key, fields) => {
    const error = await failure({ client, fields });
    expect(error.code).toBe('HOSTED_FIELDS_INVALID_FIELD_KEY');
    expect(error.message).toBe(`${key} is not a valid field.`);
  });

  it.each([
    ['a selector that matches nothing', { container: '#nowhere' }],
    ['an invalid selector', { container: '#[' }],
    ['a number', { container: 42 }],
    ['no container', {}],
    ['null field options', null],
  ])('%s → HOSTED_FIELDS_INVALID_FIELD_SELECTOR', async (_, number) => {
    const error = await failure({ client, fields: { number } });
    expect(error.code).toBe('HOSTED_FIELDS_INVALID_FIELD_SELECTOR');
    expect(error.message).toBe('Selector does not reference a valid DOM node.');
  });

  it('resolves selectors in the given root, e.g. a shadow root', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<div id="inside"></div>';
    const error = await failure({ client, fields: { number: { container: '#inside' } } });
    expect(error.code).toBe('HOSTED_FIELDS_INVALID_FIELD_SELECTOR');

    const { iframe } = harness({ root: shadow, fields: { number: { container: '#inside' } } });
    expect(iframe('number').parentElement).toBe(shadow.getElementById('inside'));
  });

  it('accepts an element as container', () => {
    const container = document.getElementById('cvv') as Element;
    const { iframe } = harness({ fields: { cvv: { container } } });
    expect(iframe('cvv').parentElement).toBe(container);
  });

  it('refuses a container that already holds a hosted-fields frame', async () => {
    harness({ fields: { number: { container: '#number' } } });
    const error = await failure({ client, fields: { number: { container: '#number' } } });
    expect(error.code).toBe('HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME');
    expect(error.message).toBe('Element already contains a hosted-fields frame.');
  });

  it('refuses two fields in one container', async () => {
    const error = await failure({
      client,
      fields: { number: { container: '#number' }, cvv: { container: '#number' } },
    });
    expect(error.code).toBe('HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME');
  });

  it('accepts a container holding some other iframe', async () => {
    stubFrameWindows();
    const other = document.createElement('iframe');
    document.getElementById('number')?.append(other);
    const { readyAll } = harness({ fields: { number: { container: '#number' } } });
    await expect(readyAll()).resolves.toBeDefined();
  });

  it.each([
    ['maxlength', '5'],
    ['minlength', '2'],
    ['maxlength', Number.NaN],
    ['minlength', null],
  ])('%s %s → HOSTED_FIELDS_FIELD_PROPERTY_INVALID', async (property, value) => {
    const error = await failure({ client, fields: { number: { container: '#number', [property]: value } } });
    expect(error.code).toBe('HOSTED_FIELDS_FIELD_PROPERTY_INVALID');
    expect(error.message).toBe(`The value for ${property} must be a number.`);
  });

  it.each([
    ['key before selector', { cardNumber: { container: '#nowhere' } }, 'HOSTED_FIELDS_INVALID_FIELD_KEY'],
    [
      'selector before length',
      { number: { container: '#nowhere', maxlength: 'x' } },
      'HOSTED_FIELDS_INVALID_FIELD_SELECTOR',
    ],
    [
      'duplicate before length',
      { number: { container: '#number' }, cvv: { container: '#number', maxlength: 'x' } },
      'HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME',
    ],
  ])('checks in order: %s', async (_, fields, code) => {
    expect((await failure({ client, fields })).code).toBe(code);
  });

  it('makes no frame, sends nothing and listens to nothing when a check fails', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const watched = fakeClient();
    await expect(
      createHostedFields({
        client: watched,
        fields: { number: { container: '#number' }, cvv: { container: '#nowhere' } },
      }),
    ).rejects.toBeInstanceOf(PanelError);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(watched.events).toEqual([]);
    expect(listen).not.toHaveBeenCalledWith('message', expect.anything());
  });
});

describe('frames', () => {
  it('appends one frame per field with the versioned, channel-carrying URL', () => {
    const { iframe, channel, client } = harness();
    expect(channel).toMatch(/^[0-9a-f-]{36}$/);
    for (const key of ['number', 'cvv', 'expirationDate'] as const) {
      const frame = iframe(key);
      expect(frame.parentElement?.id).toBe(key);
      const hash = new URLSearchParams({ channel, origin: location.origin, version: PANEL_VERSION });
      expect(frame.getAttribute('src')).toBe(
        `${ASSETS_ORIGIN}/payment-panel/${PANEL_VERSION}/html/hosted-fields-frame.min.html#${hash}&field=${key}`,
      );
      expect(frame.name).toBe(`payment-panel-hosted-field-${key}-${channel}`);
      expect(frame.className).toBe('payment-panel-hosted-field');
      expect(frame.getAttribute('allowtransparency')).toBe('true');
      expect(frame.getAttribute('frameborder')).toBe('0');
      expect(frame.getAttribute('scrolling')).toBe('no');
      expect(frame.hasAttribute('style')).toBe(false);
    }
    expect(iframe('number').title).toBe('Secure Card Number input frame');
    expect(iframe('expirationDate').title).toBe('Secure Expiration Date input frame');
    expect(client.events).toEqual(['web.custom.hosted-fields.initialized']);
  });

  it('loads the debug page in debug mode', () => {
    const { iframe } = harness({ debug: true });
    expect(iframe('cvv').src).toContain('/html/hosted-fields-frame.html#');
  });

  it('titles frames with the label or the frameTitle option', () => {
    const { iframe } = harness({
      fields: { number: { container: '#number', label: 'Kartennummer' }, cvv: { container: '#cvv' } },
      frameTitle: (field) => (field === 'cvv' ? 'Sicherheitscode' : ''),
    });
    expect(iframe('number').title).toBe('');
    expect(iframe('cvv').title).toBe('Sicherheitscode');
    addContainers(['postalCode']);
    const other = harness({ fields: { postalCode: { container: '#postalCode', label: 'ZIP' } } });
    expect(other.iframe('postalCode').title).toBe('Secure ZIP input frame');
  });

  it('gives each instance its own channel and frame names', () => {
    addContainers(['number', 'cvv']);
    const first = harness({ fields: { number: { container: '#number' } } });
    const second = harness({ fields: { cvv: { container: '#cvv' } } });
    expect(first.channel).not.toBe(second.channel);
    expect(first.iframe('number').name).not.toBe(second.iframe('cvv').name.replace('cvv', 'number'));
  });
});

describe('ready and configuration', () => {
  it('configures each frame when it reports ready, then the tokenizer once all are ready', async () => {
    const { ready, messages, posts, settled, created, client, channel } = harness({
      fields: {
        number: { container: '#number', placeholder: '4111', maxlength: 19, minlength: 12, prefill: '4' },
        cvv: { container: '#cvv', label: 'Security code' },
        expirationDate: { container: '#expirationDate' },
      },
      styles: { input: { color: 'red', background: 'url(x)' }, body: { color: 'red' } },
    });
    ready('cvv');
    expect(messages('cvv')).toEqual([
      {
        type: 'configureField',
        field: 'cvv',
        label: 'Security code',
        placeholder: undefined,
        maxlength: undefined,
        minlength: undefined,
        prefill: undefined,
        styles: { input: { color: 'red' } },
        dir: 'ltr',
      },
    ]);
    expect(posts('cvv')[0]).toEqual([wrap(channel, messages('cvv')[0]), ASSETS_ORIGIN]);
    expect(messages('number')).toEqual([]);

    ready('number');
    expect(messages('number')).toEqual([
      {
        type: 'configureField',
        field: 'number',
        label: 'Card Number',
        placeholder: '4111',
        maxlength: 19,
        minlength: 12,
        prefill: '4',
        styles: { input: { color: 'red' } },
        dir: 'ltr',
      },
    ]);
    await flush();
    expect(settled()).toBeUndefined();
    expect(client.events).not.toContain('web.custom.hosted-fields.load.succeeded');

    ready('expirationDate');
    await expect(created).resolves.toBeDefined();
    expect(messages('number')[1]).toEqual({
      type: 'configureTokenizer',
      fields: ['number', 'cvv', 'expirationDate'],
      clientApiUrl: `${gateway}/merchants/merchant/client_api`,
      authorization: 'sandbox_abc_merchant',
      metadata: {
        merchantAppId: 'shop.test',
        platform: 'web',
        sdkVersion: '3.26.0',
        source: 'client',
        integration: 'custom',
        integrationType: 'custom',
        sessionId: 'session-1',
      },
      supportedCardTypes: ['Visa', 'MasterCard'],
    });
    expect(messages('cvv')).toHaveLength(1);
    expect(messages('expirationDate').map((m) => m.type)).toEqual(['configureField']);
    expect(client.events).toEqual([
      'web.custom.hosted-fields.initialized',
      'web.custom.hosted-fields.load.succeeded',
    ]);
  });

  it('makes the first field the tokenizer when there is no number field', async () => {
    const { readyAll, messages } = harness({
      fields: { expirationDate: { container: '#expirationDate' }, cvv: { container: '#cvv' } },
    });
    await readyAll();
    expect(messages('expirationDate').map((m) => m.type)).toEqual(['configureField', 'configureTokenizer']);
    expect(messages('cvv').map((m) => m.type)).toEqual(['configureField']);
  });

  it('sends no supported card types when the gateway names none', async () => {
    const windowOf = stubFrameWindows();
    const client = fakeClient();
    delete client.configuration.gatewayConfiguration.creditCards;
    const created = createHostedFields({ client, fields: { number: { container: '#number' } } });
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    const channel = new URLSearchParams(new URL(frame.src).hash.slice(1)).get('channel') ?? '';
    window.dispatchEvent(
      new MessageEvent('message', {
        data: wrap(channel, { type: 'frameReady', frame: 'hosted-fields', version: PANEL_VERSION }),
        origin: ASSETS_ORIGIN,
        source: frame.contentWindow,
      }),
    );
    await created;
    const posted = windowOf(frame).postMessage.mock.calls.at(-1)?.[0] as {
      message: { supportedCardTypes: string[] };
    };
    expect(posted.message.supportedCardTypes).toEqual([]);
  });

  it('configures a frame again when it reloads, and the tokenizer again when it is the tokenizer', async () => {
    const { readyAll, ready, messages } = harness();
    await readyAll();
    ready('cvv');
    expect(messages('cvv').map((m) => m.type)).toEqual(['configureField', 'configureField']);
    ready('number');
    expect(messages('number').map((m) => m.type)).toEqual([
      'configureField',
      'configureTokenizer',
      'configureField',
      'configureTokenizer',
    ]);
  });

  it("gives each frame the language and direction of its container's surroundings", async () => {
    // The test DOM computes an inherited direction from styles only, not from dir attributes.
    document.body.innerHTML =
      '<div lang="ar-EG" dir="rtl" style="direction: rtl"><p><span id="number"></span></p></div>' +
      '<div lang="de-DE" dir="ltr"><span id="cvv"></span></div>' +
      '<div><span id="expirationDate"></span></div>';
    document.documentElement.lang = 'fr-CA';
    try {
      const { readyAll, messages } = harness();
      await readyAll();
      const surroundings = (key: FieldKey) => {
        const [configure] = messages(key);
        return configure?.type === 'configureField' ? { lang: configure.lang, dir: configure.dir } : null;
      };
      expect(surroundings('number')).toEqual({ lang: 'ar-EG', dir: 'rtl' });
      expect(surroundings('cvv')).toEqual({ lang: 'de-DE', dir: 'ltr' });
      // Outside any element with a language, the page's.
      expect(surroundings('expirationDate')).toEqual({ lang: 'fr-CA', dir: 'ltr' });
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('sends no language a frame would refuse', async () => {
    document.body.innerHTML =
      '<div lang="en_US"><span id="number"></span></div>' +
      '<div lang=""><span id="cvv"></span></div>' +
      '<div lang="not a language"><span id="expirationDate"></span></div>';
    const { readyAll, messages } = harness();
    await readyAll();
    for (const key of ['number', 'cvv', 'expirationDate'] as const) {
      expect(messages(key)[0]).toHaveProperty('lang', undefined);
    }
  });

  it('refuses a frame of another version with INCOMPATIBLE_VERSIONS and removes everything', async () => {
    const { ready, created } = harness();
    ready('number');
    ready('cvv', '0.0.1');
    const error = await rejection(created);
    expect(error).toBeInstanceOf(PanelError);
    expect(error.code).toBe('INCOMPATIBLE_VERSIONS');
    expect(error.message).toBe(
      `Client (version ${PANEL_VERSION}) and hosted-fields (version 0.0.1) components must be from the same SDK version.`,
    );
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('rejects with the error a frame reports, rebuilt from the catalogue', async () => {
    const { send, created } = harness();
    send('cvv', {
      type: 'frameError',
      frame: 'hosted-fields',
      error: {
        name: 'PanelError',
        code: 'INCOMPATIBLE_VERSIONS',
        type: 'INTERNAL',
        message: 'Versions differ.',
      },
    });
    const error = await rejection(created);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({
      code: 'INCOMPATIBLE_VERSIONS',
      type: 'MERCHANT',
      message: 'Versions differ.',
    });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('ignores a frame error whose code is not in the catalogue, or from another kind of frame', async () => {
    const { send, readyAll, settled } = harness();
    const error = { name: 'PanelError', code: 'EVIL', type: 'MERCHANT', message: 'x' };
    send('cvv', { type: 'frameError', frame: 'hosted-fields', error });
    send('cvv', {
      type: 'frameError',
      frame: 'three-d-secure-bank',
      error: { ...error, code: 'CLIENT_GATEWAY_NETWORK' },
    });
    await flush();
    expect(settled()).toBeUndefined();
    await expect(readyAll()).resolves.toBeDefined();
  });

  it('ignores errors and version mismatches once ready', async () => {
    const { readyAll, ready, iframe } = harness();
    const instance = await readyAll();
    ready('cvv', '0.0.1');
    expect(iframe('cvv').isConnected).toBe(true);
    expect(instance.getState().fields.cvv).toBeDefined();
  });

  it('reports frames still loading after 60 s to analytics, and they may still become ready', async () => {
    // The 60 s analytics time-out is the frames' own; creation gives up sooner (frame-watch.ts),
    // so it is seen here on frames opened without that watch.
    vi.useFakeTimers();
    const windowOf = stubFrameWindows();
    const client = fakeClient();
    const container = document.querySelector('#number') as Element;
    const opened = openHostedFields({
      frameFolder: `${ASSETS_ORIGIN}/payment-panel/${PANEL_VERSION}/`,
      fields: { number: { container } },
    });
    opened.connect(client);
    vi.advanceTimersByTime(59_999);
    expect(client.events).not.toContain('web.custom.hosted-fields.load.timed-out');
    vi.advanceTimersByTime(1);
    expect(client.events).toContain('web.custom.hosted-fields.load.timed-out');
    const iframe = container.querySelector('iframe') as HTMLIFrameElement;
    const channel = new URLSearchParams(new URL(iframe.src).hash.slice(1)).get('channel') ?? '';
    window.dispatchEvent(
      new MessageEvent('message', {
        data: wrap(channel, {
          type: 'frameReady',
          frame: 'hosted-fields',
          version: PANEL_VERSION,
          field: 'number',
        }),
        origin: ASSETS_ORIGIN,
        source: windowOf(iframe) as unknown as MessageEventSource,
      }),
    );
    await expect(opened.ready).resolves.toBeDefined();
    expect(client.events).toContain('web.custom.hosted-fields.load.succeeded');
  });

  it('sends no time-out once ready', async () => {
    vi.useFakeTimers();
    const { readyAll, client } = harness();
    await readyAll();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(120_000);
    expect(client.events).not.toContain('web.custom.hosted-fields.load.timed-out');
  });
});

describe('giving up before the frames are ready', () => {
  it('removes the frames, the listener and the time-out, and rejects with the reason', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const removed = vi.spyOn(window, 'removeEventListener');
    const { ready, created, client } = harness({ signal: controller.signal });
    ready('number');
    const reason = new Error('the sheet is gone');
    controller.abort(reason);
    await expect(created).rejects.toBe(reason);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(120_000);
    expect(client.events).not.toContain('web.custom.hosted-fields.load.timed-out');
  });

  it('makes no frame for a signal already aborted', async () => {
    const controller = new AbortController();
    controller.abort('gone');
    stubFrameWindows();
    const created = createHostedFields({
      client: fakeClient(),
      fields: { number: { container: '#number' } },
      signal: controller.signal,
    });
    await expect(created).rejects.toBe('gone');
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('changes nothing once ready', async () => {
    const controller = new AbortController();
    const { readyAll, iframe } = harness({ signal: controller.signal });
    const instance = await readyAll();
    controller.abort();
    expect(iframe('number').isConnected).toBe(true);
    expect(instance.getState().fields.number).toBeDefined();
  });
});

describe('hostile and stray messages', () => {
  const ready = (field: FieldKey = 'number') => ({
    type: 'frameReady',
    frame: 'hosted-fields',
    version: PANEL_VERSION,
    field,
  });

  it.each<[string, (h: ReturnType<typeof harness>) => void]>([
    [
      'another origin',
      (h) => {
        h.send('number', ready(), { origin: 'https://attacker.example' });
      },
    ],
    [
      'the page origin',
      (h) => {
        h.send('number', ready(), { origin: location.origin });
      },
    ],
    [
      'the page window',
      (h) => {
        h.send('number', ready(), { source: window });
      },
    ],
    [
      'no window',
      (h) => {
        h.send('number', ready(), { source: null });
      },
    ],
    [
      'another field’s window',
      (h) => {
        h.send('number', ready(), { source: h.iframe('cvv').contentWindow });
      },
    ],
    [
      'another channel',
      (h) => {
        h.send('number', ready(), { channel: '7e0e4c9c-1111-4b8e-9a55-0f3f6f2f2a11' });
      },
    ],
    [
      'a message naming another field',
      (h) => {
        h.send('number', ready('cvv'));
      },
    ],
    [
      'an unknown type',
      (h) => {
        h.send('number', { type: 'ping' });
      },
    ],
    [
      'another frame kind',
      (h) => {
        h.send('number', { ...ready(), frame: 'three-d-secure-bank' });
      },
    ],
    [
      'a string',
      (h) =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify(wrap(h.channel, ready())),
            origin: ASSETS_ORIGIN,
            source: h.iframe('number').contentWindow,
          }),
        ),
    ],
    [
      'no envelope',
      (h) =>
        window.dispatchEvent(
          new MessageEvent('message', {
            data: ready(),
            origin: ASSETS_ORIGIN,
            source: h.iframe('number').contentWindow,
          }),
        ),
    ],
  ])('ignores a frameReady from %s', (_, sendIt) => {
    const h = harness();
    sendIt(h);
    for (const key of h.keys) expect(h.messages(key)).toEqual([]);
  });

  it('does not let prototype keys through', async () => {
    const h = harness();
    const data = JSON.parse(
      `{"protocol":"payment-panel","channel":"${h.channel}","message":{"type":"fieldEvent","event":"focus","field":"number","state":{"isEmpty":false,"isValid":true,"isPotentiallyValid":true,"isFocused":true,"__proto__":{"polluted":true}},"__proto__":{"polluted":true}}}`,
    ) as unknown;
    const instance = await h.readyAll();
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: ASSETS_ORIGIN, source: h.iframe('number').contentWindow }),
    );
    const state = instance.getState();
    expect(state.fields.number?.isFocused).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(state.fields.number ?? {}, 'polluted')).toBe(false);
  });

  it.each([
    [
      'a field event of another field',
      {
        type: 'fieldEvent',
        event: 'focus',
        field: 'cvv',
        state: { isEmpty: false, isValid: false, isPotentiallyValid: true, isFocused: true },
      },
    ],
    [
      'a malformed state',
      { type: 'fieldEvent', event: 'focus', field: 'number', state: { isFocused: 'yes' } },
    ],
    [
      'an unknown event',
      {
        type: 'fieldEvent',
        event: 'click',
        field: 'number',
        state: { isEmpty: false, isValid: false, isPotentiallyValid: true, isFocused: true },
      },
    ],
    ['a submit request of another field', { type: 'submitRequest', field: 'cvv' }],
  ])('ignores %s', async (_, message) => {
    const h = harness();
    const instance = await h.readyAll();
    const handler = vi.fn();
    for (const event of ['focus', 'inputSubmitRequest'] as const) instance.on(event, handler);
    h.send('number', message);
    expect(handler).not.toHaveBeenCalled();
    expect(instance.getState().fields.cvv?.isFocused).toBe(false);
    expect(instance.getState().fields.number?.isFocused).toBe(false);
  });
});
