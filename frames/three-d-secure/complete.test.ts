import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PANEL_VERSION } from '../../src/shared/build-constants';
import { frameHash, wrap } from '../../src/shared/frame-channel';
import { reportAuthentication } from './complete';

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const PAGE = 'https://merchant.example';
const PAGE_PATH = `/payment-panel/${PANEL_VERSION}/html/three-d-secure-authentication-complete-frame.html`;

const AUTH_RESPONSE = {
  success: true,
  paymentMethod: {
    nonce: 'tokencc_sb_authenticated',
    details: { cardType: 'Visa', lastTwo: '02' },
    description: 'ending in 02',
  },
  threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
};

const parent = { postMessage: vi.fn() };

/** Lands on the page as the gateway sends the frame there: the page's base URL, then the answer. */
function land(answer: string, version = PANEL_VERSION, origin = PAGE): void {
  const base = `?${frameHash({ channel: CHANNEL, parentOrigin: origin, version }).slice(1)}&`;
  history.replaceState(null, '', `${PAGE_PATH}${base}auth_response=${answer}`);
}

beforeEach(() => {
  parent.postMessage.mockReset();
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  Reflect.deleteProperty(location, 'ancestorOrigins');
});

describe('reportAuthentication', () => {
  it('hands the bank’s answer to the page, only at the page’s origin', () => {
    land(encodeURIComponent(JSON.stringify(AUTH_RESPONSE)));
    expect(reportAuthentication()).toBe('sent');
    expect(parent.postMessage.mock.calls).toEqual([
      [wrap(CHANNEL, { type: 'frameReady', frame: 'three-d-secure-complete', version: PANEL_VERSION }), PAGE],
      [wrap(CHANNEL, { type: 'authenticationComplete', authResponse: AUTH_RESPONSE }), PAGE],
    ]);
  });

  it('tells the page when the answer cannot be read', () => {
    land('%7Bnot-json');
    expect(reportAuthentication()).toBe('sent');
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      wrap(CHANNEL, { type: 'authenticationComplete', authResponse: null }),
      PAGE,
    );
  });

  it('posts nothing when the browser says the parent is of another origin', () => {
    Object.defineProperty(location, 'ancestorOrigins', {
      value: ['https://evil.example'],
      configurable: true,
    });
    land(encodeURIComponent(JSON.stringify(AUTH_RESPONSE)));
    expect(reportAuthentication()).toBe('inert');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('posts to the parent the browser names when it matches', () => {
    Object.defineProperty(location, 'ancestorOrigins', { value: [PAGE], configurable: true });
    land(encodeURIComponent(JSON.stringify(AUTH_RESPONSE)));
    expect(reportAuthentication()).toBe('sent');
  });

  it('stays inert unframed or without a channel, and refuses a page of another version', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    land(encodeURIComponent(JSON.stringify(AUTH_RESPONSE)));
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    expect(reportAuthentication()).toBe('inert');
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
    history.replaceState(null, '', `${PAGE_PATH}?auth_response=%7B%7D`);
    expect(reportAuthentication()).toBe('inert');
    expect(error).toHaveBeenCalledWith('MISSING_CHANNEL_ID: Channel ID must be specified.');
    land(encodeURIComponent(JSON.stringify(AUTH_RESPONSE)), '0.0.1');
    expect(reportAuthentication()).toBe('inert');
    expect(
      parent.postMessage.mock.calls.map(([data]) => (data as { message: { type: string } }).message.type),
    ).toEqual(['frameError']);
  });
});
