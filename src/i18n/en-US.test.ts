import { describe, expect, it } from 'vitest';
import { createTexts, EN_US, errorText, text } from './en-US';

const GERMAN = {
  payWithCard: 'Mit Karte zahlen',
  payingWith: 'Zahlung mit {paymentSource}',
  genericError: 'Bei uns ist etwas schiefgelaufen.',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'Netzwerkfehler. Bitte versuchen Sie es erneut.',
};

describe('createTexts', () => {
  it('is US English by default', () => {
    expect(text('payWithCard')).toBe(EN_US.payWithCard);
    expect(text('payingWith', { paymentSource: 'Card' })).toBe('Paying with Card');
    expect(errorText('HOSTED_FIELDS_FIELDS_EMPTY')).toBe(EN_US.HOSTED_FIELDS_FIELDS_EMPTY);
    expect(errorText('NO_TEXT_OF_ITS_OWN')).toBe(EN_US.genericError);
  });

  it("lays a locale's texts over US English, which fills the keys it lacks", () => {
    const texts = createTexts({}, GERMAN);
    expect(texts.text('payWithCard')).toBe('Mit Karte zahlen');
    expect(texts.text('payingWith', { paymentSource: 'Karte' })).toBe('Zahlung mit Karte');
    expect(texts.text('acceptedCards')).toBe(EN_US.acceptedCards);
    expect(texts.errorText('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR')).toBe(
      'Netzwerkfehler. Bitte versuchen Sie es erneut.',
    );
    expect(texts.errorText('HOSTED_FIELDS_FIELDS_EMPTY')).toBe(EN_US.HOSTED_FIELDS_FIELDS_EMPTY);
    // A code without a text of its own shows the locale's generic text.
    expect(texts.errorText('PAYPAL_FLOW_FAILED')).toBe('Bei uns ist etwas schiefgelaufen.');
  });

  it("lays the merchant's translations over the locale's texts, error codes included", () => {
    const texts = createTexts(
      {
        payWithCard: 'Karte',
        HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'Keine Verbindung.',
        PAYPAL_FLOW_FAILED: 'PayPal geht gerade nicht.',
      },
      GERMAN,
    );
    expect(texts.text('payWithCard')).toBe('Karte');
    expect(texts.text('payingWith', { paymentSource: 'Karte' })).toBe('Zahlung mit Karte');
    expect(texts.errorText('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR')).toBe('Keine Verbindung.');
    expect(texts.errorText('PAYPAL_FLOW_FAILED')).toBe('PayPal geht gerade nicht.');
  });

  it('reads only own keys of every layer', () => {
    const texts = createTexts({}, {});
    expect(texts.errorText('toString')).toBe(EN_US.genericError);
    expect(texts.errorText('__proto__')).toBe(EN_US.genericError);
  });
});
