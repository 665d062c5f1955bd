/**
 * Google Pay's error codes reach the page with its file: whatever of Google Pay runs, this has
 * registered them first.
 * @packageDocumentation
 */
import { registerErrors } from '../../shared/errors';
import { GOOGLE_PAYMENT_ERRORS } from '../../shared/errors/catalogues/google-payment';

registerErrors(GOOGLE_PAYMENT_ERRORS);
