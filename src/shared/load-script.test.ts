import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScript } from './load-script';

const URL_OF_SCRIPT = 'https://assets.example.com/script.js';

/** The error of a failed load, saying why. */
const failure = (timedOut: boolean): Error => new Error(timedOut ? 'timed out' : 'did not load');

/** The scripts a load added to the page, kept out of the document (the test plays the browser). */
let added: HTMLScriptElement[] = [];

/** The one script the load added. */
function script(): HTMLScriptElement {
  const [first] = added;
  if (!first || added.length !== 1) throw new Error(`${added.length} scripts were added`);
  return first;
}

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    added.push(...(nodes as HTMLScriptElement[]));
  });
  vi.spyOn(HTMLScriptElement.prototype, 'remove').mockImplementation(function (this: HTMLScriptElement) {
    added = added.filter((other) => other !== this);
  });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadScript', () => {
  it('resolves once the script has run, and leaves it in the page', async () => {
    const loading = loadScript(URL_OF_SCRIPT, { failure });
    const loaded = script();
    expect(loaded.src).toBe(URL_OF_SCRIPT);
    expect(loaded.async).toBe(true);
    expect(loaded.integrity).toBe('');
    loaded.onload?.(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
    expect(added).toEqual([loaded]);
    expect(loaded.onload).toBeNull();
    expect(loaded.onerror).toBeNull();
  });

  it('fetches with CORS and the integrity given', () => {
    void loadScript(URL_OF_SCRIPT, { integrity: 'sha384-abc', failure });
    expect(script().integrity).toBe('sha384-abc');
    expect(script().crossOrigin).toBe('anonymous');
  });

  it('rejects a script that does not arrive, and removes it', async () => {
    const loading = loadScript(URL_OF_SCRIPT, { timeout: 1000, failure });
    script().onerror?.(new Event('error'));
    await expect(loading).rejects.toThrow('did not load');
    expect(added).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects a script that has not run within the time-out, and removes it', async () => {
    const loading = loadScript(URL_OF_SCRIPT, { timeout: 1000, failure });
    const late = script();
    vi.advanceTimersByTime(999);
    expect(added).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(loading).rejects.toThrow('timed out');
    expect(added).toEqual([]);
    expect(late.onload).toBeNull();
  });

  it('settles early when the script announces itself, and stops its time-out', async () => {
    let announce = (): void => {};
    const settled = new Promise<void>((resolve) => {
      announce = resolve;
    });
    const loading = loadScript(URL_OF_SCRIPT, { timeout: 1000, settled, failure });
    announce();
    await expect(loading).resolves.toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
    expect(script().onerror).toBeNull();
  });
});
