/**
 * How views report cleanup that outlives their unmount (a hosted-fields teardown removing its
 * frames), so the element's `teardown()` resolves only once everything is gone.
 * @packageDocumentation
 */
import { createContext, useContext } from 'react';

/** Receives a cleanup still running after a view unmounted. */
export type TrackTeardown = (pending: Promise<unknown>) => void;

/** Provided by the panel; outside one, pending cleanup is left to finish on its own. */
export const TeardownContext = createContext<TrackTeardown>(() => undefined);

/** The panel's cleanup tracker. */
export function useTrackTeardown(): TrackTeardown {
  return useContext(TeardownContext);
}
