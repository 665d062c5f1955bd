/**
 * Placing the collectors' elements in the merchant's page without showing them.
 * @packageDocumentation
 */

/**
 * Appends `element` to the merchant document's body, out of sight, out of the layout and out of the
 * accessibility tree. The style is set through the CSSOM, which a Content Security Policy without
 * `'unsafe-inline'` allows, unlike a `style` attribute.
 */
export function appendHidden<T extends HTMLElement>(element: T): T {
  element.setAttribute('aria-hidden', 'true');
  const { style } = element;
  style.setProperty('position', 'absolute');
  style.setProperty('top', '0');
  style.setProperty('left', '-10000px');
  style.setProperty('width', '1px');
  style.setProperty('height', '1px');
  style.setProperty('border', '0');
  style.setProperty('overflow', 'hidden');
  document.body.appendChild(element);
  return element;
}
