import { describe, expect, it } from 'vitest';
import { parseCardOption } from './options';

describe('the card option', () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    ['', undefined],
    ['{"cardholderName":true}', { cardholderName: true }],
    [{ cardholderName: { required: true } }, { cardholderName: { required: true } }],
    [{ cardholderName: false, overrides: {} }, { cardholderName: false }],
  ])('reads %j', (input, expected) => {
    expect(parseCardOption(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['malformed JSON', '{cardholderName: true'],
    ['a wrong type', { cardholderName: 'yes' }],
    ['a wrong nested type', '{"cardholderName":{"required":"yes"}}'],
    ['an array', '[]'],
    ['a number', 42],
  ])('refuses %s with INVALID_OPTION', (_, input) => {
    const parsed = parseCardOption(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('INVALID_OPTION');
      expect(parsed.error.message).toBe('The card option is invalid.');
      expect(parsed.error.details?.reason).toEqual(expect.any(String));
    }
  });
});
