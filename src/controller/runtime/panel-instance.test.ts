/* eslint-disable @typescript-eslint/no-confusing-void-expression, @typescript-eslint/unbound-method -- the tests check what a method given a callback returns (undefined), and read the fake element's spies. */
import { describe, expect, it, vi } from 'vitest';
import { createError, registerErrors } from '../../shared/errors';
import {
  THREE_D_SECURE_2_ERRORS,
  THREE_D_SECURE_ERRORS,
} from '../../shared/errors/catalogues/three-d-secure';
import { instanceOf, panelInstance, type InstanceElement } from './panel-instance';

registerErrors(THREE_D_SECURE_ERRORS);
registerErrors(THREE_D_SECURE_2_ERRORS);

/** An element as the instance uses it, whose request answers as the test says. */
function fakeElement(
  request: () => Promise<never> | Promise<{ nonce: string }> = () => Promise.resolve({ nonce: 'n-1' }),
) {
  let tornDown = false;
  const element = Object.assign(document.createElement('div'), {
    requestPaymentMethod: vi.fn(request),
    isPaymentMethodRequestable: vi.fn(() => {
      if (tornDown)
        throw createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'isPaymentMethodRequestable' });
      return true;
    }),
    // As the element's: nothing on offer without a running panel, refused after teardown.
    getAvailablePaymentOptions: vi.fn(() => {
      if (tornDown)
        throw createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'getAvailablePaymentOptions' });
      return [];
    }),
    clearSelectedPaymentMethod: vi.fn(),
    updateConfiguration: vi.fn(),
    teardown: vi.fn(() => {
      tornDown = true;
      return Promise.resolve();
    }),
  });
  document.body.append(element);
  return element as typeof element & InstanceElement;
}

describe('the instance’s calling convention', () => {
  it('returns the value without a callback, and with one returns undefined and calls back once, later', async () => {
    const element = fakeElement();
    const instance = instanceOf(element);
    expect(instance.isPaymentMethodRequestable()).toBe(true);
    const calls: unknown[] = [];
    const returned = instance.isPaymentMethodRequestable((error, result) => calls.push([error, result]));
    expect(returned).toBeUndefined();
    expect(calls).toEqual([]);
    await vi.waitFor(() => {
      expect(calls).toEqual([[null, true]]);
    });
    await expect(instance.requestPaymentMethod()).resolves.toEqual({ nonce: 'n-1' });
    expect(instance.requestPaymentMethod((error, payload) => calls.push([error, payload]))).toBeUndefined();
    await vi.waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls[1]).toEqual([null, { nonce: 'n-1' }]);
    expect(element.requestPaymentMethod).toHaveBeenLastCalledWith(undefined);
  });

  it('passes updateConfiguration and clearSelectedPaymentMethod on, answering a callback', async () => {
    const element = fakeElement();
    const instance = instanceOf(element);
    const done = vi.fn();
    expect(instance.updateConfiguration('threeDSecure', 'amount', '12.00', done)).toBeUndefined();
    expect(element.updateConfiguration).toHaveBeenCalledWith('threeDSecure', 'amount', '12.00');
    instance.clearSelectedPaymentMethod(done);
    expect(element.clearSelectedPaymentMethod).toHaveBeenCalledOnce();
    await vi.waitFor(() => {
      expect(done).toHaveBeenCalledTimes(2);
    });
    expect(done).toHaveBeenCalledWith(null, undefined);
  });

  it('answers an error it would throw through the callback, and throws it without one', async () => {
    const element = fakeElement();
    const instance = instanceOf(element);
    const torn = vi.fn();
    expect(instance.teardown(torn)).toBeUndefined();
    await vi.waitFor(() => {
      expect(torn).toHaveBeenCalledWith(null, undefined);
    });
    expect(element.isConnected).toBe(false);
    expect(() => instance.getAvailablePaymentOptions()).toThrow(
      expect.objectContaining({ code: 'METHOD_CALLED_AFTER_TEARDOWN' }),
    );
    const answered = vi.fn();
    expect(instance.getAvailablePaymentOptions(answered)).toBeUndefined();
    await vi.waitFor(() => {
      expect(answered).toHaveBeenCalledWith(
        expect.objectContaining({ code: 'METHOD_CALLED_AFTER_TEARDOWN' }),
      );
    });
  });

  it('has no options on offer for an element without a running panel', async () => {
    expect(instanceOf(fakeElement()).getAvailablePaymentOptions()).toEqual([]);
    await expect(panelInstance(fakeElement())).resolves.toHaveProperty('getAvailablePaymentOptions');
  });
});

describe('a 3D Secure failure through the instance', () => {
  it('clears the selection and rejects with THREEDS_AUTHENTICATION_FAILED, the original attached', async () => {
    const original = createError('THREEDS_LOOKUP_ERROR');
    const element = fakeElement(() => Promise.reject(original));
    await expect(
      instanceOf(element).requestPaymentMethod({ threeDSecure: { amount: '1.00' } }),
    ).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_FAILED',
      message: 'Something went wrong during 3D Secure authentication. Please try again.',
      details: { originalError: original },
    });
    expect(element.clearSelectedPaymentMethod).toHaveBeenCalledOnce();
  });

  it.each([
    'THREEDS_MISSING_VERIFY_CARD_OPTION',
    'THREEDS_NOT_ENABLED',
    'HOSTED_FIELDS_FIELDS_INVALID',
  ] as const)('passes %s on as it is, the selection kept', async (code) => {
    const error = createError(code as never, { option: 'an amount' } as never);
    const element = fakeElement(() => Promise.reject(error));
    await expect(instanceOf(element).requestPaymentMethod()).rejects.toBe(error);
    expect(element.clearSelectedPaymentMethod).not.toHaveBeenCalled();
  });
});
