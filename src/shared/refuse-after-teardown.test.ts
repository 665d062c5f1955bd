import { describe, expect, it, vi } from 'vitest';
import { createLifetime } from './lifetime';
import { refuseAfterTeardown } from './refuse-after-teardown';

/** What a refusal is, for `toThrow`: the catalogue error naming the method. */
function refusal(method: string, details?: Record<string, string>) {
  return expect.objectContaining({
    name: 'PanelError',
    code: 'METHOD_CALLED_AFTER_TEARDOWN',
    type: 'MERCHANT',
    message: `${method} cannot be called after teardown.`,
    details,
  }) as unknown;
}

/** A component as the panel's are: methods in an object, and a value that is not one. */
function component() {
  const lifetime = createLifetime();
  const calls: unknown[][] = [];
  const instance = {
    name: 'component',
    getState: (...args: unknown[]): string => {
      calls.push(['getState', ...args]);
      return 'state';
    },
    tokenize(...args: unknown[]): Promise<string> {
      calls.push(['tokenize', ...args]);
      return Promise.resolve('nonce');
    },
    teardown(): Promise<void> {
      calls.push(['teardown']);
      lifetime.end();
      return Promise.resolve();
    },
  };
  return { lifetime, calls, instance };
}

describe('refuseAfterTeardown', () => {
  it('changes nothing before the end: each method runs with its arguments and answers', async () => {
    const { lifetime, calls, instance } = component();
    const guarded = refuseAfterTeardown(instance, lifetime, { promised: ['tokenize', 'teardown'] });
    expect(guarded).toBe(instance);
    expect(instance.getState(1, 'two')).toBe('state');
    await expect(instance.tokenize({ vault: true })).resolves.toBe('nonce');
    expect(calls).toEqual([
      ['getState', 1, 'two'],
      ['tokenize', { vault: true }],
    ]);
  });

  it('keeps `this`', () => {
    const lifetime = createLifetime();
    const instance = {
      value: 7,
      read(this: { value: number }): number {
        return this.value;
      },
    };
    refuseAfterTeardown(instance, lifetime);
    expect(instance.read()).toBe(7);
    expect(instance.read.call({ value: 8 })).toBe(8);
  });

  it('makes a method throw METHOD_CALLED_AFTER_TEARDOWN, naming it, once the lifetime ended', async () => {
    const { lifetime, calls, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize', 'teardown'] });
    await instance.teardown();
    expect(() => instance.getState('ignored')).toThrow(refusal('getState'));
    expect(calls).toEqual([['teardown']]);
  });

  it('makes a method that returns a promise reject instead, without throwing', async () => {
    const { lifetime, calls, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize', 'teardown'] });
    await instance.teardown();
    let tokenizing: Promise<string> | undefined;
    expect(() => {
      tokenizing = instance.tokenize();
    }).not.toThrow();
    await expect(tokenizing).rejects.toEqual(refusal('tokenize'));
    await expect(instance.teardown()).rejects.toEqual(refusal('teardown'));
    expect(calls).toEqual([['teardown']]);
  });

  it('names the method in the details too when asked', async () => {
    const { lifetime, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize'], detailed: true });
    lifetime.end();
    expect(() => instance.getState()).toThrow(refusal('getState', { method: 'getState' }));
    await expect(instance.tokenize()).rejects.toEqual(refusal('tokenize', { method: 'tokenize' }));
  });

  it('lets an exempt method run after the end', () => {
    const { lifetime, calls, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize'], exempt: ['teardown'] });
    void instance.teardown();
    void instance.teardown();
    expect(calls).toEqual([['teardown'], ['teardown']]);
    expect(() => instance.getState()).toThrow(refusal('getState'));
  });

  it('tells `refused` of each refused call, with its arguments, before it fails', async () => {
    const { lifetime, instance } = component();
    const order: string[] = [];
    const refused = vi.fn((method: string) => {
      order.push(`refused ${method}`);
    });
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize'], refused });
    instance.getState('before');
    expect(refused).not.toHaveBeenCalled();
    lifetime.end();
    try {
      instance.getState('after');
    } catch {
      order.push('thrown');
    }
    await instance.tokenize({ popup: 'window' }).catch(() => order.push('rejected'));
    expect(refused.mock.calls).toEqual([
      ['getState', ['after']],
      ['tokenize', [{ popup: 'window' }]],
    ]);
    expect(order).toEqual(['refused getState', 'thrown', 'refused tokenize', 'rejected']);
  });

  it('leaves what is not a method as it is', () => {
    const lifetime = createLifetime();
    const instance = {
      deviceData: '{"correlation_id":"abc"}',
      get button(): string {
        return 'button';
      },
      teardown: () => undefined,
    };
    refuseAfterTeardown(instance, lifetime);
    lifetime.end();
    expect(instance.deviceData).toBe('{"correlation_id":"abc"}');
    expect(Object.getOwnPropertyDescriptor(instance, 'button')).toHaveProperty('get');
    expect(instance.button).toBe('button');
  });

  it('refuses the calls of whoever holds the instance, changing the instance itself', () => {
    const { lifetime, instance } = component();
    const { getState } = instance;
    const held = instance;
    refuseAfterTeardown(instance, lifetime);
    const readAfterGuarding = instance.getState.bind(instance);
    lifetime.end();
    expect(() => held.getState()).toThrow(refusal('getState'));
    expect(() => readAfterGuarding()).toThrow(refusal('getState'));
    // What was read before the guard is the method itself, which knows nothing of the lifetime.
    expect(getState()).toBe('state');
  });

  it('follows any signal aborted at the end', () => {
    const controller = new AbortController();
    const instance = { focus: () => 'focused' };
    refuseAfterTeardown(instance, controller);
    expect(instance.focus()).toBe('focused');
    controller.abort();
    expect(() => instance.focus()).toThrow(refusal('focus'));
  });
});
