/**
 * The panel's texts for the view's components: the controller's texts, handed down once.
 * @packageDocumentation
 */
import { createContext, useContext } from 'react';
import { createTexts, type Texts } from '../i18n/texts';

/** The texts every component reads; the view's root provides the controller's. */
export const TextsContext = createContext<Texts>(createTexts());

/** The texts of the panel a component belongs to. */
export function useTexts(): Texts {
  return useContext(TextsContext);
}
