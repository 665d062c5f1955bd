/**
 * Placing the collectors' elements in the merchant's page without showing them.
 * @packageDocumentation
 */

/**
 * Appends `element` to the merchant document's body as a 1×1 box out of sight and out of the
 * accessibility tree, and returns it. The style is set through the CSSOM, which a Content Security
 * Policy without `'unsafe-inline'` allows, unlike a `style` attribute in markup.
 */
export function appendHidden<T extends HTMLElement>(element: T): T {
  element.setAttribute('aria-hidden', 'true');
  element.style.cssText = 'position:absolute;top:0;left:-9999px;width:1px;height:1px;border:0';
  return document.body.appendChild(element);
}

/**
 * Appends a hidden frame, out of the tab order and titled for assistive technology that meets it
 * anyway, loading `src` when given (without, it keeps its initial empty document).
 */
export function appendHiddenFrame(title: string, src?: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.tabIndex = -1;
  if (src !== undefined) frame.src = src;
  return appendHidden(frame);
}
