/**
 * The card the panel hands over is the card the fields hold when the merchant asks: the card form
 * hands over a card again only when the tokenizing frame confirms that no field's value changed
 * since, whatever events the fields sent (docs/card.md, "When the panel tokenizes").
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createError } from '../../../shared/errors';
import type { FieldKey } from '../../../shared/hosted-fields';
import { configuration, controllerHarness, fakeClient, settle } from '../../test-support';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/**
 * A customer's card sheet with 3D Secure, every field there, a frictionless Visa typed in; the
 * first verification fails as a lookup that answers 500 does.
 */
async function afterFailedLookup() {
  const panel = controllerHarness({
    client: fakeClient(configuration({ challenges: ['cvv', 'postal_code'] }), { guest: false }),
  });
  // The fields keep the card paid with: what a repeat request hands over is the point here.
  panel.controller.setOptions({
    threeDSecure: { amount: '10.00' },
    card: { cardholderName: true, clearFieldsAfterTokenization: false },
  });
  await panel.start('token');
  panel.frames.ready();
  await settle();
  panel.frames.fill({ number: '4111111111111111' });
  const verify = panel.modules.threeDSecure.answer;
  panel.modules.threeDSecure.answer = () => {
    panel.modules.threeDSecure.answer = verify;
    return Promise.reject(createError('THREEDS_LOOKUP_ERROR' as never));
  };
  await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
    code: 'THREEDS_LOOKUP_ERROR',
  });
  expect(panel.controller.getState().sheets?.activeView).toBe('card');
  expect(panel.frames.gateway).toHaveBeenCalledTimes(1);
  return panel;
}

/** The nonces 3D Secure was asked to verify, in order. */
function verifiedNonces(panel: Awaited<ReturnType<typeof afterFailedLookup>>): string[] {
  return panel.modules.threeDSecure.verified.map((options) => options.nonce);
}

describe('a card handed over, then a failed request', () => {
  it('is handed over again, tokenized once, while no field changed', async () => {
    const panel = await afterFailedLookup();
    const payload = await panel.controller.requestPaymentMethod();
    expect(payload).toMatchObject({ nonce: 'tokencc_one_verified', details: { lastTwo: '11' } });
    expect(panel.frames.gateway).toHaveBeenCalledTimes(1);
    expect(verifiedNonces(panel)).toEqual(['tokencc_one', 'tokencc_one']);

    // A field changed its value after all: the frames say so, and the new card is tokenized.
    panel.controller.showOptions();
    panel.controller.selectOption('card');
    panel.frames.enter('number', '4000000000001000');
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({
      details: { lastTwo: '00' },
    });
  });

  it.each<[string, FieldKey, string]>([
    ['a whole number autofilled or pasted over a valid one', 'number', '4000000000001000'],
    ['a corrected postal code', 'postalCode', '12346'],
    ['a letter added to the cardholder name', 'cardholderName', 'Ada Lovelacee'],
    ['another expiration date', 'expirationDate', '1231'],
    ['another security code', 'cvv', '124'],
  ])('gives way to the card the fields hold after %s, which sends no event', async (_, field, value) => {
    const panel = await afterFailedLookup();
    const emitted = vi.spyOn(panel.frames, 'emit');
    panel.frames.enter(field, value);
    // The state stayed the same, so the frame reported nothing: the page cannot know.
    expect(emitted).not.toHaveBeenCalled();

    const payload = await panel.controller.requestPaymentMethod();
    expect(panel.frames.gateway).toHaveBeenCalledTimes(2);
    expect(panel.frames.gateway.mock.calls[1]?.[0]).toMatchObject({ [field]: value });
    expect(verifiedNonces(panel)).toEqual(['tokencc_one', 'tokencc_two']);
    expect(payload).toMatchObject({ nonce: 'tokencc_two_verified', liabilityShifted: true });
    if (field === 'number') expect(payload.details).toMatchObject({ lastTwo: '00', lastFour: '1000' });
    if (field === 'cardholderName') expect(payload.details).toMatchObject({ cardholderName: value });
    // The new card is the one listed as paid with.
    expect(panel.controller.getState().sheets?.activeMethod?.nonce).toBe('tokencc_two_verified');
  });

  it('gives way to the card the fields hold after a tokenization error, too', async () => {
    const panel = await afterFailedLookup();
    panel.frames.enter('number', '4000000000001000');
    panel.frames.gateway.mockRejectedValueOnce(createError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR'));
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
    });
    expect(panel.controller.getState().sheets?.card?.message).toBe('Network error. Please try again.');
    const payload = await panel.controller.requestPaymentMethod();
    expect(payload).toMatchObject({ details: { lastTwo: '00' } });
    expect(panel.frames.gateway).toHaveBeenCalledTimes(3);
    expect(panel.frames.gateway.mock.calls.map(([card]) => card.number)).toEqual([
      '4111111111111111',
      '4000000000001000',
      '4000000000001000',
    ]);
  });
});

describe('a card the shopper paid with', () => {
  /** A guest's panel with PayPal beside the card, a Visa paid with and listed, still in the fields. */
  async function paid() {
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' }, card: { clearFieldsAfterTokenization: false } });
    await panel.startReady();
    panel.controller.selectOption('card');
    panel.frames.fillVisa();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'tokencc_one' });
    expect(panel.controller.getState().sheets?.activeView).toBe('methods');
    return panel;
  }

  it('is tokenized anew once the shopper comes back to the card sheet, changed or not', async () => {
    const panel = await paid();
    // From the list: the same card, no new tokenization.
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'tokencc_one' });
    expect(panel.frames.gateway).toHaveBeenCalledTimes(1);

    panel.controller.showOptions();
    panel.controller.selectOption('card');
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ nonce: 'tokencc_two' });
    expect(panel.frames.gateway).toHaveBeenCalledTimes(2);

    panel.controller.showOptions();
    panel.controller.selectOption('card');
    panel.frames.enter('number', '4012888888881881');
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({
      nonce: 'tokencc_three',
      details: { lastTwo: '81' },
    });
  });
});
