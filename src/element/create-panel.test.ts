import { describe, expect, it } from 'vitest';
import { createPanel } from './create-panel';

const throwing = (): never => {
  throw new Error('hostile');
};

describe('paymentPanel.create() with options that cannot be read', () => {
  it.each([
    [
      'a throwing container',
      Object.defineProperty({ authorization: 'sandbox_a_b' }, 'container', { get: throwing }),
      'container',
    ],
    [
      'a throwing selector',
      Object.defineProperty({ authorization: 'sandbox_a_b' }, 'selector', { get: throwing }),
      'container',
    ],
    ['a proxy that throws on every read', new Proxy({}, { get: throwing }), 'container'],
    [
      'a throwing authorization',
      Object.defineProperty({ container: 'body' }, 'authorization', { get: throwing }),
      'authorization',
    ],
  ])('%s rejects with INSTANTIATION_OPTION_REQUIRED instead of throwing', async (_, options, option) => {
    let promise: Promise<unknown> | undefined;
    expect(() => {
      promise = createPanel(options as never);
    }).not.toThrow();
    await expect(promise).rejects.toMatchObject({
      code: 'INSTANTIATION_OPTION_REQUIRED',
      message: `options.${option} is required when instantiating ${option === 'container' ? 'a panel' : 'a client'}.`,
    });
    expect(document.querySelector('payment-panel')).toBeNull();
  });
});
