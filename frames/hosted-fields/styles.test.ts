import { describe, expect, it } from 'vitest';
import { merchantRules } from './styles';

describe('merchant styles', () => {
  it('keeps whitelisted selectors and properties, aimed at the input', () => {
    expect(
      merchantRules({
        input: { color: 'red', fontSize: '14px', background: 'blue' },
        ':focus': { color: 'green' },
        '.invalid': { color: 'crimson' },
        'input::placeholder': { color: 'grey' },
        body: { color: 'black' },
        '.valid': { color: 'url(https://evil.example/x)', opacity: '1;}body{display:none' },
      }),
    ).toBe(
      'input{color:red;font-size:14px}\ninput:focus{color:green}\ninput.invalid{color:crimson}\ninput::placeholder{color:grey}',
    );
  });

  it('takes nothing from anything but an object', () => {
    expect(merchantRules('input{color:red}')).toBe('');
    expect(merchantRules(null)).toBe('');
  });
});
