/**
 * Hosted fields whose frames cannot load give up with a name: at the time-out, at once when the
 * browser reports a refused frame, and soon after a frame's document loaded without saying ready.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOSTED_FIELDS_SETUP_TIMEOUT_MS, HOSTED_FIELDS_SILENT_FRAME_MS } from '../../shared/constants';
import { PanelError } from '../../shared/errors';
import { createHostedFields } from './standalone/create-hosted-fields';
import { addContainers, ASSETS_ORIGIN, fakeClient, flush, harness, stubFrameWindows } from './test-support';

beforeEach(() => {
  addContainers();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The frame's document loaded, as the browser's `load` on the iframe says. */
function load(iframe: HTMLIFrameElement): void {
  iframe.dispatchEvent(new Event('load'));
}

/** What the creation settled with, as a catalogue error. */
function failure(settled: unknown): PanelError {
  expect(settled).toBeInstanceOf(PanelError);
  return settled as PanelError;
}

describe('the time-out', () => {
  it('gives up frames not ready after 20 s with HOSTED_FIELDS_TIMEOUT, not before, and removes them', async () => {
    const { ready, settled, client } = harness();
    ready('number');
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS - 1);
    await flush();
    expect(settled()).toBeUndefined();
    vi.advanceTimersByTime(1);
    await flush();
    expect(failure(settled())).toMatchObject({
      code: 'HOSTED_FIELDS_TIMEOUT',
      type: 'UNKNOWN',
      message: 'Hosted Fields timed out when attempting to set up.',
    });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(client.events).not.toContain('web.custom.hosted-fields.load.succeeded');
  });

  it('ends for fields that became ready: only the fields still waiting are given up', async () => {
    // Two instances, one field each: the first is ready at once, the second never.
    const first = harness({ fields: { number: { container: '#number' } } });
    const instance = await first.readyAll();
    const second = harness({ fields: { number: { container: '#cvv' } } });
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS);
    await flush();
    expect(failure(second.settled())).toMatchObject({ code: 'HOSTED_FIELDS_TIMEOUT' });
    vi.advanceTimersByTime(120_000);
    await flush();
    expect(first.settled()).toBe(instance);
    expect(document.querySelectorAll('#number iframe')).toHaveLength(1);
    expect(document.querySelectorAll('#cvv iframe')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a frame whose document loaded and says nothing', () => {
  it('is given up with HOSTED_FIELDS_FRAME_LOAD_FAILED once silent for a whole check interval; frames whose ready follows their load are kept', async () => {
    const { iframe, ready, settled } = harness();
    // The real frame says ready from its script; the message may reach the page after its load.
    load(iframe('number'));
    load(iframe('expirationDate'));
    load(iframe('cvv'));
    vi.advanceTimersByTime(HOSTED_FIELDS_SILENT_FRAME_MS + 100);
    ready('number');
    ready('expirationDate');
    await flush();
    expect(settled()).toBeUndefined();
    vi.advanceTimersByTime(HOSTED_FIELDS_SILENT_FRAME_MS);
    await flush();
    expect(failure(settled())).toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
      type: 'NETWORK',
      message: 'Hosted Fields frames could not be loaded.',
      details: { reason: 'no-answer', fields: ['cvv'] },
    });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a frame the page’s Content Security Policy refuses', () => {
  it('is not taken from a violation event a script of the page makes up: only the time-out ends the wait', async () => {
    const { settled } = harness();
    const forged = Object.assign(new Event('securitypolicyviolation'), {
      effectiveDirective: 'frame-src',
      blockedURI: ASSETS_ORIGIN,
      disposition: 'enforce',
    });
    document.dispatchEvent(forged);
    await flush();
    expect(settled()).toBeUndefined();
    vi.advanceTimersByTime(HOSTED_FIELDS_SETUP_TIMEOUT_MS);
    await flush();
    expect(failure(settled()).code).toBe('HOSTED_FIELDS_TIMEOUT');
  });
});

describe('a page of an opaque origin', () => {
  it('gives up at once: no frame can answer it', async () => {
    stubFrameWindows();
    vi.spyOn(location, 'origin', 'get').mockReturnValue('null');
    const created = createHostedFields({
      client: fakeClient(),
      fields: { number: { container: '#number' } },
    });
    await expect(created).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_FRAME_LOAD_FAILED',
      details: { reason: 'opaque-origin' },
    });
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
