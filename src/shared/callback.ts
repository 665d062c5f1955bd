/**
 * Node-style callbacks, as the drop-in's methods accept them beside their promises.
 * @packageDocumentation
 */
import { createError, isPanelError, type PanelError } from './errors';

/** A Node-style callback, as the drop-in's methods accept. */
export type Callback<T> = (error: PanelError | null, result?: T) => void;

/** Settles a promise through a callback too, when one is given; its rejection then counts as handled. */
export function answer<T>(promise: Promise<T>, callback: Callback<T> | undefined): Promise<T> {
  if (typeof callback !== 'function') return promise;
  promise.then(
    (result) => {
      callback(null, result);
    },
    (error: unknown) => {
      callback(isPanelError(error) ? error : createError('INVALID_OPTION', { option: 'callback' }));
    },
  );
  return promise;
}
