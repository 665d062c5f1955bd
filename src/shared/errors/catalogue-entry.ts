/**
 * The shape of a catalogue entry, apart from any catalogue so every component's catalogue can use it.
 * @packageDocumentation
 */

/** Who an error is for: the shopper, the merchant, the network, the panel itself, or nobody knows. */
export type ErrorType = 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN';

/** One catalogue entry. */
export interface CatalogueEntry {
  readonly type: ErrorType;
  readonly message: string;
}

/**
 * A catalogue, or a component's part of it: code → entry. A code's TSDoc in the catalogue is a note
 * to its message, which the documentation's error tables print after it in parentheses
 * (`npm run docs`, build/docs.ts).
 */
export type Catalogue = Readonly<Record<string, CatalogueEntry>>;
