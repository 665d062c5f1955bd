import { afterEach, beforeEach, describe, expect, inject, it, vi, type MockInstance } from 'vitest';
import { isAllowedGatewayUrl } from '../../src/client/domain';
import { GATEWAY_DOMAINS, PANEL_VERSION } from '../../src/shared/build-constants';
import { frameHash, wrap } from '../../src/shared/frame-channel';
import type { ThreeDSecurePageMessage } from '../../src/shared/three-d-secure-messages';
import { isAllowedTermUrl, startBankFrame } from './bank';

const { gateway } = inject('localOrigins');
const gatewayHost = new URL(gateway).host;

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const PAGE = 'https://merchant.example';

const CONFIGURATION: ThreeDSecurePageMessage = {
  type: 'bankFrameConfiguration',
  acsUrl: 'https://bank.example/acs?x=1',
  pareq: 'sandbox-pareq-abc',
  md: 'sandbox-md-abc',
  termUrl: `${gateway}/term?session=abc&three_d_secure_version=3.26.0`,
};

const parent = { postMessage: vi.fn<(message: unknown, targetOrigin: string) => void>() };
const stranger = { postMessage: vi.fn<(message: unknown, targetOrigin: string) => void>() };
let submit: MockInstance<() => void>;
/** The message listeners the frame adds, removed after each test so one test's frame cannot act in the next. */
let listeners: EventListenerOrEventListenerObject[] = [];

function deliver(data: unknown, origin = PAGE, source: unknown = parent): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
}

/** The messages posted to the page, unwrapped, with their target origins. */
function posted(): { type: unknown; target: unknown; message: Record<string, unknown> }[] {
  return parent.postMessage.mock.calls.map(([data, target]) => {
    const message = (data as { message: Record<string, unknown> }).message;
    return { type: message.type, target, message };
  });
}

function forms(): HTMLFormElement[] {
  return [...document.querySelectorAll('form')];
}

beforeEach(() => {
  parent.postMessage.mockReset();
  stranger.postMessage.mockReset();
  document.body.replaceChildren();
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  location.hash = frameHash({ channel: CHANNEL, parentOrigin: PAGE, version: PANEL_VERSION });
  // The bank's page is not loaded here: only the submission is recorded.
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  type Add = (type: string, listener: EventListenerOrEventListenerObject, options?: boolean) => void;
  const add: Add = window.addEventListener.bind(window);
  const record: Add = (type, listener, options) => {
    if (type === 'message') listeners.push(listener);
    add(type, listener, options);
  };
  vi.spyOn(window, 'addEventListener').mockImplementation(record as typeof window.addEventListener);
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  for (const listener of listeners) window.removeEventListener('message', listener);
  listeners = [];
});

describe('startBankFrame', () => {
  it('reports ready and asks the page for its configuration, only at the page’s origin', () => {
    expect(startBankFrame()).not.toBeNull();
    expect(parent.postMessage.mock.calls).toEqual([
      [wrap(CHANNEL, { type: 'frameReady', frame: 'three-d-secure-bank', version: PANEL_VERSION }), PAGE],
      [wrap(CHANNEL, { type: 'bankFrameConfigurationRequest', version: PANEL_VERSION }), PAGE],
    ]);
  });

  it('posts the bank form with PaReq, MD and TermUrl, once', () => {
    startBankFrame();
    deliver(wrap(CHANNEL, CONFIGURATION));
    deliver(wrap(CHANNEL, { ...CONFIGURATION, acsUrl: 'https://other-bank.example/acs' }));
    expect(submit).toHaveBeenCalledOnce();
    const [form] = forms();
    expect(forms()).toHaveLength(1);
    expect(form?.method.toLowerCase()).toBe('post');
    expect(form?.getAttribute('action')).toBe(CONFIGURATION.acsUrl);
    expect(form?.target).toBe('');
    expect(
      [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.type, input.name, input.value]),
    ).toEqual([
      ['hidden', 'PaReq', CONFIGURATION.pareq],
      ['hidden', 'MD', CONFIGURATION.md],
      ['hidden', 'TermUrl', CONFIGURATION.termUrl],
    ]);
  });

  it('acts only on a well-formed configuration of the page, on its channel', () => {
    startBankFrame();
    deliver(wrap(CHANNEL, CONFIGURATION), 'https://evil.example');
    deliver(wrap(CHANNEL, CONFIGURATION), PAGE, stranger);
    deliver(wrap('1b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', CONFIGURATION));
    deliver(wrap(CHANNEL, { ...CONFIGURATION, pareq: 7 }));
    deliver(wrap(CHANNEL, { type: 'focusField', field: 'number' }));
    deliver(CONFIGURATION);
    expect(submit).not.toHaveBeenCalled();
    expect(forms()).toEqual([]);
    deliver(wrap(CHANNEL, CONFIGURATION));
    expect(submit).toHaveBeenCalledOnce();
  });

  it.each([
    ['another domain', 'https://evil.example/term?x=1'],
    ['plain http', `http://${gatewayHost}/term?x=1`],
    ['user information', `https://user:pass@${gatewayHost}/term`],
    ['a look-alike domain', 'https://notbraintreegateway.com/term'],
    ['no URL', 'term'],
  ])('refuses a term URL on %s and tells the page', (_, termUrl) => {
    startBankFrame();
    parent.postMessage.mockReset();
    deliver(wrap(CHANNEL, { ...CONFIGURATION, termUrl }));
    expect(submit).not.toHaveBeenCalled();
    expect(forms()).toEqual([]);
    expect(posted()).toEqual([
      {
        type: 'frameError',
        target: PAGE,
        message: {
          type: 'frameError',
          frame: 'three-d-secure-bank',
          error: {
            name: 'PanelError',
            type: 'INTERNAL',
            code: 'THREEDS_TERM_URL_REQUIRES_DOMAIN',
            message: 'Term Url must be on an allowed provider domain.',
            details: { termUrl },
          },
        },
      },
    ]);
  });

  it.each([
    ['plain http', 'http://bank.example/acs'],
    ['script', 'javascript:alert(document.domain)'],
    ['data', 'data:text/html,<p>bank</p>'],
    ['no URL', 'acs'],
  ])('sends the shopper nowhere for a bank URL of %s', (_, acsUrl) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startBankFrame();
    parent.postMessage.mockReset();
    deliver(wrap(CHANNEL, { ...CONFIGURATION, acsUrl }));
    expect(submit).not.toHaveBeenCalled();
    expect(forms()).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('stays inert unframed, without a channel, or for a page of another version', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    expect(startBankFrame()).toBeNull();
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    location.hash = '';
    expect(startBankFrame()).toBeNull();
    expect(error).toHaveBeenCalledWith('MISSING_CHANNEL_ID: Channel ID must be specified.');
    location.hash = frameHash({ channel: CHANNEL, parentOrigin: PAGE, version: '0.0.1' });
    expect(startBankFrame()).toBeNull();
    expect(posted().map(({ type }) => type)).toEqual(['frameError']);
    deliver(wrap(CHANNEL, CONFIGURATION));
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('isAllowedTermUrl', () => {
  it('agrees with the client’s gateway check', () => {
    expect(GATEWAY_DOMAINS).toContain('localhost');
    const urls = [
      `${gateway}/term?x=1`,
      'https://api.sandbox.braintreegateway.com/merchants/m/client_api/v1/three_d_secure/term',
      'https://braintreegateway.com/term',
      'https://api.paypal.com/term',
      'https://evil.example/term',
      'https://braintreegateway.com.evil.example/term',
      'https://evilbraintreegateway.com/term',
      'http://api.braintreegateway.com/term',
      'https://user@api.braintreegateway.com/term',
      'https://:pass@api.braintreegateway.com/term',
      'javascript:alert(1)',
      `https://${gatewayHost.toUpperCase()}/term`,
      'https://localhost./term',
      '',
      'not a url',
    ];
    for (const url of urls) expect(isAllowedTermUrl(url), url).toBe(isAllowedGatewayUrl(url));
    expect(urls.filter(isAllowedTermUrl)).toHaveLength(5);
  });
});
