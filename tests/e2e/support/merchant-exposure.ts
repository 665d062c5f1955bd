/**
 * Everything the merchant origin can see, gathered to search it for card data: the documents of
 * the merchant origin (every open shadow root, attribute, input value and text, storage, URLs and
 * resource timing), the keys and console lines of its windows, and each request its frames make
 * with the answer they read. Requests of the other origins are kept apart, to show where the card
 * did go.
 * @packageDocumentation
 */
import type { Page, Request, Response } from '@playwright/test';
import { localOrigins } from '../../../server/origins';

/** A request as seen on the wire, with the frame that made it. */
export interface ExposedRequest {
  /** Origin of the frame that made it (empty when unknown). */
  from: string;
  url: string;
  method: string;
  headers: string;
  /** The request's body; `null` where the engine gives Playwright none (see {@link MerchantExposure.readsBodies}). */
  body: string | null;
  /** The answer's body, when the merchant origin read one. */
  answer: string;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The headers as text, but for the body's length, a number that says nothing of its content. */
function headerText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .filter(([name]) => name.toLowerCase() !== 'content-length')
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

function frameOrigin(request: Request): string {
  try {
    return originOf(request.frame().url());
  } catch {
    return '';
  }
}

/**
 * Records what the merchant origin sees: install before the page loads. Key and console records
 * cover the merchant's windows; requests cover the page and its frames.
 */
export class MerchantExposure {
  readonly requests: ExposedRequest[] = [];
  /**
   * Whether the engine lets Playwright read request bodies: Firefox over WebDriver BiDi gives none, so there a
   * test reads what the gateway received from its log instead.
   */
  readonly readsBodies: boolean;
  private readonly pending: Promise<void>[] = [];
  private readonly merchant = localOrigins().merchant;

  private constructor(private readonly page: Page) {
    this.readsBodies = page.context().browser()?.browserType().name() !== 'firefox';
  }

  static async watch(page: Page): Promise<MerchantExposure> {
    const exposure = new MerchantExposure(page);
    await page.addInitScript((merchant: string) => {
      if (location.origin !== merchant) return;
      const keys: string[] = [];
      (window as unknown as { merchantKeys: string[] }).merchantKeys = keys;
      const lines: string[] = [];
      (window as unknown as { merchantConsole: string[] }).merchantConsole = lines;
      for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'] as const) {
        const original = console[level].bind(console) as (...args: unknown[]) => void;
        console[level] = (...args: unknown[]) => {
          lines.push(
            args
              .map((arg) => {
                try {
                  return typeof arg === 'string' ? arg : JSON.stringify(arg);
                } catch {
                  return String(arg);
                }
              })
              .join(' '),
          );
          original(...args);
        };
      }
      for (const type of ['keydown', 'keypress', 'keyup', 'input', 'paste', 'beforeinput']) {
        window.addEventListener(
          type,
          (event) => {
            const { key, data } = event as Partial<KeyboardEvent & InputEvent>;
            keys.push(`${type}:${key ?? ''}:${data ?? ''}`);
          },
          true,
        );
      }
    }, exposure.merchant);
    page.on('request', (request) => {
      exposure.pending.push(exposure.record(request));
    });
    return exposure;
  }

  private async record(request: Request): Promise<void> {
    const entry: ExposedRequest = {
      from: frameOrigin(request),
      url: request.url(),
      method: request.method(),
      headers: headerText(await request.allHeaders().catch(() => ({}))),
      body: this.readsBodies ? (request.postData() ?? '') : null,
      answer: '',
    };
    this.requests.push(entry);
    if (entry.from !== this.merchant) return;
    const response: Response | null = await request.response().catch(() => null);
    entry.answer = response ? await response.text().catch(() => '') : '';
  }

  /** Waits until every request seen so far has been recorded with its answer. */
  async settle(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Requests made by frames of the merchant origin. */
  merchantRequests(): ExposedRequest[] {
    return this.requests.filter((request) => request.from === this.merchant);
  }

  /**
   * The merchant origin's documents as text: every element of the top document and of
   * same-origin frames, open shadow roots included, with its attributes, input values and text,
   * and the title, URL, cookies, storage, window name and resource timing entries.
   */
  async documents(): Promise<string> {
    return this.page.evaluate(() => {
      const out: string[] = [];
      const visit = (root: Document | ShadowRoot): void => {
        const owner = root instanceof Document ? root : root.ownerDocument;
        const walker = owner.createTreeWalker(
          root,
          NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT,
        );
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!(node instanceof Element)) {
            out.push(node.nodeValue ?? '');
            continue;
          }
          out.push(`<${node.tagName}`);
          for (const attribute of node.attributes) out.push(`${attribute.name}=${attribute.value}`);
          const { value } = node as Partial<HTMLInputElement>;
          if (typeof value === 'string') out.push(`value=${value}`);
          if (node.shadowRoot) visit(node.shadowRoot);
          if (node instanceof HTMLIFrameElement) {
            try {
              if (node.contentDocument) visit(node.contentDocument);
            } catch {
              // Another origin's frame: not the merchant's to read.
            }
          }
        }
      };
      visit(document);
      out.push(document.title, location.href, document.cookie, window.name);
      for (const storage of [localStorage, sessionStorage]) {
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i) ?? '';
          out.push(key, storage.getItem(key) ?? '');
        }
      }
      for (const entry of performance.getEntries()) out.push(entry.name);
      return out.join('\n');
    });
  }

  /** The keys and input events the merchant's windows received. */
  async keys(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { merchantKeys: string[] }).merchantKeys);
  }

  /** What was written to the merchant window's console, by anyone. */
  async consoleLines(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { merchantConsole: string[] }).merchantConsole);
  }
}

/** Matches a card number as typed or shown: its digits, with any spaces or dashes between them. */
export function cardNumberPattern(number: string): RegExp {
  return new RegExp(number.split('').join('[\\s-]*'));
}

/**
 * Matches a security code standing on its own: not inside a longer number, word, decimal or
 * UUID, where its digits could occur by chance.
 */
export function securityCodePattern(code: string): RegExp {
  return new RegExp(`(?<![\\w.-])${code}(?![\\w.-])`);
}
