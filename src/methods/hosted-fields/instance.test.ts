/**
 * A ready hosted-fields instance: state and events, tokenization, the field methods and teardown.
 */
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { PanelError } from '../../shared/errors';
import type { CardPayload } from '../../shared/frame-messages';
import type { HostedFields } from './index';
import { addContainers, flush, harness } from './test-support';

const { assets } = inject('localOrigins');

let h: ReturnType<typeof harness>;
let fields: HostedFields;

beforeEach(async () => {
  addContainers();
  h = harness();
  fields = await h.readyAll();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The catalogue error a synchronous call throws. */
function thrown(call: () => unknown): PanelError {
  try {
    call();
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

const visa = { type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } } as const;

const payload: CardPayload = {
  nonce: 'tokencc_abc',
  type: 'CreditCard',
  description: 'ending in 11',
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111', bin: '411111' },
};

describe('state and events', () => {
  it('starts with every field empty and no card candidates', () => {
    const state = fields.getState();
    expect(state).toEqual({
      cards: [],
      fields: {
        number: {
          isEmpty: true,
          isValid: false,
          isPotentiallyValid: true,
          isFocused: false,
          container: document.getElementById('number'),
        },
        cvv: expect.objectContaining({ isEmpty: true, container: document.getElementById('cvv') }) as unknown,
        expirationDate: expect.objectContaining({ isEmpty: true }) as unknown,
      },
    });
    expect(state.emittedBy).toBeUndefined();
  });

  it('aggregates field events, sets the container classes and calls the handlers of that event', () => {
    const focus = vi.fn();
    const blur = vi.fn();
    fields.on('focus', focus);
    fields.on('blur', blur);
    h.focus('cvv', true);
    expect(blur).not.toHaveBeenCalled();
    expect(focus).toHaveBeenCalledTimes(1);
    const state = focus.mock.calls[0]?.[0] as ReturnType<HostedFields['getState']>;
    expect(state.emittedBy).toBe('cvv');
    expect(state.fields.cvv).toMatchObject({ isFocused: true, isEmpty: true });
    expect(state.fields.number?.isFocused).toBe(false);
    const cvv = document.getElementById('cvv') as Element;
    expect([...cvv.classList]).toEqual(['focused']);

    expect(h.change('cvv', { isEmpty: false, isPotentiallyValid: false })).toEqual([
      'notEmpty',
      'validityChange',
    ]);
    expect([...cvv.classList].sort()).toEqual(['focused', 'invalid']);
    expect(h.change('cvv', { isValid: true, isPotentiallyValid: true })).toEqual(['validityChange']);
    expect([...cvv.classList].sort()).toEqual(['focused', 'valid']);
    h.focus('cvv', false);
    expect([...cvv.classList]).toEqual(['valid']);
    expect(blur).toHaveBeenCalledTimes(1);
    expect(fields.getState().fields.cvv).toMatchObject({ isFocused: false, isValid: true });
  });

  it('takes card candidates only from the number field', () => {
    const change = vi.fn();
    fields.on('cardTypeChange', change);
    h.change('number', { isEmpty: false }, [visa]);
    expect(fields.getState().cards).toEqual([visa]);
    // No frame but the number's sends candidates: a forged message's are not taken.
    h.send('cvv', {
      type: 'fieldEvent',
      event: 'cardTypeChange',
      field: 'cvv',
      state: { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false },
      cards: [],
    });
    expect(fields.getState().cards).toEqual([visa]);
    expect(change).toHaveBeenCalledTimes(2);
    h.change('number', { isEmpty: true }, []);
    expect(fields.getState().cards).toEqual([]);
  });

  it('gives each handler its own copy of the state', () => {
    const mutate = vi.fn((state: ReturnType<HostedFields['getState']>) => {
      state.cards.length = 0;
      if (state.fields.number) state.fields.number.isValid = true;
      delete state.fields.cvv;
    });
    const read = vi.fn();
    fields.on('notEmpty', mutate);
    fields.on('notEmpty', read);
    h.change('number', { isEmpty: false }, [visa]);
    expect(read.mock.calls[0]?.[0]).toMatchObject({ cards: [visa], fields: { number: { isValid: false } } });
    expect(fields.getState().fields.cvv).toBeDefined();
    expect(fields.getState()).not.toBe(fields.getState());
    const state = fields.getState();
    (state.cards[0] as { code: { size: number } }).code.size = 9;
    expect(fields.getState().cards[0]?.code.size).toBe(3);
  });

  it('stops calling a handler once unsubscribed, even during an event', () => {
    const first = vi.fn(() => {
      offSecond();
    });
    const second = vi.fn();
    const offFirst = fields.on('empty', first);
    const offSecond = fields.on('empty', second);
    h.change('number', { isEmpty: false });
    h.change('number', { isEmpty: true });
    expect(second).toHaveBeenCalledTimes(1);
    offFirst();
    h.change('number', { isEmpty: false });
    h.change('number', { isEmpty: true });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("hands over the number's BIN as binAvailable, from the number's frame alone", () => {
    const bin = vi.fn();
    const off = fields.on('binAvailable', bin);
    h.send('number', { type: 'binAvailable', field: 'number', bin: '411111' });
    expect(bin).toHaveBeenCalledExactlyOnceWith({ bin: '411111' });
    h.send('cvv', { type: 'binAvailable', field: 'cvv', bin: '555555' });
    // Six digits or nothing: what the frame sends is a BIN.
    h.send('number', { type: 'binAvailable', field: 'number', bin: '41111' });
    h.send('number', { type: 'binAvailable', field: 'number', bin: '4111x1' });
    expect(bin).toHaveBeenCalledOnce();
    off();
    h.send('number', { type: 'binAvailable', field: 'number', bin: '555555' });
    expect(bin).toHaveBeenCalledOnce();
  });

  it('reports Enter in a field as inputSubmitRequest', () => {
    const submit = vi.fn();
    fields.on('inputSubmitRequest', submit);
    h.send('expirationDate', { type: 'submitRequest', field: 'expirationDate' });
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ emittedBy: 'expirationDate' }));
  });
});

describe('tokenize', () => {
  const lastTokenize = () => {
    const message = h.messages('number').at(-1);
    if (message?.type !== 'tokenize') throw new Error('no tokenize request');
    return message;
  };

  it('asks the tokenizing frame and resolves with its payload', async () => {
    const result = fields.tokenize({ vault: true, billingAddress: { postalCode: '12345' } });
    const request = lastTokenize();
    expect(request).toEqual({
      type: 'tokenize',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      vault: true,
      billingAddress: { postalCode: '12345' },
    });
    expect(h.messages('cvv').map((m) => m.type)).toEqual(['configureField']);
    h.send('number', { type: 'tokenizeResult', requestId: request.requestId, payload });
    await expect(result).resolves.toEqual(payload);
  });

  it('names the card the frame may hand back, and takes the frame’s answer whichever it is', async () => {
    const result = fields.tokenize({ vault: true, reuse: 'tokencc_abc' });
    expect(lastTokenize()).toMatchObject({ vault: true, reuse: 'tokencc_abc' });
    h.send('number', { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload });
    await expect(result).resolves.toEqual(payload);
  });

  it.each<[string, unknown]>([
    ['a number', 42],
    ['a text too long', 'x'.repeat(2001)],
  ])(
    'leaves out a card to hand back that the frame would refuse (%s), so the frame tokenizes',
    (_, reuse) => {
      void fields.tokenize({ vault: true, reuse } as never);
      expect(lastTokenize()).toEqual({
        type: 'tokenize',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        vault: true,
      });
    },
  );

  it('does not vault by default', () => {
    void fields.tokenize();
    expect(lastTokenize()).toMatchObject({ vault: false, billingAddress: undefined });
  });

  it.each<[string, unknown, string]>([
    ['a number', { postalCode: 12345 }, '"postalCode" does not fit; expected {"key": string}'],
    ['null', null, 'expected {"key": string}'],
    ['text', '12345', 'expected {"key": string}'],
    ['an array', ['12345'], 'expected {"key": string}'],
    [
      'an object value',
      { postalCode: { code: '12345' } },
      '"postalCode" does not fit; expected {"key": string}',
    ],
    [
      'a text too long',
      { streetAddress: 'x'.repeat(2001) },
      '"streetAddress" does not fit; expected {"key": string}',
    ],
    [
      'a __proto__ key',
      JSON.parse('{"__proto__": "x"}') as unknown,
      '"__proto__" does not fit; expected {"key": string}',
    ],
  ])(
    'refuses a billing address with %s: INVALID_OPTION, and asks the frame nothing',
    async (_, billingAddress, reason) => {
      const error = await fields.tokenize({ billingAddress } as never).then(
        () => null,
        (rejected: unknown) => rejected as PanelError,
      );
      expect(error).toBeInstanceOf(PanelError);
      expect(error).toMatchObject({
        code: 'INVALID_OPTION',
        type: 'MERCHANT',
        message: 'The billingAddress option is invalid.',
        details: { reason },
      });
      expect(h.messages('number').filter((m) => m.type === 'tokenize')).toEqual([]);
      // The instance stays usable: a good address is asked for at once.
      const result = fields.tokenize({ billingAddress: { postalCode: '12345' } });
      expect(lastTokenize()).toMatchObject({ billingAddress: { postalCode: '12345' } });
      h.send('number', { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload });
      await expect(result).resolves.toEqual(payload);
    },
  );

  it('refuses options it cannot read with INVALID_OPTION, and sends what it read', async () => {
    const throwing = Object.defineProperty({}, 'billingAddress', {
      get() {
        throw new Error('getter');
      },
    });
    await expect(fields.tokenize(throwing as never)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      details: { reason: 'the value cannot be read' },
    });
    let reads = 0;
    const changing = Object.defineProperty({ vault: true }, 'billingAddress', {
      get: () => (reads++ === 0 ? { postalCode: '12345' } : { postalCode: 12345 }),
    });
    void fields.tokenize(changing);
    expect(lastTokenize()).toMatchObject({ vault: true, billingAddress: { postalCode: '12345' } });
  });

  it('returns the same promise while a tokenization is in flight, and a new one after', async () => {
    const first = fields.tokenize();
    expect(fields.tokenize({ vault: true })).toBe(first);
    expect(h.messages('number').filter((m) => m.type === 'tokenize')).toHaveLength(1);
    h.send('number', { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload });
    await first;
    const second = fields.tokenize();
    expect(second).not.toBe(first);
    const requests = h.messages('number').filter((m) => m.type === 'tokenize');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.requestId).not.toBe(requests[1]?.requestId);
  });

  it('rejects with the frame’s error, rebuilt from the catalogue', async () => {
    const result = fields.tokenize();
    h.send('number', {
      type: 'tokenizeResult',
      requestId: lastTokenize().requestId,
      error: {
        name: 'PanelError',
        code: 'HOSTED_FIELDS_FIELDS_INVALID',
        type: 'MERCHANT',
        message: 'Some payment input fields are invalid. Cannot tokenize invalid card fields.',
        details: { invalidFieldKeys: ['cvv'] },
      },
    });
    const error = await result.catch((e: unknown) => e as PanelError);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      type: 'CUSTOMER',
      details: { invalidFieldKeys: ['cvv'] },
    });
  });

  it.each([
    ['an unknown code', { error: { name: 'PanelError', code: 'EVIL', type: 'CUSTOMER', message: 'x' } }],
    ['neither payload nor error', {}],
  ])('rejects with HOSTED_FIELDS_FAILED_TOKENIZATION on %s', async (_, answer) => {
    const result = fields.tokenize();
    h.send('number', { type: 'tokenizeResult', requestId: lastTokenize().requestId, ...answer });
    await expect(result).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
      message: 'The supplied card data failed tokenization.',
    });
  });

  it.each<[string, () => void]>([
    [
      'another request id',
      () => {
        h.send('number', { type: 'tokenizeResult', requestId: 'other', payload });
      },
    ],
    [
      'another frame',
      () => {
        h.send('cvv', { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload });
      },
    ],
    [
      'a payload of the wrong shape',
      () => {
        h.send('number', {
          type: 'tokenizeResult',
          requestId: lastTokenize().requestId,
          payload: { ...payload, nonce: 42 },
        });
      },
    ],
    [
      'another origin',
      () => {
        h.send(
          'number',
          { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload },
          { origin: 'https://attacker.example' },
        );
      },
    ],
  ])('ignores a result from %s', async (_, answer) => {
    let outcome = 'pending';
    fields.tokenize().then(
      () => (outcome = 'resolved'),
      () => (outcome = 'rejected'),
    );
    answer();
    await flush();
    expect(outcome).toBe('pending');
  });

  it('fails with HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR without an answer in time, and ignores a late one', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    const result = fields.tokenize();
    result.catch((error: unknown) => (outcome = error));
    const { requestId } = lastTokenize();
    vi.advanceTimersByTime(64_999);
    await flush();
    expect(outcome).toBe('pending');
    vi.advanceTimersByTime(1);
    await flush();
    expect(outcome).toMatchObject({
      code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
      type: 'NETWORK',
      message: 'A tokenization network error occurred.',
    });
    expect(vi.getTimerCount()).toBe(0);

    h.send('number', { type: 'tokenizeResult', requestId, payload });
    const next = fields.tokenize();
    expect(next).not.toBe(result);
    h.send('number', { type: 'tokenizeResult', requestId: lastTokenize().requestId, payload });
    await expect(next).resolves.toEqual(payload);
  });
});

describe('field methods', () => {
  it.each([
    ['aria-invalid', true, true],
    ['aria-required', false, false],
    ['disabled', 'true', true],
    ['disabled', 'false', false],
    ['placeholder', 'MM / YY', 'MM / YY'],
    ['placeholder', 1234, '1234'],
    ['placeholder', '', ''],
  ])('setAttribute %s %j sends %j', (attribute, value, sent) => {
    fields.setAttribute({ field: 'cvv', attribute, value });
    expect(h.messages('cvv').at(-1)).toEqual({ type: 'setAttribute', field: 'cvv', attribute, value: sent });
  });

  it.each([
    ['disabled', 'maybe', 'Value maybe is not allowed for disabled attribute.'],
    ['aria-invalid', 1, 'Value 1 is not allowed for aria-invalid attribute.'],
    ['aria-required', null, 'Value null is not allowed for aria-required attribute.'],
    ['disabled', undefined, 'Value undefined is not allowed for disabled attribute.'],
    ['placeholder', true, 'Value true is not allowed for placeholder attribute.'],
    ['placeholder', { text: 'x' }, 'Value [object Object] is not allowed for placeholder attribute.'],
  ])('setAttribute %s %j → HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED', (attribute, value, message) => {
    const error = thrown(() => {
      fields.setAttribute({ field: 'cvv', attribute, value });
    });
    expect(error).toMatchObject({ code: 'HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED', message });
    expect(h.messages('cvv').map((m) => m.type)).toEqual(['configureField']);
  });

  it.each(['onclick', 'type', 'value', 'toString', '__proto__', 'constructor'])(
    'setAttribute and removeAttribute refuse %s',
    (attribute) => {
      for (const call of [
        () => {
          fields.setAttribute({ field: 'cvv', attribute, value: 'x' });
        },
        () => {
          fields.removeAttribute({ field: 'cvv', attribute });
        },
      ]) {
        expect(thrown(call)).toMatchObject({
          code: 'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED',
          message: `The ${attribute} attribute is not supported in Hosted Fields.`,
        });
      }
      expect(h.messages('cvv')).toHaveLength(1);
    },
  );

  it('removeAttribute sends the attribute to remove', () => {
    fields.removeAttribute({ field: 'number', attribute: 'placeholder' });
    expect(h.messages('number').at(-1)).toEqual({
      type: 'removeAttribute',
      field: 'number',
      attribute: 'placeholder',
    });
  });

  it('clear, focus, addClass, removeClass and setMessage send their message to the field’s frame only', () => {
    fields.clear('cvv');
    fields.focus('cvv');
    fields.addClass('cvv', 'shake');
    fields.removeClass('cvv', 'shake');
    fields.setMessage({ field: 'cvv', message: 'Enter the security code.' });
    expect(h.messages('cvv').slice(1)).toEqual([
      { type: 'clearField', field: 'cvv' },
      { type: 'focusField', field: 'cvv' },
      { type: 'addClass', field: 'cvv', className: 'shake' },
      { type: 'removeClass', field: 'cvv', className: 'shake' },
      { type: 'setMessage', field: 'cvv', message: 'Enter the security code.' },
    ]);
    expect(
      h
        .posts('cvv')
        .every(([data, origin]) => origin === assets && (data as { channel: string }).channel === h.channel),
    ).toBe(true);
    expect(h.messages('expirationDate')).toHaveLength(1);
  });

  it('relabel gives the frames and their titles new texts, the language around them and no prefill', () => {
    const cvv = document.getElementById('cvv') as HTMLElement;
    cvv.setAttribute('lang', 'de-DE');
    const toNumber = h.messages('number').length;
    fields.relabel({
      cvv: { label: 'Prüfnummer', title: 'Sicheres Feld: Prüfnummer' },
      expirationDate: { label: 'Ablaufdatum', placeholder: 'MM/JJ', title: 'Sicheres Feld: Ablaufdatum' },
    });
    expect(h.messages('cvv').slice(1)).toEqual([
      expect.objectContaining({ type: 'configureField', field: 'cvv', label: 'Prüfnummer', lang: 'de-DE' }),
    ]);
    expect(h.messages('cvv')[1]).not.toHaveProperty('prefill', expect.anything());
    expect(h.messages('expirationDate').slice(1)).toEqual([
      expect.objectContaining({ type: 'configureField', label: 'Ablaufdatum', placeholder: 'MM/JJ' }),
    ]);
    expect(h.messages('number')).toHaveLength(toNumber);
    expect(cvv.querySelector('iframe')?.title).toBe('Sicheres Feld: Prüfnummer');
  });

  it('relabel with styles gives every frame the new styles from then on', () => {
    // The panel's own look: the frames filter it with their whitelist (frames/hosted-fields/styles.ts).
    fields.relabel({ cvv: { label: 'CVV', title: 'CVV' } }, { input: { color: 'rgb(1, 2, 3)' } });
    const [configured] = h.messages('cvv').slice(1);
    expect(configured).toMatchObject({
      type: 'configureField',
      styles: { input: { color: 'rgb(1, 2, 3)' } },
    });
    fields.relabel({ cvv: { label: 'CVV', title: 'CVV' } });
    expect(h.messages('cvv')[2]).toMatchObject({ styles: { input: { color: 'rgb(1, 2, 3)' } } });
  });

  const calls: [string, (field: string) => void][] = [
    [
      'setAttribute',
      (field) => {
        fields.setAttribute({ field: field as 'cvv', attribute: 'disabled', value: true });
      },
    ],
    [
      'removeAttribute',
      (field) => {
        fields.removeAttribute({ field: field as 'cvv', attribute: 'disabled' });
      },
    ],
    [
      'setMessage',
      (field) => {
        fields.setMessage({ field: field as 'cvv', message: 'x' });
      },
    ],
    [
      'clear',
      (field) => {
        fields.clear(field as 'cvv');
      },
    ],
    [
      'focus',
      (field) => {
        fields.focus(field as 'cvv');
      },
    ],
    [
      'addClass',
      (field) => {
        fields.addClass(field as 'cvv', 'x');
      },
    ],
    [
      'removeClass',
      (field) => {
        fields.removeClass(field as 'cvv', 'x');
      },
    ],
  ];

  it.each(calls)('%s on a field that was not created → HOSTED_FIELDS_FIELD_NOT_PRESENT', (method, call) => {
    expect(
      thrown(() => {
        call('postalCode');
      }),
    ).toMatchObject({
      code: 'HOSTED_FIELDS_FIELD_NOT_PRESENT',
      message: `Cannot ${method} postalCode because it is not part of the current hosted fields.`,
    });
  });

  it.each(calls)('%s on something that is no field key → HOSTED_FIELDS_FIELD_INVALID', (_, call) => {
    for (const field of ['cardNumber', '__proto__', 'toString']) {
      expect(
        thrown(() => {
          call(field);
        }),
      ).toMatchObject({
        code: 'HOSTED_FIELDS_FIELD_INVALID',
        message: `${field} is not a valid field.`,
      });
    }
  });

  it('checks the field before the attribute', () => {
    expect(
      thrown(() => {
        fields.setAttribute({ field: 'postalCode', attribute: 'onclick', value: 1 });
      }).code,
    ).toBe('HOSTED_FIELDS_FIELD_NOT_PRESENT');
    expect(
      thrown(() => {
        fields.setAttribute({ field: 'cvv', attribute: 'onclick', value: 'maybe' });
      }).code,
    ).toBe('HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED');
  });
});

describe('teardown', () => {
  it('removes the frames, the classes, the listener and the timers, and reports it', async () => {
    vi.useFakeTimers();
    const handler = vi.fn();
    fields.on('focus', handler);
    h.change('number', { isEmpty: false, isValid: true });
    h.focus('number', true);
    const number = document.getElementById('number') as Element;
    expect([...number.classList].sort()).toEqual(['focused', 'valid']);
    const windowOfNumber = h.iframe('number').contentWindow;
    const pending = fields.tokenize();
    const removed = vi.spyOn(window, 'removeEventListener');

    await expect(fields.teardown()).resolves.toBeUndefined();

    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(number.className).toBe('');
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
    await expect(pending).rejects.toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: 'tokenize cannot be called after teardown.',
    });
    expect(h.client.events.at(-1)).toBe('web.custom.hosted-fields.teardown-completed');

    window.dispatchEvent(
      new MessageEvent('message', {
        data: {
          protocol: 'payment-panel',
          channel: h.channel,
          message: { type: 'submitRequest', field: 'number' },
        },
        origin: assets,
        source: windowOfNumber,
      }),
    );
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('frees the containers for a new instance', async () => {
    await fields.teardown();
    const next = harness();
    await expect(next.readyAll()).resolves.toBeDefined();
  });

  it.each<[string, (instance: HostedFields) => unknown]>([
    ['on', (f) => f.on('focus', () => {})],
    ['getState', (f) => f.getState()],
    [
      'setAttribute',
      (f) => {
        f.setAttribute({ field: 'cvv', attribute: 'disabled', value: true });
      },
    ],
    [
      'removeAttribute',
      (f) => {
        f.removeAttribute({ field: 'cvv', attribute: 'disabled' });
      },
    ],
    [
      'setMessage',
      (f) => {
        f.setMessage({ field: 'cvv', message: 'x' });
      },
    ],
    [
      'clear',
      (f) => {
        f.clear('cvv');
      },
    ],
    [
      'focus',
      (f) => {
        f.focus('cvv');
      },
    ],
    [
      'addClass',
      (f) => {
        f.addClass('cvv', 'x');
      },
    ],
    [
      'removeClass',
      (f) => {
        f.removeClass('cvv', 'x');
      },
    ],
    [
      'relabel',
      (f) => {
        f.relabel({ cvv: { label: 'x', title: 'x' } });
      },
    ],
  ])('%s throws METHOD_CALLED_AFTER_TEARDOWN afterwards', async (method, call) => {
    await fields.teardown();
    expect(thrown(() => call(fields))).toMatchObject({
      code: 'METHOD_CALLED_AFTER_TEARDOWN',
      message: `${method} cannot be called after teardown.`,
    });
  });

  it.each(['tokenize', 'teardown'] as const)(
    '%s rejects with METHOD_CALLED_AFTER_TEARDOWN afterwards',
    async (method) => {
      await fields.teardown();
      await expect(fields[method]()).rejects.toMatchObject({
        code: 'METHOD_CALLED_AFTER_TEARDOWN',
        message: `${method} cannot be called after teardown.`,
      });
      expect(h.client.events.filter((e) => e.endsWith('teardown-completed'))).toHaveLength(1);
    },
  );
});
