import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PanelError } from '../../shared/errors';
import { clearKountSessions, kountBaseUrl, setupKount } from './kount';
import { loadNothing } from './test-support';

const ASSETS = 'https://assets.example';

beforeEach(() => {
  loadNothing();
});
afterEach(() => {
  clearKountSessions();
  document.body.replaceChildren();
});

describe('kountBaseUrl', () => {
  it.each([
    ['sandbox', `${ASSETS}/sandbox/data`],
    ['production', `${ASSETS}/data`],
    ['development', `${ASSETS}/data`],
    ['qa', `${ASSETS}/data`],
  ])('puts %s data at %s', (environment, base) => {
    expect(kountBaseUrl(ASSETS, environment)).toBe(base);
  });

  it('keeps a path of the assets URL and drops its trailing slashes', () => {
    expect(kountBaseUrl('https://cdn.example/provider//', 'sandbox')).toBe(
      'https://cdn.example/provider/sandbox/data',
    );
  });

  it.each([undefined, '', 'staging', 'Sandbox', 'toString', '__proto__'])(
    'knows no data path for %j',
    (environment) => {
      expect(kountBaseUrl(ASSETS, environment)).toBeNull();
    },
  );
});

describe('setupKount', () => {
  it('announces a new session with a hidden 1×1 frame and an image of the same query', () => {
    const kount = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: '600000' });
    const query = `?m=600000&s=${kount.deviceSessionId}`;
    const frame = document.querySelector('iframe');
    const image = document.querySelector('img');
    expect(frame?.getAttribute('src')).toBe(`${ASSETS}/sandbox/data/logo.htm${query}`);
    expect(image?.getAttribute('src')).toBe(`${ASSETS}/sandbox/data/logo.gif${query}`);
    for (const element of [frame, image]) {
      expect(element?.getAttribute('aria-hidden')).toBe('true');
      expect(element?.style.getPropertyValue('position')).toBe('absolute');
      expect(element?.style.getPropertyValue('width')).toBe('1px');
      expect(element?.style.getPropertyValue('height')).toBe('1px');
    }
    expect(kount.elements).toEqual([frame, image]);
    expect(frame?.title).toBe('Kount device data');
    expect(frame?.tabIndex).toBe(-1);
    expect(image?.alt).toBe('');
  });

  it('sends an empty m for a configuration without a Kount merchant id', () => {
    const kount = setupKount({ assetsUrl: ASSETS, environment: 'production', merchantId: null });
    expect(kount.fraudMerchantId).toBeNull();
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      `${ASSETS}/data/logo.htm?m=&s=${kount.deviceSessionId}`,
    );
  });

  it('encodes the Kount merchant id', () => {
    const kount = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: 'a&b=c' });
    expect(document.querySelector('img')?.getAttribute('src')).toBe(
      `${ASSETS}/sandbox/data/logo.gif?m=a%26b%3Dc&s=${kount.deviceSessionId}`,
    );
  });

  it('reuses the session of the same Kount merchant without announcing it again', () => {
    const first = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: '600000' });
    const second = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: '600000' });
    expect(second.deviceSessionId).toBe(first.deviceSessionId);
    expect(document.querySelectorAll('iframe, img')).toHaveLength(2);

    // Only the first one's frame and image are there to take out again.
    expect(second.elements).toEqual([]);
    expect(first.elements).toHaveLength(2);
  });

  it('starts another session for another Kount merchant', () => {
    const first = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: '600000' });
    const other = setupKount({ assetsUrl: ASSETS, environment: 'sandbox', merchantId: '700000' });
    expect(other.deviceSessionId).not.toBe(first.deviceSessionId);
    expect(other.deviceSessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
  });

  it('refuses an environment without a data path with DATA_COLLECTOR_KOUNT_ERROR, adding nothing', () => {
    let error: unknown;
    try {
      setupKount({ assetsUrl: ASSETS, environment: 'staging', merchantId: '600000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({
      code: 'DATA_COLLECTOR_KOUNT_ERROR',
      type: 'MERCHANT',
      message: 'staging is not a valid environment for kount.environment.',
    });
    expect(document.body.children).toHaveLength(0);
  });
});
