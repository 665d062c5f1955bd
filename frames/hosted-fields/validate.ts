/**
 * Validation of each hosted field's raw value (card-validator, on the brands of docs/card.md, "Card brands").
 * @packageDocumentation
 */
// Module by module: the package's index also bundles validators we do not use.
import { cardNumber } from 'card-validator/dist/card-number';
import { cardholderName } from 'card-validator/dist/cardholder-name';
import { cvv } from 'card-validator/dist/cvv';
import { expirationDate } from 'card-validator/dist/expiration-date';
import { expirationMonth } from 'card-validator/dist/expiration-month';
import { expirationYear } from 'card-validator/dist/expiration-year';
import { supportedBrands, type CardBrand, type CardBrandType } from '../../src/shared/card-brands';
import { MAX_EXPIRATION_YEAR_AGE } from '../../src/shared/constants';
import { FIELD_DEFAULTS, type FieldKey } from '../../src/shared/hosted-fields';
import { configureCardTypes, detectBrands } from './card-types';

/** Validity of a value. */
export interface Validity {
  isValid: boolean;
  isPotentiallyValid: boolean;
}

/** What a field's validity depends on besides its value. */
export interface ValidationContext {
  /**
   * Brands the merchant accepts, as `creditCards.supportedCardTypes` names them; `undefined` until
   * the tokenizer has told the frame (then every brand is accepted here and checked on tokenize).
   */
  supportedCardTypes?: readonly string[] | undefined;
  /** The number's brand, for the CVV; `undefined` while unknown (the default 3 digits). */
  brand?: CardBrand | undefined;
  /** The merchant's `minlength`, for the postal code. */
  minLength?: number | undefined;
}

/** Shortest postal code accepted unless the merchant says otherwise. */
const POSTAL_CODE_MIN_LENGTH = 3;

function numberValidity(digits: string, supportedCardTypes: readonly string[] | undefined): Validity {
  configureCardTypes();
  const result = cardNumber(digits);
  const brands = detectBrands(digits);
  if (brands.length === 1 && supportedCardTypes !== undefined) {
    const supported: CardBrandType[] = supportedBrands(supportedCardTypes);
    if (!supported.includes((brands[0] as CardBrand).type))
      return { isValid: false, isPotentiallyValid: false };
  }
  return { isValid: result.isValid, isPotentiallyValid: result.isPotentiallyValid };
}

function expirationDateValidity(digits: string): Validity {
  const { isValid, isPotentiallyValid } = expirationDate(
    { month: digits.slice(0, 2), year: digits.slice(2) },
    MAX_EXPIRATION_YEAR_AGE,
  );
  return { isValid, isPotentiallyValid };
}

function postalCodeValidity(value: string, minLength: number | undefined): Validity {
  const min = minLength !== undefined && minLength > 0 ? minLength : POSTAL_CODE_MIN_LENGTH;
  if (!/^[a-z0-9 -]*$/i.test(value)) return { isValid: false, isPotentiallyValid: false };
  const trimmed = value.trim();
  return { isValid: trimmed.length >= min, isPotentiallyValid: true };
}

/**
 * The validity of a field's raw value. An empty field is not valid but potentially valid, except
 * the cardholder name, which is optional.
 */
export function validateField(field: FieldKey, raw: string, context: ValidationContext = {}): Validity {
  switch (field) {
    case 'number':
      return numberValidity(raw, context.supportedCardTypes);
    case 'cvv': {
      // As many digits as the field takes: a code left longer by a brand the number no longer has
      // (American Express, then Visa) is invalid until the shopper corrects it, never cut short.
      const sizes = [context.brand?.code.size ?? FIELD_DEFAULTS.cvv.maxLength];
      const { isValid, isPotentiallyValid } = cvv(raw, sizes);
      return { isValid, isPotentiallyValid };
    }
    case 'expirationDate':
      return expirationDateValidity(raw);
    case 'expirationMonth': {
      const { isValid, isPotentiallyValid } = expirationMonth(raw);
      return { isValid, isPotentiallyValid };
    }
    case 'expirationYear': {
      const { isValid, isPotentiallyValid } = expirationYear(raw, MAX_EXPIRATION_YEAR_AGE);
      return { isValid, isPotentiallyValid };
    }
    case 'postalCode':
      return postalCodeValidity(raw, context.minLength);
    case 'cardholderName': {
      if (raw.trim() === '') return { isValid: true, isPotentiallyValid: true };
      const { isValid, isPotentiallyValid } = cardholderName(raw);
      return { isValid, isPotentiallyValid };
    }
  }
}
