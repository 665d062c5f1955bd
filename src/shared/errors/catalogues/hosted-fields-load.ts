/**
 * Errors of hosted fields whose frames cannot load (docs/card.md, "When the card fields cannot
 * load"). The first script does not carry them: the files that watch the frames (the panel's
 * runtime, the standalone hosted fields' file) register them when they run.
 * @packageDocumentation
 */
import type { Catalogue } from '../catalogue-entry';

/** The hosted fields' load errors: the provider's time-out, and a frame the browser shows cannot load. */
export const HOSTED_FIELDS_LOAD_ERRORS = {
  HOSTED_FIELDS_TIMEOUT: {
    type: 'UNKNOWN',
    message: 'Hosted Fields timed out when attempting to set up.',
  },
  HOSTED_FIELDS_FRAME_LOAD_FAILED: {
    type: 'NETWORK',
    message: 'Hosted Fields frames could not be loaded.',
  },
} as const satisfies Catalogue;
