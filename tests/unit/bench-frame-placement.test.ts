// @vitest-environment node
/**
 * Where the benchmark's card frames run (tests/bench/frame-placement.ts): the other site its
 * cross-site loads use, the processes read from Chromium's trace, the check every load passes, and
 * the order of the time-to-ready loads.
 */
import { describe, expect, it } from 'vitest';
import { frameProcessesOf, otherSiteOrigin, placementError, type TraceEvent } from '../bench/frame-placement';
import { roundOrder } from '../bench/measure-ready';

const FRAME_URL = 'https://assets.test/payment-panel/1.9.2/html/hosted-fields-frame.min.html';
const PAGE_URL = 'https://shop.test/minimal.html?authorization=key';

/** The `TracingStartedInBrowser` event Chromium writes: the page's frames, each with its process. */
function started(frames: readonly Record<string, unknown>[]): TraceEvent {
  return { name: 'TracingStartedInBrowser', args: { data: { frames } } };
}

/** A page (process `page`) with card frames in the processes `cards`, as Chromium traces it. */
function traceOf(page: number, cards: readonly number[]): TraceEvent[] {
  return [
    { name: 'TracingSessionIdForRenderer' },
    started([
      {
        frame: 'MAIN',
        isOutermostMainFrame: true,
        name: '',
        processId: page,
        url: PAGE_URL,
      },
      ...cards.map((processId, i) => ({
        frame: `CARD${String(i)}`,
        isOutermostMainFrame: false,
        name: `payment-panel-hosted-field-${String(i)}`,
        parent: 'MAIN',
        processId,
        url: FRAME_URL,
      })),
      // Another frame of the page, not a card field: never counted.
      { frame: 'KOUNT', parent: 'MAIN', processId: 99, url: 'https://assets.test/logo.htm' },
    ]),
  ];
}

describe('otherSiteOrigin', () => {
  it('moves an origin on localhost to 127.0.0.1, another site, keeping its port', () => {
    expect(otherSiteOrigin('https://localhost:9443')).toBe('https://127.0.0.1:9443');
    expect(otherSiteOrigin('https://localhost')).toBe('https://127.0.0.1');
  });

  it.each([
    'http://localhost:9443',
    'https://127.0.0.1:9443',
    'https://shop.test',
    'https://localhost:9443/page',
  ])('refuses %s', (origin) => {
    expect(() => otherSiteOrigin(origin)).toThrow(/https origin on localhost/);
  });
});

describe('frameProcessesOf', () => {
  it("reads the page's process and each card frame's from the trace", () => {
    expect(frameProcessesOf(traceOf(10, [20, 20]), FRAME_URL)).toEqual({ page: 10, frames: [20, 20] });
    expect(frameProcessesOf(traceOf(10, [10, 10, 10]), FRAME_URL)).toEqual({
      page: 10,
      frames: [10, 10, 10],
    });
  });

  it("matches the frames whatever the frame URL's hash or query, as the trace lists them without", () => {
    expect(frameProcessesOf(traceOf(10, [20]), `${FRAME_URL}#channel=abc`)).toEqual({
      page: 10,
      frames: [20],
    });
  });

  it('fails when the trace lists no card frame, or no frames at all', () => {
    expect(() => frameProcessesOf(traceOf(10, []), FRAME_URL)).toThrow(/lists 0 frames/);
    expect(() => frameProcessesOf([{ name: 'TracingStartedInBrowser' }], FRAME_URL)).toThrow(
      /lists 0 frames/,
    );
    expect(() => frameProcessesOf([], FRAME_URL)).toThrow(/lists 0 frames/);
  });

  it('fails when card frames have different parents, or a parent the trace does not list', () => {
    const twoParents = started([
      { frame: 'A', processId: 1, url: PAGE_URL },
      { frame: 'B', processId: 2, url: PAGE_URL },
      { frame: 'C', parent: 'A', processId: 3, url: FRAME_URL },
      { frame: 'D', parent: 'B', processId: 3, url: FRAME_URL },
    ]);
    expect(() => frameProcessesOf([twoParents], FRAME_URL)).toThrow(/under 2 parents/);
    const orphan = started([{ frame: 'C', parent: 'A', processId: 3, url: FRAME_URL }]);
    expect(() => frameProcessesOf([orphan], FRAME_URL)).toThrow(/under 1 parents/);
  });
});

describe('placementError', () => {
  it('accepts same-site frames in the page process and cross-site frames outside it', () => {
    expect(placementError('same-site', { page: 10, frames: [10, 10] }, 2)).toBeUndefined();
    expect(placementError('cross-site', { page: 10, frames: [20, 20] }, 2)).toBeUndefined();
    expect(placementError('cross-site', { page: 10, frames: [20, 21] }, 2)).toBeUndefined();
  });

  it("refuses cross-site frames that ran in the page's process: no site isolation", () => {
    expect(placementError('cross-site', { page: 10, frames: [10, 10] }, 2)).toBe(
      "2 of 2 cross-site card frames ran in the page's process 10: no site isolation",
    );
    expect(placementError('cross-site', { page: 10, frames: [20, 10] }, 2)).toMatch(/^1 of 2/);
  });

  it("refuses same-site frames that ran outside the page's process", () => {
    expect(placementError('same-site', { page: 10, frames: [10, 20] }, 2)).toBe(
      "1 of 2 same-site card frames ran outside the page's process 10",
    );
  });

  it('refuses a count of frames other than the page had', () => {
    expect(placementError('cross-site', { page: 10, frames: [20] }, 2)).toBe(
      'expected 2 card frames, the browser listed 1',
    );
  });
});

describe('roundOrder', () => {
  it('runs a panel and a floor load of both placements each round, mirrored every other round', () => {
    const names = (round: number) => roundOrder(round).map(({ placement, load }) => `${placement} ${load}`);
    expect(names(0)).toEqual(['same-site panel', 'same-site floor', 'cross-site panel', 'cross-site floor']);
    expect(names(1)).toEqual(['cross-site floor', 'cross-site panel', 'same-site floor', 'same-site panel']);
    expect(names(2)).toEqual(names(0));
  });
});
