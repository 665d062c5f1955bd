/**
 * Session ids of the data collector.
 * @packageDocumentation
 */

/**
 * A fresh session id: 32 lowercase hexadecimal digits (128 bits) from the platform's secure random
 * source, the form the provider's fraud tools expect for Kount's session and PayPal's correlation id.
 */
export function newSessionId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
