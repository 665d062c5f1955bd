/**
 * The panel's texts for the views: US English with the merchant's `translations` laid over them.
 * @packageDocumentation
 */
import { createContext, useContext } from 'react';
import { createTexts, type Texts } from '../i18n/en-US';

/** The texts every view reads; the panel provides them from its options. */
export const TextsContext = createContext<Texts>(createTexts());

/** The texts of the panel a view belongs to. */
export function useTexts(): Texts {
  return useContext(TextsContext);
}
