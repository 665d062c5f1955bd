/**
 * Formatting of the hosted field inputs, with the caret where the shopper expects it.
 *
 * Our own small engine (restricted-input would not fit the frame's size budget). A field's value
 * is kept as its *raw* characters (for the number, the digits); what the input shows is the raw
 * value with separators put in. An edit is mapped onto the raw value by counting raw characters
 * before the selection, applied there, and the caret is put back after the same number of raw
 * characters. Separators are never edited themselves: backspace over a space deletes the digit
 * before it.
 * @packageDocumentation
 */
import { CARDHOLDER_NAME_MAX_LENGTH } from '../../src/shared/constants';
import { FIELD_DEFAULTS, type FieldKey } from '../../src/shared/hosted-fields';
import { determinedBrand } from './card-types';

/** How one field's value is shown and limited. */
export interface FieldFormat {
  /** Characters a value may hold; `null` keeps all (but control characters). */
  significant: RegExp | null;
  /** Longest raw value, given the raw value (the number's limit follows its brand). */
  maxRaw(raw: string): number;
  /** Longest shown value, for the input's `maxlength`. */
  maxDisplay(raw: string): number;
  /** The shown value of a raw value. */
  display(raw: string): string;
  /**
   * Normalises typed or pasted text before it is inserted after `prefix` (raw): pads a lone month.
   * Returns the new prefix and the text to insert; both raw.
   */
  prepareInsert?(prefix: string, text: string): [prefix: string, text: string];
}

/** The input's value and selection before an edit. */
export interface InputState {
  value: string;
  start: number;
  end: number;
}

/** An edit of the input, as `beforeinput` reports it. */
export type Edit =
  | { kind: 'insert'; text: string }
  | { kind: 'deleteBackward' }
  | { kind: 'deleteForward' }
  /** Cut or drag: removes the selection, and nothing without one. */
  | { kind: 'deleteSelection' };

/** The input after an edit. */
export interface EditResult {
  /** What the input shows. */
  value: string;
  /** Where the caret goes. */
  caret: number;
  /** The raw value. */
  raw: string;
}

/** Gaps the number shows until its brand is known. */
const DEFAULT_GAPS = [4, 8, 12] as const;

/** Longest number of any brand, in digits. */
const MAX_NUMBER_LENGTH = FIELD_DEFAULTS.number.maxLength;

const DIGIT = /\d/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what we drop
const CONTROL = /[\u0000-\u001f\u007f]/;

function keepChars(format: FieldFormat, text: string): string {
  let kept = '';
  for (const char of text) {
    if (format.significant === null ? !CONTROL.test(char) : format.significant.test(char)) kept += char;
  }
  return kept;
}

function rawIndex(format: FieldFormat, value: string, index: number): number {
  return keepChars(format, value.slice(0, index)).length;
}

function displayIndex(format: FieldFormat, display: string, raw: string, rawCaret: number): number {
  if (rawCaret >= raw.length) return display.length;
  if (format.significant === null) return rawCaret;
  let seen = 0;
  for (let i = 0; i < display.length; i++) {
    if (seen === rawCaret) return i;
    if (format.significant.test(display.charAt(i))) seen++;
  }
  return display.length;
}

function result(format: FieldFormat, raw: string, rawCaret: number): EditResult {
  const value = format.display(raw);
  return { value, caret: displayIndex(format, value, raw, rawCaret), raw };
}

/** Pads a lone leading 2–9 to `0X`: no month starts with it. */
function padMonthStart(prefix: string, text: string): [string, string] {
  return prefix === '' && /^[2-9]/.test(text) ? ['', `0${text}`] : [prefix, text];
}

function numberFormat(): FieldFormat {
  const limit = (raw: string): number => {
    const brand = determinedBrand(raw);
    return brand === undefined ? MAX_NUMBER_LENGTH : Math.max(...brand.lengths);
  };
  const gapsOf = (raw: string): readonly number[] => determinedBrand(raw)?.gaps ?? DEFAULT_GAPS;
  return {
    significant: DIGIT,
    maxRaw: limit,
    maxDisplay(raw) {
      const max = limit(raw);
      return max + gapsOf(raw).filter((gap) => gap < max).length;
    },
    display(raw) {
      const gaps = gapsOf(raw);
      let shown = '';
      for (let i = 0; i < raw.length; i++) {
        if (i > 0 && gaps.includes(i)) shown += ' ';
        shown += raw.charAt(i);
      }
      return shown;
    },
  };
}

/**
 * The date shows as `MM / YY`, which fills the field's 7 characters. A year of four digits would
 * not fit with the spaces, so from its third digit the date closes up to `MM/YYYY`: still 7, and
 * every digit the shopper typed (or autofill put in) stays in sight.
 */
function expirationDateFormat(): FieldFormat {
  return {
    significant: DIGIT,
    // MMYYYY; MMYY is the common case.
    maxRaw: () => 6,
    maxDisplay: () => FIELD_DEFAULTS.expirationDate.maxLength,
    display(raw) {
      if (raw.length < 2) return raw;
      const month = raw.slice(0, 2);
      const year = raw.slice(2);
      return year.length > 2 ? `${month}/${year}` : `${month} / ${year}`;
    },
    prepareInsert(prefix, text) {
      // "1/25" or a typed "1" then "/": the shopper meant January.
      const lone = /^(\d)[^\d]/.exec(prefix + text);
      if (lone !== null && prefix.length <= 1)
        return ['', `0${lone[1] ?? ''}${text.slice(lone[0].length - prefix.length)}`];
      return padMonthStart(prefix, text);
    },
  };
}

function digitsFormat(max: number, prepareInsert?: FieldFormat['prepareInsert']): FieldFormat {
  const format: FieldFormat = {
    significant: DIGIT,
    maxRaw: () => max,
    maxDisplay: () => max,
    display: (raw) => raw,
  };
  if (prepareInsert) format.prepareInsert = prepareInsert;
  return format;
}

function textFormat(max: number): FieldFormat {
  return { significant: null, maxRaw: () => max, maxDisplay: () => max, display: (raw) => raw };
}

/** What a field's format depends on besides the field. */
export interface FormatContext {
  /** The merchant's `maxlength`: caps the CVV, replaces the postal code's and cardholder name's default. */
  maxLength?: number | undefined;
  /**
   * CVV digits the number's brand asks for (4 for American Express); `undefined` while the brand
   * is unknown, when the CVV takes the default 3.
   */
  cvvSize?: number | undefined;
}

function positive(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The format of a field. */
export function fieldFormat(field: FieldKey, context: FormatContext = {}): FieldFormat {
  const merchantMax = positive(context.maxLength);
  switch (field) {
    case 'number':
      return numberFormat();
    case 'expirationDate':
      return expirationDateFormat();
    case 'expirationMonth':
      return digitsFormat(FIELD_DEFAULTS.expirationMonth.maxLength, padMonthStart);
    case 'expirationYear':
      return digitsFormat(FIELD_DEFAULTS.expirationYear.maxLength);
    case 'cvv':
      // The merchant may only shorten it: a longer maxlength would let in digits no brand has.
      return digitsFormat(
        Math.min(context.cvvSize ?? FIELD_DEFAULTS.cvv.maxLength, merchantMax ?? Number.POSITIVE_INFINITY),
      );
    case 'postalCode':
      return textFormat(merchantMax ?? FIELD_DEFAULTS.postalCode.maxLength);
    case 'cardholderName':
      return textFormat(Math.min(merchantMax ?? CARDHOLDER_NAME_MAX_LENGTH, CARDHOLDER_NAME_MAX_LENGTH));
  }
}

/** The raw value of what an input shows. */
export function rawValue(format: FieldFormat, value: string): string {
  return keepChars(format, value);
}

/**
 * Applies an edit to the input: inserts typed or pasted text (dropping what does not belong, and
 * what does not fit), or deletes the selection or the raw character before or after the caret.
 */
export function applyEdit(format: FieldFormat, before: InputState, edit: Edit): EditResult {
  const raw = keepChars(format, before.value);
  const start = rawIndex(format, before.value, Math.min(before.start, before.end));
  const end = rawIndex(format, before.value, Math.max(before.start, before.end));
  let prefix = raw.slice(0, start);
  const suffix = raw.slice(end);

  if (edit.kind === 'insert') {
    let text = edit.text;
    if (format.prepareInsert) [prefix, text] = format.prepareInsert(prefix, text);
    let inserted = keepChars(format, text);
    if (inserted === '') return result(format, raw, end);
    // The limit depends on the brand, which depends on what is inserted: settle it twice.
    for (let pass = 0; pass < 2; pass++) {
      const room = format.maxRaw(prefix + inserted + suffix) - prefix.length - suffix.length;
      inserted = inserted.slice(0, Math.max(0, room));
    }
    return result(format, prefix + inserted + suffix, prefix.length + inserted.length);
  }
  if (start !== end) return result(format, prefix + suffix, start);
  if (edit.kind === 'deleteSelection') return result(format, raw, start);
  if (edit.kind === 'deleteBackward') {
    if (start === 0) return result(format, raw, 0);
    return result(format, raw.slice(0, start - 1) + suffix, start - 1);
  }
  return result(format, prefix + raw.slice(start + 1), start);
}

/**
 * Formats whatever the input holds after a change we did not shape ourselves (autofill, an input
 * method's composition, a prefill), keeping the caret after the same raw characters.
 */
export function reformat(format: FieldFormat, value: string, caret: number = value.length): EditResult {
  const atEnd = caret >= value.length;
  const applied = applyEdit(format, { value: '', start: 0, end: 0 }, { kind: 'insert', text: value });
  if (atEnd) return applied;
  const rawCaret = Math.min(rawIndex(format, value, caret), applied.raw.length);
  return { ...applied, caret: displayIndex(format, applied.value, applied.raw, rawCaret) };
}
