import { afterEach, describe, expect, it, vi } from 'vitest';
import { fraudnetStandInScript } from './fraudnet';

const GATEWAY = 'https://gateway.example';
const FNCLS = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';

/** Adds a parameter block to the page. */
function block(text: string, fncls = FNCLS): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.setAttribute('fncls', fncls);
  element.text = text;
  document.body.appendChild(element);
}

/** Runs the stand-in in this window (its own parent) and answers what it sent. */
function run(): { reports: unknown[]; beacons: string[] } {
  const reports: unknown[] = [];
  const beacons: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      expect(url).toBe(`${GATEWAY}/sandbox/fraudnet/parameters`);
      expect(init).toMatchObject({
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'text/plain' },
      });
      reports.push(JSON.parse(init.body as string));
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  vi.stubGlobal(
    'Image',
    class {
      set src(value: string) {
        beacons.push(value);
      }
    },
  );
  // The script is the sandbox's own text, run as a browser would run it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const script = new Function(fraudnetStandInScript(GATEWAY)) as () => void;
  script();
  return { reports, beacons };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the fraudnet stand-in script', () => {
  it('reports each parameter block of the page and requests its beacon', () => {
    block(JSON.stringify({ f: 'one', s: 'BRAINTREE_SIGNIN', b: 'https://beacon.example/c?p=one' }));
    block(JSON.stringify({ f: 'two', s: 'BRAINTREE_SIGNIN', b: 'https://beacon.example/c?p=two', x: 1 }));
    const { reports, beacons } = run();
    expect(reports).toEqual([
      { f: 'one', s: 'BRAINTREE_SIGNIN', b: 'https://beacon.example/c?p=one' },
      { f: 'two', s: 'BRAINTREE_SIGNIN', b: 'https://beacon.example/c?p=two' },
    ]);
    expect(beacons).toEqual(['https://beacon.example/c?p=one', 'https://beacon.example/c?p=two']);
  });

  it('skips blocks that are not JSON objects, blocks of another fncls and a missing beacon', () => {
    block('not json');
    block('null');
    block(JSON.stringify({ f: 'other' }), 'fnparams-other');
    block(JSON.stringify({ f: 'three', s: 'BRAINTREE_SIGNIN' }));
    const { reports, beacons } = run();
    expect(reports).toEqual([{ f: 'three', s: 'BRAINTREE_SIGNIN' }]);
    expect(beacons).toEqual([]);
  });
});
