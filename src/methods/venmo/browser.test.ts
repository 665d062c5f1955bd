import { describe, expect, it } from 'vitest';
import { isVenmoSupported, switchesInPlace, type VenmoBrowser } from './browser';

const ua = (userAgent: string, maxTouchPoints = 5): VenmoBrowser => ({ userAgent, maxTouchPoints });

const IOS_SAFARI = ua(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
);
const IOS_CHROME = ua(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
);
const IOS_WEBVIEW = ua(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
);
const IPAD_DESKTOP_SITE = ua(
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
);
const ANDROID_CHROME = ua(
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
);
const ANDROID_WEBVIEW = ua(
  'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.0.0 Mobile Safari/537.36',
);
const ANDROID_SAMSUNG = ua(
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
);
const ANDROID_FIREFOX = ua('Mozilla/5.0 (Android 14; Mobile; rv:124.0) Gecko/124.0 Firefox/124.0');
const INSTAGRAM = ua(
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 323.0.3.23.54',
);
const FACEBOOK_ANDROID = ua(
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/456.0.0.0;]',
);
const DESKTOP_CHROME = ua(
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  0,
);
const DESKTOP_FIREFOX = ua('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 0);

describe('isVenmoSupported', () => {
  it('offers Venmo on a desktop only with allowDesktop or allowDesktopWebLogin', () => {
    for (const desktop of [DESKTOP_CHROME, DESKTOP_FIREFOX]) {
      expect(isVenmoSupported(desktop, {})).toBe(false);
      expect(isVenmoSupported(desktop, { allowNewBrowserTab: true })).toBe(false);
      expect(isVenmoSupported(desktop, { allowDesktop: true })).toBe(true);
      expect(isVenmoSupported(desktop, { allowDesktopWebLogin: true })).toBe(true);
    }
  });

  it('takes an iPad asking for the desktop site for the iPad it is', () => {
    expect(isVenmoSupported(IPAD_DESKTOP_SITE, {})).toBe(true);
    expect(isVenmoSupported({ ...IPAD_DESKTOP_SITE, maxTouchPoints: 0 }, {})).toBe(false);
  });

  it('offers Venmo in the mobile browsers, and never in Android web views or Facebook or Instagram', () => {
    for (const browser of [IOS_SAFARI, IOS_CHROME, ANDROID_CHROME, ANDROID_SAMSUNG, ANDROID_FIREFOX]) {
      expect(isVenmoSupported(browser, {}), browser.userAgent).toBe(true);
    }
    for (const browser of [ANDROID_WEBVIEW, INSTAGRAM, FACEBOOK_ANDROID]) {
      expect(isVenmoSupported(browser, {}), browser.userAgent).toBe(false);
      expect(isVenmoSupported(browser, { allowDesktop: true }), browser.userAgent).toBe(false);
    }
  });

  it('leaves out an iOS web view with allowWebviews: false', () => {
    expect(isVenmoSupported(IOS_WEBVIEW, {})).toBe(true);
    expect(isVenmoSupported(IOS_WEBVIEW, { allowWebviews: false })).toBe(false);
  });

  it('with allowNewBrowserTab: false, offers Venmo only in iOS Safari and Android Chrome', () => {
    const settings = { allowNewBrowserTab: false };
    expect(isVenmoSupported(IOS_SAFARI, settings)).toBe(true);
    expect(isVenmoSupported(ANDROID_CHROME, settings)).toBe(true);
    for (const browser of [IOS_CHROME, IOS_WEBVIEW, ANDROID_SAMSUNG, ANDROID_FIREFOX]) {
      expect(isVenmoSupported(browser, settings), browser.userAgent).toBe(false);
    }
  });
});

describe('switchesInPlace', () => {
  it('opens a new tab by default in iOS Safari and on Android', () => {
    expect(switchesInPlace(IOS_SAFARI, {})).toBe(false);
    expect(switchesInPlace(ANDROID_CHROME, {})).toBe(false);
    expect(switchesInPlace(ANDROID_FIREFOX, {})).toBe(false);
  });

  it('goes in place on iOS outside Safari, with useRedirectForIOS, mobileWebFallBack or allowNewBrowserTab: false', () => {
    expect(switchesInPlace(IOS_CHROME, {})).toBe(true);
    expect(switchesInPlace(IOS_SAFARI, { useRedirectForIOS: true })).toBe(true);
    expect(switchesInPlace(ANDROID_CHROME, { useRedirectForIOS: true })).toBe(false);
    expect(switchesInPlace(ANDROID_CHROME, { mobileWebFallBack: true })).toBe(true);
    expect(switchesInPlace(ANDROID_CHROME, { allowNewBrowserTab: false })).toBe(true);
  });
});
