import { describe, expect, it } from 'vitest';
import { filterStyles, mergeStyles } from './field-styles';

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
});

describe('mergeStyles', () => {
  const look = {
    input: { color: 'rgb(0, 0, 0)', 'font-size': '16px' },
    '::placeholder': { color: 'gray' },
    '.invalid': { color: 'red' },
  };

  it("lays the merchant's whitelisted declarations over the panel's, selector by selector", () => {
    expect(
      mergeStyles(look, {
        input: { fontSize: '20px', behavior: 'url(x.htc)', color: 'url(x)' },
        ':focus': { color: 'blue' },
      }),
    ).toEqual({
      input: { color: 'rgb(0, 0, 0)', 'font-size': '20px' },
      '::placeholder': { color: 'gray' },
      '.invalid': { color: 'red' },
      ':focus': { color: 'blue' },
    });
  });

  it("null removes the panel's style of a selector; selectors outside the whitelist are dropped", () => {
    expect(mergeStyles(look, { '::placeholder': null, 'body input': { color: 'red' } })).toEqual({
      input: look.input,
      '.invalid': look['.invalid'],
    });
  });

  it('without overrides is the look', () => {
    expect(mergeStyles(look, undefined)).toEqual(look);
  });
});
