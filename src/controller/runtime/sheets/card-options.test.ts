import type { CardFieldStyles } from '../../../model/options';
/**
 * The drop-in's card options (docs/card.md, "The `card` option"): `false` and `true`, each field's
 * overrides and their removal, refused brands, the merchant's styles through the whitelist, the
 * fields kept or cleared after a tokenization, and saving the card for a customer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelOptions } from '../../../model/options';
import { configuration, controllerHarness, fakeClient, settle } from '../../test-support';

afterEach(() => {
  document.body.replaceChildren();
});

/** A panel with `card` as its option, on a configuration asking for both challenges, its card sheet shown. */
async function cardPanel(
  card: PanelOptions['card'],
  { guest = true, challenges = ['cvv', 'postal_code'] } = {},
) {
  const panel = controllerHarness({ client: fakeClient(configuration({ challenges }), { guest }) });
  panel.controller.setOptions({ card, paypal: { flow: 'vault' } });
  await panel.startReady(guest ? undefined : 'token');
  panel.controller.selectOption('card');
  await settle();
  return panel;
}

/** The card sheet's state as the view renders it. */
function sheet(panel: Awaited<ReturnType<typeof cardPanel>>) {
  const card = panel.controller.getState().sheets?.card;
  if (!card) throw new Error('No card sheet.');
  return card;
}

describe('the card option', () => {
  it('false removes the card: no frames once the configuration is in, only the other options', async () => {
    const panel = controllerHarness();
    panel.controller.setOptions({ card: false, paypal: { flow: 'vault' } });
    await panel.start();
    await settle();
    expect(panel.frames.opened.every((opened) => opened.ended.signal.aborted)).toBe(true);
    expect(panel.controller.getState().sheets?.offered).toEqual(['paypal']);
    expect(panel.controller.getState().sheets?.card).toBeNull();

    // `true` is `{}`: the card with its default fields.
    const shown = await cardPanel(true);
    expect(sheet(shown).fields).toEqual(['number', 'expirationDate', 'cvv', 'postalCode']);
  });
});

describe('overrides.fields', () => {
  it('null removes the CVV and the postal code the gateway asks for', async () => {
    const panel = await cardPanel({ overrides: { fields: { cvv: null, postalCode: null } } });
    expect(sheet(panel).fields).toEqual(['number', 'expirationDate']);
    expect(panel.frames.opened.at(-1)?.fields).toEqual(['number', 'expirationDate']);
    panel.frames.fill();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ type: 'CreditCard' });

    // An override cannot add a field the gateway does not ask for.
    const without = await cardPanel(
      { overrides: { fields: { cvv: { placeholder: '123' } } } },
      { challenges: [] },
    );
    expect(sheet(without).fields).toEqual(['number', 'expirationDate']);
  });

  it('lays the placeholder and maximum length over the defaults, before the panel is ready', async () => {
    const panel = await cardPanel({
      overrides: { fields: { number: { placeholder: '4111 1111 1111 1111' }, postalCode: { maxlength: 5 } } },
    });
    const [texts] = panel.frames.relabel.mock.lastCall ?? [];
    expect(texts?.number).toMatchObject({ label: 'Card Number', placeholder: '4111 1111 1111 1111' });
    expect(texts?.postalCode).toMatchObject({ label: 'Postal Code', maxlength: 5 });
    // The panel's own placeholder stays where the merchant sets none.
    expect(texts?.expirationDate).toMatchObject({ placeholder: 'MM/YY' });
  });

  it('supportedCardBrands: false refuses the brand and hides its icon; the card is never tokenized', async () => {
    const panel = await cardPanel({
      overrides: { fields: { number: { supportedCardBrands: { visa: false } } } },
    });
    expect(sheet(panel).supported).toEqual(['master-card']);
    panel.frames.fillVisa();
    expect(sheet(panel).errors.number).toBe('This card type is not supported. Please try another card.');
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      details: { invalidFieldKeys: ['number'] },
    });
    expect(panel.frames.gateway).not.toHaveBeenCalled();

    panel.frames.fill({ number: '5555555555554444' });
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ type: 'CreditCard' });
  });
});

describe('supportedCardBrands under the drop-in 1.4x names', () => {
  it('mastercard and union-pay stand for master-card and unionpay; the panel’s own name wins', async () => {
    const panel = await cardPanel({
      overrides: { fields: { number: { supportedCardBrands: { mastercard: false } } } },
    });
    expect(sheet(panel).supported).toEqual(['visa']);
    const both = await cardPanel({
      overrides: { fields: { number: { supportedCardBrands: { mastercard: false, 'master-card': true } } } },
    });
    expect(sheet(both).supported).toEqual(['visa', 'master-card']);
  });
});

describe('overrides.styles', () => {
  it('reach the frames over the panel’s look, whitelisted, with null removing a selector', async () => {
    const panel = await cardPanel({
      overrides: {
        // Plain JavaScript may pass what the types refuse: the whitelist drops it.
        styles: {
          input: { 'font-size': '22px', fontStyle: 'italic', behavior: 'url(evil.htc)', color: 'url(x)' },
          '::placeholder': null,
          'body > input': { color: 'red' },
        } as CardFieldStyles,
      },
    });
    expect(panel.modules.requested).toContain('hosted-fields');
    const [, styles] = panel.frames.relabel.mock.lastCall ?? [];
    expect(styles?.input).toMatchObject({ 'font-size': '22px', 'font-style': 'italic' });
    expect(styles?.input).not.toHaveProperty('behavior');
    // The panel's colour stays: the merchant's unsafe value does not replace it.
    expect(styles?.input?.color).not.toContain('url');
    expect(styles).not.toHaveProperty('::placeholder');
    expect(styles).not.toHaveProperty('body > input');
    expect(styles).toHaveProperty('.invalid');

    // Without styles, the hosted fields' file is not loaded.
    const plain = await cardPanel({ overrides: { fields: { cvv: null } } });
    expect(plain.modules.requested).not.toContain('hosted-fields');
  });
});

describe('clearFieldsAfterTokenization', () => {
  it('empties the fields once the card went through, by default; false keeps them', async () => {
    const panel = await cardPanel({});
    panel.frames.fillVisa();
    await panel.controller.requestPaymentMethod();
    expect(panel.frames.values).toMatchObject({ number: '', expirationDate: '', cvv: '', postalCode: '' });

    // `false` keeps the values.
    const keeping = await cardPanel({ clearFieldsAfterTokenization: false });
    keeping.frames.fillVisa();
    await keeping.controller.requestPaymentMethod();
    expect(keeping.frames.values).toMatchObject({ number: '4111111111111111', cvv: '123' });

    // A request that failed after the tokenization (a 3D Secure lookup) leaves the values to fix or retry.
    const failing = controllerHarness({ client: fakeClient(configuration(), { guest: false }) });
    failing.controller.setOptions({ threeDSecure: { amount: '10.00' } });
    await failing.startReady('token');
    failing.frames.fillVisa();
    failing.modules.threeDSecure.answer = () => Promise.reject(new Error('lookup failed'));
    await expect(failing.controller.requestPaymentMethod()).rejects.toBeDefined();
    expect(failing.frames.values.number).toBe('4111111111111111');
  });
});

describe('vault', () => {
  it('saves a customer’s card by default, and says so', async () => {
    const panel = await cardPanel({}, { guest: false });
    expect(sheet(panel).saveCard).toBeNull();
    panel.frames.fillVisa();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ vaulted: true });
    expect(panel.frames.tokenize).toHaveBeenLastCalledWith(expect.objectContaining({ vault: true }));
  });

  it('vaultCard: false saves nothing, and the payload has no vaulted', async () => {
    const panel = await cardPanel({ vault: { vaultCard: false } }, { guest: false });
    panel.frames.fillVisa();
    const payload = await panel.controller.requestPaymentMethod();
    expect(payload).not.toHaveProperty('vaulted');
    expect(panel.frames.tokenize).toHaveBeenLastCalledWith(expect.objectContaining({ vault: false }));
  });

  it('allowVaultCardOverride shows the checkbox, checked as vaultCard says; the shopper decides', async () => {
    const panel = await cardPanel({ vault: { allowVaultCardOverride: true } }, { guest: false });
    expect(sheet(panel).saveCard).toBe(true);
    panel.controller.saveCard(false);
    expect(sheet(panel).saveCard).toBe(false);
    panel.frames.fillVisa();
    expect(await panel.controller.requestPaymentMethod()).not.toHaveProperty('vaulted');
    expect(panel.frames.tokenize).toHaveBeenLastCalledWith(expect.objectContaining({ vault: false }));

    panel.controller.showOptions();
    panel.controller.selectOption('card');
    panel.controller.saveCard(true);
    panel.frames.fillVisa();
    await expect(panel.controller.requestPaymentMethod()).resolves.toMatchObject({ vaulted: true });
    expect(panel.frames.tokenize).toHaveBeenLastCalledWith(expect.objectContaining({ vault: true }));
  });

  it('a guest sees no checkbox and saves nothing, whatever the option says', async () => {
    const panel = await cardPanel({ vault: { allowVaultCardOverride: true, vaultCard: true } });
    expect(sheet(panel).saveCard).toBeNull();
    panel.controller.saveCard(true);
    panel.frames.fillVisa();
    expect(await panel.controller.requestPaymentMethod()).not.toHaveProperty('vaulted');
    expect(panel.frames.tokenize).toHaveBeenLastCalledWith(expect.objectContaining({ vault: false }));
  });
});
