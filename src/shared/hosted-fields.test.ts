import { describe, expect, it } from 'vitest';
import {
  fieldEventsOf,
  filterStyles,
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

describe('styles whitelist', () => {
  it('keeps whitelisted selectors, properties and safe values', () => {
    expect(
      filterStyles({
        input: { color: '#333', fontSize: '16px', 'font-family': 'Georgia, serif' },
        ':focus': { color: 'black' },
        '.invalid': { color: 'red' },
        'input::placeholder': { opacity: '0.6' },
      }),
    ).toEqual({
      input: { color: '#333', 'font-size': '16px', 'font-family': 'Georgia, serif' },
      ':focus': { color: 'black' },
      '.invalid': { color: 'red' },
      'input::placeholder': { opacity: '0.6' },
    });
  });

  it.each([
    ['a url()', { input: { 'font-family': 'url(https://evil.example/x)' } }],
    ['an import', { input: { color: '@import "x"' } }],
    ['an escape from the declaration', { input: { color: 'red; background: url(x)' } }],
    ['a block escape', { input: { color: 'red} body {display:none' } }],
    ['an expression', { input: { color: 'expression(alert(1))' } }],
    ['a property off the list', { input: { background: 'red', behavior: 'url(x.htc)', position: 'fixed' } }],
    [
      'a selector off the list',
      { body: { color: 'red' }, 'input, body': { color: 'red' }, '*': { color: 'red' } },
    ],
    ['a value that is not a string', { input: { color: 12 } }],
    ['a comment', { input: { color: 'red /* x */' } }],
  ])('drops %s', (_, styles) => {
    expect(filterStyles(styles)).toEqual({});
  });

  it('ignores what is not an object', () => {
    expect(filterStyles(null)).toEqual({});
    expect(filterStyles('input { color: red }')).toEqual({});
  });

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
