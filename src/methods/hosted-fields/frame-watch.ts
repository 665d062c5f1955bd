/**
 * Hosted fields that cannot load give up with a name (docs/card.md, "When the card fields cannot
 * load"). The first script does not carry this: the panel's runtime and the standalone hosted
 * fields' file watch the frames from when they run.
 * @packageDocumentation
 */
import { HOSTED_FIELDS_SETUP_TIMEOUT_MS, HOSTED_FIELDS_SILENT_FRAME_MS } from '../../shared/constants';
import { createError, registerErrors, type PanelError } from '../../shared/errors';
import { HOSTED_FIELDS_LOAD_ERRORS } from '../../shared/errors/catalogues/hosted-fields-load';
import type { FieldKey } from '../../shared/hosted-fields';
import type { OpenedHostedFields } from './hosted-fields';

registerErrors(HOSTED_FIELDS_LOAD_ERRORS);

/**
 * Watches opened hosted fields until every frame has said ready, and gives them up
 * ({@link OpenedHostedFields.abandon}: the frames go and `ready` rejects) with:
 *
 * - `HOSTED_FIELDS_FRAME_LOAD_FAILED` as soon as the browser shows a frame cannot load:
 *   `details.reason` `'opaque-origin'` (this page's origin is opaque, e.g. a sandboxed frame: no
 *   frame can address it), `'frame-src'` (the page's Content Security Policy refused a frame of the
 *   frames' origin while the watch ran; `details.blockedURI`) or `'no-answer'` (a frame's document
 *   loaded and was still silent {@link HOSTED_FIELDS_SILENT_FRAME_MS} later: an error page, a
 *   refused frame, a page that cannot answer this one; `details.fields`);
 * - `HOSTED_FIELDS_TIMEOUT` when they are not ready `timeout` milliseconds after the watch began.
 *
 * Returns the function that stops watching.
 */
export function watchFrames(
  opened: OpenedHostedFields,
  timeout: number = HOSTED_FIELDS_SETUP_TIMEOUT_MS,
): () => void {
  const origin = opened.frameOrigin;
  /** The fields found silent at the last check. */
  let silentBefore: readonly FieldKey[] = [];
  let watching = true;

  const stop = (): void => {
    watching = false;
    clearTimeout(timer);
    clearInterval(checks);
    document.removeEventListener('securitypolicyviolation', onViolation, true);
  };
  const giveUp = (error: PanelError): void => {
    if (!watching) return;
    stop();
    opened.abandon(error);
  };
  const failed = (details: Record<string, unknown>): PanelError =>
    createError('HOSTED_FIELDS_FRAME_LOAD_FAILED', undefined, details);

  function onViolation(event: SecurityPolicyViolationEvent): void {
    const blocked = event.blockedURI;
    // Only the browser's own refusal, not a report-only policy's, of the frames' origin (a refusal
    // names the origin alone or a whole URL); a script of the page could make up an event.
    if (
      event.isTrusted &&
      event.disposition === 'enforce' &&
      event.effectiveDirective === 'frame-src' &&
      (blocked === origin || blocked.startsWith(`${origin}/`))
    ) {
      giveUp(failed({ reason: 'frame-src', blockedURI: blocked }));
    }
  }

  const timer = setTimeout(() => {
    giveUp(createError('HOSTED_FIELDS_TIMEOUT'));
  }, timeout);
  // A frame silent at two checks in a row has had a whole interval to say ready after its load.
  const checks = setInterval(() => {
    const silent = opened.silent;
    const fields = silent.filter((field) => silentBefore.includes(field));
    silentBefore = silent;
    if (fields.length > 0) giveUp(failed({ reason: 'no-answer', fields }));
  }, HOSTED_FIELDS_SILENT_FRAME_MS);
  opened.ready.then(stop, stop);
  document.addEventListener('securitypolicyviolation', onViolation, true);
  if (location.origin === 'null') giveUp(failed({ reason: 'opaque-origin' }));
  return stop;
}
