import { describe, expect, it } from 'vitest';
import {
  fieldEventsOf,
  isFieldKey,
  LANGUAGE_TAG_MAX_LENGTH,
  LANGUAGE_TAG_PATTERN,
  type FieldState,
} from './hosted-fields';

describe('fieldEventsOf', () => {
  const EMPTY: FieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
  const VALID: FieldState = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };

  it('names only what changed, in the frame’s order', () => {
    expect(fieldEventsOf(EMPTY, VALID, true)).toEqual(['notEmpty', 'cardTypeChange', 'validityChange']);
    expect(fieldEventsOf(VALID, EMPTY)).toEqual(['empty', 'validityChange']);
    expect(fieldEventsOf(VALID, { ...VALID, isValid: false, isPotentiallyValid: false })).toEqual([
      'validityChange',
    ]);
    expect(fieldEventsOf(EMPTY, { ...EMPTY, isPotentiallyValid: false })).toEqual(['validityChange']);
  });

  it('names nothing when the state stayed, whatever happened to the value', () => {
    expect(fieldEventsOf(VALID, { ...VALID })).toEqual([]);
    // Focus has events of its own.
    expect(fieldEventsOf(VALID, { ...VALID, isFocused: true })).toEqual([]);
  });
});

describe('field keys', () => {
  it('knows the field keys', () => {
    expect(isFieldKey('number')).toBe(true);
    expect(isFieldKey('cardNumber')).toBe(false);
    expect(isFieldKey('__proto__')).toBe(false);
  });
});

describe('language tags for the frames', () => {
  it.each(['de', 'de-DE', 'ar-EG', 'zh-HK', 'ast', 'sr-Latn-RS', 'es-419'])('takes %s', (tag) => {
    expect(LANGUAGE_TAG_PATTERN.test(tag)).toBe(true);
  });

  it.each(['', 'e', 'en_US', 'en US', 'en-', '-en', 'en-x', 'not a language', 'en"><b>'])(
    'refuses %j',
    (tag) => {
      expect(LANGUAGE_TAG_PATTERN.test(tag)).toBe(false);
    },
  );

  it('takes no tag longer than a frame accepts', () => {
    const longest = ['abc', 'abcdefgh', '12345678', 'abcd1234'].join('-');
    expect(LANGUAGE_TAG_PATTERN.test(longest)).toBe(true);
    expect(LANGUAGE_TAG_PATTERN.test(`${longest}-ab`)).toBe(false);
    expect(longest.length).toBeLessThanOrEqual(LANGUAGE_TAG_MAX_LENGTH);
  });
});
