/**
 * Which browsers Venmo is offered in, and how the shopper switches to it there: the provider's SDK's
 * rules, judged from the user agent (docs/venmo.md, "When Venmo is offered").
 * @packageDocumentation
 */
import type { VenmoSettings } from './options';

/** What of the page's browser the rules read; injected so the rules run without a browser. */
export interface VenmoBrowser {
  /** `navigator.userAgent`. */
  userAgent: string;
  /** `navigator.maxTouchPoints`: an iPad asks for the desktop site with a Mac's user agent. */
  maxTouchPoints: number;
}

/** The page's browser. */
export function pageBrowser(): VenmoBrowser {
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints };
}

/** iPhone, iPod or iPad (an iPad asking for the desktop site says it is a Mac, but has a touch screen). */
export function isIos({ userAgent, maxTouchPoints }: VenmoBrowser): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** An Android device. */
export function isAndroid({ userAgent }: VenmoBrowser): boolean {
  return /Android/i.test(userAgent);
}

/** A phone or tablet, where Venmo's app can take the switch. */
export function isMobile(browser: VenmoBrowser): boolean {
  return isIos(browser) || isAndroid(browser);
}

/** Facebook's or Instagram's in-app browser. */
export function isFacebookOrInstagram({ userAgent }: VenmoBrowser): boolean {
  return /FBAN|FBAV|FB_IAB|Instagram/i.test(userAgent);
}

/** An Android app's web view (`; wv)`, or a Chrome that says `Version/`). */
export function isAndroidWebview(browser: VenmoBrowser): boolean {
  return isAndroid(browser) && /; wv\)|Version\/[\d.]+ Chrome\//.test(browser.userAgent);
}

/** An iOS app's web view: WebKit without Safari's name. */
export function isIosWebview(browser: VenmoBrowser): boolean {
  return isIos(browser) && !/Safari\//.test(browser.userAgent);
}

/** Safari on iOS, not another browser or an in-app one on WebKit. */
export function isIosSafari(browser: VenmoBrowser): boolean {
  return (
    isIos(browser) &&
    /Version\/[\d.]+.*Safari\//.test(browser.userAgent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram/.test(browser.userAgent)
  );
}

/** Chrome on Android, not a web view or another Chromium browser. */
export function isAndroidChrome(browser: VenmoBrowser): boolean {
  return (
    isAndroid(browser) &&
    /Chrome\//.test(browser.userAgent) &&
    !isAndroidWebview(browser) &&
    !/SamsungBrowser|EdgA|OPR|YaBrowser|Firefox/.test(browser.userAgent)
  );
}

/**
 * Whether Venmo is offered in this browser with these options: on a desktop only with
 * `allowDesktop` or `allowDesktopWebLogin`; never in an Android web view or Facebook's or
 * Instagram's in-app browser (nor in an iOS web view with `allowWebviews: false`); with
 * `allowNewBrowserTab: false` only in iOS Safari and Android Chrome, which return to the same tab.
 */
export function isVenmoSupported(browser: VenmoBrowser, settings: VenmoSettings): boolean {
  if (!isMobile(browser)) return settings.allowDesktop === true || settings.allowDesktopWebLogin === true;
  if (isAndroidWebview(browser) || isFacebookOrInstagram(browser)) return false;
  if (settings.allowWebviews === false && isIosWebview(browser)) return false;
  if (settings.allowNewBrowserTab === false) return isIosSafari(browser) || isAndroidChrome(browser);
  return true;
}

/**
 * Whether the switch to Venmo replaces the page (`location.href`) rather than opening a new tab
 * (`window.open`): with `allowNewBrowserTab: false`, `mobileWebFallBack` or `useRedirectForIOS`, and
 * on iOS outside Safari, where a new tab would not come back.
 */
export function switchesInPlace(browser: VenmoBrowser, settings: VenmoSettings): boolean {
  return (
    settings.allowNewBrowserTab === false ||
    settings.mobileWebFallBack === true ||
    (isIos(browser) && (settings.useRedirectForIOS === true || !isIosSafari(browser)))
  );
}
