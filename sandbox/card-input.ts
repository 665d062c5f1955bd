/**
 * Reading and validating the `creditCard` of a tokenization request. Both spellings are accepted:
 * the snake_case keys hosted fields send (`expiration_month`, `billing_address.postal_code`) and the
 * camelCase ones of the public request docs (`expirationDate`, `billingAddress.postalCode`).
 * @packageDocumentation
 */
import { CARDHOLDER_NAME_MAX_LENGTH, MAX_EXPIRATION_YEAR_AGE } from '../src/shared/constants';
import { detectCardBrand, type CardRecord } from './card-details';
import { isRecord, type FieldError } from './http';
import type { Merchant } from './merchants';

/**
 * Validation codes of the credit-card endpoint (docs/sandbox.md, "Card test values"), with their messages.
 */
export const CARD_ERRORS = {
  numberRequired: { field: 'number', code: '81714', message: 'Credit card number is required.' },
  numberInvalid: { field: 'number', code: '81715', message: 'Credit card number is invalid.' },
  numberLength: { field: 'number', code: '81716', message: 'Credit card number must be 12-19 digits.' },
  typeNotAccepted: {
    field: 'number',
    code: '81703',
    message: 'Credit card type is not accepted by this merchant account.',
  },
  duplicate: { field: 'number', code: '81724', message: 'Duplicate card exists in the vault.' },
  cvvRequired: { field: 'cvv', code: '81706', message: 'CVV is required.' },
  cvvInvalid: {
    field: 'cvv',
    code: '81707',
    message: 'CVV must be 4 digits for American Express and 3 digits for other card types.',
  },
  cvvVerification: { field: 'cvv', code: '81736', message: 'CVV verification failed.' },
  expirationRequired: { field: 'expirationDate', code: '81709', message: 'Expiration date is required.' },
  expirationInvalid: { field: 'expirationDate', code: '81710', message: 'Expiration date is invalid.' },
  expired: {
    field: 'expirationDate',
    code: '81710',
    message: 'Expiration date is invalid: the card has expired.',
  },
  monthInvalid: { field: 'expirationMonth', code: '81712', message: 'Expiration month is invalid.' },
  yearInvalid: { field: 'expirationYear', code: '81713', message: 'Expiration year is invalid.' },
  cardholderNameTooLong: { field: 'cardholderName', code: '81723', message: 'Cardholder name is too long.' },
  postalCodeRequired: { field: 'postalCode', code: '81808', message: 'Postal code is required.' },
  postalCodeTooLong: {
    field: 'postalCode',
    code: '81809',
    message: 'Postal code may contain no more than 9 letter or number characters.',
  },
  postalCodeCharacters: {
    field: 'postalCode',
    code: '81813',
    message: 'Postal code can only contain letters, numbers, spaces, and hyphens.',
  },
  postalCodeVerification: { field: 'postalCode', code: '81737', message: 'Postal code verification failed.' },
} as const satisfies Record<string, FieldError>;

/** A card that passed validation, with the values only verification reads. */
export interface CardInput extends CardRecord {
  cvv: string | null;
  postalCode: string | null;
}

/** The outcome of {@link readCreditCard}. */
export type CardInputResult =
  { ok: true; card: CardInput; validate: boolean } | { ok: false; errors: FieldError[] };

/** A string value as sent: strings as they are, finite numbers as digits, anything else absent. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function first(...values: unknown[]): string | null {
  for (const value of values) {
    const found = text(value);
    if (found !== null) return found;
  }
  return null;
}

/** True when the digits pass the Luhn check. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface Expiration {
  month: string;
  year: string;
}

function readExpiration(card: Record<string, unknown>, now: Date): Expiration | FieldError {
  let monthText = first(card.expiration_month, card.expirationMonth);
  let yearText = first(card.expiration_year, card.expirationYear);
  const date = first(card.expiration_date, card.expirationDate);
  if (monthText === null && yearText === null && date !== null) {
    const parts = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(date);
    if (!parts?.[1] || !parts[2]) return CARD_ERRORS.expirationInvalid;
    [monthText, yearText] = [parts[1], parts[2]];
  }
  if (monthText === null && yearText === null) return CARD_ERRORS.expirationRequired;
  if (monthText === null || !/^\d{1,2}$/.test(monthText)) return CARD_ERRORS.monthInvalid;
  const month = Number(monthText);
  if (month < 1 || month > 12) return CARD_ERRORS.monthInvalid;
  if (yearText === null || !/^(\d{2}|\d{4})$/.test(yearText)) return CARD_ERRORS.yearInvalid;
  // Hosted fields prefix a two-digit year with 20; do the same for the camelCase spelling.
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getFullYear();
  if (year < thisYear || year > thisYear + MAX_EXPIRATION_YEAR_AGE) return CARD_ERRORS.yearInvalid;
  if (year === thisYear && month < now.getMonth() + 1) return CARD_ERRORS.expired;
  return { month: String(month).padStart(2, '0'), year: String(year) };
}

/**
 * Read and validate the `creditCard` of a request body for a merchant. Every problem is reported,
 * number errors first (the hosted-fields frame reads only the first).
 */
export function readCreditCard(body: unknown, merchant: Merchant, now: Date = new Date()): CardInputResult {
  const card = isRecord(body) && isRecord(body.creditCard) ? body.creditCard : {};
  const errors: FieldError[] = [];

  const rawNumber = first(card.number);
  const number = rawNumber === null ? '' : rawNumber.replace(/[\s-]/g, '');
  const brand = detectCardBrand(number);
  if (number === '') errors.push(CARD_ERRORS.numberRequired);
  else if (!/^\d+$/.test(number)) errors.push(CARD_ERRORS.numberInvalid);
  else if (number.length < 12 || number.length > 19) errors.push(CARD_ERRORS.numberLength);
  else if (!passesLuhn(number)) errors.push(CARD_ERRORS.numberInvalid);
  else if (brand.lengths && !brand.lengths.includes(number.length)) errors.push(CARD_ERRORS.numberLength);
  else if (brand.cardType !== 'Unknown' && !merchant.supportedCardTypes.includes(brand.cardType)) {
    errors.push(CARD_ERRORS.typeNotAccepted);
  }

  const cvv = first(card.cvv);
  if (cvv === null) {
    if (merchant.challenges.includes('cvv')) errors.push(CARD_ERRORS.cvvRequired);
  } else {
    const sizes = brand.cvvSize ? [brand.cvvSize] : [3, 4];
    if (!/^\d+$/.test(cvv) || !sizes.includes(cvv.length)) errors.push(CARD_ERRORS.cvvInvalid);
  }

  const expiration = readExpiration(card, now);
  if ('code' in expiration) errors.push(expiration);

  const cardholderName = typeof card.cardholderName === 'string' ? card.cardholderName : null;
  if (cardholderName !== null && cardholderName.length > CARDHOLDER_NAME_MAX_LENGTH) {
    errors.push(CARD_ERRORS.cardholderNameTooLong);
  }

  const snakeAddress = isRecord(card.billing_address) ? card.billing_address : {};
  const camelAddress = isRecord(card.billingAddress) ? card.billingAddress : {};
  const postalCode = first(snakeAddress.postal_code, camelAddress.postalCode);
  if (postalCode === null) {
    if (merchant.challenges.includes('postal_code')) errors.push(CARD_ERRORS.postalCodeRequired);
  } else if (!/^[A-Za-z0-9 -]+$/.test(postalCode)) {
    errors.push(CARD_ERRORS.postalCodeCharacters);
  } else if (postalCode.replace(/[ -]/g, '').length > 9) {
    errors.push(CARD_ERRORS.postalCodeTooLong);
  }

  if (errors.length > 0 || 'code' in expiration) return { ok: false, errors };
  const options = isRecord(card.options)
    ? card.options
    : isRecord(body) && isRecord(body.options)
      ? body.options
      : {};
  return {
    ok: true,
    validate: options.validate === true || options.validate === 'true',
    card: {
      number,
      cardType: brand.cardType,
      expirationMonth: expiration.month,
      expirationYear: expiration.year,
      cardholderName: cardholderName === null || cardholderName.trim() === '' ? null : cardholderName,
      cvv,
      postalCode,
    },
  };
}
