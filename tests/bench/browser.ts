/** Headless Chromium as the browser tests launch it, and a fresh context per measured load. */
import { chromium, devices, type Browser, type BrowserContext, type Request } from '@playwright/test';
import playwrightConfig from '../../playwright.config.ts';

/** Launches Chromium with the browser tests' executable and arguments (playwright.config.ts). */
export function launchBrowser(): Promise<Browser> {
  const launchOptions = playwrightConfig.projects?.[0]?.use?.launchOptions ?? {};
  return chromium.launch({ ...launchOptions, headless: true });
}

/** A new context: an empty cache, no connections, no cookies. */
export function freshContext(browser: Browser): Promise<BrowserContext> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Desktop Chrome'];
  return browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    ignoreHTTPSErrors: true,
  });
}

/** A request as a page can send it again with `fetch`. */
export interface ReplayableRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** Headers the browser sets itself; a page cannot send them, so a replay leaves them out. */
const BROWSER_HEADERS =
  /^(?:accept|accept-encoding|accept-language|user-agent|referer|origin|host|connection|content-length|cookie|priority|sec-.*)$/i;

/** What a page needs to send `request` again, headers the page set included. */
export function replayable(request: Request): ReplayableRequest {
  const headers = Object.fromEntries(
    Object.entries(request.headers()).filter(([name]) => !BROWSER_HEADERS.test(name)),
  );
  return { url: request.url(), method: request.method(), headers, body: request.postData() };
}
