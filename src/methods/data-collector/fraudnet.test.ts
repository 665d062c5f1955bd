import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAUDNET_URLS } from '../../shared/build-constants';
import { FRAUDNET_FNCLS, fraudnetBeaconUrl, setupFraudnet } from './fraudnet';
import { loadNothing } from './test-support';

const URLS = { script: 'https://fraud.example/fb.js', beacon: 'https://beacon.example/counter.cgi' };

/** The fraudnet parameter blocks in the page. */
function parameterBlocks(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>(`script[fncls="${FRAUDNET_FNCLS}"]`)];
}

beforeEach(() => {
  loadNothing();
});
afterEach(() => {
  document.body.replaceChildren();
});

describe('fraudnetBeaconUrl', () => {
  it('names the session and the time in Unix seconds, with the fixed i and a', () => {
    expect(fraudnetBeaconUrl(URLS.beacon, 'abc', 1_700_000_000_999)).toBe(
      'https://beacon.example/counter.cgi?i=127.0.0.1&p=abc&t=1700000000&a=14',
    );
  });
});

describe('setupFraudnet', () => {
  it('hands the script its parameters in a JSON block: the session, the source and the beacon', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    try {
      const { sessionId } = setupFraudnet(URLS);
      expect(sessionId).toMatch(/^[0-9a-f]{32}$/);
      const [block, ...more] = parameterBlocks();
      expect(more).toEqual([]);
      expect(block?.type).toBe('application/json');
      expect(block?.parentElement).toBe(document.body);
      expect(JSON.parse(block?.text ?? '')).toEqual({
        f: sessionId,
        s: 'BRAINTREE_SIGNIN',
        b: `https://beacon.example/counter.cgi?i=127.0.0.1&p=${sessionId}&t=1700000000&a=14`,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('loads the script into a hidden frame of its own, which has no page to load', () => {
    const frameDocument = document.implementation.createHTMLDocument('');
    vi.spyOn(HTMLIFrameElement.prototype, 'contentDocument', 'get').mockReturnValue(frameDocument);
    setupFraudnet(URLS);
    const frame = document.querySelector('iframe');
    expect(frame?.hasAttribute('src')).toBe(false);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.title).toBe('PayPal device data');
    expect(frame?.tabIndex).toBe(-1);
    const scripts = frameDocument.querySelectorAll('script');
    expect([...scripts].map((script) => script.getAttribute('src'))).toEqual([URLS.script]);
    // Nothing of the script in the merchant's own document.
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('uses the build’s URLs by default: the local flavour’s stand-ins on the sandbox gateway', () => {
    const frameDocument = document.implementation.createHTMLDocument('');
    vi.spyOn(HTMLIFrameElement.prototype, 'contentDocument', 'get').mockReturnValue(frameDocument);
    const { sessionId } = setupFraudnet();
    expect(FRAUDNET_URLS.script).toMatch(
      /^https:\/\/localhost:\d+\/sandbox\/fraudnet\/fb-all-prod\.pp\.min\.js$/,
    );
    expect(frameDocument.querySelector('script')?.getAttribute('src')).toBe(FRAUDNET_URLS.script);
    const parameters = JSON.parse(parameterBlocks()[0]?.text ?? '') as { b: string };
    expect(parameters.b.startsWith(`${FRAUDNET_URLS.beacon}?i=127.0.0.1&p=${sessionId}&t=`)).toBe(true);
  });

  it('starts a new session each time', () => {
    const first = setupFraudnet(URLS);
    const second = setupFraudnet(URLS);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(parameterBlocks()).toHaveLength(2);
  });

  it('answers what it added: its parameter block and its frame', () => {
    const first = setupFraudnet(URLS);
    setupFraudnet(URLS);
    const [block] = parameterBlocks();
    expect(first.elements).toEqual([block, document.querySelector('iframe')]);
  });
});
