import { describe, expect, it } from 'vitest';
import { applyEdit, fieldFormat, rawValue, reformat, type Edit, type FieldFormat } from './format';

/** `|` marks the caret, `[…]` a selection. */
function at(marked: string): { value: string; start: number; end: number } {
  if (marked.includes('[')) {
    const start = marked.indexOf('[');
    const end = marked.indexOf(']') - 1;
    return { value: marked.replace(/[[\]]/g, ''), start, end };
  }
  const caret = marked.indexOf('|');
  return { value: marked.replace('|', ''), start: caret, end: caret };
}

function edit(format: FieldFormat, marked: string, change: Edit): string {
  const result = applyEdit(format, at(marked), change);
  return `${result.value.slice(0, result.caret)}|${result.value.slice(result.caret)}`;
}

function type(format: FieldFormat, text: string): string {
  let marked = '|';
  for (const char of text) marked = edit(format, marked, { kind: 'insert', text: char });
  return marked;
}

const insert = (text: string): Edit => ({ kind: 'insert', text });
const backspace: Edit = { kind: 'deleteBackward' };
const del: Edit = { kind: 'deleteForward' };

describe('card number', () => {
  const number = fieldFormat('number');

  it('groups by the brand', () => {
    expect(type(number, '4111111111111111')).toBe('4111 1111 1111 1111|');
    expect(type(number, '378282246310005')).toBe('3782 822463 10005|');
    expect(type(number, '30569309025904')).toBe('3056 930902 5904|');
    expect(type(number, '12345')).toBe('1234 5|');
  });

  it('stops at the brand’s longest number', () => {
    expect(type(number, '3782822463100059')).toBe('3782 822463 10005|');
    expect(type(number, '41111111111111111111')).toBe('4111 1111 1111 1111111|');
    expect(type(number, '12345678901234567890')).toBe('1234 5678 9012 3456789|');
    expect(number.maxDisplay('4111')).toBe(22);
    expect(number.maxDisplay('37')).toBe(17);
    expect(number.maxDisplay('30')).toBe(21);
  });

  it('keeps digits only', () => {
    expect(edit(number, '4111|', insert('a'))).toBe('4111|');
    expect(edit(number, '|', insert('4111-1111 1111.1111'))).toBe('4111 1111 1111 1111|');
  });

  it('deletes the digit before a space on backspace', () => {
    expect(edit(number, '4111 |1111', backspace)).toBe('411|1 111');
    expect(edit(number, '4111 1|', backspace)).toBe('4111|');
    expect(edit(number, '3782 |822463', backspace)).toBe('378|8 22463');
  });

  it('deletes forward over a space', () => {
    expect(edit(number, '4111| 1111', del)).toBe('4111| 111');
  });

  it('keeps the caret when editing in the middle', () => {
    expect(edit(number, '4111 11|11 1111 1111', insert('2'))).toBe('4111 112|1 1111 11111');
    expect(edit(number, '4111 1111| 1111 1111', insert('2'))).toBe('4111 1111 2|111 11111');
    expect(edit(number, '4111 11|11 1111', backspace)).toBe('4111 1|111 111');
    expect(edit(number, '3782 82|2463 10005', backspace)).toBe('3782 8|24631 0005');
  });

  it('replaces a selection and pastes in the middle', () => {
    expect(edit(number, '4111 [1111] 1111 1111', insert('2222'))).toBe('4111 2222| 1111 1111');
    expect(edit(number, '4111 [1111 ]1111', backspace)).toBe('4111| 1111');
    expect(edit(number, '4111 |1111', insert('22 22'))).toBe('4111 2222| 1111');
    expect(edit(number, '41[11 11]11', { kind: 'deleteSelection' })).toBe('41|11');
    expect(edit(number, '4111 |1111', { kind: 'deleteSelection' })).toBe('4111| 1111');
  });

  it('ignores backspace at the start and text that does not fit', () => {
    expect(edit(number, '|4111', backspace)).toBe('|4111');
    expect(edit(number, '3782 822463 1000|5', insert('9'))).toBe('3782 822463 1000|5');
  });

  it('regroups when the brand changes', () => {
    // Visa until the 4 goes; then 3782… is American Express.
    expect(edit(number, '4|378 2822 4631 0005', backspace)).toBe('|3782 822463 10005');
  });
});

describe('expiration date', () => {
  const date = fieldFormat('expirationDate');

  it('shows MM / YY as typed, within the 7 characters of its maxlength', () => {
    expect(type(date, '1')).toBe('1|');
    expect(type(date, '12')).toBe('12 / |');
    expect(type(date, '1230')).toBe('12 / 30|');
    expect(date.maxDisplay('')).toBe(7);
    expect(date.maxDisplay('1230')).toBe(7);
  });

  it('closes up to MM/YYYY for a four-digit year, still within 7', () => {
    expect(type(date, '122')).toBe('12 / 2|');
    expect(type(date, '1220')).toBe('12 / 20|');
    expect(type(date, '12203')).toBe('12/203|');
    expect(type(date, '122030')).toBe('12/2030|');
    expect(type(date, '1220301')).toBe('12/2030|');
    expect(date.maxDisplay('122030')).toBe(7);
    expect(rawValue(date, '12/2030')).toBe('122030');
    // Typed as the shopper reads a card, separators included.
    expect(edit(date, '|', insert('12 / 2030'))).toBe('12/2030|');
  });

  it('opens up again when the year is cut back to two digits', () => {
    expect(edit(date, '12/2030|', backspace)).toBe('12/203|');
    expect(edit(date, '12/203|', backspace)).toBe('12 / 20|');
    expect(edit(date, '12/20|30', backspace)).toBe('12/2|30');
  });

  it('pads a leading 2–9 and a lone month with a separator', () => {
    expect(type(date, '4')).toBe('04 / |');
    expect(type(date, '1/')).toBe('01 / |');
    expect(edit(date, '|', insert('1/30'))).toBe('01 / 30|');
    expect(edit(date, '|', insert('12/30'))).toBe('12 / 30|');
  });

  it('deletes the month digit over the separator', () => {
    expect(edit(date, '12 / |', backspace)).toBe('1|');
    expect(edit(date, '12 / 3|', backspace)).toBe('12 / |');
    expect(edit(date, '12 / |30', backspace)).toBe('1|3 / 0');
  });
});

describe('other fields', () => {
  it('limits the CVV to 3 digits until the brand asks for 4', () => {
    expect(type(fieldFormat('cvv'), '1234')).toBe('123|');
    expect(fieldFormat('cvv').maxDisplay('')).toBe(3);
    expect(type(fieldFormat('cvv', { cvvSize: 3 }), '1234')).toBe('123|');
    expect(type(fieldFormat('cvv', { cvvSize: 4 }), '12345')).toBe('1234|');
    expect(fieldFormat('cvv', { cvvSize: 4 }).maxDisplay('')).toBe(4);
  });

  it('lets the merchant’s maxlength shorten the CVV, never lengthen it', () => {
    expect(type(fieldFormat('cvv', { maxLength: 2 }), '1234')).toBe('12|');
    expect(type(fieldFormat('cvv', { maxLength: 3, cvvSize: 4 }), '1234')).toBe('123|');
    expect(type(fieldFormat('cvv', { maxLength: 5 }), '12345')).toBe('123|');
    expect(type(fieldFormat('cvv', { maxLength: 5, cvvSize: 4 }), '12345')).toBe('1234|');
  });

  it('pads the month field, limits the year field', () => {
    expect(type(fieldFormat('expirationMonth'), '5')).toBe('05|');
    expect(fieldFormat('expirationMonth').maxDisplay('')).toBe(2);
    expect(type(fieldFormat('expirationYear'), '203099')).toBe('2030|');
    expect(fieldFormat('expirationYear').maxDisplay('')).toBe(4);
  });

  it('limits the number to 19 digits and the postal code to 8 characters by default', () => {
    expect(fieldFormat('number').maxRaw('')).toBe(19);
    expect(fieldFormat('postalCode').maxDisplay('')).toBe(8);
  });

  it('keeps postal codes and names as typed, within their limits', () => {
    expect(type(fieldFormat('postalCode'), 'SW1A 1AA9')).toBe('SW1A 1AA|');
    expect(type(fieldFormat('postalCode', { maxLength: 10 }), 'SW1A 1AA9')).toBe('SW1A 1AA9|');
    expect(edit(fieldFormat('cardholderName'), 'Ada| Lovelace', insert(' K.'))).toBe('Ada K.| Lovelace');
    expect(fieldFormat('cardholderName', { maxLength: 999 }).maxRaw('')).toBe(255);
  });
});

describe('reformat', () => {
  it('formats an autofilled or prefilled value and keeps the caret after the same digits', () => {
    expect(reformat(fieldFormat('number'), '4111111111111111')).toMatchObject({
      value: '4111 1111 1111 1111',
      caret: 19,
      raw: '4111111111111111',
    });
    expect(reformat(fieldFormat('number'), '41111', 2).caret).toBe(2);
    expect(reformat(fieldFormat('expirationDate'), '12/2030').value).toBe('12/2030');
    expect(reformat(fieldFormat('expirationDate'), '12 / 2030').value).toBe('12/2030');
    expect(reformat(fieldFormat('expirationDate'), '12/30').value).toBe('12 / 30');
    expect(rawValue(fieldFormat('expirationDate'), '12 / 30')).toBe('1230');
  });
});
