import { afterEach, describe, expect, it } from 'vitest';
import { createLifetime, deferred } from './lifetime';

/** Rejections nobody handled while a test ran, as Node reports them. */
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

/** Lets Node report what it would report as unhandled. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('deferred', () => {
  it('resolves with the value it is given', async () => {
    const made = deferred<number>();
    made.resolve(42);
    await expect(made.promise).resolves.toBe(42);
  });

  it('rejects with the reason it is given, for whoever asks later', async () => {
    const made = deferred<number>();
    const reason = new Error('gone');
    made.reject(reason);
    await settle();
    await expect(made.promise).rejects.toBe(reason);
  });

  it('reports no unhandled rejection when nobody waits', async () => {
    process.on('unhandledRejection', onUnhandled);
    deferred().reject(new Error('nobody asked'));
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('settles once: the first of resolve and reject wins', async () => {
    const resolvedFirst = deferred<string>();
    resolvedFirst.resolve('first');
    resolvedFirst.reject(new Error('later'));
    resolvedFirst.resolve('later');
    await expect(resolvedFirst.promise).resolves.toBe('first');
    const rejectedFirst = deferred<string>();
    const reason = new Error('first');
    rejectedFirst.reject(reason);
    rejectedFirst.resolve('later');
    await expect(rejectedFirst.promise).rejects.toBe(reason);
  });

  it('can be settled with nothing', async () => {
    const made = deferred();
    made.resolve();
    await expect(made.promise).resolves.toBeUndefined();
  });

  it('gives each call a promise of its own', () => {
    expect(deferred().promise).not.toBe(deferred().promise);
  });
});

describe('createLifetime', () => {
  it('has a signal that is not aborted before the end', () => {
    const lifetime = createLifetime();
    expect(lifetime.signal.aborted).toBe(false);
    lifetime.onEnd(() => undefined);
    expect(lifetime.signal.aborted).toBe(false);
  });

  it('aborts its signal before any cleanup runs', () => {
    const lifetime = createLifetime();
    const seen: string[] = [];
    lifetime.signal.addEventListener('abort', () => seen.push('abort'));
    lifetime.onEnd(() => seen.push(`cleanup sees aborted: ${String(lifetime.signal.aborted)}`));
    lifetime.end();
    expect(seen).toEqual(['abort', 'cleanup sees aborted: true']);
  });

  it('stops what was given its signal', async () => {
    const lifetime = createLifetime();
    const listened: string[] = [];
    const target = new EventTarget();
    target.addEventListener('ping', () => listened.push('ping'), { signal: lifetime.signal });
    const waiting = new Promise((_resolve, reject) => {
      lifetime.signal.addEventListener('abort', () => {
        reject(lifetime.signal.reason as Error);
      });
    });
    target.dispatchEvent(new Event('ping'));
    lifetime.end();
    target.dispatchEvent(new Event('ping'));
    expect(listened).toEqual(['ping']);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('runs the cleanups the last registered first', () => {
    const lifetime = createLifetime();
    const ran: number[] = [];
    for (const n of [1, 2, 3]) lifetime.onEnd(() => ran.push(n));
    lifetime.end();
    expect(ran).toEqual([3, 2, 1]);
  });

  it('ends once: a second end runs nothing and reports nothing', () => {
    const lifetime = createLifetime();
    let runs = 0;
    lifetime.onEnd(() => {
      runs += 1;
      throw new Error('failed');
    });
    expect(lifetime.end()).toHaveLength(1);
    expect(lifetime.end()).toEqual([]);
    expect(runs).toBe(1);
    expect(lifetime.signal.aborted).toBe(true);
  });

  it('runs every cleanup when some throw, and returns what they threw in the order they ran', () => {
    const lifetime = createLifetime();
    const ran: string[] = [];
    const first = new Error('first to run');
    const second = new Error('second to run');
    lifetime.onEnd(() => ran.push('a'));
    lifetime.onEnd(() => {
      ran.push('b');
      throw second;
    });
    lifetime.onEnd(() => ran.push('c'));
    lifetime.onEnd(() => {
      ran.push('d');
      throw first;
    });
    expect(lifetime.end()).toEqual([first, second]);
    expect(ran).toEqual(['d', 'c', 'b', 'a']);
  });

  it('returns no failures when every cleanup ran through', () => {
    const lifetime = createLifetime();
    lifetime.onEnd(() => undefined);
    expect(lifetime.end()).toEqual([]);
  });

  it('runs a cleanup registered after the end at once, and only then', () => {
    const lifetime = createLifetime();
    lifetime.end();
    let runs = 0;
    lifetime.onEnd(() => {
      runs += 1;
    });
    expect(runs).toBe(1);
    lifetime.end();
    expect(runs).toBe(1);
  });

  it('runs at once a cleanup that a cleanup registers while the lifetime ends', () => {
    const lifetime = createLifetime();
    const ran: string[] = [];
    lifetime.onEnd(() => ran.push('outer, last'));
    lifetime.onEnd(() => {
      ran.push('outer, first');
      lifetime.onEnd(() => ran.push('inner'));
    });
    lifetime.end();
    expect(ran).toEqual(['outer, first', 'inner', 'outer, last']);
  });

  it('keeps lifetimes apart', () => {
    const one = createLifetime();
    const other = createLifetime();
    let ran = false;
    other.onEnd(() => {
      ran = true;
    });
    one.end();
    expect(other.signal.aborted).toBe(false);
    expect(ran).toBe(false);
  });
});
