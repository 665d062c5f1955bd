/**
 * What the page objects run inside the merchant page, shared by the Playwright suite (`evaluate`,
 * `addInitScript`) and the WebKit suite (WebDriver's `executeScript`). Each function is sent to the
 * browser as its source text: it may use only its arguments and the page's globals, no import and
 * no variable of this module.
 */
import type { RecordedEvent } from './panel';

/** What `requestPaymentMethod()` gave: its payload, or its rejection's catalogue error. */
export interface RequestOutcome {
  payload?: Record<string, unknown>;
  error?: RecordedEvent['detail'];
}

/**
 * Records every panel event that reaches the document as `window.panelEvents` (errors keep their
 * catalogue fields), and everything any frame posts to the merchant window as `window.panelMessages`.
 */
export function recordPanelEvents(names: readonly string[]): void {
  const events: unknown[] = [];
  (window as unknown as { panelEvents: unknown[] }).panelEvents = events;
  const messages: string[] = [];
  (window as unknown as { panelMessages: string[] }).panelMessages = messages;
  window.addEventListener('message', (event) => {
    messages.push(JSON.stringify(event.data));
  });
  for (const name of names) {
    document.addEventListener(name, (event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      // An error's own fields (name, code, type, message, details) as plain data.
      const plain: unknown =
        detail instanceof Error
          ? JSON.parse(JSON.stringify({ ...(detail as object), name: detail.name, message: detail.message }))
          : JSON.parse(JSON.stringify(detail ?? null));
      events.push({ name, detail: plain });
    });
  }
}

/** Calls the element's `requestPaymentMethod()` and returns its payload or its catalogue error. */
export async function requestPaymentMethodOf(element: Element): Promise<RequestOutcome> {
  try {
    const payload = await (
      element as Element & { requestPaymentMethod(): Promise<Record<string, unknown>> }
    ).requestPaymentMethod();
    return { payload };
  } catch (error) {
    const e = error as Error & Record<string, unknown>;
    return {
      error: { name: e.name, code: e.code, type: e.type, message: e.message } as RequestOutcome['error'],
    };
  }
}

/**
 * The element that has focus, followed into shadow roots: `frame:<field>` for a card field's frame
 * (`frame:<title>` for another frame), else `<tag>:<id or accessible name, near enough>`.
 */
export function describeFocus(): string {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element) return 'none';
  if (element instanceof HTMLIFrameElement) {
    const key = /^payment-panel-hosted-field-(\w+)-/.exec(element.name)?.[1];
    return `frame:${key ?? element.title}`;
  }
  // The label, or the text without its hidden icons.
  const visible = element.cloneNode(true) as Element;
  for (const hidden of visible.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  const label = element.getAttribute('aria-label') ?? visible.textContent.trim();
  return `${element.tagName.toLowerCase()}:${element.id || label}`;
}
