import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { FrameToPageMessage, PageToFrameMessage } from '../../src/shared/frame-messages';
import type { FieldKey } from '../../src/shared/hosted-fields';
import { startHostedField, type HostedField } from './frame';
import { openSiblings, type CollectedField, type SiblingPort } from './siblings';
import type { RequestSender } from './tokenize';

const { gateway } = inject('localOrigins');

/** An in-memory BroadcastChannel: delivers a clone to every other port, asynchronously. */
function createBus(): () => SiblingPort {
  const listeners = new Map<SiblingPort, ((event: MessageEvent) => void)[]>();
  return () => {
    const port: SiblingPort = {
      postMessage(message) {
        for (const [other, handlers] of listeners) {
          if (other === port) continue;
          const data: unknown = structuredClone(message);
          setTimeout(() => {
            for (const handler of handlers) handler(new MessageEvent('message', { data }));
          });
        }
      },
      addEventListener(_type, listener) {
        listeners.get(port)?.push(listener);
      },
    };
    listeners.set(port, []);
    return port;
  };
}

interface Started extends HostedField {
  sent: FrameToPageMessage[];
  events(): string[];
}

/** The frame page's document: its stylesheet link, the sheet arrived, as before its script runs. */
function frameDocument(): Document {
  const doc = document.implementation.createHTMLDocument('frame');
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  doc.head.append(link);
  Object.defineProperty(link, 'sheet', { value: new CSSStyleSheet() });
  return doc;
}

/** The rules of the frame page's stylesheet. */
function sheetRules(doc: Document): string[] {
  return [...(doc.querySelector('link')?.sheet?.cssRules ?? [])].map((rule) => rule.cssText);
}

function start(field: FieldKey, port: SiblingPort, request?: RequestSender): Started {
  const doc = frameDocument();
  const sent: FrameToPageMessage[] = [];
  const options = {
    field,
    document: doc,
    send: (message: FrameToPageMessage) => sent.push(message),
    siblings: openSiblings('0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', port),
  };
  const started = startHostedField(request ? { ...options, request } : options);
  return {
    ...started,
    sent,
    events: () => sent.flatMap((m) => (m.type === 'fieldEvent' ? [m.event] : [])),
  };
}

function typeInto(input: HTMLInputElement, text: string): void {
  for (const data of text) {
    input.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data, cancelable: true }));
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

let bus: () => SiblingPort;
beforeEach(() => {
  bus = createBus();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the input', () => {
  it('has a label, the field defaults and a live region', () => {
    const { input } = start('number', bus());
    const doc = input.ownerDocument;
    expect(input.name).toBe('credit-card-number');
    expect(input.getAttribute('autocomplete')).toBe('cc-number');
    expect(input.inputMode).toBe('numeric');
    expect(input.type).toBe('text');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocorrect')).toBe('off');
    expect(input.maxLength).toBe(22);
    expect(doc.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Card Number');
    const live = doc.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(doc.querySelector('[style], style')).toBeNull();
    expect(sheetRules(doc)).toEqual([]);
  });

  it('formats typing and reports each change once, never the value', () => {
    const field = start('number', bus());
    typeInto(field.input, '4111111111111111');
    expect(field.input.value).toBe('4111 1111 1111 1111');
    // "4" may still be Maestro (493698…); "41" is Visa.
    expect(field.events()).toEqual(['notEmpty', 'cardTypeChange', 'cardTypeChange', 'validityChange']);
    const last = field.sent.at(-1);
    expect(last).toMatchObject({
      type: 'fieldEvent',
      event: 'validityChange',
      field: 'number',
      state: { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false },
      cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
    });
    // Of the number, the page learns its BIN alone, once it has six digits.
    const bins = field.sent.filter((m) => m.type === 'binAvailable');
    expect(bins).toEqual([{ type: 'binAvailable', field: 'number', bin: '411111' }]);
    expect(JSON.stringify(field.sent.filter((m) => m.type !== 'binAvailable'))).not.toContain('4111');
    expect(JSON.stringify(field.sent)).not.toContain('4111111');
    expect(field.input.classList.contains('valid')).toBe(true);
  });

  it('gives the page the BIN once the number has six digits, again only when those six change', () => {
    const field = start('number', bus());
    const bins = () => field.sent.flatMap((m) => (m.type === 'binAvailable' ? [m.bin] : []));
    const deleteBack = (times: number) => {
      for (let i = 0; i < times; i++) {
        field.input.dispatchEvent(
          new InputEvent('beforeinput', { inputType: 'deleteContentBackward', cancelable: true }),
        );
      }
    };
    typeInto(field.input, '41111');
    expect(bins()).toEqual([]);
    typeInto(field.input, '1');
    expect(bins()).toEqual(['411111']);
    typeInto(field.input, '1111111111');
    expect(bins()).toEqual(['411111']);
    // Back under six digits, then the same six again: typed again, announced again.
    deleteBack(11);
    expect(field.input.value.replace(/\s/g, '')).toBe('41111');
    typeInto(field.input, '1');
    expect(bins()).toEqual(['411111', '411111']);
    // A number pasted over it, with other first six.
    field.input.value = '5555 5555 5555 4444';
    field.input.dispatchEvent(new InputEvent('input', { inputType: 'insertFromPaste' }));
    expect(bins()).toEqual(['411111', '411111', '555555']);
  });

  it('gives no BIN from any other field', () => {
    const field = start('postalCode', bus());
    typeInto(field.input, '1234567');
    expect(field.sent.some((m) => m.type === 'binAvailable')).toBe(false);
  });

  it('sends no candidates for a number no brand fits, and marks it invalid', () => {
    const field = start('number', bus());
    typeInto(field.input, '9');
    expect(field.sent.find((m) => m.type === 'fieldEvent' && m.event === 'cardTypeChange')).toMatchObject({
      cards: [],
    });
    expect(field.input.classList.contains('invalid')).toBe(true);
  });

  it('reports focus and blur, and asks to submit on Enter', () => {
    const field = start('cvv', bus());
    field.input.dispatchEvent(new FocusEvent('focus'));
    expect(field.input.classList.contains('focused')).toBe(true);
    field.input.dispatchEvent(new FocusEvent('blur'));
    field.input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(field.events()).toEqual(['focus', 'blur']);
    expect(field.sent[0]).toMatchObject({ state: { isFocused: true } });
    expect(field.sent.at(-1)).toEqual({ type: 'submitRequest', field: 'cvv' });
  });

  it('reformats autofill', () => {
    const field = start('expirationDate', bus());
    field.input.value = '12/2030';
    field.input.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText' }));
    expect(field.input.value).toBe('12/2030');
    expect(field.input.maxLength).toBe(7);
  });
});

describe('page commands', () => {
  it('ignores commands naming another field', () => {
    const field = start('cvv', bus());
    field.handle({ type: 'setMessage', field: 'number', message: 'nope' });
    field.handle({ type: 'addClass', field: 'number', className: 'x' });
    field.handle({ type: 'configureField', field: 'number', prefill: '123', styles: {} });
    expect(field.input.value).toBe('');
    expect(field.input.className).toBe('');
    expect(field.input.ownerDocument.getElementById('field-message')?.textContent).toBe('');
  });

  it('configures label, placeholder, prefill and only whitelisted styles', () => {
    const field = start('postalCode', bus());
    field.handle({
      type: 'configureField',
      field: 'postalCode',
      label: 'ZIP',
      placeholder: '12345',
      maxlength: 5,
      prefill: '1234567',
      styles: { input: { color: 'red', background: 'url(x)' }, ':focus': { color: 'blue' } },
    });
    const doc = field.input.ownerDocument;
    expect(doc.querySelector('label')?.textContent).toBe('ZIP');
    expect(field.input.placeholder).toBe('12345');
    expect(field.input.value).toBe('12345');
    expect(field.events()).toEqual(['notEmpty', 'validityChange']);
    expect(sheetRules(doc)).toEqual(['input { color: red; }', 'input:focus { color: blue; }']);
  });

  it("takes the page's language and direction for its document", () => {
    const field = start('cardholderName', bus());
    const root = field.input.ownerDocument.documentElement;
    field.handle({
      type: 'configureField',
      field: 'cardholderName',
      label: 'اسم حامل البطاقة',
      styles: {},
      lang: 'ar-EG',
      dir: 'rtl',
    });
    expect(root.lang).toBe('ar-EG');
    expect(root.dir).toBe('rtl');
    expect(field.input.ownerDocument.title).toBe('اسم حامل البطاقة');
    // The name follows the document's direction.
    expect(field.input.dir).toBe('');
    field.handle({ type: 'configureField', field: 'cardholderName', styles: {}, lang: 'de-DE', dir: 'ltr' });
    expect(root.lang).toBe('de-DE');
    expect(root.dir).toBe('ltr');
  });

  it('keeps card numbers, dates and codes left to right on any page', () => {
    for (const key of ['number', 'expirationDate', 'cvv', 'expirationMonth', 'expirationYear'] as const) {
      const field = start(key, bus());
      field.handle({ type: 'configureField', field: key, styles: {}, lang: 'he-IL', dir: 'rtl' });
      expect(field.input.dir, key).toBe('ltr');
    }
    expect(start('postalCode', bus()).input.dir).toBe('');
  });

  it('sets only allowed attributes with values of the right kind', () => {
    const field = start('number', bus());
    field.handle({ type: 'setAttribute', field: 'number', attribute: 'disabled', value: true });
    field.handle({ type: 'setAttribute', field: 'number', attribute: 'aria-invalid', value: false });
    field.handle({ type: 'setAttribute', field: 'number', attribute: 'placeholder', value: true });
    field.handle({ type: 'setAttribute', field: 'number', attribute: 'aria-required', value: 'yes' });
    expect(field.input.disabled).toBe(true);
    expect(field.input.getAttribute('aria-invalid')).toBe('false');
    expect(field.input.hasAttribute('placeholder')).toBe(false);
    expect(field.input.hasAttribute('aria-required')).toBe(false);
    field.handle({ type: 'removeAttribute', field: 'number', attribute: 'disabled' });
    expect(field.input.disabled).toBe(false);
  });

  it('clears, sets classes and the screen-reader message', () => {
    const field = start('cvv', bus());
    typeInto(field.input, '123');
    field.handle({ type: 'clearField', field: 'cvv' });
    expect(field.input.value).toBe('');
    expect(field.events()).toEqual(['notEmpty', 'validityChange', 'empty', 'validityChange']);
    field.handle({ type: 'addClass', field: 'cvv', className: 'shake' });
    field.handle({ type: 'addClass', field: 'cvv', className: 'two words' });
    expect(field.input.className).toBe('shake');
    field.handle({ type: 'removeClass', field: 'cvv', className: 'shake' });
    expect(field.input.className).toBe('');
    field.handle({ type: 'setMessage', field: 'cvv', message: 'Please fill out a CVV.' });
    expect(field.input.ownerDocument.getElementById('field-message')?.textContent).toBe(
      'Please fill out a CVV.',
    );
  });
});

describe('sibling frames', () => {
  it('the CVV takes 3 digits until the number’s brand asks for 4', async () => {
    const number = start('number', bus());
    const cvv = start('cvv', bus());
    expect(cvv.input.maxLength).toBe(3);
    typeInto(cvv.input, '1234');
    expect(cvv.input.value).toBe('123');
    expect(cvv.sent.at(-1)).toMatchObject({ event: 'validityChange', state: { isValid: true } });
    // American Express: 4 digits, so 3 are not enough yet; the fourth goes in.
    typeInto(number.input, '37');
    await flush();
    expect(cvv.input.maxLength).toBe(4);
    expect(cvv.sent.at(-1)).toMatchObject({
      event: 'validityChange',
      state: { isValid: false, isPotentiallyValid: true },
    });
    typeInto(cvv.input, '45');
    expect(cvv.input.value).toBe('1234');
    expect(cvv.sent.at(-1)).toMatchObject({ event: 'validityChange', state: { isValid: true } });
    // Visa after all: the 4 digits stay, invalid, for the shopper to correct; nothing more goes in.
    number.handle({ type: 'clearField', field: 'number' });
    typeInto(number.input, '41');
    await flush();
    expect(cvv.input.maxLength).toBe(3);
    expect(cvv.input.value).toBe('1234');
    expect(cvv.input.classList.contains('invalid')).toBe(true);
    expect(cvv.sent.at(-1)).toMatchObject({
      event: 'validityChange',
      state: { isValid: false, isPotentiallyValid: false },
    });
    typeInto(cvv.input, '5');
    expect(cvv.input.value).toBe('1234');
    cvv.input.setSelectionRange(4, 4);
    cvv.input.dispatchEvent(
      new InputEvent('beforeinput', { inputType: 'deleteContentBackward', cancelable: true }),
    );
    expect(cvv.input.value).toBe('123');
    expect(cvv.sent.at(-1)).toMatchObject({ event: 'validityChange', state: { isValid: true } });
  });

  it('the tokenizer collects every field, posts once and reports it to analytics once', async () => {
    const send = vi.fn<RequestSender>().mockResolvedValue({
      status: 201,
      data: {
        creditCards: [
          {
            nonce: 'n1',
            type: 'CreditCard',
            description: 'ending in 11',
            details: { cardType: 'Visa', lastTwo: '11' },
          },
        ],
      },
    });
    const number = start('number', bus(), send);
    const cvv = start('cvv', bus());
    const date = start('expirationDate', bus());
    number.handle({
      type: 'configureTokenizer',
      fields: ['number', 'cvv', 'expirationDate'],
      clientApiUrl: `${gateway}/merchants/m/client_api`,
      analyticsUrl: `${gateway}/analytics/m`,
      authorization: 'sandbox_a_m',
      metadata: { sessionId: 's' },
      supportedCardTypes: ['Visa'],
    });
    typeInto(number.input, '4111111111111111');
    typeInto(cvv.input, '123');
    typeInto(date.input, '1240');
    number.handle({ type: 'tokenize', requestId: 'r1', vault: false });
    number.handle({ type: 'tokenize', requestId: 'r1', vault: false });
    await vi.waitFor(() => {
      expect(number.sent.filter((m) => m.type === 'tokenizeResult')).toHaveLength(2);
    });
    // The card, then the report; the repeated request id is answered without either.
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0]?.[0].data).toMatchObject({
      creditCard: { number: '4111111111111111', cvv: '123', expiration_month: '12', expiration_year: '2040' },
    });
    expect(send.mock.calls[1]?.[0]).toMatchObject({
      url: `${gateway}/analytics/m`,
      method: 'POST',
      timeout: 2000,
      data: {
        analytics: [{ kind: 'web.custom.hosted-fields.tokenization.succeeded' }],
        _meta: { sessionId: 's' },
        tokenizationKey: 'sandbox_a_m',
      },
    });
    expect(number.sent.at(-1)).toEqual({
      type: 'tokenizeResult',
      requestId: 'r1',
      payload: {
        nonce: 'n1',
        type: 'CreditCard',
        description: 'ending in 11',
        details: { cardType: 'Visa', lastTwo: '11' },
      },
    });
    expect(cvv.sent.some((m) => m.type === 'tokenizeResult')).toBe(false);
  });

  it('a missing sibling ends in a network error after 2 s', async () => {
    const number = start('number', bus());
    number.handle({
      type: 'configureTokenizer',
      fields: ['number', 'cvv'],
      clientApiUrl: `${gateway}/c`,
      authorization: 'sandbox_a_m',
      metadata: {},
      supportedCardTypes: ['Visa'],
    });
    vi.useFakeTimers();
    number.handle({ type: 'tokenize', requestId: 'r2', vault: false });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(number.sent.some((m) => m.type === 'tokenizeResult')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(number.sent.at(-1)).toMatchObject({
      type: 'tokenizeResult',
      requestId: 'r2',
      error: { code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' },
    });
  });

  it('a frame not made the tokenizer ignores tokenize', async () => {
    const cvv = start('cvv', bus());
    cvv.handle({ type: 'tokenize', requestId: 'r3', vault: false });
    await flush();
    expect(cvv.sent).toEqual([]);
  });

  it('the number refuses a brand the tokenizer says is not accepted', async () => {
    const number = start('number', bus());
    const cvv = start('cvv', bus());
    cvv.handle({
      type: 'configureTokenizer',
      fields: ['number', 'cvv'],
      clientApiUrl: `${gateway}/c`,
      authorization: 'sandbox_a_m',
      metadata: {},
      supportedCardTypes: ['MasterCard'],
    });
    await flush();
    typeInto(number.input, '4111111111111111');
    expect(number.sent.filter((m) => m.type === 'fieldEvent').at(-1)).toMatchObject({
      state: { isValid: false, isPotentiallyValid: false },
    });
  });

  it('ignores malformed sibling messages', async () => {
    const port = bus();
    const other = bus();
    const number = start('number', port);
    other.postMessage({ type: 'collect' });
    other.postMessage({ type: 'cardType', cardType: 'amex' });
    other.postMessage('collect');
    await flush();
    expect(number.sent).toEqual([]);
  });
});

describe('the tokenizer trusts the page once per channel', () => {
  const GATEWAY = `${gateway}/merchants/m/client_api`;
  const CONFIGURATION: PageToFrameMessage = {
    type: 'configureTokenizer',
    fields: ['number', 'cvv', 'expirationDate'],
    clientApiUrl: GATEWAY,
    authorization: 'sandbox_a_m',
    metadata: { sessionId: 's' },
    supportedCardTypes: ['Visa'],
  };
  /** What a script of the merchant page posts: another merchant's client API and authorization. */
  const HOSTILE: PageToFrameMessage = {
    ...CONFIGURATION,
    clientApiUrl: `${gateway}/merchants/attacker/client_api`,
    authorization: 'sandbox_x_attacker',
  };
  const CARD = {
    nonce: 'n1',
    type: 'CreditCard',
    description: 'd',
    details: { cardType: 'Visa', lastTwo: '11' },
  };

  function fakeGateway() {
    return vi.fn<RequestSender>().mockResolvedValue({ status: 201, data: { creditCards: [CARD] } });
  }

  function card(send = fakeGateway(), port = bus) {
    const number = start('number', port(), send);
    const cvv = start('cvv', port(), send);
    const date = start('expirationDate', port(), send);
    typeInto(number.input, '4111111111111111');
    typeInto(cvv.input, '123');
    typeInto(date.input, '1240');
    return { number, cvv, date, send };
  }

  async function result(frame: Started, requestId: string) {
    await vi.waitFor(() => {
      expect(frame.sent.some((m) => m.type === 'tokenizeResult' && m.requestId === requestId)).toBe(true);
    });
    return frame.sent.find((m) => m.type === 'tokenizeResult' && m.requestId === requestId);
  }

  it('refuses a second configuration of the tokenizer, whatever it holds: the card goes where the first said', async () => {
    const { number, send } = card();
    number.handle(CONFIGURATION);
    await flush();
    number.handle(HOSTILE);
    number.handle({ ...CONFIGURATION, supportedCardTypes: ['MasterCard'] });
    number.handle({ type: 'tokenize', requestId: 'r1', vault: false });
    expect(await result(number, 'r1')).toMatchObject({ payload: { nonce: 'n1' } });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      url: `${GATEWAY}/v1/payment_methods/credit_cards`,
      data: { tokenizationKey: 'sandbox_a_m' },
    });
  });

  it('refuses to make a second frame of the channel a tokenizer', async () => {
    const { number, cvv, send } = card();
    number.handle(CONFIGURATION);
    await flush();
    cvv.handle(HOSTILE);
    cvv.handle({ type: 'tokenize', requestId: 'r2', vault: false });
    number.handle({ type: 'tokenize', requestId: 'r3', vault: false });
    expect(await result(number, 'r3')).toMatchObject({ payload: { nonce: 'n1' } });
    // The refused frame tokenizes nothing: it answers with an error, at once.
    expect(await result(cvv, 'r2')).toMatchObject({ error: { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' } });
    expect(send.mock.calls.map(([options]) => options.url)).toEqual([
      `${GATEWAY}/v1/payment_methods/credit_cards`,
    ]);
  });

  it('hands no value over once two frames claimed the channel, and sends nothing', async () => {
    const { number, cvv, send } = card();
    // Both before either hears the other.
    number.handle(CONFIGURATION);
    cvv.handle(HOSTILE);
    await flush();
    number.handle({ type: 'tokenize', requestId: 'r4', vault: false });
    cvv.handle({ type: 'tokenize', requestId: 'r5', vault: false });
    expect(await result(number, 'r4')).toMatchObject({
      error: { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' },
    });
    expect(await result(cvv, 'r5')).toMatchObject({ error: { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' } });
    expect(send).not.toHaveBeenCalled();
  });

  it('a frame refused its configuration answers tokenize at once, sending nothing', async () => {
    const { number, cvv, send } = card();
    // A script of the page was first: the panel's configuration of its tokenizer is refused.
    cvv.handle(HOSTILE);
    await flush();
    number.handle(CONFIGURATION);
    number.handle({ type: 'tokenize', requestId: 'r8', vault: false });
    expect(await result(number, 'r8')).toMatchObject({
      error: { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' },
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('a reloaded tokenizer configured as before tokenizes', async () => {
    const { number, send } = card();
    number.handle(CONFIGURATION);
    await flush();
    // The reloaded document: a new frame of the same field on the same channel.
    const reloaded = start('number', bus(), send);
    typeInto(reloaded.input, '4111111111111111');
    reloaded.handle(CONFIGURATION);
    await flush();
    reloaded.handle({ type: 'tokenize', requestId: 'r6', vault: false });
    expect(await result(reloaded, 'r6')).toMatchObject({ payload: { nonce: 'n1' } });
    expect(send.mock.calls[0]?.[0]).toMatchObject({ url: `${GATEWAY}/v1/payment_methods/credit_cards` });
  });

  it('a sibling that reloaded since the configuration learns the tokenizer from its request, and answers it', async () => {
    const send = fakeGateway();
    const number = start('number', bus(), send);
    const date = start('expirationDate', bus(), send);
    typeInto(number.input, '4111111111111111');
    typeInto(date.input, '1240');
    number.handle(CONFIGURATION);
    await flush();
    // The CVV frame's new document (its old one is gone): it heard no announcement.
    const cvv = start('cvv', bus(), send);
    typeInto(cvv.input, '456');
    number.handle({ type: 'tokenize', requestId: 'r9', vault: false });
    expect(await result(number, 'r9')).toMatchObject({ payload: { nonce: 'n1' } });
    expect(send.mock.calls[0]?.[0].data).toMatchObject({ creditCard: { cvv: '456' } });
  });

  it('a reloaded tokenizer configured otherwise gets no value from its siblings and sends nothing', async () => {
    const { number, send } = card();
    number.handle(CONFIGURATION);
    await flush();
    const reloaded = start('number', bus(), send);
    typeInto(reloaded.input, '4111111111111111');
    reloaded.handle(HOSTILE);
    await flush();
    vi.useFakeTimers();
    reloaded.handle({ type: 'tokenize', requestId: 'r7', vault: false });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await result(reloaded, 'r7')).toMatchObject({
      error: { code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' },
    });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the revision of a field’s value', () => {
  /** The channel's tokenizer, as the collecting end below claims it (no frame of these tests tokenizes). */
  const claim = { field: 'number', key: '{}' } as const;

  /** What a field of the bus answers the tokenizer's `collect` now: its value, state and revision. */
  async function collected(field: FieldKey, on: () => SiblingPort = bus): Promise<CollectedField> {
    const siblings = openSiblings('0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', on());
    const answer = (await siblings.collect(crypto.randomUUID(), claim, [field], 1_000)).get(field);
    if (!answer) throw new Error(`no answer from ${field}`);
    return answer;
  }

  /** Sets the whole value at once and fires `input`, as a browser's autofill does. */
  function autofill(input: HTMLInputElement, value: string): void {
    input.value = value;
    input.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText' }));
  }

  it('changes with every keystroke that changes the value, and with nothing else', async () => {
    const cvv = start('cvv', bus());
    const revisions = [(await collected('cvv')).revision];
    for (const digit of '123') {
      typeInto(cvv.input, digit);
      revisions.push((await collected('cvv')).revision);
    }
    expect(new Set(revisions).size).toBe(4);
    // Focus, blur, a full field refusing a fourth digit, the page's commands: the value is the same.
    cvv.input.dispatchEvent(new FocusEvent('focus'));
    cvv.input.dispatchEvent(new FocusEvent('blur'));
    typeInto(cvv.input, '4');
    cvv.handle({ type: 'setAttribute', field: 'cvv', attribute: 'disabled', value: true });
    cvv.handle({ type: 'configureField', field: 'cvv', label: 'Code', styles: {} });
    expect((await collected('cvv')).revision).toBe(revisions.at(-1));
  });

  it('changes when a whole number is autofilled or pasted over a valid one, which sends the page nothing', async () => {
    const number = start('number', bus());
    typeInto(number.input, '4111111111111111');
    const typed = await collected('number');
    const events = number.events().length;

    autofill(number.input, '4000 0000 0000 1000');
    const autofilled = await collected('number');
    expect(autofilled).toMatchObject({ value: '4000000000001000', state: { isValid: true } });
    expect(autofilled.revision).not.toBe(typed.revision);

    number.input.setSelectionRange(0, number.input.value.length);
    number.input.dispatchEvent(
      new InputEvent('beforeinput', {
        inputType: 'insertFromPaste',
        data: '4012888888881881',
        cancelable: true,
      }),
    );
    const pasted = await collected('number');
    expect(pasted).toMatchObject({ value: '4012888888881881', state: { isValid: true } });
    expect(pasted.revision).not.toBe(autofilled.revision);
    // A valid Visa over a valid Visa: no state changed, so no event reached the page.
    expect(number.events()).toHaveLength(events);
  });

  it('changes when a letter is added to the name or the postal code is corrected, with no event either', async () => {
    const name = start('cardholderName', bus());
    const postal = start('postalCode', bus());
    typeInto(name.input, 'Ada Lovelac');
    typeInto(postal.input, '12345');
    const before = [await collected('cardholderName'), await collected('postalCode')];
    const events = [name.events().length, postal.events().length];
    typeInto(name.input, 'e');
    // The last digit corrected: valid before, valid after.
    postal.input.setSelectionRange(4, 5);
    typeInto(postal.input, '6');
    const after = [await collected('cardholderName'), await collected('postalCode')];
    expect(after.map((field) => field.value)).toEqual(['Ada Lovelace', '12346']);
    expect(after[0]?.revision).not.toBe(before[0]?.revision);
    expect(after[1]?.revision).not.toBe(before[1]?.revision);
    expect([name.events().length, postal.events().length]).toEqual(events);
  });

  it('changes on deleting, cutting, clearing by the page and prefilling; not on clearing an empty field', async () => {
    const postal = start('postalCode', bus());
    typeInto(postal.input, '123456');
    const seen = [(await collected('postalCode')).revision];
    postal.input.dispatchEvent(
      new InputEvent('beforeinput', { inputType: 'deleteContentBackward', cancelable: true }),
    );
    seen.push((await collected('postalCode')).revision);
    postal.input.setSelectionRange(0, 2);
    postal.input.dispatchEvent(new InputEvent('beforeinput', { inputType: 'deleteByCut', cancelable: true }));
    seen.push((await collected('postalCode')).revision);
    postal.handle({ type: 'clearField', field: 'postalCode' });
    seen.push((await collected('postalCode')).revision);
    postal.handle({ type: 'clearField', field: 'postalCode' });
    expect((await collected('postalCode')).revision).toBe(seen.at(-1));
    postal.handle({ type: 'configureField', field: 'postalCode', prefill: '12345', styles: {} });
    seen.push((await collected('postalCode')).revision);
    expect(new Set(seen).size).toBe(5);
  });

  it('is never the same in a frame loaded again, whatever it holds', async () => {
    const otherBus = createBus();
    const first = start('cvv', bus());
    const reloaded = start('cvv', otherBus());
    typeInto(first.input, '123');
    typeInto(reloaded.input, '123');
    const [a, b] = [await collected('cvv'), await collected('cvv', otherBus)];
    expect(a.value).toBe(b.value);
    expect(a.revision).not.toBe(b.revision);
  });
});

describe('the tokenizer and the card tokenized last', () => {
  const answer = (nonce: string, lastTwo: string) => ({
    status: 201,
    data: {
      creditCards: [
        {
          nonce,
          type: 'CreditCard',
          description: `ending in ${lastTwo}`,
          details: { cardType: 'Visa', lastTwo },
        },
      ],
    },
  });

  it('hands the card back only while no field changed, and tokenizes what the fields hold otherwise', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(answer('n1', '11'))
      .mockResolvedValueOnce(answer('n2', '00'));
    const number = start('number', bus(), send);
    const date = start('expirationDate', bus());
    number.handle({
      type: 'configureTokenizer',
      fields: ['number', 'expirationDate'],
      clientApiUrl: `${gateway}/merchants/m/client_api`,
      authorization: 'sandbox_a_m',
      metadata: {},
      supportedCardTypes: ['Visa'],
    });
    typeInto(number.input, '4111111111111111');
    typeInto(date.input, '1240');
    const results = () => number.sent.filter((m) => m.type === 'tokenizeResult');

    number.handle({ type: 'tokenize', requestId: 'r1', vault: false });
    await vi.waitFor(() => {
      expect(results()).toHaveLength(1);
    });
    // Nothing changed: the same card, no second POST.
    number.handle({ type: 'tokenize', requestId: 'r2', vault: false, reuse: 'n1' });
    await vi.waitFor(() => {
      expect(results()).toHaveLength(2);
    });
    expect(results()[1]).toEqual({ ...results()[0], requestId: 'r2' });
    expect(send).toHaveBeenCalledTimes(1);

    // Another number autofilled over it: a valid Visa again, and a new tokenization of it.
    number.input.value = '4000000000001000';
    number.input.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText' }));
    number.handle({ type: 'tokenize', requestId: 'r3', vault: false, reuse: 'n1' });
    await vi.waitFor(() => {
      expect(results()).toHaveLength(3);
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].data).toMatchObject({ creditCard: { number: '4000000000001000' } });
    expect(results()[2]).toMatchObject({
      requestId: 'r3',
      payload: { nonce: 'n2', details: { lastTwo: '00' } },
    });
  });

  it('tokenizes anew when a sibling’s value changed, however its state stayed', async () => {
    const send = vi
      .fn<RequestSender>()
      .mockResolvedValueOnce(answer('n1', '11'))
      .mockResolvedValueOnce(answer('n2', '11'));
    const number = start('number', bus(), send);
    const postal = start('postalCode', bus());
    number.handle({
      type: 'configureTokenizer',
      fields: ['number', 'postalCode'],
      clientApiUrl: `${gateway}/merchants/m/client_api`,
      authorization: 'sandbox_a_m',
      metadata: {},
      supportedCardTypes: ['Visa'],
    });
    typeInto(number.input, '4111111111111111');
    typeInto(postal.input, '12345');
    number.handle({ type: 'tokenize', requestId: 'r1', vault: false });
    await vi.waitFor(() => {
      expect(send).toHaveBeenCalledTimes(1);
    });
    const events = postal.events().length;
    postal.input.setSelectionRange(4, 5);
    typeInto(postal.input, '6');
    expect(postal.events()).toHaveLength(events);
    number.handle({ type: 'tokenize', requestId: 'r2', vault: false, reuse: 'n1' });
    await vi.waitFor(() => {
      expect(number.sent.filter((m) => m.type === 'tokenizeResult')).toHaveLength(2);
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].data).toMatchObject({
      creditCard: { billing_address: { postal_code: '12346' } },
    });
  });
});
