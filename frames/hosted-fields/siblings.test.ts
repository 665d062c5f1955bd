import { describe, expect, it, vi } from 'vitest';
import {
  openSiblings,
  parseSiblingMessage,
  siblingMessage,
  type SiblingMessage,
  type SiblingPort,
} from './siblings';
import { expectReadsItsShape } from '../../src/shared/test-support';

const STATE = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };
const REVISION = '5f0b1e8a-3c2d-4e6f-8a9b-0c1d2e3f4a5b';

const valid: SiblingMessage[] = [
  { type: 'cardType', cardType: 'visa' },
  { type: 'cardType', cardType: null },
  { type: 'supportedCardTypes', cardTypes: ['Visa', 'MasterCard'] },
  {
    type: 'tokenizer',
    field: 'number',
    key: '{"clientApiUrl":"https://api.example.com/merchants/m/client_api"}',
  },
  { type: 'collect', requestId: 'r1', field: 'number', key: '{}' },
  { type: 'value', requestId: 'r1', field: 'cvv', value: '123', state: STATE, revision: REVISION },
];

describe('parseSiblingMessage', () => {
  it.each(valid.map((message) => [message.type, message] as const))('reads %s', (_, message) => {
    const parsed = parseSiblingMessage(message);
    expect(parsed).toStrictEqual(message);
    expect(parsed).not.toBe(message);
  });

  it('drops unknown keys and never copies prototype keys', () => {
    expect(
      parseSiblingMessage({
        type: 'value',
        requestId: 'r1',
        field: 'cvv',
        value: '1',
        state: { ...STATE, x: 1 },
        revision: REVISION,
        y: 2,
      }),
    ).toStrictEqual({
      type: 'value',
      requestId: 'r1',
      field: 'cvv',
      value: '1',
      state: STATE,
      revision: REVISION,
    });
    const polluted = JSON.parse(
      '{"type":"collect","requestId":"r1","field":"number","key":"{}","__proto__":{"polluted":true}}',
    ) as unknown;
    const parsed = parseSiblingMessage(polluted);
    expect(parsed).toStrictEqual({ type: 'collect', requestId: 'r1', field: 'number', key: '{}' });
    expect(Object.hasOwn(parsed ?? {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  const value = valid[5] as Extract<SiblingMessage, { type: 'value' }>;

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'collect'],
    ['an array', [{ type: 'collect', requestId: 'r1' }]],
    ['an unknown type', { type: 'steal', requestId: 'r1' }],
    ['a prototype key as type', { type: 'constructor' }],
    ['an unknown brand', { type: 'cardType', cardType: 'visa-electron' }],
    ['a missing brand', { type: 'cardType' }],
    ['a brand as an object', { type: 'cardType', cardType: { type: 'visa' } }],
    ['card types as an object', { type: 'supportedCardTypes', cardTypes: { 0: 'Visa' } }],
    ['a card type that is no string', { type: 'supportedCardTypes', cardTypes: [1] }],
    ['a too-long card type', { type: 'supportedCardTypes', cardTypes: ['x'.repeat(101)] }],
    ['too many card types', { type: 'supportedCardTypes', cardTypes: Array<string>(51).fill('Visa') }],
    ['a missing request id', { type: 'collect', field: 'number', key: '{}' }],
    ['a too-long request id', { type: 'collect', requestId: 'x'.repeat(201), field: 'number', key: '{}' }],
    ['a collect naming no field', { type: 'collect', requestId: 'r1', key: '{}' }],
    ['a collect naming an unknown field', { type: 'collect', requestId: 'r1', field: 'pin', key: '{}' }],
    ['a collect without the configuration', { type: 'collect', requestId: 'r1', field: 'number' }],
    ['a tokenizer naming no field', { type: 'tokenizer', key: '{}' }],
    ['a tokenizer without its configuration', { type: 'tokenizer', field: 'number' }],
    ['a too-long configuration', { type: 'tokenizer', field: 'number', key: 'x'.repeat(20_001) }],
    ['an unknown field', { ...value, field: 'pin' }],
    ['a number value', { ...value, value: 123 }],
    ['a too-long value', { ...value, value: 'x'.repeat(301) }],
    ['a missing state', { ...value, state: undefined }],
    ['a state as an array', { ...value, state: [true, true, true, false] }],
    [
      'a state missing a flag',
      { ...value, state: { isEmpty: false, isValid: true, isPotentiallyValid: true } },
    ],
    ['a state with a string flag', { ...value, state: { ...STATE, isValid: 'true' } }],
    ['a value without its revision', { ...value, revision: undefined }],
    ['a revision that is no string', { ...value, revision: 7 }],
    ['a too-long revision', { ...value, revision: 'x'.repeat(101) }],
  ])('refuses %s', (_, message) => {
    expect(parseSiblingMessage(message)).toBeNull();
  });
});

describe('openSiblings', () => {
  it('hands listeners only valid messages', () => {
    let deliver: (event: MessageEvent) => void = () => undefined;
    const port: SiblingPort = {
      postMessage: vi.fn(),
      addEventListener: (_, listener) => {
        deliver = listener;
      },
    };
    const handler = vi.fn();
    openSiblings('0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', port).listen(handler);
    deliver(new MessageEvent('message', { data: { type: 'collect' } }));
    deliver(
      new MessageEvent('message', {
        data: { type: 'collect', requestId: 'r1', field: 'cvv', key: '{}', extra: 1 },
      }),
    );
    expect(handler).toHaveBeenCalledExactlyOnceWith({
      type: 'collect',
      requestId: 'r1',
      field: 'cvv',
      key: '{}',
    });
  });
});

describe('siblingMessage, held to its declaration', () => {
  it('reads every message its declaration makes, and refuses every hostile variant, at every depth', () => {
    expectReadsItsShape(siblingMessage);
  });
});
