/**
 * What a test watches on every origin of a page (the `guard` fixture of fixtures.ts): uncaught
 * exceptions, unhandled rejections and console errors (the page, its cross-origin frames and its
 * popups), the requests made, and whether `Object.prototype` was polluted in any frame.
 * @packageDocumentation
 */
import { expect, type BrowserContext, type Frame, type Page, type Request } from '@playwright/test';

/** A request as the guard saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  /** URL of the frame that made it (empty when unknown). */
  frame: string;
}

/**
 * The names Firefox gives its own reports (a policy's refusal, a cross-origin request that failed, a message whose
 * target origin is not the recipient's) when they arrive over WebDriver BiDi as errors of the page: nothing was
 * thrown, the browser reported, as Chromium does on its console.
 */
const FIREFOX_REPORTS = [
  'Content-Security-Policy',
  'Cross-Origin Request Blocked',
  'Failed to execute ‘postMessage’ on ‘DOMWindow’',
];

/** The text of a browser's report that arrived as an error of the page, or `null` for an error the page threw. */
export function browserReport(error: Error): string | null {
  return FIREFOX_REPORTS.includes(error.name) ? `${error.name}: ${error.message}` : null;
}

function frameUrl(request: Request): string {
  try {
    return request.frame().url();
  } catch {
    // A service worker's or a detached frame's request.
    return '';
  }
}

/** Watches a browser context's pages (the page under test and every popup it opens). */
export class PageGuard {
  /** Uncaught exceptions and unhandled rejections, with the page they happened in. */
  readonly errors: string[] = [];
  /** Console errors (and the browser's reports, {@link browserReport}) other than the expected ones. */
  readonly consoleErrors: string[] = [];
  readonly requests: SeenRequest[] = [];
  /**
   * Console errors and reports a test expects (e.g. a frame refusing what it was told), by pattern: each engine's
   * wording.
   */
  readonly allowedConsole: RegExp[] = [];

  constructor(context: BrowserContext) {
    for (const page of context.pages()) this.watch(page);
    context.on('page', (page) => {
      this.watch(page);
    });
  }

  private watch(page: Page): void {
    page.on('pageerror', (error) => {
      const report = browserReport(error);
      if (report !== null) this.consoleError(`${report} ${page.url()}`);
      else this.errors.push(`${page.url()}: ${error.name}: ${error.message}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') this.consoleError(`${message.text()} ${message.location().url}`);
    });
    page.on('request', (request) => {
      this.requests.push({ url: request.url(), method: request.method(), frame: frameUrl(request) });
    });
  }

  /** Keeps a console error (or a browser's report, {@link browserReport}) unless the test expects it. */
  private consoleError(text: string): void {
    if (!this.allowedConsole.some((pattern) => pattern.test(text))) this.consoleErrors.push(text);
  }

  /** Expects that nothing was thrown or left unhandled, and no console error but the allowed ones. */
  expectClean(): void {
    expect(this.errors, 'uncaught exceptions and unhandled rejections').toEqual([]);
    expect(this.consoleErrors, 'console errors').toEqual([]);
  }

  /** Requests seen since `mark` (a length of {@link requests} taken earlier). */
  requestsSince(mark: number): SeenRequest[] {
    return this.requests.slice(mark);
  }
}

/**
 * Own keys of the built-in prototypes that should have none (or that a pollution would add), and
 * whether a plain object inherits a value a hostile message carried.
 */
export async function pollution(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const found: string[] = [];
    const probe = {} as Record<string, unknown>;
    for (const key of Object.keys(Object.prototype)) found.push(`Object.prototype.${key}`);
    for (const key of Object.keys(Array.prototype)) found.push(`Array.prototype.${key}`);
    for (const key of ['polluted', 'isAdmin', 'protocol', 'channel', 'message', 'type', 'field']) {
      if (key in probe) found.push(`inherited ${key}`);
    }
    return found;
  });
}

/** {@link pollution} in every frame of every page of the context (frames that went away are skipped). */
export async function pollutionEverywhere(context: BrowserContext): Promise<string[]> {
  const found: string[] = [];
  for (const page of context.pages()) {
    for (const frame of page.frames()) {
      try {
        for (const key of await pollution(frame)) found.push(`${frame.url()}: ${key}`);
      } catch (error) {
        if (!frame.isDetached() && !page.isClosed()) throw error;
      }
    }
  }
  return found;
}
