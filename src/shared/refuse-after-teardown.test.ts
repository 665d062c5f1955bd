import { describe, expect, it, vi } from 'vitest';
import { PanelError } from './errors';
import { createLifetime } from './lifetime';
import { refuseAfterTeardown } from './refuse-after-teardown';

/** What a call threw, or fails the test when it threw nothing. */
function thrown(call: () => unknown): PanelError {
  try {
    call();
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('Nothing was thrown.');
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
    const error = thrown(() => instance.getState('ignored'));
    expect(error).toMatchObject({
      name: 'PanelError',
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      type: 'MERCHANT',
      message: 'getState cannot be called after teardown.',
    });
    expect(error.details).toBeUndefined();
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
    await expect(tokenizing).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'tokenize cannot be called after teardown.',
    });
    await expect(instance.teardown()).rejects.toMatchObject({
      message: 'teardown cannot be called after teardown.',
    });
    expect(calls).toEqual([['teardown']]);
  });

  it('names the method in the details too when asked', async () => {
    const { lifetime, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize'], detailed: true });
    lifetime.end();
    expect(thrown(() => instance.getState()).details).toEqual({ method: 'getState' });
    await expect(instance.tokenize()).rejects.toMatchObject({ details: { method: 'tokenize' } });
  });

  it('lets an exempt method run after the end', () => {
    const { lifetime, calls, instance } = component();
    refuseAfterTeardown(instance, lifetime, { promised: ['tokenize'], exempt: ['teardown'] });
    void instance.teardown();
    void instance.teardown();
    expect(calls).toEqual([['teardown'], ['teardown']]);
    expect(thrown(() => instance.getState()).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
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
    expect(thrown(() => held.getState()).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(thrown(() => readAfterGuarding()).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    // What was read before the guard is the method itself, which knows nothing of the lifetime.
    expect(getState()).toBe('state');
  });

  it('follows any signal aborted at the end', () => {
    const controller = new AbortController();
    const instance = { focus: () => 'focused' };
    refuseAfterTeardown(instance, controller);
    expect(instance.focus()).toBe('focused');
    controller.abort();
    expect(thrown(() => instance.focus()).message).toBe('focus cannot be called after teardown.');
  });
});
