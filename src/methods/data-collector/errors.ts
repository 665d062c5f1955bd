/**
 * The data collector's error codes reach the page with its file: whatever of the collector runs,
 * this has registered them first.
 * @packageDocumentation
 */
import { registerErrors } from '../../shared/errors';
import { DATA_COLLECTOR_ERRORS } from '../../shared/errors/catalogues/data-collector';

registerErrors(DATA_COLLECTOR_ERRORS);
