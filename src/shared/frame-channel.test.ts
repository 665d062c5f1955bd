import { describe, expect, inject, it, vi } from 'vitest';
import { frameHash, openMessage, PROTOCOL_NAME, readFrameParams, wrap } from './frame-channel';
import { parseFrameToPageMessage } from './frame-to-page-schema';

const { assets, merchant } = inject('localOrigins');

const channel = '0b6d7c39-3d1e-4b8e-9a55-0f3f6f2f2a11';
const origin = assets;

function event(data: unknown, from = origin, source: MessageEventSource | null = window): MessageEvent {
  return new MessageEvent('message', { data, origin: from, source });
}

const expected = { origin, source: () => window, channel, parse: parseFrameToPageMessage };
const ready = { type: 'frameReady', frame: 'hosted-fields', version: '1.9.2' };

describe('openMessage', () => {
  it('opens a well-formed message from the expected origin, window and channel', () => {
    expect(openMessage(event(wrap(channel, ready)), expected)).toEqual(ready);
  });

  it.each([
    ['another origin', event(wrap(channel, ready), 'https://attacker.example')],
    ['another window', event(wrap(channel, ready), origin, null)],
    ['another channel', event(wrap('7e0e4c9c-1111-4b8e-9a55-0f3f6f2f2a11', ready))],
    ['no envelope', event(ready)],
    ['a string', event(JSON.stringify(wrap(channel, ready)))],
    ['an unknown type', event(wrap(channel, { type: 'tokenize' }))],
    ['a wrong field', event(wrap(channel, { ...ready, frame: 'evil' }))],
    ['another protocol', event({ protocol: 'framebus', channel, message: ready })],
    ['an array', event([PROTOCOL_NAME, channel, ready])],
    ['null', event(null)],
    ['no message', event({ protocol: PROTOCOL_NAME, channel })],
    ['a malformed channel', event({ protocol: PROTOCOL_NAME, channel: 'abc', message: ready })],
    [
      'an inherited envelope',
      event(Object.create({ protocol: PROTOCOL_NAME, channel, message: ready }) as object),
    ],
  ])('ignores a message from %s', (_, message) => {
    expect(openMessage(message, expected)).toBeNull();
  });

  it('reads nothing of the data before the origin passes', () => {
    const data = {
      get protocol(): never {
        throw new Error('read');
      },
    };
    expect(openMessage(event(data, 'https://attacker.example'), expected)).toBeNull();
  });

  it('reads the message only once the envelope and channel pass', () => {
    const parse = vi.fn(() => ready);
    expect(
      openMessage(event(wrap('7e0e4c9c-1111-4b8e-9a55-0f3f6f2f2a11', ready)), { ...expected, parse }),
    ).toBeNull();
    expect(
      openMessage(event({ protocol: 'framebus', channel, message: ready }), { ...expected, parse }),
    ).toBeNull();
    expect(parse).not.toHaveBeenCalled();
    expect(openMessage(event(wrap(channel, 'anything')), { ...expected, parse })).toBe(ready);
    expect(parse).toHaveBeenCalledExactlyOnceWith('anything');
  });

  it('does not let prototype keys through', () => {
    const polluted = JSON.parse(
      `{"protocol":"payment-panel","channel":"${channel}","message":{"type":"frameReady","frame":"hosted-fields","version":"1","__proto__":{"polluted":true}}}`,
    ) as unknown;
    const opened = openMessage(event(polluted), expected) as Record<string, unknown> | null;
    expect(opened).not.toBeNull();
    expect(Object.hasOwn(opened ?? {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('frame parameters', () => {
  it('round-trip through the hash', () => {
    const params = { channel, parentOrigin: merchant, version: '1.9.2' };
    expect(readFrameParams(frameHash(params))).toEqual(params);
  });

  it.each([
    ['no channel', '#origin=https%3A%2F%2Fa.example&version=1'],
    ['a malformed channel', '#channel=abc&origin=https%3A%2F%2Fa.example&version=1'],
    ['an origin with a path', `#channel=${channel}&origin=https%3A%2F%2Fa.example%2Fx&version=1`],
    ['a non-URL origin', `#channel=${channel}&origin=nope&version=1`],
    ['no version', `#channel=${channel}&origin=https%3A%2F%2Fa.example`],
  ])('are refused with %s', (_, hash) => {
    expect(readFrameParams(hash)).toBeNull();
  });
});
