import { describe, expect, it } from 'vitest';
import { isFieldKey, LANGUAGE_TAG_MAX_LENGTH, LANGUAGE_TAG_PATTERN } from './hosted-fields';

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
